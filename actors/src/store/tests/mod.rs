//! The store driven by recorded-shape CDP events, no browser.

use bsk_schema::capture::{
    BodyReason, BodyState, ConsoleSource, OperationSource, OperationState, PageObservation,
    ProblemKind, RequestState, StopReason,
};
use bsk_schema::debug::{RequestPart, RequestRead};
use serde_json::{Value, json};

use super::*;
use crate::bounds::{MAX_CAPTURE_TEXT_UNITS, MAX_CONSOLE_ENTRIES, MAX_REQUESTS};

mod spec_rows;

/// A capture of tab `TAB`, started at 1,000 ms.
pub(super) fn capture() -> Capture {
    Capture::new(meta())
}

fn meta() -> RunMeta {
    RunMeta {
        run_id: "run1".into(),
        session: "s1".into(),
        task_id: 1,
        name: None,
        tab_id: "TAB".into(),
        started_at: 1_000,
    }
}

/// A load-profile capture of [`capture`]'s tab keeping `max_requests` and `text_budget`.
fn load_capture(max_requests: usize, text_budget: usize) -> Capture {
    let limits = crate::bounds::limits(
        bsk_schema::capture::CaptureProfile::Load,
        max_requests,
        500,
        text_budget,
    );
    Capture::with_limits(meta(), limits)
}

/// A network event of the tab's own target (`TAB`, CDP session `S`), read at `at`.
pub(super) trait OnTab {
    fn on_tab(&mut self, method: &str, params: &Value, at: u64) -> Vec<BodyJob>;
}

impl OnTab for Capture {
    fn on_tab(&mut self, method: &str, params: &Value, at: u64) -> Vec<BodyJob> {
        self.apply_network("TAB", "S", method, &params.to_string(), at)
    }
}

pub(super) fn sent(c: &mut Capture, id: &str, url: &str, at: u64) -> Vec<BodyJob> {
    let params = json!({ "requestId": id, "request": { "url": url, "method": "GET", "headers": {} }, "type": "Fetch", "wallTime": at as f64 / 1000.0 });
    c.on_tab("Network.requestWillBeSent", &params, at)
}

pub(super) fn finish(c: &mut Capture, id: &str, status: u16, mime: &str, at: u64) -> Vec<BodyJob> {
    let response = json!({ "requestId": id, "type": "Fetch", "response": { "url": "x", "status": status, "statusText": "", "headers": { "Content-Type": mime }, "mimeType": mime } });
    c.on_tab("Network.responseReceived", &response, at);
    c.on_tab(
        "Network.loadingFinished",
        &json!({ "requestId": id, "encodedDataLength": 10 }),
        at,
    )
}

#[test]
fn a_request_ends_when_the_browser_says_however_late_the_event_is_read() {
    let mut c = capture();
    // Monotonic 100 s is wall 2.0 s here; every event is read at 9 s.
    let request = |id: &str, url: &str, timestamp: f64, wall: f64| {
        json!({ "requestId": id, "timestamp": timestamp, "wallTime": wall,
            "request": { "url": url, "method": "GET", "headers": {} } })
    };
    let mut redirected = request("3", "http://a/new", 102.125, 4.125);
    redirected["redirectResponse"] =
        json!({ "url": "http://a/old", "status": 302, "statusText": "Found", "headers": {} });
    for (method, params) in [
        (
            "Network.requestWillBeSent",
            request("1", "http://a/ok", 100.0, 2.0),
        ),
        (
            "Network.loadingFinished",
            json!({ "requestId": "1", "timestamp": 100.25 }),
        ),
        (
            "Network.requestWillBeSent",
            request("2", "http://a/down", 100.5, 2.5),
        ),
        (
            "Network.loadingFailed",
            json!({ "requestId": "2", "timestamp": 101.0, "errorText": "net::ERR_FAILED" }),
        ),
        (
            "Network.requestWillBeSent",
            request("3", "http://a/old", 102.0, 4.0),
        ),
        ("Network.requestWillBeSent", redirected),
        // No timestamp: the time it was read.
        ("Network.loadingFinished", json!({ "requestId": "3" })),
    ] {
        c.on_tab(method, &params, 9_000);
    }
    let ends: Vec<(u64, Option<u64>)> = c
        .requests
        .iter()
        .map(|r| (r.started_at, r.ended_at))
        .collect();
    assert_eq!(
        ends,
        vec![
            (2_000, Some(2_250)),
            (2_500, Some(3_000)),
            (4_000, Some(4_125)),
            (4_125, Some(9_000))
        ]
    );
}

#[test]
fn a_preflight_links_to_the_request_it_guards_in_either_order() {
    let preflight = |c: &mut Capture, id: &str, guarded: &str| {
        let params = json!({ "requestId": id, "type": "Preflight", "wallTime": 1.0,
            "request": { "url": "http://b/api", "method": "OPTIONS", "headers": {} },
            "initiator": { "type": "preflight", "url": "http://b/api", "requestId": guarded } });
        c.on_tab("Network.requestWillBeSent", &params, 1_000);
    };
    for preflight_first in [false, true] {
        let mut c = capture();
        if preflight_first {
            preflight(&mut c, "P", "7");
            sent(&mut c, "7", "http://b/api", 1_001);
        } else {
            sent(&mut c, "7", "http://b/api", 1_000);
            preflight(&mut c, "P", "7");
        }
        let (options, put) = if preflight_first {
            ("r1", "r2")
        } else {
            ("r2", "r1")
        };
        let guarded = c.request(put).expect("the guarded request");
        assert_eq!(
            guarded.preflight.as_deref(),
            Some(options),
            "{preflight_first}"
        );
        let check = c.request(options).expect("the preflight");
        assert_eq!(
            check.preflight_for.as_deref(),
            Some(put),
            "{preflight_first}"
        );
        let logical = c.requests_page(None, None, true).expect("page");
        let ids: Vec<&str> = logical.items.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(ids, [put], "one logical request");
        let chain = c.request_chain(put).expect("chain");
        assert_eq!(chain.preflight.map(|p| p.head.id).as_deref(), Some(options));
    }
}

#[test]
fn a_redirect_chain_gets_distinct_ids_linked_by_redirect_from() {
    let mut c = capture();
    sent(&mut c, "1", "http://a/start", 1_000);
    let hop = |c: &mut Capture, url: &str, status: u16| {
        let params = json!({ "requestId": "1", "request": { "url": url, "method": "GET", "headers": {} },
            "redirectResponse": { "status": status, "statusText": "", "headers": { "Location": url } } });
        c.on_tab("Network.requestWillBeSent", &params, 1_100);
    };
    hop(&mut c, "http://a/middle", 302);
    hop(&mut c, "http://a/final", 301);
    let jobs = finish(&mut c, "1", 200, "application/json", 1_200);
    let ids: Vec<(String, Option<String>, Option<u16>)> = c
        .requests
        .iter()
        .map(|r| (r.id.clone(), r.redirect_from.clone(), r.status))
        .collect();
    assert_eq!(
        ids,
        vec![
            ("r1".into(), None, Some(302)),
            ("r2".into(), Some("r1".into()), Some(301)),
            ("r3".into(), Some("r2".into()), Some(200))
        ]
    );
    assert_eq!(
        jobs,
        vec![BodyJob {
            record_id: "r3".into(),
            kind: BodyKind::Response,
            session_id: "S".into(),
            cdp_request_id: "1".into(),
            content_type: "application/json".into(),
            best_effort: false,
            low_priority: false,
        }]
    );
    let metadata = c
        .request_part("r1", RequestPart::Metadata, None, None, None)
        .expect("metadata");
    let RequestRead::Metadata(metadata) = metadata else {
        panic!("metadata, not {metadata:?}")
    };
    assert_eq!(metadata.redirected_to, vec!["r2".to_string(), "r3".into()]);
}

#[test]
fn bodies_are_redacted_bounded_and_read_by_pointer() {
    let mut c = capture();
    sent(&mut c, "1", "http://a/api?token=SECRET1", 1_000);
    let jobs = finish(&mut c, "1", 200, "application/json", 1_100);
    c.apply_body(
        &jobs[0],
        BodyOutcome::Text(r#"{"ok":false,"error":{"code":"E1"},"password":"SECRET2"}"#.into()),
    );
    let record = c.request("r1").expect("r1");
    assert!(!record.url.contains("SECRET1"));
    assert_eq!(record.response_body.state, BodyState::Available);
    assert!(
        !record
            .response_body
            .text
            .as_deref()
            .unwrap_or_default()
            .contains("SECRET2")
    );
    let read = c
        .request_part("r1", RequestPart::Response, None, None, Some("/error/code"))
        .expect("pointer");
    let RequestRead::Body(read) = read else {
        panic!("a body, not {read:?}")
    };
    assert_eq!(read.value, Some(json!("E1")));

    sent(&mut c, "2", "http://a/big", 1_200);
    let jobs = finish(&mut c, "2", 200, "text/plain", 1_300);
    c.apply_body(&jobs[0], BodyOutcome::Text("x".repeat(70_000)));
    let big = c.request("r2").expect("r2");
    assert_eq!(
        (big.response_body.state, big.response_body.units),
        (BodyState::Truncated, 64 * 1024)
    );
    assert_eq!(c.counters.bodies_truncated, 1);
    let error = c
        .request_part("r2", RequestPart::Response, None, None, Some("/x"))
        .expect_err("truncated");
    assert!(error.to_string().contains("complete body"), "{error}");
    let slice = c
        .request_part("r2", RequestPart::Response, Some(0), Some(100), None)
        .expect("slice");
    let RequestRead::Body(slice) = slice else {
        panic!("a body, not {slice:?}")
    };
    assert_eq!(slice.next_offset, Some(100));
}

#[test]
fn a_content_type_is_binary_or_text_whatever_its_case() {
    use crate::store::is_binary_type;
    for text in [
        "",
        "TEXT/html",
        "Application/JSON; charset=UTF-8",
        "image/SVG+xml",
    ] {
        assert!(!is_binary_type(text), "{text} is text");
    }
    for binary in ["IMAGE/PNG", "application/octet-stream", "font/woff2"] {
        assert!(is_binary_type(binary), "{binary} is bytes");
    }
}

#[test]
fn binary_failed_and_stopped_bodies_say_why() {
    let mut c = capture();
    sent(&mut c, "1", "http://a/img", 1_000);
    let jobs = finish(&mut c, "1", 200, "image/png", 1_000);
    assert!(
        jobs.len() == 1 && jobs[0].best_effort,
        "binary bodies are read only to be identified, when the pool has room: {jobs:?}"
    );
    c.apply_body(
        &jobs[0],
        BodyOutcome::Binary(crate::model::binary::facts(b"\x89PNG\r\n\x1a\nrest")),
    );
    let png = c
        .request("r1")
        .map(|r| r.response_body.clone())
        .expect("r1");
    assert_eq!(
        (png.state, png.reason, png.text.is_none()),
        (BodyState::Omitted, Some(BodyReason::Binary), true)
    );
    let facts = png.binary.expect("identified");
    assert_eq!(
        (facts.bytes, facts.sniffed_type.as_deref()),
        (12, Some("image/png"))
    );
    // Without its bytes (a busy pool, an evicted buffer) it stays omitted, unidentified, and
    // counts as no failure.
    sent(&mut c, "9", "http://a/img2", 1_000);
    let jobs = finish(&mut c, "9", 200, "image/gif", 1_000);
    c.apply_body(&jobs[0], BodyOutcome::Failed(BodyReason::Deadline));
    let gif = c
        .request("r2")
        .map(|r| r.response_body.clone())
        .expect("r2");
    assert_eq!(
        (gif.state, gif.reason, gif.binary.is_none()),
        (BodyState::Omitted, Some(BodyReason::Binary), true)
    );
    assert_eq!(c.counters.bodies_deadline, 0);

    // A text body whose read failed inside bsk says so, and is counted where `status` shows it.
    sent(&mut c, "8", "http://a/report", 1_000);
    let jobs = finish(&mut c, "8", 200, "text/plain", 1_000);
    c.apply_body(&jobs[0], BodyOutcome::Failed(BodyReason::ReadFailed));
    let report = c.request("r3").expect("r3").response_body.clone();
    assert_eq!(
        (report.state, report.reason),
        (BodyState::Unavailable, Some(BodyReason::ReadFailed))
    );
    assert_eq!(c.counters.bodies_read_failed, 1);

    sent(&mut c, "2", "http://a/down", 1_000);
    c.on_tab(
        "Network.loadingFailed",
        &json!({ "requestId": "2", "errorText": "net::ERR_CONNECTION_REFUSED" }),
        1_050,
    );
    let failed = c.request("r4").expect("r4");
    assert_eq!(
        (failed.state, failed.failure.as_deref()),
        (RequestState::Failed, Some("net::ERR_CONNECTION_REFUSED"))
    );
    assert_eq!(failed.response_body.reason, Some(BodyReason::RequestFailed));

    sent(&mut c, "3", "http://a/never-ends", 1_000);
    let jobs = finish(&mut c, "4", 200, "text/plain", 1_000);
    assert!(jobs.is_empty(), "an unknown request id changes nothing");
    c.stop(StopReason::Stopped, 2_000);
    let pending = c.request("r5").expect("r5");
    assert_eq!(pending.state, RequestState::Unfinished);
    assert_eq!(
        (pending.response_body.state, pending.response_body.reason),
        (BodyState::Unavailable, Some(BodyReason::CaptureStopped))
    );
    assert_eq!(
        c.run_info().state,
        bsk_schema::capture::CaptureState::Stopped
    );
}

#[test]
fn two_hundred_requests_are_kept_and_evictions_counted() {
    let mut c = capture();
    for i in 0..250 {
        sent(
            &mut c,
            &i.to_string(),
            &format!("http://a/item/{i}"),
            1_000 + i,
        );
        finish(&mut c, &i.to_string(), 200, "image/png", 1_000 + i);
    }
    assert_eq!(c.requests.len(), MAX_REQUESTS);
    assert_eq!(
        (c.counters.requests_seen, c.counters.requests_evicted),
        (250, 50)
    );
    assert_eq!(c.requests.front().map(|r| r.id.as_str()), Some("r51"));
    let page = c.requests_page(None, Some(100), false).expect("page");
    assert!(page.truncated, "evicted evidence is reported");
}

/// The browser's `…ExtraInfo` event for `id` (raw headers), `request` or `response`.
fn extra(c: &mut Capture, kind: &str, id: &str, at: u64) {
    let method = match kind {
        "request" => "Network.requestWillBeSentExtraInfo",
        _ => "Network.responseReceivedExtraInfo",
    };
    let params = json!({ "requestId": id, "headers": { "X-Raw": format!("{kind} {id}") } });
    c.on_tab(method, &params, at);
}

fn raw_headers(c: &Capture, id: &str) -> (bool, bool) {
    let record = c.request(id).expect("retained");
    (
        record.request_headers_raw.is_some(),
        record.response_headers_raw.is_some(),
    )
}

#[test]
fn extra_info_before_its_request_waits_and_late_extra_info_of_an_evicted_one_does_not() {
    let mut c = capture();
    // Raw headers that come before their request are applied when it comes.
    extra(&mut c, "request", "early", 1_000);
    extra(&mut c, "response", "early", 1_000);
    extra(&mut c, "request", "other", 1_000);
    sent(&mut c, "early", "http://a/early", 1_001);
    assert_eq!(raw_headers(&c, "r1"), (true, true));
    finish(&mut c, "early", 200, "text/plain", 1_002);
    sent(&mut c, "other", "http://a/other", 1_002);
    assert_eq!(raw_headers(&c, "r2"), (true, false));

    // A burst larger than the retention evicts requests still in flight; their raw headers
    // come late. They are let go, uncounted (the requests are counted as evicted), and do not
    // push out the raw headers of a request that has not come yet.
    // More of them than may wait at all.
    extra(&mut c, "request", "next", 1_003);
    let late = crate::bounds::pending_extra_info(MAX_REQUESTS) + 100;
    for i in 0..MAX_REQUESTS + late {
        sent(&mut c, &format!("b{i}"), "http://a/burst", 1_003);
    }
    let remembered = c.redactions.remembered();
    for i in 0..late {
        extra(&mut c, "response", &format!("b{i}"), 1_004);
    }
    assert_eq!(
        c.counters.extra_info_dropped, 0,
        "late ones are not lost evidence"
    );
    assert_eq!(
        c.redactions.remembered(),
        remembered,
        "late ones are let go unread: none of their values was redacted"
    );
    sent(&mut c, "next", "http://a/next", 1_005);
    let next = c.requests.back().expect("retained").id.clone();
    assert_eq!(raw_headers(&c, &next), (true, false));

    // Should an evicted request's id come again (a redirect hop), what was let go for it is
    // counted then; what comes after is its own.
    extra(&mut c, "request", "b0", 1_006);
    extra(&mut c, "request", "b0", 1_006);
    sent(&mut c, "b0", "http://a/again", 1_006);
    extra(&mut c, "response", "b0", 1_007);
    let again = c.requests.back().expect("retained").id.clone();
    assert_eq!(raw_headers(&c, &again), (false, true));
    assert_eq!(
        c.counters.extra_info_dropped, 1,
        "its raw request headers (the late response headers above were the evicted hop's)"
    );

    // Past the bound, the oldest raw headers still waiting for their request are dropped and
    // counted.
    for i in 0..crate::bounds::pending_extra_info(MAX_REQUESTS) + 3 {
        extra(&mut c, "request", &format!("never{i}"), 1_008);
    }
    assert_eq!(c.counters.extra_info_dropped, 4);
    sent(&mut c, "never2", "http://a/never2", 1_009);
    let waited = c.requests.back().expect("retained").id.clone();
    assert_eq!(
        raw_headers(&c, &waited),
        (false, false),
        "dropped to make room"
    );
    sent(&mut c, "never3", "http://a/never3", 1_009);
    let waited = c.requests.back().expect("retained").id.clone();
    assert_eq!(raw_headers(&c, &waited), (true, false), "the oldest kept");
}

#[test]
fn a_load_profile_lets_a_thousand_raw_header_sets_wait_for_their_requests() {
    let mut c = load_capture(crate::bounds::LOAD_MAX_REQUESTS, MAX_CAPTURE_TEXT_UNITS);
    // A renderer hundreds of requests behind the network service.
    for i in 0..1_001 {
        extra(&mut c, "request", &i.to_string(), 1_000);
    }
    assert_eq!(c.counters.extra_info_dropped, 1);
    for i in 0..1_001 {
        sent(&mut c, &i.to_string(), "http://a/x", 1_001);
    }
    let with_raw = c
        .requests
        .iter()
        .filter(|r| r.request_headers_raw.is_some())
        .count();
    assert_eq!(with_raw, 1_000);
}

#[test]
fn a_pending_request_keeps_its_place_and_its_eventual_response() {
    let mut c = capture();
    sent(&mut c, "slow", "http://a/slow", 1_000);
    for i in 0..MAX_REQUESTS {
        sent(&mut c, &i.to_string(), "http://a/x", 1_001);
        finish(&mut c, &i.to_string(), 204, "text/plain", 1_001);
    }
    let jobs = finish(&mut c, "slow", 200, "application/json", 20_000);
    assert_eq!(
        jobs.len(),
        1,
        "the slow request is still retained and its body is fetched"
    );
    assert_eq!(c.request("r1").map(|r| r.status), Some(Some(200)));
}

#[test]
fn a_load_profile_capture_keeps_its_limits_and_checkpoints_the_spec_bounded_slice() {
    let mut c = load_capture(2_000, 2 * MAX_CAPTURE_TEXT_UNITS);
    let limits = c.limits();
    for i in 0..3_000u64 {
        let id = i.to_string();
        sent(&mut c, &id, &format!("http://a/item/{i}"), 1_000 + i);
        let jobs = finish(&mut c, &id, 200, "text/plain", 1_000 + i);
        c.apply_body(&jobs[0], BodyOutcome::Text("z".repeat(4 * 1024)));
    }
    for i in 0..700 {
        c.apply_console(
            "TAB",
            "Runtime.consoleAPICalled",
            &json!({ "type": "log", "args": [{ "type": "string", "value": format!("line {i}") }], "timestamp": 1.0 }),
            2_000,
        );
    }
    assert_eq!(c.requests.len(), 2_000);
    assert_eq!(c.counters.requests_evicted, 1_000);
    assert_eq!(c.console.len(), 500);
    assert!(c.text_units() <= limits.text_budget);
    // The oldest retained bodies went first; the newest are all there.
    assert_eq!(
        c.request("r3000").map(|r| r.response_body.state),
        Some(BodyState::Available)
    );
    assert_eq!(
        c.request("r1001").map(|r| r.response_body.state),
        Some(BodyState::Evicted)
    );
    assert_eq!(
        c.summary().requests,
        3_000,
        "the summary counts evicted requests"
    );
    assert_eq!(c.run_info().limits, limits);

    let checkpoint = c.checkpoint(5_000);
    assert_eq!(checkpoint.requests.len(), MAX_REQUESTS);
    assert_eq!(
        checkpoint.requests.last().map(|r| r.id.as_str()),
        Some("r3000")
    );
    assert_eq!(checkpoint.console.len(), MAX_CONSOLE_ENTRIES);
    let units: usize = checkpoint
        .requests
        .iter()
        .map(|r| r.request_body.units + r.response_body.units)
        .sum();
    assert!(units <= MAX_CAPTURE_TEXT_UNITS, "{units}");
    let slice = checkpoint
        .slice
        .expect("a load checkpoint says what it left out");
    assert_eq!(
        (slice.requests_left_out, slice.console_left_out),
        (1_800, 400)
    );
    assert_eq!(checkpoint.summary.map(|s| s.requests), Some(3_000));
    // The export has everything.
    let export = c.export(5_000);
    assert_eq!((export.requests.len(), export.slice), (2_000, None));
}

#[test]
fn the_text_budget_evicts_the_oldest_bodies() {
    let mut c = capture();
    for i in 0..10 {
        sent(&mut c, &i.to_string(), "http://a/t", 1_000);
        let jobs = finish(&mut c, &i.to_string(), 200, "text/plain", 1_000);
        c.apply_body(&jobs[0], BodyOutcome::Text("y".repeat(64 * 1024)));
    }
    assert!(c.text_units() <= MAX_CAPTURE_TEXT_UNITS);
    assert_eq!(c.counters.bodies_evicted, 2);
    assert_eq!(
        c.request("r1")
            .map(|r| (r.response_body.state, r.response_body.reason)),
        Some((BodyState::Evicted, Some(BodyReason::CaptureBudget)))
    );
    assert_eq!(
        c.request("r10").map(|r| r.response_body.state),
        Some(BodyState::Available)
    );
}

/// The spec: `requests` lists all traffic. Static resources, `data:` URLs and extension
/// requests are folded only inside operation windows.
#[test]
fn the_list_of_requests_holds_all_traffic() {
    let mut c = capture();
    sent(&mut c, "1", "http://a/api", 1_000);
    sent(&mut c, "2", "data:image/png;base64,AAAA", 1_000);
    sent(&mut c, "3", "chrome-extension://abc/x.js", 1_000);
    let style = json!({ "requestId": "4", "request": { "url": "http://a/site.css", "method": "GET", "headers": {} }, "type": "Stylesheet", "wallTime": 1.0 });
    c.on_tab("Network.requestWillBeSent", &style, 1_000);
    let page = c.requests_page(None, None, false).expect("page");
    assert_eq!(page.items.len(), 4, "{:?}", page.items);
}

#[test]
fn since_follows_updates_and_an_empty_page_ends() {
    let mut c = capture();
    sent(&mut c, "1", "http://a/1", 1_000);
    sent(&mut c, "2", "http://a/2", 1_000);
    let first = c.requests_page(None, None, false).expect("page");
    assert_eq!(first.items.len(), 2);
    let since = first.next_since;
    assert!(
        c.requests_page(since, None, false)
            .expect("page")
            .items
            .is_empty()
    );
    finish(&mut c, "1", 204, "text/plain", 1_100);
    let again = c.requests_page(since, None, false).expect("page");
    assert_eq!(
        again
            .items
            .iter()
            .map(|r| r.id.as_str())
            .collect::<Vec<_>>(),
        vec!["r1"],
        "the updated record comes again"
    );
    assert!(c.requests_page(None, Some(101), false).is_err());
}

#[test]
fn a_checkpoint_says_it_is_saved_where_the_export_says_what_history_confirmed() {
    let c = capture();
    let exported = c.export(2_000).run.history;
    assert!(!exported.available);
    assert_eq!(exported.reason.as_deref(), Some("no checkpoint saved yet"));
    let checkpoint = c.checkpoint(2_000).run.history;
    assert!(checkpoint.available, "history holds it, so it is saved");
    assert_eq!(checkpoint.reason, None);
    assert_eq!(
        checkpoint.checkpoints, 0,
        "the confirmed count stays the daemon's"
    );
}

#[test]
fn console_entries_keep_the_browsers_time_when_it_gives_one() {
    let mut c = capture();
    let logged = |timestamp: Value| json!({ "type": "log", "args": [{ "type": "string", "value": "x" }], "timestamp": timestamp });
    c.apply_console(
        "TAB",
        "Runtime.consoleAPICalled",
        &logged(json!(1_500.75)),
        9_000,
    );
    c.apply_console(
        "TAB",
        "Runtime.exceptionThrown",
        &json!({ "timestamp": 1_600.0, "exceptionDetails": { "text": "Uncaught" } }),
        9_000,
    );
    c.apply_console(
        "TAB",
        "Log.entryAdded",
        &json!({ "entry": { "level": "error", "text": "t", "timestamp": 1_700.0 } }),
        9_000,
    );
    for missing in [Value::Null, json!("soon"), json!(-5.0), json!(0.0)] {
        c.apply_console("TAB", "Runtime.consoleAPICalled", &logged(missing), 9_000);
    }
    let times: Vec<u64> = c.console.iter().map(|e| e.at).collect();
    assert_eq!(times, vec![1_500, 1_600, 1_700, 9_000, 9_000, 9_000, 9_000]);
}

#[test]
fn console_entries_are_labelled_redacted_and_bounded() {
    let mut c = capture();
    let log = json!({ "type": "log", "args": [{ "type": "string", "value": "saving password=hunter2" }, { "type": "number", "value": 3 }],
        "stackTrace": { "callFrames": [{ "url": "http://a/app.js", "lineNumber": 4, "columnNumber": 2 }] } });
    c.apply_console("TAB", "Runtime.consoleAPICalled", &log, 1_000);
    let extension = json!({ "type": "warning", "args": [{ "type": "string", "value": "hi" }], "stackTrace": { "callFrames": [{ "url": "chrome-extension://abc/x.js" }] } });
    c.apply_console("TAB", "Runtime.consoleAPICalled", &extension, 1_000);
    c.apply_console("TAB", "Log.entryAdded", &json!({ "entry": { "source": "network", "level": "error", "text": "Failed to load resource", "url": "http://a/x" } }), 1_000);
    c.apply_console("TAB", "Runtime.exceptionThrown", &json!({ "exceptionDetails": { "text": "Uncaught", "exception": { "description": "Error: boom" } } }), 1_000);
    let sources: Vec<ConsoleSource> = c.console.iter().map(|e| e.source).collect();
    assert_eq!(
        sources,
        vec![
            ConsoleSource::Website,
            ConsoleSource::Extension,
            ConsoleSource::Browser,
            ConsoleSource::Unknown
        ]
    );
    assert!(!c.console[0].text.contains("hunter2"));
    assert!(c.console[0].text.ends_with(" 3"));
    let object = json!({ "type": "log", "args": [{ "type": "string", "value": "saving" }, { "type": "object", "description": "Object",
        "preview": { "type": "object", "overflow": false, "properties": [
            { "name": "name", "type": "string", "value": "Ada" }, { "name": "password", "type": "string", "value": "hunter2" } ] } }] });
    c.apply_console("TAB", "Runtime.consoleAPICalled", &object, 1_000);
    assert_eq!(
        c.console[4].text,
        r#"saving {name: "Ada", password: [redacted]}"#
    );
    assert_eq!(c.console[3].text, "Error: boom");
    for _ in 0..MAX_CONSOLE_ENTRIES {
        c.apply_console("TAB", "Runtime.consoleAPICalled", &log, 1_000);
    }
    assert_eq!(
        (c.console.len(), c.counters.console_evicted),
        (MAX_CONSOLE_ENTRIES, 5)
    );
}

#[test]
fn operations_group_requests_by_start_time_and_stop_interrupts_running_ones() {
    let mut c = capture();
    let click = c.operation_started(
        OperationSource::Agent,
        "click",
        json!({ "target": "#save" }),
        10_000,
    );
    sent(&mut c, "1", "http://a/api/save", 10_100);
    c.operation_ended(&click, Ok("clicked".into()), 10_200);
    sent(&mut c, "2", "http://a/late", 13_000);
    sent(&mut c, "3", "http://a/too-late", 40_000);
    // Static resources and data: URLs fold out of windows as out of lists, counted.
    for (id, url, kind) in [
        ("4", "http://a/logo.png", "Image"),
        ("5", "data:image/png;base64,AA", "Other"),
    ] {
        let params = json!({ "requestId": id, "request": { "url": url, "method": "GET", "headers": {} },
            "type": kind, "wallTime": 10.15 });
        c.on_tab("Network.requestWillBeSent", &params, 10_150);
    }
    let folded = c
        .operation_detail(&click, false, false, 50_000)
        .expect("detail");
    assert_eq!(
        (folded.immediate.requests.len(), folded.immediate.folded),
        (1, 2)
    );
    let summary = c
        .operations_page(None, None, false, false, 50_000)
        .expect("page");
    assert_eq!(summary.items[0].immediate_requests, 1);
    // A request that joins the window later brings the operation back on the next page.
    let next = summary.next_since;
    sent(&mut c, "6", "http://a/after", 10_190);
    let again = c
        .operations_page(next, None, false, false, 50_000)
        .expect("page");
    assert_eq!(
        again
            .items
            .iter()
            .map(|o| (o.operation.id.as_str(), o.immediate_requests))
            .collect::<Vec<_>>(),
        [(click.as_str(), 2)],
        "the changed count is paged again"
    );
    c.requests.retain(|r| r.id != "r6");
    let everything = c
        .operation_detail(&click, true, false, 50_000)
        .expect("detail");
    assert_eq!(
        (
            everything.immediate.requests.len(),
            everything.immediate.folded
        ),
        (3, 0)
    );
    c.requests.retain(|r| r.id != "r4" && r.id != "r5");
    let detail = c
        .operation_detail(&click, true, false, 50_000)
        .expect("detail");
    let ids = |w: &bsk_schema::debug::WindowEvidence| {
        w.requests.iter().map(|r| r.id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&detail.immediate), vec!["r1"]);
    assert_eq!(ids(&detail.possibly_related), vec!["r2"]);
    let fill = c.operation_started(OperationSource::Agent, "fill", json!({}), 41_000);
    let before_stop = c.operations().count();
    c.stop(StopReason::BrowserDisconnected, 42_000);
    assert_eq!(
        c.operations().find(|o| o.id == fill).map(|o| o.state),
        Some(OperationState::Interrupted)
    );
    // An input turned into an operation only after the stop is not recorded at all, and
    // ending it changes nothing.
    let late = c.operation_started(OperationSource::Manual, "type", json!({}), 41_500);
    c.operation_ended(&late, Ok("typed".into()), 42_500);
    assert_eq!(c.operations().count(), before_stop);
    assert_eq!(
        c.run_info().state,
        bsk_schema::capture::CaptureState::Interrupted
    );
    c.operation_ended(&fill, Ok("late".into()), 43_000);
    assert_eq!(
        c.operations().find(|o| o.id == fill).map(|o| o.state),
        Some(OperationState::Interrupted),
        "never claimed done after the fact"
    );
}

/// Reads every request changed since `since`, `limit` at a time, as an agent following
/// `next_since` does, and returns the last state seen of each.
fn read_all(
    c: &Capture,
    mut since: Option<u64>,
    limit: usize,
) -> std::collections::HashMap<String, RequestState> {
    let mut seen = std::collections::HashMap::new();
    loop {
        let page = c.requests_page(since, Some(limit), false).expect("page");
        if page.items.is_empty() {
            return seen;
        }
        for item in &page.items {
            seen.insert(item.id.clone(), item.state);
        }
        since = page.next_since;
    }
}

#[test]
fn paging_never_skips_records_changed_together() {
    for limit in 1..=7 {
        let mut c = capture();
        for n in 0..10 {
            sent(
                &mut c,
                &format!("q{n}"),
                &format!("http://a/{n}"),
                1_000 + n,
            );
        }
        // An agent has read everything so far.
        let before = c.requests_page(None, Some(100), false).expect("page");
        let since = before.next_since;
        // The stop changes all ten at once.
        c.stop(StopReason::Stopped, 2_000);
        let seen = read_all(&c, since, limit);
        assert_eq!(
            seen.len(),
            10,
            "limit {limit}: every record changed by the stop is read"
        );
        assert!(
            seen.values().all(|s| *s == RequestState::Unfinished),
            "limit {limit}: each in its final state: {seen:?}"
        );
    }
}

#[test]
fn an_unreadable_network_event_is_counted_as_dropped() {
    let mut c = capture();
    let jobs = c.apply_network(
        "TAB",
        "S",
        "Network.requestWillBeSent",
        r#"{"requestId":"1","request":{"url":["not","a","string"]}}"#,
        1_000,
    );
    assert!(jobs.is_empty());
    assert_eq!(c.counters.events_dropped, 1);
    assert_eq!(c.counters.requests_seen, 0);
}

#[test]
fn a_megabyte_url_is_kept_redacted_and_cut() {
    use crate::bounds::MAX_URL_CHARS;
    let mut c = capture();
    let url = format!("https://h.test/a?token=tk-9&x={}", "y".repeat(1_000_000));
    sent(&mut c, "1", &url, 1_100);
    let kept = &c.request("r1").expect("retained").url;
    assert_eq!(kept.chars().count(), MAX_URL_CHARS + 1);
    assert!(
        kept.starts_with("https://h.test/a?token=[redacted]&x=yyy") && kept.ends_with('…'),
        "{}",
        &kept[..60]
    );
    let short = "https://h.test/b?q=1";
    sent(&mut c, "2", short, 1_200);
    assert_eq!(c.request("r2").expect("retained").url, short);
}

#[test]
fn a_body_that_gave_way_to_a_full_queue_is_kept_on_a_second_try_or_stays_saturated() {
    let mut c = capture();
    let body = |c: &Capture, id: &str| c.request(id).expect("retained").response_body.clone();
    let mut jobs = Vec::new();
    for (i, id) in ["a", "b", "c"].into_iter().enumerate() {
        sent(&mut c, id, &format!("http://a/{id}"), 1_000);
        jobs.extend(finish(
            &mut c,
            id,
            200,
            "application/json",
            1_000 + i as u64,
        ));
    }
    for job in &jobs {
        c.apply_body(job, BodyOutcome::Failed(BodyReason::Saturated));
    }
    assert_eq!(c.counters.bodies_saturated, 3);
    assert!(jobs.iter().all(|job| c.retries_body(job)));

    // Read on a second try: kept, no longer counted as lost.
    c.apply_second_try(&jobs[0], BodyOutcome::Text("{\"ok\":true}".into()));
    let kept = body(&c, "r1");
    assert_eq!(
        (kept.state, kept.text.as_deref(), kept.mime_type.as_deref()),
        (
            BodyState::Available,
            Some("{\"ok\":true}"),
            Some("application/json")
        )
    );
    assert_eq!(
        (c.counters.bodies_saturated, c.counters.bodies_refetched),
        (2, 1)
    );
    assert!(!c.retries_body(&jobs[0]), "read once is enough");
    c.apply_second_try(&jobs[0], BodyOutcome::Text("again".into()));
    assert_eq!(body(&c, "r1").text.as_deref(), Some("{\"ok\":true}"));

    // The browser no longer has it: still missing because the queue was full.
    c.apply_second_try(
        &jobs[1],
        BodyOutcome::Failed(BodyReason::MissingBrowserBuffer),
    );
    assert_eq!(body(&c, "r2").reason, Some(BodyReason::Saturated));
    assert_eq!(
        (c.counters.bodies_saturated, c.counters.bodies_refetched),
        (2, 1)
    );

    // Evicted, or the capture stopped: nothing to try again.
    for i in 0..MAX_REQUESTS {
        sent(&mut c, &format!("n{i}"), "http://a/next", 2_000);
    }
    assert!(!c.retries_body(&jobs[1]), "evicted");
    assert_eq!(
        c.counters.bodies_saturated, 0,
        "the evicted took their count with them"
    );
    let mut stopped = capture();
    sent(&mut stopped, "s", "http://a/s", 1_000);
    let jobs = finish(&mut stopped, "s", 200, "text/plain", 1_000);
    stopped.apply_body(&jobs[0], BodyOutcome::Failed(BodyReason::Saturated));
    stopped.stop(StopReason::Stopped, 1_500);
    assert!(!stopped.retries_body(&jobs[0]));
}

#[test]
fn an_operations_brief_lists_its_immediate_window_only() {
    let mut c = capture();
    c.page_committed("http://a/app", 9_000);
    let click = c.operation_started(OperationSource::Agent, "click", json!({}), 10_000);
    sent(&mut c, "1", "http://a/api/save?x=1", 10_100);
    finish(&mut c, "1", 409, "application/json", 10_150);
    sent(&mut c, "2", "http://b/api/other", 10_120);
    sent(&mut c, "3", "http://a/logo.png", 10_130);
    c.requests.back_mut().expect("r3").resource_type = Some("Image".into());
    c.apply_console(
        "TAB",
        "Runtime.consoleAPICalled",
        &json!({ "type": "error", "args": [{ "type": "string", "value": "Save failed" }] }),
        10_160,
    );
    c.apply_console(
        "TAB",
        "Runtime.consoleAPICalled",
        &json!({ "type": "log", "args": [{ "type": "string", "value": "noise" }] }),
        10_170,
    );
    c.operation_ended(&click, Ok("clicked".into()), 10_200);
    // After the immediate window (1.5 s after the end): possibly related, not in the brief.
    sent(&mut c, "4", "http://a/late", 12_000);
    let caused = c.caused(&click, 20_000).expect("the operation is held");
    let requests: Vec<(&str, &str, Option<u16>, bool)> = caused
        .requests
        .iter()
        .map(|r| (r.id.as_str(), r.url.as_str(), r.status, r.pending))
        .collect();
    assert_eq!(
        requests,
        [
            ("r1", "/api/save?x=1", Some(409), false),
            ("r2", "http://b/api/other", None, true)
        ]
    );
    assert_eq!(caused.folded, 1);
    assert_eq!(
        caused
            .console
            .iter()
            .map(|e| (e.level.as_str(), e.text.as_str()))
            .collect::<Vec<_>>(),
        [("error", "Save failed")]
    );
    assert_eq!(
        caused.more_console, 1,
        "the log line is counted, not listed"
    );
    assert_eq!(caused.navigated_to, None);
    assert!(c.caused("o99", 20_000).is_none());
    let page = c
        .operations_page(None, None, false, true, 20_000)
        .expect("page");
    assert_eq!(page.items[0].caused.as_ref(), Some(&caused));
}

/// A page observation with `text` and nothing else.
fn seen(at: u64, text: &str) -> PageObservation {
    serde_json::from_value(json!({
        "at": at, "url": "http://a/app", "text": text, "text_source": "dom", "fields": [],
        "candidates_scanned": 0
    }))
    .expect("an observation")
}

#[test]
fn each_text_change_lands_on_the_operation_that_caused_it_at_agent_pace() {
    let mut c = capture();
    // Operations 200 ms apart: the response to the first renders after its operation-time
    // observation, before the second starts.
    let first = c.operation_started(OperationSource::Agent, "click", json!({}), 10_000);
    c.operation_before(&first, "Form");
    c.operation_ended(&first, Ok("clicked".into()), 10_010);
    c.operation_observed(&first, seen(10_020, "Form\nLoading…"));
    let second = c.operation_started(OperationSource::Agent, "click", json!({}), 10_200);
    c.operation_before(&second, "Form\nSaved r1");
    c.operation_ended(&second, Ok("clicked".into()), 10_210);
    c.operation_observed(&second, seen(10_220, "Form\nSaved r1"));
    c.operation_observed(&second, seen(10_900, "Form\nSaved r1\nDeleted"));
    let change = |index: usize| {
        let change = c.text_change(index).expect("both states recorded");
        (change.added, change.removed)
    };
    assert_eq!(change(0), (vec!["Saved r1".to_string()], vec![]));
    assert_eq!(change(1), (vec!["Deleted".to_string()], vec![]));
    // The before-state is redacted as observations are.
    let third = c.operation_started(OperationSource::Agent, "click", json!({}), 11_000);
    c.operation_before(&third, "token=abc123secretvalue");
    let kept = c.operations.back().and_then(|o| o.before_text.clone());
    assert!(
        kept.is_some_and(|t| !t.contains("abc123secretvalue")),
        "redacted"
    );
}

#[test]
fn a_worker_script_ends_worker_not_captured_and_what_a_worker_sends_is_labelled() {
    use bsk_schema::capture::WorkerKind;
    let mut c = capture();
    let script = "http://a/workers/w.js";
    sent(&mut c, "W", script, 2_000);
    assert_eq!(c.worker_script_not_captured(script, 2_100), 1);
    let record = c.request("r1").expect("the script's record");
    assert_eq!(record.response_body.state, BodyState::Unavailable);
    assert_eq!(
        record.response_body.reason,
        Some(BodyReason::WorkerNotCaptured)
    );
    assert_eq!(c.worker_script_not_captured(script, 2_100), 0, "once");

    c.worker_attached(
        "WT",
        WorkerKind::Dedicated,
        "http://a/workers/w.js?token=s3cret",
    );
    let params = json!({ "requestId": "X", "request": { "url": "http://a/api", "method": "GET", "headers": {} }, "type": "Fetch", "wallTime": 3.0 });
    c.apply_network(
        "WT",
        "WS",
        "Network.requestWillBeSent",
        &params.to_string(),
        3_000,
    );
    let record = c.request("r2").expect("the worker's request");
    let worker = record.worker.clone().expect("labelled");
    assert_eq!(worker.kind, WorkerKind::Dedicated);
    assert!(
        !worker.url.contains("s3cret"),
        "the label's URL is redacted: {}",
        worker.url
    );
    let log = json!({ "type": "log", "args": [{ "type": "string", "value": "from the worker" }], "timestamp": 3_000.0 });
    c.apply_console("WT", "Runtime.consoleAPICalled", &log, 3_000);
    // The page's log copy of a worker's console is not recorded again.
    let copy = json!({ "entry": { "source": "worker", "level": "info", "text": "from the worker", "timestamp": 3_000.0 } });
    c.apply_console("TAB", "Log.entryAdded", &copy, 3_000);
    let entries = &c.console;
    assert_eq!(entries.len(), 1, "{entries:?}");
    assert_eq!(entries[0].level, "log");
    assert_eq!(
        entries[0].worker.as_ref().map(|w| w.kind),
        Some(WorkerKind::Dedicated)
    );
}

#[test]
fn a_stream_ends_streaming_with_its_bytes_whether_stopped_or_closed() {
    let mut c = capture();
    for (id, url) in [("E1", "http://a/events"), ("E2", "http://a/closed")] {
        sent(&mut c, id, url, 2_000);
        let response = json!({ "requestId": id, "type": "EventSource", "response": { "url": url, "status": 200, "headers": {}, "mimeType": "text/event-stream" } });
        c.on_tab("Network.responseReceived", &response, 2_000);
        let data =
            json!({ "requestId": id, "timestamp": 2.1, "dataLength": 11, "encodedDataLength": 11 });
        c.on_tab("Network.dataReceived", &data, 2_100);
        c.on_tab("Network.dataReceived", &data, 2_200);
    }
    let failed = json!({ "requestId": "E2", "timestamp": 2.3, "errorText": "net::ERR_ABORTED", "canceled": true });
    c.on_tab("Network.loadingFailed", &failed, 2_300);
    c.stop(StopReason::Stopped, 3_000);
    for id in ["r1", "r2"] {
        let body = &c.request(id).expect("the stream").response_body;
        assert_eq!(body.state, BodyState::Unavailable, "{id}");
        assert_eq!(body.reason, Some(BodyReason::Streaming), "{id}");
        assert_eq!(body.bytes_seen, Some(22), "{id}");
    }
}

fn picture(bytes: usize) -> bsk_schema::capture::Picture {
    bsk_schema::capture::Picture {
        id: String::new(),
        mime_type: "image/jpeg".into(),
        bytes: bytes as u64,
        width: 640,
        height: 400,
        sha256: "0".repeat(64),
        taken_at: 2_000,
        base64: Some("AAAA".into()),
    }
}

#[test]
fn the_filmstrip_keeps_forty_pictures_within_their_size_and_counts_each_dropped_one() {
    use crate::bounds::{MAX_PICTURE_BYTES, MAX_PICTURES};
    let mut c = capture();
    c.coverage.screenshots = true;
    assert!(c.records_pictures());
    let mut ids = Vec::new();
    for n in 0..(MAX_PICTURES + 3) {
        let id = c.operation_started(OperationSource::Agent, "click", json!({}), 1_000 + n as u64);
        ids.push(id);
    }
    // Too large even at the smallest size, and not taken: dropped, counted.
    assert!(!c.attach_picture(&ids[0], Some(picture(MAX_PICTURE_BYTES + 1))));
    assert!(!c.attach_picture(&ids[0], None));
    for id in &ids[..MAX_PICTURES] {
        assert!(
            c.attach_picture(id, Some(picture(MAX_PICTURE_BYTES))),
            "{id}"
        );
    }
    // Past the bound: dropped, counted, and never attached.
    assert!(!c.attach_picture(&ids[MAX_PICTURES], Some(picture(10))));
    // One operation has one picture: a second is refused.
    assert!(!c.attach_picture(&ids[1], Some(picture(10))));
    assert_eq!(c.counters.pictures_dropped, 4);
    let kept: Vec<String> = c
        .operations()
        .filter_map(|o| o.picture.as_ref().map(|p| p.id.clone()))
        .collect();
    assert_eq!(kept.len(), MAX_PICTURES);
    assert_eq!(kept.first().map(String::as_str), Some("p1"));
    // Lists and reads describe a picture without its bytes; the export carries them.
    let page = c
        .operations_page(None, Some(100), false, false, 5_000)
        .expect("a page");
    assert!(page.items.iter().all(|o| {
        o.operation
            .picture
            .as_ref()
            .is_none_or(|p| p.base64.is_none())
    }));
    let detail = c
        .operation_detail(&ids[0], false, false, 5_000)
        .expect("detail");
    assert!(detail.operation.picture.is_some_and(|p| p.base64.is_none()));
    let with = c
        .operation_detail(&ids[0], false, true, 5_000)
        .expect("detail");
    assert!(with.operation.picture.is_some_and(|p| p.base64.is_some()));
    let export = c.export(6_000);
    assert!(
        export
            .operations
            .iter()
            .filter_map(|o| o.picture.as_ref())
            .all(|p| p.base64.is_some())
    );
    // A stopped capture takes no more.
    c.stop(StopReason::Stopped, 7_000);
    assert!(!c.records_pictures());
    assert!(!c.attach_picture(&ids[MAX_PICTURES + 1], Some(picture(10))));
    assert_eq!(c.counters.pictures_dropped, 5);
}

#[test]
fn problems_carry_the_servers_words_the_operation_they_followed_and_counts_agree() {
    let mut c = capture();
    let place = c.operation_started(
        OperationSource::Agent,
        "click",
        json!({"op": "click", "target": "@e7"}),
        1_000,
    );
    c.operation_acted_on(
        &place,
        vec![bsk_schema::capture::ActedOn {
            target: "@e7".into(),
            role: Some("button".into()),
            name: Some("Place order".into()),
            tag: "button".into(),
            element_id: None,
            text: None,
            frame: bsk_schema::capture::MAIN_FRAME.into(),
        }],
    );
    c.operation_ended(&place, Ok("clicked".into()), 1_010);
    // A 422 whose JSON body names its code and message, the browser's echo of it, a failing
    // favicon (listed, never folded), and an uncaught exception with its place.
    sent(&mut c, "1", "http://a/api/orders", 1_100);
    let jobs = finish(&mut c, "1", 422, "application/json", 1_200);
    c.apply_body(
        &jobs[0],
        BodyOutcome::Text(
            r#"{"error":{"code":"QTY_EXCEEDS_STOCK","message":"Only 2 left"}}"#.into(),
        ),
    );
    c.apply_console("TAB", "Log.entryAdded", &json!({ "entry": { "source": "network", "level": "error", "text": "Failed to load resource: 422", "url": "http://a/api/orders", "timestamp": 1_250.0 } }), 1_250);
    sent(&mut c, "2", "http://a/favicon.ico", 1_300);
    finish(&mut c, "2", 404, "text/html", 1_310);
    c.apply_console("TAB", "Runtime.exceptionThrown", &json!({ "timestamp": 1_400.0, "exceptionDetails": { "text": "Uncaught", "url": "http://a/app.js", "lineNumber": 9, "columnNumber": 4, "exception": { "description": "TypeError: order.total is undefined\n    at render (app.js:10:5)" } } }), 1_400);
    let problems = c.problems(2_000);
    let kinds: Vec<ProblemKind> = problems.iter().map(|p| p.kind).collect();
    assert_eq!(
        kinds,
        vec![
            ProblemKind::Status,
            ProblemKind::Status,
            ProblemKind::Exception
        ],
        "{problems:#?}"
    );
    let order = &problems[0];
    assert_eq!(order.code.as_deref(), Some("QTY_EXCEEDS_STOCK"));
    assert_eq!(order.message.as_deref(), Some("Only 2 left"));
    assert!(
        order.summary.contains("422") && order.summary.contains("QTY_EXCEEDS_STOCK Only 2 left"),
        "{}",
        order.summary
    );
    assert_eq!(
        order.echoes.len(),
        1,
        "the browser's echo is listed with its request"
    );
    let after = order.after.as_ref().expect("after the click");
    assert_eq!(
        (
            after.operation_id.as_str(),
            after.label.as_str(),
            after.immediate
        ),
        (place.as_str(), "click button \"Place order\"", true)
    );
    let exception = &problems[2];
    assert_eq!(exception.source.as_deref(), Some("http://a/app.js:10:5"));
    assert!(
        exception.summary.starts_with("uncaught TypeError"),
        "{}",
        exception.summary
    );
    // The operation counts what the list shows: three problems, no folded failure.
    let counts = c.window_counts(0, &problems, 2_000);
    assert_eq!(
        (counts.errors, counts.requests, counts.folded),
        (3, 2, 0),
        "{counts:?}"
    );
    // The export carries the list and the counts.
    let export = c.export(2_000);
    assert_eq!(export.problems.as_ref().map(Vec::len), Some(3));
    assert_eq!(export.operations[0].counts.map(|c| c.errors), Some(3));
}

#[test]
fn the_page_after_an_operation_is_the_last_snapshot_before_the_next_within_its_window() {
    let mut c = capture();
    let click = c.operation_started(OperationSource::Agent, "click", json!({}), 1_000);
    c.operation_before(&click, "Order\nPlace order");
    c.operation_ended(&click, Ok("clicked".into()), 1_001);
    c.operation_observed(&click, seen(1_002, "Order\nPlacing order…"));
    c.operation_observed(&click, seen(1_250, "Order\nCould not place order."));
    // Without a next operation: the latest follow-up, 200 ms after the response.
    let (after, text) = c.page_after(0).expect("a page after");
    assert_eq!((after.at, text), (1_250, "Order\nCould not place order."));
    let change = c.text_change(0).expect("a change");
    assert_eq!(change.added, vec!["Could not place order.".to_string()]);
    // A next operation within the window: its before-state, taken as it started.
    let next = c.operation_started(OperationSource::Agent, "click", json!({}), 3_000);
    c.operation_before(&next, "Order\nCould not place order.\nRetry");
    let (after, _) = c.page_after(0).expect("a page after");
    assert_eq!(after.at, 3_000);
    // One that came after the follow-up window: this operation's own latest snapshot again.
    let mut late = capture();
    let first = late.operation_started(OperationSource::Agent, "click", json!({}), 1_000);
    late.operation_ended(&first, Ok("clicked".into()), 1_001);
    late.operation_observed(&first, seen(1_250, "Saved"));
    let second = late.operation_started(OperationSource::Agent, "click", json!({}), 60_000);
    late.operation_before(&second, "Much later");
    assert_eq!(
        late.page_after(0).map(|(a, t)| (a.at, t.to_string())),
        Some((1_250, "Saved".into()))
    );
}

#[test]
fn a_capture_started_before_any_page_is_named_after_the_first_page_it_loads() {
    let mut c = capture();
    c.meta.name = Some("Capture 2026-12-07 18:00:00 UTC".into());
    c.name_from_first_page = true;
    c.page_committed("about:blank", 1_100);
    assert_eq!(
        c.meta.name.as_deref(),
        Some("Capture 2026-12-07 18:00:00 UTC")
    );
    c.page_committed("http://shop.test:8080/cart?token=x", 1_200);
    let name = c.meta.name.clone().unwrap_or_default();
    assert!(name.starts_with("shop.test:8080 "), "{name}");
    // Only the first page names it.
    c.page_committed("http://other.test/", 1_300);
    assert!(
        c.meta
            .name
            .as_deref()
            .is_some_and(|n| n.starts_with("shop.test:8080"))
    );
}

#[test]
fn a_request_is_read_whole_in_one_bounded_result() {
    let mut c = capture();
    let params = json!({ "requestId": "1", "request": { "url": "http://a/api/orders", "method": "POST", "headers": {"Content-Type": "application/json"}, "postData": "{\"qty\": 3}", "hasPostData": true }, "type": "Fetch", "wallTime": 1.0 });
    c.on_tab("Network.requestWillBeSent", &params, 1_000);
    let jobs = finish(&mut c, "1", 422, "application/json", 1_100);
    let long = format!(
        r#"{{"error":{{"code":"QTY","message":"{}"}}}}"#,
        "x".repeat(9_000)
    );
    c.apply_body(&jobs[0], BodyOutcome::Text(long));
    let whole = c
        .request_part("r1", RequestPart::All, None, Some(1_000), None)
        .expect("whole");
    let RequestRead::Whole(whole) = whole else {
        panic!("whole, not {whole:?}")
    };
    assert_eq!(whole.metadata.summary.status, Some(422));
    assert_eq!(whole.request_body.text.as_deref(), Some(r#"{"qty": 3}"#));
    // The short request body leaves the rest of the budget to the response's.
    let response = whole.response_body.text.clone().unwrap_or_default();
    assert_eq!(response.len(), 1_000 - 10);
    assert_eq!(whole.response_body.next_offset, Some(990));
    assert_eq!(whole.chain.hops.len(), 1);
    assert!(
        whole
            .headers
            .request
            .entries
            .iter()
            .any(|(name, _)| name.eq_ignore_ascii_case("content-type"))
    );
    // Paging one body, or a pointer, is refused for the whole.
    assert!(
        c.request_part("r1", RequestPart::All, Some(5), None, None)
            .is_err()
    );
    assert!(
        c.request_part("r1", RequestPart::All, None, None, Some("/error"))
            .is_err()
    );
}
