//! What the page observer reads of a page, at the contract's numbers: 16 fields of at most 80
//! candidate controls, values of 256 characters, identities never guessed, 6,000 characters of
//! page text or 100 accessible names; and only trusted input. Each page is served by the test.

use serde_json::Value;

use crate::common::evidence::{debug, manual, operations};
use crate::common::manual::{Manual, centre, pass};
use crate::common::page::serve;
use crate::common::{TestBsk, WAIT, wait_for};
use crate::{AGENT_GRACE_MS, last_agent_end};

/// The page-load observation of the latest capture's first page, once the observer read it.
async fn loaded_observation(s: &crate::common::Session<'_>) -> Value {
    wait_for("the page as it loaded", WAIT, || async {
        let pages = debug(s, &["pages"]).await;
        let observation = pages["pages"][0]["observation"].clone();
        observation.is_object().then_some(observation)
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn sixteen_fields_of_eighty_candidates_and_no_identity_guessed() {
    // 20 conventional fields (the first holding 300 characters), then a field with no identity,
    // two with the same name and one whose name is not conventional, then hidden inputs up to
    // 100 controls; and 7,000 characters of text.
    let mut html = String::from("<form id=f>");
    for n in 0..20 {
        let value = if n == 0 {
            "v".repeat(300)
        } else {
            format!("v{n}")
        };
        html.push_str(&format!("<input name=f{n} value='{value}'>"));
    }
    html.push_str("<input value=anon><input name=dup><input name=dup><input name='has space'>");
    for n in 0..76 {
        html.push_str(&format!("<input type=hidden name=h{n}>"));
    }
    html.push_str(&format!("</form><p>{}</p>", "t".repeat(7_000)));
    let url = serve(html).await;

    let bsk = TestBsk::new("observer-bounds");
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;
    s.op(&["navigate", &url]).await;
    let seen = loaded_observation(&s).await;
    let names: Vec<&str> = seen["fields"]
        .as_array()
        .map(|f| f.iter().filter_map(|f| f["name"].as_str()).collect())
        .unwrap_or_default();
    let expected: Vec<String> = (0..16).map(|n| format!("f{n}")).collect();
    assert_eq!(names, expected, "{seen}");
    assert_eq!(seen["fields_over_limit"], 4, "{seen}");
    assert_eq!(
        seen["unidentified"], 4,
        "no identity, a duplicate pair, a custom one: {seen}"
    );
    assert_eq!(
        (&seen["candidates_scanned"], &seen["candidates_over_limit"]),
        (&Value::from(80), &Value::from(true)),
        "{seen}"
    );
    let first = &seen["fields"][0];
    assert_eq!(
        (
            first["value"].as_str().map(|v| v.chars().count()),
            &first["truncated"]
        ),
        (Some(256), &Value::from(true)),
        "{seen}"
    );
    assert_eq!(
        (
            seen["text"].as_str().map(|t| t.chars().count()),
            &seen["text_truncated"]
        ),
        (Some(6_000), &Value::from(true))
    );
    // Capture began before the page: nothing earlier was missed.
    let runs = debug(&s, &["status"]).await;
    assert_eq!(runs[0]["coverage"]["late_start"], false, "{runs}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_without_text_is_read_as_100_accessible_names() {
    let html: String = (0..150).map(|n| format!("<img alt='name {n}'>")).collect();
    let url = serve(html).await;
    let bsk = TestBsk::new("observer-names");
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;
    s.op(&["navigate", &url]).await;
    let seen = loaded_observation(&s).await;
    assert_eq!(seen["text_source"], "accessibility", "{seen}");
    let lines: Vec<&str> = seen["text"].as_str().unwrap_or_default().lines().collect();
    assert_eq!(lines.len(), 100, "{seen}");
    assert_eq!((lines[0], lines[99]), ("name 0", "name 99"));
}

#[tokio::test(flavor = "multi_thread")]
async fn only_trusted_input_is_recorded_as_manual() {
    // A person's click on #go makes the page click #other, type into #note and dispatch a
    // submit itself: untrusted events, none of them a person's.
    let html = "<form id=f onsubmit='event.preventDefault()'><input name=note id=note>\
        <button type=button id=other>Other</button></form><button id=go>Go</button>\
        <script>document.getElementById('go').addEventListener('click', () => {\
          document.getElementById('other').click();\
          const note = document.getElementById('note'); note.value = 'typed by script';\
          note.dispatchEvent(new Event('input', { bubbles: true }));\
          document.getElementById('f').dispatchEvent(new Event('submit', { bubbles: true })); });</script>"
        .to_string();
    let url = serve(html).await;
    let bsk = TestBsk::with_devtools_port("observer-trusted").await;
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;
    s.op(&["navigate", &url]).await;
    let go = centre(&s, "#go").await;
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    person.click(go).await;
    let recorded = wait_for("the person's click", WAIT, || async {
        let manual = manual(&operations(&s).await);
        (!manual.is_empty()).then_some(manual)
    })
    .await;
    // The page reacted within the click's own handler: its events came before the click was
    // reported back, so a second look finds nothing more.
    assert_eq!(
        s.eval("document.getElementById('note').value").await,
        "typed by script"
    );
    let manual = manual(&operations(&s).await);
    let names: Vec<&str> = manual.iter().filter_map(|o| o["name"].as_str()).collect();
    assert_eq!(names, ["click"], "{manual:#?} (first seen {recorded:#?})");
    assert_eq!(manual[0]["params"]["target"]["id"], "go", "{manual:#?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn every_agent_input_is_an_operation_and_lists_page_30_by_default() {
    let html = "<input id=a><div style='height:3000px'></div><p id=far>far</p>".to_string();
    let url = serve(html).await;
    let bsk = TestBsk::new("agent-ops");
    let s = bsk.start_session().await;
    s.op(&["navigate", &url]).await;
    // Started on a page already loaded: the capture says its load was missed.
    s.op(&["debug", "start"]).await;
    let runs = debug(&s, &["status"]).await;
    assert_eq!(runs[0]["coverage"]["late_start"], true, "{runs}");

    s.op(&["focus", "#a"]).await;
    s.op(&["press", "x", "--target", "#a"]).await;
    s.op(&["blur", "#a"]).await;
    s.op(&["hover", "#a"]).await;
    s.op(&["wheel", "--dy", "100"]).await;
    s.op(&["scroll-to", "#far"]).await;
    s.op(&["evaluate", "1 + 1"]).await;
    let names: Vec<String> = operations(&s)
        .await
        .iter()
        .filter_map(|o| o["name"].as_str().map(str::to_string))
        .collect();
    assert_eq!(
        names,
        [
            "focus",
            "press",
            "blur",
            "hover",
            "wheel",
            "scroll_to",
            "evaluate"
        ]
    );

    for n in 0..30 {
        s.op(&["evaluate", &n.to_string()]).await;
    }
    let page = debug(&s, &["operations"]).await;
    assert_eq!(page["items"].as_array().map(Vec::len), Some(30), "{page}");
    assert!(page["next_since"].is_u64(), "{page}");
}
