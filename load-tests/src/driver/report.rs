//! The report: every phase's results, the machine they ran on, and the targets checked
//! against them. Serialized as JSON; rendered as Markdown by `markdown.rs`.

use serde::Serialize;

use super::compare::ToolResult;
use super::growth::GrowthPoint;
use super::latency::LatencyResult;
use super::load_memory::LoadMemoryResult;
use super::matrix::{CpuCost, ParallelResult, ScenarioResult};
use super::memory::{self, MemoryResult};
use super::procfs::ByKind;
use super::scaling::ScalingResult;
use super::stats::PairedRatio;

/// Largest daemon memory, in MiB, with 4 live captures plus 16 sessions.
pub const TARGET_DAEMON_MIB: f64 = 150.0;
/// Largest page-complete time ratio, capture on / off, on the high-traffic page.
pub const TARGET_OVERHEAD: f64 = 1.10;
/// bsk's share of the page-complete time over Chromium's instrumentation floor, at every
/// parallelism (issue 12).
pub const TARGET_OVER_FLOOR: f64 = 1.05;
/// Largest p99 of `bsk debug requests` during the flood, ms.
pub const TARGET_P99_MS: f64 = 100.0;
/// Memory counts as flat after the bounds when the second half of the growth (5× to 10× the
/// fill's traffic, past any allocator warm-up) adds at most this share of the daemon's RSS …
const FLAT_SHARE: f64 = 0.05;
/// … or at most this many KiB (allocator slack on a small heap).
const FLAT_SLACK_KIB: i64 = 2 * 1024;

#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The command line that produced the report.
    pub command: String,
    pub started_at_unix: u64,
    pub duration_s: f64,
    pub machine: Machine,
    pub reps: usize,
    /// Repetitions beyond one daemon's worth of agents.
    pub wide_reps: usize,
    /// Whether Chromium ran with background throttling disabled (see `Config::unthrottled`).
    pub unthrottled: bool,
    pub parallel: Vec<ParallelResult>,
    pub latency: Vec<LatencyResult>,
    pub memory: Option<MemoryResult>,
    /// One load-profile capture at its bounds, then more traffic.
    pub load_memory: Option<LoadMemoryResult>,
    /// Agents on one daemon with 1, 2, 4 browsers.
    pub scaling: Option<ScalingResult>,
    pub growth: Vec<GrowthPoint>,
    pub playwright: Option<ToolResult>,
    pub devtools_mcp: Option<ToolResult>,
    pub targets: Vec<TargetCheck>,
    /// Phases that failed as a whole.
    pub errors: Vec<String>,
}

/// Where the numbers came from.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Machine {
    pub cores: usize,
    pub memory_gib: f64,
    /// `/proc/loadavg` (1, 5, 15 minutes) before and after the run: other work on the machine.
    pub load_before: String,
    pub load_after: String,
    pub kernel: String,
    pub chromium: String,
    pub bsk: String,
}

impl Machine {
    pub fn read(bsk: &std::path::Path, chromium: &std::path::Path) -> Machine {
        let first_line = |program: &std::path::Path, arg: &str| {
            std::process::Command::new(program)
                .arg(arg)
                .output()
                .ok()
                .map(|o| {
                    String::from_utf8_lossy(&o.stdout)
                        .lines()
                        .next()
                        .unwrap_or("")
                        .trim()
                        .to_owned()
                })
                .unwrap_or_default()
        };
        let mem_kib = std::fs::read_to_string("/proc/meminfo")
            .ok()
            .and_then(|m| {
                m.lines()
                    .find_map(|l| l.strip_prefix("MemTotal:"))
                    .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
            })
            .unwrap_or(0.0);
        Machine {
            cores: std::thread::available_parallelism().map_or(0, usize::from),
            memory_gib: mem_kib / 1024.0 / 1024.0,
            load_before: load(),
            load_after: String::new(),
            kernel: std::fs::read_to_string("/proc/sys/kernel/osrelease")
                .unwrap_or_default()
                .trim()
                .to_owned(),
            chromium: first_line(chromium, "--version"),
            bsk: first_line(bsk, "--version"),
        }
    }
}

/// `/proc/loadavg`'s three load averages.
pub fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// One target from the issue, and whether this run met it.
#[derive(Debug, Clone, Serialize)]
pub struct TargetCheck {
    pub target: String,
    pub measured: String,
    /// `None` when the run did not measure it.
    pub met: Option<bool>,
}

fn scenario<'a>(p: &'a ParallelResult, name: &str) -> Option<&'a ScenarioResult> {
    p.scenarios.iter().find(|s| s.name == name)
}

fn traffic(p: &ParallelResult) -> Option<&ScenarioResult> {
    scenario(p, "traffic")
}

impl Report {
    /// Checks the targets against the results.
    pub fn check_targets(&mut self) {
        let mut targets = Vec::new();

        let overheads: Vec<(usize, Option<f64>)> = self
            .parallel
            .iter()
            .filter_map(|p| traffic(p).map(|s| (p.agents, s.overhead)))
            .collect();
        targets.push(TargetCheck {
            target: format!(
                "overhead ≤ {TARGET_OVERHEAD:.2}× page-complete time, high-traffic page"
            ),
            measured: self
                .parallel
                .iter()
                .filter_map(|p| {
                    let t = traffic(p)?;
                    let burst = scenario(p, "burst").and_then(|s| s.overhead);
                    Some(format!(
                        "{} agents: {} (bursts only: {}; Chromium's instrumentation alone {}, bsk over it {})",
                        p.agents,
                        fmt_ratio(t.overhead),
                        fmt_ratio(burst),
                        fmt_ratio(t.floor_overhead),
                        fmt_ratio(t.overhead_over_floor),
                    ))
                })
                .collect::<Vec<_>>()
                .join(", "),
            met: (!overheads.is_empty()).then(|| {
                overheads
                    .iter()
                    .all(|(_, o)| o.is_some_and(|o| o <= TARGET_OVERHEAD))
            }),
        });

        let over_floor: Vec<(usize, &ScenarioResult)> = self
            .parallel
            .iter()
            .flat_map(|p| p.scenarios.iter().map(move |s| (p.agents, s)))
            .filter(|(_, s)| s.over_floor_paired.median().is_some())
            .collect();
        targets.push(TargetCheck {
            target: format!(
                "bsk over Chromium's instrumentation floor ≤ {TARGET_OVER_FLOOR:.2}× at every \
                 parallelism (page-complete time, paired by repetition: median (range); beside \
                 it, the same by CPU, which the page times follow when every core is busy)"
            ),
            measured: over_floor
                .iter()
                .map(|(agents, s)| {
                    format!(
                        "{agents} agents, {}: {}, by CPU {}",
                        s.name,
                        fmt_paired(&s.over_floor_paired),
                        fmt_by_cpu(&s.cpu)
                    )
                })
                .collect::<Vec<_>>()
                .join("; "),
            met: (!over_floor.is_empty()).then(|| {
                over_floor.iter().all(|(_, s)| {
                    s.over_floor_paired
                        .median()
                        .is_some_and(|m| m <= TARGET_OVER_FLOOR)
                })
            }),
        });

        let mut unaccounted: Vec<(String, u64)> = self
            .parallel
            .iter()
            .map(|p| {
                let sum = p.scenarios.iter().map(|s| s.accounting.unaccounted).sum();
                (format!("{} agents", p.agents), sum)
            })
            .collect();
        unaccounted.extend(self.latency.iter().map(|l| {
            (
                format!("flood, {} agents", l.agents),
                l.accounting.unaccounted,
            )
        }));
        if !self.growth.is_empty() {
            let sum = self.growth.iter().map(|g| g.accounting.unaccounted).sum();
            unaccounted.push(("rate steps".into(), sum));
        }
        targets.push(TargetCheck {
            target: "zero unaccounted requests at every parallelism".into(),
            measured: unaccounted
                .iter()
                .map(|(what, n)| format!("{what}: {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            met: (!unaccounted.is_empty()).then(|| unaccounted.iter().all(|(_, n)| *n == 0)),
        });

        let summary: Vec<(String, u64)> = self
            .parallel
            .iter()
            .map(|p| {
                let sum = p
                    .scenarios
                    .iter()
                    .map(|s| s.accounting.summary_difference)
                    .sum();
                (format!("{} agents", p.agents), sum)
            })
            .collect();
        targets.push(TargetCheck {
            target: "`bsk debug summary` counts what the server saw, evicted requests included (zero difference)".into(),
            measured: summary
                .iter()
                .map(|(what, n)| format!("{what}: {n}"))
                .collect::<Vec<_>>()
                .join(", "),
            met: (!summary.is_empty()).then(|| summary.iter().all(|(_, n)| *n == 0)),
        });

        if let Some(m) = &self.memory {
            let mid = memory::middle(&m.curve)
                .map_or(m.at_bounds.daemon_rss_kib, |p| p.daemon_rss_kib)
                as i64;
            let flat =
                m.second_half_growth_kib <= ((mid as f64 * FLAT_SHARE) as i64).max(FLAT_SLACK_KIB);
            targets.push(TargetCheck {
                target: format!(
                    "daemon RSS flat once bounds are reached ({}× traffic)",
                    m.config.growth
                ),
                measured: format!(
                    "{} MiB at bounds → {} MiB after {}× ({:+.1} MiB); second half of the growth {:+.1} MiB",
                    mib(m.at_bounds.daemon_rss_kib),
                    mib(m.after_growth.daemon_rss_kib),
                    m.config.growth,
                    m.growth_kib as f64 / 1024.0,
                    m.second_half_growth_kib as f64 / 1024.0,
                ),
                met: Some(flat),
            });
            let peak = m.after_growth.daemon_hwm_kib;
            targets.push(TargetCheck {
                target: format!(
                    "daemon RSS < {TARGET_DAEMON_MIB} MiB with {} live captures + {} sessions",
                    m.captures, m.config.sessions
                ),
                measured: format!("peak (VmHWM) {} MiB", mib(peak)),
                met: Some((peak as f64 / 1024.0) < TARGET_DAEMON_MIB),
            });
        }

        let p99s: Vec<(usize, Option<f64>)> = self
            .latency
            .iter()
            .map(|l| (l.agents, l.requests_flood.p99_ms))
            .collect();
        targets.push(TargetCheck {
            target: format!("p99 `bsk debug requests` < {TARGET_P99_MS} ms during the flood"),
            measured: p99s
                .iter()
                .map(|(p, v)| format!("{p} agents: {} ms", fmt(*v, 0)))
                .collect::<Vec<_>>()
                .join(", "),
            met: (!p99s.is_empty()).then(|| {
                p99s.iter()
                    .all(|(_, v)| v.is_some_and(|v| v < TARGET_P99_MS))
            }),
        });

        let bsk_traffic = self
            .parallel
            .iter()
            .find(|p| p.agents == 1)
            .and_then(traffic);
        let bsk = bsk_traffic.and_then(|s| s.overhead);
        let bsk_over_floor = bsk_traffic.and_then(|s| s.overhead_over_floor);
        let playwright = self.playwright.as_ref().and_then(|pw| {
            pw.scenarios
                .iter()
                .find(|s| s.name == "traffic")
                .and_then(|s| s.overhead)
        });
        targets.push(TargetCheck {
            target: "overhead no worse than Playwright's HAR recorder (high-traffic page, 1 agent)"
                .into(),
            measured: format!(
                "bsk {}, Playwright HAR {}; Playwright's off already has the network instrumentation \
                 on, so on a like basis: bsk over the instrumentation floor {}",
                fmt_ratio(bsk),
                fmt_ratio(playwright),
                fmt_ratio(bsk_over_floor),
            ),
            met: bsk.zip(playwright).map(|(b, p)| b <= p),
        });
        self.targets = targets;
    }
}

/// `1.02× (0.99–1.04×)`: a paired ratio's median and range, or `–`.
pub fn fmt_paired(paired: &PairedRatio) -> String {
    match (paired.median(), paired.range()) {
        (Some(median), Some((min, max))) => {
            format!("{median:.2}× ({min:.2}–{max:.2}×)")
        }
        _ => "–".into(),
    }
}

/// `1.04×`, or `–`.
pub fn fmt_ratio(v: Option<f64>) -> String {
    v.map_or_else(|| "–".into(), |v| format!("{v:.2}×"))
}

/// On / floor by CPU with the cores the floor's pages kept busy, or `–`.
pub fn fmt_by_cpu(cpu: &CpuCost) -> String {
    match (cpu.over_floor_by_cpu, cpu.floor_cores_busy) {
        (Some(ratio), Some(busy)) => {
            format!("{} with {busy:.1} cores busy", fmt_ratio(Some(ratio)))
        }
        _ => "–".into(),
    }
}

/// A number with `decimals` places, or `–`.
pub fn fmt(v: Option<f64>, decimals: usize) -> String {
    v.map_or_else(|| "–".into(), |v| format!("{v:.decimals$}"))
}

/// `+0.120 / -0.010 / +0.030 / +0.020 / 0.000`: seconds per 1,000 requests by process, in the
/// order of [`ByKind::parts`].
pub fn fmt_by_kind(by_kind: &ByKind) -> String {
    by_kind
        .parts()
        .iter()
        .map(|(_, s)| format!("{s:+.3}"))
        .collect::<Vec<_>>()
        .join(" / ")
}

/// KiB as MiB with one decimal.
pub fn mib(kib: u64) -> String {
    format!("{:.1}", kib as f64 / 1024.0)
}
