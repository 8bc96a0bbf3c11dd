//! One handler per [`Call`]. Each returns its result as JSON or a [`Failure`].

use std::sync::Arc;
use std::sync::atomic::Ordering;

use bsk_schema::Call;
use bsk_schema::capture::StopReason;
use bsk_schema::hint::{self, Arg};
use bsk_schema::ipc::{
    DaemonStatus, SessionStartParams, SessionStopParams, SessionStopResult, TabInfo, TabOwnership,
    TabParams,
};
use bsk_schema::words;
use serde::Serialize;
use serde_json::{Value, json};

use super::Daemon;
use crate::error::{Failure, Result};
use crate::session::{Session, short_id, tab_info};
use crate::tab::Tab;

fn to_json(value: impl Serialize) -> Result<Value> {
    serde_json::to_value(value)
        .map_err(|e| Failure::internal(format!("cannot encode the result: {e}")))
}

impl Daemon {
    pub async fn handle(self: &Arc<Self>, call: Call) -> Result<Value> {
        match call {
            Call::DaemonStatus => to_json(self.status().await),
            Call::DaemonStop => {
                self.request_shutdown();
                Ok(json!({}))
            }
            Call::SessionStart(params) => to_json(self.start_session(params).await?),
            Call::SessionStop(params) => to_json(self.stop_sessions(params).await?),
            Call::SessionList => {
                to_json(self.sessions.iter().map(|s| s.info()).collect::<Vec<_>>())
            }
            Call::SessionState(params) => {
                let session = self.session(&params.session)?;
                let conn = self.browser_of(&session).await?;
                to_json(super::state::read(&conn.cdp, &session).await?)
            }
            Call::TabList => to_json(self.list_tabs().await?),
            Call::TabBorrow(params) => to_json(self.borrow_tab(params).await?),
            Call::TabReturn(params) => to_json(self.return_tab(params).await?),
            Call::Operation(params) => to_json(self.operate(params).await?),
            Call::Debug(params) => to_json(self.debug(*params).await?.tagged()),
            Call::Evidence(params) => to_json(self.evidence(params).await?),
            Call::Screenshot(params) => to_json(self.screenshot(params).await?),
            Call::TestFault(params) => {
                let session = self.session(&params.session)?;
                self.captures
                    .fault(&session, params.run_id.as_deref(), &params.actor)
                    .await?;
                to_json(bsk_schema::debug::Done { done: true })
            }
        }
    }

    async fn status(&self) -> DaemonStatus {
        // A browser that went away is still shown, as disconnected, until the next launch.
        let mut browsers = Vec::new();
        for slot in self.pool.iter() {
            let mut sessions: Vec<Arc<Session>> = self.sessions_of(slot);
            sessions.sort_by_key(|s| s.started_at);
            let ids = sessions.iter().map(|s| s.id.clone()).collect();
            browsers.push(slot.status(ids).await);
        }
        let mut sessions: Vec<_> = self.sessions.iter().map(|s| s.info()).collect();
        sessions.sort_by_key(|s| s.started_at);
        DaemonStatus {
            pid: std::process::id(),
            version: env!("CARGO_PKG_VERSION").into(),
            state_dir: self.paths.state_dir.display().to_string(),
            browser: browsers[0].clone(),
            browsers,
            sessions,
            memory: bsk_schema::ipc::DaemonMemory {
                capture_budget_bytes: self.captures.budget(),
                capture_reserved_bytes: self.captures.reserved(),
                ..crate::heap::memory()
            },
            tab_readers: crate::tab::pump::live_pumps(),
        }
    }

    /// The person's preferences in the browser's bsk extension, for what the session start left
    /// to them (no flag chose it). A shared-profile preference does not apply to a session that
    /// ignores certificate errors, which needs a private profile.
    async fn apply_preferences(
        &self,
        browser: &super::browser::BrowserSlot,
        params: &mut SessionStartParams,
    ) {
        use bsk_schema::ipc::PreferenceKey;
        use bsk_schema::link::ProfilePreference;
        let Some(link) = browser.extension.link() else {
            return;
        };
        let Some(preferences) = link.preferences().await else {
            return;
        };
        super::preferences::remember(&self.paths.state_dir, &preferences);
        if params.preferred.contains(&PreferenceKey::Dialogs)
            && let Some(dialogs) = preferences.dialogs
        {
            params.options.dialogs = dialogs;
        }
        if params.preferred.contains(&PreferenceKey::Profile)
            && let Some(profile) = preferences.profile
            && !(profile == ProfilePreference::Shared && params.options.ignore_certificate_errors)
        {
            params.options.shared_profile = profile == ProfilePreference::Shared;
        }
        tracing::info!(dialogs = ?params.options.dialogs, shared_profile = params.options.shared_profile, "session settings after the extension's preferences");
    }

    async fn start_session(
        self: &Arc<Self>,
        mut params: SessionStartParams,
    ) -> Result<bsk_schema::ipc::SessionInfo> {
        if params.options.ignore_certificate_errors && params.options.shared_profile {
            return Err(Failure::invalid_input(words![
                Arg::named("ignoreCertificateErrors"),
                " applies to a session's private profile only; with ",
                Arg::named("sharedProfile"),
                " it would apply to the person's own browsing"
            ])
            .hint(words!["leave out ", Arg::named("sharedProfile")]));
        }
        let (browser, conn, _placing) = self.place(params.options.browser.as_deref()).await?;
        if !params.preferred.is_empty() {
            self.apply_preferences(&browser, &mut params).await;
        }
        // A private profile per session unless asked otherwise: cookies, storage and cache in
        // memory, gone with the session.
        let context = if params.options.shared_profile {
            None
        } else {
            let created = conn
                .cdp
                .call(None, "Target.createBrowserContext", json!({}))
                .await?;
            created["browserContextId"].as_str().map(str::to_string)
        };
        let mut create = json!({ "url": "about:blank" });
        if let Some(context) = &context {
            create["browserContextId"] = json!(context);
        }
        let created = conn.cdp.call(None, "Target.createTarget", create).await;
        let target_id = match created {
            Ok(created) => created["targetId"].as_str().unwrap_or_default().to_string(),
            Err(e) => {
                dispose_context(&conn.cdp, context.as_deref()).await;
                return Err(e.into());
            }
        };
        let tab = match Tab::attach(
            &conn.cdp,
            &target_id,
            TabOwnership::Created,
            params.options.dialogs,
        )
        .await
        {
            Ok(tab) => tab,
            Err(e) => {
                let _ = conn
                    .cdp
                    .call(None, "Target.closeTarget", json!({ "targetId": target_id }))
                    .await;
                dispose_context(&conn.cdp, context.as_deref()).await;
                return Err(e);
            }
        };
        let prepared = async {
            if let Some(state) = &params.state {
                super::state::apply(&conn.cdp, context.as_deref(), &tab, state).await?;
            }
            if params.options.ignore_certificate_errors {
                // Per browser context, as measured: the session's private one only.
                tab.call(
                    "Security.setIgnoreCertificateErrors",
                    json!({ "ignore": true }),
                )
                .await?;
            }
            Ok::<(), Failure>(())
        };
        if let Err(e) = prepared.await {
            tab.close().await;
            dispose_context(&conn.cdp, context.as_deref()).await;
            return Err(e);
        }
        // Claim the id and insert in one step: two sessions starting at once never share one.
        let session = loop {
            let id = short_id(|id| self.sessions.contains_key(id));
            match self.sessions.entry(id.clone()) {
                dashmap::Entry::Occupied(_) => continue,
                dashmap::Entry::Vacant(slot) => {
                    let session = Arc::new(Session::new(
                        id,
                        params.options.name.clone(),
                        tab.clone(),
                        browser.name.clone(),
                        context.clone(),
                        params.options.dialogs,
                    ));
                    slot.insert(session.clone());
                    break session;
                }
            }
        };
        session
            .ignore_certificate_errors
            .store(params.options.ignore_certificate_errors, Ordering::Relaxed);
        let id = session.id.clone();
        tracing::info!(session = %id, task_id = session.task_id, tab = %target_id, browser = %browser.name, "session started");
        let mut info = session.info();
        if let Some(name) = params.options.capture {
            // Before the tab has loaded anything: the first request is recorded.
            let name = Some(name).filter(|n| !n.is_empty());
            let limits = bsk_actors::bounds::default_limits();
            let screenshots = browser.prefers_screenshots().await;
            match self
                .captures
                .start(
                    &browser.host(&conn),
                    &session,
                    &tab,
                    crate::capture::Recording {
                        name,
                        limits,
                        workers: false,
                        screenshots,
                    },
                )
                .await
            {
                Ok(run) => info.run_id = Some(run.run_id),
                Err(failure) => {
                    let _ = self
                        .stop_sessions(SessionStopParams {
                            session: Some(id),
                            all: false,
                        })
                        .await;
                    return Err(failure);
                }
            }
        }
        Ok(info)
    }

    async fn stop_sessions(&self, params: SessionStopParams) -> Result<SessionStopResult> {
        let targets: Vec<Arc<Session>> = match (&params.session, params.all) {
            (Some(id), _) => vec![self.session(id)?],
            (None, true) => self.sessions.iter().map(|s| s.clone()).collect(),
            (None, false) => {
                return Err(Failure::usage(words![
                    "name the session to stop, or pass ",
                    Arg::switch("all")
                ])
                .hint(words![
                    "e.g. ",
                    hint::SESSION_STOP.with("sessionId", "<id>")
                ]));
            }
        };
        let mut result = SessionStopResult {
            stopped: Vec::new(),
            returned_tabs: Vec::new(),
        };
        for session in targets {
            // Wait for a running operation to finish rather than pulling its tab away mid-step.
            let _running = session.op_lock.lock().await;
            result.returned_tabs.extend(
                self.end_session(
                    &session,
                    super::SessionEnd::Stopped,
                    StopReason::SessionEnded,
                )
                .await,
            );
            result.stopped.push(session.id.clone());
        }
        Ok(result)
    }

    /// The pages of every connected browser of the pool; a browser not running has none.
    async fn list_tabs(self: &Arc<Self>) -> Result<Vec<TabInfo>> {
        let mut tabs = Vec::new();
        for slot in self.pool.iter() {
            let Some(conn) = slot.current().await else {
                continue;
            };
            let targets = conn.cdp.call(None, "Target.getTargets", json!({})).await?;
            tabs.extend(self.tab_infos(&slot.name, &targets));
        }
        Ok(tabs)
    }

    fn tab_infos(&self, browser: &str, targets: &Value) -> Vec<TabInfo> {
        let mut tabs = Vec::new();
        for target in targets["targetInfos"].as_array().into_iter().flatten() {
            if target["type"] != "page" {
                continue;
            }
            let tab_id = target["targetId"].as_str().unwrap_or_default();
            let owner = self.owner_of(tab_id);
            tabs.push(TabInfo {
                tab_id: tab_id.to_string(),
                url: target["url"].as_str().unwrap_or_default().to_string(),
                title: target["title"].as_str().unwrap_or_default().to_string(),
                ownership: owner
                    .as_ref()
                    .map_or(TabOwnership::User, |(_, tab)| tab.ownership),
                events_dropped: owner
                    .as_ref()
                    .map_or(0, |(_, tab)| tab.state().events_dropped),
                dialog: owner.as_ref().and_then(|(_, tab)| tab.state().dialog),
                opener: owner
                    .as_ref()
                    .and_then(|(_, tab)| tab.opener().map(str::to_string)),
                session: owner.map(|(session, _)| session.id.clone()),
                browser: browser.to_string(),
            });
        }
        tabs
    }

    pub(super) fn owner_of(&self, tab_id: &str) -> Option<(Arc<Session>, Arc<Tab>)> {
        self.sessions.iter().find_map(|s| {
            s.tabs()
                .into_iter()
                .find(|t| t.target_id == tab_id)
                .map(|t| (s.clone(), t))
        })
    }

    async fn borrow_tab(self: &Arc<Self>, params: TabParams) -> Result<TabInfo> {
        let session = self.session(&params.session)?;
        if let Some((owner, _)) = self.owner_of(&params.tab_id) {
            return Err(if owner.id == session.id {
                Failure::invalid_input(format!(
                    "session {} already drives tab {}",
                    session.id, params.tab_id
                ))
            } else {
                Failure::permission(format!(
                    "tab {} belongs to session {}",
                    params.tab_id, owner.id
                ))
                .hint(words![
                    "a session may borrow only user tabs; see ",
                    hint::TAB_LIST
                ])
            });
        }
        let conn = self.browser_of(&session).await?;
        if self.pool.is_shared() {
            let here = conn.cdp.call(None, "Target.getTargets", json!({})).await?;
            let found = here["targetInfos"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|t| t["targetId"] == params.tab_id.as_str());
            if !found {
                return Err(Failure::not_found(format!(
                    "no tab {} in browser {}, where session {} runs",
                    params.tab_id, session.browser, session.id
                ))
                .hint(words![
                    hint::TAB_LIST,
                    " shows each tab's browser; start a session there with ",
                    hint::SESSION_START.with("browser", "<name>")
                ]));
            }
        }
        let _running = session.op_lock.lock().await;
        let tab = Tab::attach(
            &conn.cdp,
            &params.tab_id,
            TabOwnership::Borrowed,
            session.dialogs,
        )
        .await?;
        session.add_tab(tab.clone());
        Ok(tab_info(&tab, Some(&session.id)))
    }

    async fn return_tab(&self, params: TabParams) -> Result<TabInfo> {
        let session = self.session(&params.session)?;
        let tab = session.tab(Some(&params.tab_id))?;
        if tab.ownership != TabOwnership::Borrowed {
            return Err(Failure::invalid_input(format!(
                "tab {} was created by session {}, not borrowed",
                tab.target_id, session.id
            ))
            .hint(words!["created tabs close with ", hint::SESSION_STOP]));
        }
        let _running = session.op_lock.lock().await;
        self.captures
            .stop_tab(&tab.target_id, StopReason::TabReturned)
            .await;
        session.remove_tab(&tab.target_id);
        tab.detach().await;
        tab.mark_gone("it was returned to its user");
        let mut info = tab_info(&tab, None);
        info.ownership = TabOwnership::User;
        Ok(info)
    }

    /// A picture of a session's tab. Not an operation: it waits for a running one (they share
    /// the page) but is never recorded and never cuts an evidence window.
    async fn screenshot(
        &self,
        params: bsk_schema::ipc::ScreenshotParams,
    ) -> Result<bsk_schema::ipc::ScreenshotResult> {
        let session = self.session(&params.session)?;
        let tab = session.tab(params.tab_id.as_deref())?;
        let _running = session.op_lock.lock().await;
        let result = crate::screenshot::screenshot(&tab, &params).await;
        session.touch();
        result
    }
}

/// Ends a session's private browser context: its cookies, storage and cache go with it.
pub(super) async fn dispose_context(cdp: &crate::cdp::CdpClient, context: Option<&str>) {
    if let Some(context) = context
        && let Err(e) = cdp
            .call(
                None,
                "Target.disposeBrowserContext",
                json!({ "browserContextId": context }),
            )
            .await
    {
        tracing::warn!(error = %e, "could not dispose of a session's browser context");
    }
}
