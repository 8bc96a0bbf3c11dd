//! The capture actors against a scripted browser (no Chromium): the body pool's bounds and
//! deadline, the checkpoint throttle under paused time, and every actor kind's panic ending in
//! an interrupted capture whose evidence is kept.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bsk_actors::capture::{
    ActorKind, CaptureTap, CheckpointSink, SaveFuture, Saved, SharedCapture,
};
use bsk_actors::cdp::{CommandError, CommandFuture, Commander, Event, Params, Urgency};
use bsk_actors::store::{Capture, RunMeta};
use bsk_schema::capture::{BodyReason, BodyState, CaptureState, ExportDocument, StopReason};
use serde_json::{Value, json};

/// A browser whose body reads never answer (every other command answers `{}` at once), and
/// which counts the body reads it was asked for, how many of them were unhurried, and how
/// often it was hurried.
#[derive(Debug, Default)]
struct SilentBrowser {
    /// The CDP request id of every body read asked for, in order.
    asked: Mutex<Vec<String>>,
    unhurried: AtomicUsize,
    /// Body reads given up by their asker (past their deadline, or abandoned).
    ended: Arc<AtomicUsize>,
    /// The number of body reads asked for at each hurry.
    hurries: Mutex<Vec<usize>>,
}

impl Commander for SilentBrowser {
    fn send(
        &self,
        _: &str,
        method: &str,
        params: Value,
        _: Duration,
        urgency: Urgency,
    ) -> CommandFuture {
        if !method.starts_with("Network.get") {
            return Box::pin(std::future::ready(Ok(json!({}))));
        }
        let id = params["requestId"].as_str().unwrap_or_default().to_string();
        self.asked.lock().expect("lock").push(id);
        if urgency == Urgency::Unhurried {
            self.unhurried.fetch_add(1, Ordering::Relaxed);
        }
        /// Counts the read as ended when its asker drops it.
        struct Ended(Arc<AtomicUsize>);
        impl Drop for Ended {
            fn drop(&mut self) {
                self.0.fetch_add(1, Ordering::Relaxed);
            }
        }
        let ended = Ended(self.ended.clone());
        Box::pin(async move {
            let _ended = ended;
            std::future::pending::<Result<Value, CommandError>>().await
        })
    }

    fn hurry(&self) {
        let asked = self.asked.lock().expect("lock").len();
        self.hurries.lock().expect("lock").push(asked);
    }
}

#[derive(Debug, Default)]
struct RecordingSink {
    saves: Mutex<Vec<(tokio::time::Instant, CaptureState)>>,
    /// How long each save takes to be confirmed: a busy browser's.
    takes: Duration,
}

impl CheckpointSink for RecordingSink {
    fn save(&self, snapshot: ExportDocument) -> SaveFuture {
        let mut saves = self.saves.lock().expect("lock");
        saves.push((tokio::time::Instant::now(), snapshot.run.state));
        let checkpoints = saves.len() as u64;
        let takes = self.takes;
        Box::pin(async move {
            tokio::time::sleep(takes).await;
            Ok(Saved {
                checkpoints,
                extension_version: Some("test".into()),
            })
        })
    }
}

fn new_capture() -> SharedCapture {
    SharedCapture::new(Capture::new(RunMeta {
        run_id: "run1".into(),
        session: "s1".into(),
        task_id: 1,
        name: None,
        tab_id: "TAB".into(),
        started_at: 0,
    }))
}

fn event(method: &str, params: Value) -> Event {
    Event::new("ROOT", method, &params)
}

/// Sends a finished JSON response, which asks the pool for its body.
fn finished_request(tap: &CaptureTap, id: usize) {
    let id = id.to_string();
    tap.forward(event("Network.requestWillBeSent", json!({ "requestId": id, "request": { "url": format!("http://a/{id}"), "method": "GET", "headers": {} } })));
    tap.forward(event("Network.responseReceived", json!({ "requestId": id, "response": { "status": 200, "headers": {}, "mimeType": "application/json" } })));
    tap.forward(event("Network.loadingFinished", json!({ "requestId": id })));
}

async fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    // 60 s: under paused time this is exact and instant.
    for _ in 0..12_000 {
        if done() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("timed out waiting for {what}");
}

/// A console line, which changes the capture.
fn log_line(i: usize) -> Event {
    event(
        "Runtime.consoleAPICalled",
        json!({ "type": "log", "args": [{ "type": "string", "value": format!("line {i}") }] }),
    )
}

/// A capture of the root session on a [`SilentBrowser`], checkpointed into `sink`.
fn capture_saving_to(sink: &Arc<RecordingSink>) -> (SharedCapture, CaptureTap) {
    let capture = new_capture();
    let tap = CaptureTap::start(
        capture.clone(),
        Arc::new(SilentBrowser::default()),
        sink.clone(),
        "ROOT".into(),
        false,
    );
    (capture, tap)
}

/// A capture of the root session on a [`SilentBrowser`].
fn capture_on_a_silent_browser() -> (SharedCapture, Arc<SilentBrowser>, CaptureTap) {
    let capture = new_capture();
    let browser = Arc::new(SilentBrowser::default());
    let tap = CaptureTap::start(
        capture.clone(),
        browser.clone(),
        Arc::new(RecordingSink::default()),
        "ROOT".into(),
        false,
    );
    (capture, browser, tap)
}

/// r5 to r8, the jobs that gave way to the full queue in the test below, read `saturated`.
fn assert_r5_to_r8_saturated(c: &Capture) {
    for i in 5..=8 {
        assert_eq!(
            c.request(&format!("r{i}")).map(|r| r.response_body.reason),
            Some(Some(BodyReason::Saturated)),
            "r{i}"
        );
    }
}

#[tokio::test(start_paused = true)]
async fn the_body_pool_runs_four_queues_thirty_two_and_the_oldest_queued_give_way() {
    let (capture, browser, tap) = capture_on_a_silent_browser();
    let started = tokio::time::Instant::now();
    for i in 0..40 {
        finished_request(&tap, i);
    }
    wait_for("4 saturated bodies", || {
        capture.lock().counters.bodies_saturated == 4
    })
    .await;
    assert_eq!(
        browser.asked.lock().expect("lock").len(),
        4,
        "only 4 fetches at once"
    );
    assert_eq!(
        browser.unhurried.load(Ordering::Relaxed),
        4,
        "the first reads may wait for the browser's next messages"
    );
    let hurries = browser.hurries.lock().expect("lock").clone();
    assert!(
        !hurries.is_empty(),
        "a backlog hurries the replies of the reads in flight"
    );
    // Each wave of 4 ends at the 2.5 s deadline; 36 jobs need 9 waves.
    wait_for("every body to settle", || {
        let c = capture.lock();
        (1..=40).all(|i| {
            c.request(&format!("r{i}"))
                .is_some_and(|r| r.response_body.state != BodyState::Pending)
        })
    })
    .await;
    // Paused time: the nine waves took nine deadlines, one after another (the waits poll every
    // 5 ms, so the last wave is seen within 5 ms of its end).
    let took = started.elapsed();
    let nine_waves = Duration::from_millis(9 * 2_500);
    assert!(
        took >= nine_waves && took <= nine_waves + Duration::from_millis(10),
        "9 waves of 2.5 s, not {took:?}"
    );
    {
        let c = capture.lock();
        assert_eq!(c.counters.bodies_deadline, 36);
        // A full queue lets its oldest jobs go (r5 to r8 waited longest; their requests are the
        // next to be evicted), not the newest.
        assert_r5_to_r8_saturated(&c);
        assert_eq!(
            c.request("r40").map(|r| r.response_body.reason),
            Some(Some(BodyReason::Deadline))
        );
        assert_eq!(
            c.request("r1").map(|r| r.response_body.reason),
            Some(Some(BodyReason::Deadline))
        );
    }
    // Then the queue is empty: the four that gave way are tried once more, newest first. This
    // browser answers none of them either, so they stay saturated, counted as before.
    let asked = |from: usize| browser.asked.lock().expect("lock")[from..].to_vec();
    // (Request ids count from 0: r5 to r8 are "4" to "7".)
    assert_eq!(
        asked(36),
        ["7", "6", "5", "4"],
        "second tries, newest first"
    );
    let seen = browser.asked.lock().expect("lock").len();
    // A new job does not wait behind a second try: it takes one's slot at once, and the second
    // try waits again for the queue to empty.
    let sent = tokio::time::Instant::now();
    finished_request(&tap, 41);
    wait_for("the new job to start", || {
        browser.asked.lock().expect("lock").len() > seen
    })
    .await;
    assert_eq!(asked(seen), ["41"]);
    assert!(
        sent.elapsed() < Duration::from_millis(100),
        "started at once (paused time), not after a second try's deadline: {:?}",
        sent.elapsed()
    );
    wait_for("every second try to end", || {
        let c = capture.lock();
        c.counters.bodies_deadline == 37 && browser.asked.lock().expect("lock").len() == seen + 2
    })
    .await;
    wait_for("every body read to end", || {
        browser.ended.load(Ordering::Relaxed) == browser.asked.lock().expect("lock").len()
    })
    .await;
    {
        let c = capture.lock();
        assert_r5_to_r8_saturated(&c);
        assert_eq!(
            (c.counters.bodies_saturated, c.counters.bodies_refetched),
            (4, 0),
            "a failed second try leaves the body saturated"
        );
        assert_eq!(
            browser.asked.lock().expect("lock").len(),
            seen + 2,
            "each body that gave way is tried once more, the one put back again: {:?}",
            asked(36)
        );
    }
    tap.stop(StopReason::Stopped).await;
}

#[tokio::test(start_paused = true)]
async fn the_body_pool_hurries_its_replies_once_eight_jobs_queue() {
    let (capture, browser, tap) = capture_on_a_silent_browser();
    // 4 running and 8 queued: the twelfth job makes the backlog worth waking the daemon for,
    // and only it (hurrying at 7 queued would also hurry at the eleventh).
    for i in 0..12 {
        finished_request(&tap, i);
    }
    wait_for("a hurry", || {
        !browser.hurries.lock().expect("lock").is_empty()
    })
    .await;
    assert_eq!(
        browser.hurries.lock().expect("lock").as_slice(),
        [4],
        "one hurry, at the eighth queued job, for the four reads in flight"
    );
    assert_eq!(browser.unhurried.load(Ordering::Relaxed), 4);
    assert_eq!(
        capture.lock().counters.bodies_saturated,
        0,
        "hurrying loses nothing: 4 running and 8 queued fit"
    );
}

#[tokio::test(start_paused = true)]
async fn checkpoints_are_immediate_at_start_and_stop_and_at_most_every_two_seconds() {
    let sink = Arc::new(RecordingSink::default());
    let started = tokio::time::Instant::now();
    let (capture, tap) = capture_saving_to(&sink);
    wait_for("the start checkpoint", || {
        sink.saves.lock().expect("lock").len() == 1
    })
    .await;
    // A burst of changes within the first second.
    for i in 0..20 {
        tap.forward(log_line(i));
    }
    wait_for("the throttled checkpoint", || {
        sink.saves.lock().expect("lock").len() == 2
    })
    .await;
    let info = tap.stop(StopReason::Stopped).await.expect("stopped");
    assert_eq!(info.state, CaptureState::Stopped);
    let saves = sink.saves.lock().expect("lock").clone();
    assert_eq!(
        saves.len(),
        3,
        "start, one throttled save for the burst, stop: {saves:?}"
    );
    let offsets: Vec<Duration> = saves
        .iter()
        .map(|(at, _)| at.duration_since(started))
        .collect();
    assert_eq!(offsets[0], Duration::ZERO);
    assert!(
        offsets[1] >= Duration::from_secs(2),
        "throttled to one per 2 s: {offsets:?}"
    );
    assert_eq!(
        saves[2].1,
        CaptureState::Stopped,
        "the stop save carries the final state"
    );
    assert_eq!(capture.lock().history.checkpoints, 3);
}

#[tokio::test(start_paused = true)]
async fn a_busy_browser_spaces_checkpoints_fifty_times_a_save_and_stop_still_saves_at_once() {
    let sink = Arc::new(RecordingSink {
        takes: Duration::from_millis(120),
        ..RecordingSink::default()
    });
    let started = tokio::time::Instant::now();
    let (capture, tap) = capture_saving_to(&sink);
    // The capture changes every half second for 20 s (of paused time: the ticks pace the
    // input, they wait for nothing).
    let mut every = tokio::time::interval(Duration::from_millis(500));
    for i in 0..40 {
        every.tick().await;
        tap.forward(log_line(i));
    }
    assert_eq!(
        capture.lock().history.spacing_ms,
        Some(6_000),
        "50 × 120 ms"
    );
    let stopping = tokio::time::Instant::now();
    tap.stop(StopReason::Stopped).await.expect("stopped");
    let saves = sink.saves.lock().expect("lock").clone();
    let offsets: Vec<Duration> = saves
        .iter()
        .map(|(at, _)| at.duration_since(started))
        .collect();
    assert!(
        saves.len() >= 4,
        "start, some spaced saves, stop: {offsets:?}"
    );
    assert_eq!(
        offsets[1],
        Duration::from_secs(2),
        "the start's save does not space the first throttled one: {offsets:?}"
    );
    let (throttled, stop) = offsets[1..].split_at(offsets.len() - 2);
    for pair in throttled.windows(2) {
        assert!(
            pair[1] - pair[0] >= Duration::from_secs(6),
            "spaced 6 s apart while every save takes 120 ms: {offsets:?}"
        );
    }
    // At once: not spaced, only after a save already in flight.
    let stop_waited = stop[0] - stopping.duration_since(started);
    assert!(
        stop_waited <= Duration::from_millis(120),
        "the stop saves at once: {offsets:?}"
    );
    assert_eq!(saves.last().map(|s| s.1), Some(CaptureState::Stopped));
    assert_eq!(
        capture.lock().history.spacing_ms,
        None,
        "a stopped record is spaced no more"
    );
}

#[tokio::test]
async fn a_panic_in_any_capture_actor_keeps_the_evidence_as_interrupted() {
    for kind in [
        ActorKind::Tab,
        ActorKind::Target,
        ActorKind::BodyPool,
        ActorKind::Checkpoint,
        ActorKind::Observer,
    ] {
        let capture = new_capture();
        let sink = Arc::new(RecordingSink::default());
        let tap = CaptureTap::start(
            capture.clone(),
            Arc::new(SilentBrowser::default()),
            sink.clone(),
            "ROOT".into(),
            false,
        );
        finished_request(&tap, 1);
        wait_for("the request", || capture.lock().request("r1").is_some()).await;
        tap.fault(kind);
        tokio::time::timeout(Duration::from_secs(10), tap.stopped())
            .await
            .expect("the capture ends after the panic");
        {
            let c = capture.lock();
            let info = c.run_info();
            assert_eq!(info.state, CaptureState::Interrupted, "{kind:?}");
            assert_eq!(
                info.stop_reason,
                Some(StopReason::ActorPanicked {
                    actor: kind.name().into()
                }),
                "{kind:?}"
            );
            let r1 = c.request("r1").expect("evidence survives the actor");
            assert_eq!(
                r1.response_body.state,
                BodyState::Unavailable,
                "{kind:?}: a pending body is not claimed done"
            );
            assert_eq!(r1.response_body.reason, Some(BodyReason::CaptureStopped));
        }
        // The final record reaches history whichever actor died, the writer included.
        wait_for("the final checkpoint", || {
            sink.saves.lock().expect("lock").last().map(|s| s.1) == Some(CaptureState::Interrupted)
        })
        .await;
    }
}

#[tokio::test]
async fn iframe_targets_are_bounded_at_once_and_a_detached_one_frees_its_place() {
    let tap = CaptureTap::start(
        new_capture(),
        Arc::new(SilentBrowser::default()),
        Arc::new(RecordingSink::default()),
        "ROOT".into(),
        false,
    );
    for n in 0..16 {
        assert!(
            tap.admit_iframe(&format!("F{n}")),
            "iframe {n} of 16 is admitted"
        );
    }
    assert!(!tap.admit_iframe("F16"), "a 17th attached at once is not");
    tap.target_detached("F3".into());
    assert!(tap.admit_iframe("F16"), "a detached iframe frees its place");
    assert!(!tap.admit_iframe("F17"));
    tap.stop(StopReason::Stopped).await;
}

#[tokio::test]
async fn worker_targets_have_their_own_bound_and_leave_the_iframes_theirs() {
    let tap = CaptureTap::start(
        new_capture(),
        Arc::new(SilentBrowser::default()),
        Arc::new(RecordingSink::default()),
        "ROOT".into(),
        true,
    );
    assert!(tap.records_workers());
    for n in 0..8 {
        assert!(
            tap.admit_worker(&format!("W{n}")),
            "worker {n} of 8 is admitted"
        );
    }
    assert!(!tap.admit_worker("W8"), "a 9th attached at once is not");
    for n in 0..16 {
        assert!(tap.admit_iframe(&format!("F{n}")), "iframes keep their 16");
    }
    tap.target_detached("W2".into());
    assert!(tap.admit_worker("W8"), "a detached worker frees its place");
    assert!(!tap.admit_worker("W9"));
    tap.stop(StopReason::Stopped).await;
}

/// The connection's reader hands params over unparsed: params that do not read as JSON are
/// counted as dropped events by the capture, never recorded as empty ones.
#[tokio::test]
async fn events_whose_params_do_not_read_are_counted_as_dropped() {
    let (capture, _, tap) = capture_on_a_silent_browser();
    let unreadable = |method: &str| {
        Event::from_text(
            "ROOT",
            method,
            Params::from_text(r#"{"type":"log","args":[{"#),
        )
    };
    tap.forward(unreadable("Runtime.consoleAPICalled"));
    tap.forward(unreadable("Network.requestWillBeSent"));
    // Not one the capture records: not read, so not counted.
    tap.forward(unreadable("Runtime.executionContextCreated"));
    tap.forward(event(
        "Runtime.consoleAPICalled",
        json!({ "type": "log", "args": [{ "type": "string", "value": "readable" }], "timestamp": 1.0 }),
    ));
    wait_for("the readable console entry", || {
        capture.lock().counters.console_seen == 1
    })
    .await;
    let counters = capture.lock().counters.clone();
    assert_eq!(counters.events_dropped, 2, "{counters:?}");
    assert_eq!(counters.requests_seen, 0);
    tap.stop(StopReason::Stopped).await;
}

/// Lets the actors handle what they were told, without letting paused time move on (the runtime
/// advances paused time only when every task waits on a timer).
async fn handled() {
    for _ in 0..200 {
        tokio::task::yield_now().await;
    }
}

/// Continuous typing into one field is one manual operation, running until 350 ms pass without
/// input (spec I11): each keystroke restarts the wait, and it completes at 350 ms, not 349.
#[tokio::test(start_paused = true)]
async fn typing_is_one_operation_until_350_ms_pass_without_input() {
    use bsk_schema::capture::{OperationSource, OperationState};
    let (capture, _browser, tap) = capture_on_a_silent_browser();
    let typed = |value: &str| {
        let report = json!({
            "kind": "input",
            "at": 1_000,
            "field": { "name": "city", "kind": "text", "value": value },
        });
        event(
            "Runtime.bindingCalled",
            json!({
                "name": bsk_actors::capture::observer::BINDING,
                "payload": report.to_string(),
                "executionContextId": 1,
            }),
        )
    };
    let typing = || {
        let c = capture.lock();
        let manual: Vec<_> = c
            .operations()
            .filter(|o| o.source == OperationSource::Manual)
            .map(|o| (o.state, o.params["value"].clone()))
            .collect();
        manual
    };
    let step = Duration::from_millis(300);
    tap.forward(typed("P"));
    handled().await;
    assert_eq!(typing(), [(OperationState::Running, json!("P"))]);
    for value in ["Pa", "Par", "Pari", "Paris"] {
        tokio::time::advance(step).await;
        handled().await;
        tap.forward(typed(value));
        handled().await;
        assert_eq!(
            typing(),
            [(OperationState::Running, json!(value))],
            "one operation while keystrokes come within 350 ms"
        );
    }
    tokio::time::advance(Duration::from_millis(349)).await;
    handled().await;
    assert_eq!(
        typing(),
        [(OperationState::Running, json!("Paris"))],
        "still running 349 ms after the last keystroke"
    );
    tokio::time::advance(Duration::from_millis(1)).await;
    handled().await;
    assert_eq!(
        typing(),
        [(OperationState::Completed, json!("Paris"))],
        "complete 350 ms after the last keystroke"
    );
}
