//! One attached page tab: its CDP session, the iframe targets under it, what the page is showing
//! (a `watch` of [`TabState`]) and the `@eN` refs of its latest snapshot.
//!
//! The tab's event pump (see [`pump`]) is the only reader of the tab's events; operations read
//! [`TabState`] and wait on it, they never consume events themselves.

pub mod emulation;
mod network;
pub mod pump;
pub mod refs;

use std::sync::{Arc, Mutex};

use bsk_actors::capture::CaptureTap;
use bsk_schema::ipc::TabOwnership;
use dashmap::DashMap;
use serde_json::{Value, json};
use tokio::sync::watch;

use bsk_schema::dialog::{DialogInfo, DialogPolicy};
use bsk_schema::hint::{self, Arg, Verb};
use bsk_schema::mcp::ActAction;
use bsk_schema::words;

use crate::cdp::CdpClient;
use crate::error::{Failure, Result};
use refs::RefMap;

/// What the tab's main frame is showing, as the pump last saw it.
#[derive(Debug, Clone, Default)]
pub struct TabState {
    pub main_frame_id: String,
    pub url: String,
    /// The loader of the current main-frame document.
    pub loader_id: String,
    /// Lifecycle events (`DOMContentLoaded`, `load`, `networkIdle`, …) seen for `loader_id`.
    pub lifecycle: Vec<String>,
    /// Main-frame navigations committed since attach, same-document ones included.
    pub navigations: u64,
    /// Why the tab can no longer be driven (closed, crashed, detached), once it cannot.
    pub gone: Option<String>,
    /// Events of this tab (and its iframes) dropped because its event channel was full; shown
    /// in `bsk status`, and counted into a running capture's `events_dropped`.
    pub events_dropped: u64,
    /// A JavaScript dialog open on the page, waiting for an answer.
    pub dialog: Option<DialogInfo>,
    /// Dialogs the page has opened since attach, and the latest (answered or not).
    pub dialogs_opened: u64,
    pub last_dialog: Option<DialogInfo>,
    /// A file chooser the page opened (`<input type=file>` clicked): the input's backend node,
    /// waiting for `bsk upload @chooser`.
    pub file_chooser: Option<i64>,
    pub file_choosers_opened: u64,
    /// The data of the latest drag the page started while `bsk drag` intercepted drags, and how
    /// many it started since attach.
    pub drag_data: Option<serde_json::Value>,
    pub drags_intercepted: u64,
}

/// An out-of-process iframe target attached under the tab.
#[derive(Debug, Clone)]
pub struct ChildTarget {
    /// The child's flattened CDP session.
    pub session_id: String,
    /// The session of the frame that contains it (the tab's or another child's).
    pub parent_session_id: String,
    /// The iframe's frame id, which is also its target id.
    pub frame_id: String,
    pub url: String,
}

#[derive(Debug)]
pub struct Tab {
    pub target_id: String,
    /// The tab's flattened CDP session (the page target).
    pub session_id: String,
    pub ownership: TabOwnership,
    cdp: CdpClient,
    /// Written by the pump; read by operations.
    state: Arc<watch::Sender<TabState>>,
    /// Iframe targets by their CDP session id.
    children: Arc<DashMap<String, ChildTarget>>,
    /// Refs handed out by the latest `observe`.
    pub refs: Mutex<RefMap>,
    /// The running capture of this tab, if any; the pump feeds it.
    capture: Arc<CaptureSlot>,
    /// The page's requests in flight, fed by the pump.
    pub network: Arc<Mutex<network::NetworkActivity>>,
    /// How the pump answers the page's JavaScript dialogs (the owning session's policy).
    dialog_policy: Arc<Mutex<DialogPolicy>>,
    /// For a popup: the capture of its opener's tab, which follows it. Only fed, never stopped
    /// from here (the popup's crash is not its opener's).
    following: Arc<CaptureSlot>,
    /// For a popup or new tab the session's page opened: the opener tab's id.
    opener: Option<String>,
    /// The pump's event channel: shared workers adopted by the tab (see
    /// [`Tab::adopt_shared_worker`]) are routed into it.
    sink: crate::cdp::EventSink,
    /// Shared workers' sessions routed into the tab's channel.
    shared_workers: DashMap<String, ()>,
    /// The emulation in force (`bsk emulate`); the pump applies it to iframes and workers that
    /// attach later.
    emulation: Arc<Mutex<Arc<emulation::Overrides>>>,
    /// The tab's worker sessions routed to its capture (shared with the pump).
    workers: Arc<DashMap<String, ()>>,
}

/// What a popup is adopted with.
#[derive(Debug)]
struct Popup {
    opener: String,
    follow: Option<CaptureTap>,
}

/// Where the pump finds the tab's running capture.
pub type CaptureSlot = Mutex<Option<CaptureTap>>;

impl Tab {
    /// Attaches to an existing page target and starts its pump; its JavaScript dialogs are
    /// answered by `dialog_policy`.
    pub async fn attach(
        cdp: &CdpClient,
        target_id: &str,
        ownership: TabOwnership,
        dialog_policy: DialogPolicy,
    ) -> Result<Arc<Tab>> {
        let attached = cdp
            .call(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target_id, "flatten": true }),
            )
            .await
            .map_err(|e| match e {
                crate::cdp::CdpError::Remote { .. } => {
                    Failure::not_found(format!("no tab {target_id} in the browser"))
                        .hint(words!["list tabs with ", hint::TAB_LIST])
                }
                other => other.into(),
            })?;
        let session_id = attached["sessionId"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        Tab::open(cdp, target_id, session_id, ownership, dialog_policy, None).await
    }

    /// A popup or new tab the session's page `opener` opened, attached (and paused) by the
    /// browser's auto-attach on `session_id`: set up, joined to the opener's running capture
    /// (`follow`) before it runs, then resumed, so its first request is seen.
    pub async fn adopt_popup(
        cdp: &CdpClient,
        target_id: &str,
        session_id: String,
        dialog_policy: DialogPolicy,
        opener: &str,
        follow: Option<CaptureTap>,
    ) -> Result<Arc<Tab>> {
        let popup = Popup {
            opener: opener.to_string(),
            follow,
        };
        Tab::open(
            cdp,
            target_id,
            session_id,
            TabOwnership::Created,
            dialog_policy,
            Some(popup),
        )
        .await
    }

    async fn open(
        cdp: &CdpClient,
        target_id: &str,
        session_id: String,
        ownership: TabOwnership,
        dialog_policy: DialogPolicy,
        popup: Option<Popup>,
    ) -> Result<Arc<Tab>> {
        let (sink, events) = cdp.event_channel();
        cdp.route(&session_id, sink.clone());
        let state = Arc::new(watch::Sender::new(TabState::default()));
        let children = Arc::new(DashMap::new());
        let capture = Arc::new(Mutex::new(None));
        let network = Arc::new(Mutex::new(network::NetworkActivity::default()));
        let dialog_policy = Arc::new(Mutex::new(dialog_policy));
        let following = Arc::new(Mutex::new(None));
        let emulation = Arc::new(Mutex::new(Arc::new(emulation::Overrides::default())));
        let workers = Arc::new(DashMap::new());
        let pump = pump::Pump::new(
            cdp.clone(),
            session_id.clone(),
            sink.clone(),
            pump::Shared {
                state: state.clone(),
                children: children.clone(),
                capture: capture.clone(),
                network: network.clone(),
                dialog_policy: dialog_policy.clone(),
                following: following.clone(),
                emulation: emulation.clone(),
                workers: workers.clone(),
            },
        );
        let span = tracing::info_span!("tab", target_id = %target_id, session = %session_id);
        let running = tokio::spawn(tracing::Instrument::instrument(pump.run(events), span));
        // A pump that panics leaves a tab nobody reads: say so, and mark the tab gone.
        let watched = state.clone();
        tokio::spawn(async move {
            if let Err(e) = running.await {
                tracing::error!(error = %e, "a tab's event pump failed");
                pump::mark_gone(
                    &watched,
                    "bsk's reader of this tab failed (see the daemon log)",
                );
            }
        });

        let s = Some(session_id.as_str());
        let mut setup = vec![
            cdp.send(s, "Page.enable", json!({})).await,
            cdp.send(
                s,
                "Page.setLifecycleEventsEnabled",
                json!({ "enabled": true }),
            )
            .await,
            cdp.send(s, "Runtime.enable", json!({})).await,
            // A workflow domain of every tab a session drives: settling after an input and
            // `wait --network-idle` read its events. Captures share it and never turn it off;
            // its buffers end when the tab is detached.
            cdp.send(
                s,
                "Network.enable",
                bsk_actors::capture::setup::network_enable(),
            )
            .await,
            // A file chooser the page opens is reported instead of shown, so `bsk upload
            // @chooser` can answer it.
            cdp.send(
                s,
                "Page.setInterceptFileChooserDialog",
                json!({ "enabled": true }),
            )
            .await,
            cdp.send(
                s,
                "Target.setAutoAttach",
                json!({ "autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true }),
            )
            .await,
        ];
        if let Some(popup) = &popup {
            // The opener's capture hears of the popup before any of its events, and its
            // set-up goes out before the popup runs.
            if let Some(tap) = &popup.follow {
                let admitted = tap.admit_iframe(&session_id);
                tap.target_attached(session_id.clone(), target_id.to_string(), admitted, false);
                if admitted {
                    for (method, params) in bsk_actors::capture::setup::target_setup() {
                        setup.push(cdp.send(s, method, params).await);
                    }
                }
                *following.lock().unwrap_or_else(|p| p.into_inner()) = Some(tap.clone());
            }
            setup.push(
                cdp.send(s, "Runtime.runIfWaitingForDebugger", json!({}))
                    .await,
            );
        }
        for reply in setup {
            reply.wait().await?;
        }
        let tree = cdp.call(s, "Page.getFrameTree", json!({})).await?;
        let frame = &tree["frameTree"]["frame"];
        let tab = Arc::new(Tab {
            target_id: target_id.to_string(),
            session_id,
            ownership,
            cdp: cdp.clone(),
            state,
            children,
            refs: Mutex::new(RefMap::default()),
            capture,
            network,
            dialog_policy,
            following,
            opener: popup.map(|p| p.opener),
            sink,
            shared_workers: DashMap::new(),
            emulation,
            workers,
        });
        let main_frame_id = frame["id"].as_str().unwrap_or_default().to_string();
        let url = frame["url"].as_str().unwrap_or_default().to_string();
        let loader_id = frame["loaderId"].as_str().unwrap_or_default().to_string();
        tab.state.send_modify(|state| {
            state.main_frame_id = main_frame_id;
            state.url = url;
            state.loader_id = loader_id;
            // The document was loaded before we attached; treat it as complete.
            state.lifecycle = vec![
                "DOMContentLoaded".into(),
                "load".into(),
                "networkIdle".into(),
            ];
        });
        Ok(tab)
    }

    pub fn cdp(&self) -> &CdpClient {
        &self.cdp
    }

    /// Sends a command to the tab's page session.
    pub async fn call(&self, method: &str, params: Value) -> Result<Value> {
        self.ensure_alive()?;
        Ok(self
            .cdp
            .call(Some(&self.session_id), method, params)
            .await?)
    }

    /// Sends a command to one of the tab's sessions (the page's or an iframe's).
    pub async fn call_in(&self, session_id: &str, method: &str, params: Value) -> Result<Value> {
        self.ensure_alive()?;
        Ok(self.cdp.call(Some(session_id), method, params).await?)
    }

    /// Returns once the tab's state holds what the browser had sent when it was called: the
    /// connection has read it ([`CdpClient::caught_up`]) and the pump, which runs next on this
    /// runtime, has had its turn to apply it.
    pub async fn caught_up(&self) {
        self.cdp.caught_up().await;
        tokio::task::yield_now().await;
    }

    pub fn state(&self) -> TabState {
        self.state.borrow().clone()
    }

    pub fn state_watch(&self) -> watch::Receiver<TabState> {
        self.state.subscribe()
    }

    pub fn children(&self) -> Vec<ChildTarget> {
        self.children.iter().map(|c| c.value().clone()).collect()
    }

    pub fn child(&self, session_id: &str) -> Option<ChildTarget> {
        self.children.get(session_id).map(|c| c.value().clone())
    }

    /// Fails with a clear error once the tab is closed, crashed or detached.
    pub fn ensure_alive(&self) -> Result<()> {
        if self.cdp.is_closed() {
            return Err(crate::cdp::CdpError::Closed.into());
        }
        match &self.state.borrow().gone {
            None => Ok(()),
            Some(reason) => Err(Failure::not_found(format!(
                "tab {} is gone: {reason}",
                self.target_id
            ))
            .hint(words![
                "start a new session with ",
                hint::SESSION_START,
                ", or borrow another tab"
            ])),
        }
    }

    /// Detaches, leaving the tab open (a borrowed tab going back to its user).
    pub async fn detach(&self) {
        // A tab goes back to its person as it came: no emulation of bsk's left on it.
        if !self.emulation().is_default()
            && let Err(e) = self.emulate(emulation::Overrides::default()).await
        {
            tracing::warn!(error = %e, "could not clear the emulation of a tab given back");
        }
        let _ = self
            .cdp
            .call(
                None,
                "Target.detachFromTarget",
                json!({ "sessionId": self.session_id }),
            )
            .await;
        self.cdp.unroute(&self.session_id);
        for child in self.children() {
            self.cdp.unroute(&child.session_id);
        }
    }

    /// Closes the tab (a tab the session created).
    pub async fn close(&self) {
        let _ = self
            .cdp
            .call(
                None,
                "Target.closeTarget",
                json!({ "targetId": self.target_id }),
            )
            .await;
        self.cdp.unroute(&self.session_id);
        for child in self.children() {
            self.cdp.unroute(&child.session_id);
        }
    }

    /// Marks the tab gone; used when the browser reports it detached or the connection ended.
    pub fn mark_gone(&self, reason: &str) {
        pump::mark_gone(&self.state, reason);
    }

    /// Forgets the open file chooser once files were set on it.
    pub fn file_chooser_answered(&self) {
        self.state.send_modify(|state| state.file_chooser = None);
    }

    /// Forgets the open dialog once it has been answered (the browser's `javascriptDialogClosed`
    /// follows; the next operation must not wait for it).
    pub fn dialog_answered(&self) {
        self.state.send_modify(|state| state.dialog = None);
    }

    pub fn opener(&self) -> Option<&str> {
        self.opener.as_deref()
    }

    /// The opener's capture this tab feeds, if any.
    pub fn followed_by(&self) -> Option<CaptureTap> {
        self.following
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    pub fn dialog_policy(&self) -> DialogPolicy {
        *self.dialog_policy.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The tab's running capture.
    pub fn capture(&self) -> Option<CaptureTap> {
        self.capture
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Sets or clears the capture the pump feeds; returns the previous one.
    pub fn set_capture(&self, tap: Option<CaptureTap>) -> Option<CaptureTap> {
        std::mem::replace(
            &mut *self.capture.lock().unwrap_or_else(|p| p.into_inner()),
            tap,
        )
    }

    /// A shared worker of the tab's private browser context, attached paused by the browser's
    /// auto-attach: set up for the tab's capture (which records workers) before it runs, then
    /// resumed.
    pub async fn adopt_shared_worker(&self, session: &str, target_id: &str, url: &str) {
        let worker = pump::Worker {
            session,
            target_id,
            kind: bsk_schema::capture::WorkerKind::Shared,
            url,
        };
        let overrides = self.emulation();
        if pump::set_up_worker(
            &self.cdp,
            &self.sink,
            self.capture(),
            &self.network,
            worker,
            &overrides,
        )
        .await
        {
            self.shared_workers.insert(session.to_string(), ());
        }
        let resume = self
            .cdp
            .call(Some(session), "Runtime.runIfWaitingForDebugger", json!({}))
            .await;
        if let Err(e) = resume {
            tracing::debug!(error = %e, "could not resume a shared worker");
        }
    }

    /// A shared worker's session ended; answers whether it was this tab's.
    pub fn shared_worker_detached(&self, session: &str) -> bool {
        if self.shared_workers.remove(session).is_none() {
            return false;
        }
        self.cdp.unroute(session);
        if let Some(tap) = self.capture() {
            tap.target_detached(session.to_string());
        }
        true
    }

    /// The emulation in force on the tab.
    pub fn emulation(&self) -> Arc<emulation::Overrides> {
        self.emulation
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Puts the tab under `overrides`: every session of the tab gets the commands (the page its
    /// viewport too, workers their network conditions), and targets attached later get them
    /// before they run. Answers the sessions that refused a command, with why.
    pub async fn emulate(&self, overrides: emulation::Overrides) -> Result<()> {
        let overrides = Arc::new(overrides);
        *self.emulation.lock().unwrap_or_else(|p| p.into_inner()) = overrides.clone();
        let mut replies = Vec::new();
        for (method, params) in overrides.page() {
            replies.push((
                true,
                self.cdp.send(Some(&self.session_id), method, params).await,
            ));
        }
        for child in self.children() {
            for (method, params) in overrides.frame() {
                let s = Some(child.session_id.as_str());
                replies.push((false, self.cdp.send(s, method, params).await));
            }
        }
        let workers: Vec<String> = self
            .workers
            .iter()
            .map(|w| w.key().clone())
            .chain(self.shared_workers.iter().map(|w| w.key().clone()))
            .collect();
        for worker in &workers {
            for (method, params) in overrides.network() {
                replies.push((false, self.cdp.send(Some(worker), method, params).await));
            }
        }
        for (on_page, reply) in replies {
            match reply.wait().await {
                Ok(_) => {}
                // The page's own refusal fails the operation; an iframe or worker that went
                // away meanwhile has nothing left to emulate.
                Err(e) if on_page => {
                    return Err(Failure::browser(format!(
                        "the browser refused the emulation: {e}"
                    ))
                    .hint(words![
                        "check the values, or ",
                        Verb::Act(ActAction::Emulate).run().with("reset", true),
                        " (",
                        Arg::switch("reset"),
                        " undoes it all)"
                    ]));
                }
                Err(e) => {
                    tracing::debug!(error = %e, "a frame or worker did not take the emulation")
                }
            }
        }
        Ok(())
    }

    /// The page session and every iframe session, page first.
    pub fn sessions(&self) -> Vec<String> {
        let mut sessions = vec![self.session_id.clone()];
        sessions.extend(self.children().into_iter().map(|c| c.session_id));
        sessions
    }
}
