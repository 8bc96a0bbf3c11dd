//! How the cost grows with one agent's sustained request rate.

use super::{header, row};
use crate::driver::growth::GrowthPoint;
use crate::driver::report::{fmt, mib};

/// One row per asked request rate.
pub(super) fn growth(out: &mut String, growth: &[GrowthPoint]) {
    out.push_str("\n### Cost growth (1 agent, sustained rate)\n\n");
    header(
        out,
        &[
            "asked req/s",
            "achieved req/s",
            "off ms",
            "on ms",
            "daemon CPU % of a core",
            "daemon s / 1k",
            "Chromium CPU % on / off",
            "daemon VmRSS MiB",
            "daemon VmHWM MiB",
            "unaccounted",
        ],
    );
    for g in growth {
        row(
            out,
            &[
                g.rate.to_string(),
                fmt(g.achieved_rps, 0),
                fmt(g.page_ms_off, 0),
                fmt(g.page_ms_on, 0),
                fmt(g.daemon_cpu_share.map(|s| s * 100.0), 1),
                fmt(g.daemon_s_per_1k, 3),
                format!(
                    "{} / {}",
                    fmt(g.chromium_cpu_share_on.map(|s| s * 100.0), 0),
                    fmt(g.chromium_cpu_share_off.map(|s| s * 100.0), 0)
                ),
                mib(g.daemon_rss_kib),
                mib(g.daemon_hwm_kib),
                g.accounting.unaccounted.to_string(),
            ],
        );
    }
}
