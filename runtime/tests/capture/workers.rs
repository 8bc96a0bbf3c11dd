//! Workers and streams: a page whose requests and console come from a dedicated worker, a
//! shared worker and a service worker, plus a server-sent event stream, captured with and
//! without `bsk debug start --workers`, and checked against the scenario site's own log of what
//! it was sent.

use bsk_load_tests::site::Site;
use serde_json::Value;

use crate::common::evidence::{
    console, debug, final_with_url, is_final, latest_run, requests, status_says,
    stop_leaves_nothing_pending, with_url,
};
use crate::common::{Session, TestBsk, WAIT, site, wait_for, wait_until};

/// The bound of worker targets attached at once, as the docs spell it.
const MAX_WORKER_TARGETS: u64 = 8;

/// The page's own view of what its workers got back.
async fn page_state(s: &Session<'_>) -> Value {
    s.eval("JSON.stringify(window.__workers || null)")
        .await
        .as_str()
        .and_then(|text| serde_json::from_str(text).ok())
        .unwrap_or(Value::Null)
}

/// Waits until the page says every worker answered and the stream sent its two events.
async fn page_done(s: &Session<'_>, shared: bool, sw: bool, events: bool) -> Value {
    wait_for("the page's workers to answer", WAIT, || async {
        let state = page_state(s).await;
        let done = state["dedicated"]["failed"] == 503
            && (!shared || state["shared"]["shared"] == 200)
            && (!sw || state["sw"]["sw"] == 200)
            && (!events || state["events"].as_array().is_some_and(|e| e.len() >= 2));
        done.then_some(state)
    })
    .await
}

/// How many requests the site logged whose path (with query) contains `needle`.
fn served(site: &Site, needle: &str) -> usize {
    site.requests()
        .iter()
        .filter(|r| r.path.contains(needle))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_workers_the_workers_requests_and_console_are_recorded_and_labelled() {
    let site = site().await;
    let bsk = TestBsk::new("workers-on");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start", "--workers"]).await;
    assert_eq!(run["coverage"]["workers"], true, "{run}");
    s.op(&["navigate", &site.url("/workers/page")]).await;
    page_done(&s, true, true, true).await;

    // The site's own log: what the workers sent reached it.
    assert_eq!(served(&site, "/echo?from=dedicated"), 1);
    assert_eq!(served(&site, "/status/503?from=dedicated"), 1);
    assert_eq!(served(&site, "/echo?from=service-worker"), 1);
    assert_eq!(served(&site, "/echo?from=shared"), 1);
    assert_eq!(served(&site, "/workers/events"), 1);

    // The dedicated worker's POST and 503, labelled with it, bodies read and redacted.
    let dedicated = site.url("/workers/dedicated.js");
    let records = wait_for(
        "the dedicated worker's requests, finished",
        WAIT,
        || async {
            let all = requests(&s).await;
            let post = with_url(&all, "/echo?from=dedicated")
                .first()
                .cloned()
                .cloned();
            let failed = with_url(&all, "/status/503?from=dedicated")
                .first()
                .cloned()
                .cloned();
            match (post, failed) {
                (Some(post), Some(failed)) if is_final(&post) && is_final(&failed) => {
                    Some((post, failed))
                }
                _ => None,
            }
        },
    )
    .await;
    let (post, failed) = records;
    assert_eq!(post["method"], "POST", "{post}");
    assert_eq!(post["status"], 200, "{post}");
    assert_eq!(post["worker"]["kind"], "dedicated", "{post}");
    assert_eq!(post["worker"]["url"], dedicated.as_str(), "{post}");
    assert_eq!(post["response_body"]["state"], "available", "{post}");
    assert_eq!(failed["status"], 503, "{failed}");
    assert_eq!(failed["worker"]["kind"], "dedicated", "{failed}");
    assert_eq!(failed["response_body"]["state"], "available", "{failed}");
    let post_id = post["id"].as_str().expect("an id").to_string();
    let sent = debug(&s, &["request", &post_id, "--part", "request"]).await;
    let sent_text = sent.to_string();
    assert!(
        sent_text.contains("Ada"),
        "the request body was read: {sent}"
    );
    assert!(
        !sent_text.contains("worker-secret-7"),
        "a worker's request body is redacted like the page's: {sent}"
    );

    // The service worker's own fetch, labelled as a service worker.
    let from_sw = final_with_url(&s, "/echo?from=service-worker").await;
    assert_eq!(from_sw["worker"]["kind"], "service", "{from_sw}");
    assert_eq!(from_sw["status"], 200, "{from_sw}");

    // The shared worker's fetch: the session's context is private, so it is covered.
    let from_shared = final_with_url(&s, "/echo?from=shared").await;
    assert_eq!(from_shared["worker"]["kind"], "shared", "{from_shared}");
    assert_eq!(
        from_shared["worker"]["url"],
        site.url("/workers/shared.js").as_str(),
        "{from_shared}"
    );
    assert_eq!(
        from_shared["response_body"]["state"], "available",
        "{from_shared}"
    );

    // Console at each level exactly as the worker used it, once each, labelled.
    let entries = wait_for("the worker's five console entries", WAIT, || async {
        let entries: Vec<Value> = console(&s)
            .await
            .into_iter()
            .filter(|c| c["text"].as_str().is_some_and(|t| t.starts_with("worker ")))
            .collect();
        (entries.len() >= 5).then_some(entries)
    })
    .await;
    let levels: Vec<(&str, &str)> = entries
        .iter()
        .map(|c| {
            (
                c["text"].as_str().unwrap_or(""),
                c["level"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        levels,
        vec![
            ("worker log 1", "log"),
            ("worker info", "info"),
            ("worker debug", "debug"),
            ("worker warn", "warning"),
            ("worker error", "error"),
        ],
        "{entries:#?}"
    );
    for entry in &entries {
        assert_eq!(entry["worker"]["kind"], "dedicated", "{entry}");
    }

    // The worker's script finished on the worker's target, which is captured: read from there.
    let script = final_with_url(&s, "/workers/dedicated.js").await;
    assert_eq!(script["state"], "complete", "{script}");
    assert_eq!(script["response_body"]["state"], "available", "{script}");

    // Stopped: no body pending anywhere; the open stream says what it is.
    debug(&s, &["stop"]).await;
    let all = requests(&s).await;
    for record in &all {
        assert!(is_final(record), "nothing pending after stop: {record}");
    }
    let stream = with_url(&all, "/workers/events");
    assert_eq!(stream.len(), 1, "{all:#?}");
    let body = &stream[0]["response_body"];
    assert_eq!(body["state"], "unavailable", "{body}");
    assert_eq!(body["reason"], "streaming", "{body}");
    let stream_id = stream[0]["id"].as_str().expect("an id").to_string();
    let meta = debug(&s, &["request", &stream_id]).await;
    let seen = meta.to_string();
    assert!(
        seen.contains("\"bytes_seen\""),
        "the stream's bytes seen are kept: {meta}"
    );

    // The run's counters and both exports.
    let run = latest_run(&s).await;
    assert!(
        run["coverage"]["worker_targets"].as_u64() >= Some(3),
        "{run}"
    );
    assert_ne!(run["coverage"]["shared_workers_not_covered"], true, "{run}");
    status_says(&s, "workers captured:").await;
    let har = debug(&s, &["export", "--format", "har"]).await;
    let entries = har["log"]["entries"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let har_post = entries
        .iter()
        .find(|e| {
            e["request"]["url"]
                .as_str()
                .is_some_and(|u| u.contains("/echo?from=dedicated"))
        })
        .unwrap_or_else(|| panic!("the worker's POST is in the HAR"));
    assert_eq!(har_post["_workerUrl"], dedicated.as_str(), "{har_post}");
    assert_eq!(har_post["_workerKind"], "dedicated", "{har_post}");
    let export = debug(&s, &["export"]).await;
    let text = export.to_string();
    assert!(!text.contains("worker-secret-7"), "the export is redacted");
    let exported = export["requests"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| {
            r["url"]
                .as_str()
                .is_some_and(|u| u.contains("/status/503?from=dedicated"))
        })
        .cloned()
        .unwrap_or_default();
    assert_eq!(exported["worker"]["kind"], "dedicated", "{exported}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_workers_their_traffic_is_not_recorded_and_nothing_stays_pending() {
    let site = site().await;
    let bsk = TestBsk::new("workers-off");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    assert_ne!(run["coverage"]["workers"], true, "{run}");
    s.op(&[
        "navigate",
        &site.url("/workers/page?shared=0&sw=0&events=0"),
    ])
    .await;
    page_done(&s, false, false, false).await;
    assert_eq!(served(&site, "/echo?from=dedicated"), 1);

    // The worker's script: started on the page, finished on the worker this capture does not
    // record: its body says so as soon as the worker attached, before any stop.
    let script = wait_for("the worker script's record, ended", WAIT, || async {
        let all = requests(&s).await;
        with_url(&all, "/workers/dedicated.js")
            .first()
            .filter(|r| r["response_body"]["state"] != "pending")
            .map(|r| (*r).clone())
    })
    .await;
    assert_eq!(script["response_body"]["state"], "unavailable", "{script}");
    assert_eq!(
        script["response_body"]["reason"], "worker_not_captured",
        "{script}"
    );
    // Settling does not wait for it either.
    s.op(&["wait", "--network-idle", "--timeout", "5"]).await;

    // Nothing else changes: the workers' requests are not recorded...
    let all = requests(&s).await;
    assert!(with_url(&all, "from=dedicated").is_empty(), "{all:#?}");
    // ...their console is, at the levels the worker used.
    let entries = wait_for("the worker's console", WAIT, || async {
        let entries: Vec<Value> = console(&s)
            .await
            .into_iter()
            .filter(|c| c["text"].as_str().is_some_and(|t| t.starts_with("worker ")))
            .collect();
        (entries.len() >= 5).then_some(entries)
    })
    .await;
    let levels: Vec<&str> = entries
        .iter()
        .map(|c| c["level"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        levels,
        ["log", "info", "debug", "warning", "error"],
        "{entries:#?}"
    );
    // ...and the status says the workers' traffic is not in the capture.
    status_says(&s, "their traffic is not recorded").await;
    stop_leaves_nothing_pending(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn workers_beyond_the_bound_are_counted_not_captured() {
    let site = site().await;
    let bsk = TestBsk::new("workers-bound");
    let s = bsk.start_session().await;
    debug(&s, &["start", "--workers"]).await;
    s.op(&[
        "navigate",
        &site.url("/workers/page?extra=10&shared=0&sw=0&events=0"),
    ])
    .await;
    page_done(&s, false, false, false).await;
    wait_until("all ten quiet workers answered", WAIT, || async {
        page_state(&s).await["extra"] == 10
    })
    .await;
    assert_eq!(served(&site, "from=quiet-worker"), 10);
    let run = wait_for("every worker counted", WAIT, || async {
        let run = latest_run(&s).await;
        let c = &run["coverage"];
        let seen = c["worker_targets"].as_u64().unwrap_or(0)
            + c["worker_targets_over_limit"].as_u64().unwrap_or(0);
        (seen >= 11).then_some(run)
    })
    .await;
    let coverage = &run["coverage"];
    assert_eq!(coverage["worker_targets"], MAX_WORKER_TARGETS, "{run}");
    assert_eq!(
        coverage["worker_targets_over_limit"],
        11 - MAX_WORKER_TARGETS,
        "{run}"
    );
    assert_eq!(
        coverage["iframe_targets_over_limit"], 0,
        "workers do not take iframes' places: {run}"
    );
    // Only admitted workers' requests are recorded: at most one per admitted quiet worker.
    let all = requests(&s).await;
    let quiet = with_url(&all, "from=quiet-worker");
    assert!(
        quiet.len() <= MAX_WORKER_TARGETS as usize && quiet.len() < 10,
        "{quiet:#?}"
    );
    for record in &quiet {
        assert_eq!(record["worker"]["kind"], "dedicated", "{record}");
    }
    status_says(&s, "workers over the 8 limit").await;
    stop_leaves_nothing_pending(&s).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_borrowed_tabs_shared_workers_are_flagged_not_covered_and_still_run() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("workers-borrowed").await;
    let s = bsk.start_session().await;
    let user_tab = crate::common::open_user_tab(&bsk, "about:blank").await;
    bsk.json(&["tab", "borrow", &user_tab, "--session", &s.id])
        .await;
    let run = debug(&s, &["start", "--workers", "--tab-id", &user_tab]).await;
    assert_eq!(run["coverage"]["shared_workers_not_covered"], true, "{run}");
    s.op_on(
        &user_tab,
        &["navigate", &site.url("/workers/page?sw=0&events=0")],
    )
    .await;
    // The person's shared worker was let go, not left paused: it answered.
    wait_until("the borrowed page's workers answered", WAIT, || async {
        let state = s
            .eval_on(&user_tab, "JSON.stringify(window.__workers || null)")
            .await;
        let state: Value = state
            .as_str()
            .and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or(Value::Null);
        state["dedicated"]["failed"] == 503 && state["shared"]["shared"] == 200
    })
    .await;
    assert_eq!(served(&site, "/echo?from=shared"), 1);
    // The dedicated worker is covered; the shared one is not, and the status says so.
    final_with_url(&s, "/echo?from=dedicated").await;
    let all = requests(&s).await;
    assert!(with_url(&all, "/echo?from=shared").is_empty(), "{all:#?}");
    status_says(&s, "shared workers not covered").await;
    debug(&s, &["stop"]).await;
    bsk.json(&["tab", "return", &user_tab, "--session", &s.id])
        .await;
}
