//! The link: the daemon's end of its conversation with the bsk extension in the browser it
//! drives. It rides the CDP connection the daemon already holds — attach to the extension's
//! service worker, call `globalThis.bskLink.<name>(arg)` there with `Runtime.callFunctionOn` —
//! so it opens no port and only the process that controls the browser can speak on it.
//!
//! One task per browser connection keeps the link up: every [`HEARTBEAT_INTERVAL`] it either
//! sends a heartbeat (which also keeps the worker alive: Chromium does not stop a service worker
//! while a DevTools session is attached) or, when not attached, looks for the worker again,
//! waking it through an extension page when it was stopped.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bsk_actors::capture::Saved;
use bsk_actors::store::now_ms;
use bsk_schema::capture::ExportDocument;
use bsk_schema::link::{
    CheckpointAck, CheckpointDigest, ExtensionStatus, Heartbeat, LINK_PROTOCOL, LinkHello,
    LinkPicture, LinkSession, LinkState, LinkWelcome,
};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::popup::{self, PopupRequests};
use super::{CALL_DEADLINE, files};
use crate::cdp::{CdpClient, CdpError};

/// How often the daemon says it is alive. The extension recovers an active record as interrupted
/// once no heartbeat has named it for 10 s (`HEARTBEAT_STALE_MS` in the extension).
pub const HEARTBEAT_INTERVAL: Duration = Duration::from_secs(2);

/// A stopped worker is woken at most this often, so a browser without the extension does not
/// get a new tab every few seconds.
const WAKE_INTERVAL: Duration = Duration::from_secs(30);

/// After the worker went away, this many ticks may each try to wake it.
const QUICK_WAKES: u32 = 5;

/// How long a woken worker may take to appear.
const WAKE_DEADLINE: Duration = Duration::from_secs(3);

/// How long a just-started worker may take to define `bskLink`.
const WORKER_START_DEADLINE: Duration = Duration::from_secs(3);

/// How long a save waits for a link that is still connecting before it gives up.
const CONNECT_GRACE: Duration = Duration::from_secs(5);

/// How long a session start waits for the link, and then for the preferences it asks of it: a
/// browser without the extension must not hold session starts up for long.
const PREFERENCES_GRACE: Duration = Duration::from_secs(2);

/// Calls one function of `bskLink` with one argument: the page-free way to pass a document
/// (no JavaScript source is built from data).
const CALL_FUNCTION: &str = "function (name, arg) { return this[name](arg); }";

/// What the heartbeat tells the extension: the captures the daemon holds active and its live
/// sessions.
pub type DaemonView = Arc<dyn Fn() -> (Vec<String>, Vec<LinkSession>) + Send + Sync>;

/// The attached service worker.
#[derive(Debug, Clone)]
struct Attached {
    session_id: String,
    /// `globalThis.bskLink` in the worker.
    link_object: String,
    version: String,
}

pub struct ExtensionLink {
    cdp: CdpClient,
    extension_id: String,
    daemon_id: String,
    status: watch::Sender<ExtensionStatus>,
    /// Set while attached; cleared when a call finds the worker gone.
    attached: Mutex<Option<Attached>>,
    view: DaemonView,
    popup: PopupRequests,
    /// Wakes the loop before its next tick (the worker detached).
    retry: tokio::sync::Notify,
    /// Ticks left on which a worker that just went away may be woken without waiting for
    /// [`WAKE_INTERVAL`]: a reloaded extension takes a moment to come back.
    quick_wakes: AtomicU32,
    /// The size of the last checkpoint's command, which the next is given room for at once.
    checkpoint_size: AtomicUsize,
    /// Filmstrip pictures the extension has stored, so each travels once.
    pictures_sent: PicturesSent,
}

/// The pictures the extension has stored, by run: at most [`PICTURE_RUNS_REMEMBERED`] runs,
/// the oldest forgotten first (a forgotten run's pictures would only be sent again, and the
/// extension stores a picture it has by its id once).
#[derive(Debug, Default)]
struct PicturesSent(Mutex<std::collections::VecDeque<(String, std::collections::HashSet<String>)>>);

/// Runs whose sent pictures the link remembers: more than the live captures of a browser.
const PICTURE_RUNS_REMEMBERED: usize = 32;

impl PicturesSent {
    fn contains(&self, run_id: &str, id: &str) -> bool {
        let runs = self.0.lock().unwrap_or_else(|p| p.into_inner());
        runs.iter()
            .any(|(run, ids)| run == run_id && ids.contains(id))
    }

    fn insert(&self, run_id: &str, id: &str) {
        let mut runs = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some((_, ids)) = runs.iter_mut().find(|(run, _)| run == run_id) {
            ids.insert(id.to_string());
            return;
        }
        if runs.len() == PICTURE_RUNS_REMEMBERED {
            runs.pop_front();
        }
        runs.push_back((run_id.to_string(), [id.to_string()].into()));
    }
}

impl std::fmt::Debug for ExtensionLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExtensionLink")
            .field("extension_id", &self.extension_id)
            .field("status", &*self.status.borrow())
            .finish_non_exhaustive()
    }
}

/// Why the link is down, with the state to show.
struct Down(LinkState, String);

impl ExtensionLink {
    /// Starts keeping the link up on `cdp`; the task ends with the connection.
    pub fn start(cdp: CdpClient, view: DaemonView, popup: PopupRequests) -> Arc<ExtensionLink> {
        let extension_id = files::id();
        let link = Arc::new(ExtensionLink {
            cdp,
            status: watch::Sender::new(ExtensionStatus {
                state: LinkState::Connecting,
                extension_id: extension_id.clone(),
                version: None,
                reason: None,
            }),
            extension_id,
            daemon_id: format!("{}-{}", std::process::id(), now_ms()),
            attached: Mutex::new(None),
            view,
            popup,
            retry: tokio::sync::Notify::new(),
            quick_wakes: AtomicU32::new(0),
            checkpoint_size: AtomicUsize::new(0),
            pictures_sent: PicturesSent::default(),
        });
        // The loop's panic is logged, never lost; the link then reports itself broken.
        let watcher = link.clone();
        crate::tasks::spawn_watched_then("extension link", link.clone().run(), move || {
            watcher.set_down(Down(
                LinkState::Broken,
                "the link task failed (see the daemon log)".into(),
            ));
        });
        link
    }

    pub fn status(&self) -> ExtensionStatus {
        self.status.borrow().clone()
    }

    /// Waits until the link has settled (connected, or known to be down), at most `deadline`.
    pub async fn settled(&self, deadline: Duration) -> ExtensionStatus {
        let mut rx = self.status.subscribe();
        let _ =
            tokio::time::timeout(deadline, rx.wait_for(|s| s.state != LinkState::Connecting)).await;
        self.status()
    }

    async fn run(self: Arc<Self>) {
        let mut tick = tokio::time::interval(HEARTBEAT_INTERVAL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last_wake: Option<tokio::time::Instant> = None;
        loop {
            tokio::select! {
                () = self.cdp.closed() => break,
                _ = tick.tick() => {}
                () = self.retry.notified() => {
                    // The worker of a reloaded extension comes back within a moment.
                    tokio::time::sleep(Duration::from_millis(200)).await;
                }
            }
            let attached = self.attached();
            match attached {
                Some(attached) => {
                    if let Err(e) = self.heartbeat(&attached).await {
                        tracing::info!(error = %e, "extension link lost; looking for the worker again");
                        self.detach();
                        let _ = self.detach_session(&attached.session_id).await;
                        self.quick_wakes.store(QUICK_WAKES, Ordering::Relaxed);
                        self.set_down(Down(
                            LinkState::Connecting,
                            format!("the extension's service worker stopped answering ({e}); reconnecting"),
                        ));
                    }
                }
                None => {
                    let recently_lost = self.quick_wakes.load(Ordering::Relaxed) > 0;
                    if recently_lost {
                        self.quick_wakes.fetch_sub(1, Ordering::Relaxed);
                    }
                    let may_wake =
                        recently_lost || last_wake.is_none_or(|at| at.elapsed() >= WAKE_INTERVAL);
                    if may_wake {
                        last_wake = Some(tokio::time::Instant::now());
                    }
                    match self.connect(may_wake).await {
                        Ok(attached) => {
                            tracing::info!(version = %attached.version, "extension link connected");
                            let _ = self.heartbeat(&attached).await;
                            *self.attached.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(attached.clone());
                            self.status.send_replace(ExtensionStatus {
                                state: LinkState::Connected,
                                extension_id: self.extension_id.clone(),
                                version: Some(attached.version),
                                reason: None,
                            });
                        }
                        Err(down) => self.set_down(down),
                    }
                }
            }
        }
        self.detach();
        self.set_down(Down(
            LinkState::Connecting,
            "the browser connection ended".into(),
        ));
    }

    /// The browser says a session detached: if it was the link's, the worker went away (stopped,
    /// reloaded, or the extension was removed); look for it again at once.
    pub fn on_detached(&self, session_id: &str) {
        let mut attached = self.attached.lock().unwrap_or_else(|p| p.into_inner());
        if attached
            .as_ref()
            .is_some_and(|a| a.session_id == session_id)
        {
            attached.take();
            drop(attached);
            tracing::info!("the extension's service worker detached; looking for it again");
            self.status.send_replace(ExtensionStatus {
                state: LinkState::Connecting,
                extension_id: self.extension_id.clone(),
                version: None,
                reason: Some("the extension's service worker went away; reconnecting".into()),
            });
            self.quick_wakes.store(QUICK_WAKES, Ordering::Relaxed);
            self.retry.notify_one();
        }
    }

    fn attached(&self) -> Option<Attached> {
        self.attached
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn detach(&self) {
        self.attached
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take();
    }

    fn set_down(&self, Down(state, reason): Down) {
        let changed = {
            let current = self.status.borrow();
            current.state != state || current.reason.as_deref() != Some(reason.as_str())
        };
        if changed {
            tracing::warn!(state = ?state, reason = %reason, "extension link down");
            self.status.send_replace(ExtensionStatus {
                state,
                extension_id: self.extension_id.clone(),
                version: None,
                reason: Some(reason),
            });
        }
    }

    /// Finds the extension's service worker (waking it if allowed), attaches, and greets it. A
    /// worker target that is listed but stopped does not answer: it is woken and tried again.
    async fn connect(&self, may_wake: bool) -> Result<Attached, Down> {
        if let Some(target) = self.find_worker().await? {
            match self.greet(&target).await {
                Ok(attached) => return Ok(attached),
                Err(down) if !may_wake => return Err(down),
                Err(_) => {}
            }
        } else if !may_wake {
            return Err(self.missing());
        }
        let target = self.wake().await?.ok_or_else(|| self.missing())?;
        self.greet(&target).await
    }

    /// Attaches to the worker `target`, finds `bskLink` and says hello.
    async fn greet(&self, target: &str) -> Result<Attached, Down> {
        let attach = self
            .cdp
            .call_within(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target, "flatten": true }),
                CALL_DEADLINE,
            )
            .await
            .map_err(|e| broken(format!("could not attach to its service worker: {e}")))?;
        let session_id = attach["sessionId"].as_str().unwrap_or_default().to_string();
        match self.hello(&session_id).await {
            Ok(attached) => {
                popup::listen(
                    &self.cdp,
                    &session_id,
                    &attached.link_object,
                    self.popup.clone(),
                )
                .await;
                Ok(attached)
            }
            Err(down) => {
                // Never leave a session behind on a worker that is not the link.
                let _ = self.detach_session(&session_id).await;
                Err(down)
            }
        }
    }

    /// Finds `bskLink` on an attached worker session and says hello.
    async fn hello(&self, session_id: &str) -> Result<Attached, Down> {
        let Some(link_object) = self.link_object(session_id).await? else {
            return Err(broken(
                "its service worker has no bskLink: it is not bsk's extension, or it failed to start"
                    .into(),
            ));
        };
        let mut attached = Attached {
            session_id: session_id.to_string(),
            link_object,
            version: String::new(),
        };
        let hello = LinkHello {
            protocol: LINK_PROTOCOL,
            daemon_id: self.daemon_id.clone(),
            daemon_version: env!("CARGO_PKG_VERSION").into(),
        };
        let welcome: LinkWelcome = self
            .call_typed(&attached, "hello", &hello, CALL_DEADLINE)
            .await
            .map_err(|e| broken(format!("it did not answer hello: {e}")))?;
        if welcome.protocol != LINK_PROTOCOL {
            return Err(Down(
                LinkState::Incompatible,
                format!(
                    "the bsk extension {} speaks link protocol {}, this bsk speaks {LINK_PROTOCOL}; \
                     reload it from `bsk extension path` (chrome://extensions → Load unpacked)",
                    welcome.extension_version, welcome.protocol
                ),
            ));
        }
        attached.version = welcome.extension_version;
        Ok(attached)
    }

    /// `globalThis.bskLink` in the worker. A worker that has just started may still be
    /// evaluating its modules, so this asks again for a moment before concluding it has none.
    async fn link_object(&self, session_id: &str) -> Result<Option<String>, Down> {
        let deadline = tokio::time::Instant::now() + WORKER_START_DEADLINE;
        loop {
            let object = self
                .cdp
                .call_within(
                    Some(session_id),
                    "Runtime.evaluate",
                    json!({ "expression": "globalThis.bskLink", "objectGroup": "bsk-link" }),
                    CALL_DEADLINE,
                )
                .await
                .map_err(|e| broken(format!("its service worker did not answer: {e}")))?;
            if let Some(id) = object["result"]["objectId"].as_str() {
                return Ok(Some(id.to_string()));
            }
            if tokio::time::Instant::now() >= deadline {
                return Ok(None);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn missing(&self) -> Down {
        Down(
            LinkState::Missing,
            format!(
                "this browser has no bsk extension (id {}), so history cannot be saved; \
                 load it from `bsk extension path` (chrome://extensions → Developer mode → Load unpacked)",
                self.extension_id
            ),
        )
    }

    /// The target id of the extension's running service worker, if any.
    async fn find_worker(&self) -> Result<Option<String>, Down> {
        let targets = self
            .cdp
            .call(None, "Target.getTargets", json!({}))
            .await
            .map_err(|e| Down(LinkState::Connecting, format!("cannot list targets: {e}")))?;
        let prefix = format!("chrome-extension://{}/", self.extension_id);
        Ok(targets["targetInfos"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|t| {
                t["type"] == "service_worker"
                    && t["url"].as_str().is_some_and(|u| u.starts_with(&prefix))
            })
            .and_then(|t| t["targetId"].as_str().map(str::to_string)))
    }

    /// A stopped worker starts again on an event: open the extension's wake page (it sends the
    /// worker a message), wait for the worker, close the page.
    async fn wake(&self) -> Result<Option<String>, Down> {
        let url = format!("chrome-extension://{}/wake.html", self.extension_id);
        let page = self
            .cdp
            .call(
                None,
                "Target.createTarget",
                json!({ "url": url, "background": true }),
            )
            .await
            .ok()
            .and_then(|v| v["targetId"].as_str().map(str::to_string));
        let deadline = tokio::time::Instant::now() + WAKE_DEADLINE;
        let mut found = None;
        while tokio::time::Instant::now() < deadline {
            if let Some(target) = self.find_worker().await? {
                found = Some(target);
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        if let Some(page) = page {
            let _ = self
                .cdp
                .call(None, "Target.closeTarget", json!({ "targetId": page }))
                .await;
        }
        Ok(found)
    }

    async fn detach_session(&self, session_id: &str) -> Result<Value, CdpError> {
        self.cdp
            .call(
                None,
                "Target.detachFromTarget",
                json!({ "sessionId": session_id }),
            )
            .await
    }

    async fn heartbeat(&self, attached: &Attached) -> Result<(), String> {
        let (active_runs, sessions) = (self.view)();
        let beat = Heartbeat {
            daemon_id: self.daemon_id.clone(),
            daemon_version: env!("CARGO_PKG_VERSION").into(),
            pid: std::process::id(),
            at: now_ms(),
            active_runs,
            sessions,
        };
        self.call(attached, "heartbeat", &beat, CALL_DEADLINE)
            .await
            .map(|_| ())
    }

    async fn call_typed<T: serde::de::DeserializeOwned>(
        &self,
        attached: &Attached,
        name: &str,
        arg: &impl serde::Serialize,
        deadline: Duration,
    ) -> Result<T, String> {
        let value = self.call(attached, name, arg, deadline).await?;
        serde_json::from_value(value)
            .map_err(|e| format!("the extension answered {name} unexpectedly: {e}"))
    }

    /// `bskLink[name](arg)` in the worker, awaited; its exception becomes the error. (A
    /// checkpoint, a whole capture, is written by [`super::encode`] instead.)
    async fn call(
        &self,
        attached: &Attached,
        name: &str,
        arg: &impl serde::Serialize,
        deadline: Duration,
    ) -> Result<Value, String> {
        #[derive(serde::Serialize)]
        #[serde(rename_all = "camelCase")]
        struct CallFunctionOn<'a, A> {
            object_id: &'a str,
            function_declaration: &'a str,
            arguments: (Argument<&'a str>, Argument<A>),
            await_promise: bool,
            return_by_value: bool,
        }
        #[derive(serde::Serialize)]
        struct Argument<T> {
            value: T,
        }
        let params = CallFunctionOn {
            object_id: &attached.link_object,
            function_declaration: CALL_FUNCTION,
            arguments: (Argument { value: name }, Argument { value: arg }),
            await_promise: true,
            return_by_value: true,
        };
        let reply = self
            .cdp
            .call_within(
                Some(&attached.session_id),
                "Runtime.callFunctionOn",
                params,
                deadline,
            )
            .await;
        answer(reply)
    }

    /// The person's browser automation preferences from the extension (`bskLink.preferences()`):
    /// `None` when the link is not up within a moment or the extension has none.
    pub async fn preferences(&self) -> Option<bsk_schema::link::BrowserPreferences> {
        self.preferences_within(PREFERENCES_GRACE).await
    }

    /// The preferences if the link is up now, without waiting for one still connecting: for
    /// what a capture start reads, which must not wait on a browser without the extension.
    pub async fn preferences_now(&self) -> Option<bsk_schema::link::BrowserPreferences> {
        self.preferences_within(Duration::ZERO).await
    }

    async fn preferences_within(
        &self,
        grace: Duration,
    ) -> Option<bsk_schema::link::BrowserPreferences> {
        if self.cdp.is_closed() {
            return None;
        }
        let status = self.settled(grace).await;
        let attached = match (status.state, self.attached()) {
            (LinkState::Connected, Some(attached)) => attached,
            _ => return None,
        };
        match self
            .call(&attached, "preferences", &Value::Null, PREFERENCES_GRACE)
            .await
        {
            Ok(Value::Null) => None,
            Ok(value) => match serde_json::from_value(value) {
                Ok(preferences) => Some(preferences),
                Err(e) => {
                    tracing::warn!(error = %e, "the extension's preferences were not understood");
                    None
                }
            },
            Err(e) => {
                tracing::info!(error = %e, "could not read the extension's preferences");
                None
            }
        }
    }

    /// Tells the extension the daemon is stopping cleanly, so its pages show it at once rather
    /// than after the heartbeats go stale. An extension that predates the call, or a worker
    /// that is gone, changes nothing: the stale limit still says it.
    pub async fn goodbye(&self) {
        if self.cdp.is_closed() {
            return;
        }
        let Some(attached) = self.attached() else {
            return;
        };
        let message = bsk_schema::link::Goodbye {
            daemon_id: self.daemon_id.clone(),
            at: now_ms(),
        };
        if let Err(e) = self
            .call(&attached, "goodbye", &message, CALL_DEADLINE)
            .await
        {
            tracing::debug!(error = %e, "the extension did not take the daemon's goodbye");
        }
    }

    /// Sends the filmstrip pictures of `snapshot` that the extension has not stored yet, each
    /// once, by id, and leaves only their descriptions in the document: pictures are immutable,
    /// so a checkpoint every two seconds never carries one twice. A picture the extension could
    /// not store is said in the log and left out; the record then shows it as not stored.
    async fn send_pictures(&self, attached: &Attached, snapshot: &mut ExportDocument) {
        let run_id = snapshot.run.run_id.clone();
        for operation in &mut snapshot.operations {
            let Some(picture) = operation.picture.as_mut() else {
                continue;
            };
            let Some(base64) = picture.base64.take() else {
                continue;
            };
            if self.pictures_sent.contains(&run_id, &picture.id) {
                continue;
            }
            let message = LinkPicture {
                run_id: run_id.clone(),
                id: picture.id.clone(),
                mime_type: picture.mime_type.clone(),
                bytes: picture.bytes,
                sha256: picture.sha256.clone(),
                base64: base64.to_string(),
            };
            match self
                .call(attached, "picture", &message, super::SAVE_CALL_DEADLINE)
                .await
            {
                Ok(_) => self.pictures_sent.insert(&run_id, &picture.id),
                Err(e) => {
                    tracing::warn!(run_id = %run_id, picture = %picture.id, error = %e, "the extension could not store a filmstrip picture");
                }
            }
        }
    }

    /// Stores a checkpoint in the extension's history.
    pub(super) async fn checkpoint(&self, mut snapshot: ExportDocument) -> Result<Saved, String> {
        // A browser that is gone will not connect within the grace: say so at once, so the
        // captures it ends stop without waiting.
        if self.cdp.is_closed() {
            return Err(unavailable(&self.status()));
        }
        let status = self.settled(CONNECT_GRACE).await;
        let attached = match (status.state, self.attached()) {
            (LinkState::Connected, Some(attached)) => attached,
            _ => return Err(unavailable(&status)),
        };
        self.send_pictures(&attached, &mut snapshot).await;
        // `bskLink.checkpoint(CheckpointText)`, the document written once, already escaped, and
        // its digest, so that the worker stores the text without parsing it.
        let params = super::encode::call_with_document(
            &attached.link_object,
            CALL_FUNCTION,
            "checkpoint",
            &snapshot,
            &CheckpointDigest::of(&snapshot),
            // A little more than the last: a capture's checkpoints grow until its bounds.
            self.checkpoint_size.load(Ordering::Relaxed) / 8 * 9,
        )
        .map_err(|e| format!("the checkpoint could not be serialized: {e}"))?;
        self.checkpoint_size.store(params.len(), Ordering::Relaxed);
        drop(snapshot);
        let reply = self
            .cdp
            .call_with_params_text(
                Some(&attached.session_id),
                "Runtime.callFunctionOn",
                &params,
                super::SAVE_CALL_DEADLINE,
            )
            .await;
        drop(params);
        let ack: CheckpointAck = answer(reply)
            .and_then(|value| {
                serde_json::from_value(value)
                    .map_err(|e| format!("the extension answered checkpoint unexpectedly: {e}"))
            })
            .map_err(|e| format!("the extension could not store the checkpoint: {e}"))?;
        if !ack.evicted.is_empty() {
            tracing::info!(evicted = ?ack.evicted, "history retention removed older records");
        }
        Ok(Saved {
            checkpoints: ack.checkpoints,
            extension_version: Some(attached.version),
        })
    }
}

/// What a `bskLink` call answered: its value, or its exception as the error.
fn answer(reply: Result<Value, CdpError>) -> Result<Value, String> {
    let reply = reply.map_err(|e| e.to_string())?;
    if let Some(details) = reply.get("exceptionDetails") {
        let message = details["exception"]["description"]
            .as_str()
            .or_else(|| details["text"].as_str())
            .unwrap_or("an exception");
        // The first line of a JS error's description is its message.
        let message = message.lines().next().unwrap_or(message);
        return Err(message.trim_start_matches("Error: ").to_string());
    }
    Ok(reply["result"]["value"].clone())
}

fn broken(reason: String) -> Down {
    Down(
        LinkState::Broken,
        format!("the bsk extension is not working: {reason}"),
    )
}

/// Why history is unavailable, in the words `bsk debug status` shows.
pub(super) fn unavailable(status: &ExtensionStatus) -> String {
    format!(
        "history storage is unavailable: {}; live evidence stays readable and exportable through bsk's debug reads while the session runs",
        status
            .reason
            .as_deref()
            .unwrap_or("the link to the bsk extension is still connecting")
    )
}
