//! Follow-up page observations are "coalesced at 700 ms": the observer reports a burst of page
//! changes once, 700 ms after its first change. Checked on the page observer itself, in the
//! browser, with its clock replaced: the observer's world gets a `setTimeout` that only records
//! what it was asked, which the test then fires; no assertion depends on how long anything took.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::evidence::debug;
use crate::common::manual::Manual;
use crate::common::page::serve;
use crate::common::{TestBsk, WAIT};

/// "Follow-up page observations are coalesced at 700 ms".
const COALESCE_MS: u64 = 700;

/// Replaces the observer world's timers with a list the test reads and fires, and records the
/// kinds of the reports the observer sends through its binding.
const FAKE_CLOCK: &str = r#"(() => {
  const timers = [];
  globalThis.__timers = timers;
  globalThis.setTimeout = (fn, ms) => { timers.push({ fn, ms }); return timers.length; };
  globalThis.clearTimeout = () => {};
  const sent = [];
  globalThis.__sent = sent;
  const binding = globalThis.__bskObserverEvent;
  globalThis.__bskObserverEvent = (message) => { sent.push(JSON.parse(message).kind); return binding(message); };
  return true;
})()"#;

/// Fires the first pending timer, as the clock would when its delay has passed.
const FIRE: &str = "(() => { const timer = __timers.shift(); timer.fn(); return true; })()";

/// What the observer has asked of the clock and said so far: pending delays and `changed`
/// reports.
const STATE: &str =
    "({ pending: __timers.map(t => t.ms), changed: __sent.filter(k => k === 'changed').length })";

/// The observer's world in the current document: the isolated world named "bsk-observer" that
/// holds the observer.
async fn observer_world(person: &mut Manual) -> i64 {
    for (name, context) in person.world_names().await {
        if name == "bsk-observer"
            && person
                .eval_in(context, "typeof globalThis.__bskObserver")
                .await
                == "object"
        {
            return context;
        }
    }
    panic!("no observer world in the page");
}

/// One change of the page, in a task of its own (as a person's input or a script's timer makes
/// it), from the page's own world.
async fn change_page(person: &mut Manual, n: usize) {
    let expression = format!(
        "document.body.append(Object.assign(document.createElement('p'), {{ textContent: 'change {n}' }})), true"
    );
    person
        .call("Runtime.evaluate", json!({ "expression": expression }))
        .await;
}

/// Waits until the observer's state (see [`STATE`]) is `expected`: mutation callbacks run just
/// after the change that caused them.
async fn wait_for_state(person: &mut Manual, world: i64, expected: Value) {
    let deadline = Instant::now() + WAIT;
    loop {
        let state = person.eval_in(world, STATE).await;
        if state == expected {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "the observer's timers and reports are {state}, not {expected}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_burst_of_page_changes_is_reported_once_after_700_ms() {
    let page = serve(
        "<!doctype html><title>Quiet</title><h1>A page that never changes itself</h1>".to_string(),
    )
    .await;
    let bsk = TestBsk::with_devtools_port("ops-coalesce").await;
    let s = bsk.start_session().await;
    debug(&s, &["start"]).await;
    s.load(&page).await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    let world = observer_world(&mut person).await;
    assert_eq!(person.eval_in(world, FAKE_CLOCK).await, true);
    wait_for_state(&mut person, world, json!({ "pending": [], "changed": 0 })).await;

    // Five changes, each in a task of its own: one report is due, 700 ms after the first.
    for n in 0..5 {
        change_page(&mut person, n).await;
        wait_for_state(
            &mut person,
            world,
            json!({ "pending": [COALESCE_MS], "changed": 0 }),
        )
        .await;
    }
    // Its time comes: one report for the five.
    person.eval_in(world, FIRE).await;
    wait_for_state(&mut person, world, json!({ "pending": [], "changed": 1 })).await;

    // The next burst is reported again, once.
    for n in 5..8 {
        change_page(&mut person, n).await;
        wait_for_state(
            &mut person,
            world,
            json!({ "pending": [COALESCE_MS], "changed": 1 }),
        )
        .await;
    }
    person.eval_in(world, FIRE).await;
    wait_for_state(&mut person, world, json!({ "pending": [], "changed": 2 })).await;
}
