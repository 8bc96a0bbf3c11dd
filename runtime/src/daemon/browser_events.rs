//! What each browser of the pool tells the daemon: tabs a session's pages opened, tabs closed
//! under a session, the browser gone, and the extension popup's requests over its link.

use std::sync::Arc;

use bsk_schema::capture::StopReason;
use serde_json::json;

use super::Daemon;
use super::browser::{BrowserConn, BrowserSlot};
use crate::cdp::EventReceiver;
use crate::error::Failure;
use crate::extension::popup::PopupRequest;
use crate::tab::Tab;
use bsk_actors::cdp::EventKind;

impl Daemon {
    /// Quick Actions → Website debugging in the popup: start or stop capture on a live session's
    /// tab, exactly as `bsk debug start/stop --session` would.
    pub(super) async fn popup_request(
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
                    let slot = self.pool.slot(browser)?;
                    let conn = slot.current().await.ok_or_else(|| {
                        Failure::browser("the browser is not connected to the daemon")
                    })?;
                    let host = slot.host(&conn);
                    let tab = session.tab(None)?;
                    let screenshots = slot.prefers_screenshots().await;
                    let run = self
                        .captures
                        .start(
                            &host,
                            &session,
                            &tab,
                            crate::capture::Recording {
                                name: request.name.clone(),
                                limits: bsk_actors::bounds::default_limits(),
                                workers: request.workers,
                                screenshots,
                            },
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
            // The person at the browser reads the command line's words.
            Err(failure) => serde_json::json!({
                "ok": false,
                "error": failure.said(bsk_schema::hint::Surface::Cli)
            }),
        }
    }

    /// The live sessions of `slot` with their latest capture, for its extension's popup.
    pub(super) fn link_sessions(&self, slot: &BrowserSlot) -> Vec<bsk_schema::link::LinkSession> {
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
                capture: self
                    .captures
                    .latest_of_task(session.task_id)
                    .map(|(run, problems)| bsk_schema::link::LinkCapture {
                        run_id: run.run_id,
                        name: run.name,
                        state: run.state,
                        requests: run.requests,
                        console: run.console,
                        problems: problems.len(),
                        first_problem: problems.into_iter().next().map(|p| p.summary),
                    }),
            })
            .collect()
    }

    /// Follows browser-level events: a tab closed under a session, or the browser gone.
    pub(super) async fn watch_browser(
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
        let why = super::SessionEnd::BrowserGone(self.pool.is_shared().then(|| slot.name.clone()));
        let reason = why.to_string();
        let ended = self.sessions_of(&slot);
        for session in &ended {
            if self.sessions.remove(&session.id).is_some() {
                for tab in session.tabs() {
                    tab.mark_gone(&reason);
                }
                self.remember_ended(&session.id, why.clone());
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
    pub(super) async fn on_new_page(
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
    pub(super) async fn on_tab_detached(
        &self,
        slot: &BrowserSlot,
        cdp_session: &str,
        target_id: &str,
    ) {
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
            self.end_session(
                &session,
                super::SessionEnd::TabClosed,
                StopReason::TabClosed,
            )
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
