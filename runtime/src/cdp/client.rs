//! The connection, the reader (router) and the command API.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use dashmap::DashMap;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::wire::{CdpEvent, Incoming, unread_event};

/// How long a command may wait for its reply unless the caller says otherwise. Navigation waits
/// are separate; no single CDP command the runtime sends should take this long.
pub const DEFAULT_COMMAND_DEADLINE: Duration = Duration::from_secs(30);

/// Capacity of each session's event channel. When an owner falls this far behind, the newest
/// event is dropped and counted on the owner's [`EventReceiver::dropped`]: the reader never
/// waits for a slow owner, because a blocked reader would also block every command reply.
pub const EVENT_QUEUE_CAPACITY: usize = 8192;

/// Bytes of params an owner's evidence lane may hold besides its count: a page that logs
/// megabyte strings while its owner is busy would otherwise queue thousands of them. Past it
/// the newest event is dropped and counted like one over the count; an event arriving at an
/// empty lane is always taken, so one message of any size (up to the pipe's limit) gets
/// through.
pub const EVENT_QUEUE_BYTES: usize = 64 * 1024 * 1024;

/// Commands queued for the writer. Senders wait when it is full (backpressure on callers, not on
/// the reader).
const OUTGOING_QUEUE_CAPACITY: usize = 1024;

/// How much one read of the WebSocket takes at most. tungstenite zeroes this much of its buffer
/// before every read, including the one that finds the socket empty at the end of each batch:
/// its default of 128 KiB was 6% of the daemon's CPU at 1 agent (two 128 KiB `memset`s per
/// wake-up). A batch larger than this takes a few more reads.
const WEBSOCKET_READ_CHUNK: usize = 16 * 1024;

/// Largest CDP message accepted over a WebSocket, where a larger one would end the
/// connection: generous, with the work after parsing bounded instead.
const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

/// How long the pipe reader may let the browser's messages gather between reads while traffic
/// is sparse and nobody waits promptly for a reply. Chromium writes each CDP message on its
/// own, and reading each as it came woke the daemon five to six times per captured request;
/// gathered, one wake-up reads everything a page sent in the window
/// (`docs/performance.md#gathering`).
/// Events then reach their owners up to `most` later (a record's times are the browser's own).
/// See [`Gathering`] for when the reader gathers and for how long.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Windows {
    /// The first window after the pipe was idle: short, so that a burst starting then is seen
    /// before a longer window could gather more finished requests than the body pool holds.
    pub first: Duration,
    /// The longest window, reached by doubling while batches stay sparse.
    pub most: Duration,
}

impl Windows {
    /// What the daemon uses on the pipe of the browser it launches.
    pub const GATHER: Windows = Windows {
        first: Duration::from_millis(1),
        most: Duration::from_millis(32),
    };
    /// Every message read as it comes.
    pub const NONE: Windows = Windows {
        first: Duration::ZERO,
        most: Duration::ZERO,
    };
}

/// Largest CDP message read over the pipe: what the bounds need (an accessibility tree of a
/// large page, a 256 KiB resource buffer in base64, a request's post data) with room to spare.
/// A larger one is skipped without being held in memory, counted, and its caller answered.
pub const MAX_PIPE_MESSAGE_BYTES: usize = 64 * 1024 * 1024;

#[derive(Debug, Clone, thiserror::Error)]
pub enum CdpError {
    #[error("the browser connection is closed")]
    Closed,
    #[error("{method} did not answer within {deadline:?}")]
    Timeout { method: String, deadline: Duration },
    #[error("{method} failed: {message}")]
    Remote {
        method: String,
        code: i64,
        message: String,
    },
    #[error("could not connect to the browser at {url}: {reason}")]
    Connect { url: String, reason: String },
    #[error("{method} answered something unexpected: {reason}")]
    Decode { method: String, reason: String },
    #[error("{method}'s answer was larger than {limit} bytes and was skipped")]
    TooLarge { method: String, limit: usize },
}

/// A cheap handle to the one connection; clone it freely.
#[derive(Clone, Debug)]
pub struct CdpClient {
    inner: Arc<Inner>,
}

#[derive(Debug)]
pub(super) struct Inner {
    next_id: AtomicU64,
    /// Callers waiting for a reply, by command id.
    pending: DashMap<u64, Pending>,
    /// Event owners by flattened `sessionId`.
    routes: DashMap<String, Route>,
    /// The owner of browser-level events (no `sessionId`).
    browser_route: Route,
    outgoing: mpsc::Sender<String>,
    /// Flips to `true` once, when the socket ends for any reason.
    closed: watch::Sender<bool>,
    /// Events for a session nobody owns (already detached, or never routed).
    unrouted: AtomicU64,
    /// Messages skipped: over [`MAX_PIPE_MESSAGE_BYTES`], or not JSON even read leniently.
    oversize: AtomicU64,
    /// Told when a prompt command is queued, or someone hurries: it ends the pipe reader's
    /// gathering window early.
    pub(super) prompt: Arc<tokio::sync::Notify>,
    /// Until when (in milliseconds since `started`) the reader stays prompt because someone
    /// hurried ([`CdpClient::hurry`]).
    hurried_until: AtomicU64,
    /// When (in milliseconds since `started`, plus one; 0 for never) the latest prompt command
    /// was sent: past [`PROMPT_FOR`] after it no pending command can still be prompt, and
    /// [`Inner::waits_promptly`] answers without looking through them (the reader asks each time
    /// the pipe empties).
    prompt_sent: AtomicU64,
    started: Instant,
    /// Whether the reader may gather at all (a pipe with windows).
    gathers: std::sync::atomic::AtomicBool,
    /// Whether the reader waits on an empty pipe (not in a window, not reading a batch).
    idle: std::sync::atomic::AtomicBool,
    /// Counts the moments the reader found the pipe empty; told to [`CdpClient::caught_up`].
    emptied: AtomicU64,
    emptied_told: tokio::sync::Notify,
}

/// A command as it goes on the wire. `params` comes last: [`CdpClient::call_with_params_text`]
/// puts its text where [`Marker`] wrote `null`.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Outgoing<'a, P> {
    id: u64,
    method: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    session_id: Option<&'a str>,
    params: P,
}

/// Parameters written as `null`, to be replaced by their text.
#[derive(serde::Serialize)]
struct Marker;

#[derive(Debug)]
struct Pending {
    method: String,
    /// When a prompt command was sent; `None` for an unhurried one, whose reply may wait for
    /// the pipe reader's window.
    prompt_since: Option<Instant>,
    reply: oneshot::Sender<Result<Value, CdpError>>,
}

/// How soon a command's reply is wanted: a prompt one ends the pipe reader's window and keeps
/// it prompt until the reply comes; an unhurried one's reply may come with the next window.
pub use bsk_actors::cdp::Urgency;

/// Room in an owner's control lane: attaches, detaches, lifecycle and navigation events, which
/// are few (a navigation storm of 100 a second fills a tenth of it per second).
pub const CONTROL_QUEUE_CAPACITY: usize = 1024;

/// The sending half of an owner's event channel. One owner may route several sessions into the
/// same sink (a tab and its iframe targets), which keeps their events in wire order within each
/// lane. Control events travel in a lane of their own, so a flood of evidence (network,
/// console) never crowds out an attach or a navigation.
#[derive(Debug, Clone)]
pub struct EventSink {
    tx: mpsc::Sender<CdpEvent>,
    control: mpsc::Sender<CdpEvent>,
    dropped: Arc<AtomicU64>,
    /// Bytes of params waiting in the evidence lane (see [`EVENT_QUEUE_BYTES`]).
    queued_bytes: Arc<AtomicUsize>,
}

/// A bounded event channel: an evidence lane of [`EVENT_QUEUE_CAPACITY`] whose overflow drops
/// the newest event and counts it, and a control lane of [`CONTROL_QUEUE_CAPACITY`] read first.
/// Its receiver ends when `closed` turns true, even while some sink clone lives on.
fn event_channel(closed: watch::Receiver<bool>) -> (EventSink, EventReceiver) {
    let (tx, rx) = mpsc::channel(EVENT_QUEUE_CAPACITY);
    let (control, control_rx) = mpsc::channel(CONTROL_QUEUE_CAPACITY);
    let dropped = Arc::new(AtomicU64::new(0));
    let queued_bytes = Arc::new(AtomicUsize::new(0));
    (
        EventSink {
            tx,
            control,
            dropped: dropped.clone(),
            queued_bytes: queued_bytes.clone(),
        },
        EventReceiver {
            rx,
            control: control_rx,
            dropped,
            queued_bytes,
            closed,
        },
    )
}

type Route = EventSink;

/// Whether an event steers the owner (targets, lifecycle, navigation, dialogs) rather than
/// being evidence it records.
pub fn is_control(method: &str) -> bool {
    method.starts_with("Target.")
        || method.starts_with("Inspector.")
        || matches!(
            method,
            "Page.lifecycleEvent"
                | "Page.frameNavigated"
                | "Page.navigatedWithinDocument"
                | "Page.frameAttached"
                | "Page.frameDetached"
                | "Page.javascriptDialogOpening"
                | "Page.javascriptDialogClosed"
                | "Page.fileChooserOpened"
        )
}

/// What became of an event handed to a sink.
#[derive(Debug, PartialEq, Eq)]
enum Delivery {
    Delivered,
    /// The lane was full: the event is dropped (and counted).
    Dropped,
    /// The owner is gone.
    Gone,
}

impl EventSink {
    /// Delivers without waiting.
    fn deliver(&self, event: CdpEvent) -> Delivery {
        let control = is_control(&event.method);
        let size = event.params.get().len();
        if !control {
            let queued = self.queued_bytes.load(Ordering::Relaxed);
            if queued > 0 && queued + size > EVENT_QUEUE_BYTES {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                return Delivery::Dropped;
            }
        }
        let lane = if control { &self.control } else { &self.tx };
        match lane.try_send(event) {
            Ok(()) => {
                if !control {
                    self.queued_bytes.fetch_add(size, Ordering::Relaxed);
                }
                Delivery::Delivered
            }
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.dropped.fetch_add(1, Ordering::Relaxed);
                Delivery::Dropped
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Delivery::Gone,
        }
    }
}

/// The receiving end of one owner's event channel.
#[derive(Debug)]
pub struct EventReceiver {
    rx: mpsc::Receiver<CdpEvent>,
    control: mpsc::Receiver<CdpEvent>,
    dropped: Arc<AtomicU64>,
    queued_bytes: Arc<AtomicUsize>,
    /// The connection's closed flag: once set, the receiver ends after what is buffered.
    closed: watch::Receiver<bool>,
}

impl EventReceiver {
    /// The next event; `None` once the connection is closed (after the events already
    /// buffered) or every sink is gone.
    /// Control events come before evidence that waits.
    pub async fn recv(&mut self) -> Option<CdpEvent> {
        let (event, evidence) = tokio::select! {
            biased;
            Some(event) = self.control.recv() => (Some(event), false),
            event = self.rx.recv() => (event, true),
            _ = self.closed.wait_for(|closed| *closed) => (None, false),
        };
        match (event, evidence) {
            (Some(event), true) => Some(self.taken(event)),
            (Some(event), false) => Some(event),
            // Closed, or every sink gone: what is already buffered, then the end.
            (None, _) => self.try_recv(),
        }
    }

    /// An event already waiting, if any (control events first), without waiting.
    pub fn try_recv(&mut self) -> Option<CdpEvent> {
        self.control
            .try_recv()
            .ok()
            .or_else(|| self.rx.try_recv().ok().map(|e| self.taken(e)))
    }

    /// `event`, taken from the evidence lane: its bytes no longer wait.
    fn taken(&self, event: CdpEvent) -> CdpEvent {
        self.queued_bytes
            .fetch_sub(event.params.get().len(), Ordering::Relaxed);
        event
    }

    /// Events dropped because this owner's channel was full.
    pub fn dropped(&self) -> u64 {
        self.dropped.load(Ordering::Relaxed)
    }
}

/// A command already queued for the browser, whose reply has not been awaited yet. Queue several
/// in order, then await them: that is how a target paused by `waitForDebuggerOnStart` is set up
/// and resumed without deadlocking.
#[derive(Debug)]
#[must_use = "a reply that is never awaited is discarded"]
pub struct PendingReply {
    method: String,
    rx: Result<oneshot::Receiver<Result<Value, CdpError>>, CdpError>,
    deadline: Duration,
    id: u64,
    inner: Arc<Inner>,
}

impl PendingReply {
    pub async fn wait(self) -> Result<Value, CdpError> {
        let rx = self.rx?;
        match tokio::time::timeout(self.deadline, rx).await {
            Ok(Ok(reply)) => reply,
            Ok(Err(_)) => Err(CdpError::Closed),
            Err(_) => {
                self.inner.pending.remove(&self.id);
                Err(CdpError::Timeout {
                    method: self.method,
                    deadline: self.deadline,
                })
            }
        }
    }
}

impl CdpClient {
    /// Connects to a browser's WebSocket endpoint (`ws://`). Returns the client and the receiver
    /// of browser-level events (those without a `sessionId`). `windows` say how long the reader
    /// may let events gather in the socket between reads, as over the pipe.
    pub async fn connect(
        url: &str,
        windows: Windows,
    ) -> Result<(CdpClient, EventReceiver), CdpError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let failed = |reason: String| CdpError::Connect {
            url: url.to_string(),
            reason,
        };
        let request = url
            .into_client_request()
            .map_err(|e| failed(e.to_string()))?;
        let uri = request.uri();
        if uri.scheme_str() != Some("ws") {
            return Err(failed(
                "only ws:// endpoints are supported (a browser's DevTools WebSocket)".into(),
            ));
        }
        let host = uri
            .host()
            .unwrap_or_default()
            .trim_matches(['[', ']'])
            .to_string();
        let port = uri.port_u16().unwrap_or(80);
        let tcp = tokio::net::TcpStream::connect((host.as_str(), port))
            .await
            .map_err(|e| failed(e.to_string()))?;
        let (client, events, outgoing_rx) = CdpClient::unconnected();
        let gathering = Arc::new(std::sync::Mutex::new(Gathering::new(
            windows,
            Instant::now(),
        )));
        let stream =
            super::socket::GatheringSocket::new(tcp, client.inner.clone(), gathering.clone());
        let config = WebSocketConfig::default()
            .read_buffer_size(WEBSOCKET_READ_CHUNK)
            .max_message_size(Some(MAX_MESSAGE_BYTES))
            .max_frame_size(Some(MAX_MESSAGE_BYTES));
        let (socket, _) =
            tokio_tungstenite::client_async_with_config(request, stream, Some(config))
                .await
                .map_err(|e| failed(e.to_string()))?;
        client
            .inner
            .gathers
            .store(!windows.most.is_zero(), Ordering::Relaxed);
        let connection = tokio::spawn(run_connection(
            socket,
            outgoing_rx,
            client.inner.clone(),
            gathering,
        ));
        client.watch(connection);
        Ok((client, events))
    }

    /// Speaks CDP over the pipe of a browser started with `--remote-debugging-pipe`: JSON
    /// messages separated by NUL bytes, `commands` written to the browser's fd 3, `replies` read
    /// from its fd 4. No socket is involved, so no other process can reach the browser.
    ///
    /// `windows` say how long the reader may let events gather in the pipe between reads
    /// ([`Windows::GATHER`]; [`Windows::NONE`] reads every message as it comes).
    pub fn over_pipe(
        commands: tokio::net::unix::pipe::Sender,
        replies: tokio::net::unix::pipe::Receiver,
        windows: Windows,
    ) -> (CdpClient, EventReceiver) {
        let (client, events, outgoing_rx) = CdpClient::unconnected();
        let connection = tokio::spawn(run_pipe(
            commands,
            replies,
            outgoing_rx,
            client.inner.clone(),
            windows,
        ));
        client.watch(connection);
        (client, events)
    }

    /// The client's shared state before a transport runs it.
    fn unconnected() -> (CdpClient, EventReceiver, mpsc::Receiver<String>) {
        let (outgoing, outgoing_rx) = mpsc::channel(OUTGOING_QUEUE_CAPACITY);
        let closed = watch::Sender::new(false);
        let (browser_route, browser_events) = event_channel(closed.subscribe());
        let inner = Arc::new(Inner {
            next_id: AtomicU64::new(1),
            pending: DashMap::new(),
            routes: DashMap::new(),
            browser_route,
            outgoing,
            closed,
            unrouted: AtomicU64::new(0),
            oversize: AtomicU64::new(0),
            prompt: Arc::new(tokio::sync::Notify::new()),
            hurried_until: AtomicU64::new(0),
            prompt_sent: AtomicU64::new(0),
            started: Instant::now(),
            gathers: std::sync::atomic::AtomicBool::new(false),
            idle: std::sync::atomic::AtomicBool::new(false),
            emptied: AtomicU64::new(0),
            emptied_told: tokio::sync::Notify::new(),
        });
        (CdpClient { inner }, browser_events, outgoing_rx)
    }

    /// The watchdog outlives a panicking connection task and still closes the client, so no
    /// caller waits forever on a reply that cannot come.
    fn watch(&self, connection: tokio::task::JoinHandle<()>) {
        let watcher = self.inner.clone();
        tokio::spawn(async move {
            if let Err(e) = connection.await {
                tracing::error!(error = %e, "CDP connection task failed");
            }
            watcher.close();
        });
    }

    /// A new event channel tied to this connection: its receiver ends when the connection does.
    pub fn event_channel(&self) -> (EventSink, EventReceiver) {
        event_channel(self.inner.closed.subscribe())
    }

    /// Routes every event of `session_id` into `sink`, replacing any earlier owner.
    pub fn route(&self, session_id: &str, sink: EventSink) {
        if !self.is_closed() {
            self.inner.routes.insert(session_id.to_string(), sink);
        }
    }

    /// Stops routing `session_id`; its receiver ends.
    pub fn unroute(&self, session_id: &str) {
        self.inner.routes.remove(session_id);
    }

    pub fn is_closed(&self) -> bool {
        *self.inner.closed.borrow()
    }

    /// Resolves once the connection has ended.
    pub async fn closed(&self) {
        let mut rx = self.inner.closed.subscribe();
        let _ = rx.wait_for(|closed| *closed).await;
    }

    /// Events that arrived for a session nobody routes.
    /// Browser messages skipped: too large (see [`MAX_PIPE_MESSAGE_BYTES`]) or unparseable.
    pub fn oversize_messages(&self) -> u64 {
        self.inner.oversize.load(Ordering::Relaxed)
    }

    /// Asks for the replies of unhurried commands now, and for the next [`PROMPT_FOR`]: their
    /// owner has a backlog (the body pool's queue is filling).
    pub fn hurry(&self) {
        let until = self
            .inner
            .millis()
            .saturating_add(u64::try_from(PROMPT_FOR.as_millis()).unwrap_or(u64::MAX));
        self.inner.hurried_until.fetch_max(until, Ordering::Relaxed);
        self.inner.prompt.notify_waiters();
    }

    /// Returns once the connection has read every message the browser had written when it was
    /// called (at most [`CAUGHT_UP_WITHIN`] later), and hurries it for the next [`PROMPT_FOR`]:
    /// an operation calls it at its start and end, so that what it reads from events (a file
    /// chooser the last click opened, a dialog) is as fresh as without gathering windows.
    /// Immediate on a connection that reads every message as it comes.
    pub async fn caught_up(&self) {
        let inner = &self.inner;
        if !inner.gathers.load(Ordering::Relaxed) || self.is_closed() {
            return;
        }
        let told = inner.emptied_told.notified();
        tokio::pin!(told);
        told.as_mut().enable();
        let seen = inner.emptied.load(Ordering::Acquire);
        self.hurry();
        if inner.idle.load(Ordering::Acquire) {
            return;
        }
        let caught_up = async {
            loop {
                if inner.emptied.load(Ordering::Acquire) > seen {
                    return;
                }
                told.as_mut().await;
                told.set(inner.emptied_told.notified());
                told.as_mut().enable();
            }
        };
        let _ = tokio::time::timeout(CAUGHT_UP_WITHIN, caught_up).await;
    }

    pub fn unrouted_events(&self) -> u64 {
        self.inner.unrouted.load(Ordering::Relaxed)
    }

    /// Queues a command and returns its reply to await later.
    pub async fn send(&self, session: Option<&str>, method: &str, params: Value) -> PendingReply {
        self.send_with_deadline(session, method, params, DEFAULT_COMMAND_DEADLINE)
            .await
    }

    /// Queues a command whose `params` are anything serializable: they are written straight
    /// into the frame, with no `Value` tree in between (a checkpoint is a whole capture).
    pub async fn send_with_deadline(
        &self,
        session: Option<&str>,
        method: &str,
        params: impl serde::Serialize,
        deadline: Duration,
    ) -> PendingReply {
        self.send_as(session, method, params, deadline, Urgency::Prompt)
            .await
    }

    /// Queues a command whose reply is wanted as soon as `urgency` says.
    pub async fn send_as(
        &self,
        session: Option<&str>,
        method: &str,
        params: impl serde::Serialize,
        deadline: Duration,
        urgency: Urgency,
    ) -> PendingReply {
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let frame = serde_json::to_string(&Outgoing {
            id,
            method,
            session_id: session,
            params,
        });
        self.send_frame(id, method, frame, deadline, urgency).await
    }

    /// Sends a command whose parameters are already JSON text (an object), and waits for its
    /// reply, at most `deadline`. For parameters written by hand because serializing them the
    /// usual way would cost twice as much (a checkpoint, `extension::encode`); the caller
    /// vouches that `params` is one JSON object.
    pub async fn call_with_params_text(
        &self,
        session: Option<&str>,
        method: &str,
        params: &str,
        deadline: Duration,
    ) -> Result<Value, CdpError> {
        debug_assert!(
            serde_json::from_str::<serde::de::IgnoredAny>(params).is_ok(),
            "params are JSON"
        );
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let frame = serde_json::to_string(&Outgoing {
            id,
            method,
            session_id: session,
            params: Marker,
        })
        .map(|frame| {
            // `…,"params":null}` with the text in place of `null`.
            let head = frame.len() - "null}".len();
            let mut with_params = String::with_capacity(head + params.len() + 1);
            with_params.push_str(&frame[..head]);
            with_params.push_str(params);
            with_params.push('}');
            with_params
        });
        self.send_frame(id, method, frame, deadline, Urgency::Prompt)
            .await
            .wait()
            .await
    }

    /// Registers the reply of command `id` and queues its frame.
    async fn send_frame(
        &self,
        id: u64,
        method: &str,
        frame: serde_json::Result<String>,
        deadline: Duration,
        urgency: Urgency,
    ) -> PendingReply {
        let (tx, rx) = oneshot::channel();
        let rx = match frame {
            _ if self.is_closed() => Err(CdpError::Closed),
            Err(e) => Err(CdpError::Decode {
                method: method.to_string(),
                reason: format!("its parameters cannot be written as JSON: {e}"),
            }),
            Ok(frame) => {
                self.inner.pending.insert(
                    id,
                    Pending {
                        method: method.to_string(),
                        prompt_since: (urgency == Urgency::Prompt).then(Instant::now),
                        reply: tx,
                    },
                );
                if urgency == Urgency::Prompt {
                    self.inner
                        .prompt_sent
                        .fetch_max(self.inner.millis().saturating_add(1), Ordering::Relaxed);
                    self.inner.prompt.notify_waiters();
                }
                match self.inner.outgoing.send(frame).await {
                    Ok(()) => Ok(rx),
                    Err(_) => {
                        self.inner.pending.remove(&id);
                        Err(CdpError::Closed)
                    }
                }
            }
        };
        PendingReply {
            method: method.to_string(),
            rx,
            deadline,
            id,
            inner: self.inner.clone(),
        }
    }

    /// Sends a command and waits for its reply, at most `deadline`.
    pub async fn call_within(
        &self,
        session: Option<&str>,
        method: &str,
        params: impl serde::Serialize,
        deadline: Duration,
    ) -> Result<Value, CdpError> {
        self.send_with_deadline(session, method, params, deadline)
            .await
            .wait()
            .await
    }

    /// Sends a command and waits for its reply.
    pub async fn call(
        &self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, CdpError> {
        self.send(session, method, params).await.wait().await
    }

    /// Sends a typed command from chromiumoxide's generated protocol and decodes its reply.
    pub async fn execute<C: chromiumoxide::Command>(
        &self,
        session: Option<&str>,
        command: C,
    ) -> Result<C::Response, CdpError> {
        let method = command.identifier().to_string();
        let params = serde_json::to_value(&command).map_err(|e| CdpError::Decode {
            method: method.clone(),
            reason: e.to_string(),
        })?;
        let reply = self.call(session, &method, params).await?;
        C::response_from_value(reply).map_err(|e| CdpError::Decode {
            method,
            reason: e.to_string(),
        })
    }
}

impl Inner {
    fn close(&self) {
        self.closed.send_replace(true);
        let ids: Vec<u64> = self.pending.iter().map(|entry| *entry.key()).collect();
        for id in ids {
            if let Some((_, pending)) = self.pending.remove(&id) {
                let _ = pending.reply.send(Err(CdpError::Closed));
            }
        }
        // Dropping the senders ends every owner's receiver.
        self.routes.clear();
    }

    /// Dispatches one message in wire order.
    fn dispatch(&self, message: Incoming) {
        if let Some(id) = message.id {
            let Some((_, pending)) = self.pending.remove(&id) else {
                tracing::trace!(id, "reply for a command nobody waits for");
                return;
            };
            let reply = match message.error {
                Some(error) => Err(CdpError::Remote {
                    method: pending.method,
                    code: error.code,
                    message: match error.data {
                        Some(data) => format!("{} ({data})", error.message),
                        None => error.message,
                    },
                }),
                None => Ok(message.result.unwrap_or(Value::Null)),
            };
            let _ = pending.reply.send(reply);
            return;
        }
        let Some(method) = message.method else { return };
        let event = CdpEvent::new(message.session_id, method, message.params);
        // A target paused for its owner must not stay paused if the owner never hears of it.
        let paused = (event.method == "Target.attachedToTarget")
            .then(|| event.value())
            .filter(|params| params["waitingForDebugger"] == true)
            .map(|params| params["sessionId"].as_str().unwrap_or_default().to_string());
        let delivery = match event.session_id.as_deref() {
            None => Some(self.browser_route.deliver(event)),
            Some(session) => match self.routes.get(session) {
                Some(route) => {
                    let delivered = route.deliver(event);
                    if delivered == Delivery::Gone {
                        let session = route.key().clone();
                        drop(route);
                        self.routes.remove(&session);
                    }
                    Some(delivered)
                }
                None => {
                    self.unrouted.fetch_add(1, Ordering::Relaxed);
                    None
                }
            },
        };
        if let (Some(child), Some(Delivery::Dropped) | None) = (paused, delivery) {
            self.resume(&child);
        }
    }

    /// Whether someone waits promptly for a reply: a prompt command sent within the last
    /// [`PROMPT_FOR`], or a hurry within it.
    pub(super) fn waits_promptly(&self) -> bool {
        let now = self.millis();
        let prompt_for = u64::try_from(PROMPT_FOR.as_millis()).unwrap_or(u64::MAX);
        let last_prompt = self.prompt_sent.load(Ordering::Relaxed);
        let prompt_sent_lately =
            last_prompt > 0 && now < (last_prompt - 1).saturating_add(prompt_for);
        now < self.hurried_until.load(Ordering::Relaxed)
            || (prompt_sent_lately
                && self.pending.iter().any(|entry| {
                    entry
                        .value()
                        .prompt_since
                        .is_some_and(|sent| sent.elapsed() < PROMPT_FOR)
                }))
    }

    /// The reader found the pipe empty: whoever waits in [`CdpClient::caught_up`] may go on.
    pub(super) fn pipe_emptied(&self) {
        self.emptied.fetch_add(1, Ordering::Release);
        self.emptied_told.notify_waiters();
    }

    /// Whether the reader waits, caught up, on an empty pipe or socket.
    pub(super) fn set_idle(&self, idle: bool) {
        self.idle.store(idle, Ordering::Release);
    }

    /// Milliseconds since the client started: the clock of `hurried_until`.
    fn millis(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// A message that is not JSON even leniently: counted with the skipped ones (`bsk status`).
    fn unparseable(&self, error: &serde_json::Error) {
        self.oversize.fetch_add(1, Ordering::Relaxed);
        tracing::warn!(%error, "unparseable CDP message");
    }

    /// Lets a paused target run: its owner's control lane was full, or it has none.
    fn resume(&self, session: &str) {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let command = serde_json::json!({
            "id": id,
            "sessionId": session,
            "method": "Runtime.runIfWaitingForDebugger",
            "params": {},
        });
        tracing::warn!(
            session,
            "a paused target's attach could not be delivered; resuming it"
        );
        let _ = self.outgoing.try_send(command.to_string());
    }
}

async fn run_connection<S>(
    socket: S,
    mut outgoing: mpsc::Receiver<String>,
    inner: Arc<Inner>,
    gathering: Arc<std::sync::Mutex<Gathering>>,
) where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>>
        + futures_util::Sink<Message, Error = tokio_tungstenite::tungstenite::Error>
        + Unpin,
{
    let (mut sink, mut stream) = socket.split();
    let reader = async {
        while let Some(frame) = stream.next().await {
            let text = match frame {
                Ok(Message::Text(text)) => text,
                Ok(Message::Close(_)) | Err(_) => break,
                Ok(_) => continue,
            };
            gathering
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .message(Instant::now());
            if unread_event(text.as_bytes()) {
                continue;
            }
            match Incoming::parse_text(text.as_str()) {
                Ok(message) => inner.dispatch(message),
                Err(e) => inner.unparseable(&e),
            }
        }
    };
    let writer = async {
        // Commands queued together (the body pool starting its reads after a window) go out in
        // one write, as over the pipe: tungstenite buffers the frames fed to it until the flush.
        // Over loopback TCP every write also costs the daemon the browser's side of it.
        while let Some(text) = outgoing.recv().await {
            for text in queued_with(text, &mut outgoing) {
                if sink.feed(Message::Text(text.into())).await.is_err() {
                    return;
                }
            }
            if sink.flush().await.is_err() {
                break;
            }
        }
    };
    tokio::select! {
        () = reader => tracing::info!("browser closed the CDP connection"),
        () = writer => tracing::info!("CDP writer ended"),
    }
    inner.close();
}

/// What [`read_bounded`] found.
#[derive(Debug, PartialEq, Eq)]
enum Framed {
    /// A whole message, in the buffer without its NUL.
    Message,
    /// A message over the limit, read through to its NUL; the buffer keeps its first bytes.
    Skipped { bytes: usize },
    /// The stream ended.
    End,
}

/// Reads one NUL-terminated message into `message`, holding at most `limit` bytes of it: a
/// longer one is read through and dropped, so a huge message costs no memory.
async fn read_bounded<R: tokio::io::AsyncBufRead + Unpin>(
    reader: &mut R,
    message: &mut Vec<u8>,
    limit: usize,
) -> std::io::Result<Framed> {
    use tokio::io::AsyncBufReadExt;
    let mut total = 0usize;
    loop {
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            return Ok(if total == 0 {
                Framed::End
            } else if total > limit {
                Framed::Skipped { bytes: total }
            } else {
                Framed::Message
            });
        }
        let end = memchr::memchr(0, available);
        let chunk = &available[..end.unwrap_or(available.len())];
        let used = chunk.len() + usize::from(end.is_some());
        total += chunk.len();
        if total <= limit {
            message.extend_from_slice(chunk);
        } else {
            // Over the limit: keep only the start (for the reply's id), drop the rest.
            message.truncate(64);
            let room = 64usize.saturating_sub(message.len());
            message.extend_from_slice(&chunk[..chunk.len().min(room)]);
        }
        reader.consume(used);
        if end.is_some() {
            return Ok(if total > limit {
                Framed::Skipped { bytes: total }
            } else {
                Framed::Message
            });
        }
    }
}

/// How long after a command is sent the pipe reader stays prompt for its reply. A reply that
/// takes longer (a promise the page settles late, a navigation) may wait for the next window.
const PROMPT_FOR: Duration = Duration::from_millis(100);

/// The longest [`CdpClient::caught_up`] waits: a reader busy with a flood reaches an empty pipe
/// later, and the operation goes on rather than wait for it.
const CAUGHT_UP_WITHIN: Duration = Duration::from_millis(200);

/// A batch this large, per [`DENSE_SPAN`] of the window it gathered in, means the browser
/// streams faster than a window should hold (a burst of requests): the reader reads promptly
/// for the next [`PROMPT_FOR`], as without windows, so that the body pool sees requests finish
/// one by one rather than a window's worth at once. A rate, not a count: a steady trickle of
/// several pages on one pipe fills a long window with more messages than a short one without
/// being a burst.
const DENSE_BATCH: usize = 64;

/// The span of window [`DENSE_BATCH`] is counted over; a batch read without a window, or after
/// a shorter one, is dense from [`DENSE_BATCH`] messages.
const DENSE_SPAN: Duration = Duration::from_millis(10);

/// A wait on an empty pipe longer than this means the page went quiet: the next window starts
/// at [`Windows::first`] again.
const IDLE_AFTER: Duration = Duration::from_millis(20);

/// When the pipe reader lets the browser's messages gather, and for how long; bookkeeping over
/// the *batches* it reads (the messages read between two moments the pipe was empty).
///
/// The reader gathers only while traffic is sparse: after a batch with messages, while nobody
/// waits promptly for a reply (a command sent in the last [`PROMPT_FOR`], or a hurry), and not
/// in the [`PROMPT_FOR`] after a dense batch. A window starts at [`Windows::first`] after the
/// pipe was idle and doubles with each sparse batch up to [`Windows::most`]; a dense batch
/// sends it back to the first. So a steady trickle of requests (the case that woke the daemon
/// once per message) is read a window at a time, while a burst is read as it comes.
#[derive(Debug)]
pub(super) struct Gathering {
    /// The first window after idle.
    first: Duration,
    /// The longest window; zero never gathers.
    most: Duration,
    /// The next window's length.
    next: Duration,
    /// The window the batch being read gathered in; zero when it was read as it came.
    gathered: Duration,
    /// Until when the reader reads promptly because a batch was dense.
    streaming_until: Option<Instant>,
    /// Messages read in the batch being read.
    batch: usize,
    /// When the reader last began to wait on an empty pipe.
    empty_since: Instant,
}

impl Gathering {
    pub(super) fn new(windows: Windows, now: Instant) -> Gathering {
        let first = windows.first.min(windows.most);
        Gathering {
            first,
            most: windows.most,
            next: first,
            gathered: Duration::ZERO,
            streaming_until: None,
            batch: 0,
            empty_since: now,
        }
    }

    /// The pipe is empty, so the batch read since it last was has ended. Returns how long to
    /// let messages gather now; `None` reads the next message as soon as it comes.
    /// `someone_waits` is asked only when a window is otherwise due.
    pub(super) fn pipe_empty(
        &mut self,
        now: Instant,
        someone_waits: impl FnOnce() -> bool,
    ) -> Option<Duration> {
        if self.batch == 0 {
            // Nothing came since the last look (or the last window): wait for the next message
            // rather than for a timer, so an idle daemon sleeps.
            return None;
        }
        let window = self.next;
        if self.batch >= dense_from(self.gathered) {
            self.streaming_until = Some(now + PROMPT_FOR);
            self.next = self.first;
        } else {
            self.next = (self.next * 2).min(self.most);
        }
        self.batch = 0;
        let streaming = self.streaming_until.is_some_and(|until| now < until);
        let gather = !self.most.is_zero() && !streaming && !someone_waits();
        self.gathered = if gather { window } else { Duration::ZERO };
        gather.then_some(window)
    }

    /// The reader waits on the empty pipe from `now` (after its window, if it gathered).
    pub(super) fn waiting(&mut self, now: Instant) {
        self.empty_since = now;
    }

    /// A message was read at `now`.
    pub(super) fn message(&mut self, now: Instant) {
        if self.batch == 0 && now.duration_since(self.empty_since) > IDLE_AFTER {
            self.next = self.first;
        }
        self.batch += 1;
    }
}

/// The messages from which a batch gathered in `window` is dense: [`DENSE_BATCH`] per
/// [`DENSE_SPAN`], and never fewer than [`DENSE_BATCH`].
fn dense_from(window: Duration) -> usize {
    let scaled = (window.as_micros() * DENSE_BATCH as u128).div_ceil(DENSE_SPAN.as_micros());
    usize::try_from(scaled)
        .unwrap_or(usize::MAX)
        .max(DENSE_BATCH)
}

/// Bytes waiting in the pipe or socket, read or not: while the browser streams faster than a
/// window drains, the reader reads on.
#[allow(unsafe_code)]
pub(super) fn unread(pipe: &impl std::os::fd::AsRawFd) -> usize {
    let mut waiting: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int through the pointer, which points at one.
    let status = unsafe { libc::ioctl(pipe.as_raw_fd(), libc::FIONREAD, &mut waiting) };
    if status == 0 {
        usize::try_from(waiting).unwrap_or(0)
    } else {
        0
    }
}

/// Lets the browser's messages gather in the pipe for `window`, the pipe out of the runtime's
/// `epoll` set so that none of them wakes the worker; a prompt command ends the window early.
/// Returns the pipe watched again.
async fn gather(
    replies: tokio::net::unix::pipe::Receiver,
    window: Duration,
    prompt: std::pin::Pin<&mut tokio::sync::futures::Notified<'_>>,
) -> std::io::Result<tokio::net::unix::pipe::Receiver> {
    let fd = replies.into_nonblocking_fd()?;
    tokio::select! {
        () = tokio::time::sleep(window) => {}
        () = prompt => {}
    }
    // Still the nonblocking pipe it was a moment ago: no need to check it again.
    tokio::net::unix::pipe::Receiver::from_owned_fd_unchecked(fd)
}

/// The pipe's read end inside the reader's buffer. [`gather`] takes it out for a window and
/// puts it back, so the buffer (64 KiB) is allocated once, not once per window.
struct PipeEnd(Option<tokio::net::unix::pipe::Receiver>);

impl tokio::io::AsyncRead for PipeEnd {
    fn poll_read(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        match self.get_mut().0.as_mut() {
            Some(pipe) => std::pin::Pin::new(pipe).poll_read(cx, buf),
            // Only while a window gathers, when nothing reads.
            None => {
                std::task::Poll::Ready(Err(std::io::Error::other("the CDP pipe is not watched")))
            }
        }
    }
}

impl std::os::fd::AsRawFd for PipeEnd {
    /// `-1` while a window gathers: then [`unread`] reads 0.
    fn as_raw_fd(&self) -> std::os::fd::RawFd {
        self.0.as_ref().map_or(-1, std::os::fd::AsRawFd::as_raw_fd)
    }
}

/// The `id` of a reply from its first bytes (`{"id":42,…`), for a message too large to parse.
fn reply_id(start: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(start);
    let rest = text.strip_prefix("{\"id\":")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A writer (the pipe's, the WebSocket's) adds queued commands to one write while it holds fewer
/// bytes than this.
const WRITE_TOGETHER_BYTES: usize = 64 * 1024;

/// `first` and the commands queued behind it, taken while they add up to fewer than
/// [`WRITE_TOGETHER_BYTES`]: what a writer sends in one write.
fn queued_with(first: String, outgoing: &mut mpsc::Receiver<String>) -> Vec<String> {
    let mut bytes = first.len();
    let mut batch = vec![first];
    while bytes < WRITE_TOGETHER_BYTES {
        let Ok(next) = outgoing.try_recv() else { break };
        bytes += next.len();
        batch.push(next);
    }
    batch
}

/// The pipe transport: NUL-delimited JSON both ways. A message larger than
/// [`MAX_PIPE_MESSAGE_BYTES`] is skipped unread and counted rather than ending the connection
/// (over a pipe the next one is intact). The reader lets messages gather between reads as
/// [`Gathering`] says, within `windows`.
async fn run_pipe(
    mut commands: tokio::net::unix::pipe::Sender,
    replies: tokio::net::unix::pipe::Receiver,
    mut outgoing: mpsc::Receiver<String>,
    inner: Arc<Inner>,
    windows: Windows,
) {
    use tokio::io::{AsyncWriteExt, BufReader};
    let reader = async {
        let mut replies = BufReader::with_capacity(1 << 16, PipeEnd(Some(replies)));
        let mut message = Vec::new();
        let mut gathering = Gathering::new(windows, Instant::now());
        inner
            .gathers
            .store(!windows.most.is_zero(), Ordering::Relaxed);
        loop {
            if replies.buffer().is_empty() {
                // Listening before looking: a command queued after the look still ends the
                // window, and one queued before it is in `pending`.
                let prompt = inner.prompt.notified();
                tokio::pin!(prompt);
                prompt.as_mut().enable();
                if unread(replies.get_ref()) == 0 {
                    inner.pipe_emptied();
                    let now = Instant::now();
                    let mut idle = true;
                    if let Some(window) = gathering.pipe_empty(now, || inner.waits_promptly()) {
                        let Some(pipe) = replies.get_mut().0.take() else {
                            tracing::error!("the CDP pipe was not back from its last window");
                            break;
                        };
                        match gather(pipe, window, prompt).await {
                            Ok(receiver) => replies.get_mut().0 = Some(receiver),
                            Err(e) => {
                                tracing::error!(error = %e, "cannot watch the CDP pipe again");
                                break;
                            }
                        }
                        // A window that gathered nothing leaves the reader waiting, caught up.
                        idle = unread(replies.get_ref()) == 0;
                        if idle {
                            inner.pipe_emptied();
                        }
                    }
                    gathering.waiting(Instant::now());
                    inner.idle.store(idle, Ordering::Release);
                }
            }
            message.clear();
            let read = read_bounded(&mut replies, &mut message, MAX_PIPE_MESSAGE_BYTES).await;
            inner.idle.store(false, Ordering::Release);
            match read {
                Ok(Framed::End) | Err(_) => break,
                Ok(Framed::Message) => {}
                Ok(Framed::Skipped { bytes }) => {
                    inner.oversize.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!(bytes, "oversize CDP message skipped");
                    // `message` holds its start: answer the command it replies to, if any.
                    if let Some(id) = reply_id(&message)
                        && let Some((_, pending)) = inner.pending.remove(&id)
                    {
                        let _ = pending.reply.send(Err(CdpError::TooLarge {
                            method: pending.method,
                            limit: MAX_PIPE_MESSAGE_BYTES,
                        }));
                    }
                    continue;
                }
            }
            gathering.message(Instant::now());
            if unread_event(&message) {
                continue;
            }
            match Incoming::parse(&message) {
                Ok(message) => inner.dispatch(message),
                Err(e) => inner.unparseable(&e),
            }
        }
    };
    let writer = async {
        // Commands queued together (the body pool starting its reads after a window) go out in
        // one write.
        let mut frames = Vec::new();
        while let Some(text) = outgoing.recv().await {
            frames.clear();
            for text in queued_with(text, &mut outgoing) {
                frames.extend_from_slice(text.as_bytes());
                frames.push(0);
            }
            if commands.write_all(&frames).await.is_err() {
                break;
            }
            // A large command (a checkpoint) does not keep its buffer.
            frames.clear();
            frames.shrink_to(WRITE_TOGETHER_BYTES);
        }
    };
    tokio::select! {
        () = reader => tracing::info!("browser closed the CDP pipe"),
        () = writer => tracing::info!("CDP writer ended"),
    }
    inner.close();
}

#[cfg(test)]
#[path = "client_tests.rs"]
mod tests;
