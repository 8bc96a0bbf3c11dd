//! The body fetcher pool: "4 concurrent jobs, 32 queued, 2.5 s command deadline". A full queue
//! answers `saturated` at once, never a wait that stalls capture; a job past its deadline ends
//! as `deadline`; nothing waits forever on a body the browser will never have.
//!
//! The queue works in the order that keeps the most evidence: a job whose request the capture
//! has already evicted is dropped unfetched (counted as skipped, not as a loss); documents,
//! XHR/fetch and request bodies run before static resources; and when the queue is full, the
//! static resource or else the oldest request (the next to be evicted) gives way, not the newest.
//!
//! A body that gave way reads `saturated` at once. The pool remembers its job, and when the
//! queue has emptied it tries once more, in its free slots, newest first and documents, XHR and
//! fetch before static resources: after a burst the browser usually still holds the body
//! (`Network.enable`'s buffers), and a second try keeps it. A second try never delays a new
//! job: it starts only when no job waits, and a new job that finds every slot taken takes one
//! from a second try, which goes back to wait. Its failure leaves the body `saturated`.

use std::collections::{HashMap, VecDeque};
use std::convert::Infallible;
use std::sync::Arc;
use tracing::Instrument;

use bsk_schema::capture::BodyReason;
use kameo::actor::{Actor, ActorRef, WeakActorRef};
use kameo::error::ActorStopReason;
use kameo::message::{Context, Message};
use serde_json::json;
use tokio::task::JoinHandle;

use super::{ActorKind, Panic, SharedCapture};
use crate::bounds::{BODY_FETCH_CONCURRENCY, BODY_FETCH_DEADLINE, BODY_FETCH_QUEUE};
use crate::cdp::{CommandError, CommandFuture, Commander, Urgency};
use crate::model::binary;
use crate::store::{BodyJob, BodyKind, BodyOutcome, is_multipart};

/// Queued jobs from which the pool asks the connection for its replies promptly: below it, a
/// read may wait for the browser's next gathered messages (one wake-up of the daemon, not two),
/// which costs a few milliseconds nobody waits for; from it, a backlog is forming.
const HURRY_AT: usize = BODY_FETCH_QUEUE / 4;

/// A body from this many bytes of the browser's reply is decoded, hashed and redacted on a
/// blocking thread: parsing and redacting a large JSON body takes milliseconds, and the runtime's
/// worker, which reads every capture's events, would be held for them.
const OFF_WORKER_BYTES: usize = 64 * 1024;

#[derive(Debug)]
pub struct BodyPool {
    capture: SharedCapture,
    /// This actor's tracing span, inside its capture's (run id, session).
    span: tracing::Span,
    cdp: Arc<dyn Commander>,
    me: ActorRef<BodyPool>,
    /// Jobs waiting for a free slot, in arrival order; at most [`BODY_FETCH_QUEUE`]. Jobs whose
    /// request was evicted leave it unfetched; a full queue makes its least valuable job give
    /// way (see [`BodyPool::queue_over_full`]).
    queue: VecDeque<BodyJob>,
    /// Jobs in flight by ticket, at most [`BODY_FETCH_CONCURRENCY`]. Their tasks are aborted on
    /// stop, which cancels the pending browser reads.
    running: HashMap<u64, Running>,
    /// Jobs whose body gave way to a full queue, for a second try once the queue has emptied:
    /// documents, XHR/fetch and request bodies in the first, static resources in the second,
    /// each in the order they gave way. At most [`crate::bounds::second_tries`] in all: past it,
    /// jobs no longer worth a try go first, then the oldest static resource, then the oldest.
    gave_way: [VecDeque<BodyJob>; 2],
    gave_way_bound: usize,
    next_ticket: u64,
    /// [`crate::store::Capture::requests_let_go`] when the queue was last checked for unwanted jobs: until
    /// it grows, every queued job is still wanted.
    let_go_checked: u64,
}

/// A job in flight.
#[derive(Debug)]
struct Running {
    job: BodyJob,
    /// A second try of a body that gave way to a full queue.
    second_try: bool,
    task: JoinHandle<()>,
}

#[derive(Debug)]
pub struct PoolArgs {
    pub capture: SharedCapture,
    pub cdp: Arc<dyn Commander>,
}

/// Fetch one body.
#[derive(Debug)]
pub struct Fetch(pub BodyJob);

/// A fetch finished (sent by its own task).
#[derive(Debug)]
pub struct Done {
    ticket: u64,
    outcome: BodyOutcome,
}

impl Actor for BodyPool {
    type Args = PoolArgs;
    type Error = Infallible;

    async fn on_start(args: PoolArgs, me: ActorRef<Self>) -> Result<Self, Infallible> {
        let gave_way_bound = crate::bounds::second_tries(args.capture.lock().limits().max_requests);
        Ok(BodyPool {
            span: args.capture.span(ActorKind::BodyPool),
            capture: args.capture,
            cdp: args.cdp,
            me,
            queue: VecDeque::new(),
            running: HashMap::new(),
            gave_way: Default::default(),
            gave_way_bound,
            next_ticket: 0,
            let_go_checked: 0,
        })
    }

    async fn on_stop(
        &mut self,
        _: WeakActorRef<Self>,
        _: ActorStopReason,
    ) -> Result<(), Infallible> {
        for (_, running) in self.running.drain() {
            running.task.abort();
        }
        self.queue.clear();
        self.gave_way = Default::default();
        Ok(())
    }
}

/// The browser's answer as a body outcome. Text stays text; base64 (binary) bytes are
/// identified by size, digest and type and dropped; a multipart request body becomes its parts.
/// `reading`'s outcome, or `read_failed` if it panicked: a read that ends without telling the
/// pool would hold one of its four slots for good.
async fn settled(reading: impl std::future::Future<Output = BodyOutcome>) -> BodyOutcome {
    use futures_util::FutureExt;
    match std::panic::AssertUnwindSafe(reading).catch_unwind().await {
        Ok(outcome) => outcome,
        Err(_) => {
            tracing::error!("reading a body panicked; the body is marked read_failed");
            BodyOutcome::Failed(BodyReason::ReadFailed)
        }
    }
}

/// The browser's answer to a body read, or `Deadline` once [`BODY_FETCH_DEADLINE`] has passed
/// without one.
async fn within_deadline(reply: CommandFuture) -> Result<serde_json::Value, CommandError> {
    tokio::time::timeout(BODY_FETCH_DEADLINE, reply)
        .await
        .unwrap_or(Err(CommandError::Deadline))
}

/// The size of the body text in `reply`, as the browser sent it (base64 or text).
fn reply_bytes(kind: BodyKind, reply: &Result<serde_json::Value, CommandError>) -> usize {
    let field = match kind {
        BodyKind::Response => "body",
        BodyKind::Request => "postData",
    };
    reply
        .as_ref()
        .ok()
        .and_then(|value| value[field].as_str())
        .map_or(0, str::len)
}

/// [`outcome_of`] on a blocking thread, `read_failed` if it panicked there.
async fn off_worker(
    kind: BodyKind,
    content_type: String,
    reply: Result<serde_json::Value, CommandError>,
) -> BodyOutcome {
    let runtime = tokio::runtime::Handle::current();
    let span = tracing::Span::current();
    let outcome = tokio::task::spawn_blocking(move || {
        span.in_scope(|| runtime.block_on(settled(outcome_of(kind, &content_type, reply))))
    })
    .await;
    outcome.unwrap_or_else(|e| {
        tracing::error!(error = %e, "reading a body failed on its thread; the body is marked read_failed");
        BodyOutcome::Failed(BodyReason::ReadFailed)
    })
}

async fn outcome_of(
    kind: BodyKind,
    content_type: &str,
    reply: Result<serde_json::Value, CommandError>,
) -> BodyOutcome {
    use base64::Engine;
    let value = match reply {
        Ok(value) => value,
        Err(CommandError::Deadline) => return BodyOutcome::Failed(BodyReason::Deadline),
        Err(CommandError::Closed) => return BodyOutcome::Failed(BodyReason::CaptureStopped),
        Err(CommandError::TooLarge) => return BodyOutcome::Failed(BodyReason::BodyLimit),
        // "No data found", "evicted from inspector cache", "No resource with given identifier".
        Err(CommandError::Remote(_)) => {
            return BodyOutcome::Failed(BodyReason::MissingBrowserBuffer);
        }
    };
    let field = match kind {
        BodyKind::Response => "body",
        BodyKind::Request => "postData",
    };
    let text = value[field].as_str().unwrap_or_default();
    let bytes: Vec<u8> = if value["base64Encoded"].as_bool().unwrap_or(false) {
        match base64::engine::general_purpose::STANDARD.decode(text) {
            Ok(bytes) => bytes,
            Err(_) => return BodyOutcome::Failed(BodyReason::MissingBrowserBuffer),
        }
    } else {
        if !is_multipart(content_type) && !text.contains('\0') {
            return retained(text, content_type);
        }
        text.as_bytes().to_vec()
    };
    if kind == BodyKind::Request && is_multipart(content_type) {
        let data = bytes::Bytes::from(bytes);
        return match binary::parts(data.clone(), content_type).await {
            Ok((parts, dropped)) => BodyOutcome::Multipart { parts, dropped },
            // Not parseable as its type says: identify it as bytes.
            Err(_) => BodyOutcome::Binary(binary::facts(&data)),
        };
    }
    match String::from_utf8(bytes) {
        // Text Chrome sent as base64 (a text response it stored compressed, say).
        Ok(text) if !text.contains('\0') && !crate::store::is_binary_type(content_type) => {
            retained(&text, content_type)
        }
        Ok(text) => BodyOutcome::Binary(binary::facts(text.as_bytes())),
        Err(e) => BodyOutcome::Binary(binary::facts(e.as_bytes())),
    }
}

impl BodyPool {
    fn start(&mut self, job: BodyJob) {
        self.start_job(job, false);
    }

    fn start_job(&mut self, job: BodyJob, second_try: bool) {
        let ticket = self.next_ticket;
        self.next_ticket += 1;
        let (method, params) = match job.kind {
            BodyKind::Response => (
                "Network.getResponseBody",
                json!({ "requestId": job.cdp_request_id }),
            ),
            BodyKind::Request => (
                "Network.getRequestPostData",
                json!({ "requestId": job.cdp_request_id }),
            ),
        };
        // The reply may come with the browser's next messages: when the queue grows, the pool
        // hurries (see `Message<Fetch>`).
        let reply = self.cdp.send(
            &job.session_id,
            method,
            params,
            BODY_FETCH_DEADLINE,
            Urgency::Unhurried,
        );
        let me = self.me.clone();
        let kind = job.kind;
        let content_type = job.content_type.clone();
        // The read's own logs (a panic, a failed thread) name the capture and the pool.
        let task = tokio::spawn(
            async move {
                let reply = within_deadline(reply).await;
                // Decoding, hashing and parsing happen here, off the capture's lock.
                let outcome = if reply_bytes(kind, &reply) < OFF_WORKER_BYTES {
                    settled(outcome_of(kind, &content_type, reply)).await
                } else {
                    off_worker(kind, content_type, reply).await
                };
                let _ = me.tell(Done { ticket, outcome }).await;
            }
            .instrument(self.span.clone()),
        );
        self.running.insert(
            ticket,
            Running {
                job,
                second_try,
                task,
            },
        );
    }

    /// Remembers a job whose body gave way, for a second try.
    fn gave_way(&mut self, job: BodyJob) {
        if job.best_effort {
            return;
        }
        self.gave_way[usize::from(job.low_priority)].push_back(job);
        if self.second_tries_waiting() <= self.gave_way_bound {
            return;
        }
        {
            let capture = self.capture.lock();
            for jobs in &mut self.gave_way {
                jobs.retain(|job| capture.retries_body(job));
            }
        }
        while self.second_tries_waiting() > self.gave_way_bound {
            let oldest = if self.gave_way[1].is_empty() { 0 } else { 1 };
            self.gave_way[oldest].pop_front();
        }
    }

    fn second_tries_waiting(&self) -> usize {
        self.gave_way.iter().map(VecDeque::len).sum()
    }

    /// Gives a new job the slot of a second try, if one runs: the second try is abandoned and
    /// waits again for the queue to empty.
    fn take_a_slot_from_a_second_try(&mut self) {
        let Some(ticket) = self
            .running
            .iter()
            .find(|(_, running)| running.second_try)
            .map(|(ticket, _)| *ticket)
        else {
            return;
        };
        if let Some(running) = self.running.remove(&ticket) {
            running.task.abort();
            self.gave_way(running.job);
        }
    }

    /// With the queue empty, fills the free slots with second tries: the newest first, and
    /// documents, XHR/fetch and request bodies before static resources. Jobs whose body is no
    /// longer saturated (its record evicted, the capture stopped) are forgotten.
    fn start_second_tries(&mut self) {
        if !self.queue.is_empty() || self.gave_way.iter().all(VecDeque::is_empty) {
            return;
        }
        while self.running.len() < BODY_FETCH_CONCURRENCY {
            let Some(job) = self.next_second_try() else {
                return;
            };
            self.start_job(job, true);
        }
    }

    fn next_second_try(&mut self) -> Option<BodyJob> {
        let capture = self.capture.lock();
        for jobs in &mut self.gave_way {
            while let Some(job) = jobs.pop_back() {
                if capture.retries_body(&job) {
                    return Some(job);
                }
            }
        }
        None
    }
}

impl BodyPool {
    /// Drops queued jobs whose request the capture has let go (evicted, or the body no longer
    /// pending): fetching them would be work for nothing. Counted.
    fn drop_unwanted(&mut self) {
        let mut capture = self.capture.lock();
        let let_go = capture.requests_let_go();
        if let_go == self.let_go_checked {
            return;
        }
        self.let_go_checked = let_go;
        let before = self.queue.len();
        self.queue.retain(|job| capture.wants_body(job));
        capture.count_skipped_fetches((before - self.queue.len()) as u64);
    }

    /// The next job to run: documents, XHR/fetch and request bodies before static resources,
    /// each in arrival order.
    fn next_job(&mut self) -> Option<BodyJob> {
        let at = self
            .queue
            .iter()
            .position(|job| !job.low_priority)
            .unwrap_or(0);
        self.queue.remove(at)
    }

    /// Queues `job` in a full queue by letting the least valuable job give way: a static
    /// resource before anything else, then the oldest request (the nearest to eviction). The
    /// job that gives way loses its body as `saturated`.
    fn queue_over_full(&mut self, job: BodyJob) {
        let rank = |job: &BodyJob| (!job.low_priority, record_number(&job.record_id));
        let weakest = self
            .queue
            .iter()
            .enumerate()
            .min_by_key(|(_, queued)| rank(queued))
            .map(|(at, queued)| (at, rank(queued)));
        let gives_way = match weakest {
            Some((at, weakest)) if weakest < rank(&job) => {
                let Some(out) = self.queue.remove(at) else {
                    return;
                };
                self.queue.push_back(job);
                out
            }
            _ => job,
        };
        self.capture
            .lock()
            .apply_body(&gives_way, BodyOutcome::Failed(BodyReason::Saturated));
        self.gave_way(gives_way);
    }
}

/// `r12` → 12: records are numbered in the order their requests were sent.
fn record_number(record_id: &str) -> u64 {
    record_id
        .strip_prefix('r')
        .and_then(|n| n.parse().ok())
        .unwrap_or_default()
}

impl Message<Fetch> for BodyPool {
    type Reply = ();

    async fn handle(&mut self, Fetch(job): Fetch, _: &mut Context<Self, ()>) {
        if self.running.len() >= BODY_FETCH_CONCURRENCY {
            self.take_a_slot_from_a_second_try();
        }
        if self.running.len() < BODY_FETCH_CONCURRENCY {
            self.start(job);
            return;
        }
        if self.queue.len() >= BODY_FETCH_QUEUE / 2 {
            self.drop_unwanted();
        }
        if job.best_effort && self.queue.len() >= BODY_FETCH_QUEUE / 2 {
            // Identifying a binary body never crowds out text bodies: with the queue half
            // full, it stays `omitted`/`binary`, unidentified (not a saturation).
            self.capture
                .lock()
                .apply_body(&job, BodyOutcome::Failed(BodyReason::Saturated));
        } else if self.queue.len() < BODY_FETCH_QUEUE {
            self.queue.push_back(job);
        } else {
            self.queue_over_full(job);
        }
        if self.queue.len() >= HURRY_AT {
            self.cdp.hurry();
        }
    }
}

impl Message<Done> for BodyPool {
    type Reply = ();

    async fn handle(&mut self, done: Done, _: &mut Context<Self, ()>) {
        if let Some(finished) = self.running.remove(&done.ticket) {
            let mut capture = self.capture.lock();
            if finished.second_try {
                capture.apply_second_try(&finished.job, done.outcome);
            } else {
                capture.apply_body(&finished.job, done.outcome);
            }
        }
        self.drop_unwanted();
        match self.next_job() {
            Some(next) => self.start(next),
            None => self.start_second_tries(),
        }
    }
}

impl Message<Panic> for BodyPool {
    type Reply = ();

    async fn handle(&mut self, panic: Panic, _: &mut Context<Self, ()>) {
        panic.strike()
    }
}

/// Text bounded and redacted here, in the fetch's own task: the capture's lock is held only to
/// store the result.
fn retained(text: &str, content_type: &str) -> BodyOutcome {
    BodyOutcome::Retained(crate::store::retain_text(text, content_type))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_read_that_panics_settles_as_read_failed() {
        let panicking = async { panic!("a bug while reading a body") };
        assert!(matches!(
            settled(panicking).await,
            BodyOutcome::Failed(BodyReason::ReadFailed)
        ));
        let fine = outcome_of(
            BodyKind::Response,
            "text/plain",
            Ok(json!({ "body": "ok", "base64Encoded": false })),
        );
        assert!(!matches!(settled(fine).await, BodyOutcome::Failed(_)));
    }

    #[tokio::test]
    async fn a_large_body_is_read_off_the_worker_with_the_same_outcome() {
        let secret = r#""password":"hunter2","#;
        let body = format!("{{{secret}\"rows\":\"{}\"}}", "x".repeat(OFF_WORKER_BYTES));
        let reply = || Ok(json!({ "body": body, "base64Encoded": false }));
        assert!(reply_bytes(BodyKind::Response, &reply()) >= OFF_WORKER_BYTES);
        let text = |outcome: BodyOutcome| match outcome {
            BodyOutcome::Retained(body) => body.text.unwrap_or_default(),
            other => panic!("a retained body, not {other:?}"),
        };
        let off = text(off_worker(BodyKind::Response, "application/json".into(), reply()).await);
        let on = text(outcome_of(BodyKind::Response, "application/json", reply()).await);
        assert_eq!(off, on);
        assert!(!off.contains("hunter2"), "redacted off the worker too");
    }

    /// The spec's 2.5 s body deadline, on paused time: an answer at 2.4 s is read, none by
    /// 2.5 s is a deadline miss, and not a millisecond earlier.
    #[tokio::test(start_paused = true)]
    async fn a_body_read_waits_two_and_a_half_seconds_and_no_longer() {
        use std::time::Duration;
        let answer_after = |ms: u64| -> CommandFuture {
            Box::pin(async move {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                Ok(json!({ "body": "late", "base64Encoded": false }))
            })
        };
        let started = tokio::time::Instant::now();
        assert!(within_deadline(answer_after(2_400)).await.is_ok());
        assert_eq!(started.elapsed(), Duration::from_millis(2_400));

        let started = tokio::time::Instant::now();
        let never: CommandFuture = Box::pin(std::future::pending());
        assert!(matches!(
            within_deadline(never).await,
            Err(CommandError::Deadline)
        ));
        assert_eq!(started.elapsed(), BODY_FETCH_DEADLINE);
        assert_eq!(BODY_FETCH_DEADLINE, Duration::from_millis(2_500));

        let mut just_before = Box::pin(within_deadline(answer_after(60_000)));
        tokio::time::advance(Duration::from_millis(2_499)).await;
        assert!(
            futures_util::poll!(just_before.as_mut()).is_pending(),
            "still waiting at 2,499 ms"
        );
        tokio::time::advance(Duration::from_millis(1)).await;
        assert!(matches!(just_before.await, Err(CommandError::Deadline)));
    }
}
