//! Memory of the load profile: one capture started with `bsk debug start --profile load`, filled
//! until it retains its 10,000 requests (after a console flood past its 5,000 entries), then ten
//! times that traffic in steps. Once the capture is at its bounds, the daemon's memory should
//! stay where it is. Last, the capture is exported to a file (`--output`: a load-profile export
//! never goes through one message), and the daemon measured again.

use std::time::Instant;

use anyhow::Context as _;
use bsk_actors::bounds::LOAD_MAX_REQUESTS;
use serde::Serialize;

use super::Config;
use super::agent::Agent;
use super::fleet::Fleet;
use super::memory::{self, CurvePoint, HeldCapture};
use super::procfs::{Peaks, ProcSample, Sampler};
use super::scenario::Scenario;
use crate::site::Site;

/// The traffic: 10 bursts of 200 fetches (2,001 requests with the document) with 4 KiB answers,
/// so 10,000 retained requests carry more body text than the 32 Mi budget holds.
const TRAFFIC_PAGE: Scenario = Scenario::Traffic {
    bursts: 10,
    burst: 200,
    rate: 0,
    secs: 0,
    bytes: 4096,
};

/// Past the load profile's 5,000 console entries.
const CONSOLE_PAGE: Scenario = Scenario::Console { messages: 5000 };

/// Traffic pages beyond the expected number before the fill gives up on reaching the bound.
const SPARE_FILL_PAGES: u64 = 3;

/// The phase's shape.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct LoadMemoryConfig {
    /// Steps after the bounds are reached, each as much traffic as the capture retains
    /// (10 steps: 10× the traffic).
    pub growth: u32,
}

/// The daemon after exporting the capture to a file.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ExportPoint {
    /// The file's size and the requests in it, as `bsk debug export` reports them.
    pub bytes: u64,
    pub requests: u64,
    /// The whole command, ms.
    pub took_ms: f64,
    pub daemon_rss_kib: u64,
    /// The daemon's peak so far: the export's, when it is the highest.
    pub daemon_hwm_kib: u64,
    pub daemon_heap_kib: u64,
}

#[derive(Debug, Clone, Serialize)]
pub struct LoadMemoryResult {
    pub config: LoadMemoryConfig,
    /// The page that floods the console, and the page of traffic that fills and grows.
    pub console_page: Scenario,
    pub traffic_page: Scenario,
    /// The capture's limits as the daemon reports them (`max_requests`, `max_console`,
    /// `text_budget`, `memory_reserved`).
    pub limits: serde_json::Value,
    /// The daemon with its session open and no capture.
    pub baseline: ProcSample,
    pub heap_baseline_kib: u64,
    /// Right after the capture came to retain `max_requests` requests.
    pub at_bounds: ProcSample,
    pub heap_at_bounds_kib: u64,
    /// Requests the capture saw until then.
    pub requests_filling: u64,
    pub held_at_bounds: Option<HeldCapture>,
    /// The daemon after each step of the growth; `requests_seen` counts from the bounds.
    pub curve: Vec<CurvePoint>,
    pub peaks_growing: Peaks,
    pub after_growth: ProcSample,
    pub heap_after_growth_kib: u64,
    pub requests_growing: u64,
    pub held_after_growth: Option<HeldCapture>,
    /// RSS and heap change over the second half of the growth, KiB: what more traffic still
    /// costs once any allocator warm-up is past.
    pub second_half_growth_kib: i64,
    pub second_half_heap_growth_kib: i64,
    pub export: Option<ExportPoint>,
    pub errors: Vec<String>,
}

pub async fn run(
    config: &Config,
    site: &Site,
    shape: LoadMemoryConfig,
) -> anyhow::Result<LoadMemoryResult> {
    config.progress(&format!(
        "load-profile memory: one capture to its bounds, then {}× traffic",
        shape.growth
    ));
    let fleet = Fleet::start(config, "loadmem", site.port(), 1, 1).await?;
    site.clear_requests();
    let agent = &fleet.agents[0];
    let tag = |step: &str| format!("{}-loadmem-{step}", config.run_tag);
    let mut errors = Vec::new();

    if let Err(e) = agent
        .page(&Scenario::Console { messages: 10 }, &tag("open"))
        .await
    {
        errors.push(format!("open: {e:#}"));
    }
    let baseline = fleet.sample();
    let heap_baseline_kib = fleet.heap_kib().await;

    let started = agent
        .debug(&["start", "--profile", "load", "--name", "load-memory"])
        .await?;
    let run_id = started["run_id"]
        .as_str()
        .with_context(|| format!("`bsk debug start` gave no run_id: {started}"))?
        .to_owned();
    let limits = agent.status(&run_id).await?["limits"].clone();
    let max_requests = limits["max_requests"]
        .as_u64()
        .unwrap_or(LOAD_MAX_REQUESTS as u64);
    let per_page = u64::from(TRAFFIC_PAGE.requests().unwrap_or(1)).max(1);
    let pages_per_step = max_requests.div_ceil(per_page);

    // Fill: the console flood, then traffic until the capture retains `max_requests`.
    page(
        agent,
        site,
        &CONSOLE_PAGE,
        &tag("fill-console"),
        &mut errors,
    )
    .await;
    let mut held = 0;
    for n in 0..pages_per_step + SPARE_FILL_PAGES {
        page(
            agent,
            site,
            &TRAFFIC_PAGE,
            &tag(&format!("fill{n}")),
            &mut errors,
        )
        .await;
        agent.wait_quiet(&run_id).await?;
        held = agent.status(&run_id).await?["requests"]
            .as_u64()
            .unwrap_or(0);
        if held >= max_requests {
            break;
        }
    }
    if held < max_requests {
        errors.push(format!(
            "the capture retains {held} of its {max_requests} requests after the fill"
        ));
    }
    let at_bounds = fleet.sample();
    let heap_at_bounds_kib = fleet.heap_kib().await;
    let held_at_bounds = held_capture(agent, &run_id, &mut errors).await;
    let seen_filled = held_at_bounds.as_ref().map_or(0, |h| h.requests_seen);

    // The growth, a step as large as the capture, sampled after each step.
    let sampler = Sampler::start(fleet.pids());
    let mut curve = Vec::new();
    for step in 0..shape.growth {
        for n in 0..pages_per_step {
            let tag = tag(&format!("grow{step}-{n}"));
            page(agent, site, &TRAFFIC_PAGE, &tag, &mut errors).await;
        }
        let seen = agent.wait_quiet(&run_id).await?;
        let now = fleet.sample();
        curve.push(CurvePoint {
            requests_seen: seen.saturating_sub(seen_filled),
            daemon_rss_kib: now.daemon_rss_kib,
            daemon_hwm_kib: now.daemon_hwm_kib,
            daemon_heap_kib: fleet.heap_kib().await,
        });
    }
    let peaks_growing = sampler.finish().await?;
    let after_growth = fleet.sample();
    let heap_after_growth_kib = fleet.heap_kib().await;
    let held_after_growth = held_capture(agent, &run_id, &mut errors).await;
    let seen_grown = held_after_growth.as_ref().map_or(0, |h| h.requests_seen);

    let export = match export(config, &fleet, agent, &run_id).await {
        Ok(point) => Some(point),
        Err(e) => {
            errors.push(format!("export: {e:#}"));
            None
        }
    };
    if let Err(e) = agent.debug(&["stop", "--run-id", &run_id]).await {
        errors.push(format!("stop: {e:#}"));
    }
    fleet.shutdown().await?;
    Ok(LoadMemoryResult {
        config: shape,
        console_page: CONSOLE_PAGE,
        traffic_page: TRAFFIC_PAGE,
        limits,
        baseline,
        heap_baseline_kib,
        at_bounds,
        heap_at_bounds_kib,
        requests_filling: seen_filled,
        held_at_bounds,
        second_half_growth_kib: memory::second_half(&curve),
        second_half_heap_growth_kib: second_half_heap(&curve),
        curve,
        peaks_growing,
        after_growth,
        heap_after_growth_kib,
        requests_growing: seen_grown.saturating_sub(seen_filled),
        held_after_growth,
        export,
        errors,
    })
}

/// Opens `scenario`; a failure is recorded and the phase goes on. The site's log is emptied
/// first: this phase compares nothing with it, and 110,000 requests would come near its cap.
async fn page(
    agent: &Agent,
    site: &Site,
    scenario: &Scenario,
    tag: &str,
    errors: &mut Vec<String>,
) {
    site.clear_requests();
    if let Err(e) = agent.page(scenario, tag).await {
        errors.push(format!("{tag}: {e:#}"));
    }
}

/// What the capture holds now.
async fn held_capture(
    agent: &Agent,
    run_id: &str,
    errors: &mut Vec<String>,
) -> Option<HeldCapture> {
    match agent.status(run_id).await {
        Ok(status) => Some(memory::held_capture(&status)),
        Err(e) => {
            errors.push(format!("status: {e:#}"));
            None
        }
    }
}

/// Exports the capture to a file under the work dir, measures the daemon, removes the file.
async fn export(
    config: &Config,
    fleet: &Fleet,
    agent: &Agent,
    run_id: &str,
) -> anyhow::Result<ExportPoint> {
    let file = std::path::absolute(config.work_dir.join("load-profile-export.json"))
        .context("cannot resolve the work dir")?;
    let path = file.display().to_string();
    let started = Instant::now();
    let written = agent
        .debug(&["export", "--run-id", run_id, "--output", &path])
        .await?;
    let took_ms = started.elapsed().as_secs_f64() * 1000.0;
    let now = fleet.sample();
    let _ = std::fs::remove_file(&file);
    Ok(ExportPoint {
        bytes: written["bytes"].as_u64().unwrap_or(0),
        requests: written["requests"].as_u64().unwrap_or(0),
        took_ms,
        daemon_rss_kib: now.daemon_rss_kib,
        daemon_hwm_kib: now.daemon_hwm_kib,
        daemon_heap_kib: fleet.heap_kib().await,
    })
}

/// Heap at the last point minus heap at the middle point, KiB.
fn second_half_heap(curve: &[CurvePoint]) -> i64 {
    match (memory::middle(curve), curve.last()) {
        (Some(mid), Some(last)) => last.daemon_heap_kib as i64 - mid.daemon_heap_kib as i64,
        _ => 0,
    }
}

impl LoadMemoryResult {
    /// The table's rows: moment, requests held, requests seen, daemon VmRSS MiB, VmHWM MiB,
    /// heap in use MiB.
    pub fn rows(&self) -> Vec<Vec<String>> {
        let mib = |kib: u64| format!("{:.1}", kib as f64 / 1024.0);
        let held = |h: &Option<HeldCapture>| {
            h.as_ref()
                .map_or_else(|| "–".into(), |h| h.requests.to_string())
        };
        let mut rows = vec![
            vec![
                "session open, no capture".into(),
                "–".into(),
                "–".into(),
                mib(self.baseline.daemon_rss_kib),
                mib(self.baseline.daemon_hwm_kib),
                mib(self.heap_baseline_kib),
            ],
            vec![
                "capture at its bounds".into(),
                held(&self.held_at_bounds),
                self.requests_filling.to_string(),
                mib(self.at_bounds.daemon_rss_kib),
                mib(self.at_bounds.daemon_hwm_kib),
                mib(self.heap_at_bounds_kib),
            ],
        ];
        for (n, p) in self.curve.iter().enumerate() {
            let last = n + 1 == self.curve.len();
            rows.push(vec![
                format!("growth step {} of {}", n + 1, self.curve.len()),
                if last {
                    held(&self.held_after_growth)
                } else {
                    "–".into()
                },
                format!("+{}", p.requests_seen),
                mib(p.daemon_rss_kib),
                mib(p.daemon_hwm_kib),
                mib(p.daemon_heap_kib),
            ]);
        }
        if let Some(e) = &self.export {
            rows.push(vec![
                format!(
                    "after `debug export --output` ({:.1} MiB, {:.0} ms)",
                    e.bytes as f64 / 1024.0 / 1024.0,
                    e.took_ms
                ),
                e.requests.to_string(),
                "–".into(),
                mib(e.daemon_rss_kib),
                mib(e.daemon_hwm_kib),
                mib(e.daemon_heap_kib),
            ]);
        }
        rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(seen: u64, rss: u64, heap: u64) -> CurvePoint {
        CurvePoint {
            requests_seen: seen,
            daemon_rss_kib: rss,
            daemon_hwm_kib: rss,
            daemon_heap_kib: heap,
        }
    }

    #[test]
    fn a_page_of_traffic_makes_whole_steps() {
        let per_page = u64::from(TRAFFIC_PAGE.requests().unwrap_or(0));
        assert_eq!(per_page, 2001);
        assert_eq!(
            (LOAD_MAX_REQUESTS as u64).div_ceil(per_page),
            5,
            "five pages retain 10,000"
        );
    }

    #[test]
    fn heap_growth_is_measured_from_the_middle_of_the_curve() {
        let curve: Vec<CurvePoint> = (1..=10)
            .map(|n| point(n * 10_000, 100_000 + n, 50_000 + 2 * n))
            .collect();
        // The middle of 10 points is the 5th.
        assert_eq!(second_half_heap(&curve), 10);
        assert_eq!(memory::second_half(&curve), 5);
        assert_eq!(second_half_heap(&[]), 0);
    }

    #[test]
    fn rows_show_every_step_and_the_export() {
        let held = HeldCapture {
            requests: 10_000,
            console: 5_000,
            text_units: 33_554_432,
            requests_seen: 10_500,
            requests_evicted: 500,
            console_evicted: 5,
            bodies_evicted: 1_800,
            pages: 6,
        };
        let result = LoadMemoryResult {
            config: LoadMemoryConfig { growth: 2 },
            console_page: CONSOLE_PAGE,
            traffic_page: TRAFFIC_PAGE,
            limits: serde_json::json!({"max_requests": 10_000}),
            baseline: ProcSample::default(),
            heap_baseline_kib: 1024,
            at_bounds: ProcSample {
                daemon_rss_kib: 200 * 1024,
                ..ProcSample::default()
            },
            heap_at_bounds_kib: 150 * 1024,
            requests_filling: 10_500,
            held_at_bounds: Some(held.clone()),
            curve: vec![
                point(10_005, 204_800, 153_600),
                point(20_010, 204_800, 153_600),
            ],
            peaks_growing: Peaks::default(),
            after_growth: ProcSample::default(),
            heap_after_growth_kib: 0,
            requests_growing: 20_010,
            held_after_growth: Some(held),
            second_half_growth_kib: 0,
            second_half_heap_growth_kib: 0,
            export: Some(ExportPoint {
                bytes: 3 * 1024 * 1024,
                requests: 10_000,
                took_ms: 812.4,
                daemon_rss_kib: 0,
                daemon_hwm_kib: 0,
                daemon_heap_kib: 0,
            }),
            errors: Vec::new(),
        };
        let rows = result.rows();
        assert_eq!(rows.len(), 2 + 2 + 1);
        assert_eq!(rows[1][1..4], ["10000", "10500", "200.0"]);
        assert_eq!(rows[2][..3], ["growth step 1 of 2", "–", "+10005"]);
        assert_eq!(rows[3][..3], ["growth step 2 of 2", "10000", "+20010"]);
        assert!(rows[4][0].contains("3.0 MiB, 812 ms"), "{:?}", rows[4]);
        assert!(rows.iter().all(|r| r.len() == 6));
    }
}
