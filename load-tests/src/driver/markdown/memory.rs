//! Memory: sessions and captures at their bounds, then the growth; and one load-profile capture
//! filled to its bounds.

use std::fmt::Write as _;

use super::{header, row, thousands};
use crate::driver::load_memory::LoadMemoryResult;
use crate::driver::memory::MemoryResult;
use crate::driver::report::mib;

/// The daemon's and Chromium's memory with captures at their bounds, then as traffic grows.
pub(super) fn memory(out: &mut String, m: &MemoryResult) {
    out.push_str("\n### Memory\n\n");
    let _ = writeln!(
        out,
        "One daemon, {} sessions, {} of them capturing; fill = large bodies, 300 console \
         messages and {}×200 fetches per capture ({} requests seen), then {}× the \
         fetches ({} requests seen).\n",
        m.config.sessions,
        m.captures,
        m.config.fill_bursts,
        m.requests_filling,
        m.config.growth,
        m.requests_growing
    );
    header(
        out,
        &[
            "moment",
            "daemon VmRSS MiB",
            "daemon VmHWM MiB",
            "peak sampled VmRSS MiB",
            "daemon heap in use MiB",
            "Chromium RSS (sum) MiB",
            "Chromium processes",
        ],
    );
    for (name, s, peak, heap) in [
        (
            "sessions open, no capture",
            &m.baseline,
            None,
            m.heap_baseline_kib,
        ),
        (
            "captures at their bounds",
            &m.at_bounds,
            Some(&m.peaks_filling),
            m.heap_at_bounds_kib,
        ),
        (
            "after growth",
            &m.after_growth,
            Some(&m.peaks_growing),
            m.heap_after_growth_kib,
        ),
    ] {
        row(
            out,
            &[
                name.into(),
                mib(s.daemon_rss_kib),
                mib(s.daemon_hwm_kib),
                peak.map_or_else(|| "–".into(), |p| mib(p.daemon_rss_kib)),
                mib(heap),
                mib(s.chromium_rss_kib),
                s.chromium_processes.to_string(),
            ],
        );
    }
    let _ = writeln!(
        out,
        "\nThe growth, step by step ({}×200 more fetches per capture each):\n",
        m.config.fill_bursts
    );
    header(
        out,
        &[
            "requests since the bounds",
            "daemon VmRSS MiB",
            "daemon VmHWM MiB",
            "daemon heap in use MiB",
        ],
    );
    for p in &m.curve {
        row(
            out,
            &[
                p.requests_seen.to_string(),
                mib(p.daemon_rss_kib),
                mib(p.daemon_hwm_kib),
                mib(p.daemon_heap_kib),
            ],
        );
    }
    out.push('\n');
    header(
        out,
        &[
            "capture",
            "requests",
            "console",
            "text units",
            "pages",
            "seen",
            "evicted",
        ],
    );
    for (i, h) in m.held.iter().enumerate() {
        row(
            out,
            &[
                i.to_string(),
                h.requests.to_string(),
                h.console.to_string(),
                h.text_units.to_string(),
                h.pages.to_string(),
                h.requests_seen.to_string(),
                h.requests_evicted.to_string(),
            ],
        );
    }
}

/// One load-profile capture filled to its bounds, then the growth step by step.
pub(super) fn load_memory(out: &mut String, m: &LoadMemoryResult) {
    let limit = |key: &str| m.limits[key].as_u64().map_or_else(|| "?".into(), thousands);
    let _ = writeln!(
        out,
        "\n### Load profile memory: one capture at {} requests, then {}× traffic\n",
        limit("max_requests"),
        m.config.growth
    );
    let _ = writeln!(
        out,
        "One daemon, one session, one capture started with `bsk debug start --profile load` \
         ({} requests, {} console entries, {} code units of body text; {} MiB reserved). Fill: \
         the console page ({}), then traffic pages ({}) until the capture retains its requests \
         ({} requests seen); then steps of as many requests again ({} seen in all). Requests \
         seen count from the bounds. Second half of the growth: VmRSS {:+.1} MiB, heap in use \
         {:+.1} MiB; peak sampled VmRSS while growing {} MiB.\n",
        limit("max_requests"),
        limit("max_console"),
        limit("text_budget"),
        m.limits["memory_reserved"]
            .as_u64()
            .map_or_else(|| "?".into(), |b| mib(b / 1024)),
        m.console_page.describe(),
        m.traffic_page.describe(),
        m.requests_filling,
        m.requests_growing,
        m.second_half_growth_kib as f64 / 1024.0,
        m.second_half_heap_growth_kib as f64 / 1024.0,
        mib(m.peaks_growing.daemon_rss_kib),
    );
    header(
        out,
        &[
            "moment",
            "requests held",
            "requests seen",
            "daemon VmRSS MiB",
            "daemon VmHWM MiB",
            "daemon heap in use MiB",
        ],
    );
    for cells in m.rows() {
        row(out, &cells);
    }
    if let Some(h) = &m.held_after_growth {
        let _ = writeln!(
            out,
            "\nHeld at the end: {} requests ({} evicted), {} console entries ({} evicted), {} \
             code units of body text ({} bodies evicted), {} page loads.",
            h.requests,
            h.requests_evicted,
            h.console,
            h.console_evicted,
            h.text_units,
            h.bodies_evicted,
            h.pages
        );
    }
}
