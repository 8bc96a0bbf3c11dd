//! The daemon: one per state dir, auto-spawned by the CLI, serving JSON-line requests on a Unix
//! socket until it has been idle (no session, no request) for its idle period.
//!
//! # Layout
//!
//! - [`server`]: the socket, framing, the lock file, idle exit.
//! - [`handlers`]: one function per [`bsk_schema::Call`].
//! - [`browser`]: launching or attaching to the browser, and noticing when it goes away.
//! - [`debug`] and [`evidence`]: `bsk debug …` on a session's captures, and their evidence page.

mod browser;
mod debug;
mod evidence;
mod handlers;
pub mod server;
mod state;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dashmap::DashMap;
use serde_json::json;
use tokio::sync::{broadcast, watch};

use bsk_schema::capture::StopReason;

use crate::browser::BrowserSource;
use crate::capture::Captures;
use crate::cdp::EventReceiver;
use crate::error::{Failure, Result};
use crate::events::{OPERATION_EVENT_CAPACITY, OperationEvent};
use crate::extension::link::DaemonView;
use crate::extension::popup::{PopupRequest, PopupRequests};
use crate::extension::{ExtensionLink, ExtensionSink};
use crate::paths::Paths;
use crate::session::Session;
use crate::tab::Tab;
use browser::BrowserConn;

/// Sessions remembered after they end, so a late command learns why its session is gone.
const ENDED_SESSIONS_REMEMBERED: usize = 64;

#[derive(Debug, Clone)]
pub struct Config {
    pub source: BrowserSource,
    /// Exit after this long with no session and no request.
    pub daemon_idle: Duration,
    /// Stop a session nobody has used for this long.
    pub session_idle: Duration,
}

impl Config {
    /// Reads `BSK_DAEMON_IDLE_SECS` (default 600) and `BSK_SESSION_IDLE_SECS` (default 1800).
    pub fn from_env(source: BrowserSource) -> Config {
        let secs = |name: &str, default: u64| {
            Duration::from_secs(
                std::env::var(name)
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(default),
            )
        };
        Config {
            source,
            daemon_idle: secs("BSK_DAEMON_IDLE_SECS", 600),
            session_idle: secs("BSK_SESSION_IDLE_SECS", 1800),
        }
    }
}

#[derive(Debug)]
pub struct Daemon {
    pub paths: Paths,
    pub config: Config,
    /// Held while (re)connecting, so concurrent session starts launch one browser.
    browser: tokio::sync::Mutex<Option<Arc<BrowserConn>>>,
    sessions: DashMap<String, Arc<Session>>,
    /// Why recently ended sessions ended, newest last.
    ended: Mutex<VecDeque<(String, String)>>,
    /// Operation started / completed / failed, for the capture runtime.
    pub operations: broadcast::Sender<OperationEvent>,
    /// Website-debugging captures, live and recently stopped.
    pub captures: Captures,
    /// Where captures checkpoint: the bsk extension of the current browser, over its link.
    extension: ExtensionSink,
    shutdown: watch::Sender<bool>,
    /// Sessions of the browser's auto-attach to new pages that bsk let go of: their detach is
    /// not a tab closing.
    released_pages: Mutex<std::collections::HashSet<String>>,
}

impl Daemon {
    pub fn new(paths: Paths, config: Config) -> Arc<Daemon> {
        let extension = ExtensionSink::default();
        let daemon = Arc::new(Daemon {
            paths,
            config,
            browser: tokio::sync::Mutex::new(None),
            sessions: DashMap::new(),
            ended: Mutex::new(VecDeque::new()),
            operations: broadcast::channel(OPERATION_EVENT_CAPACITY).0,
            captures: Captures::new(Arc::new(extension.clone())),
            extension,
            shutdown: watch::Sender::new(false),
            released_pages: Mutex::new(std::collections::HashSet::new()),
        });
        crate::tasks::spawn_watched(
            "operation recorder",
            daemon
                .clone()
                .record_operations(daemon.operations.subscribe()),
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

    /// The connected browser, launching or reattaching if there is none or it went away.
    async fn browser(self: &Arc<Self>) -> Result<Arc<BrowserConn>> {
        let mut slot = self.browser.lock().await;
        if let Some(conn) = slot.as_ref().filter(|c| !c.cdp.is_closed()) {
            return Ok(conn.clone());
        }
        let (conn, events) = BrowserConn::open(&self.config.source, &self.paths).await?;
        let daemon = Arc::downgrade(self);
        let view: DaemonView = Arc::new(move || {
            daemon
                .upgrade()
                .map(|d| (d.captures.active_run_ids(), d.link_sessions()))
                .unwrap_or_default()
        });
        let daemon = Arc::downgrade(self);
        let popup: PopupRequests = Arc::new(move |request| {
            let daemon = daemon.clone();
            Box::pin(async move {
                match daemon.upgrade() {
                    Some(daemon) => daemon.popup_request(request).await,
                    None => {
                        serde_json::json!({ "ok": false, "error": { "code": "internal", "message": "the daemon is stopping" } })
                    }
                }
            })
        });
        self.extension
            .set(Some(ExtensionLink::start(conn.cdp.clone(), view, popup)));
        crate::tasks::spawn_watched(
            "browser watcher",
            self.clone().watch_browser(conn.clone(), events),
        );
        // Every new page starts paused and attached, so a popup or new tab a session's page
        // opens is the session's, set up before it runs; any other page is let go at once.
        let new_pages = json!({
            "autoAttach": true,
            "waitForDebuggerOnStart": true,
            "flatten": true,
            "filter": [{ "type": "page" }],
        });
        if let Err(e) = conn.cdp.call(None, "Target.setAutoAttach", new_pages).await {
            tracing::warn!(error = %e, "cannot follow new pages: popups will not join their session");
        }
        *slot = Some(conn.clone());
        Ok(conn)
    }

    /// Quick Actions → Website debugging in the popup: start or stop capture on a live session's
    /// tab, exactly as `bsk debug start/stop --session` would.
    async fn popup_request(self: Arc<Self>, request: PopupRequest) -> serde_json::Value {
        tracing::info!(session = %request.session, action = %request.action, "popup request");
        let outcome = async {
            let session = self.session(&request.session)?;
            match request.action.as_str() {
                // The browser this request came through: never launches one.
                "debug.start" => {
                    let conn = self.current_browser().await.ok_or_else(|| {
                        Failure::browser("the browser is not connected to the daemon")
                    })?;
                    let tab = session.tab(None)?;
                    let run = self
                        .captures
                        .start(
                            &conn.cdp,
                            &session,
                            &tab,
                            request.name.clone(),
                            bsk_actors::bounds::default_limits(),
                        )
                        .await?;
                    Ok(serde_json::to_value(run).unwrap_or_default())
                }
                "debug.stop" => {
                    let run = self.captures.stop(&session, None, None).await?;
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

    /// The live sessions with their latest capture, for the extension's popup.
    fn link_sessions(&self) -> Vec<bsk_schema::link::LinkSession> {
        let mut sessions: Vec<Arc<Session>> = self.sessions.iter().map(|s| s.clone()).collect();
        sessions.sort_by_key(|s| s.started_at);
        sessions
            .iter()
            .map(|session| bsk_schema::link::LinkSession {
                id: session.id.clone(),
                name: session.name.clone(),
                url: session
                    .tabs()
                    .first()
                    .map(|tab| tab.state().url)
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

    /// The browser if one is connected, without launching one.
    async fn current_browser(&self) -> Option<Arc<BrowserConn>> {
        self.browser
            .lock()
            .await
            .clone()
            .filter(|c| !c.cdp.is_closed())
    }

    /// Follows browser-level events: a tab closed under a session, or the browser gone.
    async fn watch_browser(self: Arc<Self>, conn: Arc<BrowserConn>, mut events: EventReceiver) {
        while let Some(event) = events.recv().await {
            if event.method == "Target.attachedToTarget"
                && event.params["waitingForDebugger"] == true
            {
                let (daemon, conn) = (self.clone(), conn.clone());
                crate::tasks::spawn_watched("new page", async move {
                    daemon.on_new_page(&conn, &event).await;
                });
                continue;
            }
            if event.method == "Target.detachedFromTarget"
                && self
                    .released_pages
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .remove(event.str("sessionId"))
            {
                continue;
            }
            if event.method == "Target.detachedFromTarget" {
                if let Some(link) = self.extension.link() {
                    link.on_detached(event.str("sessionId"));
                }
                self.on_tab_detached(event.str("sessionId"), event.str("targetId"))
                    .await;
            }
        }
        tracing::warn!("browser connection ended");
        self.captures
            .stop_all(StopReason::BrowserDisconnected)
            .await;
        let reason = "the browser exited or crashed";
        let ids: Vec<String> = self.sessions.iter().map(|s| s.key().clone()).collect();
        for id in ids {
            if let Some((_, session)) = self.sessions.remove(&id) {
                for tab in session.tabs() {
                    tab.mark_gone(reason);
                }
                self.remember_ended(&id, reason);
            }
        }
        if let Some(child) = conn.child.lock().await.as_mut() {
            let _ = child.kill().await;
        }
    }

    /// A new page, attached and paused by the browser-level auto-attach. Opened by a session's
    /// tab, it joins that session (and its running capture) before it runs; otherwise it is
    /// resumed and let go at once.
    async fn on_new_page(self: Arc<Self>, conn: &BrowserConn, event: &crate::cdp::CdpEvent) {
        let auto_session = event.str("sessionId").to_string();
        let info = &event.params["targetInfo"];
        let target_id = info["targetId"].as_str().unwrap_or_default();
        let opener = info["openerId"].as_str().and_then(|opener| {
            self.sessions
                .iter()
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
        self.released_pages
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
    async fn on_tab_detached(&self, cdp_session: &str, target_id: &str) {
        let owner = self.sessions.iter().find_map(|s| {
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
        if let Some(conn) = self.current_browser().await {
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
        self.current_browser()
            .await
            .is_some_and(|conn| conn.is_visible(&self.config.source))
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
        if let Some(conn) = self.browser.lock().await.take() {
            conn.shutdown().await;
        }
    }
}
