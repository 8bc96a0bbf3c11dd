//! The command API: one cheap handle to the connection, which connects a transport, sends
//! commands (prompt or unhurried), and hands out event channels and routes.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use dashmap::DashMap;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::error::CdpError;
use super::gathering::{Gathering, PROMPT_FOR, Windows};
use super::lanes::{EventReceiver, EventSink, event_channel};
use super::router::{Pending, Router};
use super::transport::{MAX_MESSAGE_BYTES, WEBSOCKET_READ_CHUNK, run_connection, run_pipe};

/// How long a command may wait for its reply unless the caller says otherwise. Navigation waits
/// are separate; no single CDP command the runtime sends should take this long.
pub const DEFAULT_COMMAND_DEADLINE: Duration = Duration::from_secs(30);

/// Commands queued for the writer. Senders wait when it is full (backpressure on callers, not on
/// the reader).
const OUTGOING_QUEUE_CAPACITY: usize = 1024;

/// A cheap handle to the one connection; clone it freely.
#[derive(Clone, Debug)]
pub struct CdpClient {
    pub(super) inner: Arc<Router>,
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

/// How soon a command's reply is wanted: a prompt one ends the pipe reader's window and keeps
/// it prompt until the reply comes; an unhurried one's reply may come with the next window.
pub use bsk_actors::cdp::Urgency;

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
    inner: Arc<Router>,
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

/// The longest [`CdpClient::caught_up`] waits: a reader busy with a flood reaches an empty pipe
/// later, and the operation goes on rather than wait for it.
const CAUGHT_UP_WITHIN: Duration = Duration::from_millis(200);

impl CdpClient {
    /// Connects to a browser's WebSocket endpoint (`ws://`). Returns the client and the receiver
    /// of browser-level events (those without a `sessionId`). `windows` say how long the reader
    /// may let events gather in the socket between reads, as over the pipe.
    pub async fn connect(
        url: &str,
        windows: Windows,
    ) -> Result<(CdpClient, EventReceiver), CdpError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        // The URL may carry a grid's token: errors name the endpoint without it.
        let failed = |reason: String| CdpError::Connect {
            url: bsk_actors::model::redact::url(url),
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
    pub(super) fn unconnected() -> (CdpClient, EventReceiver, mpsc::Receiver<String>) {
        let (outgoing, outgoing_rx) = mpsc::channel(OUTGOING_QUEUE_CAPACITY);
        let closed = watch::Sender::new(false);
        let (browser_route, browser_events) = event_channel(closed.subscribe());
        let inner = Arc::new(Router {
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

    /// Browser messages skipped: too large (see [`MAX_PIPE_MESSAGE_BYTES`]) or unparseable.
    ///
    /// [`MAX_PIPE_MESSAGE_BYTES`]: super::transport::MAX_PIPE_MESSAGE_BYTES
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

    /// Events that arrived for a session nobody routes.
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
}
