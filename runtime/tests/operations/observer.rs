//! The observer's lifecycle: gone from the page after a stop or a panic, typing flushed on stop
//! and left interrupted by a crash.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::evidence::{debug, names, operations, typed};
use crate::common::manual::{Manual, centre, now_ms, pass};
use crate::common::{Session, TestBsk, WAIT, site, wait_for, wait_until};
use crate::{AGENT_GRACE_MS, last_agent_end};

/// How long a negative ("nothing new is recorded") is watched.
const QUIET: Duration = Duration::from_millis(1_500);

/// Types into the focused field without pause and runs `bsk debug <end>` once a manual `type`
/// operation is seen running; the keys keep coming until the command has returned, so the
/// typing is pending when the capture ends.
/// Returns when the command was sent (ms since the Unix epoch).
async fn end_capture_while_typing(s: &Session<'_>, person: &mut Manual, end: &[&str]) -> u64 {
    let done = AtomicBool::new(false);
    let control = async {
        wait_until("manual typing to be recorded as running", WAIT, || async {
            typed(&operations(s).await)
                .iter()
                .any(|o| o["state"] == "running")
        })
        .await;
        let sent = now_ms();
        debug(s, end).await;
        done.store(true, Ordering::SeqCst);
        sent
    };
    let (typed_keys, sent) = tokio::join!(person.type_until('x', &done), control);
    assert!(typed_keys > 1, "typing went on while the capture ended");
    sent
}

/// The isolated worlds named "bsk-observer" in the current document, and what each holds.
pub(crate) async fn observer_worlds(person: &mut Manual) -> Vec<Value> {
    let mut found = Vec::new();
    for (name, context) in person.world_names().await {
        if name == "bsk-observer" {
            let residue = person
                .eval_in(
                    context,
                    "[typeof globalThis.__bskObserver, typeof globalThis.__bskObserverEvent]",
                )
                .await;
            found.push(residue);
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread")]
async fn a_capture_ended_by_a_panic_leaves_no_observer_in_the_page() {
    let site = site().await;
    let mut bsk = TestBsk::with_devtools_port("ops-panic-clean").await;
    bsk.set_env("BSK_TEST_FAULTS", "1");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    s.load(&site.url("/demo")).await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    assert_eq!(
        observer_worlds(&mut person).await,
        [json!(["object", "function"])]
    );
    // The observer itself panics: it still leaves the page on its way out.
    debug(&s, &["fault", "observer"]).await;
    wait_until("the capture to end interrupted", WAIT, || async {
        debug(&s, &["status"])
            .await
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["run_id"] == run["run_id"] && r["state"] == "interrupted")
    })
    .await;
    let deadline = Instant::now() + WAIT;
    loop {
        let worlds = observer_worlds(&mut person).await;
        if worlds.iter().all(|w| w[0] == "undefined") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the observer stayed in the page: {worlds:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Nor does a document loaded afterwards get it.
    s.load(&site.url("/demo")).await;
    let fresh = observer_worlds(&mut person).await;
    assert!(
        fresh
            .iter()
            .all(|w| *w == json!(["undefined", "undefined"])),
        "after the panic a new document gets neither the observer nor its binding: {fresh:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn stop_flushes_typing_and_removes_the_observer_from_the_page() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("ops-stop").await;
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    s.load(&site.url("/demo")).await;
    let name = centre(&s, "#name").await;
    let save = centre(&s, "#save").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    let before = observer_worlds(&mut person).await;
    assert_eq!(
        before,
        [json!(["object", "function"])],
        "while capturing, the observer lives in its own world"
    );
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;
    person.click(name).await;
    let stop_sent = end_capture_while_typing(&s, &mut person, &["stop"]).await;

    let status = debug(&s, &["status"]).await;
    let stopped = status
        .as_array()
        .and_then(|r| r.iter().find(|r| r["run_id"] == run["run_id"]))
        .cloned()
        .unwrap_or_default();
    assert_eq!(stopped["state"], "stopped", "{stopped}");
    let ops = operations(&s).await;
    let typing = typed(&ops);
    let last = typing
        .last()
        .unwrap_or_else(|| panic!("no manual typing: {:?}", names(&ops)));
    assert_eq!(
        last["state"], "completed",
        "stop flushes pending input: {last}"
    );
    assert!(
        last["params"]["value"]
            .as_str()
            .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c == 'x')),
        "{last}"
    );
    let ended = last["ended_at"].as_u64().unwrap_or_default();
    assert!(
        stop_sent <= ended && Some(ended) <= stopped["stopped_at"].as_u64(),
        "completed by the stop (sent at {stop_sent}), not by a debounce: {last} vs {stopped}"
    );
    assert!(
        ops.iter().all(|o| o["state"] == "completed"),
        "{:?}",
        names(&ops)
    );
    let count = ops.len();

    // No trace in the page's own world, and none in the observer's.
    assert_eq!(
        s.eval("Object.keys(window).filter(k => k.toLowerCase().includes('bsk')).length")
            .await,
        0
    );
    assert_eq!(
        s.eval("typeof window.__bskObserverEvent").await,
        "undefined"
    );
    assert_eq!(s.eval("typeof globalThis.__bskObserver").await, "undefined");
    let residue = observer_worlds(&mut person).await;
    assert!(
        residue.iter().all(|w| w[0] == "undefined"),
        "after stop the observer world no longer holds the observer: {residue:?}"
    );

    // Manual input after stop is not recorded.
    person.type_burst("yz").await;
    person.click(save).await;
    let quiet_until = Instant::now() + QUIET;
    while Instant::now() < quiet_until {
        let now = operations(&s).await;
        assert_eq!(now.len(), count, "recorded after stop: {:?}", names(&now));
    }

    // Nor in a document loaded after stop: the new-document script is gone too.
    s.load(&site.url("/demo")).await;
    // Chromium keeps a used isolated world for the frame across documents; it must be empty.
    let fresh = observer_worlds(&mut person).await;
    assert!(
        fresh
            .iter()
            .all(|w| *w == json!(["undefined", "undefined"])),
        "a document loaded after stop gets neither the observer nor the binding: {fresh:?}"
    );
    let name = centre(&s, "#name").await;
    assert_eq!(
        s.eval("typeof window.__bskObserverEvent").await,
        "undefined"
    );
    person.click(name).await;
    person.type_burst("after").await;
    person.call("Page.reload", json!({})).await;
    let quiet_until = Instant::now() + QUIET;
    while Instant::now() < quiet_until {
        let now = operations(&s).await;
        assert_eq!(now.len(), count, "recorded after stop: {:?}", names(&now));
    }
    let pages = debug(&s, &["pages"]).await;
    assert_eq!(
        pages["pages"].as_array().map(Vec::len),
        Some(1),
        "no page load is recorded after stop: {pages}"
    );

    // Last, as it is the finest point: the binding is gone from the world it was added to.
    assert!(
        residue.iter().all(|w| w[1] == "undefined"),
        "after stop the observer world still holds the binding function \
         ([typeof __bskObserver, typeof __bskObserverEvent]): {residue:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_crash_while_typing_leaves_the_typing_interrupted() {
    let site = site().await;
    let mut bsk = TestBsk::with_devtools_port("ops-crash").await;
    bsk.set_env("BSK_TEST_FAULTS", "1");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    s.load(&site.url("/demo")).await;
    let name = centre(&s, "#name").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;
    person.click(name).await;
    let fault_sent = end_capture_while_typing(&s, &mut person, &["fault", "tab"]).await;

    let crashed = wait_for("the capture to be interrupted", WAIT, || async {
        let status = debug(&s, &["status"]).await;
        status
            .as_array()
            .and_then(|r| r.iter().find(|r| r["run_id"] == run["run_id"]))
            .filter(|r| r["state"] != "active")
            .cloned()
    })
    .await;
    assert_eq!(crashed["state"], "interrupted", "{crashed}");
    // Watched for a while: the typing is never claimed complete, not even by a late debounce.
    let quiet_until = Instant::now() + QUIET;
    while Instant::now() < quiet_until {
        let ops = operations(&s).await;
        let typing = typed(&ops);
        let last = typing
            .last()
            .unwrap_or_else(|| panic!("no manual typing: {:?}", names(&ops)));
        assert_eq!(
            last["state"], "interrupted",
            "the fault was sent at {fault_sent}: {last}"
        );
        assert!(last.get("ended_at").is_none(), "{last}");
        assert!(last.get("summary").is_none(), "{last}");
        assert!(
            last["started_at"].as_u64() < Some(fault_sent),
            "the typing was under way when the fault came: {last}"
        );
    }
}
