//! Placement on the daemon's pool of browsers: which browser a session goes to (the one named, or
//! the pool's choice by its sessions), each browser connected (launched or attached) on need, and
//! the capture host a session's captures run on.

use std::sync::Arc;

use serde_json::json;

use super::Daemon;
use super::browser::{BrowserConn, BrowserSlot};
use super::pool::{Placing, no_browser};
use crate::capture::CaptureHost;
use crate::error::{Failure, Result};
use crate::extension::ExtensionLink;
use crate::extension::link::DaemonView;
use crate::extension::popup::PopupRequests;
use crate::session::Session;

impl Daemon {
    /// The connected browser of `session`, launching it again if it went away.
    pub(super) async fn browser_of(
        self: &Arc<Self>,
        session: &Session,
    ) -> Result<Arc<BrowserConn>> {
        self.connect(&self.pool.slot(&session.browser)?).await
    }

    /// Where a capture of `session` records: its browser and that browser's extension.
    pub(super) async fn capture_host(self: &Arc<Self>, session: &Session) -> Result<CaptureHost> {
        let slot = self.pool.slot(&session.browser)?;
        let conn = self.connect(&slot).await?;
        Ok(slot.host(&conn))
    }

    /// The first browser of the pool, connected: where the history list opens for a person.
    pub(super) async fn first_browser(
        self: &Arc<Self>,
    ) -> Result<(Arc<BrowserSlot>, Arc<BrowserConn>)> {
        let slot = self.pool.first();
        let conn = self.connect(&slot).await?;
        Ok((slot, conn))
    }

    /// How many live sessions are placed on `slot`.
    fn session_count_on(&self, slot: &BrowserSlot) -> usize {
        self.sessions
            .iter()
            .filter(|s| s.browser == slot.name)
            .count()
    }

    /// Live sessions placed on `slot`.
    pub(super) fn sessions_of(&self, slot: &BrowserSlot) -> Vec<Arc<Session>> {
        self.sessions
            .iter()
            .filter(|s| s.browser == slot.name)
            .map(|s| s.clone())
            .collect()
    }

    /// Chooses the browser for a new session: `pinned`, else the pool's choice by live
    /// sessions (see [`Pool::choose`](super::pool::Pool::choose)); a browser that fails to
    /// launch or attach is marked down and the next one tried. The returned guard counts the
    /// session as being placed until it is dropped.
    pub(super) async fn place(
        self: &Arc<Self>,
        pinned: Option<&str>,
    ) -> Result<(Arc<BrowserSlot>, Arc<BrowserConn>, Placing)> {
        if let Some(name) = pinned {
            let slot = self.pool.slot(name)?;
            let placing = Placing::new(&slot);
            let conn = self.connect(&slot).await?;
            return Ok((slot, conn, placing));
        }
        let mut failures: Vec<(String, Failure)> = Vec::new();
        loop {
            let tried: Vec<String> = failures.iter().map(|(name, _)| name.clone()).collect();
            let Some((slot, placing)) =
                self.pool.choose(|slot| self.session_count_on(slot), &tried)
            else {
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
    pub(super) async fn connect(
        self: &Arc<Self>,
        slot: &Arc<BrowserSlot>,
    ) -> Result<Arc<BrowserConn>> {
        let mut current = slot.conn.lock().await;
        if let Some(conn) = current.as_ref().filter(|c| !c.cdp.is_closed()) {
            return Ok(conn.clone());
        }
        let (conn, events) = match BrowserConn::open(slot, &self.paths).await {
            Ok(opened) => opened,
            Err(failure) => {
                tracing::warn!(browser = %slot.name, error = %failure.0.message, "browser could not be started");
                slot.mark_down(failure.0.message.to_string());
                return Err(failure);
            }
        };
        slot.mark_up();
        let (daemon, name) = (Arc::downgrade(self), slot.name.clone());
        let view: DaemonView = Arc::new(move || {
            daemon
                .upgrade()
                .and_then(|d| {
                    let slot = d.pool.slot(&name).ok()?;
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
}
