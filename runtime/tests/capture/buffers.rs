//! The browser's own response buffers, which every body read draws from: `Network.enable` with
//! the contract's "2 MiB per target, 256 KiB per resource" and durable messages, on the tab and on
//! its iframe targets. Chromium keeps durable bodies per target up to the per-target bound (it
//! applies no per-resource bound to them): a response larger than that is not held, and its body
//! reads as a missing browser buffer, while one under it is read whole; and a body read after
//! the page navigated away is still there.

use serde_json::{Value, json};

use crate::common::evidence::{final_url, part, start_capture};
use crate::common::{Session, TestBsk, site};

/// "Browser response buffers: 2 MiB per target".
const PER_TARGET_KIB: usize = 2 * 1024;

/// `/large?kb=N` is N KiB of JSON: 1.5 MiB is held by a 2 MiB buffer (not by one of 1 MiB, nor
/// by a 256 KiB buffer per resource), 2.5 MiB is too large for it.
const UNDER_KIB: usize = PER_TARGET_KIB * 3 / 4;
const OVER_KIB: usize = PER_TARGET_KIB * 5 / 4;

/// `/large?kb=N`'s length: N items of exactly 1 KiB with their quotes and commas, in `{"items":[…]}`.
fn large_length(kib: usize) -> u64 {
    (kib * 1024 + "{\"items\":[]}".len() - 1) as u64
}

/// Asserts that the browser held `record`'s whole body: the capture read it all (and, a JSON
/// body this large, kept its size rather than its text).
fn held_whole(record: &Value, kib: usize) {
    let body = &record["response_body"];
    assert_eq!(
        (body["state"].clone(), body["reason"].clone()),
        (json!("omitted"), json!("oversized_structured")),
        "{record}"
    );
    assert_eq!(body["original_units"], large_length(kib), "{record}");
}

fn not_held(record: &Value) {
    assert_eq!(
        (record["status"].clone(), record["state"].clone()),
        (json!(200), json!("complete")),
        "the request itself finished: {record}"
    );
    let body = &record["response_body"];
    assert_eq!(
        (body["state"].clone(), body["reason"].clone()),
        (json!("unavailable"), json!("missing_browser_buffer")),
        "{record}"
    );
}

/// Fetches `/large?kb=N` from the page, which reads it whole.
async fn fetch_large(s: &Session<'_>, kib: usize) {
    let length = s
        .eval(&format!(
            "fetch('/large?kb={kib}').then(r => r.text()).then(t => t.length)"
        ))
        .await;
    assert_eq!(
        length,
        large_length(kib),
        "the page's read of /large?kb={kib}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_response_over_the_browsers_buffer_per_target_has_no_body_one_under_it_is_held() {
    let site = site().await;
    let bsk = TestBsk::new("cap-buffers");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &site.url("/post-page")]).await;

    fetch_large(&s, UNDER_KIB).await;
    fetch_large(&s, OVER_KIB).await;
    held_whole(
        &final_url(&s, &site.url(&format!("/large?kb={UNDER_KIB}"))).await,
        UNDER_KIB,
    );
    not_held(&final_url(&s, &site.url(&format!("/large?kb={OVER_KIB}"))).await);

    // Out-of-process iframes whose documents are those bodies: each target has its own buffers.
    // One at a time, each read whole before the next loads, so that two large documents never
    // stream into the same renderer at once (on a loaded machine they could share its memory).
    let frames = [UNDER_KIB, OVER_KIB]
        .map(|kib| site.url_on("b.localhost", &format!("/large?kb={kib}&frame")));
    let mut records = Vec::new();
    for frame in &frames {
        s.eval(&format!(
            "document.body.append(Object.assign(document.createElement('iframe'), {{ src: {} }})), true",
            json!(frame)
        ))
        .await;
        records.push(final_url(&s, frame).await);
    }
    let [under, over] = [&records[0], &records[1]];
    assert_ne!(
        under["target_id"],
        s.tab.as_str(),
        "on the iframe's target: {under}"
    );
    held_whole(under, UNDER_KIB);
    not_held(over);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_read_after_the_page_navigated_away_is_still_held() {
    let site = site().await;
    let mut bsk = TestBsk::new("cap-durable");
    // Every body read waits a second, as a busy browser's would: the page has navigated away
    // by the time the save's body is read.
    bsk.set_env("BSK_TEST_FAULTS", "1");
    bsk.set_env("BSK_TEST_SLOW_BODY_MS", "1000");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &site.url("/post-page")]).await;
    let next = site.url("/redirect/final");
    s.eval(&format!(
        "fetch('/echo?kind=save', {{ method: 'POST', headers: {{ 'content-type': 'application/json' }}, \
         body: JSON.stringify({{ plan: 'pro' }}) }}).then(r => r.text()).then(() => {{ location.href = {}; return true; }})",
        json!(next)
    ))
    .await;
    let page = final_url(&s, &next).await;
    assert_eq!(page["status"], 200, "{page}");
    let save = final_url(&s, &site.url("/echo?kind=save")).await;
    assert_eq!(save["response_body"]["state"], "available", "{save}");
    let sent = part(
        &s,
        save["id"].as_str().unwrap_or_default(),
        "response",
        &["--pointer", "/body"],
    )
    .await;
    assert_eq!(sent["value"], r#"{"plan":"pro"}"#, "{sent}");
}
