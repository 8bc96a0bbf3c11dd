//! The tab actor: the supervisor of one capture. It starts the root target actor, the body pool
//! and the checkpoint writer, adds a target actor per admitted iframe target, routes events to
//! them by session, records operations, and ends the capture — on request, or when it or any
//! linked child panics — through one `finish` path.

use std::collections::HashMap;
use std::convert::Infallible;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

use bsk_schema::capture::{OperationSource, RunInfo, StopReason};
use kameo::actor::{Actor, ActorId, ActorRef, Spawn, WeakActorRef};
use kameo::error::{ActorStopReason, PanicError};
use kameo::mailbox;
use kameo::message::{Context, Message};

use super::body_pool::{BodyPool, PoolArgs};
use super::checkpoint::{self, CheckpointArgs, CheckpointSink, CheckpointWriter, SaveNow};
use super::observer::{self, ObserverActor, ObserverArgs};
use super::target::{self, TargetActor, TargetArgs};
use super::{ActorKind, Panic, SharedCapture};
use crate::cdp::{Commander, Event};
use crate::model::redact;
use crate::store::now_ms;
use serde_json::json;

/// How long the observer may take to stop and remove itself from the page.
const OBSERVER_STOP_DEADLINE: std::time::Duration = std::time::Duration::from_secs(5);

/// Mailbox of each target actor and of the body pool. A full target mailbox drops the event and
/// counts it; a full pool mailbox answers `saturated`.
const CHILD_MAILBOX: usize = 1024;
/// The observer's mailbox: page events (input, navigation) and operation notes. A note that
/// finds it full is dropped and counted in the capture's `events_dropped`.
const OBSERVER_MAILBOX: usize = 1024;
/// The checkpoint writer's mailbox: "something changed" ticks, which coalesce (a full mailbox
/// already holds one, so dropping another loses nothing).
const CHECKPOINT_MAILBOX: usize = 16;

#[derive(Debug)]
pub struct TabActor {
    capture: SharedCapture,
    /// This actor's tracing span, inside its capture's (run id, session).
    span: tracing::Span,
    /// Target actors by CDP session: the root first, then admitted iframe targets.
    targets: HashMap<String, ActorRef<TargetActor>>,
    /// Which kind each linked child is, to name it when it dies.
    kinds: HashMap<ActorId, ActorKind>,
    pool: ActorRef<BodyPool>,
    observer: ActorRef<ObserverActor>,
    /// The tab's own CDP session: the observer follows only the main frame's events.
    root_session: String,
    cdp: Arc<dyn Commander>,
    checkpoint: ActorRef<CheckpointWriter>,
    /// Where the writer saves; the final save goes here directly when the writer is gone.
    sink: Arc<dyn CheckpointSink>,
    /// Events the runtime could not hand over (this actor's full mailbox), folded into the
    /// capture's `events_dropped`.
    dropped: Arc<AtomicU64>,
    /// Events this actor could not hand to a full target mailbox.
    dropped_here: u64,
    /// Events handed to the capture and not applied yet (see `CaptureTap`).
    in_flight: Arc<AtomicUsize>,
    /// Worker targets' sessions → their target ids.
    workers: HashMap<String, String>,
    /// Daemon operation id → the capture's operation record id.
    operations: HashMap<u64, String>,
    finished: bool,
}

#[derive(Debug)]
pub struct TabArgs {
    pub capture: SharedCapture,
    pub cdp: Arc<dyn Commander>,
    pub sink: Arc<dyn CheckpointSink>,
    pub root_session: String,
    pub dropped: Arc<AtomicU64>,
    pub in_flight: Arc<AtomicUsize>,
}

/// Events of the tab's or its iframe targets' sessions, in the browser's order.
#[derive(Debug)]
pub struct Forward(pub Vec<Event>);

#[derive(Debug)]
pub struct TargetAttached {
    pub session_id: String,
    pub target_id: String,
    pub admitted: bool,
    pub late: bool,
}

/// A worker target attached under the tab: captured when `admitted`, its requests recorded
/// only when the capture `records_workers`.
#[derive(Debug)]
pub struct WorkerAttached {
    pub session_id: String,
    pub target_id: String,
    pub worker: bsk_schema::capture::WorkerSource,
    pub admitted: bool,
    pub records_workers: bool,
}

/// Capture set-up on an admitted iframe target failed: its evidence is missing.
#[derive(Debug)]
pub struct SetupFailed(pub String);

#[derive(Debug)]
pub struct TargetDetached(pub String);

/// How an agent operation registered with [`Register`] ended: `outcome` is its one line or its
/// error, `at` when its input was dispatched (or when it was cancelled).
#[derive(Debug)]
pub struct OperationEnded {
    pub op_id: u64,
    pub outcome: Result<String, String>,
    pub at: u64,
}

/// An agent operation about to run, registered before its input is dispatched; answers the
/// operation's id and the run's, or `None` once the capture has ended.
#[derive(Debug)]
pub struct Register {
    pub op_id: u64,
    pub name: String,
    pub params: serde_json::Value,
    pub at: u64,
    /// The page's text just before the input: the operation's before-state.
    pub page_text: Option<String>,
    /// The elements it acts on, named.
    pub acted_on: Vec<bsk_schema::capture::ActedOn>,
}

#[derive(Debug, kameo::Reply)]
pub struct Registered(pub Option<(String, String)>);

/// What operation `0` caused so far. Answered after every event handed to this actor before it,
/// so the brief holds what the browser had reported by then.
#[derive(Debug)]
pub struct Brief(pub String);

#[derive(Debug, kameo::Reply)]
pub struct BriefReply(pub Option<bsk_schema::brief::Caused>);

/// End the capture; answers its final state.
#[derive(Debug)]
pub struct Stop(pub StopReason);

/// The final state of a capture that was stopped.
#[derive(Debug, kameo::Reply)]
pub struct Stopped(pub RunInfo);

/// Test-only fault hook.
#[derive(Debug)]
pub struct Fault(pub ActorKind);

impl Actor for TabActor {
    type Args = TabArgs;
    type Error = Infallible;

    async fn on_start(args: TabArgs, me: ActorRef<Self>) -> Result<Self, Infallible> {
        let TabArgs {
            capture,
            cdp,
            sink,
            root_session,
            dropped,
            in_flight,
        } = args;
        let pool = BodyPool::spawn_link_with_mailbox(
            &me,
            PoolArgs {
                capture: capture.clone(),
                cdp: cdp.clone(),
            },
            mailbox::bounded(CHILD_MAILBOX),
        )
        .await;
        let checkpoint = CheckpointWriter::spawn_link_with_mailbox(
            &me,
            CheckpointArgs {
                capture: capture.clone(),
                sink: sink.clone(),
            },
            mailbox::bounded(CHECKPOINT_MAILBOX),
        )
        .await;
        let observer = ObserverActor::spawn_link_with_mailbox(
            &me,
            ObserverArgs {
                capture: capture.clone(),
                cdp: cdp.clone(),
                root_session: root_session.clone(),
            },
            mailbox::bounded(OBSERVER_MAILBOX),
        )
        .await;
        let root_target = capture.lock().meta.tab_id.clone();
        let mut actor = TabActor {
            span: capture.span(ActorKind::Tab),
            capture,
            targets: HashMap::new(),
            kinds: HashMap::from([
                (pool.id(), ActorKind::BodyPool),
                (checkpoint.id(), ActorKind::Checkpoint),
                (observer.id(), ActorKind::Observer),
            ]),
            pool,
            observer,
            root_session: root_session.clone(),
            cdp,
            checkpoint,
            sink,
            dropped,
            dropped_here: 0,
            in_flight,
            operations: HashMap::new(),
            workers: HashMap::new(),
            finished: false,
        };
        actor.add_target(&me, root_session, root_target, true).await;
        Ok(actor)
    }

    async fn on_panic(
        &mut self,
        _: WeakActorRef<Self>,
        error: PanicError,
    ) -> Result<ControlFlow<ActorStopReason>, Infallible> {
        tracing::error!(parent: &self.span, error = ?error, "capture tab actor panicked");
        self.finish(StopReason::ActorPanicked {
            actor: ActorKind::Tab.name().into(),
        })
        .await;
        Ok(ControlFlow::Break(ActorStopReason::Panicked(error)))
    }

    async fn on_link_died(
        &mut self,
        _: WeakActorRef<Self>,
        id: ActorId,
        reason: ActorStopReason,
    ) -> Result<ControlFlow<ActorStopReason>, Infallible> {
        if self.finished || matches!(reason, ActorStopReason::Normal) {
            return Ok(ControlFlow::Continue(()));
        }
        let kind = self.kinds.get(&id).copied().unwrap_or(ActorKind::Target);
        tracing::error!(parent: &self.span, actor = kind.name(), reason = ?reason, "capture actor died");
        self.finish(StopReason::ActorPanicked {
            actor: kind.name().into(),
        })
        .await;
        Ok(ControlFlow::Break(ActorStopReason::LinkDied {
            id,
            reason: Box::new(reason),
        }))
    }

    async fn on_stop(
        &mut self,
        _: WeakActorRef<Self>,
        _: ActorStopReason,
    ) -> Result<(), Infallible> {
        if !self.finished {
            self.finish(StopReason::ActorPanicked {
                actor: ActorKind::Tab.name().into(),
            })
            .await;
        }
        Ok(())
    }
}

impl TabActor {
    async fn add_target(
        &mut self,
        me: &ActorRef<Self>,
        session_id: String,
        target_id: String,
        root: bool,
    ) {
        let args = TargetArgs {
            capture: self.capture.clone(),
            target_id,
            root,
            pool: self.pool.clone(),
            checkpoint: self.checkpoint.clone(),
            in_flight: self.in_flight.clone(),
        };
        let target =
            TargetActor::spawn_link_with_mailbox(me, args, mailbox::bounded(CHILD_MAILBOX)).await;
        self.kinds.insert(target.id(), ActorKind::Target);
        self.targets.insert(session_id, target);
    }

    fn fold_dropped(&mut self) {
        let dropped =
            self.dropped.swap(0, Ordering::Relaxed) + std::mem::take(&mut self.dropped_here);
        self.capture.lock().count_dropped_events(dropped);
    }

    /// The one way a capture ends. Children stop first (the body pool aborts its browser reads);
    /// then the evidence is stopped with `reason`, so pending work becomes unfinished rather than
    /// claimed done; then the final checkpoint is written.
    async fn finish(&mut self, reason: StopReason) {
        if self.finished {
            return;
        }
        self.finished = true;
        // An interruption freezes the evidence at once: work still in flight (a typing debounce
        // coming due, a late body) can no longer be claimed finished.
        let interrupted = reason.is_interruption();
        if interrupted {
            self.capture.lock().stop(reason.clone(), now_ms());
        }
        // The observer next: a clean stop completes pending typing; then its page residue goes.
        let flush = !interrupted;
        let observer_stopped = tokio::time::timeout(
            OBSERVER_STOP_DEADLINE,
            self.observer.ask(observer::Stop { flush }),
        )
        .await
        .is_ok_and(|r| r.is_ok());
        if !observer_stopped {
            // It crashed or hung: at least silence its reports.
            self.observer.kill();
            let remove = json!({ "name": observer::BINDING });
            let removal = self.cdp.command(
                &self.root_session,
                "Runtime.removeBinding",
                remove,
                OBSERVER_STOP_DEADLINE,
            );
            let _ = tokio::time::timeout(OBSERVER_STOP_DEADLINE, removal).await;
        }
        for target in self.targets.values() {
            let _ = target.stop_gracefully().await;
        }
        for target in self.targets.values() {
            target.wait_for_shutdown().await;
        }
        self.pool.kill();
        self.pool.wait_for_shutdown().await;
        self.fold_dropped();
        self.capture.lock().stop(reason, now_ms());
        if self.checkpoint.ask(SaveNow).await.is_err() {
            // The writer died (its panic may be why the capture ends): the final record is
            // saved all the same, directly.
            tracing::warn!(parent: &self.span, "the checkpoint writer is gone; saving the final record directly");
            checkpoint::save_snapshot(&self.capture, self.sink.as_ref()).await;
        }
        self.checkpoint.kill();
    }
}

impl Message<Forward> for TabActor {
    type Reply = ();

    async fn handle(&mut self, Forward(events): Forward, _: &mut Context<Self, ()>) {
        if self.finished {
            self.in_flight.fetch_sub(events.len(), Ordering::AcqRel);
            return;
        }
        // Runs of one session's events go to its target actor as one batch, in order.
        let mut run: Vec<Event> = Vec::new();
        for event in events {
            if event.session_id == self.root_session
                && event.kind.roles().observed
                && self
                    .observer
                    .tell(observer::PageEvent(event.clone()))
                    .try_send()
                    .is_err()
            {
                self.dropped_here += 1;
            }
            if run
                .first()
                .is_some_and(|first| first.session_id != event.session_id)
            {
                self.hand_to_target(std::mem::take(&mut run));
            }
            run.push(event);
        }
        self.hand_to_target(run);
        if self.dropped.load(Ordering::Relaxed) > 0 || self.dropped_here > 0 {
            self.fold_dropped();
        }
    }
}

impl TabActor {
    /// Hands one session's events to its target actor. Events of a session that has none (an
    /// iframe over the limit, a target already detached) are not captured: the coverage
    /// counters say so.
    fn hand_to_target(&mut self, events: Vec<Event>) {
        let Some(first) = events.first() else {
            return;
        };
        let n = events.len();
        let delivered = match self.targets.get(&first.session_id) {
            Some(target) => match target.tell(target::Batch(events)).try_send() {
                Ok(()) => true,
                Err(_) => {
                    self.dropped_here += n as u64;
                    false
                }
            },
            None => false,
        };
        if !delivered {
            self.in_flight.fetch_sub(n, Ordering::AcqRel);
        }
    }
}

impl Message<TargetAttached> for TabActor {
    type Reply = ();

    async fn handle(&mut self, attached: TargetAttached, ctx: &mut Context<Self, ()>) {
        if self.finished {
            return;
        }
        {
            let mut capture = self.capture.lock();
            let coverage = &mut capture.coverage;
            if attached.admitted {
                coverage.iframe_targets += 1;
                if attached.late {
                    coverage.iframe_targets_late += 1;
                }
            } else {
                coverage.iframe_targets_over_limit += 1;
            }
        }
        if attached.admitted && !self.targets.contains_key(&attached.session_id) {
            let me = ctx.actor_ref().clone();
            self.add_target(&me, attached.session_id, attached.target_id, false)
                .await;
        }
    }
}

impl Message<WorkerAttached> for TabActor {
    type Reply = ();

    async fn handle(&mut self, attached: WorkerAttached, ctx: &mut Context<Self, ()>) {
        if self.finished {
            return;
        }
        {
            let mut capture = self.capture.lock();
            let kind = attached.worker.kind;
            let url = attached.worker.url.as_str();
            let coverage = &mut capture.coverage;
            if !attached.records_workers {
                coverage.worker_traffic_not_recorded += 1;
            }
            if attached.admitted {
                coverage.worker_targets += 1;
            } else {
                coverage.worker_targets_over_limit += 1;
            }
            // A dedicated worker's script request started on the page; it finishes on the
            // worker's target, which records no requests here.
            if kind == bsk_schema::capture::WorkerKind::Dedicated
                && !(attached.admitted && attached.records_workers)
            {
                capture.worker_script_not_captured(url, crate::store::now_ms());
            }
            if attached.admitted {
                capture.worker_attached(&attached.target_id, kind, url);
            }
        }
        if attached.admitted && !self.targets.contains_key(&attached.session_id) {
            let me = ctx.actor_ref().clone();
            self.workers
                .insert(attached.session_id.clone(), attached.target_id.clone());
            self.add_target(&me, attached.session_id, attached.target_id, false)
                .await;
        }
        let _ = self.checkpoint.tell(checkpoint::Changed).try_send();
    }
}

impl Message<SetupFailed> for TabActor {
    type Reply = ();

    async fn handle(&mut self, SetupFailed(session): SetupFailed, _: &mut Context<Self, ()>) {
        tracing::warn!(parent: &self.span, session = %session, "capture set-up failed on an iframe target");
        self.capture.lock().coverage.iframe_setup_failed += 1;
    }
}

impl Message<TargetDetached> for TabActor {
    type Reply = ();

    async fn handle(&mut self, TargetDetached(session): TargetDetached, _: &mut Context<Self, ()>) {
        if let Some(target) = self.targets.remove(&session) {
            let _ = target.stop_gracefully().await;
            if self.workers.contains_key(&session) {
                // Its last events are labelled before its label goes.
                target.wait_for_shutdown().await;
            }
        }
        if let Some(target_id) = self.workers.remove(&session) {
            self.capture.lock().worker_detached(&target_id);
        }
    }
}

impl Message<OperationEnded> for TabActor {
    type Reply = ();

    async fn handle(&mut self, ended: OperationEnded, _: &mut Context<Self, ()>) {
        let OperationEnded { op_id, outcome, at } = ended;
        if self.finished {
            return;
        }
        let Some(id) = self.operations.remove(&op_id) else {
            return;
        };
        let outcome = outcome
            .map(|s| redact::text(&s))
            .map_err(|e| redact::text(&e));
        self.capture.lock().operation_ended(&id, outcome, at);
        if self
            .observer
            .tell(observer::AgentEnded(id, at))
            .try_send()
            .is_err()
        {
            self.dropped_here += 1;
        }
        let _ = self.checkpoint.tell(checkpoint::Changed).try_send();
    }
}

impl Message<Register> for TabActor {
    type Reply = Registered;

    async fn handle(
        &mut self,
        register: Register,
        _: &mut Context<Self, Registered>,
    ) -> Registered {
        if self.finished {
            return Registered(None);
        }
        let Register {
            op_id,
            name,
            mut params,
            at,
            page_text,
            acted_on,
        } = register;
        redact::json(&mut params);
        let mut capture = self.capture.lock();
        let id = capture.operation_started(OperationSource::Agent, &name, params, at);
        if id.is_empty() {
            return Registered(None);
        }
        if let Some(text) = page_text {
            capture.operation_before(&id, &text);
        }
        capture.operation_acted_on(&id, acted_on);
        let run_id = capture.meta.run_id.clone();
        drop(capture);
        self.operations.insert(op_id, id.clone());
        if self
            .observer
            .tell(observer::AgentStarted(id.clone(), at))
            .try_send()
            .is_err()
        {
            self.dropped_here += 1;
        }
        let _ = self.checkpoint.tell(checkpoint::Changed).try_send();
        Registered(Some((id, run_id)))
    }
}

impl Message<Brief> for TabActor {
    type Reply = BriefReply;

    async fn handle(&mut self, Brief(id): Brief, _: &mut Context<Self, BriefReply>) -> BriefReply {
        BriefReply(self.capture.lock().caused(&id, now_ms()))
    }
}

impl Message<Stop> for TabActor {
    type Reply = Stopped;

    async fn handle(&mut self, Stop(reason): Stop, ctx: &mut Context<Self, Stopped>) -> Stopped {
        self.finish(reason).await;
        ctx.stop();
        Stopped(self.capture.lock().run_info())
    }
}

impl Message<Fault> for TabActor {
    type Reply = ();

    async fn handle(&mut self, Fault(kind): Fault, _: &mut Context<Self, ()>) {
        match kind {
            ActorKind::Tab => Panic(kind).strike(),
            ActorKind::Target => {
                if let Some(target) = self.targets.values().next() {
                    let _ = target.tell(Panic(kind)).try_send();
                }
            }
            ActorKind::BodyPool => {
                let _ = self.pool.tell(Panic(kind)).try_send();
            }
            ActorKind::Checkpoint => {
                let _ = self.checkpoint.tell(Panic(kind)).try_send();
            }
            ActorKind::Observer => {
                let _ = self.observer.tell(Panic(kind)).try_send();
            }
        }
    }
}
