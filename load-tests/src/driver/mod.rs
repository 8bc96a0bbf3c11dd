//! The load driver: runs agents through the real `bsk` binary against the scenario site and
//! reports overhead, completeness, memory, responsiveness, body-pool behaviour and CPU, side by
//! side with Playwright's HAR recorder.
//!
//! # Layout
//!
//! - `mod.rs`: [`Config`] and [`run`], which runs the phases in order.
//! - `cli.rs`: the `bsk` binary as an agent runs it, and a daemon per state dir.
//! - `chromium.rs`: a browser the bench launches with a DevTools port for a daemon to attach to
//!   (the floor mode needs a second CDP client; bsk's own browser has no port).
//! - `fleet.rs`: daemons plus the agents on them (4 capturing agents per browser at most; a
//!   daemon per 4 agents, or one daemon with a pool of browsers).
//! - `agent.rs`: one session: open a page off, captured, or at the floor; read the capture back.
//! - `floor.rs`: the do-nothing CDP client behind the floor mode (Chromium's own share of the
//!   overhead).
//! - `scenario.rs`: which load page, with which parameters.
//! - `accounting.rs`: server log versus capture: retained, evicted, dropped, unaccounted.
//! - `procfs.rs`: daemon and Chromium CPU and memory from `/proc`.
//! - `matrix.rs`: overhead, completeness, bodies and CPU at one parallelism.
//! - `latency.rs`: CLI read latency during a flood.
//! - `memory.rs`: daemon memory (RSS and heap in use) with live captures at their bounds, then
//!   10× traffic in steps.
//! - `load_memory.rs`: the same for one capture with the load profile (10,000 requests).
//! - `scaling.rs`: many agents on one daemon with a pool of 1, 2, 4 browsers: pages per second,
//!   page-complete times, CPU.
//! - `growth.rs`: CPU and memory as the request rate steps up.
//! - `record.rs`: `--record-cdp`, one traffic page's CDP events for the store benchmark.
//! - `compare.rs`: the same scenarios through Playwright's HAR recorder and chrome-devtools-mcp.
//! - `report.rs`, `markdown.rs`: the report, its targets, and its Markdown tables.
//! - `stats.rs`: medians and percentiles.
//!
//! # Method
//!
//! The site runs in this process and logs every request it receives; every load page puts a
//! per-run `tag` on each URL, so each capture is compared with exactly the requests its own run
//! caused. Each agent's pages load from its own `a{k}.localhost` host so agents sharing one
//! browser do not queue behind Chromium's six connections per host.

mod accounting;
mod agent;
pub mod chromium;
pub mod cli;
mod compare;
mod fleet;
mod floor;
mod growth;
mod latency;
mod load_memory;
mod markdown;
mod matrix;
mod memory;
mod procfs;
mod record;
mod report;
mod scaling;
mod scenario;
mod stats;

use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use anyhow::Context as _;

pub use accounting::{Accounting, BodyStats, CaptureCounters, CapturedRequest, url_tag};
pub use compare::{NodeTools, Tool, ToolResult, ToolScenario};
pub use fleet::{LIVE_CAPTURES_PER_BROWSER, LIVE_CAPTURES_PER_DAEMON};
pub use growth::GrowthPoint;
pub use latency::LatencyResult;
pub use load_memory::{ExportPoint, LoadMemoryConfig, LoadMemoryResult};
pub use matrix::{CpuCost, ParallelResult, ScenarioResult};
pub use memory::{MemoryConfig, MemoryResult};
pub use procfs::ProcSample;
pub use record::record_cdp;
pub use report::{Machine, Report, TargetCheck};
pub use scaling::{BrowserLoad, ScalingConfig, ScalingResult, ScalingRow};
pub use scenario::Scenario;
pub use stats::{Latency, median, percentile};

use crate::site::Site;

/// Flags that keep Chromium from throttling timers and renderers of tabs in the background.
/// bsk's sessions share one browser and only one tab is visible, so without these every other
/// session's page runs its timers about once a second. Playwright passes the same flags.
const UNTHROTTLED_FLAGS: &[&str] = &[
    "--disable-background-timer-throttling",
    "--disable-renderer-backgrounding",
    "--disable-backgrounding-occluded-windows",
];

/// What to run.
#[derive(Debug, Clone)]
pub struct Config {
    /// The `bsk` binary under test.
    pub bsk: PathBuf,
    /// The Chromium executable.
    pub chromium: PathBuf,
    /// State dirs, the Chromium wrapper and HAR files go here.
    pub work_dir: PathBuf,
    /// Launch bsk's Chromium with [`UNTHROTTLED_FLAGS`] (through a wrapper script in
    /// `work_dir`), as Playwright launches its own.
    pub unthrottled: bool,
    /// Agents to run at once, one matrix per entry (e.g. 1, 4, 16).
    pub parallelism: Vec<usize>,
    /// Scenarios of the matrix up to one daemon's worth of agents.
    pub scenarios: Vec<Scenario>,
    /// Scenarios of the matrix beyond one daemon's worth of agents.
    pub wide_scenarios: Vec<Scenario>,
    /// Capture-on and capture-off openings per agent and scenario.
    pub reps: usize,
    /// The same beyond one daemon's worth of agents, where each opening takes far longer.
    pub wide_reps: usize,
    /// The page the responsiveness phase reads during.
    pub flood: Scenario,
    /// Agents (on one daemon) for the responsiveness phase.
    pub latency_parallelism: Vec<usize>,
    pub memory: Option<MemoryConfig>,
    /// One load-profile capture to its bounds, then more traffic (`None`: skip it).
    pub load_memory: Option<LoadMemoryConfig>,
    /// Agents on one daemon with a pool of browsers (`None`: skip it).
    pub scaling: Option<ScalingConfig>,
    /// Sustained rates of the cost-growth phase (empty: skip it).
    pub growth_rates: Vec<u32>,
    pub growth_secs: u32,
    /// Playwright's HAR recorder (and optionally chrome-devtools-mcp) on the same scenarios.
    pub compare: Option<NodeTools>,
    /// Prefix of every tag, unique per run.
    pub run_tag: String,
    /// Progress lines on stderr.
    pub verbose: bool,
    /// The command line, for the report.
    pub command: String,
    /// Only record one traffic page's CDP events into this file (`--record-cdp`).
    pub record_cdp: Option<PathBuf>,
    /// Run each parallelism of the matrix on one daemon with a pool of browsers (one per 4
    /// agents) instead of one daemon per 4 agents (`--pool`).
    pub matrix_pool: bool,
    /// Measure the floor mode in the matrix, on browsers the bench launches with a DevTools
    /// port; without it (`--no-floor`) the daemons launch their browsers (CDP over the pipe).
    pub matrix_floor: bool,
}

impl Config {
    /// Everything at benchmark size: 1, 4 and 16 agents, every scenario.
    pub fn full(bsk: &Path, work_dir: &Path) -> Config {
        Config {
            bsk: bsk.to_owned(),
            chromium: default_chromium(),
            work_dir: work_dir.to_owned(),
            unthrottled: true,
            parallelism: vec![1, 4, 16],
            scenarios: Scenario::all(),
            wide_scenarios: vec![
                Scenario::HIGH_TRAFFIC,
                Scenario::BURST,
                Scenario::Frames { frames: 16, per: 6 },
                Scenario::Form,
            ],
            reps: 5,
            wide_reps: 3,
            flood: Scenario::FLOOD,
            latency_parallelism: vec![1, 4],
            memory: Some(MemoryConfig {
                sessions: 16,
                fill_bursts: 3,
                growth: 10,
            }),
            load_memory: Some(LoadMemoryConfig { growth: 10 }),
            scaling: Some(ScalingConfig {
                browsers: vec![1, 2, 4],
                agents: 16,
                pages: 3,
            }),
            growth_rates: vec![25, 50, 100, 200, 400],
            growth_secs: 8,
            compare: Some(NodeTools {
                dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("playwright"),
                node: PathBuf::from("node"),
                devtools_mcp: true,
            }),
            run_tag: run_tag(),
            verbose: true,
            command: String::new(),
            record_cdp: None,
            matrix_pool: false,
            matrix_floor: true,
        }
    }

    /// A few minutes: fewer repetitions, 1 and 4 agents, shorter phases.
    pub fn quick(bsk: &Path, work_dir: &Path) -> Config {
        Config {
            parallelism: vec![1, 4],
            reps: 2,
            wide_reps: 1,
            memory: Some(MemoryConfig {
                sessions: 16,
                fill_bursts: 2,
                growth: 10,
            }),
            load_memory: Some(LoadMemoryConfig { growth: 3 }),
            scaling: Some(ScalingConfig {
                browsers: vec![1, 2, 4],
                agents: 16,
                pages: 1,
            }),
            growth_rates: vec![50, 200],
            growth_secs: 4,
            ..Config::full(bsk, work_dir)
        }
    }

    /// The test suite's smoke run: one agent, a tiny burst, a short flood; seconds, not minutes.
    pub fn smoke(bsk: &Path, work_dir: &Path) -> Config {
        Config {
            parallelism: vec![1],
            scenarios: vec![Scenario::Traffic {
                bursts: 1,
                burst: 20,
                rate: 0,
                secs: 0,
                bytes: 256,
            }],
            wide_scenarios: Vec::new(),
            reps: 1,
            wide_reps: 1,
            flood: Scenario::Traffic {
                bursts: 2,
                burst: 30,
                rate: 40,
                secs: 1,
                bytes: 256,
            },
            latency_parallelism: vec![1],
            memory: None,
            load_memory: None,
            scaling: None,
            growth_rates: Vec::new(),
            compare: None,
            verbose: false,
            ..Config::full(bsk, work_dir)
        }
    }

    fn reps_at(&self, agents: usize) -> usize {
        if agents > LIVE_CAPTURES_PER_DAEMON {
            self.wide_reps
        } else {
            self.reps
        }
    }

    fn scenarios_at(&self, agents: usize) -> Vec<Scenario> {
        if agents > LIVE_CAPTURES_PER_DAEMON {
            self.wide_scenarios.clone()
        } else {
            self.scenarios.clone()
        }
    }

    /// The executable bsk should launch: Chromium itself, or a wrapper adding
    /// [`UNTHROTTLED_FLAGS`].
    fn chromium_for_bsk(&self) -> anyhow::Result<PathBuf> {
        if !self.unthrottled {
            return Ok(self.chromium.clone());
        }
        let wrapper = self.work_dir.join("chromium-unthrottled");
        let script = format!(
            "#!/bin/sh\nexec '{}' {} \"$@\"\n",
            self.chromium.display(),
            UNTHROTTLED_FLAGS.join(" ")
        );
        std::fs::create_dir_all(&self.work_dir)
            .with_context(|| format!("cannot create {}", self.work_dir.display()))?;
        std::fs::write(&wrapper, script)
            .with_context(|| format!("cannot write {}", wrapper.display()))?;
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755))?;
        Ok(wrapper)
    }

    fn progress(&self, message: &str) {
        if self.verbose {
            eprintln!("[bsk-load] {message}");
        }
    }
}

/// `BSK_CHROMIUM`, else `/usr/bin/chromium`.
fn default_chromium() -> PathBuf {
    std::env::var_os("BSK_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// A short tag prefix unique to this run.
fn run_tag() -> String {
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    format!("t{:x}", millis & 0xff_ffff)
}

/// Runs every phase of `config` against a fresh scenario site and returns the report.
/// A phase that fails is recorded in [`Report::errors`] and the others still run.
pub async fn run(config: &Config) -> anyhow::Result<Report> {
    let started = Instant::now();
    let site = Site::start().await?;
    let mut report = Report {
        command: config.command.clone(),
        started_at_unix: SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        duration_s: 0.0,
        machine: Machine::read(&config.bsk, &config.chromium),
        reps: config.reps,
        wide_reps: config.wide_reps,
        unthrottled: config.unthrottled,
        parallel: Vec::new(),
        latency: Vec::new(),
        memory: None,
        load_memory: None,
        scaling: None,
        growth: Vec::new(),
        playwright: None,
        devtools_mcp: None,
        targets: Vec::new(),
        errors: Vec::new(),
    };
    for &agents in &config.parallelism {
        match matrix::run(config, &site, agents).await {
            Ok(result) => report.parallel.push(result),
            Err(e) => report.errors.push(format!("{agents} agents: {e:#}")),
        }
    }
    for &agents in &config.latency_parallelism {
        match latency::run(config, &site, agents).await {
            Ok(result) => report.latency.push(result),
            Err(e) => report
                .errors
                .push(format!("responsiveness, {agents} agents: {e:#}")),
        }
    }
    if let Some(shape) = config.memory {
        match memory::run(config, &site, shape).await {
            Ok(result) => report.memory = Some(result),
            Err(e) => report.errors.push(format!("memory: {e:#}")),
        }
    }
    if let Some(shape) = config.load_memory {
        match load_memory::run(config, &site, shape).await {
            Ok(result) => report.load_memory = Some(result),
            Err(e) => report.errors.push(format!("load-profile memory: {e:#}")),
        }
    }
    if let Some(shape) = &config.scaling {
        match scaling::run(config, &site, shape).await {
            Ok(result) => report.scaling = Some(result),
            Err(e) => report.errors.push(format!("scaling: {e:#}")),
        }
    }
    if !config.growth_rates.is_empty() {
        match growth::run(config, &site, &config.growth_rates, config.growth_secs).await {
            Ok(points) => report.growth = points,
            Err(e) => report.errors.push(format!("growth: {e:#}")),
        }
    }
    if let Some(tools) = &config.compare {
        match compare::run(config, tools, Tool::PlaywrightHar, &site, &config.scenarios).await {
            Ok(result) => report.playwright = Some(result),
            Err(e) => report.errors.push(format!("playwright: {e:#}")),
        }
        if tools.devtools_mcp {
            match compare::run(config, tools, Tool::DevtoolsMcp, &site, &config.scenarios).await {
                Ok(result) => report.devtools_mcp = Some(result),
                Err(e) => report.errors.push(format!("chrome-devtools-mcp: {e:#}")),
            }
        }
    }
    site.shutdown().await?;
    report.machine.load_after = report::load();
    report.duration_s = started.elapsed().as_secs_f64();
    report.check_targets();
    Ok(report)
}
