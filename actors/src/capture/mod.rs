//! The capture actors and their supervision.
//!
//! One capture is a small tree of kameo actors, each in its own module:
//!
//! ```text
//!   TabActor (supervisor; one per captured tab)
//!   ├── TargetActor × (root + at most 16 iframe targets)
//!   ├── BodyPool    (4 concurrent, 32 queued, 2.5 s deadline)
//!   ├── CheckpointWriter (at most one save per 2 s; immediate at start and stop)
//!   └── ObserverActor (the main frame's manual input and page observations)
//! ```
//!
//! Children are linked to the tab actor. Whatever ends the capture — `debug stop`, the tab
//! returned or closed, the session or the daemon ending, the browser gone, or a panic in any of
//! these actors — goes through [`tab::TabActor`]'s one `finish` path: the evidence, which lives
//! in the shared [`SharedCapture`] rather than inside an actor, is stopped with an explicit
//! [`StopReason`] and checkpointed. Nothing pending is claimed finished.

pub mod body_pool;
pub mod checkpoint;
pub mod observer;
pub mod setup;
pub mod tab;
pub mod target;

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use bsk_schema::capture::{RunInfo, StopReason};
use kameo::actor::{ActorRef, Spawn};
use kameo::mailbox;

use crate::bounds::{MAX_IFRAME_TARGETS, MAX_WORKER_TARGETS};
use crate::cdp::{Commander, Event};
use crate::store::Capture;
pub use checkpoint::{CheckpointSink, NoExtensionSink, SaveFuture, Saved};

/// The evidence of one capture, shared by its actors and by readers. It outlives every actor, so
/// a crashed actor's evidence is still there to be saved.
#[derive(Debug, Clone)]
pub struct SharedCapture {
    capture: Arc<Mutex<Capture>>,
    /// The capture's tracing span (`capture{run_id=… session=…}`): what its actors log is
    /// inside it, each actor in a span of its own ([`SharedCapture::span`]).
    span: tracing::Span,
}

impl SharedCapture {
    pub fn new(capture: Capture) -> Self {
        let span = tracing::info_span!(
            "capture",
            run_id = %capture.meta.run_id,
            session = %capture.meta.session,
        );
        SharedCapture {
            capture: Arc::new(Mutex::new(capture)),
            span,
        }
    }

    /// Locks the capture. A panic while it was held leaves the evidence as it was: still worth
    /// reading and saving, so poisoning is ignored.
    pub fn lock(&self) -> MutexGuard<'_, Capture> {
        self.capture
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The capture's own span, for what is logged outside its actors (a save made directly).
    pub fn tracing_span(&self) -> &tracing::Span {
        &self.span
    }

    /// A span for one actor of this capture, inside the capture's: every event the actor logs
    /// names the run and the actor (`capture{run_id=…}:actor{kind=target}`). Made once, when
    /// the actor starts.
    pub fn span(&self, actor: ActorKind) -> tracing::Span {
        tracing::info_span!(parent: &self.span, "actor", kind = actor.name())
    }
}

/// Events a capture holds between the browser connection and the store (in the tab actor's and
/// the target actors' mailboxes). Events beyond it are dropped and counted (`events_dropped`):
/// the browser connection never waits for capture.
pub const TAB_MAILBOX: usize = 4096;

/// Most events the tab's pump hands over in one batch.
pub const MAX_BATCH: usize = 32;

/// How long an action waits for the capture to register its operation or answer its brief.
/// The tab actor answers between event batches, so this is only reached when it is flooded;
/// the action then goes on and its result says it could not name the operation.
pub const REGISTER_DEADLINE: std::time::Duration = std::time::Duration::from_secs(1);

/// Which capture actor a test-only fault hook makes panic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActorKind {
    Tab,
    Target,
    BodyPool,
    Checkpoint,
    Observer,
}

impl ActorKind {
    pub fn name(self) -> &'static str {
        match self {
            ActorKind::Tab => "tab",
            ActorKind::Target => "target",
            ActorKind::BodyPool => "body_pool",
            ActorKind::Checkpoint => "checkpoint",
            ActorKind::Observer => "observer",
        }
    }

    pub fn parse(name: &str) -> Option<ActorKind> {
        [
            ActorKind::Tab,
            ActorKind::Target,
            ActorKind::BodyPool,
            ActorKind::Checkpoint,
            ActorKind::Observer,
        ]
        .into_iter()
        .find(|k| k.name() == name)
    }
}

/// Test-only: makes the actor it is sent to panic, as a bug would (`bsk` test fault hooks).
#[derive(Debug)]
pub struct Panic(pub ActorKind);

impl Panic {
    /// Panics, naming the actor.
    pub fn strike(&self) -> ! {
        panic!("fault injected into the {} actor", self.0.name())
    }
}

/// The runtime's handle on a running capture: the tab's event pump feeds it, the daemon stops it.
#[derive(Debug, Clone)]
pub struct CaptureTap {
    actor: ActorRef<tab::TabActor>,
    /// The sessions of iframe targets admitted for capture and still attached, to keep "root +
    /// up to 16" at once.
    iframes: Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
    /// The sessions of worker targets admitted and still attached: at most
    /// [`MAX_WORKER_TARGETS`] at once.
    workers: Arc<std::sync::Mutex<std::collections::HashSet<String>>>,
    /// Whether the capture records workers' requests (`--workers`); without it, only their
    /// console.
    records_workers: bool,
    /// Events the tab actor's mailbox had no room for.
    dropped: Arc<AtomicU64>,
    /// Events handed to the capture and not yet applied, across the tab actor and its target
    /// actors: at most [`TAB_MAILBOX`], however they are batched.
    in_flight: Arc<AtomicUsize>,
}

impl CaptureTap {
    /// Starts the actors of a capture of the tab whose page session is `root_session`.
    pub fn start(
        capture: SharedCapture,
        cdp: Arc<dyn Commander>,
        sink: Arc<dyn CheckpointSink>,
        root_session: String,
        records_workers: bool,
    ) -> CaptureTap {
        let dropped = Arc::new(AtomicU64::new(0));
        let in_flight = Arc::new(AtomicUsize::new(0));
        let args = tab::TabArgs {
            capture,
            cdp,
            sink,
            root_session,
            dropped: dropped.clone(),
            in_flight: in_flight.clone(),
        };
        let actor = tab::TabActor::spawn_with_mailbox(args, mailbox::bounded(TAB_MAILBOX));
        CaptureTap {
            actor,
            iframes: Arc::default(),
            workers: Arc::default(),
            records_workers,
            dropped,
            in_flight,
        }
    }

    /// Hands an event of the tab or of an iframe target to the capture, never waiting.
    pub fn forward(&self, event: Event) {
        self.forward_batch(vec![event]);
    }

    /// Hands events (in the order the browser sent them) to the capture in one message, never
    /// waiting: under load one wake-up of each actor covers many events. Past [`TAB_MAILBOX`]
    /// events in flight, the batch is dropped and counted.
    pub fn forward_batch(&self, events: Vec<Event>) {
        let n = events.len();
        if n == 0 {
            return;
        }
        let before = self.in_flight.fetch_add(n, Ordering::AcqRel);
        let refused =
            before + n > TAB_MAILBOX || self.actor.tell(tab::Forward(events)).try_send().is_err();
        if refused {
            self.in_flight.fetch_sub(n, Ordering::AcqRel);
            self.dropped.fetch_add(n as u64, Ordering::Relaxed);
        }
    }

    /// Events for this capture that were lost before they reached it (the tab's own full event
    /// channel): counted into the capture's `events_dropped`, like its own mailbox drops.
    pub fn count_lost(&self, events: u64) {
        self.dropped.fetch_add(events, Ordering::Relaxed);
    }

    /// Whether the iframe target of `session_id` may be captured: "root + up to 16" attached at
    /// once. Reserves its place if so; [`CaptureTap::target_detached`] frees it.
    pub fn admit_iframe(&self, session_id: &str) -> bool {
        let mut admitted = self.iframes.lock().unwrap_or_else(|p| p.into_inner());
        if admitted.len() >= MAX_IFRAME_TARGETS {
            return false;
        }
        admitted.insert(session_id.to_string());
        true
    }

    /// Whether the capture records workers' requests, not only their console.
    pub fn records_workers(&self) -> bool {
        self.records_workers
    }

    /// Whether the worker target of `session_id` may be captured: [`MAX_WORKER_TARGETS`]
    /// attached at once. Reserves its place if so; [`CaptureTap::target_detached`] frees it.
    pub fn admit_worker(&self, session_id: &str) -> bool {
        let mut admitted = self.workers.lock().unwrap_or_else(|p| p.into_inner());
        if admitted.len() >= MAX_WORKER_TARGETS {
            return false;
        }
        admitted.insert(session_id.to_string());
        true
    }

    /// A worker target attached under the tab (see [`CaptureTap::admit_worker`]). Call it
    /// before forwarding any of the target's events.
    pub fn worker_attached(
        &self,
        session_id: String,
        target_id: String,
        worker: bsk_schema::capture::WorkerSource,
        admitted: bool,
    ) {
        let message = tab::WorkerAttached {
            session_id,
            target_id,
            worker,
            admitted,
            records_workers: self.records_workers,
        };
        if self.actor.tell(message).try_send().is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// An iframe target attached under the tab. `admitted` says whether capture covers it (see
    /// [`CaptureTap::admit_iframe`]); `late` whether it existed before capture started. Call it
    /// before forwarding any of the target's events.
    pub fn target_attached(
        &self,
        session_id: String,
        target_id: String,
        admitted: bool,
        late: bool,
    ) {
        let message = tab::TargetAttached {
            session_id,
            target_id,
            admitted,
            late,
        };
        if self.actor.tell(message).try_send().is_err() {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Capture set-up commands on an admitted iframe target failed.
    pub fn setup_failed(&self, session_id: String) {
        if self
            .actor
            .tell(tab::SetupFailed(session_id))
            .try_send()
            .is_err()
        {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub fn target_detached(&self, session_id: String) {
        self.iframes
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&session_id);
        self.workers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&session_id);
        if self
            .actor
            .tell(tab::TargetDetached(session_id))
            .try_send()
            .is_err()
        {
            self.dropped.fetch_add(1, Ordering::Relaxed);
        }
    }

    /// Registers an agent operation before its input is dispatched, and answers its id and
    /// the run's; `None` when the capture has ended or did not answer within
    /// [`REGISTER_DEADLINE`] (the operation then runs unrecorded by its result, though the
    /// capture may still record it).
    pub async fn register(
        &self,
        op_id: u64,
        name: String,
        params: serde_json::Value,
        at: u64,
        page_text: Option<String>,
        acted_on: Vec<bsk_schema::capture::ActedOn>,
    ) -> Option<(String, String)> {
        let register = tab::Register {
            op_id,
            name,
            params,
            at,
            page_text,
            acted_on,
        };
        match tokio::time::timeout(REGISTER_DEADLINE, self.actor.ask(register)).await {
            Ok(Ok(tab::Registered(registered))) => registered,
            _ => None,
        }
    }

    /// What operation `id` caused so far, once the capture has applied every event handed to
    /// it before this call; `None` past [`REGISTER_DEADLINE`] or once the capture has ended.
    pub async fn brief(&self, id: &str) -> Option<bsk_schema::brief::Caused> {
        let ask = self.actor.ask(tab::Brief(id.to_string()));
        match tokio::time::timeout(REGISTER_DEADLINE, ask).await {
            Ok(Ok(tab::BriefReply(caused))) => caused,
            _ => None,
        }
    }

    /// Ends operation `op_id` (registered with [`CaptureTap::register`], answered or not),
    /// `outcome` its one line or its error, `at` when its input was dispatched. Waits for room
    /// in the tab actor's mailbox rather than dropping the end: it is one message per
    /// operation. A capture that has ended already closed its operations.
    pub async fn end_operation(&self, op_id: u64, outcome: Result<String, String>, at: u64) {
        let _ = self
            .actor
            .tell(tab::OperationEnded { op_id, outcome, at })
            .await;
    }

    /// Ends the capture with `reason` and returns its final state. Safe to call on a capture
    /// that already ended (a crash): then it answers `None`.
    pub async fn stop(&self, reason: StopReason) -> Option<RunInfo> {
        let info = self
            .actor
            .ask(tab::Stop(reason))
            .await
            .ok()
            .map(|stopped| stopped.0);
        let _ = self.actor.wait_for_shutdown().await;
        info
    }

    /// Whether two taps feed the same capture.
    pub fn same_capture(&self, other: &CaptureTap) -> bool {
        self.actor.id() == other.actor.id()
    }

    pub fn is_alive(&self) -> bool {
        self.actor.is_alive()
    }

    /// Test-only fault hook: makes one actor kind of this capture panic.
    pub fn fault(&self, kind: ActorKind) {
        let _ = self.actor.tell(tab::Fault(kind)).try_send();
    }

    /// Waits until the capture's actors have all stopped (after a stop or a crash).
    pub async fn stopped(&self) {
        self.actor.wait_for_shutdown().await;
    }
}
