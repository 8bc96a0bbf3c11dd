//! One agent: a bsk session that opens load pages, with or without capture, and reads back
//! what its capture recorded.

use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use bsk_actors::bounds::BODY_FETCH_DEADLINE;
use serde::Serialize;
use serde_json::Value;

use super::accounting::{Accounting, BodyStats, CaptureCounters, CapturedRequest};
use super::cli::Bsk;
use super::floor::Floor;
use super::scenario::Scenario;
use crate::site::Site;

/// Each wait for `window.__done` lasts at most this long inside the page, under bsk's 30 s
/// command deadline; the agent asks again until the scenario's deadline.
const DONE_POLL_MS: u64 = 20_000;

/// The largest page `bsk debug requests` returns.
const PAGE_LIMIT: &str = "100";

/// How long to wait for the capture to catch up with the server before stopping it.
const SETTLE_DEADLINE: Duration = Duration::from_secs(15);
/// Between two looks at the capture while it settles.
const SETTLE_POLL: Duration = Duration::from_millis(250);
/// The capture counts as settled when `requests_seen` has not moved for this many polls.
const SETTLE_STABLE_POLLS: u32 = 4;

/// A session driven like an agent drives it.
#[derive(Debug)]
pub struct Agent {
    pub bsk: Bsk,
    pub session: String,
    /// `a{k}.localhost`: each agent's pages on their own host, so agents sharing a browser do
    /// not share Chromium's six connections per host.
    pub host: String,
    /// The browser the daemon placed the session on (`session start`'s `browser`), when it
    /// says.
    pub browser: Option<String>,
    port: u16,
}

/// How a page is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// No capture: the session's tab as bsk drives it.
    Off,
    /// A bsk capture records the page.
    Capture,
    /// No capture, but a do-nothing CDP client holds the network instrumentation on the tab
    /// ([`Floor`]).
    Floor,
}

/// One opening of a load page.
#[derive(Debug, Clone, Serialize)]
pub struct PageRun {
    pub tag: String,
    pub capture: bool,
    /// The capture started for this run.
    pub run_id: Option<String>,
    /// When the page set `window.__done`, in ms after its navigation started
    /// (`performance.now()`): the page-complete time.
    pub page_ms: Option<f64>,
    /// From the blank tab to the page reporting done, as the agent saw it.
    pub wall_ms: f64,
    pub error: Option<String>,
}

/// What one capture retained, matched against the server's log.
#[derive(Debug, Clone, Serialize)]
pub struct CaptureResult {
    pub tag: String,
    pub accounting: Accounting,
    pub bodies: BodyStats,
    pub counters: CaptureCounters,
    /// Iframe targets the capture attached.
    pub iframe_targets: u64,
    /// Checkpoints the extension stored for the capture, the final one included.
    pub checkpoints: u64,
}

impl Agent {
    /// Starts session number `index` on the daemon `bsk` talks to, for a site on `port`.
    pub async fn start(bsk: Bsk, index: usize, port: u16) -> anyhow::Result<Agent> {
        let name = format!("load-a{index}");
        let started = bsk.json(&["session", "start", "--name", &name]).await?;
        let session = started["id"]
            .as_str()
            .with_context(|| format!("`bsk session start` gave no id: {started}"))?
            .to_owned();
        Ok(Agent {
            bsk,
            session,
            host: format!("a{index}.localhost"),
            browser: started["browser"].as_str().map(str::to_owned),
            port,
        })
    }

    /// The URL of `scenario` for run `tag`, on this agent's host.
    pub fn url(&self, scenario: &Scenario, tag: &str) -> String {
        format!("http://{}:{}{}", self.host, self.port, scenario.path(tag))
    }

    /// Opens `scenario` tagged `tag`, capturing when `capture`, and waits for the page to finish.
    /// Never fails: an error is recorded in the run.
    pub async fn run_page(&self, scenario: &Scenario, tag: String, capture: bool) -> PageRun {
        let mode = if capture { Mode::Capture } else { Mode::Off };
        self.run_page_as(scenario, tag, mode).await
    }

    /// [`Agent::run_page`] in any [`Mode`].
    pub async fn run_page_as(&self, scenario: &Scenario, tag: String, mode: Mode) -> PageRun {
        let started = Instant::now();
        let mut run = PageRun {
            tag,
            capture: mode == Mode::Capture,
            run_id: None,
            page_ms: None,
            wall_ms: 0.0,
            error: None,
        };
        let outcome = async {
            // Start from an empty tab, so a capture never begins with the previous run's page
            // (and its iframe targets) still attached.
            self.op(&["navigate", "about:blank"]).await?;
            let floor = match mode {
                Mode::Off => None,
                Mode::Capture => {
                    let status = self.debug(&["start", "--name", &run.tag]).await?;
                    run.run_id = status["run_id"].as_str().map(str::to_owned);
                    None
                }
                Mode::Floor => Some(Floor::attach(&self.bsk, &self.session).await?),
            };
            let page = self.page(scenario, &run.tag).await;
            drop(floor);
            page
        }
        .await;
        match outcome {
            Ok(ms) => run.page_ms = Some(ms),
            Err(e) => run.error = Some(format!("{e:#}")),
        }
        run.wall_ms = started.elapsed().as_secs_f64() * 1000.0;
        run
    }

    /// Navigates, performs the scenario's operations, and returns the page-complete time.
    pub async fn page(&self, scenario: &Scenario, tag: &str) -> anyhow::Result<f64> {
        let url = self.url(scenario, tag);
        self.op(&["navigate", &url]).await?;
        if *scenario == Scenario::Form {
            self.op(&["fill", "#name", "Ada Lovelace"]).await?;
            self.op(&["fill", "#email", "ada@example.com"]).await?;
            self.op(&["select", "#plan", "pro"]).await?;
            self.op(&["click", "#save"]).await?;
        }
        let result = self.wait_done(scenario.deadline()).await?;
        result["ms"]
            .as_f64()
            .with_context(|| format!("the page reported no `ms`: {result}"))
    }

    /// Waits for `window.__done` and returns `window.__result`.
    async fn wait_done(&self, deadline: Duration) -> anyhow::Result<Value> {
        let script = format!(
            "new Promise((resolve) => {{ const end = performance.now() + {DONE_POLL_MS}; \
             const check = () => window.__done ? resolve({{ done: true, result: window.__result }}) \
             : performance.now() > end ? resolve({{ done: false }}) : setTimeout(check, 20); check(); }})"
        );
        let until = Instant::now() + deadline;
        loop {
            let answer = self.op(&["evaluate", &script]).await?;
            if answer["value"]["done"] == Value::Bool(true) {
                return Ok(answer["value"]["result"].clone());
            }
            if Instant::now() > until {
                bail!("the page did not finish within {deadline:?}");
            }
        }
    }

    /// Lets the run's capture (if it has one) catch up with what the server saw.
    pub async fn settle_run(&self, run: &PageRun, site: &Site) -> anyhow::Result<()> {
        match run.run_id.as_deref() {
            Some(run_id) => {
                self.settle(run_id, site.requests_tagged(&run.tag).len() as u64)
                    .await
            }
            None => Ok(()),
        }
    }

    /// Stops the run's capture and reads it all back; call [`Agent::settle_run`] first.
    pub async fn collect(&self, run: &PageRun, site: &Site) -> anyhow::Result<CaptureResult> {
        let run_id = run
            .run_id
            .as_deref()
            .context("the run has no capture to collect")?;
        let status = self.debug(&["stop", "--run-id", run_id]).await?;
        let counters: CaptureCounters = serde_json::from_value(status["counters"].clone())
            .with_context(|| format!("unexpected counters in {status}"))?;
        let requests = self.requests(run_id).await?;
        anyhow::ensure!(
            site.requests_dropped() == 0,
            "the site's request log is full ({} requests not logged), so the server's side of \
             the accounting is incomplete; clear it between runs",
            site.requests_dropped()
        );
        let server = site.requests_tagged(&run.tag);
        let mut accounting = Accounting::of(&run.tag, &server, &requests, &counters);
        accounting.check_summary(&self.debug(&["summary", "--run-id", run_id]).await?);
        Ok(CaptureResult {
            tag: run.tag.clone(),
            accounting,
            bodies: BodyStats::of(&requests, &counters),
            iframe_targets: status["coverage"]["iframe_targets"].as_u64().unwrap_or(0),
            checkpoints: status["history"]["checkpoints"].as_u64().unwrap_or(0),
            counters,
        })
    }

    /// Waits until the capture has seen as many requests as the server did, or its count has
    /// stopped moving, no retained body is still pending, and the body pool's second tries of
    /// bodies that gave way to a full queue are over (none is left saturated, or the count of
    /// bodies read on a second try has not moved for longer than a body read may take):
    /// stopping ends them.
    async fn settle(&self, run_id: &str, server_seen: u64) -> anyhow::Result<()> {
        let until = Instant::now() + SETTLE_DEADLINE;
        self.wait_counted(run_id, server_seen, until).await?;
        while Instant::now() < until {
            let pending = self
                .requests(run_id)
                .await?
                .iter()
                .any(|r| r.response_body.state == "pending" && r.state != "pending");
            if !pending {
                break;
            }
            tokio::time::sleep(SETTLE_POLL).await;
        }
        // A second try may take the whole body deadline, and one that fails moves no counter.
        let quiet_polls = (BODY_FETCH_DEADLINE.as_millis() / SETTLE_POLL.as_millis()) as u32 + 2;
        let (mut last, mut stable) = (u64::MAX, 0);
        while Instant::now() < until && stable < quiet_polls {
            let counters = &self.status(run_id).await?["counters"];
            if counters["bodies_saturated"].as_u64().unwrap_or(0) == 0 {
                break;
            }
            let refetched = counters["bodies_refetched"].as_u64().unwrap_or(0);
            stable = if refetched == last { stable + 1 } else { 0 };
            last = refetched;
            tokio::time::sleep(SETTLE_POLL).await;
        }
        Ok(())
    }

    /// Waits until the capture has seen `server_seen` requests or its count has stopped moving
    /// (at most until `until`), and returns the last count. `u64::MAX` waits for quiet only.
    pub async fn wait_counted(
        &self,
        run_id: &str,
        server_seen: u64,
        until: Instant,
    ) -> anyhow::Result<u64> {
        let (mut last, mut stable) = (u64::MAX, 0);
        while Instant::now() < until {
            let seen = self.status(run_id).await?["counters"]["requests_seen"]
                .as_u64()
                .unwrap_or(0);
            stable = if seen == last { stable + 1 } else { 0 };
            last = seen;
            if seen >= server_seen || stable >= SETTLE_STABLE_POLLS {
                break;
            }
            tokio::time::sleep(SETTLE_POLL).await;
        }
        Ok(if last == u64::MAX { 0 } else { last })
    }

    /// [`Agent::wait_counted`] for quiet only, within the settle deadline.
    pub async fn wait_quiet(&self, run_id: &str) -> anyhow::Result<u64> {
        self.wait_counted(run_id, u64::MAX, Instant::now() + SETTLE_DEADLINE)
            .await
    }

    /// This session's capture `run_id` from `bsk debug status`.
    pub async fn status(&self, run_id: &str) -> anyhow::Result<Value> {
        let all = self.debug(&["status"]).await?;
        all.as_array()
            .and_then(|captures| captures.iter().find(|c| c["run_id"] == run_id))
            .cloned()
            .with_context(|| format!("capture {run_id} is not in `bsk debug status`: {all}"))
    }

    /// Every retained request of `run_id`: pages of `debug requests --all` from `--since 0`,
    /// following `next_since` until an empty page, merged by id (later versions win).
    pub async fn requests(&self, run_id: &str) -> anyhow::Result<Vec<CapturedRequest>> {
        let mut by_id: Vec<CapturedRequest> = Vec::new();
        let mut since = 0u64;
        loop {
            let since_arg = since.to_string();
            let page = self
                .debug(&[
                    "requests", "--all", "--run-id", run_id, "--limit", PAGE_LIMIT, "--since",
                    &since_arg,
                ])
                .await?;
            let items: Vec<CapturedRequest> = serde_json::from_value(page["items"].clone())
                .with_context(|| format!("unexpected `debug requests` page: {page}"))?;
            if items.is_empty() {
                return Ok(by_id);
            }
            for item in items {
                match by_id.iter_mut().find(|r| r.id == item.id) {
                    Some(old) => *old = item,
                    None => by_id.push(item),
                }
            }
            since = page["next_since"]
                .as_u64()
                .context("a non-empty page without next_since")?;
        }
    }

    /// `bsk debug <args> --session <id> --json`.
    pub async fn debug(&self, args: &[&str]) -> anyhow::Result<Value> {
        let mut full = vec!["debug"];
        full.extend_from_slice(args);
        self.op(&full).await
    }

    /// `bsk <args> --session <id> --json`.
    pub async fn op(&self, args: &[&str]) -> anyhow::Result<Value> {
        let mut full = args.to_vec();
        full.extend_from_slice(&["--session", &self.session]);
        self.bsk.json(&full).await
    }
}
