//! The connection's shared state, between the transport's reader and writer and every caller:
//! the commands awaiting their replies, the event owners by session, and the reader's pace.
//! The reader hands each message to [`Router::dispatch`], in wire order.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use bsk_actors::cdp::EventKind;
use dashmap::DashMap;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot, watch};

use super::error::CdpError;
use super::gathering::PROMPT_FOR;
use super::lanes::{Delivery, Route};
use super::wire::{CdpEvent, Incoming};

#[derive(Debug)]
pub(super) struct Router {
    pub(super) next_id: AtomicU64,
    /// Callers waiting for a reply, by command id.
    pub(super) pending: DashMap<u64, Pending>,
    /// Event owners by flattened `sessionId`.
    pub(super) routes: DashMap<String, Route>,
    /// The owner of browser-level events (no `sessionId`).
    pub(super) browser_route: Route,
    pub(super) outgoing: mpsc::Sender<String>,
    /// Flips to `true` once, when the socket ends for any reason.
    pub(super) closed: watch::Sender<bool>,
    /// Events for a session nobody owns (already detached, or never routed).
    pub(super) unrouted: AtomicU64,
    /// Messages skipped: over [`MAX_PIPE_MESSAGE_BYTES`], or not JSON even read leniently.
    ///
    /// [`MAX_PIPE_MESSAGE_BYTES`]: super::transport::MAX_PIPE_MESSAGE_BYTES
    pub(super) oversize: AtomicU64,
    /// Told when a prompt command is queued, or someone hurries: it ends the pipe reader's
    /// gathering window early.
    pub(super) prompt: Arc<tokio::sync::Notify>,
    /// Until when (in milliseconds since `started`) the reader stays prompt because someone
    /// hurried ([`CdpClient::hurry`](super::CdpClient::hurry)).
    pub(super) hurried_until: AtomicU64,
    /// When (in milliseconds since `started`, plus one; 0 for never) the latest prompt command
    /// was sent: past [`PROMPT_FOR`] after it no pending command can still be prompt, and
    /// [`Router::waits_promptly`] answers without looking through them (the reader asks each time
    /// the pipe empties).
    pub(super) prompt_sent: AtomicU64,
    pub(super) started: Instant,
    /// Whether the reader may gather at all (a pipe with windows).
    pub(super) gathers: std::sync::atomic::AtomicBool,
    /// Whether the reader waits on an empty pipe (not in a window, not reading a batch).
    pub(super) idle: std::sync::atomic::AtomicBool,
    /// Counts the moments the reader found the pipe empty; told to [`CdpClient::caught_up`](super::CdpClient::caught_up).
    pub(super) emptied: AtomicU64,
    pub(super) emptied_told: tokio::sync::Notify,
}

#[derive(Debug)]
pub(super) struct Pending {
    pub(super) method: String,
    /// When a prompt command was sent; `None` for an unhurried one, whose reply may wait for
    /// the pipe reader's window.
    pub(super) prompt_since: Option<Instant>,
    pub(super) reply: oneshot::Sender<Result<Value, CdpError>>,
}

impl Router {
    pub(super) fn close(&self) {
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
    pub(super) fn dispatch(&self, message: Incoming) {
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
        let paused = (event.kind == EventKind::AttachedToTarget)
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

    /// The reader found the pipe empty: whoever waits in [`CdpClient::caught_up`](super::CdpClient::caught_up) may go on.
    pub(super) fn pipe_emptied(&self) {
        self.emptied.fetch_add(1, Ordering::Release);
        self.emptied_told.notify_waiters();
    }

    /// Whether the reader waits, caught up, on an empty pipe or socket.
    pub(super) fn set_idle(&self, idle: bool) {
        self.idle.store(idle, Ordering::Release);
    }

    /// Milliseconds since the client started: the clock of `hurried_until`.
    pub(super) fn millis(&self) -> u64 {
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// A message that is not JSON even leniently: counted with the skipped ones (`bsk status`).
    pub(super) fn unparseable(&self, error: &serde_json::Error) {
        self.oversize.fetch_add(1, Ordering::Relaxed);
        tracing::warn!(%error, "unparseable CDP message");
    }

    /// Lets a paused target run: its owner's control lane was full, or it has none.
    pub(super) fn resume(&self, session: &str) {
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
