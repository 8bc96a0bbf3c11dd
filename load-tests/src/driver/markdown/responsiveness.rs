//! How fast the CLI answers while pages flood their captures.

use super::{header, row};
use crate::driver::latency::LatencyResult;
use crate::driver::report::fmt;

/// Whole CLI commands timed during a flood and after it.
pub(super) fn responsiveness(out: &mut String, latency: &[LatencyResult]) {
    out.push_str("\n### Responsiveness\n\n");
    out.push_str(
        "Whole CLI command (process start to exit), `--json`, each agent reading its own \
         capture in a loop while its page floods; idle = the same captures after the \
         pages finished.\n\n",
    );
    header(
        out,
        &[
            "agents",
            "command",
            "flood p50 ms",
            "flood p99 ms",
            "flood max ms",
            "calls",
            "idle p50 ms",
            "idle p99 ms",
            "unaccounted",
        ],
    );
    for l in latency {
        for (name, flood, idle) in [
            (
                "debug requests --all --limit 100",
                &l.requests_flood,
                &l.requests_idle,
            ),
            ("debug status", &l.status_flood, &l.status_idle),
        ] {
            row(
                out,
                &[
                    l.agents.to_string(),
                    format!("`{name}`"),
                    fmt(flood.p50_ms, 1),
                    fmt(flood.p99_ms, 1),
                    fmt(flood.max_ms, 1),
                    flood.samples.to_string(),
                    fmt(idle.p50_ms, 1),
                    fmt(idle.p99_ms, 1),
                    l.accounting.unaccounted.to_string(),
                ],
            );
        }
    }
}
