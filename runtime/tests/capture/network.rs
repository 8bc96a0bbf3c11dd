//! Traffic as requests: redirects, error statuses, business failures, refusals, pagination,
//! logical requests across redirects and preflights, and responses that end early.

use std::collections::BTreeSet;

use bsk_load_tests::site::Site;
use serde_json::{Value, json};

use crate::common::evidence::{
    debug, debug_fail, final_url, id, is_final, part, requests, start_capture,
};
use crate::common::{Checked, Session, TestBsk, WAIT, closed_port, site, wait_for};

#[tokio::test(flavor = "multi_thread")]
async fn redirects_error_statuses_business_failures_refusals_and_pagination() {
    let site = site().await;
    let bsk = TestBsk::new("cap-traffic");
    let s = bsk.start_session().await;
    let run_id = start_capture(&s, &s.tab, &["--name", "traffic"]).await;

    // A 302 → 301 → 200 navigation: three records, chained by redirect_from.
    s.op(&["navigate", &site.url("/redirect/start")]).await;
    let last = final_url(&s, &site.url("/redirect/final")).await;
    let all = requests(&s).await;
    let hop = |path: &str| {
        all.iter()
            .find(|r| r["url"] == site.url(path).as_str())
            .cloned()
            .unwrap_or_else(|| panic!("no record of {path}: {all:#?}"))
    };
    let (first, middle) = (hop("/redirect/start"), hop("/redirect/middle"));
    let ids: BTreeSet<String> = [&first, &middle, &last].iter().map(|r| id(r)).collect();
    assert_eq!(ids.len(), 3, "each hop has its own id: {ids:?}");
    for (record, status, from) in [
        (&first, 302, None),
        (&middle, 301, Some(id(&first))),
        (&last, 200, Some(id(&middle))),
    ] {
        assert_eq!(record["status"], status, "{record}");
        assert_eq!(record["state"], "complete", "{record}");
        assert_eq!(record["method"], "GET", "{record}");
        assert_eq!(
            record["redirect_from"].as_str().map(str::to_string),
            from,
            "{record}"
        );
        assert_eq!(record["target_id"], s.tab.as_str(), "{record}");
    }
    let metadata = part(&s, &id(&first), "metadata", &[]).await;
    assert_eq!(
        metadata["redirected_to"],
        json!([id(&middle), id(&last)]),
        "{metadata}"
    );
    let metadata = part(&s, &id(&middle), "metadata", &[]).await;
    assert_eq!(metadata["redirected_to"], json!([id(&last)]), "{metadata}");
    assert_eq!(metadata["redirect_from"], json!(id(&first)), "{metadata}");
    let response = part(&s, &id(&last), "response", &["--pointer", "/final"]).await;
    assert_eq!(response["value"], json!(true), "{response}");
    // Chrome's ResourceTiming, as sent, on a redirect hop and on the final response.
    for record in [&middle, &last] {
        let timing = part(&s, &id(record), "timing", &[]).await;
        let phases = timing["timing"].as_object().expect("a ResourceTiming");
        for phase in ["requestTime", "sendStart", "sendEnd", "receiveHeadersEnd"] {
            assert!(phases[phase].is_number(), "{phase}: {timing}");
        }
        assert!(
            phases["sendEnd"].as_f64() >= phases["sendStart"].as_f64(),
            "{timing}"
        );
    }

    // An error status is recorded as is: complete, not failed.
    assert_eq!(
        s.eval("fetch('/status/500').then(r => r.status)").await,
        500
    );
    let error = final_url(&s, &site.url("/status/500")).await;
    assert_eq!(
        (error["status"].clone(), error["state"].clone()),
        (json!(500), json!("complete")),
        "{error}"
    );
    assert!(error.get("failure").is_none(), "{error}");
    let body = part(&s, &id(&error), "response", &[]).await;
    assert_eq!(body["text"], r#"{"error":"boom"}"#, "{body}");

    // HTTP 200 with a failure in the body: the pointer finds it.
    assert_eq!(
        s.eval("fetch('/api/save-fails').then(r => r.status)").await,
        200
    );
    let business = final_url(&s, &site.url("/api/save-fails")).await;
    assert_eq!(business["status"], 200, "{business}");
    assert_eq!(
        business["response_body"]["state"], "available",
        "{business}"
    );
    let code = part(
        &s,
        &id(&business),
        "response",
        &["--pointer", "/error/code"],
    )
    .await;
    assert_eq!(
        (code["value"].clone(), code["pointer"].clone()),
        (json!("SAVE_FAILED"), json!("/error/code")),
        "{code}"
    );
    let human = s
        .run(&[
            "debug",
            "request",
            &id(&business),
            "--part",
            "response",
            "--pointer",
            "/error/code",
        ])
        .await
        .success();
    assert!(human.stdout.contains("SAVE_FAILED"), "{human:#?}");

    // A refused connection: failed, with the browser's net error.
    let port = closed_port();
    let refused_url = format!("http://127.0.0.1:{port}/refused");
    let outcome = s
        .eval(&format!(
            "fetch({}).then(() => 'answered', e => 'failed: ' + e.message)",
            json!(refused_url)
        ))
        .await;
    assert!(
        outcome.as_str().is_some_and(|o| o.starts_with("failed")),
        "the page saw {outcome}"
    );
    let refused = final_url(&s, &refused_url).await;
    assert_eq!(refused["state"], "failed", "{refused}");
    assert!(
        refused["failure"]
            .as_str()
            .is_some_and(|f| f.contains("ERR_CONNECTION_REFUSED")),
        "{refused}"
    );
    assert!(refused.get("status").is_none(), "{refused}");
    assert_eq!(
        refused["response_body"]["state"], "unavailable",
        "{refused}"
    );

    // --limit pages: at most 5 each, ascending revisions, until an empty page; together they
    // hold every record.
    let everything: BTreeSet<String> = requests(&s).await.iter().map(id).collect();
    assert!(everything.len() >= 7, "{everything:?}");
    let mut paged = BTreeSet::new();
    let mut since: Option<u64> = None;
    let mut pages = 0;
    loop {
        let since_arg = since.map(|n| n.to_string());
        let mut args = vec!["requests", "--all", "--limit", "5"];
        if let Some(since) = &since_arg {
            args.extend(["--since", since]);
        }
        let page = debug(&s, &args).await;
        assert_eq!(page["run_id"], run_id.as_str(), "{page}");
        let items = page["items"].as_array().cloned().unwrap_or_default();
        if items.is_empty() {
            assert!(page.get("next_since").is_none(), "{page}");
            break;
        }
        pages += 1;
        assert!(items.len() <= 5, "{page}");
        let revisions: Vec<u64> = items
            .iter()
            .filter_map(|r| r["revision"].as_u64())
            .collect();
        assert!(revisions.windows(2).all(|w| w[0] < w[1]), "{page}");
        assert!(since.is_none_or(|s| revisions[0] > s), "{page}");
        for item in &items {
            assert!(
                item["response_body"].get("text").is_none(),
                "lists carry no bodies: {item}"
            );
        }
        paged.extend(items.iter().map(id));
        since = page["next_since"].as_u64();
        assert_eq!(since, revisions.last().copied(), "{page}");
        assert!(pages < 50, "pagination does not end");
    }
    assert!(
        pages >= 2,
        "{pages} pages of 5 for {} records",
        everything.len()
    );
    assert_eq!(paged, everything);

    let too_many = debug_fail(&s, &["requests", "--limit", "101"]).await;
    assert_eq!(
        (too_many["code"].clone(), too_many["exit_code"].clone()),
        (json!("invalid_input"), json!(1)),
        "{too_many}"
    );
    assert!(
        too_many["message"]
            .as_str()
            .is_some_and(|m| m.contains("100")),
        "{too_many}"
    );

    // An unfinished request comes first as pending, then again once complete.
    let cursor = since.expect("at least one page");
    let cursor_arg = cursor.to_string();
    // Without settling: the evaluate answers while its fetch is still out.
    let started = s
        .op(&[
            "evaluate",
            "(window.__slow = fetch('/slow?ms=1500').then(r => r.text()), 'started')",
            "--no-settle",
        ])
        .await;
    assert_eq!(started["value"], "started");
    let slow_url = site.url("/slow?ms=1500");
    let (pending, seen_at) = wait_for("/slow to appear as pending", WAIT, || async {
        let page = debug(&s, &["requests", "--all", "--since", &cursor_arg]).await;
        let record = page["items"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|r| r["url"] == slow_url.as_str())
            .cloned()?;
        Some((record, page["next_since"].as_u64()?))
    })
    .await;
    assert_eq!(
        pending["state"], "pending",
        "read within 1.5 s of the start: {pending}"
    );
    assert_eq!(pending["response_body"]["state"], "pending", "{pending}");
    let seen_arg = seen_at.to_string();
    let done = wait_for("/slow to reappear complete", WAIT, || async {
        let page = debug(&s, &["requests", "--all", "--since", &seen_arg]).await;
        page["items"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|r| r["id"] == pending["id"] && is_final(r))
            .cloned()
    })
    .await;
    assert_eq!(done["state"], "complete", "{done}");
    assert!(
        done["revision"].as_u64() > pending["revision"].as_u64(),
        "{done}"
    );
    assert!(
        done["duration_ms"].as_u64().is_some_and(|d| d >= 1400),
        "{done}"
    );

    // Once nothing changes, reading from the latest next_since gives an empty page.
    let latest = debug(
        &s,
        &["requests", "--all", "--limit", "100", "--since", &seen_arg],
    )
    .await;
    let end = latest["next_since"]
        .as_u64()
        .expect("the completed /slow is on this page");
    let end_arg = end.to_string();
    let empty = debug(&s, &["requests", "--all", "--since", &end_arg]).await;
    assert_eq!(empty["items"], json!([]), "{empty}");
    assert!(empty.get("next_since").is_none(), "{empty}");
    let human = s
        .run(&["debug", "requests", "--since", &end_arg])
        .await
        .success();
    assert!(human.stdout.contains("(no more entries)"), "{human:#?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn redirect_chains_and_preflights_read_as_logical_requests() {
    let site = site().await;
    let bsk = TestBsk::new("cap-logical");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &site.url("/redirect/start")]).await;
    // A cross-origin fetch with a custom header needs a CORS preflight (localhost is another
    // origin than 127.0.0.1); `/echo` grants no CORS, so the guarded request then fails.
    let other = site.url_on("localhost", "/echo?cors=1");
    let acted = s
        .op(&[
            "evaluate",
            &format!(
                "fetch({}, {{method: 'PUT', headers: {{'X-Probe': '1'}}}}).then(() => 'ok', e => e.name)",
                json!(other)
            ),
        ])
        .await;
    let guarded = wait_for("the guarded PUT", WAIT, || async {
        requests(&s)
            .await
            .into_iter()
            .find(|r| r["method"] == "PUT" && r["preflight"].is_string() && is_final(r))
    })
    .await;
    let preflight_id = guarded["preflight"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let listed = requests(&s).await;
    let preflight = listed
        .iter()
        .find(|r| r["id"] == preflight_id.as_str())
        .unwrap_or_else(|| panic!("no preflight {preflight_id}: {listed:#?}"));
    assert_eq!(preflight["method"], "OPTIONS", "{preflight}");
    assert_eq!(preflight["preflight_for"], guarded["id"], "{preflight}");
    // The action's result lists the two as `debug requests` does: in the same order, the
    // preflight marked as one.
    let guarded_id = id(&guarded);
    let pair = [preflight_id.as_str(), guarded_id.as_str()];
    let order = |items: &[serde_json::Value]| -> Vec<String> {
        items
            .iter()
            .filter_map(|r| r["id"].as_str())
            .filter(|id| pair.contains(id))
            .map(str::to_string)
            .collect()
    };
    let caused = acted["caused"]["requests"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let page = debug(&s, &["requests", "--limit", "100"]).await;
    let paged = page["items"].as_array().cloned().unwrap_or_default();
    assert_eq!(order(&caused), order(&paged), "{acted:#}\n{page:#}");
    assert_eq!(order(&caused).len(), 2, "{acted:#}");
    let briefed = caused
        .iter()
        .find(|r| r["id"] == preflight_id.as_str())
        .expect("the preflight in the action's result");
    assert_eq!(briefed["preflight_for"], guarded["id"], "{briefed}");

    // The chain, hop by hop, from any of its hops.
    let last = final_url(&s, &site.url("/redirect/final")).await;
    let chain = debug(&s, &["request", &id(&last), "--chain"]).await;
    let hops: Vec<(String, u64)> = chain["hops"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|h| {
            let url = h["url"].as_str().unwrap_or_default();
            (
                url.rsplit('/').next().unwrap_or_default().to_string(),
                h["status"].as_u64().unwrap_or_default(),
            )
        })
        .collect();
    assert_eq!(
        hops,
        [
            ("start".to_string(), 302),
            ("middle".to_string(), 301),
            ("final".to_string(), 200)
        ],
        "{chain}"
    );
    let first = chain["hops"][0]["id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert_eq!(
        debug(&s, &["request", &first, "--chain"]).await["hops"],
        chain["hops"]
    );
    let guarded_chain = debug(&s, &["request", &id(&guarded), "--chain"]).await;
    assert_eq!(
        guarded_chain["preflight"]["id"],
        preflight_id.as_str(),
        "{guarded_chain}"
    );
    let human = s
        .run(&["debug", "request", &first, "--chain"])
        .await
        .success();
    assert!(
        human.stdout.contains("hop 3") && human.stdout.contains("302"),
        "{human:#?}"
    );
    // The reminder that 2xx is not success comes with 2xx statuses only.
    let redirect = s.run(&["debug", "request", &first]).await.success();
    assert!(!redirect.stdout.contains("2xx"), "{redirect:#?}");
    let ok = s.run(&["debug", "request", &id(&last)]).await.success();
    assert!(ok.stdout.contains("2xx status is not success"), "{ok:#?}");

    // --logical: one line per logical request.
    let logical = debug(&s, &["requests", "--logical", "--limit", "100"]).await;
    let items = logical["items"].as_array().cloned().unwrap_or_default();
    assert!(
        items.iter().all(|r| r["preflight_for"].is_null()),
        "{logical}"
    );
    assert!(
        !items.iter().any(|r| r["id"] == first.as_str()),
        "earlier hops fold: {logical}"
    );
    let folded_last = items
        .iter()
        .find(|r| r["id"] == last["id"])
        .unwrap_or_else(|| panic!("the chain's final hop: {logical}"));
    assert_eq!(
        folded_last["chain"].as_array().map(Vec::len),
        Some(3),
        "{folded_last}"
    );
    let human = s.run(&["debug", "requests", "--logical"]).await.success();
    assert!(human.stdout.contains("3 hops"), "{human:#?}");
    assert!(
        human.stdout.contains(&format!("preflight {preflight_id}")),
        "{human:#?}"
    );
}

/// In a browser bsk attached to (`--cdp-url`), a quick error response finishes like any other:
/// complete, with its time, not left in flight when the capture stops.
#[tokio::test(flavor = "multi_thread")]
async fn an_attached_browser_s_quick_error_responses_finish() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("cap-attached-500").await;
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/demo")).await;
    quick_errors_finish(&s, &s.tab, &site).await;
    // A person's own tab, borrowed: the default context, where the extension lives. It is
    // opened loaded and quiet, so the capture does not race the page's own load requests.
    let borrower = bsk.start_session().await;
    let user_tab = crate::common::open_user_tab(&bsk, &site.url("/demo")).await;
    bsk.json(&["tab", "borrow", &user_tab, "--session", &borrower.id])
        .await;
    start_capture(&borrower, &user_tab, &["--tab-id", &user_tab]).await;
    quick_errors_finish(&borrower, &user_tab, &site).await;
}

async fn quick_errors_finish(s: &Session<'_>, tab: &str, site: &Site) {
    for _ in 0..3 {
        assert_eq!(
            s.eval_on(tab, "fetch('/status/500').then(r => r.status)")
                .await,
            500
        );
    }
    let url = site.url("/status/500");
    let finished = wait_for("the 500s to finish", WAIT, || async {
        let done: Vec<Value> = requests(s)
            .await
            .into_iter()
            .filter(|r| r["url"] == url && r["state"] == "complete")
            .collect();
        (done.len() == 3).then_some(done)
    })
    .await;
    for record in &finished {
        assert_eq!(record["status"], 500, "{record}");
        assert!(record["duration_ms"].as_u64().is_some(), "{record}");
    }
    debug(s, &["stop"]).await;
    let summary = debug(s, &["summary"]).await;
    let route = summary["routes"]
        .as_array()
        .and_then(|routes| {
            routes
                .iter()
                .find(|r| {
                    r["route"]
                        .as_str()
                        .is_some_and(|r| r.ends_with("/status/{id}"))
                })
                .cloned()
        })
        .unwrap_or_else(|| panic!("no /status route: {summary}"));
    assert_eq!(
        (route["in_flight"].clone(), route["count"].clone()),
        (json!(0), json!(3)),
        "{route}"
    );
}

/// A response the page never read before it navigated away: the browser reports no end for it.
/// The record says so (failed, with its time), rather than "unfinished: capture ended first"
/// and a request in flight for ever.
#[tokio::test(flavor = "multi_thread")]
async fn a_response_the_page_left_before_reading_ends_with_the_page() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("cap-left-500").await;
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/demo")).await;
    s.run(&[
        "evaluate",
        "fetch('/status/500').then(r => { location.href = '/redirect/final'; return r.status; })",
    ])
    .await;
    let url = site.url("/status/500");
    final_url(&s, &site.url("/redirect/final")).await;
    debug(&s, &["stop"]).await;
    let left = requests(&s)
        .await
        .into_iter()
        .find(|r| r["url"] == url)
        .unwrap_or_else(|| panic!("no record of {url}"));
    assert_eq!(
        (left["status"].clone(), left["state"].clone()),
        (json!(500), json!("failed")),
        "{left}"
    );
    let detail = part(&s, &id(&left), "metadata", &[]).await;
    assert!(
        detail["failure"]
            .as_str()
            .is_some_and(|f| f.contains("navigated away")),
        "{detail}"
    );
    assert!(left["duration_ms"].as_u64().is_some(), "{left}");
    let page = final_url(&s, &site.url("/redirect/final")).await;
    assert_eq!(
        page["state"], "complete",
        "the new document is its own: {page}"
    );
    let summary = debug(&s, &["summary"]).await;
    let in_flight: u64 = summary["routes"]
        .as_array()
        .map(|routes| routes.iter().filter_map(|r| r["in_flight"].as_u64()).sum())
        .unwrap_or_default();
    assert_eq!(in_flight, 0, "{summary}");
}
