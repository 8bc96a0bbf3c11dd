//! The target actor: one per captured target (the tab's own page, and each iframe target). It
//! applies its session's events to the capture and hands body work to the pool.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use kameo::actor::{Actor, ActorRef};
use kameo::error::SendError;
use kameo::message::{Context, Message};

use super::body_pool::{BodyPool, Fetch};
use super::checkpoint::{Changed, CheckpointWriter};
use super::{ActorKind, Panic, SharedCapture};
use crate::cdp::Event;
use crate::cdp::{Domain, EventKind, Records};
use serde_json::Value;

use crate::store::{BodyJob, BodyOutcome, Capture, NetworkEvent, now_ms};

#[derive(Debug)]
pub struct TargetActor {
    capture: SharedCapture,
    /// This actor's tracing span, inside its capture's (run id, session).
    span: tracing::Span,
    target_id: String,
    /// Whether this is the tab's own page (page loads are recorded only there).
    root: bool,
    pool: ActorRef<BodyPool>,
    checkpoint: ActorRef<CheckpointWriter>,
    /// Events handed to the capture and not applied yet (see `CaptureTap`).
    in_flight: Arc<AtomicUsize>,
}

/// Events of this target's session, in the browser's order.
#[derive(Debug)]
pub struct Batch(pub Vec<Event>);

#[derive(Debug)]
pub struct TargetArgs {
    pub capture: SharedCapture,
    pub target_id: String,
    pub root: bool,
    pub pool: ActorRef<BodyPool>,
    pub checkpoint: ActorRef<CheckpointWriter>,
    pub in_flight: Arc<AtomicUsize>,
}

impl Actor for TargetActor {
    type Args = TargetArgs;
    type Error = Infallible;

    async fn on_start(args: TargetArgs, _: ActorRef<Self>) -> Result<Self, Infallible> {
        let TargetArgs {
            capture,
            target_id,
            root,
            pool,
            checkpoint,
            in_flight,
        } = args;
        Ok(TargetActor {
            span: tracing::info_span!(parent: &capture.span(ActorKind::Target), "target", target_id = %target_id),
            capture,
            target_id,
            root,
            pool,
            checkpoint,
            in_flight,
        })
    }
}

impl Message<Batch> for TargetActor {
    type Reply = ();

    async fn handle(&mut self, Batch(events): Batch, _: &mut Context<Self, ()>) {
        let now = now_ms();
        // Events are read before the lock is taken, and body work goes to the pool after it is
        // released: the lock covers only the store's bookkeeping, once for the whole batch.
        let read: Vec<Read<'_>> = events.iter().map(|event| self.read(event)).collect();
        let jobs: Vec<BodyJob> = {
            let mut capture = self.capture.lock();
            read.iter()
                .zip(&events)
                .flat_map(|(read, event)| self.apply(&mut capture, event, read, now))
                .collect()
        };
        self.in_flight.fetch_sub(events.len(), Ordering::AcqRel);
        for job in jobs {
            if let Err(
                SendError::MailboxFull(Fetch(job)) | SendError::ActorNotRunning(Fetch(job)),
            ) = self.pool.tell(Fetch(job)).try_send()
            {
                // The pool cannot take it: the same answer as a full queue.
                let reason = bsk_schema::capture::BodyReason::Saturated;
                self.capture
                    .lock()
                    .apply_body(&job, BodyOutcome::Failed(reason));
            }
        }
        let _ = self.checkpoint.tell(Changed).try_send();
    }
}

/// An event read from its JSON text, ready to apply.
// It lives for one event, on the stack: boxing the large variant would allocate once per
// network event on the capture's hot path.
#[allow(clippy::large_enum_variant)]
enum Read<'a> {
    /// A network event the capture records, typed.
    Network(NetworkEvent<'a>),
    /// Console and page events, few enough to read as a tree.
    Tree(Value),
    /// An event the capture records whose params do not read: counted as dropped.
    Unreadable(serde_json::Error),
    /// Nothing the capture records.
    Skip,
}

impl TargetActor {
    /// Reads what the capture needs from one event.
    fn read<'a>(&self, event: &'a Event) -> Read<'a> {
        // Network events are read by kind, `dataReceived` too (forwarded for streams only).
        if event.kind.domain() == Domain::Network {
            return match NetworkEvent::parse(event.kind, event.params.get()) {
                Ok(Some(network)) => Read::Network(network),
                Ok(None) => Read::Skip,
                Err(error) => Read::Unreadable(error),
            };
        }
        match event.kind.roles().records {
            Some(Records::Console) => Self::tree(event),
            Some(Records::Page) if self.root => Self::tree(event),
            Some(Records::Page | Records::Network) | None => Read::Skip,
        }
    }

    fn tree(event: &Event) -> Read<'_> {
        serde_json::from_str(event.params.get()).map_or_else(Read::Unreadable, Read::Tree)
    }

    /// Applies one event to the capture; returns the body work it calls for.
    fn apply(
        &self,
        capture: &mut Capture,
        event: &Event,
        read: &Read<'_>,
        now: u64,
    ) -> Vec<BodyJob> {
        let params = match read {
            Read::Network(network) => {
                return capture.apply_network_event(
                    &self.target_id,
                    &event.session_id,
                    network,
                    now,
                );
            }
            Read::Unreadable(error) => {
                tracing::warn!(parent: &self.span, method = event.method, %error, "unreadable event, counted as dropped");
                capture.count_dropped_events(1);
                return Vec::new();
            }
            Read::Tree(params) => params,
            Read::Skip => return Vec::new(),
        };
        match event.kind {
            EventKind::ConsoleApiCalled
            | EventKind::ExceptionThrown
            | EventKind::LogEntryAdded
            | EventKind::JavascriptDialogOpening => {
                capture.apply_console(&self.target_id, event.kind, params, now)
            }
            EventKind::FrameNavigated if params["frame"].get("parentId").is_none() => {
                capture.page_committed(params["frame"]["url"].as_str().unwrap_or_default(), now)
            }
            EventKind::DomContentEventFired => capture.page_event(false, now),
            EventKind::LoadEventFired => capture.page_event(true, now),
            _ => {}
        }
        Vec::new()
    }
}

impl Message<Panic> for TargetActor {
    type Reply = ();

    async fn handle(&mut self, panic: Panic, _: &mut Context<Self, ()>) {
        panic.strike()
    }
}
