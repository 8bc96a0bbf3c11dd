//! The report as Markdown tables, ready for a dated entry of `docs/log/performance/` and the
//! figures of `docs/performance.md#current-figures`.

use std::fmt::Write as _;

use super::compare::ToolResult;
use super::fleet::LIVE_CAPTURES_PER_BROWSER;
use super::load_memory::LoadMemoryResult;
use super::report::{Report, fmt, fmt_by_cpu, fmt_by_kind, fmt_paired, fmt_ratio, mib};
use super::scaling::ScalingResult;

/// Appends one table row.
fn row(out: &mut String, cells: &[String]) {
    let _ = writeln!(out, "| {} |", cells.join(" | "));
}

fn header(out: &mut String, cells: &[&str]) {
    let _ = writeln!(out, "| {} |", cells.join(" | "));
    let _ = writeln!(out, "|{}", "---|".repeat(cells.len()));
}

impl Report {
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let m = &self.machine;
        let _ = writeln!(out, "Command: `{}`\n", self.command);
        let _ = writeln!(
            out,
            "Machine: {} cores, {:.0} GiB, Linux {}, {}, {}. Load average before {} / after {}. \
             {} repetitions per mode and agent ({} beyond 4 agents); Chromium background \
             throttling {}. Took {:.0} s.\n",
            m.cores,
            m.memory_gib,
            m.kernel,
            m.chromium,
            m.bsk,
            m.load_before,
            m.load_after,
            self.reps,
            self.wide_reps,
            if self.unthrottled {
                "disabled"
            } else {
                "as shipped"
            },
            self.duration_s
        );

        out.push_str("### Targets\n\n");
        header(&mut out, &["target", "measured", "met"]);
        for t in &self.targets {
            let met = match t.met {
                Some(true) => "yes",
                Some(false) => "**no**",
                None => "not measured",
            };
            row(
                &mut out,
                &[t.target.clone(), t.measured.clone(), met.into()],
            );
        }

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
            &mut out,
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
        for p in &self.parallel {
            for s in &p.scenarios {
                let a = &s.accounting;
                row(
                    &mut out,
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

        out.push_str("\n### Body pool\n\n");
        out.push_str(
            "Saturated, deadline and evicted are the captures' counters: saturated counts retained \
             requests whose body was lost to a full fetch queue (a request evicted later takes its \
             count with it); read on a second try counts bodies that gave way to it and were \
             read once the queue had emptied; read on a second try, deadline and evicted include \
             requests evicted later. The other columns are the body states of the retained requests.\n\n",
        );
        header(
            &mut out,
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
        for p in &self.parallel {
            for s in &p.scenarios {
                let b = &s.bodies;
                row(
                    &mut out,
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
            &mut out,
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
        for p in &self.parallel {
            for s in &p.scenarios {
                row(
                    &mut out,
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

        if !self.latency.is_empty() {
            out.push_str("\n### Responsiveness\n\n");
            out.push_str(
                "Whole CLI command (process start to exit), `--json`, each agent reading its own \
                 capture in a loop while its page floods; idle = the same captures after the \
                 pages finished.\n\n",
            );
            header(
                &mut out,
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
            for l in &self.latency {
                for (name, flood, idle) in [
                    (
                        "debug requests --all --limit 100",
                        &l.requests_flood,
                        &l.requests_idle,
                    ),
                    ("debug status", &l.status_flood, &l.status_idle),
                ] {
                    row(
                        &mut out,
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

        if let Some(m) = &self.memory {
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
                &mut out,
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
                    &mut out,
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
                &mut out,
                &[
                    "requests since the bounds",
                    "daemon VmRSS MiB",
                    "daemon VmHWM MiB",
                    "daemon heap in use MiB",
                ],
            );
            for p in &m.curve {
                row(
                    &mut out,
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
                &mut out,
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
                    &mut out,
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

        if let Some(m) = &self.load_memory {
            load_memory(&mut out, m);
        }

        if let Some(s) = &self.scaling {
            scaling(&mut out, s, self.machine.cores);
        }

        if !self.growth.is_empty() {
            out.push_str("\n### Cost growth (1 agent, sustained rate)\n\n");
            header(
                &mut out,
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
            for g in &self.growth {
                row(
                    &mut out,
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

        if let Some(pw) = &self.playwright {
            self.comparison(&mut out, pw);
        }

        let errors: Vec<String> = self
            .errors
            .iter()
            .cloned()
            .chain(self.parallel.iter().flat_map(|p| {
                p.scenarios.iter().flat_map(move |s| {
                    s.errors
                        .iter()
                        .map(move |e| format!("{} agents, {}: {e}", p.agents, s.name))
                })
            }))
            .chain(self.latency.iter().flat_map(|l| l.errors.iter().cloned()))
            .chain(self.memory.iter().flat_map(|m| m.errors.iter().cloned()))
            .chain(
                self.load_memory
                    .iter()
                    .flat_map(|m| m.errors.iter().map(|e| format!("load-profile memory: {e}"))),
            )
            .chain(self.scaling.iter().flat_map(|s| {
                s.errors
                    .iter()
                    .map(|e| format!("scaling: {e}"))
                    .chain(s.rows.iter().flat_map(|r| {
                        r.errors
                            .iter()
                            .map(move |e| format!("scaling, {} browsers: {e}", r.browsers))
                    }))
            }))
            .chain(self.growth.iter().flat_map(|g| g.errors.iter().cloned()))
            .chain(
                self.playwright
                    .iter()
                    .chain(&self.devtools_mcp)
                    .flat_map(|t| t.scenarios.iter().flat_map(|s| s.errors.iter().cloned())),
            )
            .collect();
        if !errors.is_empty() {
            out.push_str("\n### Errors\n\n");
            for e in errors.iter().take(50) {
                let _ = writeln!(out, "- {}", e.replace('\n', " "));
            }
            if errors.len() > 50 {
                let _ = writeln!(
                    out,
                    "- … and {} more (see the JSON report)",
                    errors.len() - 50
                );
            }
        }
        out
    }
}

/// One load-profile capture filled to its bounds, then the growth step by step.
fn load_memory(out: &mut String, m: &LoadMemoryResult) {
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

/// Pages per second and CPU as one daemon's pool of browsers grows.
fn scaling(out: &mut String, s: &ScalingResult, cores: usize) {
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

/// `10000` as `10,000`.
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Report {
    /// bsk (1 agent) next to Playwright's HAR recorder and, when it ran, chrome-devtools-mcp.
    fn comparison(&self, out: &mut String, pw: &ToolResult) {
        let mcp = self.devtools_mcp.as_ref();
        let _ = writeln!(
            out,
            "\n### Side by side (1 agent): Playwright {} HAR recorder{}\n",
            pw.version,
            mcp.map_or_else(String::new, |m| format!(
                ", chrome-devtools-mcp {}",
                m.version
            ))
        );
        out.push_str(
            "Requests summed over each tool's recording runs (the same number of runs per tool); \
             \"with body\" = response text kept. bsk keeps at most 200 requests and 512 Ki code \
             units of body text per capture and omits binary bodies, by design; a HAR keeps \
             everything (binary as base64) in the recording process; chrome-devtools-mcp keeps up \
             to 1,000 requests per navigation and reads bodies from the browser when asked. \
             Page times are medians of page-complete time in each tool's own browser (same \
             Chromium binary, each tool's own launch flags). chrome-devtools-mcp always records, \
             so it has no off time and no overhead ratio.\n\n",
        );
        let mut columns = vec![
            "scenario",
            "bsk off / on ms",
            "HAR off / on ms",
            "bsk overhead",
            "HAR overhead",
            "server-seen bsk / HAR",
            "bsk retained",
            "bsk with body",
            "HAR recorded",
            "HAR with body",
        ];
        if mcp.is_some() {
            columns.extend(["MCP ms", "server-seen MCP", "MCP recorded", "MCP with body"]);
        }
        header(out, &columns);
        let bsk = self.parallel.iter().find(|p| p.agents == 1);
        for s in &pw.scenarios {
            let b = bsk.and_then(|p| p.scenarios.iter().find(|x| x.name == s.name));
            let mut cells = vec![
                s.name.clone(),
                format!(
                    "{} / {}",
                    fmt(b.and_then(|b| b.page_ms_off), 0),
                    fmt(b.and_then(|b| b.page_ms_on), 0)
                ),
                format!("{} / {}", fmt(s.page_ms_off, 0), fmt(s.page_ms_on, 0)),
                fmt_ratio(b.and_then(|b| b.overhead)),
                fmt_ratio(s.overhead),
                format!(
                    "{} / {}",
                    b.map_or(0, |b| b.accounting.server_seen),
                    s.server_seen
                ),
                b.map_or(0, |b| b.accounting.retained).to_string(),
                b.map_or(0, |b| b.accounting.retained_with_body).to_string(),
                s.recorded.to_string(),
                s.recorded_with_body.to_string(),
            ];
            if let Some(mcp) = mcp {
                match mcp.scenarios.iter().find(|m| m.name == s.name) {
                    Some(m) => cells.extend([
                        fmt(m.page_ms_on, 0),
                        m.server_seen.to_string(),
                        m.recorded.to_string(),
                        m.recorded_with_body.to_string(),
                    ]),
                    None => cells.extend(["–".into(), "–".into(), "–".into(), "–".into()]),
                }
            }
            row(out, &cells);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::driver::scaling::{BrowserLoad, ScalingConfig, ScalingRow};
    use crate::driver::{Scenario, stats::Latency};

    #[test]
    fn thousands_are_grouped() {
        assert_eq!(thousands(10_000), "10,000");
        assert_eq!(thousands(33_554_432), "33,554,432");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(0), "0");
    }

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
