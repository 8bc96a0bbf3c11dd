//! The observer leaves the page when its tab is released: "the observer, new-document script,
//! binding and timers are removed on stop or task release". A borrowed tab stays open after it
//! is returned, or after its session ends, so what is left in it is there to be seen: the
//! observer's world holds neither the observer nor its binding, and a document loaded afterwards
//! gets neither.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::evidence::{run_info, start_capture};
use crate::common::manual::Manual;
use crate::common::{Session, TestBsk, WAIT, open_user_tab, site, wait_until};
use crate::observer::observer_worlds;

/// A person's tab at `url`, borrowed by `s` and captured, with the observer installed in it;
/// returns the tab, the run and a second CDP client attached to the tab.
async fn captured_borrowed_tab(
    bsk: &TestBsk,
    s: &Session<'_>,
    url: &str,
) -> (String, String, Manual) {
    let tab = open_user_tab(bsk, url).await;
    bsk.json(&["tab", "borrow", &tab, "--session", &s.id]).await;
    let run = start_capture(s, &tab, &["--tab-id", &tab]).await;
    s.load_on(&tab, url).await;
    let mut person = Manual::connect(bsk, &tab).await;
    assert_eq!(
        observer_worlds(&mut person).await,
        [json!(["object", "function"])],
        "while capturing, the observer lives in its own world"
    );
    (tab, run, person)
}

/// Waits until no observer world holds the observer or its binding.
async fn observer_gone(person: &mut Manual, after: &str) {
    let deadline = Instant::now() + WAIT;
    loop {
        let worlds = observer_worlds(person).await;
        if worlds
            .iter()
            .all(|w| *w == json!(["undefined", "undefined"]))
        {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "after {after} the observer stayed in the page \
             ([typeof __bskObserver, typeof __bskObserverEvent] per world): {worlds:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The person loads `url` in the released tab: the new document gets neither the observer nor
/// its binding (the new-document script is gone too), and the page's own world has no trace.
async fn new_document_is_clean(person: &mut Manual, url: &str, after: &str) {
    person.call("Page.navigate", json!({ "url": url })).await;
    let expression = "[location.href, document.readyState, \
         Object.keys(window).filter(k => k.toLowerCase().includes('bsk')).length]";
    let evaluate = json!({ "expression": expression, "returnByValue": true });
    let deadline = Instant::now() + WAIT;
    loop {
        let state: Value =
            person.call("Runtime.evaluate", evaluate.clone()).await["result"]["value"].clone();
        if state[0] == url && state[1] == "complete" {
            assert_eq!(state[2], 0, "after {after}, the page's own world: {state}");
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the person's navigation to {url} did not load: {state}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let fresh = observer_worlds(person).await;
    assert!(
        fresh
            .iter()
            .all(|w| *w == json!(["undefined", "undefined"])),
        "after {after}, a new document gets neither the observer nor its binding: {fresh:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_returned_tab_is_left_without_the_observer() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("ops-returned").await;
    let s = bsk.start_session().await;
    let (tab, run, mut person) = captured_borrowed_tab(&bsk, &s, &site.url("/demo")).await;

    bsk.json(&["tab", "return", &tab, "--session", &s.id]).await;
    let returned = run_info(&s, &run).await;
    assert_eq!(
        returned["stop_reason"],
        json!({"kind": "tab_returned"}),
        "{returned}"
    );
    observer_gone(&mut person, "the tab was returned").await;
    new_document_is_clean(
        &mut person,
        &site.url("/demo?after"),
        "the tab was returned",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_borrowed_tab_outliving_its_session_is_left_without_the_observer() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("ops-ended").await;
    let s = bsk.start_session().await;
    let (tab, _run, mut person) = captured_borrowed_tab(&bsk, &s, &site.url("/demo")).await;

    bsk.json(&["session", "stop", &s.id]).await;
    wait_until("the tab to be the person's again", WAIT, || async {
        let tabs = bsk.json(&["tab", "list"]).await;
        tabs.as_array()
            .into_iter()
            .flatten()
            .any(|t| t["tab_id"] == tab.as_str() && t["session"].is_null())
    })
    .await;
    observer_gone(&mut person, "the session ended").await;
    new_document_is_clean(&mut person, &site.url("/demo?after"), "the session ended").await;
}
