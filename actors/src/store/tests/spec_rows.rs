//! The contract's bounds and body states that are pure store rules, each checked at its number:
//! 64 operations, 4 Ki characters per header set, oversized structured bodies, `not_in_event`
//! and a missing browser buffer, and text differences that need both page states.

use bsk_schema::capture::{BodyReason, BodyState, FieldSnapshot, OperationSource, PageObservation};
use serde_json::json;

use super::{OnTab, capture, finish};
use crate::store::Capture;
use crate::store::retain_text;

/// "Requests / operations / console entries: 200 / 64 / 100 per capture".
#[test]
fn sixty_four_operations_are_kept_and_older_ones_evicted_and_counted() {
    let mut c = capture();
    for n in 0..70u64 {
        let id = c.operation_started(OperationSource::Agent, "click", json!({}), 2_000 + n);
        c.operation_ended(&id, Ok("clicked".into()), 2_000 + n);
    }
    let kept: Vec<String> = c.operations().map(|o| o.id.clone()).collect();
    assert_eq!(kept.len(), 64);
    assert_eq!(
        (
            kept.first().map(String::as_str),
            kept.last().map(String::as_str)
        ),
        (Some("o7"), Some("o70")),
        "the oldest six gave way"
    );
    assert_eq!(c.counters.operations_evicted, 6);
}

/// "Header retention: 4 Ki characters per header set".
#[test]
fn a_header_set_keeps_four_ki_characters_and_counts_what_it_dropped() {
    let mut c = capture();
    // Ten headers of 1,000 characters each (name + value): four fit in 4,096, six do not.
    let headers: serde_json::Map<String, serde_json::Value> = (0..10)
        .map(|n| (format!("x-h{n}"), json!("v".repeat(1_000 - 4))))
        .collect();
    let params = json!({ "requestId": "1", "type": "Fetch", "wallTime": 1.0,
        "request": { "url": "http://a/h", "method": "GET", "headers": headers } });
    c.on_tab("Network.requestWillBeSent", &params, 1_000);
    let kept = &c.request("r1").expect("r1").request_headers;
    let chars: usize = kept
        .entries
        .iter()
        .map(|(n, v)| n.chars().count() + v.chars().count())
        .sum();
    assert_eq!((kept.entries.len(), kept.dropped), (4, 6), "{kept:?}");
    assert!(chars <= 4 * 1024, "{chars} characters kept");
}

/// "Binary bodies, multipart content, oversized structured bodies … are explicit": a JSON or form
/// body past four times the body bound is omitted, with its size, rather than parsed.
#[test]
fn an_oversized_structured_body_is_omitted_with_its_size_not_parsed() {
    let just = format!("{{\"a\":\"{}\"}}", "x".repeat(4 * 64 * 1024 - 8));
    assert_eq!(just.len(), 4 * 64 * 1024);
    let kept = retain_text(&just, "application/json");
    assert_eq!(
        (kept.state, kept.reason),
        (BodyState::Truncated, Some(BodyReason::BodyLimit)),
        "at the bound it is parsed and cut"
    );
    let over = format!("{just} ");
    for mime in ["application/json", "application/x-www-form-urlencoded"] {
        let body = retain_text(&over, mime);
        assert_eq!(
            (body.state, body.reason, body.original_units, body.text),
            (
                BodyState::Omitted,
                Some(BodyReason::OversizedStructured),
                Some(over.len()),
                None
            ),
            "{mime}"
        );
    }
    // Plain text of the same size is no structured body: cut, not omitted.
    let text = retain_text(&over, "text/plain");
    assert_eq!(text.state, BodyState::Truncated);
}

/// "Missing browser buffers are explicit; missing POST data in the event is not_in_event."
#[test]
fn post_data_missing_from_the_event_is_not_in_event_and_a_missing_buffer_is_unavailable() {
    let mut c = capture();
    let params = json!({ "requestId": "1", "type": "Fetch", "wallTime": 1.0,
        "request": { "url": "http://a/upload", "method": "POST", "hasPostData": true,
            "headers": { "Content-Type": "text/plain" } } });
    let jobs = c.on_tab("Network.requestWillBeSent", &params, 1_000);
    assert_eq!(jobs.len(), 1, "the body the event left out is asked for");
    c.apply_body(
        &jobs[0],
        crate::store::BodyOutcome::Failed(BodyReason::MissingBrowserBuffer),
    );
    let request = c.request("r1").expect("r1").request_body.clone();
    assert_eq!(
        (request.state, request.reason),
        (
            BodyState::NotInEvent,
            Some(BodyReason::MissingBrowserBuffer)
        )
    );
    // The browser no longer holds the response's bytes: unavailable, and says why.
    let jobs = finish(&mut c, "1", 200, "text/plain", 1_100);
    c.apply_body(
        &jobs[0],
        crate::store::BodyOutcome::Failed(BodyReason::MissingBrowserBuffer),
    );
    let response = c.request("r1").expect("r1").response_body.clone();
    assert_eq!(
        (response.state, response.reason),
        (
            BodyState::Unavailable,
            Some(BodyReason::MissingBrowserBuffer)
        )
    );
}

fn seen(at: u64, text: &str) -> PageObservation {
    PageObservation {
        title: None,
        at,
        url: "http://a/".into(),
        text: text.into(),
        text_truncated: false,
        text_source: "dom".into(),
        fields: Vec::new(),
        candidates_scanned: 0,
        candidates_over_limit: false,
        unidentified: 0,
        fields_over_limit: 0,
    }
}

fn text_change_of(c: &Capture, id: &str) -> Option<bsk_schema::debug::TextChange> {
    let index = c
        .operations()
        .position(|o| o.id == id)
        .expect("the operation");
    c.text_change(index)
}

/// "Text differences require both recorded page states."
#[test]
fn a_text_difference_needs_the_page_before_and_after() {
    let mut c = capture();
    // No page state before the operation: no difference, however the page looks after it.
    let first = c.operation_started(OperationSource::Agent, "click", json!({}), 2_000);
    c.operation_ended(&first, Ok("clicked".into()), 2_050);
    c.operation_observed(&first, seen(2_100, "Saved"));
    assert!(text_change_of(&c, &first).is_none());

    // A state before (the first operation's), none after: still none.
    let second = c.operation_started(OperationSource::Agent, "click", json!({}), 3_000);
    c.operation_ended(&second, Ok("clicked".into()), 3_050);
    assert!(text_change_of(&c, &second).is_none());

    // Both recorded: the lines added and removed.
    c.operation_observed(&second, seen(3_100, "Saved\nDone"));
    let change = text_change_of(&c, &second).expect("both states recorded");
    assert_eq!(
        (change.added, change.removed),
        (vec!["Done".to_string()], vec![])
    );
}

/// "Field values are capped at 256 characters"; "Captured page text is bounded to 6000
/// characters": bsk bounds what the observer sent, whatever the observer did.
#[test]
fn observed_values_and_page_text_are_bounded_again_on_retention() {
    let mut observation = seen(1_000, &"t".repeat(6_500));
    observation.fields = vec![FieldSnapshot {
        name: "note".into(),
        form: None,
        kind: "textarea".into(),
        value: Some("v".repeat(300)),
        omitted: false,
        truncated: false,
    }];
    let kept = crate::store::observations::sanitize(observation);
    assert_eq!(
        (kept.text.chars().count(), kept.text_truncated),
        (6_000, true)
    );
    let note = &kept.fields[0];
    assert_eq!(
        (
            note.value.as_deref().map(|v| v.chars().count()),
            note.truncated
        ),
        (Some(256), true)
    );
}
