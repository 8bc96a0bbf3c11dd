//! Responsiveness: how long `bsk debug requests` and `bsk debug status` take while every
//! capturing agent's page floods, and while the captures sit idle.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use futures_util::future::join_all;
use serde::Serialize;

use super::Config;
use super::accounting::Accounting;
use super::agent::{Agent, PageRun};
use super::fleet::{Fleet, LIVE_CAPTURES_PER_DAEMON};
use super::scenario::Scenario;
use super::stats::Latency;
use crate::site::Site;

/// Calls of each command timed per agent once the flood is over, for the idle baseline.
const IDLE_CALLS: usize = 20;

/// The reads an agent makes while its page floods.
const REQUESTS_READ: &[&str] = &["debug", "requests", "--all", "--limit", "100"];
const STATUS_READ: &[&str] = &["debug", "status"];

/// Latencies at one parallelism.
#[derive(Debug, Clone, Serialize)]
pub struct LatencyResult {
    pub agents: usize,
    pub scenario: Scenario,
    /// `bsk debug requests --all --limit 100` during the flood.
    pub requests_flood: Latency,
    /// `bsk debug status` during the flood.
    pub status_flood: Latency,
    /// The same two with the captures active and the pages idle.
    pub requests_idle: Latency,
    pub status_idle: Latency,
    /// Median page-complete time of the flood page, ms (capture on, readers running).
    pub page_ms: Option<f64>,
    /// Completeness of the flooded captures.
    pub accounting: Accounting,
    pub errors: Vec<String>,
}

#[derive(Debug, Default)]
struct Timings {
    requests: Vec<f64>,
    status: Vec<f64>,
    errors: Vec<String>,
}

/// Times reads on `agents` agents (one daemon) while each floods its capture.
pub async fn run(config: &Config, site: &Site, agents: usize) -> anyhow::Result<LatencyResult> {
    let scenario = config.flood;
    let name = format!("lat{agents}");
    config.progress(&format!(
        "{name}: reads during {} ({agents} agents)",
        scenario.name()
    ));
    let fleet = Fleet::start(config, &name, site.port(), agents, LIVE_CAPTURES_PER_DAEMON).await?;
    site.clear_requests();
    let mut errors = Vec::new();
    // Warm up without capture.
    for run in join_all(fleet.agents.iter().enumerate().map(|(i, a)| {
        a.run_page(
            &scenario,
            format!("{}-{name}-warm-a{i}", config.run_tag),
            false,
        )
    }))
    .await
    {
        if let Some(e) = run.error {
            errors.push(e);
        }
    }

    let flooded = fleet.agents.iter().enumerate().map(|(i, agent)| {
        let tag = format!("{}-{name}-flood-a{i}", config.run_tag);
        flood_and_read(agent, scenario, tag)
    });
    let results: Vec<(PageRun, Timings)> = join_all(flooded).await;

    let mut flood = Timings::default();
    let mut page_ms = Vec::new();
    let mut accounting = Accounting::default();
    for ((run, timings), agent) in results.iter().zip(&fleet.agents) {
        flood.requests.extend(&timings.requests);
        flood.status.extend(&timings.status);
        errors.extend(timings.errors.iter().cloned());
        match (&run.error, run.page_ms) {
            (Some(e), _) => errors.push(format!("{}: {e}", run.tag)),
            (None, Some(ms)) => page_ms.push(ms),
            (None, None) => {}
        }
        if let Err(e) = agent.settle_run(run, site).await {
            errors.push(format!("{}: settle: {e:#}", run.tag));
        }
    }

    // Idle: the captures are still active, the pages are done.
    let idle_reads = fleet.agents.iter().map(|agent| async move {
        let mut t = Timings::default();
        for _ in 0..IDLE_CALLS {
            time_read(agent, REQUESTS_READ, &mut t.requests, &mut t.errors).await;
            time_read(agent, STATUS_READ, &mut t.status, &mut t.errors).await;
        }
        t
    });
    let mut idle = Timings::default();
    for t in join_all(idle_reads).await {
        idle.requests.extend(t.requests);
        idle.status.extend(t.status);
        errors.extend(t.errors);
    }

    for ((run, _), agent) in results.iter().zip(&fleet.agents) {
        if run.run_id.is_some() {
            match agent.collect(run, site).await {
                Ok(c) => accounting.add(&c.accounting),
                Err(e) => errors.push(format!("{}: collecting: {e:#}", run.tag)),
            }
        }
    }
    fleet.shutdown().await?;
    Ok(LatencyResult {
        agents,
        scenario,
        requests_flood: Latency::of(&flood.requests, count_errors(&flood.errors, "requests")),
        status_flood: Latency::of(&flood.status, count_errors(&flood.errors, "status")),
        requests_idle: Latency::of(&idle.requests, 0),
        status_idle: Latency::of(&idle.status, 0),
        page_ms: super::stats::median(&page_ms),
        accounting,
        errors,
    })
}

fn count_errors(errors: &[String], command: &str) -> usize {
    let prefix = format!("{command}:");
    errors.iter().filter(|e| e.starts_with(&prefix)).count()
}

/// Starts a capture, opens the flood page, and reads (requests, status, requests, …) until the
/// page is done.
async fn flood_and_read(agent: &Agent, scenario: Scenario, tag: String) -> (PageRun, Timings) {
    let mut timings = Timings::default();
    let flooding = Arc::new(AtomicBool::new(true));
    let page = async {
        let run = agent.run_page(&scenario, tag, true).await;
        flooding.store(false, Ordering::Release);
        run
    };
    let reads = async {
        // Let the capture start before the first read.
        while flooding.load(Ordering::Acquire) {
            if agent.debug(&["status"]).await.is_ok_and(|s| {
                s.as_array()
                    .is_some_and(|c| c.iter().any(|c| c["state"] == "active"))
            }) {
                break;
            }
        }
        while flooding.load(Ordering::Acquire) {
            time_read(
                agent,
                REQUESTS_READ,
                &mut timings.requests,
                &mut timings.errors,
            )
            .await;
            time_read(agent, STATUS_READ, &mut timings.status, &mut timings.errors).await;
        }
    };
    let (run, ()) = tokio::join!(page, reads);
    (run, timings)
}

async fn time_read(agent: &Agent, args: &[&str], into: &mut Vec<f64>, errors: &mut Vec<String>) {
    let mut full = args.to_vec();
    full.extend_from_slice(&["--session", &agent.session]);
    match agent.bsk.timed_json(&full).await {
        Ok((_, took)) => into.push(took.as_secs_f64() * 1000.0),
        Err(e) => errors.push(format!("{}: {e:#}", args[1])),
    }
}
