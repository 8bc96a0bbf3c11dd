//! Overhead, completeness, body pool and CPU at one parallelism: every agent opens each
//! scenario with capture on and off, interleaved, and every capture is checked against the
//! server's log.

use futures_util::future::join_all;
use serde::Serialize;

use super::Config;
use super::accounting::{Accounting, BodyStats};
use super::agent::{CaptureResult, Mode, PageRun};
use super::fleet::{Browsers, Fleet, LIVE_CAPTURES_PER_BROWSER};
use super::procfs::{ByKind, ProcSample};
use super::scenario::Scenario;
use super::stats::{PairedRatio, median, ratio};
use crate::site::Site;

/// CPU spent while pages ran, by mode.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct CpuSpend {
    pub daemon_s: f64,
    pub chromium_s: f64,
    /// `chromium_s` by the kind of process that spent it.
    pub chromium_by_kind: ByKind,
    pub wall_s: f64,
}

impl CpuSpend {
    pub fn add(&mut self, before: &ProcSample, after: &ProcSample, wall_s: f64) {
        self.daemon_s += after.daemon_cpu_s - before.daemon_cpu_s;
        self.chromium_s += after.chromium_cpu_s - before.chromium_cpu_s;
        self.chromium_by_kind
            .add(&after.chromium_by_kind.minus(&before.chromium_by_kind));
        self.wall_s += wall_s;
    }

    /// The CPU every measured process spent: the daemon's and Chromium's.
    pub fn total_s(&self) -> f64 {
        self.daemon_s + self.chromium_s
    }
}

/// CPU per 1,000 requests the captures saw.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct CpuCost {
    /// Daemon CPU seconds while capturing, per 1,000 captured requests.
    pub daemon_s_per_1k: Option<f64>,
    /// The same, less what the daemon spent on the same pages without capture.
    pub daemon_s_per_1k_over_off: Option<f64>,
    /// Chromium's extra CPU seconds with capture on, per 1,000 captured requests.
    pub chromium_s_per_1k_over_off: Option<f64>,
    /// Chromium's extra CPU seconds with the do-nothing client instead, per 1,000 captured
    /// requests: what the instrumentation itself costs the browser.
    pub chromium_s_per_1k_floor_over_off: Option<f64>,
    /// Chromium's CPU seconds with capture on less those with the do-nothing client, per
    /// 1,000 captured requests, by the kind of process: where in the browser bsk's own cost
    /// over the instrumentation lands.
    pub chromium_s_per_1k_over_floor_by_kind: Option<ByKind>,
    /// bsk's whole cost over the instrumentation, per 1,000 captured requests: the daemon's
    /// and Chromium's CPU with capture on, less theirs with the do-nothing client.
    pub bsk_s_per_1k_over_floor: Option<f64>,
    /// The same CPU with capture on over that with the do-nothing client: what the pages cost
    /// the machine with bsk over what they cost it with the floor. Where the pages keep every
    /// core busy ([`CpuCost::floor_cores_busy`] near the machine's cores), a page's time follows
    /// the CPU it competes for, and on / floor by page time reads this ratio (see
    /// `docs/performance.md#page-time-against-cpu-at-16-agents`). With idle cores bsk's work
    /// partly runs beside the pages, and this ratio reads above the page-time one.
    pub over_floor_by_cpu: Option<f64>,
    /// The cores the floor's pages kept busy, on average: the daemon's and Chromium's CPU
    /// seconds over the wall seconds the pages ran.
    pub floor_cores_busy: Option<f64>,
    pub on: CpuSpend,
    pub off: CpuSpend,
    pub floor: Option<CpuSpend>,
}

impl CpuCost {
    fn of(on: CpuSpend, off: CpuSpend, floor: Option<CpuSpend>, captured: u64) -> CpuCost {
        let per_1k = |s: f64| (captured > 0).then(|| s / captured as f64 * 1000.0);
        CpuCost {
            daemon_s_per_1k: per_1k(on.daemon_s),
            daemon_s_per_1k_over_off: per_1k(on.daemon_s - off.daemon_s),
            chromium_s_per_1k_over_off: per_1k(on.chromium_s - off.chromium_s),
            chromium_s_per_1k_floor_over_off: floor
                .and_then(|floor| per_1k(floor.chromium_s - off.chromium_s)),
            chromium_s_per_1k_over_floor_by_kind: floor.filter(|_| captured > 0).map(|floor| {
                let mut by_kind = on.chromium_by_kind.minus(&floor.chromium_by_kind);
                by_kind.scale(1000.0 / captured as f64);
                by_kind
            }),
            bsk_s_per_1k_over_floor: floor.and_then(|floor| per_1k(on.total_s() - floor.total_s())),
            over_floor_by_cpu: floor
                .and_then(|floor| ratio(Some(on.total_s()), Some(floor.total_s()))),
            floor_cores_busy: floor
                .and_then(|floor| ratio(Some(floor.total_s()), Some(floor.wall_s))),
            on,
            off,
            floor,
        }
    }
}

/// One scenario at one parallelism.
#[derive(Debug, Clone, Serialize)]
pub struct ScenarioResult {
    pub scenario: Scenario,
    pub name: String,
    /// Median page-complete time with capture on, ms.
    pub page_ms_on: Option<f64>,
    /// Median page-complete time with capture off, ms.
    pub page_ms_off: Option<f64>,
    /// `page_ms_on / page_ms_off`.
    pub overhead: Option<f64>,
    /// Median page-complete time with the do-nothing CDP client ([`Mode::Floor`]), ms; measured
    /// on the high-traffic scenarios only.
    pub page_ms_floor: Option<f64>,
    /// `page_ms_floor / page_ms_off`: Chromium's own share of any recorder's overhead.
    pub floor_overhead: Option<f64>,
    /// `page_ms_on / page_ms_floor`: what bsk adds on top of the instrumentation.
    pub overhead_over_floor: Option<f64>,
    /// The same ratio within each repetition (its on and floor pages ran one after the other),
    /// and its median over them: drift between repetitions does not read as overhead.
    pub over_floor_paired: PairedRatio,
    pub runs_on: Vec<f64>,
    pub runs_off: Vec<f64>,
    pub runs_floor: Vec<f64>,
    /// Sum over every capture.
    pub accounting: Accounting,
    /// The worst single capture.
    pub max_unaccounted: u64,
    pub captures: usize,
    pub bodies: BodyStats,
    pub console_seen: u64,
    pub console_evicted: u64,
    /// Most iframe targets any capture attached.
    pub iframe_targets: u64,
    /// Checkpoints stored in history, summed over every capture: their cost to the daemon,
    /// the browser and the extension grows with how long a page takes, not with its requests.
    pub checkpoints: u64,
    pub cpu: CpuCost,
    /// What failed (page or capture), with the run's tag.
    pub errors: Vec<String>,
}

/// One parallelism.
#[derive(Debug, Clone, Serialize)]
pub struct ParallelResult {
    pub agents: usize,
    pub daemons: usize,
    /// Browsers in the daemon's pool: one per 4 agents, the live captures one browser holds.
    #[serde(default)]
    pub browsers: usize,
    pub scenarios: Vec<ScenarioResult>,
}

/// Runs every scenario of `config` with `agents` agents: a daemon per
/// [`LIVE_CAPTURES_PER_BROWSER`] agents, or with `--pool` one daemon whose pool has a browser
/// per that many agents (each browser holds that many live captures).
pub async fn run(config: &Config, site: &Site, agents: usize) -> anyhow::Result<ParallelResult> {
    let name = format!("p{agents}");
    let per_browser = LIVE_CAPTURES_PER_BROWSER;
    // The floor mode drives the session's browser with a second CDP client, so the bench
    // launches the browsers (with DevTools ports) and the daemons attach to them; without the
    // floor, the daemons launch their own (over the pipe, as bsk runs by default).
    let browsers = agents.div_ceil(per_browser);
    let (per_daemon, per_daemon_browsers) = if config.matrix_pool {
        (agents, browsers)
    } else {
        (per_browser, 1)
    };
    let kind = if config.matrix_floor {
        Browsers::Attached(per_daemon_browsers)
    } else {
        Browsers::Launched(per_daemon_browsers)
    };
    let fleet = Fleet::start_with(config, &name, site.port(), agents, per_daemon, kind).await?;
    let daemons = fleet.daemons.len();
    let browsers = if config.matrix_pool {
        browsers
    } else {
        daemons
    };
    let mut scenarios = Vec::new();
    for scenario in config.scenarios_at(agents) {
        config.progress(&format!(
            "{name}: {} ({agents} agents, {daemons} daemons, {browsers} browsers)",
            scenario.name()
        ));
        scenarios.push(scenario_runs(config, site, &fleet, &name, &scenario).await);
    }
    fleet.shutdown().await?;
    Ok(ParallelResult {
        agents,
        daemons,
        browsers,
        scenarios,
    })
}

async fn scenario_runs(
    config: &Config,
    site: &Site,
    fleet: &Fleet,
    phase: &str,
    scenario: &Scenario,
) -> ScenarioResult {
    let tag = |agent: usize, round: &str| {
        format!(
            "{}-{phase}-{}-a{agent}-{round}",
            config.run_tag,
            scenario.name()
        )
    };
    // Every earlier run has been compared: keep the log small and far from its cap.
    site.clear_requests();
    let mut errors = Vec::new();
    // A first opening warms Chromium's processes and caches up; it is not measured.
    let warm = fleet
        .agents
        .iter()
        .enumerate()
        .map(|(i, a)| a.run_page(scenario, tag(i, "warm"), false));
    for run in join_all(warm).await {
        if let Some(e) = run.error {
            errors.push(format!("{}: {e}", run.tag));
        }
    }

    let (mut runs_on, mut runs_off, mut runs_floor) = (Vec::new(), Vec::new(), Vec::new());
    // Page times on and with the floor, per repetition.
    let mut paired: Vec<(Vec<f64>, Vec<f64>)> = Vec::new();
    let (mut cpu_on, mut cpu_off) = (CpuSpend::default(), CpuSpend::default());
    let mut cpu_floor = None;
    let mut captures: Vec<CaptureResult> = Vec::new();
    // The floor is measured where the overhead target is: the high-traffic scenarios.
    let modes: &[Mode] = if config.matrix_floor && matches!(scenario, Scenario::Traffic { .. }) {
        &[Mode::Capture, Mode::Off, Mode::Floor]
    } else {
        &[Mode::Capture, Mode::Off]
    };
    for rep in 0..config.reps_at(fleet.agents.len()) {
        // Every capture of the repetitions before has been compared with the log: a run of
        // many repetitions at 16 agents (48,000 requests each) stays far from its cap.
        site.clear_requests();
        paired.push(Default::default());
        // The order rotates every repetition (on-off, off-on; with the floor on-off-floor,
        // off-floor-on, …) so drift in the machine's load hits every mode alike.
        for k in 0..modes.len() {
            let mode = modes[(rep + k) % modes.len()];
            let capture = mode == Mode::Capture;
            let round = format!(
                "r{rep}-{}",
                match mode {
                    Mode::Capture => "on",
                    Mode::Off => "off",
                    Mode::Floor => "floor",
                }
            );
            let before = fleet.sample();
            let started = std::time::Instant::now();
            let pages = fleet
                .agents
                .iter()
                .enumerate()
                .map(|(i, a)| a.run_page_as(scenario, tag(i, &round), mode));
            let runs: Vec<PageRun> = join_all(pages).await;
            if capture {
                // The capture's work lags the page a little: count it until the capture settles.
                let settles = fleet
                    .agents
                    .iter()
                    .zip(&runs)
                    .map(|(a, run)| a.settle_run(run, site));
                for result in join_all(settles).await {
                    if let Err(e) = result {
                        errors.push(format!("settle: {e:#}"));
                    }
                }
            }
            let after = fleet.sample();
            let (spend, times) = match mode {
                Mode::Capture => (&mut cpu_on, &mut runs_on),
                Mode::Off => (&mut cpu_off, &mut runs_off),
                Mode::Floor => (cpu_floor.get_or_insert_default(), &mut runs_floor),
            };
            spend.add(&before, &after, started.elapsed().as_secs_f64());
            let (rep_on, rep_floor) = paired.last_mut().expect("pushed above");
            for run in &runs {
                match (&run.error, run.page_ms) {
                    (Some(e), _) => errors.push(format!("{}: {e}", run.tag)),
                    (None, Some(ms)) => {
                        times.push(ms);
                        match mode {
                            Mode::Capture => rep_on.push(ms),
                            Mode::Floor => rep_floor.push(ms),
                            Mode::Off => {}
                        }
                    }
                    (None, None) => {}
                }
            }
            if capture {
                let collects = fleet
                    .agents
                    .iter()
                    .zip(&runs)
                    .filter(|(_, run)| run.run_id.is_some())
                    .map(|(a, run)| async move { (run.tag.clone(), a.collect(run, site).await) });
                for (tag, result) in join_all(collects).await {
                    match result {
                        Ok(c) => captures.push(c),
                        Err(e) => errors.push(format!("{tag}: collecting the capture: {e:#}")),
                    }
                }
            }
        }
    }
    summarize(
        scenario,
        Runs {
            on: runs_on,
            off: runs_off,
            floor: runs_floor,
            paired,
        },
        &captures,
        CpuCost::of(cpu_on, cpu_off, cpu_floor, captured(&captures)),
        errors,
    )
}

/// Requests the captures saw, summed.
fn captured(captures: &[CaptureResult]) -> u64 {
    captures.iter().map(|c| c.accounting.requests_seen).sum()
}

/// Page-complete times by mode.
struct Runs {
    on: Vec<f64>,
    off: Vec<f64>,
    floor: Vec<f64>,
    /// On and floor, per repetition.
    paired: Vec<(Vec<f64>, Vec<f64>)>,
}

fn summarize(
    scenario: &Scenario,
    runs: Runs,
    captures: &[CaptureResult],
    cpu: CpuCost,
    errors: Vec<String>,
) -> ScenarioResult {
    let mut accounting = Accounting::default();
    let mut bodies = BodyStats::default();
    let (mut console_seen, mut console_evicted, mut iframe_targets) = (0, 0, 0);
    let mut checkpoints = 0;
    for c in captures {
        checkpoints += c.checkpoints;
        accounting.add(&c.accounting);
        bodies.add(&c.bodies);
        console_seen += c.counters.console_seen;
        console_evicted += c.counters.console_evicted;
        iframe_targets = iframe_targets.max(c.iframe_targets);
    }
    let page_ms_on = median(&runs.on);
    let page_ms_off = median(&runs.off);
    let page_ms_floor = median(&runs.floor);
    ScenarioResult {
        scenario: *scenario,
        name: scenario.name().to_owned(),
        page_ms_on,
        page_ms_off,
        overhead: ratio(page_ms_on, page_ms_off),
        page_ms_floor,
        floor_overhead: ratio(page_ms_floor, page_ms_off),
        overhead_over_floor: ratio(page_ms_on, page_ms_floor),
        over_floor_paired: PairedRatio::of(&runs.paired),
        runs_on: runs.on,
        runs_off: runs.off,
        runs_floor: runs.floor,
        max_unaccounted: captures
            .iter()
            .map(|c| c.accounting.unaccounted)
            .max()
            .unwrap_or(0),
        captures: captures.len(),
        cpu,
        accounting,
        bodies,
        console_seen,
        console_evicted,
        iframe_targets,
        checkpoints,
        errors,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spend(daemon_s: f64, chromium_s: f64, wall_s: f64) -> CpuSpend {
        CpuSpend {
            daemon_s,
            chromium_s,
            wall_s,
            ..CpuSpend::default()
        }
    }

    #[test]
    fn bsk_cost_over_the_floor_counts_the_daemon_and_chromium() {
        // 10,000 requests; with the floor the browsers spent 200 s in 100 s of pages (2 cores
        // busy) and the idle daemon 0.5 s; with bsk the daemon 1.5 s and the browsers 210 s.
        let cost = CpuCost::of(
            spend(1.5, 210.0, 106.0),
            spend(0.4, 150.0, 80.0),
            Some(spend(0.5, 200.0, 100.0)),
            10_000,
        );
        let close = |v: Option<f64>, to: f64| v.is_some_and(|v| (v - to).abs() < 1e-9);
        assert!(close(cost.bsk_s_per_1k_over_floor, 1.1), "{cost:?}");
        assert!(close(cost.over_floor_by_cpu, 211.5 / 200.5), "{cost:?}");
        assert!(close(cost.floor_cores_busy, 2.005), "{cost:?}");
        // Without a floor, nothing is compared with it.
        let no_floor = CpuCost::of(
            spend(1.5, 210.0, 106.0),
            spend(0.4, 150.0, 80.0),
            None,
            10_000,
        );
        assert_eq!(
            (
                no_floor.bsk_s_per_1k_over_floor,
                no_floor.over_floor_by_cpu,
                no_floor.floor_cores_busy
            ),
            (None, None, None)
        );
    }
}
