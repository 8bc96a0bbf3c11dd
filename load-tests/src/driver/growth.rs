//! The cost curve: one agent, a sustained request rate stepped up, capture on and off at each
//! step. How CPU and memory grow with requests per second.

use serde::Serialize;

use super::Config;
use super::accounting::Accounting;
use super::fleet::{Fleet, LIVE_CAPTURES_PER_DAEMON};
use super::scenario::Scenario;
use crate::site::Site;

/// One rate.
#[derive(Debug, Clone, Serialize)]
pub struct GrowthPoint {
    /// Fetches per second the page asked for.
    pub rate: u32,
    pub secs: u32,
    /// Requests the server saw per second of page time, capture on.
    pub achieved_rps: Option<f64>,
    pub page_ms_on: Option<f64>,
    pub page_ms_off: Option<f64>,
    /// Daemon CPU, as a share of one core, while capturing.
    pub daemon_cpu_share: Option<f64>,
    /// Daemon CPU seconds per 1,000 captured requests.
    pub daemon_s_per_1k: Option<f64>,
    /// Chromium CPU share of one core, capture on and off.
    pub chromium_cpu_share_on: Option<f64>,
    pub chromium_cpu_share_off: Option<f64>,
    /// Daemon VmRSS after the step and its VmHWM so far, KiB.
    pub daemon_rss_kib: u64,
    pub daemon_hwm_kib: u64,
    pub accounting: Accounting,
    pub errors: Vec<String>,
}

/// Steps the sustained rate through `rates`, `secs` seconds each.
pub async fn run(
    config: &Config,
    site: &Site,
    rates: &[u32],
    secs: u32,
) -> anyhow::Result<Vec<GrowthPoint>> {
    config.progress(&format!("growth: {rates:?} requests/s, {secs} s each"));
    let fleet = Fleet::start(config, "growth", site.port(), 1, LIVE_CAPTURES_PER_DAEMON).await?;
    let agent = &fleet.agents[0];
    let warm = Scenario::Traffic {
        bursts: 1,
        burst: 50,
        rate: 0,
        secs: 0,
        bytes: 256,
    };
    let _ = agent
        .run_page(&warm, format!("{}-growth-warm", config.run_tag), false)
        .await;
    let mut points = Vec::new();
    for (step, &rate) in rates.iter().enumerate() {
        let scenario = Scenario::Traffic {
            bursts: 0,
            burst: 0,
            rate,
            secs,
            bytes: 256,
        };
        site.clear_requests();
        let mut point = GrowthPoint {
            rate,
            secs,
            achieved_rps: None,
            page_ms_on: None,
            page_ms_off: None,
            daemon_cpu_share: None,
            daemon_s_per_1k: None,
            chromium_cpu_share_on: None,
            chromium_cpu_share_off: None,
            daemon_rss_kib: 0,
            daemon_hwm_kib: 0,
            accounting: Accounting::default(),
            errors: Vec::new(),
        };
        // Alternate which mode goes first, as the matrix does.
        let order = if step % 2 == 0 {
            [false, true]
        } else {
            [true, false]
        };
        for capture in order {
            let tag = format!(
                "{}-growth-{rate}-{}",
                config.run_tag,
                if capture { "on" } else { "off" }
            );
            let before = fleet.sample();
            let started = std::time::Instant::now();
            let run = agent.run_page(&scenario, tag.clone(), capture).await;
            if let Err(e) = agent.settle_run(&run, site).await {
                point.errors.push(format!("settle: {e:#}"));
            }
            let wall = started.elapsed().as_secs_f64();
            let after = fleet.sample();
            if let Some(e) = &run.error {
                point.errors.push(format!("{tag}: {e}"));
            }
            let chromium_share = Some((after.chromium_cpu_s - before.chromium_cpu_s) / wall);
            if !capture {
                point.page_ms_off = run.page_ms;
                point.chromium_cpu_share_off = chromium_share;
                continue;
            }
            point.page_ms_on = run.page_ms;
            point.chromium_cpu_share_on = chromium_share;
            let daemon_s = after.daemon_cpu_s - before.daemon_cpu_s;
            point.daemon_cpu_share = Some(daemon_s / wall);
            match agent.collect(&run, site).await {
                Ok(c) => {
                    let seen = c.accounting.requests_seen;
                    point.daemon_s_per_1k = (seen > 0).then(|| daemon_s / seen as f64 * 1000.0);
                    point.achieved_rps = run
                        .page_ms
                        .filter(|ms| *ms > 0.0)
                        .map(|ms| c.accounting.server_seen as f64 / (ms / 1000.0));
                    point.accounting = c.accounting;
                }
                Err(e) => point.errors.push(format!("{tag}: collecting: {e:#}")),
            }
            let now = fleet.sample();
            point.daemon_rss_kib = now.daemon_rss_kib;
            point.daemon_hwm_kib = now.daemon_hwm_kib;
        }
        points.push(point);
    }
    fleet.shutdown().await?;
    Ok(points)
}
