//! Pages per second and CPU as one daemon's pool of browsers grows.

use std::fmt::Write as _;

use super::{header, row};
use crate::driver::fleet::LIVE_CAPTURES_PER_BROWSER;
use crate::driver::scaling::ScalingResult;

/// Pages per second and CPU as one daemon's pool of browsers grows.
pub(super) fn scaling(out: &mut String, s: &ScalingResult, cores: usize) {
    let counts: Vec<String> = s.config.browsers.iter().map(usize::to_string).collect();
    let _ = writeln!(
        out,
        "\n### Scaling: {} agents on one daemon with {} browsers\n",
        s.config.agents,
        counts.join(", ")
    );
    let _ = writeln!(
        out,
        "One daemon started with `--browsers B`; every agent (a session the daemon placed, on \
         its own `a{{k}}.localhost` host) opens the {} page ({}) {} times in a row without \
         capture, all agents at once, after one unmeasured warm-up page. Pages/s = pages \
         completed / wall time of the round; p50 and p99 of every page's page-complete time; \
         CPU = seconds used during the round by the daemon and by every process of every \
         browser. Sessions per browser from `bsk status --json`. The capturing row runs a \
         capture on each agent the bound of {} live captures per browser allows, counting CPU \
         until the captures go quiet.\n",
        s.scenario.name(),
        s.scenario.describe(),
        s.config.pages,
        LIVE_CAPTURES_PER_BROWSER
    );
    header(
        out,
        &[
            "browsers",
            "sessions per browser",
            "pages/s",
            "p50 ms",
            "p99 ms",
            "daemon CPU s",
            "Chromium CPU s",
        ],
    );
    for r in &s.rows {
        row(out, &r.cells());
    }
    for note in s.rows.iter().filter_map(|r| r.note.as_deref()) {
        let _ = writeln!(out, "\nCapturing row: {note}.");
    }
    let _ = writeln!(
        out,
        "\nOn this {cores}-core machine every browser is more processes (its own browser, GPU, \
         network and renderer processes) competing for the same cores, so more browsers do not \
         mean more pages per second: the curve shows where Chromium, not bsk, is the limit — \
         compare the daemon's CPU with Chromium's."
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::scaling::{BrowserLoad, ScalingConfig, ScalingRow};
    use crate::driver::{Scenario, stats::Latency};

    #[test]
    fn the_scaling_table_has_a_row_per_browser_count_and_the_explanation() {
        let row = |browsers: usize, capturing: usize| ScalingRow {
            browsers,
            agents: 16,
            capturing,
            note: None,
            spread: (1..=browsers)
                .map(|b| BrowserLoad {
                    name: format!("b{b}"),
                    connected: true,
                    sessions: (0..16 / browsers).map(|s| format!("s{s}")).collect(),
                    pid: None,
                    down: None,
                    connects: 1,
                })
                .collect(),
            pages: 48,
            wall_s: 30.0,
            pages_per_s: Some(1.6),
            page_ms: Latency::of(&[900.0, 1100.0], 0),
            daemon_cpu_s: 2.0,
            chromium_cpu_s: 55.0,
            chromium_processes: 30,
            captured_requests: 0,
            errors: Vec::new(),
        };
        let result = ScalingResult {
            config: ScalingConfig {
                browsers: vec![1, 2, 4],
                agents: 16,
                pages: 3,
            },
            scenario: Scenario::HIGH_TRAFFIC,
            rows: vec![row(1, 0), row(2, 0), row(4, 0), row(4, 16)],
            errors: Vec::new(),
        };
        let mut out = String::new();
        scaling(&mut out, &result, 2);
        assert!(
            out.contains("### Scaling: 16 agents on one daemon with 1, 2, 4 browsers"),
            "{out}"
        );
        assert!(out.contains(
            "| browsers | sessions per browser | pages/s | p50 ms | p99 ms | daemon CPU s | Chromium CPU s |"
        ));
        assert!(
            out.contains("| 1 | 16 | 1.60 | 900 | 1100 | 2.0 | 55.0 |"),
            "{out}"
        );
        assert!(out.contains("| 4 | 4 / 4 / 4 / 4 |"), "{out}");
        assert!(
            out.contains("| 4, capturing on all 16 agents | 4 / 4 / 4 / 4 |"),
            "{out}"
        );
        assert!(out.contains("2-core machine") && out.contains("Chromium, not bsk"));
    }
}
