//! What an action gives back: the operation it was recorded as, whether the page settled, what
//! it caused (requests, console errors) — so an agent needs no observe-and-retry loop or second
//! call — and waits that mean what the agent means (`--new`, `--within`). Also: page-text
//! changes land on the operation that caused them at agent pace, and `observe` shows names as a
//! person reads them.
//!
//! The scenario page (`/steps`) renders each button's outcome only after its request answered,
//! as single-page apps do; `?ms=` sets how long the server takes.

use std::time::Duration;

use bsk_load_tests::site::Site;
use serde_json::Value;

use crate::button;
use crate::common::{Checked, Session, TestBsk, WAIT, site, wait_for};

/// The operation's immediate window: settling never waits past it.
const IMMEDIATE_WINDOW_MS: u64 = 1_500;

/// How far apart an agent's operations come at agent pace (the issue measured 200–650 ms).
const AGENT_PACE: Duration = Duration::from_millis(200);

/// A session with a capture, on `/steps?ms=<ms>`, and the page's snapshot.
async fn on_steps<'a>(bsk: &'a TestBsk, site: &Site, ms: u64) -> (Session<'a>, String) {
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;
    s.op(&["navigate", &site.url(&format!("/steps?ms={ms}"))])
        .await;
    let snapshot = s.observe().await;
    (s, snapshot)
}

fn caused_requests(result: &Value) -> Vec<Value> {
    result["caused"]["requests"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn an_action_returns_settled_naming_its_operation_and_what_it_caused() {
    let site = site().await;
    let bsk = TestBsk::new("actions-settle");
    let (s, snapshot) = on_steps(&bsk, &site, 400).await;

    let clicked = s.op(&["click", &button(&snapshot, "Load report")]).await;
    // Settled: the request the click started answered and the page stopped changing, so the
    // page the agent sees next is the one the click produced.
    assert_eq!(clicked["settle"]["settled"], true, "{clicked}");
    let waited = clicked["settle"]["waited_ms"].as_u64().unwrap_or_default();
    assert!(
        (300..=IMMEDIATE_WINDOW_MS + 300).contains(&waited),
        "waited {waited} ms for a 400 ms request: {clicked}"
    );
    assert_eq!(
        s.eval("document.getElementById('panel').textContent").await,
        "Report ready"
    );
    // The result names its operation, short and qualified, and what it caused.
    let operation = clicked["operation"]["id"].as_str().unwrap_or_default();
    assert!(operation.starts_with('o'), "{clicked}");
    let qualified = clicked["operation"]["qualified"]
        .as_str()
        .unwrap_or_default();
    assert!(
        qualified.starts_with("run-") && qualified.ends_with(&format!("/{operation}")),
        "{clicked}"
    );
    let caused = caused_requests(&clicked);
    assert_eq!(caused.len(), 1, "{clicked}");
    assert_eq!(caused[0]["method"], "GET");
    assert_eq!(
        caused[0]["url"], "/slow?ms=400",
        "a path on the page's origin"
    );
    assert_eq!(
        caused[0]["status"], 200,
        "answered before the result: {clicked}"
    );
    // The same brief is what `debug operations --caused` shows for that operation.
    let listed = s.op(&["debug", "operations", "--caused"]).await;
    let item = listed["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["id"] == operation)
        .cloned()
        .unwrap_or_else(|| panic!("{operation} not listed: {listed}"));
    assert_eq!(item["caused"]["requests"][0]["id"], caused[0]["id"]);

    // A failing request and the console error it logs are in the result too.
    let broke = s.op(&["click", &button(&snapshot, "Break it")]).await;
    let failing = caused_requests(&broke);
    assert!(
        failing
            .iter()
            .any(|r| r["url"] == "/status/500" && r["status"] == 500),
        "{broke}"
    );
    let console = broke["caused"]["console"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        console.iter().any(|c| c["level"] == "error"
            && c["text"]
                .as_str()
                .is_some_and(|t| t.contains("save failed"))),
        "{broke}"
    );
    // Text output keeps every id, and says it settled.
    let text = s
        .run(&["click", &button(&snapshot, "Load report")])
        .await
        .success()
        .stdout;
    assert!(
        text.contains("operation o") && text.contains("settled after"),
        "{text}"
    );
    assert!(text.contains("GET /slow?ms=400 → 200"), "{text}");
}

#[tokio::test(flavor = "multi_thread")]
async fn settling_is_bounded_by_the_window_and_can_be_turned_off() {
    let site = site().await;
    let bsk = TestBsk::new("actions-bounded");
    // The request takes 4 s: longer than the immediate window.
    let (s, snapshot) = on_steps(&bsk, &site, 4_000).await;
    let load = button(&snapshot, "Load report");
    let clicked = s.op(&["click", &load]).await;
    assert_eq!(clicked["settle"]["settled"], false, "{clicked}");
    assert_eq!(clicked["settle"]["requests_in_flight"], 1, "{clicked}");
    let waited = clicked["settle"]["waited_ms"].as_u64().unwrap_or_default();
    assert!(
        (IMMEDIATE_WINDOW_MS..IMMEDIATE_WINDOW_MS + 1_000).contains(&waited),
        "waited {waited} ms: {clicked}"
    );
    assert_eq!(caused_requests(&clicked)[0]["pending"], true, "{clicked}");
    // --no-settle: the result comes once the input is dispatched, with no settle report.
    let quick = s.op(&["click", &load, "--no-settle"]).await;
    assert!(quick.get("settle").is_none(), "{quick}");
    assert!(
        quick["operation"]["id"].is_string(),
        "still recorded: {quick}"
    );
}

/// The spec: stopping a capture does not disable CDP domains that other tools share. Settling
/// and `wait --network-idle` need `Network` after the capture stopped as before it started.
#[tokio::test(flavor = "multi_thread")]
async fn a_stopped_capture_leaves_the_network_domain_to_settling_and_waits() {
    let site = site().await;
    let bsk = TestBsk::new("actions-after-stop");
    let (s, snapshot) = on_steps(&bsk, &site, 4_000).await;
    s.run(&["debug", "stop"]).await.success();
    let load = button(&snapshot, "Load report");
    let clicked = s.op(&["click", &load]).await;
    assert!(
        clicked.get("operation").is_none(),
        "no capture runs: {clicked}"
    );
    assert_eq!(
        clicked["settle"]["requests_in_flight"], 1,
        "the request the click started is still seen: {clicked}"
    );
    let waited = s.run(&["wait", "--network-idle", "--timeout", "0.5"]).await;
    assert!(
        waited.stderr.contains("1 requests in flight"),
        "network-idle still sees the request: {waited:#?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn without_a_capture_an_action_says_it_was_not_recorded() {
    let site = site().await;
    let bsk = TestBsk::new("actions-unrecorded");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/steps?ms=100")]).await;
    let snapshot = s.observe().await;
    let clicked = s.op(&["click", &button(&snapshot, "Load report")]).await;
    assert!(clicked.get("operation").is_none(), "{clicked}");
    assert!(
        clicked["operation_not_recorded"]
            .as_str()
            .is_some_and(|why| why.contains("no capture")),
        "{clicked}"
    );
    assert_eq!(
        clicked["settle"]["settled"], true,
        "settling needs no capture: {clicked}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn page_changes_land_on_the_operation_that_caused_them_at_agent_pace() {
    let site = site().await;
    let bsk = TestBsk::new("actions-text");
    let (s, snapshot) = on_steps(&bsk, &site, 150).await;
    // Two clicks 200 ms apart, each answered 150 ms after it: the first one's text renders
    // after its operation-time observation, before the second one starts.
    let a = s
        .op(&["click", &button(&snapshot, "Step A"), "--no-settle"])
        .await;
    tokio::time::sleep(AGENT_PACE).await;
    let b = s
        .op(&["click", &button(&snapshot, "Step B"), "--no-settle"])
        .await;
    s.op(&["wait", "--text", "Step B done"]).await;
    let (a, b) = (
        a["operation"]["id"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        b["operation"]["id"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
    );
    let added = |detail: &Value| -> Vec<String> {
        detail["text_change"]["added"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|l| l.as_str().map(str::to_string))
            .collect()
    };
    let first = s.op(&["debug", "operation", &a]).await;
    assert_eq!(added(&first), ["Step A done"], "{first}");
    // The second one's change shows once a follow-up observed it (coalesced at 700 ms).
    let second = wait_for("the second operation's text change", WAIT, || async {
        let detail = s.op(&["debug", "operation", &b]).await;
        (!added(&detail).is_empty()).then_some(detail)
    })
    .await;
    assert_eq!(added(&second), ["Step B done"], "{second}");
}

/// "Saved" already stands on the page: `wait --new` waits for the one saving adds, and after an
/// action that adds none it runs out (exit 4).
async fn new_saved_only_after_saving(s: &Session<'_>, snapshot: &str) {
    s.op(&["click", &button(snapshot, "Save item"), "--no-settle"])
        .await;
    s.op(&["wait", "--text", "Saved", "--new"]).await;
    assert_eq!(
        s.eval("document.getElementById('result').textContent")
            .await,
        "Saved ✓",
        "the wait returned for the heading's old text"
    );
    // After an action that adds no "Saved", a wait for new "Saved" runs out (exit 4).
    s.op(&["hover", &button(snapshot, "Step A")]).await;
    let refused = s
        .fail(&["wait", "--text", "Saved", "--new", "--timeout", "1"])
        .await;
    assert_eq!(refused["code"], "timeout", "{refused}");
}

/// `--new` counts against the whole page as it was before the action, though only the first
/// 6,000 characters of it cross to the daemon: here every "Saved" stands past them.
#[tokio::test(flavor = "multi_thread")]
async fn waits_for_new_text_on_a_page_longer_than_the_text_bound() {
    let site = site().await;
    let bsk = TestBsk::new("actions-wait-long");
    let (s, snapshot) = on_steps(&bsk, &site, 600).await;
    s.eval(
        "document.body.prepend(Object.assign(document.createElement('pre'), \
         { textContent: 'a line of filler text\\n'.repeat(1000) })); true",
    )
    .await;
    new_saved_only_after_saving(&s, &snapshot).await;
    // The operation's before-state is the page's first 6,000 characters.
    let operations = s.op(&["debug", "operations"]).await;
    let hover = operations["items"]
        .as_array()
        .and_then(|items| items.last())
        .map(|item| item["id"].as_str().unwrap_or_default().to_string())
        .expect("the hover's operation");
    let detail = s.op(&["debug", "operation", &hover]).await;
    let before = detail["operation"]["before_text"]
        .as_str()
        .unwrap_or_default();
    assert_eq!(before.chars().count(), 6000, "{detail}");
    assert!(before.starts_with("a line of filler text"), "{before}");
}

#[tokio::test(flavor = "multi_thread")]
async fn waits_for_new_text_and_within_an_element() {
    let site = site().await;
    let bsk = TestBsk::new("actions-wait");
    let (s, snapshot) = on_steps(&bsk, &site, 600).await;
    // "Saved" already stands in the heading: a plain wait would return at once.
    new_saved_only_after_saving(&s, &snapshot).await;
    // --within reads one element only.
    s.op(&["wait", "--text", "Saved", "--within", "#result"])
        .await;
    let outside = s
        .fail(&[
            "wait",
            "--text",
            "Saved items",
            "--within",
            "#result",
            "--timeout",
            "1",
        ])
        .await;
    assert_eq!(outside["code"], "timeout", "{outside}");
}

#[tokio::test(flavor = "multi_thread")]
async fn observe_shows_names_as_a_person_reads_them() {
    let site = site().await;
    let bsk = TestBsk::new("actions-names");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/steps")]).await;
    let snapshot = s.observe().await;
    assert!(
        snapshot.contains("\"/api/v1/users\""),
        "the zero-width spaces the page put in the path are gone:\n{snapshot}"
    );
    assert!(!snapshot.contains('\u{200B}'), "{snapshot}");

    // A syntax-highlighted body is a span per token: a run of sibling text reads as one line,
    // not a line per token.
    s.eval(
        "document.body.insertAdjacentHTML('beforeend', '<pre id=json>' + \
         ['{', '\"id\"', ':', '7', ',', '\"state\"', ':', '\"pending\"', '}'] \
           .map(t => '<span>' + t + '</span>').join('') + '</pre>'), true",
    )
    .await;
    let snapshot = s.observe().await;
    let token_lines = snapshot
        .lines()
        .filter(|l| l.trim() == "- StaticText \":\"")
        .count();
    assert_eq!(token_lines, 0, "a token on a line of its own:\n{snapshot}");
    assert!(
        snapshot.contains(r#"StaticText "{ \"id\" : 7 , \"state\" : \"pending\" }""#),
        "the tokens on one line:\n{snapshot}"
    );

    // Text in two blocks of their own reads as two lines.
    s.eval(
        "document.body.insertAdjacentHTML('beforeend', '<div>Name</div><div>Ada Lovelace</div>'), true",
    )
    .await;
    let snapshot = s.observe().await;
    assert!(
        snapshot.contains("StaticText \"Name\"\n")
            && snapshot.contains("StaticText \"Ada Lovelace\""),
        "two blocks, two lines:\n{snapshot}"
    );
}

/// A button low in a tall cross-site iframe, in a page that must scroll to show it, both
/// scrolling smoothly: the page above the iframe scrolls after the iframe's own scroll, so a
/// click aimed at once can land where the button was (the page then sees a click on some
/// parent). Every click reaches the button, and the page's own button below its fold: the site
/// sees each one's request.
#[tokio::test(flavor = "multi_thread")]
async fn clicks_reach_a_button_in_a_cross_site_iframe_the_page_must_scroll_to() {
    const CLICKS: usize = 5;
    let site = site().await;
    let bsk = TestBsk::new("iframe-click");
    let s = bsk.start_session().await;
    s.load(&site.url("/tall-frame-host")).await;
    let target = wait_for("the iframe's button in the tree", WAIT, || async {
        let snapshot = s.observe().await;
        let lines = crate::common::snapshot::subtree(&snapshot, "button \"Try it\"");
        (!lines.is_empty()).then(|| crate::common::snapshot::ref_in(&lines, "button \"Try it\""))
    })
    .await;
    for i in 1..=CLICKS {
        // Back to the top, with the button out of view again (the iframe's own scroll is left
        // where the last click put it; the page's is not).
        s.eval("document.documentElement.style.scrollBehavior = 'auto', scrollTo(0, 0), document.documentElement.style.scrollBehavior = '', true").await;
        s.op(&["click", &target]).await;
        let path = format!("/echo?tall-click={i}");
        wait_for(&format!("click {i} to reach the button"), WAIT, || async {
            (site.request_count(&path) == 1).then_some(())
        })
        .await;
    }
    assert_eq!(site.request_count("/echo?tall-click="), CLICKS);
    // The page's own button below its fold, the page scrolling smoothly.
    for i in 1..=CLICKS {
        s.eval("document.documentElement.style.scrollBehavior = 'auto', scrollTo(0, 0), document.documentElement.style.scrollBehavior = '', true").await;
        s.op(&["click", "#below"]).await;
        let path = format!("/echo?below-click={i}");
        wait_for(
            &format!("click {i} to reach the page's button"),
            WAIT,
            || async { (site.request_count(&path) == 1).then_some(()) },
        )
        .await;
    }
}
