//! Memory: one daemon with many sessions and four live captures filled to their bounds, then
//! ten times more traffic through the same captures. Once the bounds are reached, the daemon's
//! memory should stay where it is.

use futures_util::future::join_all;
use serde::Serialize;

use super::Config;
use super::agent::Agent;
use super::fleet::{Fleet, LIVE_CAPTURES_PER_DAEMON};
use super::procfs::{Peaks, ProcSample, Sampler};
use super::scenario::Scenario;
use crate::site::Site;

/// The memory phase's shape.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct MemoryConfig {
    /// Sessions on the daemon; the first [`LIVE_CAPTURES_PER_DAEMON`] capture.
    pub sessions: usize,
    /// Bursts of 200 fetches (2 KiB answers) that take a capture past its bounds.
    pub fill_bursts: u32,
    /// Traffic after the bounds are reached, as a multiple of the fill's fetches (one step of
    /// the curve per multiple).
    pub growth: u32,
}

/// The daemon after one step of the growth.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct CurvePoint {
    /// Requests the captures saw since they reached their bounds.
    pub requests_seen: u64,
    pub daemon_rss_kib: u64,
    pub daemon_hwm_kib: u64,
    /// Bytes the daemon's heap holds (its counting allocator, via `bsk daemon status`).
    pub daemon_heap_kib: u64,
}

/// What one live capture held when the phase ended.
#[derive(Debug, Clone, Serialize)]
pub struct HeldCapture {
    pub requests: u64,
    pub console: u64,
    pub text_units: u64,
    pub requests_seen: u64,
    pub requests_evicted: u64,
    pub console_evicted: u64,
    pub bodies_evicted: u64,
    pub pages: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct MemoryResult {
    pub config: MemoryConfig,
    pub captures: usize,
    /// The daemon with every session open and no capture.
    pub baseline: ProcSample,
    /// Right after the captures reached their bounds.
    pub at_bounds: ProcSample,
    pub peaks_filling: Peaks,
    /// After `growth`× more traffic.
    pub after_growth: ProcSample,
    pub peaks_growing: Peaks,
    /// `after_growth.daemon_rss − at_bounds.daemon_rss`, KiB (negative: it shrank).
    pub growth_kib: i64,
    /// Requests the captures saw while filling, and while growing.
    pub requests_filling: u64,
    pub requests_growing: u64,
    /// The daemon after each step of the growth.
    pub curve: Vec<CurvePoint>,
    /// RSS change over the second half of the growth, KiB: after any allocator warm-up, this
    /// is what more traffic still costs.
    pub second_half_growth_kib: i64,
    /// The daemon's heap in use with no capture, at the bounds and after the growth, KiB: a
    /// leak shows here even when the allocator's slack hides or mimics one in RSS.
    pub heap_baseline_kib: u64,
    pub heap_at_bounds_kib: u64,
    pub heap_after_growth_kib: u64,
    pub held: Vec<HeldCapture>,
    pub errors: Vec<String>,
}

/// The pages that fill a capture: large bodies (text budget), a console flood (console bound),
/// then `bursts` bursts of 200 fetches (request bound).
fn fill_pages(bursts: u32) -> Vec<Scenario> {
    vec![
        Scenario::Bodies { slow_ms: 1000 },
        Scenario::Console { messages: 300 },
        traffic(bursts),
    ]
}

fn traffic(bursts: u32) -> Scenario {
    Scenario::Traffic {
        bursts,
        burst: 200,
        rate: 0,
        secs: 0,
        bytes: 2048,
    }
}

pub async fn run(
    config: &Config,
    site: &Site,
    shape: MemoryConfig,
) -> anyhow::Result<MemoryResult> {
    config.progress(&format!(
        "memory: {} sessions, {LIVE_CAPTURES_PER_DAEMON} captures, fill then {}× traffic",
        shape.sessions, shape.growth
    ));
    let fleet = Fleet::start(config, "mem", site.port(), shape.sessions, shape.sessions).await?;
    site.clear_requests();
    let mut errors = Vec::new();
    let tag = |agent: usize, step: &str| format!("{}-mem-{step}-a{agent}", config.run_tag);

    // Every session holds a real page first.
    let opened = fleet.agents.iter().enumerate().map(|(i, a)| {
        let tag = tag(i, "open");
        async move { a.page(&Scenario::Console { messages: 10 }, &tag).await }
    });
    for result in join_all(opened).await {
        if let Err(e) = result {
            errors.push(format!("open: {e:#}"));
        }
    }
    let baseline = fleet.sample();
    let heap_baseline_kib = fleet.heap_kib().await;

    let capturing: Vec<&Agent> = fleet.agents.iter().take(LIVE_CAPTURES_PER_DAEMON).collect();
    for agent in &capturing {
        if let Err(e) = agent.debug(&["start", "--name", "memory"]).await {
            errors.push(format!("start: {e:#}"));
        }
    }
    let seen_before = requests_seen(&capturing).await;
    let sampler = Sampler::start(fleet.pids());
    for (step, scenario) in fill_pages(shape.fill_bursts).iter().enumerate() {
        pages(
            &capturing,
            scenario,
            &|i| tag(i, &format!("fill{step}")),
            &mut errors,
        )
        .await;
    }
    let peaks_filling = sampler.finish().await?;
    let at_bounds = fleet.sample();
    let heap_at_bounds_kib = fleet.heap_kib().await;
    let seen_filled = requests_seen(&capturing).await;

    // The growth comes in steps the size of the fill's fetches, sampled after each, so the
    // curve shows whether memory keeps rising with traffic or levels off.
    let sampler = Sampler::start(fleet.pids());
    let step = traffic(shape.fill_bursts);
    let mut curve = Vec::new();
    for n in 0..shape.growth {
        pages(
            &capturing,
            &step,
            &|i| tag(i, &format!("grow{n}")),
            &mut errors,
        )
        .await;
        let now = fleet.sample();
        curve.push(CurvePoint {
            requests_seen: requests_seen(&capturing).await - seen_filled,
            daemon_rss_kib: now.daemon_rss_kib,
            daemon_hwm_kib: now.daemon_hwm_kib,
            daemon_heap_kib: fleet.heap_kib().await,
        });
    }
    let peaks_growing = sampler.finish().await?;
    let after_growth = fleet.sample();
    let heap_after_growth_kib = fleet.heap_kib().await;
    let seen_grown = requests_seen(&capturing).await;

    let mut held = Vec::new();
    for agent in &capturing {
        match agent.debug(&["status"]).await {
            Ok(status) => held.extend(status.as_array().and_then(|c| c.last()).map(held_capture)),
            Err(e) => errors.push(format!("status: {e:#}")),
        }
    }
    let captures = capturing.len();
    drop(capturing);
    fleet.shutdown().await?;
    Ok(MemoryResult {
        config: shape,
        captures,
        baseline,
        at_bounds,
        peaks_filling,
        after_growth,
        peaks_growing,
        growth_kib: after_growth.daemon_rss_kib as i64 - at_bounds.daemon_rss_kib as i64,
        requests_filling: seen_filled - seen_before,
        requests_growing: seen_grown - seen_filled,
        second_half_growth_kib: second_half(&curve),
        heap_baseline_kib,
        heap_at_bounds_kib,
        heap_after_growth_kib,
        curve,
        held,
        errors,
    })
}

async fn pages(
    agents: &[&Agent],
    scenario: &Scenario,
    tag: &dyn Fn(usize) -> String,
    errors: &mut Vec<String>,
) {
    let runs = agents.iter().enumerate().map(|(i, a)| {
        let tag = tag(i);
        async move { a.page(scenario, &tag).await }
    });
    for result in join_all(runs).await {
        if let Err(e) = result {
            errors.push(format!("{}: {e:#}", scenario.name()));
        }
    }
}

/// Requests seen by the agents' latest captures, summed.
async fn requests_seen(agents: &[&Agent]) -> u64 {
    let mut seen = 0;
    for agent in agents {
        if let Ok(status) = agent.debug(&["status"]).await {
            seen += status
                .as_array()
                .and_then(|c| c.last())
                .and_then(|c| c["counters"]["requests_seen"].as_u64())
                .unwrap_or(0);
        }
    }
    seen
}

pub(super) fn held_capture(status: &serde_json::Value) -> HeldCapture {
    let n = |v: &serde_json::Value| v.as_u64().unwrap_or(0);
    HeldCapture {
        requests: n(&status["requests"]),
        console: n(&status["console"]),
        text_units: n(&status["text_units"]),
        pages: n(&status["pages"]),
        requests_seen: n(&status["counters"]["requests_seen"]),
        requests_evicted: n(&status["counters"]["requests_evicted"]),
        console_evicted: n(&status["counters"]["console_evicted"]),
        bodies_evicted: n(&status["counters"]["bodies_evicted"]),
    }
}

/// The point halfway through the growth.
pub fn middle(curve: &[CurvePoint]) -> Option<&CurvePoint> {
    curve.get(curve.len().saturating_sub(1) / 2)
}

/// RSS at the last point minus RSS at the middle point, KiB.
pub(super) fn second_half(curve: &[CurvePoint]) -> i64 {
    match (middle(curve), curve.last()) {
        (Some(mid), Some(last)) => last.daemon_rss_kib as i64 - mid.daemon_rss_kib as i64,
        _ => 0,
    }
}
