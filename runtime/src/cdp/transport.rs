//! The two transports: the pipe of a browser bsk launched (`--remote-debugging-pipe`,
//! NUL-delimited JSON both ways) and a browser's DevTools WebSocket (`--cdp-url`). Each runs a
//! reader that hands every message to the [`Router`] and a writer that sends queued commands
//! together.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;

use super::error::CdpError;
use super::gathering::{Gathering, PipeEnd, Windows, gather, unread};
use super::router::Router;
use super::wire::{Incoming, unread_event};

/// Largest CDP message read over the pipe: what the bounds need (an accessibility tree of a
/// large page, a 256 KiB resource buffer in base64, a request's post data) with room to spare.
/// A larger one is skipped without being held in memory, counted, and its caller answered.
pub const MAX_PIPE_MESSAGE_BYTES: usize = 64 * 1024 * 1024;

/// How much one read of the WebSocket takes at most. tungstenite zeroes this much of its buffer
/// before every read, including the one that finds the socket empty at the end of each batch:
/// its default of 128 KiB was 6% of the daemon's CPU at 1 agent (two 128 KiB `memset`s per
/// wake-up). A batch larger than this takes a few more reads.
pub(super) const WEBSOCKET_READ_CHUNK: usize = 16 * 1024;

/// Largest CDP message accepted over a WebSocket, where a larger one would end the
/// connection: generous, with the work after parsing bounded instead.
pub(super) const MAX_MESSAGE_BYTES: usize = 256 * 1024 * 1024;

pub(super) async fn run_connection<S>(
    socket: S,
    mut outgoing: mpsc::Receiver<String>,
    inner: Arc<Router>,
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
pub(super) enum Framed {
    /// A whole message, in the buffer without its NUL.
    Message,
    /// A message over the limit, read through to its NUL; the buffer keeps its first bytes.
    Skipped { bytes: usize },
    /// The stream ended.
    End,
}

/// Reads one NUL-terminated message into `message`, holding at most `limit` bytes of it: a
/// longer one is read through and dropped, so a huge message costs no memory.
pub(super) async fn read_bounded<R: tokio::io::AsyncBufRead + Unpin>(
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

/// The `id` of a reply from its first bytes (`{"id":42,…`), for a message too large to parse.
pub(super) fn reply_id(start: &[u8]) -> Option<u64> {
    let text = String::from_utf8_lossy(start);
    let rest = text.strip_prefix("{\"id\":")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// A writer (the pipe's, the WebSocket's) adds queued commands to one write while it holds fewer
/// bytes than this.
pub(super) const WRITE_TOGETHER_BYTES: usize = 64 * 1024;

/// `first` and the commands queued behind it, taken while they add up to fewer than
/// [`WRITE_TOGETHER_BYTES`]: what a writer sends in one write.
pub(super) fn queued_with(first: String, outgoing: &mut mpsc::Receiver<String>) -> Vec<String> {
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
pub(super) async fn run_pipe(
    mut commands: tokio::net::unix::pipe::Sender,
    replies: tokio::net::unix::pipe::Receiver,
    mut outgoing: mpsc::Receiver<String>,
    inner: Arc<Router>,
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
