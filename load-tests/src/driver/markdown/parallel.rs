//! The tables of the parallel runs: overhead and completeness, the body pool, and CPU per 1,000
//! captured requests.

use super::{header, row};
use crate::driver::matrix::ParallelResult;
use crate::driver::report::{fmt, fmt_by_cpu, fmt_by_kind, fmt_paired, fmt_ratio};

/// Page-complete time off, under the floor client and on, and where every request went.
pub(super) fn overhead(out: &mut String, parallel: &[ParallelResult]) {
    out.push_str("\n### Overhead and completeness\n\n");
    out.push_str(
        "Page-complete time: `performance.now()` when the page sets `window.__done`, median \
         over every agent and repetition. Floor: capture off, but a do-nothing CDP client \
         holds `Network.enable` and `Log.enable` on the tab and discards every event — what \
         Chromium's own instrumentation costs any recorder (measured on the high-traffic \
         scenarios); on / floor is what bsk adds on top, as the ratio of the medians and \
         paired: the ratio within each repetition (its modes run one after the other), \
         median over the repetitions with the least and most in brackets. Unaccounted = server-seen − \
         retained − evicted − dropped events, per capture, summed. Summary diff = \
         |requests that reached the server by `bsk debug summary` − server-seen|, summed: \
         the summary covers evicted requests too. Raw headers dropped: ExtraInfo events that \
         waited for their request past the bound, so retained requests lack their raw \
         headers.\n\n",
    );
    header(
        out,
        &[
            "agents (daemons, browsers)",
            "scenario",
            "off ms",
            "floor ms",
            "on ms",
            "overhead",
            "floor / off",
            "on / floor",
            "on / floor paired (range)",
            "captures",
            "server-seen",
            "retained",
            "evicted",
            "dropped",
            "raw headers dropped",
            "unaccounted",
            "summary diff",
            "errors",
        ],
    );
    for p in parallel {
        for s in &p.scenarios {
            let a = &s.accounting;
            row(
                out,
                &[
                    format!("{} ({}, {})", p.agents, p.daemons, p.browsers.max(1)),
                    s.name.clone(),
                    fmt(s.page_ms_off, 0),
                    fmt(s.page_ms_floor, 0),
                    fmt(s.page_ms_on, 0),
                    fmt_ratio(s.overhead),
                    fmt_ratio(s.floor_overhead),
                    fmt_ratio(s.overhead_over_floor),
                    fmt_paired(&s.over_floor_paired),
                    s.captures.to_string(),
                    a.server_seen.to_string(),
                    a.retained.to_string(),
                    a.evicted.to_string(),
                    a.dropped_events.to_string(),
                    a.extra_info_dropped.to_string(),
                    a.unaccounted.to_string(),
                    a.summary_difference.to_string(),
                    s.errors.len().to_string(),
                ],
            );
        }
    }
}

/// The body states of the retained requests, and the body fetches that gave way.
pub(super) fn body_pool(out: &mut String, parallel: &[ParallelResult]) {
    out.push_str("\n### Body pool\n\n");
    out.push_str(
        "Saturated, deadline and evicted are the captures' counters: saturated counts retained \
         requests whose body was lost to a full fetch queue (a request evicted later takes its \
         count with it); read on a second try counts bodies that gave way to it and were \
         read once the queue had emptied; read on a second try, deadline and evicted include \
         requests evicted later. The other columns are the body states of the retained requests.\n\n",
    );
    header(
        out,
        &[
            "agents",
            "scenario",
            "available",
            "truncated",
            "empty",
            "saturated",
            "read on a second try",
            "deadline",
            "no browser buffer",
            "omitted",
            "evicted (budget)",
            "other unavailable",
            "console seen / evicted",
        ],
    );
    for p in parallel {
        for s in &p.scenarios {
            let b = &s.bodies;
            row(
                out,
                &[
                    p.agents.to_string(),
                    s.name.clone(),
                    b.available.to_string(),
                    b.truncated.to_string(),
                    b.empty.to_string(),
                    b.saturated.to_string(),
                    b.refetched.to_string(),
                    b.deadline.to_string(),
                    b.missing_browser_buffer.to_string(),
                    b.omitted.to_string(),
                    b.evicted.to_string(),
                    b.unavailable_other.to_string(),
                    format!("{} / {}", s.console_seen, s.console_evicted),
                ],
            );
        }
    }
}

/// The daemon's and Chromium's CPU per 1,000 captured requests.
pub(super) fn cpu(out: &mut String, parallel: &[ParallelResult]) {
    out.push_str("\n### CPU per 1,000 captured requests\n\n");
    out.push_str(
        "Daemon: its CPU seconds while capturing pages ran (until each capture settled); \
         \"over off\" subtracts the same pages without capture. Chromium: every process \
         under the daemon; \"floor\" is the do-nothing client's cost instead of bsk's \
         (high-traffic scenarios); \"on over floor, by process\" is Chromium's CPU with \
         bsk less with the floor client, split by the kind of process that spent it \
         (browser / network service / renderers / bsk extension / other). bsk over floor: \
         the daemon's and Chromium's CPU with bsk less theirs with the floor client, bsk's \
         whole cost; on / floor by CPU: the same CPU with bsk over that with the floor \
         client, with the cores the floor's pages kept busy. Where the pages keep every core \
         busy, a page's time follows the CPU, and on / floor by page time reads this ratio \
         (≤ 1.05× asks bsk over floor to stay within a twentieth of the floor's CPU per \
         request). Checkpoints: saved to history per capture, on average; one costs the \
         same whatever the page's requests, so a page that runs longer pays more of them \
         per request.\n\n",
    );
    header(
        out,
        &[
            "agents",
            "scenario",
            "captured requests",
            "daemon s / 1k",
            "daemon s / 1k over off",
            "Chromium s / 1k over off",
            "Chromium s / 1k floor over off",
            "Chromium s / 1k on over floor, by process",
            "bsk s / 1k over floor",
            "on / floor by CPU",
            "checkpoints per capture",
        ],
    );
    for p in parallel {
        for s in &p.scenarios {
            row(
                out,
                &[
                    p.agents.to_string(),
                    s.name.clone(),
                    s.accounting.requests_seen.to_string(),
                    fmt(s.cpu.daemon_s_per_1k, 3),
                    fmt(s.cpu.daemon_s_per_1k_over_off, 3),
                    fmt(s.cpu.chromium_s_per_1k_over_off, 3),
                    fmt(s.cpu.chromium_s_per_1k_floor_over_off, 3),
                    s.cpu
                        .chromium_s_per_1k_over_floor_by_kind
                        .map_or_else(|| "–".into(), |k| fmt_by_kind(&k)),
                    fmt(s.cpu.bsk_s_per_1k_over_floor, 3),
                    fmt_by_cpu(&s.cpu),
                    fmt(
                        (s.captures > 0).then(|| s.checkpoints as f64 / s.captures as f64),
                        1,
                    ),
                ],
            );
        }
    }
}
