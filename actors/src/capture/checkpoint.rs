//! The checkpoint writer: "Changed captures are checkpointed at most once per two seconds, with
//! an immediate save at start and stop." Snapshots go to a [`CheckpointSink`]: the extension's
//! browser-local history once connected. Until then the sink says why history is unavailable,
//! and `status` shows it; live evidence stays readable and exportable.

use std::convert::Infallible;
use std::fmt::Debug;
use std::future::Future;
use std::num::NonZeroU32;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use bsk_schema::capture::ExportDocument;
use governor::clock::Clock;
use governor::middleware::NoOpMiddleware;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use kameo::actor::{Actor, ActorRef, WeakActorRef};
use kameo::error::ActorStopReason;
use kameo::message::{Context, Message};
use tokio::task::JoinHandle;

use super::{ActorKind, Panic, SharedCapture};
use crate::bounds::{CHECKPOINT_INTERVAL, CHECKPOINT_SPACING_FACTOR, CHECKPOINT_SPACING_MOST};
use crate::store::now_ms;

/// What a sink answers for one stored checkpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Saved {
    /// Checkpoints of this record the sink holds now.
    pub checkpoints: u64,
    /// The version of the extension that stored it, for the export's `extension_version`.
    pub extension_version: Option<String>,
}

/// A save in flight: resolves once the sink has stored the snapshot (or says why it could not).
pub type SaveFuture = Pin<Box<dyn Future<Output = Result<Saved, String>> + Send>>;

/// Where checkpoints go: the extension's browser-local history, over the link.
pub trait CheckpointSink: Send + Sync + Debug + 'static {
    /// Stores one already-redacted snapshot; an error says why history is unavailable.
    fn save(&self, snapshot: ExportDocument) -> SaveFuture;

    /// Why no save can succeed now, if that is known before taking a snapshot: the writer then
    /// skips the snapshot (a copy of every retained body, made under the capture's lock).
    fn unavailable(&self) -> Option<String> {
        None
    }
}

/// The sink while no browser extension is connected: every save fails with the reason.
#[derive(Debug, Default)]
pub struct NoExtensionSink;

impl CheckpointSink for NoExtensionSink {
    fn save(&self, _: ExportDocument) -> SaveFuture {
        Box::pin(std::future::ready(Err(NO_EXTENSION.into())))
    }

    fn unavailable(&self) -> Option<String> {
        Some(NO_EXTENSION.into())
    }
}

const NO_EXTENSION: &str = "history storage is unavailable: no bsk browser extension is connected to store checkpoints; \
     live evidence stays readable and exportable through bsk's debug reads while the session runs";

/// How long one save may take before it counts as failed; the writer then goes on, so a stuck
/// extension never holds up the final stop for long.
pub const SAVE_DEADLINE: Duration = Duration::from_secs(10);

/// governor's clock, driven by tokio's: paused tokio time pauses the throttle too, so tests are
/// exact.
#[derive(Debug, Clone, Copy)]
pub struct TokioClock {
    origin: tokio::time::Instant,
}

impl Default for TokioClock {
    fn default() -> Self {
        TokioClock {
            origin: tokio::time::Instant::now(),
        }
    }
}

impl Clock for TokioClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        tokio::time::Instant::now().duration_since(self.origin)
    }
}

type Throttle = RateLimiter<NotKeyed, InMemoryState, TokioClock, NoOpMiddleware<Duration>>;

#[derive(Debug)]
pub struct CheckpointWriter {
    capture: SharedCapture,
    /// This actor's tracing span, inside its capture's (run id, session).
    span: tracing::Span,
    sink: Arc<dyn CheckpointSink>,
    me: ActorRef<CheckpointWriter>,
    /// One save per [`CHECKPOINT_INTERVAL`].
    throttle: Throttle,
    clock: TokioClock,
    /// No throttled save before this: a busy browser's slow saves space the next one (see
    /// [`CHECKPOINT_SPACING_FACTOR`]).
    spaced_until: tokio::time::Instant,
    /// A save waiting for the throttle; at most one, and aborted on stop.
    scheduled: Option<JoinHandle<()>>,
}

#[derive(Debug)]
pub struct CheckpointArgs {
    pub capture: SharedCapture,
    pub sink: Arc<dyn CheckpointSink>,
}

/// The capture changed; save when the throttle allows.
#[derive(Debug)]
pub struct Changed;

/// Save now, whatever the throttle says (start and stop).
#[derive(Debug)]
pub struct SaveNow;

/// A throttled save came due.
#[derive(Debug)]
struct Due;

impl Actor for CheckpointWriter {
    type Args = CheckpointArgs;
    type Error = Infallible;

    async fn on_start(args: CheckpointArgs, me: ActorRef<Self>) -> Result<Self, Infallible> {
        let clock = TokioClock::default();
        let period = NonZeroU32::MIN;
        let quota = Quota::with_period(CHECKPOINT_INTERVAL)
            .map_or(Quota::per_second(period), |q| q.allow_burst(period));
        let writer = CheckpointWriter {
            span: args.capture.span(ActorKind::Checkpoint),
            capture: args.capture,
            sink: args.sink,
            me,
            throttle: RateLimiter::direct_with_clock(quota, clock),
            clock,
            spaced_until: tokio::time::Instant::now(),
            scheduled: None,
        };
        // "an immediate save at start", as the first message, so starting never waits on the sink.
        let _ = writer.throttle.check();
        let _ = writer.me.tell(SaveNow).try_send();
        Ok(writer)
    }

    async fn on_stop(
        &mut self,
        _: WeakActorRef<Self>,
        _: ActorStopReason,
    ) -> Result<(), Infallible> {
        if let Some(task) = self.scheduled.take() {
            task.abort();
        }
        Ok(())
    }
}

impl CheckpointWriter {
    /// A throttled save: how long it takes spaces the next one.
    async fn save(&mut self) {
        let started = tokio::time::Instant::now();
        save_snapshot(&self.capture, self.sink.as_ref()).await;
        let took = started.elapsed();
        let spacing = spacing_after(took);
        tracing::debug!(
            parent: &self.span,
            took_ms = took.as_millis(),
            spacing_ms = spacing.as_millis(),
            "checkpoint save answered"
        );
        self.spaced_until = started + spacing;
        self.capture.lock().history.spacing_ms = (spacing > CHECKPOINT_INTERVAL)
            .then(|| u64::try_from(spacing.as_millis()).unwrap_or(u64::MAX));
    }
}

/// How long after the start of a save that took `took` the next throttled one may start:
/// [`CHECKPOINT_SPACING_FACTOR`] times as long, within 2 s and 10 s.
fn spacing_after(took: Duration) -> Duration {
    took.saturating_mul(CHECKPOINT_SPACING_FACTOR)
        .clamp(CHECKPOINT_INTERVAL, CHECKPOINT_SPACING_MOST)
}

/// Takes a snapshot and hands it to the sink, waiting for its answer (at most
/// [`SAVE_DEADLINE`]). History status says what happened; live evidence is untouched. The writer
/// saves through this, and so does the tab actor for the final save when the writer itself died.
pub async fn save_snapshot(capture: &SharedCapture, sink: &dyn CheckpointSink) {
    if let Some(reason) = sink.unavailable() {
        let mut capture = capture.lock();
        capture.history.available = false;
        capture.history.reason = Some(reason);
        return;
    }
    let snapshot = capture.lock().checkpoint(now_ms());
    let saved_at = snapshot.saved_at;
    let result = match tokio::time::timeout(SAVE_DEADLINE, sink.save(snapshot)).await {
        Ok(result) => result,
        Err(_) => Err(format!(
            "history storage did not answer within {SAVE_DEADLINE:?}; the checkpoint was not confirmed"
        )),
    };
    let span = capture.tracing_span();
    let mut capture = capture.lock();
    match result {
        Ok(saved) => {
            capture.history.available = true;
            capture.history.reason = None;
            capture.history.checkpoints = saved.checkpoints;
            capture.history.last_checkpoint_at = Some(saved_at);
            if saved.extension_version.is_some() {
                capture.extension_version = saved.extension_version;
            }
        }
        Err(reason) => {
            tracing::warn!(parent: span, reason = %reason, "checkpoint not saved");
            capture.history.available = false;
            capture.history.reason = Some(reason);
        }
    }
}

impl Message<Changed> for CheckpointWriter {
    type Reply = ();

    async fn handle(&mut self, _: Changed, _: &mut Context<Self, ()>) {
        if self.scheduled.is_some() {
            return; // a save is already due; it will include this change
        }
        let spaced = self
            .spaced_until
            .saturating_duration_since(tokio::time::Instant::now());
        let throttled = match self.throttle.check() {
            Ok(()) => Duration::ZERO,
            Err(not_until) => not_until.wait_time_from(self.clock.now()),
        };
        match throttled.max(spaced) {
            Duration::ZERO => self.save().await,
            wait => {
                let me = self.me.clone();
                self.scheduled = Some(tokio::spawn(async move {
                    tokio::time::sleep(wait).await;
                    let _ = me.tell(Due).await;
                }));
            }
        }
    }
}

impl Message<Due> for CheckpointWriter {
    type Reply = ();

    async fn handle(&mut self, _: Due, _: &mut Context<Self, ()>) {
        self.scheduled = None;
        let _ = self.throttle.check();
        self.save().await;
    }
}

impl Message<SaveNow> for CheckpointWriter {
    type Reply = ();

    async fn handle(&mut self, _: SaveNow, _: &mut Context<Self, ()>) {
        if let Some(task) = self.scheduled.take() {
            task.abort();
        }
        // Not timed for spacing: the start's save often meets a worker the browser has to wake
        // first, and nothing follows the stop's, whose record says no spacing holds any more.
        self.capture.lock().history.spacing_ms = None;
        save_snapshot(&self.capture, self.sink.as_ref()).await;
    }
}

impl Message<Panic> for CheckpointWriter {
    type Reply = ();

    async fn handle(&mut self, panic: Panic, _: &mut Context<Self, ()>) {
        panic.strike()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_is_fifty_saves_within_two_and_ten_seconds() {
        let ms = Duration::from_millis;
        assert_eq!(spacing_after(ms(0)), CHECKPOINT_INTERVAL);
        assert_eq!(spacing_after(ms(39)), CHECKPOINT_INTERVAL);
        assert_eq!(spacing_after(ms(100)), ms(5_000));
        assert_eq!(spacing_after(ms(201)), CHECKPOINT_SPACING_MOST);
        assert_eq!(spacing_after(Duration::MAX), CHECKPOINT_SPACING_MOST);
    }
}
