//! The daemon's side of website-debugging capture: starting and stopping captures on a
//! session's tab, the live-capture registry (at most 4), ownership of reads, and the adapter that
//! lets the capture actors command the browser.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use bsk_actors::bounds::MAX_LIVE_CAPTURES;
use bsk_actors::capture::setup::{network_enable, target_setup};
use bsk_actors::capture::{CaptureTap, CheckpointSink, SharedCapture};
use bsk_actors::store::{Capture, RunMeta, now_ms};
use bsk_schema::brief::{Caused, OperationRef};
use bsk_schema::capture::{CaptureLimits, CaptureState, RunInfo, StopReason};
use bsk_schema::debug::DebugAction as A;
use bsk_schema::emulation::Emulation;
use bsk_schema::hint::{self, Arg, Verb, Words};
use bsk_schema::words;
use dashmap::DashMap;
use serde_json::json;

use crate::cdp::CdpClient;
use crate::error::{Failure, Result};
use crate::session::Session;
use crate::tab::Tab;

mod commander;
mod naming;

use commander::CdpCommander;
pub use naming::{default_capture_name, distinct_name, new_run_id};

/// The captures' memory budget: `BSK_MEMORY_BUDGET_MIB` when set to a number of MiB, else
/// [`DEFAULT_MEMORY_BUDGET`](bsk_actors::bounds::DEFAULT_MEMORY_BUDGET).
fn memory_budget() -> u64 {
    std::env::var("BSK_MEMORY_BUDGET_MIB")
        .ok()
        .and_then(|mib| mib.trim().parse::<u64>().ok())
        .map(|mib| mib * 1024 * 1024)
        .unwrap_or(bsk_actors::bounds::DEFAULT_MEMORY_BUDGET)
}

/// One capture the daemon holds, live or stopped.
#[derive(Debug)]
pub struct Held {
    pub run_id: String,
    /// The owning task; reads from any other task are refused.
    pub task_id: u64,
    pub tab_id: String,
    /// The browser of the pool it records in: the live-capture bound is per browser.
    browser: String,
    /// Start order, for "the latest capture".
    seq: u64,
    pub capture: SharedCapture,
    tap: CaptureTap,
    tab: std::sync::Weak<Tab>,
}

/// What a capture is asked to record, beside its tab.
#[derive(Debug, Clone)]
pub struct Recording {
    /// The capture's name; one is made from the page and the time without it.
    pub name: Option<String>,
    pub limits: CaptureLimits,
    /// Workers' requests too (`--workers`).
    pub workers: bool,
    /// A picture after each agent operation (`--screenshots`).
    pub screenshots: bool,
}

/// The browser a capture records in: its CDP connection, its name in the daemon's pool, and
/// where its checkpoints go (the bsk extension of that browser).
#[derive(Debug, Clone)]
pub struct CaptureHost {
    pub browser: String,
    pub cdp: CdpClient,
    pub sink: Arc<dyn CheckpointSink>,
}

/// The capture registry: "Live in-memory captures: 4 across the extension; saved stopped
/// captures evicted first". An extension is one browser's, so with a pool of browsers the bound
/// is per browser; the memory budget is the daemon's.
#[derive(Debug)]
pub struct Captures {
    held: DashMap<String, Arc<Held>>,
    next: AtomicU64,
    /// Starts run one at a time: the checks (4 captures, one per session) and the insert happen
    /// with CDP awaits in between, so two starts at once could both pass them.
    starting: tokio::sync::Mutex<()>,
    /// Bytes the held captures may reserve together (each reserves its limits' worst case).
    budget: u64,
}

impl Default for Captures {
    fn default() -> Self {
        Captures::new()
    }
}

impl Captures {
    pub fn new() -> Self {
        Captures {
            held: DashMap::new(),
            next: AtomicU64::new(1),
            starting: tokio::sync::Mutex::new(()),
            budget: memory_budget(),
        }
    }

    /// The memory budget of the held captures, in bytes.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// What the held captures reserve of the budget, in bytes.
    pub fn reserved(&self) -> u64 {
        self.held
            .iter()
            .map(|h| h.capture.lock().limits().memory_reserved)
            .sum()
    }

    /// Makes `limits` fit in the memory budget: evicts stopped captures, oldest first, while the
    /// held ones reserve too much; refuses when the active ones alone do.
    fn make_budget_room(&self, limits: &CaptureLimits) -> Result<()> {
        const MIB: u64 = 1024 * 1024;
        loop {
            let reserved = self.reserved();
            if reserved + limits.memory_reserved <= self.budget {
                return Ok(());
            }
            let oldest_stopped = self
                .held
                .iter()
                .filter(|h| !h.capture.lock().is_active())
                .min_by_key(|h| h.seq)
                .map(|h| h.run_id.clone());
            let Some(run_id) = oldest_stopped else {
                return Err(Failure::busy(format!(
                    "this capture would reserve {} MiB at its limits, and the daemon's captures \
                     already reserve {} of its {} MiB memory budget",
                    limits.memory_reserved.div_ceil(MIB),
                    reserved.div_ceil(MIB),
                    self.budget / MIB
                ))
                .hint(words![
                    "lower ",
                    Words::args(&["maxRequests", "maxConsole", "textBudget"], "or"),
                    ", stop a running capture (",
                    Verb::Debug(A::Stop).with("sessionId", "<id>"),
                    "), or start the daemon with a larger budget: ",
                    hint::DAEMON_STOP,
                    ", then `BSK_MEMORY_BUDGET_MIB=<MiB> bsk daemon start` in a shell"
                ]));
            };
            tracing::info!(run_id = %run_id, "evicting a stopped capture to fit the memory budget");
            self.held.remove(&run_id);
        }
    }

    /// The latest capture of a task, for the extension's popup.
    /// The latest capture of a task, and its problems so far (for the popup's task card, read
    /// at each heartbeat, never per captured event).
    pub fn latest_of_task(
        &self,
        task_id: u64,
    ) -> Option<(RunInfo, Vec<bsk_schema::capture::Problem>)> {
        self.of_task(task_id).last().map(|held| {
            let capture = held.capture.lock();
            (capture.run_info(), capture.problems(now_ms()))
        })
    }

    /// The running capture of a tab, which a popup the tab opens joins.
    pub fn active_tap(&self, tab_id: &str) -> Option<CaptureTap> {
        self.held
            .iter()
            .find(|h| h.tab_id == tab_id && h.capture.lock().is_active())
            .map(|h| h.tap.clone())
    }

    /// Whether any capture is recording, in any browser.
    pub fn any_active(&self) -> bool {
        self.held.iter().any(|h| h.capture.lock().is_active())
    }

    /// Run ids of the captures still recording in `browser`, for its extension's heartbeat.
    pub fn active_run_ids(&self, browser: &str) -> Vec<String> {
        self.held
            .iter()
            .filter(|h| h.browser == browser && h.capture.lock().is_active())
            .map(|h| h.run_id.clone())
            .collect()
    }

    fn of_task(&self, task_id: u64) -> Vec<Arc<Held>> {
        let mut held: Vec<Arc<Held>> = self
            .held
            .iter()
            .filter(|h| h.task_id == task_id)
            .map(|h| h.value().clone())
            .collect();
        held.sort_by_key(|h| h.seq);
        held
    }

    /// Frees a place for one more capture in `browser`: evicts its oldest stopped one, or
    /// refuses when all 4 are active.
    fn make_room(&self, browser: &str) -> Result<()> {
        let in_browser = |h: &Held| h.browser == browser;
        if self.held.iter().filter(|h| in_browser(h)).count() < MAX_LIVE_CAPTURES {
            return Ok(());
        }
        let oldest_stopped = self
            .held
            .iter()
            .filter(|h| in_browser(h) && !h.capture.lock().is_active())
            .min_by_key(|h| h.seq)
            .map(|h| h.run_id.clone());
        match oldest_stopped {
            Some(run_id) => {
                tracing::info!(run_id = %run_id, "evicting the oldest stopped capture to make room");
                self.held.remove(&run_id);
                Ok(())
            }
            None => Err(Failure::busy(format!(
                "{MAX_LIVE_CAPTURES} captures are already active in browser {browser}"
            ))
            .hint(words![
                "stop one with ",
                Verb::Debug(A::Stop).with("sessionId", "<id>"),
                " (each session may run one capture), or run more browsers: sessions started with ",
                hint::SESSION_START.with("browser", "<name>"),
                " on another browser in ",
                hint::STATUS,
                ", or a daemon started with ",
                hint::DAEMON_START.with("browsers", "N")
            ])),
        }
    }

    /// Starts capturing `tab` of `session`. Capture starts now: earlier traffic is not there.
    pub async fn start(
        &self,
        host: &CaptureHost,
        session: &Session,
        tab: &Arc<Tab>,
        recording: Recording,
    ) -> Result<RunInfo> {
        let Recording {
            name,
            limits,
            workers,
            screenshots,
        } = recording;
        let _one_at_a_time = self.starting.lock().await;
        tab.ensure_alive()?;
        if let Some(active) = self
            .of_task(session.task_id)
            .into_iter()
            .find(|h| h.capture.lock().is_active())
        {
            return Err(Failure::invalid_input(format!(
                "capture {} is already running in session {}",
                active.run_id, session.id
            ))
            .hint(words![
                "stop it with ",
                Verb::Debug(A::Stop).with("sessionId", session.id.as_str()),
                " first"
            ]));
        }
        let cdp = &host.cdp;
        self.make_room(&host.browser)?;
        self.make_budget_room(&limits)?;
        let seq = self.next.fetch_add(1, Ordering::Relaxed);
        let run_id = new_run_id(now_ms(), seq);
        let url = tab.state().url;
        let taken: Vec<String> = self
            .held
            .iter()
            .filter_map(|h| h.capture.lock().run_info().name)
            .collect();
        let unnamed_before_a_page =
            name.is_none() && !bsk_actors::model::naming::names_a_page(&url);
        let name = distinct_name(
            name.unwrap_or_else(|| default_capture_name(&url, now_ms())),
            &taken,
        );
        let mut capture = Capture::with_limits(
            RunMeta {
                run_id: run_id.clone(),
                session: session.id.clone(),
                task_id: session.task_id,
                name: Some(name),
                tab_id: tab.target_id.clone(),
                started_at: now_ms(),
            },
            limits,
        );
        capture.user_agent = cdp
            .call(None, "Browser.getVersion", json!({}))
            .await
            .ok()
            .and_then(|v| v["userAgent"].as_str().map(str::to_string));
        capture.coverage.late_start = !(url.is_empty() || url == "about:blank");
        capture.name_from_first_page = unnamed_before_a_page;
        // What the tab runs under from the first request on.
        capture
            .emulation
            .set(0, tab.emulation().emulation.clone().into());
        capture.coverage.workers = workers;
        capture.coverage.screenshots = screenshots;
        let own_context = session.browser_context.is_some()
            && tab.ownership != bsk_schema::ipc::TabOwnership::Borrowed;
        capture.coverage.shared_workers_not_covered = workers && !own_context;
        let capture = SharedCapture::new(capture);
        let tap = CaptureTap::start(
            capture.clone(),
            Arc::new(CdpCommander::new(cdp.clone())),
            host.sink.clone(),
            tab.session_id.clone(),
            workers,
        );
        tab.set_capture(Some(tap.clone()));
        // Enable evidence domains: the page first, then iframe targets already attached (late:
        // their earliest requests happened before capture).
        let root = Some(tab.session_id.as_str());
        let mut replies = vec![
            cdp.send(root, "Network.enable", network_enable()).await,
            cdp.send(root, "Log.enable", json!({})).await,
        ];
        for child in tab.children() {
            let admitted = tap.admit_iframe(&child.session_id);
            tap.target_attached(
                child.session_id.clone(),
                child.frame_id.clone(),
                admitted,
                true,
            );
            if admitted {
                for (method, params) in target_setup() {
                    replies.push(cdp.send(Some(&child.session_id), method, params).await);
                }
            }
        }
        for reply in replies {
            if let Err(e) = reply.wait().await {
                tracing::warn!(error = %e, "capture set-up command failed");
            }
        }
        let held = Arc::new(Held {
            run_id: run_id.clone(),
            task_id: session.task_id,
            tab_id: tab.target_id.clone(),
            browser: host.browser.clone(),
            seq,
            capture,
            tap,
            tab: Arc::downgrade(tab),
        });
        self.held.insert(run_id.clone(), held.clone());
        // A capture that ends by itself (a panic in its actors, a crashed renderer) leaves the
        // tab as a stop would: nothing fed to it any more, its own domain (`Log`) off.
        let (ended, tab_of_capture) = (held.tap.clone(), Arc::downgrade(tab));
        crate::tasks::spawn_watched("capture end watcher", async move {
            ended.stopped().await;
            let Some(tab) = tab_of_capture.upgrade() else {
                return;
            };
            if !tab.capture().is_some_and(|t| t.same_capture(&ended)) {
                return; // stopped through `finish`, which cleaned up already
            }
            tab.set_capture(None);
            if tab.ensure_alive().is_ok() {
                for session in tab.sessions() {
                    let _ = tab.call_in(&session, "Log.disable", json!({})).await;
                }
            }
        });
        tracing::info!(run_id = %run_id, session = %session.id, tab = %tab.target_id, "capture started");
        Ok(held.capture.lock().run_info())
    }

    /// Ends a held capture with `reason`: the actors stop, pending work is marked unfinished, the
    /// final checkpoint is written, and the capture's own domain, `Log`, is turned off again.
    /// The domains the normal workflow shares stay on: `Page`, `Runtime` and `Network` (settling
    /// and `wait --network-idle` read it; its buffers end when the tab is detached).
    async fn finish(&self, held: &Held, reason: StopReason) -> RunInfo {
        let tab = held.tab.upgrade();
        if let Some(tab) = &tab
            && tab.capture().is_some_and(|t| t.same_capture(&held.tap))
        {
            tab.set_capture(None);
        }
        // The actors first: pending body reads are cancelled while the browser still has the
        // bodies, so they end as `capture_stopped`, not as a missing browser buffer.
        let _ = held.tap.stop(reason).await;
        if let Some(tab) = tab
            && tab.ensure_alive().is_ok()
        {
            for session in tab.sessions() {
                let _ = tab.call_in(&session, "Log.disable", json!({})).await;
            }
        }
        let info = held.capture.lock().run_info();
        // What a grid operator reads when a remote browser went away: which capture ended, why,
        // and whether its record reached history (its final checkpoint was attempted on stop).
        tracing::info!(
            run = %info.run_id,
            session = %info.session,
            reason = %info.stop_reason.as_ref().map(StopReason::kind).unwrap_or_default(),
            checkpoints = info.history.checkpoints,
            history = %info.history.reason.as_deref().unwrap_or("available"),
            "capture ended"
        );
        info
    }

    /// `bsk debug stop`: the given or latest active capture of the session, ended for `reason`
    /// (`Stopped`, or `StoppedFromExtension` when the popup asked).
    pub async fn stop(
        &self,
        session: &Session,
        run_id: Option<&str>,
        tab_id: Option<&str>,
        reason: StopReason,
    ) -> Result<RunInfo> {
        let held = match run_id {
            Some(run_id) => self.get(session, Some(run_id), tab_id)?,
            None => self
                .of_task(session.task_id)
                .into_iter()
                .rev()
                .find(|h| h.capture.lock().is_active() && tab_id.is_none_or(|tab| h.tab_id == tab))
                .ok_or_else(|| no_active(session))?,
        };
        if !held.capture.lock().is_active() {
            return Ok(held.capture.lock().run_info());
        }
        Ok(self.finish(&held, reason).await)
    }

    /// Ends every active capture of a task (session ended, tab returned or closed, browser gone).
    pub async fn stop_task(&self, task_id: u64, reason: StopReason) {
        for held in self.of_task(task_id) {
            if held.capture.lock().is_active() {
                self.finish(&held, reason.clone()).await;
            }
        }
    }

    /// Ends the active captures of one tab.
    pub async fn stop_tab(&self, tab_id: &str, reason: StopReason) {
        let held: Vec<Arc<Held>> = self
            .held
            .iter()
            .filter(|h| h.tab_id == tab_id)
            .map(|h| h.value().clone())
            .collect();
        for held in held {
            if held.capture.lock().is_active() {
                self.finish(&held, reason.clone()).await;
            }
        }
    }

    /// The capture a read names: `--run-id`, else the session's latest capture of `--tab-id`,
    /// else the session's latest one.
    pub fn get(
        &self,
        session: &Session,
        run_id: Option<&str>,
        tab_id: Option<&str>,
    ) -> Result<Arc<Held>> {
        let Some(run_id) = run_id else {
            return self
                .of_task(session.task_id)
                .into_iter()
                .rev()
                .find(|h| tab_id.is_none_or(|tab| h.tab_id == tab))
                .ok_or_else(|| match tab_id {
                    Some(tab) => Failure::not_found(format!(
                        "session {} has no capture of tab {tab}",
                        session.id
                    ))
                    .hint(words![
                        "start one with ",
                        Verb::Debug(A::Start)
                            .with("sessionId", session.id.as_str())
                            .with("tabId", tab),
                        ", or list the session's captures with ",
                        Verb::Debug(A::Status).with("sessionId", session.id.as_str())
                    ]),
                    None => no_capture(session),
                });
        };
        let held =
            self.held
                .get(run_id)
                .filter(|h| h.task_id == session.task_id)
                .map(|h| h.value().clone())
                .ok_or_else(|| {
                    Failure::not_found(format!("no capture {run_id} in session {}", session.id))
                        .hint(words![
                            "list this session's captures with ",
                            Verb::Debug(A::Status).with("sessionId", session.id.as_str())
                        ])
                })?;
        if let Some(tab) = tab_id
            && held.tab_id != tab
        {
            return Err(Failure::invalid_input(format!(
                "capture {run_id} records tab {}, not tab {tab}",
                held.tab_id
            ))
            .hint(words![
                "pass either ",
                Arg::named("runId"),
                " or ",
                Arg::named("tabId"),
                ", or the pair ",
                Verb::Debug(A::Status).run(),
                " shows"
            ]));
        }
        Ok(held)
    }

    /// The capture holding record `id` (a request, console entry or operation), and the id
    /// within it. An id is unique across the daemon's captures in its qualified form,
    /// `<run id>/<id>` (`run-20261130-120000-ab3cd/r6`); a short `r6` is accepted where exactly
    /// one of the captures in scope holds it, and refused as ambiguous otherwise.
    pub fn find(
        &self,
        session: &Session,
        run_id: Option<&str>,
        tab_id: Option<&str>,
        id: &str,
        is_held: impl Fn(&Capture, &str) -> bool,
    ) -> Result<(Arc<Held>, String)> {
        let (run_id, id) = match id.split_once('/') {
            Some((qualified_run, short)) => {
                if let Some(run_id) = run_id
                    && run_id != qualified_run
                {
                    return Err(Failure::invalid_input(words![
                        format!("{id} belongs to capture {qualified_run}, not to "),
                        Arg::new("runId", run_id)
                    ])
                    .hint(words![
                        "a qualified id names its capture: leave ",
                        Arg::named("runId"),
                        " out"
                    ]));
                }
                (Some(qualified_run), short)
            }
            None => (run_id, id),
        };
        let in_scope: Vec<Arc<Held>> = match run_id {
            Some(_) => vec![self.get(session, run_id, tab_id)?],
            None => self
                .of_task(session.task_id)
                .into_iter()
                .filter(|h| tab_id.is_none_or(|tab| h.tab_id == tab))
                .collect(),
        };
        if in_scope.is_empty() {
            return Err(no_capture(session));
        }
        let mut holding: Vec<Arc<Held>> = in_scope
            .into_iter()
            .filter(|h| is_held(&h.capture.lock(), id))
            .collect();
        match holding.len() {
            1 => Ok((holding.remove(0), id.to_string())),
            0 => Err(Failure::not_found(format!(
                "no record {id} in session {}'s captures",
                session.id
            ))
            .hint(words![
                "ids come from ",
                Verb::Debug(A::Requests).run(),
                " and ",
                Verb::Debug(A::Operations).run(),
                "; an evicted record is counted in ",
                Verb::Debug(A::Status).run()
            ])),
            _ => {
                let runs: Vec<String> = holding
                    .iter()
                    .map(|h| format!("{}/{id}", h.run_id))
                    .collect();
                Err(Failure::invalid_input(format!(
                    "{id} is ambiguous: {} of session {}'s captures hold one",
                    runs.len(),
                    session.id
                ))
                .hint(words![
                    format!(
                        "name the capture: pass one of {} as the id, or add ",
                        runs.join(", ")
                    ),
                    Arg::named("runId")
                ]))
            }
        }
    }

    pub fn status(&self, session: &Session) -> Vec<RunInfo> {
        self.of_task(session.task_id)
            .iter()
            .map(|h| h.capture.lock().run_info())
            .collect()
    }

    /// The active capture of a task's tab.
    fn active(&self, task_id: u64, tab_id: &str) -> Option<Arc<Held>> {
        self.held
            .iter()
            .find(|h| {
                h.task_id == task_id
                    && h.tab_id == tab_id
                    && h.capture.lock().state() == CaptureState::Active
            })
            .map(|h| h.value().clone())
    }

    /// The active capture of a tab that will record agent operation `op_id`, or why none will:
    /// no capture runs on the tab. Taken before the operation registers, so that a guard can
    /// end it whatever happens from then on.
    pub fn recording(
        &self,
        session: &Session,
        tab_id: &str,
        op_id: u64,
    ) -> std::result::Result<OperationRecording, &'static str> {
        let held = self
            .active(session.task_id, tab_id)
            .ok_or("no capture runs on this tab; start one to record operations")?;
        Ok(OperationRecording {
            tap: held.tap.clone(),
            op_id,
        })
    }

    /// The capture that recorded `operation`, while it is active and keeps a picture after each
    /// operation (`--screenshots`).
    pub fn filming(&self, operation: &OperationRef) -> Option<SharedCapture> {
        let (run_id, _) = operation.qualified.split_once('/')?;
        let held = self.held.get(run_id)?;
        held.capture
            .lock()
            .records_pictures()
            .then(|| held.capture.clone())
    }

    /// An operation of `tab_id` the capture could not name in time (it was flooded): its
    /// picture is not taken, and a capture that keeps pictures counts it dropped.
    pub fn picture_not_taken(&self, task_id: u64, tab_id: &str) {
        if let Some(held) = self.active(task_id, tab_id) {
            let mut capture = held.capture.lock();
            if capture.records_pictures() {
                capture.picture_dropped();
            }
        }
    }

    /// From `at` on, the tab runs under `emulation`: the active capture of the tab, if any,
    /// stamps the requests and operations that start from then with it.
    pub fn emulated(&self, task_id: u64, tab_id: &str, at: u64, emulation: &Emulation) {
        if let Some(held) = self.active(task_id, tab_id) {
            held.capture
                .lock()
                .emulation
                .set(at, Some(emulation.clone()));
        }
    }

    /// What a registered operation caused so far, from the capture that recorded it (which may
    /// have stopped since: then it has no brief).
    pub async fn brief(&self, operation: &OperationRef) -> Option<Caused> {
        let (run_id, id) = operation.qualified.split_once('/')?;
        let tap = self.held.get(run_id).map(|h| h.tap.clone())?;
        tap.brief(id).await
    }

    /// Test-only fault hook, refused unless the daemon runs with test hooks on. Answers
    /// once the capture has ended (within 10 s), so a test knows the panic has taken effect.
    pub async fn fault(&self, session: &Session, run_id: Option<&str>, kind: &str) -> Result<()> {
        if !crate::test_hooks::hooks().faults {
            return Err(Failure::permission("fault injection is for tests only")
                .hint("the daemon must run with BSK_TEST_FAULTS=1"));
        }
        let kind = bsk_actors::capture::ActorKind::parse(kind).ok_or_else(|| {
            Failure::invalid_input(format!("no actor kind `{kind}`"))
                .hint("tab, target, body_pool, checkpoint or observer")
        })?;
        let held = self.get(session, run_id, None)?;
        held.tap.fault(kind);
        let _ = tokio::time::timeout(Duration::from_secs(10), async {
            while held.capture.lock().is_active() {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        Ok(())
    }
}

/// An agent operation the capture of its tab records: registered before its input
/// ([`OperationRecording::register`]), ended once its input was dispatched ([`OperationRecording::end`]). The
/// capture may record it even when it did not answer the registration in time, so it is ended
/// either way.
#[derive(Debug)]
pub struct OperationRecording {
    tap: CaptureTap,
    op_id: u64,
}

impl OperationRecording {
    /// Registers the operation (`op` as recorded: secrets already replaced) and answers its id
    /// in the capture, or why the capture did not say it in time.
    pub async fn register(
        &self,
        op: &bsk_schema::ops::Operation,
        page_text: Option<String>,
        acted_on: Vec<bsk_schema::capture::ActedOn>,
    ) -> std::result::Result<OperationRef, &'static str> {
        let params = serde_json::to_value(op).unwrap_or_default();
        self.tap
            .register(
                self.op_id,
                op.name().to_string(),
                params,
                now_ms(),
                page_text,
                acted_on,
            )
            .await
            .map(|(id, run_id)| OperationRef {
                qualified: format!("{run_id}/{id}"),
                id,
            })
            .ok_or("the capture did not answer in time (it is flooded with events)")
    }

    /// Ends the operation: `outcome` is its one line or its error, `at` when its input was
    /// dispatched. A direct message to the capture, never dropped for want of room; one for an
    /// operation the capture never registered is ignored.
    pub async fn end(&self, outcome: std::result::Result<String, String>, at: u64) {
        self.tap.end_operation(self.op_id, outcome, at).await;
    }
}

fn no_capture(session: &Session) -> Failure {
    Failure::not_found(format!("session {} has no capture", session.id)).hint(words![
        "start one before reproducing the bug: ",
        Verb::Debug(A::Start).with("sessionId", session.id.as_str())
    ])
}

fn no_active(session: &Session) -> Failure {
    Failure::not_found(format!("session {} has no running capture", session.id)).hint(words![
        "see its captures with ",
        Verb::Debug(A::Status).with("sessionId", session.id.as_str())
    ])
}
