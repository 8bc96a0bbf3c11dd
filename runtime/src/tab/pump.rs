//! The tab's event pump: the one reader of the events of the tab's page session and of every
//! iframe target under it, in wire order.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use dashmap::DashMap;
use serde_json::json;
use tokio::sync::watch;

use bsk_actors::capture::{CaptureTap, MAX_BATCH};
use bsk_schema::capture::StopReason;

use super::{CaptureSlot, ChildTarget, TabState};
use bsk_actors::cdp::{Domain, Event, EventKind};

use crate::cdp::{CdpClient, CdpEvent, EventReceiver, EventSink};

pub(super) struct Pump {
    cdp: CdpClient,
    page_session: String,
    /// Iframe sessions are routed into the same sink, so their events interleave in wire order.
    sink: EventSink,
    state: Arc<watch::Sender<TabState>>,
    children: Arc<DashMap<String, ChildTarget>>,
    capture: Arc<CaptureSlot>,
    network: Arc<std::sync::Mutex<super::network::NetworkActivity>>,
    dialog_policy: Arc<std::sync::Mutex<bsk_schema::dialog::DialogPolicy>>,
    /// The opener's capture, for a popup (see `Tab::follow`).
    following: Arc<CaptureSlot>,
    /// Worker targets routed here, by session (shared with the tab, which emulates on them).
    workers: Arc<DashMap<String, ()>>,
    /// The tab's emulation, applied to the targets that attach under it.
    emulation: Arc<std::sync::Mutex<Arc<super::emulation::Overrides>>>,
    /// Streaming responses (server-sent events) in flight, whose `Network.dataReceived` the
    /// capture counts; other responses' data events are not forwarded.
    streams: std::sync::Mutex<std::collections::HashSet<String>>,
}

/// Streams followed at once; past it, a new stream's bytes are not counted.
const MAX_STREAMS: usize = 64;

/// The URL of a page's `Network.requestWillBeSent`, read from where Chromium writes it
/// (`…"request":{"url":"…"`) without parsing the event; `None` for any other layout or a URL
/// with an escape.
fn sent_url(params: &str) -> Option<&str> {
    let (_, rest) = params.split_once(r#""request":{"url":""#)?;
    let (url, _) = rest.split_once('"')?;
    (!url.contains('\\')).then_some(url)
}

/// What a tab shares with its pump: the pump writes, operations read.
pub(super) struct Shared {
    pub state: Arc<watch::Sender<TabState>>,
    pub children: Arc<DashMap<String, ChildTarget>>,
    pub capture: Arc<CaptureSlot>,
    pub network: Arc<std::sync::Mutex<super::network::NetworkActivity>>,
    pub dialog_policy: Arc<std::sync::Mutex<bsk_schema::dialog::DialogPolicy>>,
    pub following: Arc<CaptureSlot>,
    pub emulation: Arc<std::sync::Mutex<Arc<super::emulation::Overrides>>>,
    pub workers: Arc<DashMap<String, ()>>,
}

/// Pumps running now, for `bsk status`: one per live tab, none left behind by ended ones.
static LIVE_PUMPS: AtomicUsize = AtomicUsize::new(0);

pub fn live_pumps() -> usize {
    LIVE_PUMPS.load(Ordering::Relaxed)
}

/// Counts a pump while it runs, whatever way it ends (a panic included).
struct LivePump;

impl LivePump {
    fn new() -> Self {
        LIVE_PUMPS.fetch_add(1, Ordering::Relaxed);
        LivePump
    }
}

impl Drop for LivePump {
    fn drop(&mut self) {
        LIVE_PUMPS.fetch_sub(1, Ordering::Relaxed);
    }
}

pub(super) fn mark_gone(state: &watch::Sender<TabState>, reason: &str) {
    state.send_modify(|state| {
        if state.gone.is_none() {
            state.gone = Some(reason.to_string());
        }
    });
}

impl Pump {
    pub(super) fn new(
        cdp: CdpClient,
        page_session: String,
        sink: EventSink,
        shared: Shared,
    ) -> Self {
        Pump {
            cdp,
            page_session,
            sink,
            state: shared.state,
            children: shared.children,
            capture: shared.capture,
            network: shared.network,
            dialog_policy: shared.dialog_policy,
            following: shared.following,
            workers: shared.workers,
            emulation: shared.emulation,
            streams: std::sync::Mutex::default(),
        }
    }

    /// Where the tab's evidence goes: its own capture, or the opener's that follows it.
    fn evidence_tap(&self) -> Option<CaptureTap> {
        self.capture().or_else(|| {
            self.following
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .clone()
                .filter(CaptureTap::is_alive)
        })
    }

    fn capture(&self) -> Option<CaptureTap> {
        self.capture
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Reads the tab's events until the tab is gone (closed, detached, crashed) or the
    /// connection ends: no pump outlives its tab.
    pub(super) async fn run(self, mut events: EventReceiver) {
        let _live = LivePump::new();
        let mut gone = self.state.subscribe();
        let mut counted = 0;
        // Test-only: a pump slow on evidence, standing in for a tab that cannot keep up.
        let slow = crate::test_hooks::hooks().slow_pump;
        loop {
            let event = tokio::select! {
                event = events.recv() => event,
                _ = gone.wait_for(|state| state.gone.is_some()) => break,
            };
            let Some(event) = event else {
                mark_gone(&self.state, "the browser connection closed");
                break;
            };
            let dropped = events.dropped();
            if dropped > counted {
                self.count_dropped(dropped - counted);
                counted = dropped;
            }
            // What is already waiting is handled in the same turn, and its evidence handed to
            // the capture as one batch: under load, one wake-up of each capture actor covers
            // many events.
            let mut batch = Vec::new();
            let mut next = Some(event);
            let mut handled = 0;
            while let Some(event) = next.take() {
                if let Some(slow) = slow.filter(|_| !event.kind.is_control()) {
                    tokio::time::sleep(slow).await;
                }
                self.handle(event, &mut batch).await;
                handled += 1;
                if handled < MAX_BATCH {
                    next = events.try_recv();
                }
            }
            self.flush(&mut batch);
        }
    }

    /// Hands the batched evidence to the capture.
    fn flush(&self, batch: &mut Vec<Event>) {
        if batch.is_empty() {
            return;
        }
        let events = std::mem::take(batch);
        if let Some(tap) = self.evidence_tap() {
            tap.forward_batch(events);
        }
    }

    /// A JavaScript dialog: answered at once by the session's policy, or kept open for the agent.
    /// Answering does not wait here, so the pump keeps reading events meanwhile.
    fn on_dialog(&self, event: &CdpEvent) {
        use bsk_schema::dialog::{DialogInfo, DialogPolicy};
        let default_prompt = Some(event.str("defaultPrompt").to_string()).filter(|p| !p.is_empty());
        let accept = match *self.dialog_policy.lock().unwrap_or_else(|p| p.into_inner()) {
            DialogPolicy::Ask => None,
            DialogPolicy::Accept => Some(true),
            DialogPolicy::Dismiss => Some(false),
        };
        let info = DialogInfo {
            kind: event.str("type").to_string(),
            message: event.str("message").to_string(),
            default_prompt: default_prompt.clone(),
            url: event.str("url").to_string(),
            opened_at: bsk_actors::store::now_ms(),
            answered: accept.map(|a| if a { "accepted" } else { "dismissed" }.to_string()),
        };
        if let Some(accept) = accept {
            let (cdp, session) = (self.cdp.clone(), self.page_session.clone());
            let mut params = serde_json::json!({ "accept": accept });
            if let (true, Some(text)) = (accept, default_prompt) {
                params["promptText"] = text.into();
            }
            crate::tasks::spawn_watched("answer a dialog", async move {
                if let Err(e) = cdp
                    .call(Some(&session), "Page.handleJavaScriptDialog", params)
                    .await
                {
                    tracing::warn!(error = %e, "could not answer a dialog by the session's policy");
                }
            });
        }
        self.state.send_modify(|state| {
            state.dialogs_opened += 1;
            if info.answered.is_none() {
                state.dialog = Some(info.clone());
            }
            state.last_dialog = Some(info);
        });
    }

    /// Events lost to a full channel: no drop is silent.
    fn count_dropped(&self, lost: u64) {
        tracing::warn!(lost, "tab event channel full: events dropped");
        self.state.send_modify(|state| state.events_dropped += lost);
        if let Some(tap) = self.evidence_tap() {
            tap.count_lost(lost);
        }
    }

    /// Handles one event. Evidence the pump does not read itself joins `batch`; anything else
    /// first hands the batch over, so the capture sees every event in the browser's order
    /// relative to what the pump does (an iframe attached before its first event).
    async fn handle(&self, event: CdpEvent, batch: &mut Vec<Event>) {
        let on_page = event.session_id.as_deref() == Some(self.page_session.as_str());
        // A request the page starts can finish on another of the tab's targets: an
        // out-of-process iframe's document request starts on the page and its
        // `loadingFinished` comes on the iframe's session. Ends from any of them close it.
        let ends = matches!(
            event.kind,
            EventKind::LoadingFinished | EventKind::LoadingFailed
        );
        if (on_page || ends) && event.kind.roles().activity {
            let url = (event.kind == EventKind::RequestWillBeSent)
                .then(|| sent_url(event.params.get()))
                .flatten();
            self.network
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .on_event(
                    event.kind,
                    &event.request_id(),
                    url,
                    std::time::Instant::now(),
                );
        }
        if self.follows_stream(&event) && self.evidence_tap().is_some() {
            batch.push(evidence(event));
            return;
        }
        // The pump itself reads only `Target.`, `Page.`, `Inspector.` and `Input.` events: the
        // rest (network, console: nearly all traffic) is handed over without a copy, and needs
        // no flush.
        let own = matches!(
            event.kind.domain(),
            Domain::Target | Domain::Page | Domain::Inspector | Domain::Input
        );
        if event.kind.is_evidence() && self.evidence_tap().is_some() {
            if !own {
                batch.push(evidence(event));
                return;
            }
            batch.push(evidence(event.clone()));
        }
        if !own {
            return;
        }
        self.flush(batch);
        match event.kind {
            EventKind::AttachedToTarget => self.on_attached(&event).await,
            EventKind::DetachedFromTarget => {
                let session = &*event.str("sessionId");
                if self.children.remove(session).is_some() || self.workers.remove(session).is_some()
                {
                    self.cdp.unroute(session);
                    if let Some(tap) = self.evidence_tap() {
                        tap.target_detached(session.to_string());
                    }
                }
            }
            EventKind::LifecycleEvent if on_page => {
                let frame = event.str("frameId").to_string();
                let name = event.str("name").to_string();
                let loader = event.str("loaderId").to_string();
                self.state.send_if_modified(|state| {
                    if frame != state.main_frame_id {
                        return false;
                    }
                    if name == "init" || loader != state.loader_id {
                        state.loader_id = loader;
                        state.lifecycle.clear();
                    }
                    if name != "init" {
                        state.lifecycle.push(name);
                    }
                    true
                });
            }
            EventKind::FrameNavigated if on_page => {
                let params = event.value();
                let frame = &params["frame"];
                if frame.get("parentId").is_none() {
                    let url = frame["url"].as_str().unwrap_or_default().to_string();
                    let id = frame["id"].as_str().unwrap_or_default().to_string();
                    let loader = frame["loaderId"].as_str().unwrap_or_default().to_string();
                    self.state.send_modify(|state| {
                        state.main_frame_id = id;
                        state.url = url;
                        if loader != state.loader_id {
                            state.loader_id = loader;
                            state.lifecycle.clear();
                        }
                        state.navigations += 1;
                    });
                }
            }
            EventKind::NavigatedWithinDocument if on_page => {
                let frame = event.str("frameId").to_string();
                let url = event.str("url").to_string();
                self.state.send_modify(|state| {
                    if frame == state.main_frame_id {
                        state.url = url;
                        state.navigations += 1;
                    }
                });
            }
            EventKind::JavascriptDialogOpening if on_page => self.on_dialog(&event),
            EventKind::FileChooserOpened if on_page => {
                let node = event.value()["backendNodeId"].as_i64();
                self.state.send_modify(|state| {
                    state.file_chooser = node;
                    state.file_choosers_opened += 1;
                });
            }
            EventKind::DragIntercepted if on_page => {
                let data = event.value()["data"].clone();
                self.state.send_modify(|state| {
                    state.drag_data = Some(data);
                    state.drags_intercepted += 1;
                });
            }
            EventKind::JavascriptDialogClosed if on_page => {
                self.state
                    .send_if_modified(|state| state.dialog.take().is_some());
            }
            EventKind::InspectorDetached if on_page => {
                let reason = format!("the browser detached it ({})", &*event.str("reason"));
                mark_gone(&self.state, &reason);
            }
            EventKind::TargetCrashed if on_page => {
                mark_gone(&self.state, "the page crashed");
                // Nothing more will come from this renderer: the capture ends here, interrupted,
                // with its evidence saved (its final checkpoint included).
                let tap = self
                    .capture
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .take();
                if let Some(tap) = tap {
                    tracing::warn!("the captured page's renderer crashed; ending its capture");
                    tap.stop(StopReason::RendererCrashed).await;
                }
            }
            _ => {}
        }
    }

    /// A target auto-attached under the tab. Iframes are routed here and resumed after their
    /// set-up commands are queued; everything else (workers) is simply resumed. Replies are
    /// awaited off the pump: awaiting them before `runIfWaitingForDebugger` would deadlock.
    async fn on_attached(&self, event: &CdpEvent) {
        let child_session = event.str("sessionId").to_string();
        let params = event.value();
        let info = &params["targetInfo"];
        let kind = info["type"].as_str().unwrap_or_default();
        let waiting = params["waitingForDebugger"].as_bool().unwrap_or(false);
        let s = Some(child_session.as_str());
        let mut replies = Vec::new();
        if let Some(worker) = bsk_schema::capture::WorkerKind::of_target_type(kind) {
            let url = info["url"].as_str().unwrap_or_default();
            let target_id = info["targetId"].as_str().unwrap_or_default();
            self.on_worker(&child_session, target_id, worker, url).await;
        }
        if kind == "iframe" {
            let child = ChildTarget {
                session_id: child_session.clone(),
                parent_session_id: event.session_id.clone().unwrap_or_default(),
                frame_id: info["targetId"].as_str().unwrap_or_default().to_string(),
                url: info["url"].as_str().unwrap_or_default().to_string(),
            };
            tracing::debug!(child = %child.session_id, url = %child.url, "iframe target attached");
            let target_id = child.frame_id.clone();
            self.children.insert(child_session.clone(), child);
            self.cdp.route(&child_session, self.sink.clone());
            let auto_attach =
                json!({ "autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true });
            replies.push(self.cdp.send(s, "Target.setAutoAttach", auto_attach).await);
            // The tab's emulation reaches the frame before it runs its first script or request.
            let overrides = self.overrides();
            if !overrides.is_default() {
                for (method, params) in overrides.frame() {
                    replies.push(self.cdp.send(s, method, params).await);
                }
            }
            // Capture set-up goes out before the target is resumed, so its first requests are
            // seen. The capture hears of the target before any of its events.
            let mut network_on = false;
            if let Some(tap) = self.evidence_tap() {
                let admitted = tap.admit_iframe(&child_session);
                network_on = admitted;
                tap.target_attached(child_session.clone(), target_id, admitted, false);
                if admitted {
                    let mut setup = Vec::new();
                    for (method, params) in bsk_actors::capture::setup::target_setup() {
                        setup.push(self.cdp.send(s, method, params).await);
                    }
                    let session = child_session.clone();
                    let capture_setup = async move {
                        for reply in setup {
                            if reply.wait().await.is_err() {
                                tap.setup_failed(session);
                                break;
                            }
                        }
                    };
                    crate::tasks::spawn_watched("iframe capture set-up", capture_setup);
                }
            }
            // Otherwise Network is still a workflow domain of the tab's targets: an
            // out-of-process iframe's document request ends on the iframe's own session, and
            // settling must see it end. Enabled once: a second `Network.enable` would reset the
            // buffer a capture reads the iframe's bodies from.
            if !network_on {
                replies.push(
                    self.cdp
                        .send(
                            s,
                            "Network.enable",
                            bsk_actors::capture::setup::network_enable(),
                        )
                        .await,
                );
            }
        }
        if waiting {
            replies.push(
                self.cdp
                    .send(s, "Runtime.runIfWaitingForDebugger", json!({}))
                    .await,
            );
        }
        if replies.is_empty() {
            return;
        }
        crate::tasks::spawn_watched("child target set-up", async move {
            for reply in replies {
                if let Err(e) = reply.wait().await {
                    tracing::debug!(error = %e, "child target set-up command failed");
                }
            }
        });
    }
}

impl Pump {
    /// The tab's emulation now.
    fn overrides(&self) -> Arc<super::emulation::Overrides> {
        self.emulation
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Whether the event is a streaming response's data or end, which the capture counts:
    /// `responseReceived` of a `text/event-stream` starts following it (the event is still
    /// handled as evidence), `dataReceived` is forwarded only for such streams.
    fn follows_stream(&self, event: &CdpEvent) -> bool {
        if !matches!(
            event.kind,
            EventKind::DataReceived
                | EventKind::ResponseReceived
                | EventKind::LoadingFinished
                | EventKind::LoadingFailed
        ) {
            return false;
        }
        let stream_id = || event.request_id().to_string();
        let mut streams = self.streams.lock().unwrap_or_else(|p| p.into_inner());
        match event.kind {
            EventKind::DataReceived => {
                !streams.is_empty() && streams.contains(&*event.request_id())
            }
            EventKind::ResponseReceived => {
                if streams.len() < MAX_STREAMS
                    && event
                        .params
                        .get()
                        .contains(r#""mimeType":"text/event-stream""#)
                {
                    streams.insert(stream_id());
                }
                false
            }
            EventKind::LoadingFinished | EventKind::LoadingFailed => {
                if !streams.is_empty() {
                    streams.remove(&*event.request_id());
                }
                false
            }
            _ => false,
        }
    }

    /// A worker target auto-attached under the tab (a dedicated worker, or a service worker that
    /// reaches the page): see [`set_up_worker`]. The worker is resumed by the caller, after
    /// these commands are queued.
    async fn on_worker(
        &self,
        session: &str,
        target_id: &str,
        kind: bsk_schema::capture::WorkerKind,
        url: &str,
    ) {
        let worker = Worker {
            session,
            target_id,
            kind,
            url,
        };
        let tap = self.evidence_tap();
        let overrides = self.overrides();
        if set_up_worker(
            &self.cdp,
            &self.sink,
            tap,
            &self.network,
            worker,
            &overrides,
        )
        .await
        {
            self.workers.insert(session.to_string(), ());
        }
    }
}

/// A worker target attached for a tab.
pub(super) struct Worker<'a> {
    pub session: &'a str,
    pub target_id: &'a str,
    pub kind: bsk_schema::capture::WorkerKind,
    pub url: &'a str,
}

/// Sets a worker target up for the tab's capture `tap`, if any: routed into the tab's event
/// channel and admitted within the capture's worker bound, its console recorded always, its
/// requests with `--workers`. A dedicated worker's script request, which the page sees start but
/// never end, stops counting for settling. Answers whether the worker was routed here.
pub(super) async fn set_up_worker(
    cdp: &CdpClient,
    sink: &EventSink,
    tap: Option<CaptureTap>,
    network: &std::sync::Mutex<super::network::NetworkActivity>,
    worker: Worker<'_>,
    overrides: &super::emulation::Overrides,
) -> bool {
    let Worker {
        session,
        target_id,
        kind,
        url,
    } = worker;
    tracing::debug!(worker = kind.name(), %url, "worker target attached");
    if kind == bsk_schema::capture::WorkerKind::Dedicated {
        network
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .forget_url(url);
    }
    let Some(tap) = tap else {
        return false;
    };
    cdp.route(session, sink.clone());
    let admitted = tap.admit_worker(session);
    let worker = bsk_schema::capture::WorkerSource {
        kind,
        url: url.to_string(),
    };
    tap.worker_attached(session.to_string(), target_id.to_string(), worker, admitted);
    if !admitted {
        return true;
    }
    let s = Some(session);
    let mut setup = Vec::new();
    for (method, params) in bsk_actors::capture::setup::worker_setup(tap.records_workers()) {
        setup.push(cdp.send(s, method, params).await);
    }
    // A worker whose requests are recorded runs under the tab's network conditions too.
    if tap.records_workers() && !overrides.is_default() {
        for (method, params) in overrides.network() {
            setup.push(cdp.send(s, method, params).await);
        }
    }
    let session = session.to_string();
    crate::tasks::spawn_watched("worker capture set-up", async move {
        for reply in setup {
            if let Err(e) = reply.wait().await {
                // A worker may be gone already (it ran to its end): nothing to record.
                tracing::debug!(%session, error = %e, "worker capture set-up failed");
                break;
            }
        }
    });
    true
}

/// A browser event as the capture takes it.
fn evidence(event: CdpEvent) -> Event {
    Event {
        session_id: event.session_id.unwrap_or_default(),
        kind: event.kind,
        method: event.method,
        params: event.params,
    }
}
