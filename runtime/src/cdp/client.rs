//! The connection, the reader (router) and the command API.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use dashmap::DashMap;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::wire::{CdpEvent, Incoming};

/// How long a command may wait for its reply unless the caller says otherwise. Navigation waits
/// are separate; no single CDP command the runtime sends should take this long.
pub const DEFAULT_COMMAND_DEADLINE: Duration = Duration::from_secs(30);

/// Capacity of each session's event channel. When an owner falls this far behind, the newest
/// event is dropped and counted on the owner's [`EventReceiver::dropped`]: the reader never
/// waits for a slow owner, because a blocked reader would also block every command reply.
pub const EVENT_QUEUE_CAPACITY: usize = 8192;

/// Commands queued for the writer. Senders wait when it is full (backpressure on callers, not on
/// the reader).
const OUTGOING_QUEUE_CAPACITY: usize = 1024;

/// Largest CDP message accepted over a WebSocket, where a larger one would end the
/// connection: generous, with the work after parsing bounded instead.
const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

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
struct Inner {
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
}

/// A command as it goes on the wire.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Outgoing<'a, P> {
    id: u64,
    method: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    session_id: Option<&'a str>,
    params: P,
}

#[derive(Debug)]
struct Pending {
    method: String,
    reply: oneshot::Sender<Result<Value, CdpError>>,
}

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
}

/// A bounded event channel: an evidence lane of [`EVENT_QUEUE_CAPACITY`] whose overflow drops
/// the newest event and counts it, and a control lane of [`CONTROL_QUEUE_CAPACITY`] read first.
/// Its receiver ends when `closed` turns true, even while some sink clone lives on.
fn event_channel(closed: watch::Receiver<bool>) -> (EventSink, EventReceiver) {
    let (tx, rx) = mpsc::channel(EVENT_QUEUE_CAPACITY);
    let (control, control_rx) = mpsc::channel(CONTROL_QUEUE_CAPACITY);
    let dropped = Arc::new(AtomicU64::new(0));
    (
        EventSink {
            tx,
            control,
            dropped: dropped.clone(),
        },
        EventReceiver {
            rx,
            control: control_rx,
            dropped,
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
        let lane = if is_control(&event.method) {
            &self.control
        } else {
            &self.tx
        };
        match lane.try_send(event) {
            Ok(()) => Delivery::Delivered,
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
    /// The connection's closed flag: once set, the receiver ends after what is buffered.
    closed: watch::Receiver<bool>,
}

impl EventReceiver {
    /// The next event; `None` once the connection is closed (after the events already
    /// buffered) or every sink is gone.
    /// Control events come before evidence that waits.
    pub async fn recv(&mut self) -> Option<CdpEvent> {
        tokio::select! {
            biased;
            Some(event) = self.control.recv() => Some(event),
            event = self.rx.recv() => event,
            _ = self.closed.wait_for(|closed| *closed) => {
                self.control.try_recv().ok().or_else(|| self.rx.try_recv().ok())
            }
        }
    }

    /// An event already waiting, if any (control events first), without waiting.
    pub fn try_recv(&mut self) -> Option<CdpEvent> {
        self.control
            .try_recv()
            .ok()
            .or_else(|| self.rx.try_recv().ok())
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
    /// Connects to a browser's WebSocket endpoint. Returns the client and the receiver of
    /// browser-level events (those without a `sessionId`).
    pub async fn connect(url: &str) -> Result<(CdpClient, EventReceiver), CdpError> {
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE_BYTES))
            .max_frame_size(Some(MAX_MESSAGE_BYTES));
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false)
            .await
            .map_err(|e| CdpError::Connect {
                url: url.to_string(),
                reason: e.to_string(),
            })?;
        let (client, events, outgoing_rx) = CdpClient::unconnected();
        let connection = tokio::spawn(run_connection(socket, outgoing_rx, client.inner.clone()));
        client.watch(connection);
        Ok((client, events))
    }

    /// Speaks CDP over the pipe of a browser started with `--remote-debugging-pipe`: JSON
    /// messages separated by NUL bytes, `commands` written to the browser's fd 3, `replies` read
    /// from its fd 4. No socket is involved, so no other process can reach the browser.
    pub fn over_pipe(
        commands: tokio::net::unix::pipe::Sender,
        replies: tokio::net::unix::pipe::Receiver,
    ) -> (CdpClient, EventReceiver) {
        let (client, events, outgoing_rx) = CdpClient::unconnected();
        let connection = tokio::spawn(run_pipe(
            commands,
            replies,
            outgoing_rx,
            client.inner.clone(),
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
        let id = self.inner.next_id.fetch_add(1, Ordering::Relaxed);
        let frame = serde_json::to_string(&Outgoing {
            id,
            method,
            session_id: session,
            params,
        });
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
                        reply: tx,
                    },
                );
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
        let delivery = match event.session_id.clone() {
            None => Some(self.browser_route.deliver(event)),
            Some(session) => {
                let delivered = self.routes.get(&session).map(|route| route.deliver(event));
                if delivered == Some(Delivery::Gone) {
                    self.routes.remove(&session);
                }
                if delivered.is_none() {
                    self.unrouted.fetch_add(1, Ordering::Relaxed);
                }
                delivered
            }
        };
        if let (Some(child), Some(Delivery::Dropped) | None) = (paused, delivery) {
            self.resume(&child);
        }
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

async fn run_connection<S>(socket: S, mut outgoing: mpsc::Receiver<String>, inner: Arc<Inner>)
where
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
            match Incoming::parse(text.as_bytes()) {
                Ok(message) => inner.dispatch(message),
                Err(e) => inner.unparseable(&e),
            }
        }
    };
    let writer = async {
        while let Some(text) = outgoing.recv().await {
            if sink.send(Message::Text(text.into())).await.is_err() {
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
        let end = available.iter().position(|b| *b == 0);
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

/// The `id` of a reply from its first bytes (`{"id":42,…`), for a message too large to parse.
fn reply_id(start: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(start);
    let rest = text.strip_prefix("{\"id\":")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// The pipe transport: NUL-delimited JSON both ways. A message larger than
/// [`MAX_PIPE_MESSAGE_BYTES`] is skipped unread and counted rather than ending the connection
/// (over a pipe the next one is intact).
async fn run_pipe(
    mut commands: tokio::net::unix::pipe::Sender,
    replies: tokio::net::unix::pipe::Receiver,
    mut outgoing: mpsc::Receiver<String>,
    inner: Arc<Inner>,
) {
    use tokio::io::{AsyncWriteExt, BufReader};
    let reader = async {
        let mut replies = BufReader::with_capacity(1 << 16, replies);
        let mut message = Vec::new();
        loop {
            message.clear();
            match read_bounded(&mut replies, &mut message, MAX_PIPE_MESSAGE_BYTES).await {
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
            match Incoming::parse(&message) {
                Ok(message) => inner.dispatch(message),
                Err(e) => inner.unparseable(&e),
            }
        }
    };
    let writer = async {
        while let Some(text) = outgoing.recv().await {
            let mut frame = text.into_bytes();
            frame.push(0);
            if commands.write_all(&frame).await.is_err() {
                break;
            }
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
