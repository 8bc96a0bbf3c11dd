//! The daemon: one per state dir, auto-spawned by the CLI, serving JSON-line requests on a Unix
//! socket until it has been idle (no session, no request) for its idle period.
//!
//! # Layout
//!
//! - [`server`]: the socket, framing, the lock file, idle exit.
//! - [`handlers`]: one function per [`bsk_schema::Call`].
//! - [`browser`]: the pool of browsers, each launched or attached on need.
//! - [`debug`] and [`evidence`]: `bsk debug …` on a session's captures, and their evidence page.
//! - [`state`]: login state for isolated sessions (`session start --state`, `session save-state`).
//!
//! Browsers: the daemon drives a pool of them (`--browsers N`, several `--cdp-url`s; one by
//! default). Each session lives in one, placed on the one with the fewest sessions; a browser
//! that dies ends only its own sessions and captures, and is launched again when next needed.

mod browser;
mod debug;
mod evidence;
mod handlers;
mod preferences;
pub mod server;
mod state;

use bsk_actors::cdp::EventKind;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dashmap::DashMap;
use serde_json::json;
use tokio::sync::{broadcast, watch};

use bsk_schema::capture::StopReason;

use crate::browser::BrowserSource;
use crate::capture::{CaptureHost, Captures};
use crate::cdp::EventReceiver;
use crate::error::{Failure, Result};
use crate::events::{OPERATION_EVENT_CAPACITY, OperationEvent};
use crate::extension::ExtensionLink;
use crate::extension::link::DaemonView;
use crate::extension::popup::{PopupRequest, PopupRequests};
use crate::paths::Paths;
use crate::session::Session;
use crate::tab::Tab;
use browser::{BrowserConn, BrowserSlot};

/// Sessions remembered after they end, so a late command learns why its session is gone.
const ENDED_SESSIONS_REMEMBERED: usize = 64;

/// The daemon's async worker threads for a pool of `browsers`: `BSK_DAEMON_THREADS` when set to
/// a number, else half the cores but at least one per browser. The daemon's work per event is
/// small and the browsers it drives need the cores more: measured on 2 cores
/// (`docs/performance.md#worker-threads`), one worker spent 13–19% less CPU per captured
/// request than two, because events no longer wake a second thread. But the events of every
/// browser then queue behind each other on that one thread, and so do the replies to body
/// reads: 16 agents on one daemon with 4 browsers lost 2,587 of 3,200 retained bodies to full
/// fetch queues with one worker and 142 with four.
pub fn worker_threads(browsers: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let asked = std::env::var("BSK_DAEMON_THREADS").ok();
    threads_for(cores, asked.as_deref(), browsers)
}

/// [`worker_threads`] on `cores` cores, with `asked` from `BSK_DAEMON_THREADS`.
fn threads_for(cores: usize, asked: Option<&str>, browsers: usize) -> usize {
    asked
        .and_then(|n| n.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
        .unwrap_or((cores / 2).max(browsers))
        .max(1)
}

#[cfg(test)]
mod thread_tests {
    use super::threads_for;

    #[test]
    fn half_the_cores_but_a_worker_per_browser_unless_asked() {
        assert_eq!(threads_for(2, None, 1), 1);
        assert_eq!(threads_for(1, None, 1), 1);
        assert_eq!(threads_for(16, None, 1), 8);
        assert_eq!(threads_for(2, None, 4), 4, "one per browser of the pool");
        assert_eq!(threads_for(16, None, 4), 8);
        assert_eq!(threads_for(2, Some(" 3 "), 4), 3, "the variable wins");
        assert_eq!(threads_for(2, Some("0"), 1), 1, "zero is not a count");
        assert_eq!(threads_for(2, Some("many"), 4), 4);
    }
}

/// How often the daemon checks whether a capture records, to keep or return freed memory.
const RECORDING_CHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// Keeps the memory captures free with the allocator while any records, and returns it to the
/// system once none does ([`crate::heap::keep_freed_memory`]). Ends with the daemon.
async fn keep_freed_memory_while_recording(daemon: std::sync::Weak<Daemon>) {
    let mut keeping = false;
    let mut tick = tokio::time::interval(RECORDING_CHECK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(recording) = daemon.upgrade().map(|d| d.captures.any_active()) else {
            return;
        };
        if recording != keeping {
            tracing::debug!(recording, "keeping freed memory while captures record");
            crate::heap::keep_freed_memory(recording);
            keeping = recording;
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The pool's browsers, in order: `b1`, `b2`, ….
    pub sources: Vec<BrowserSource>,
    /// Exit after this long with no session and no request.
    pub daemon_idle: Duration,
    /// Stop a session nobody has used for this long.
    pub session_idle: Duration,
}

impl Config {
    /// Reads `BSK_DAEMON_IDLE_SECS` (default 600) and `BSK_SESSION_IDLE_SECS` (default 1800).
    pub fn from_env(sources: Vec<BrowserSource>) -> Config {
        let secs = |name: &str, default: u64| {
            Duration::from_secs(
                std::env::var(name)
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(default),
            )
        };
        Config {
            sources,
            daemon_idle: secs("BSK_DAEMON_IDLE_SECS", 600),
            session_idle: secs("BSK_SESSION_IDLE_SECS", 1800),
        }
    }
}

#[derive(Debug)]
pub struct Daemon {
    pub paths: Paths,
    pub config: Config,
    /// The pool, never empty.
    browsers: Vec<Arc<BrowserSlot>>,
    /// Held while choosing a browser for a new session, so the counts it compares are current.
    placement: Mutex<()>,
    sessions: DashMap<String, Arc<Session>>,
    /// Why recently ended sessions ended, newest last.
    ended: Mutex<VecDeque<(String, String)>>,
    /// Operation started / completed / failed, for the capture runtime.
    pub operations: broadcast::Sender<OperationEvent>,
    /// Website-debugging captures, live and recently stopped.
    pub captures: Captures,
    shutdown: watch::Sender<bool>,
}

impl Daemon {
    pub fn new(paths: Paths, mut config: Config) -> Arc<Daemon> {
        if config.sources.is_empty() {
            config
                .sources
                .push(BrowserSource::Launch(crate::browser::Visibility::decide(
                    None, None,
                )));
        }
        let browsers = config
            .sources
            .iter()
            .enumerate()
            .map(|(index, source)| Arc::new(BrowserSlot::new(index, source.clone())))
            .collect();
        let daemon = Arc::new(Daemon {
            paths,
            config,
            browsers,
            placement: Mutex::new(()),
            sessions: DashMap::new(),
            ended: Mutex::new(VecDeque::new()),
            operations: broadcast::channel(OPERATION_EVENT_CAPACITY).0,
            captures: Captures::new(),
            shutdown: watch::Sender::new(false),
        });
        crate::tasks::spawn_watched(
            "operation recorder",
            daemon
                .clone()
                .record_operations(daemon.operations.subscribe()),
        );
        crate::tasks::spawn_watched(
            "freed-memory keeper",
            keep_freed_memory_while_recording(Arc::downgrade(&daemon)),
        );
        daemon
    }

    /// Hands every operation event to the capture of its tab, counting any it fell behind on.
    async fn record_operations(self: Arc<Self>, mut events: broadcast::Receiver<OperationEvent>) {
        loop {
            match events.recv().await {
                Ok(event) => self.captures.on_operation(&event),
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    self.captures.count_missed_operations(missed)
                }
                Err(broadcast::error::RecvError::Closed) => return,
            }
        }
    }

    /// The browser of the pool named `name`.
    fn slot(&self, name: &str) -> Result<Arc<BrowserSlot>> {
        self.browsers
            .iter()
            .find(|slot| slot.name == name)
            .cloned()
            .ok_or_else(|| {
                let names: Vec<&str> = self.browsers.iter().map(|b| b.name.as_str()).collect();
                Failure::not_found(format!("no browser {name} in this daemon's pool")).hint(
                    format!(
                        "its browsers are {}; `bsk status` shows each one's sessions",
                        names.join(", ")
                    ),
                )
            })
    }

    /// The connected browser of `session`, launching it again if it went away.
    async fn browser_of(self: &Arc<Self>, session: &Session) -> Result<Arc<BrowserConn>> {
        self.connect(&self.slot(&session.browser)?).await
    }

    /// Where a capture of `session` records: its browser and that browser's extension.
    async fn capture_host(self: &Arc<Self>, session: &Session) -> Result<CaptureHost> {
        let slot = self.slot(&session.browser)?;
        let conn = self.connect(&slot).await?;
        Ok(slot.host(&conn))
    }

    /// The first browser of the pool, connected: where the history list opens for a person.
    async fn first_browser(self: &Arc<Self>) -> Result<(Arc<BrowserSlot>, Arc<BrowserConn>)> {
        let slot = self.browsers[0].clone();
        let conn = self.connect(&slot).await?;
        Ok((slot, conn))
    }

    /// Live sessions placed on `slot`.
    fn sessions_of(&self, slot: &BrowserSlot) -> Vec<Arc<Session>> {
        self.sessions
            .iter()
            .filter(|s| s.browser == slot.name)
            .map(|s| s.clone())
            .collect()
    }

    /// Chooses the browser for a new session: `pinned`, else the one with the fewest sessions
    /// (counting those being started) that is not down; a browser that fails to launch or
    /// attach is marked down and the next one tried. The returned guard counts the session as
    /// being placed until it is dropped.
    async fn place(
        self: &Arc<Self>,
        pinned: Option<&str>,
    ) -> Result<(Arc<BrowserSlot>, Arc<BrowserConn>, Placing)> {
        if let Some(name) = pinned {
            let slot = self.slot(name)?;
            let placing = Placing::new(&slot);
            let conn = self.connect(&slot).await?;
            return Ok((slot, conn, placing));
        }
        let mut failures: Vec<(String, Failure)> = Vec::new();
        loop {
            let chosen = {
                let _choosing = self.placement.lock().unwrap_or_else(|p| p.into_inner());
                let tried =
                    |slot: &BrowserSlot| failures.iter().any(|(name, _)| *name == slot.name);
                let chosen = self
                    .browsers
                    .iter()
                    .enumerate()
                    .filter(|(_, slot)| !tried(slot))
                    .min_by_key(|(index, slot)| {
                        let load = self.sessions_of(slot).len()
                            + slot.placing.load(std::sync::atomic::Ordering::Relaxed);
                        (slot.is_down(), load, *index)
                    })
                    .map(|(_, slot)| slot.clone());
                chosen.map(|slot| (Placing::new(&slot), slot))
            };
            let Some((placing, slot)) = chosen else {
                return Err(no_browser(failures));
            };
            match self.connect(&slot).await {
                Ok(conn) => return Ok((slot, conn, placing)),
                Err(failure) => failures.push((slot.name.clone(), failure)),
            }
        }
    }

    /// The browser of `slot`, launching or reattaching if there is none or it went away. A
    /// failure marks it down, so placement passes over it for a while.
    async fn connect(self: &Arc<Self>, slot: &Arc<BrowserSlot>) -> Result<Arc<BrowserConn>> {
        let mut current = slot.conn.lock().await;
        if let Some(conn) = current.as_ref().filter(|c| !c.cdp.is_closed()) {
            return Ok(conn.clone());
        }
        let (conn, events) = match BrowserConn::open(slot, &self.paths).await {
            Ok(opened) => opened,
            Err(failure) => {
                tracing::warn!(browser = %slot.name, error = %failure.0.message, "browser could not be started");
                slot.mark_down(failure.0.message.clone());
                return Err(failure);
            }
        };
        slot.mark_up();
        let (daemon, name) = (Arc::downgrade(self), slot.name.clone());
        let view: DaemonView = Arc::new(move || {
            daemon
                .upgrade()
                .and_then(|d| {
                    let slot = d.slot(&name).ok()?;
                    Some((d.captures.active_run_ids(&name), d.link_sessions(&slot)))
                })
                .unwrap_or_default()
        });
        let (daemon, name) = (Arc::downgrade(self), slot.name.clone());
        let popup: PopupRequests = Arc::new(move |request| {
            let (daemon, name) = (daemon.clone(), name.clone());
            Box::pin(async move {
                match daemon.upgrade() {
                    Some(daemon) => daemon.popup_request(&name, request).await,
                    None => {
                        serde_json::json!({ "ok": false, "error": { "code": "internal", "message": "the daemon is stopping" } })
                    }
                }
            })
        });
        slot.extension
            .set(Some(ExtensionLink::start(conn.cdp.clone(), view, popup)));
        crate::tasks::spawn_watched(
            "browser watcher",
            self.clone()
                .watch_browser(slot.clone(), conn.clone(), events),
        );
        // Every new page starts paused and attached, so a popup or new tab a session's page
        // opens is the session's, set up before it runs; any other page is let go at once.
        // Shared workers too: one in a session's private context joins the capture of the
        // session's tab that records workers; any other is let go at once.
        let new_pages = json!({
            "autoAttach": true,
            "waitForDebuggerOnStart": true,
            "flatten": true,
            "filter": [{ "type": "page" }, { "type": "shared_worker" }],
        });
        if let Err(e) = conn.cdp.call(None, "Target.setAutoAttach", new_pages).await {
            tracing::warn!(error = %e, "cannot follow new pages: popups will not join their session");
        }
        *current = Some(conn.clone());
        Ok(conn)
    }

    /// Quick Actions → Website debugging in the popup: start or stop capture on a live session's
    /// tab, exactly as `bsk debug start/stop --session` would.
    async fn popup_request(
        self: Arc<Self>,
        browser: &str,
        request: PopupRequest,
    ) -> serde_json::Value {
        tracing::info!(session = %request.session, action = %request.action, "popup request");
        let outcome = async {
            let session = self.session(&request.session)?;
            if session.browser != browser {
                return Err(Failure::permission(format!(
                    "session {} runs in another browser of the pool ({})",
                    session.id, session.browser
                )));
            }
            match request.action.as_str() {
                // The browser this request came through: never launches one.
                "debug.start" => {
                    let slot = self.slot(browser)?;
                    let conn = slot.current().await.ok_or_else(|| {
                        Failure::browser("the browser is not connected to the daemon")
                    })?;
                    let host = slot.host(&conn);
                    let tab = session.tab(None)?;
                    let run = self
                        .captures
                        .start(
                            &host,
                            &session,
                            &tab,
                            request.name.clone(),
                            bsk_actors::bounds::default_limits(),
                            request.workers,
                        )
                        .await?;
                    Ok(serde_json::to_value(run).unwrap_or_default())
                }
                "debug.stop" => {
                    let run = self
                        .captures
                        .stop(&session, None, None, StopReason::StoppedFromExtension)
                        .await?;
                    Ok(serde_json::to_value(run).unwrap_or_default())
                }
                other => Err(Failure::invalid_input(format!(
                    "unknown popup action {other}"
                ))),
            }
        };
        match outcome.await {
            Ok(result) => serde_json::json!({ "ok": true, "result": result }),
            Err(failure) => serde_json::json!({ "ok": false, "error": failure.0 }),
        }
    }

    /// The live sessions of `slot` with their latest capture, for its extension's popup.
    fn link_sessions(&self, slot: &BrowserSlot) -> Vec<bsk_schema::link::LinkSession> {
        let mut sessions = self.sessions_of(slot);
        sessions.sort_by_key(|s| s.started_at);
        sessions
            .iter()
            .map(|session| bsk_schema::link::LinkSession {
                id: session.id.clone(),
                name: session.name.clone(),
                // Redacted and bounded: the extension keeps heartbeats in its storage.
                url: session
                    .tabs()
                    .first()
                    .map(|tab| link_url(&tab.state().url))
                    .unwrap_or_default(),
                capture: self.captures.latest_of_task(session.task_id).map(|run| {
                    bsk_schema::link::LinkCapture {
                        run_id: run.run_id,
                        name: run.name,
                        state: run.state,
                        requests: run.requests,
                        console: run.console,
                    }
                }),
            })
            .collect()
    }

    /// Follows browser-level events: a tab closed under a session, or the browser gone.
    async fn watch_browser(
        self: Arc<Self>,
        slot: Arc<BrowserSlot>,
        conn: Arc<BrowserConn>,
        mut events: EventReceiver,
    ) {
        while let Some(event) = events.recv().await {
            if event.kind == EventKind::AttachedToTarget
                && event.value()["waitingForDebugger"] == true
            {
                let (daemon, slot, conn) = (self.clone(), slot.clone(), conn.clone());
                crate::tasks::spawn_watched("new page", async move {
                    daemon.on_new_page(&slot, &conn, &event).await;
                });
                continue;
            }
            if event.kind == EventKind::DetachedFromTarget
                && slot
                    .released_pages
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(&*event.str("sessionId"))
            {
                continue;
            }
            if event.kind == EventKind::DetachedFromTarget
                && self.sessions_of(&slot).iter().any(|session| {
                    session
                        .tabs()
                        .iter()
                        .any(|tab| tab.shared_worker_detached(&event.str("sessionId")))
                })
            {
                continue;
            }
            if event.kind == EventKind::DetachedFromTarget {
                if let Some(link) = slot.extension.link() {
                    link.on_detached(&event.str("sessionId"));
                }
                self.on_tab_detached(&slot, &event.str("sessionId"), &event.str("targetId"))
                    .await;
            }
        }
        tracing::warn!(browser = %slot.name, "browser connection ended");
        // Only this browser's sessions end; the pool's others go on.
        let reason = if self.browsers.len() > 1 {
            format!("its browser {} exited or crashed", slot.name)
        } else {
            "the browser exited or crashed".to_string()
        };
        let ended = self.sessions_of(&slot);
        for session in &ended {
            if self.sessions.remove(&session.id).is_some() {
                for tab in session.tabs() {
                    tab.mark_gone(&reason);
                }
                self.remember_ended(&session.id, &reason);
            }
        }
        let stops = ended.iter().map(|session| {
            self.captures
                .stop_task(session.task_id, StopReason::BrowserDisconnected)
        });
        futures_util::future::join_all(stops).await;
        slot.released_pages
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clear();
        if let Some(child) = conn.child.lock().await.as_mut() {
            let _ = child.kill().await;
        }
    }

    /// A new page, attached and paused by the browser-level auto-attach. Opened by a session's
    /// tab, it joins that session (and its running capture) before it runs; otherwise it is
    /// resumed and let go at once.
    async fn on_new_page(
        self: Arc<Self>,
        slot: &BrowserSlot,
        conn: &BrowserConn,
        event: &crate::cdp::CdpEvent,
    ) {
        let auto_session = event.str("sessionId").to_string();
        let params = event.value();
        let info = &params["targetInfo"];
        let target_id = info["targetId"].as_str().unwrap_or_default();
        if info["type"] == "shared_worker" {
            let context = info["browserContextId"].as_str().unwrap_or_default();
            let url = info["url"].as_str().unwrap_or_default();
            // Only a session's private context is the session's alone: a shared worker of the
            // person's own context may serve pages no session owns.
            let recording = self
                .sessions_of(slot)
                .into_iter()
                .filter(|s| !context.is_empty() && s.browser_context.as_deref() == Some(context))
                .flat_map(|s| s.tabs())
                .filter(|tab| tab.ownership != bsk_schema::ipc::TabOwnership::Borrowed)
                .find(|tab| tab.capture().is_some_and(|tap| tap.records_workers()));
            if let Some(tab) = recording {
                tab.adopt_shared_worker(&auto_session, target_id, url).await;
                return;
            }
        }
        let opener = info["openerId"].as_str().and_then(|opener| {
            self.sessions_of(slot)
                .into_iter()
                .find(|s| s.owns(opener))
                .map(|s| (s.clone(), opener.to_string()))
        });
        if let Some((session, opener)) = opener {
            let follow = self.captures.active_tap(&opener);
            match Tab::adopt_popup(
                &conn.cdp,
                target_id,
                auto_session.clone(),
                session.dialogs,
                &opener,
                follow,
            )
            .await
            {
                Ok(tab) => {
                    if session.ignores_certificate_errors() {
                        let _ = tab
                            .call(
                                "Security.setIgnoreCertificateErrors",
                                json!({ "ignore": true }),
                            )
                            .await;
                    }
                    tracing::info!(session = %session.id, tab = %target_id, %opener, "a popup joined its session");
                    session.add_tab(tab);
                    return;
                }
                Err(e) => {
                    tracing::warn!(error = %e, tab = %target_id, "could not adopt a popup; letting it go");
                }
            }
        }
        slot.released_pages
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(auto_session.clone());
        let s = Some(auto_session.as_str());
        let _ = conn
            .cdp
            .call(s, "Runtime.runIfWaitingForDebugger", json!({}))
            .await;
        let _ = conn
            .cdp
            .call(
                None,
                "Target.detachFromTarget",
                json!({ "sessionId": auto_session }),
            )
            .await;
    }

    /// A tab detached without the session asking: closed by the user, or crashed.
    async fn on_tab_detached(&self, slot: &BrowserSlot, cdp_session: &str, target_id: &str) {
        let owner = self.sessions_of(slot).into_iter().find_map(|s| {
            s.tabs()
                .into_iter()
                .find(|t| t.session_id == cdp_session || t.target_id == target_id)
                .map(|t| (s.clone(), t))
        });
        let Some((session, tab)) = owner else { return };
        tab.mark_gone("the tab was closed");
        let created = session
            .tabs()
            .first()
            .is_some_and(|first| first.target_id == tab.target_id);
        if created {
            tracing::info!(session = %session.id, "session's tab closed; ending the session");
            self.end_session(&session, "its tab was closed", StopReason::TabClosed)
                .await;
        } else {
            session.remove_tab(&tab.target_id);
            // A popup leaves the opener's capture that followed it, freeing its target place.
            if let Some(tap) = tab.followed_by() {
                tap.target_detached(tab.session_id.clone());
            }
            self.captures
                .stop_tab(&tab.target_id, StopReason::TabClosed)
                .await;
        }
    }

    fn remember_ended(&self, id: &str, reason: &str) {
        let mut ended = self.ended.lock().unwrap_or_else(|p| p.into_inner());
        ended.retain(|(ended_id, _)| ended_id != id);
        ended.push_back((id.to_string(), reason.to_string()));
        while ended.len() > ENDED_SESSIONS_REMEMBERED {
            ended.pop_front();
        }
    }

    /// The live session `id`, or an error that says why there is none.
    pub fn session(&self, id: &str) -> Result<Arc<Session>> {
        if let Some(session) = self.sessions.get(id) {
            session.touch();
            return Ok(session.clone());
        }
        let ended = self.ended.lock().unwrap_or_else(|p| p.into_inner());
        match ended.iter().rev().find(|(ended_id, _)| ended_id == id) {
            Some((_, reason)) if reason.contains("browser") => Err(Failure::browser(format!(
                "session {id} ended: {reason}"
            ))
            .hint("start a new session with `bsk session start`; bsk launches the browser again")),
            Some((_, reason)) => Err(Failure::not_found(format!("session {id} ended: {reason}"))
                .hint("start a new session with `bsk session start`")),
            None => Err(Failure::not_found(format!("no session {id}")).hint(
                "list sessions with `bsk session list`, or start one with `bsk session start`",
            )),
        }
    }

    /// Ends a session: closes the tab it created and returns the tabs it borrowed.
    async fn end_session(
        &self,
        session: &Arc<Session>,
        reason: &str,
        stop: StopReason,
    ) -> Vec<String> {
        if self.sessions.remove(&session.id).is_none() {
            return Vec::new();
        }
        self.remember_ended(&session.id, reason);
        self.captures.stop_task(session.task_id, stop).await;
        let mut returned = Vec::new();
        for tab in session.tabs() {
            match tab.ownership {
                bsk_schema::ipc::TabOwnership::Borrowed => {
                    tab.detach().await;
                    returned.push(tab.target_id.clone());
                }
                _ => tab.close().await,
            }
            tab.mark_gone(&format!("session {} ended", session.id));
        }
        if let Ok(slot) = self.slot(&session.browser)
            && let Some(conn) = slot.current().await
        {
            handlers::dispose_context(&conn.cdp, session.browser_context.as_deref()).await;
        }
        returned
    }

    /// Stops sessions idle past their timeout. Returns whether the daemon itself is idle.
    async fn reap_idle_sessions(&self) {
        let idle: Vec<Arc<Session>> = self
            .sessions
            .iter()
            .filter(|s| s.idle_for() > self.config.session_idle)
            .map(|s| s.clone())
            .collect();
        for session in idle {
            tracing::info!(session = %session.id, "stopping idle session");
            self.end_session(
                &session,
                "it was idle past its timeout (BSK_SESSION_IDLE_SECS)",
                StopReason::SessionEnded,
            )
            .await;
        }
    }

    /// Whether the daemon launched a browser with windows that is still running.
    pub async fn has_visible_browser(&self) -> bool {
        for slot in &self.browsers {
            if slot
                .current()
                .await
                .is_some_and(|conn| conn.is_visible(&slot.effective_source()))
            {
                return true;
            }
        }
        false
    }

    pub fn has_sessions(&self) -> bool {
        !self.sessions.is_empty()
    }

    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }

    pub fn request_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Ends every session and the launched browser.
    pub async fn shutdown(&self) {
        let sessions: Vec<Arc<Session>> = self.sessions.iter().map(|s| s.clone()).collect();
        for session in sessions {
            self.end_session(&session, "the daemon stopped", StopReason::DaemonShutdown)
                .await;
        }
        for slot in &self.browsers {
            if let Some(conn) = slot.conn.lock().await.take() {
                conn.shutdown().await;
            }
        }
    }
}

/// Counts a session as being placed on a browser until dropped.
struct Placing(Arc<BrowserSlot>);

impl Placing {
    fn new(slot: &Arc<BrowserSlot>) -> Placing {
        slot.placing
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Placing(slot.clone())
    }
}

impl Drop for Placing {
    fn drop(&mut self) {
        self.0
            .placing
            .fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    }
}

/// No browser of the pool could be started: each one's reason.
fn no_browser(mut failures: Vec<(String, Failure)>) -> Failure {
    if failures.len() == 1 {
        return failures.remove(0).1;
    }
    let reasons: Vec<String> = failures
        .iter()
        .map(|(name, failure)| format!("{name}: {}", failure.0.message))
        .collect();
    Failure::browser(format!(
        "no browser of the pool could be started ({})",
        reasons.join("; ")
    ))
    .hint("`bsk status` shows each browser; check the --cdp-url endpoints, or `bsk daemon stop` and start again")
}

/// Characters of a tab's URL that a heartbeat carries at most (a `data:` URL can be megabytes).
const LINK_URL_CHARS: usize = 2048;

/// A tab's URL as the extension may store it: redacted, and cut to [`LINK_URL_CHARS`].
fn link_url(url: &str) -> String {
    bsk_actors::model::redact::url_within(url, LINK_URL_CHARS)
}

#[cfg(test)]
mod link_url_tests {
    use super::{LINK_URL_CHARS, link_url};

    #[test]
    fn a_heartbeat_url_is_redacted_and_bounded() {
        assert_eq!(
            link_url("https://u:pw@a.test/cb?code=1&token=t-9#access_token=x-2"),
            link_url(&link_url(
                "https://u:pw@a.test/cb?code=1&token=t-9#access_token=x-2"
            )),
        );
        let url = link_url("https://u:pw@a.test/cb?token=t-9#access_token=x-2");
        for secret in ["pw", "t-9", "x-2"] {
            assert!(!url.contains(secret), "{secret} in {url}");
        }
        let huge = format!("data:text/html,{}", "é".repeat(100_000));
        assert_eq!(link_url(&huge).chars().count(), LINK_URL_CHARS + 1);
        assert_eq!(link_url("about:blank"), "about:blank");
    }
}
