//! The per-capture bounds: bursts that evict and saturate, the four live captures, the load
//! profile's larger bounds, and the summary that counts what was evicted.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::evidence::{
    debug, debug_fail, id, is_final, part, requests, run_info, start_capture, status, status_says,
};
use crate::common::{Checked, TestBsk, WAIT, closed_port, site, wait_for, wait_until};

/// How long a read or a stop may take while a response is still streaming: it must not wait for
/// the browser.
const PROMPT: Duration = Duration::from_secs(5);

const MAX_REQUESTS: usize = 200;

#[tokio::test(flavor = "multi_thread")]
async fn bursts_evict_and_saturate_and_a_never_ending_body_does_not_block() {
    let site = site().await;
    let mut bsk = TestBsk::new("cap-bounds");
    // A slow browser (50 ms per body read) makes the burst overflow the body queue on any
    // machine, however fast.
    bsk.set_env("BSK_TEST_FAULTS", "1");
    bsk.set_env("BSK_TEST_SLOW_BODY_MS", "50");
    let s = bsk.start_session().await;
    let run_id = start_capture(&s, &s.tab, &[]).await;

    // 250 requests: 200 retained, the rest evicted and counted.
    s.op(&["navigate", &site.url("/burst?n=250")]).await;
    wait_until("the burst of 250", WAIT, || async {
        s.eval("window.__burst.done").await == true
    })
    .await;
    assert_eq!(s.eval("window.__burst.failed").await, 0);
    let settled = wait_for("every retained body to settle", WAIT, || async {
        let all = requests(&s).await;
        all.iter().all(is_final).then_some(all)
    })
    .await;
    assert_eq!(settled.len(), MAX_REQUESTS);
    let run = run_info(&s, &run_id).await;
    let counters = &run["counters"];
    assert_eq!(run["requests"], MAX_REQUESTS, "{run}");
    assert!(counters["requests_seen"].as_u64() >= Some(251), "{run}");
    assert!(counters["requests_evicted"].as_u64() >= Some(51), "{run}");
    let page = debug(&s, &["requests"]).await;
    assert_eq!(page["truncated"], true, "{page}");

    // The body fetcher's queue (4 running + 32 queued) overflowed: the bodies that gave way
    // read `saturated` at once, counted. Once the queue has emptied, each is tried again and,
    // as the browser still holds it, kept.
    let refetched = wait_for("a body read on a second try", WAIT, || async {
        let run = run_info(&s, &run_id).await;
        let refetched = run["counters"]["bodies_refetched"].as_u64().unwrap_or(0);
        (refetched > 0).then_some(refetched)
    })
    .await;
    // One snapshot, records and counters together: they agree at any moment.
    let export = debug(&s, &["export"]).await;
    let records = export["requests"].as_array().cloned().unwrap_or_default();
    let saturated: Vec<&Value> = records
        .iter()
        .filter(|r| r["response_body"]["reason"] == "saturated")
        .collect();
    assert!(
        saturated
            .iter()
            .all(|r| r["response_body"]["state"] == "unavailable"),
        "a saturated body is unavailable"
    );
    let counters = &export["run"]["counters"];
    assert_eq!(
        counters["bodies_saturated"].as_u64(),
        Some(saturated.len() as u64),
        "the counter is the retained requests whose body is still lost: {counters}"
    );
    assert!(
        counters["bodies_refetched"].as_u64() >= Some(refetched),
        "{counters}"
    );

    // Bodies queue up behind the slow browser, then a burst evicts their requests before their
    // turn: such a body is never fetched, counted as skipped work, not as lost evidence.
    let waves = "(async () => { \
        await Promise.all(Array.from({ length: 50 }, (_, i) => fetch('/item/a' + i).then(r => r.text()))); \
        await Promise.all(Array.from({ length: 250 }, (_, i) => fetch('/item/b' + i).then(r => r.text()))); \
        return 'done'; })()";
    assert_eq!(s.eval(waves).await, "done");
    let run = wait_for("the waves' bodies to settle", WAIT, || async {
        let all = requests(&s).await;
        let run = run_info(&s, &run_id).await;
        (all.iter().all(is_final) && run["counters"]["requests_seen"].as_u64() >= Some(551))
            .then_some(run)
    })
    .await;
    assert!(
        run["counters"]["body_fetches_skipped"].as_u64() > Some(0),
        "{run}"
    );

    // A response that never ends: reads and stop answer promptly, and stop says what is missing.
    assert_eq!(
        s.eval("(window.__ne = fetch('/never-ends').then(r => r.text()), 'started')")
            .await,
        "started"
    );
    let never_url = site.url("/never-ends");
    let streaming = wait_for("/never-ends to have its headers", WAIT, || async {
        requests(&s)
            .await
            .into_iter()
            .find(|r| r["url"] == never_url.as_str() && r["status"] == 200)
    })
    .await;
    assert_eq!(streaming["state"], "pending", "{streaming}");
    let started = Instant::now();
    let listed = tokio::time::timeout(PROMPT, s.run(&["debug", "requests", "--json"]))
        .await
        .expect("debug requests waited for a body");
    assert_eq!(listed.code, 0, "{listed:#?}");
    let detail = tokio::time::timeout(
        PROMPT,
        s.run(&[
            "debug",
            "request",
            &id(&streaming),
            "--part",
            "response",
            "--json",
        ]),
    )
    .await
    .expect("debug request waited for a body");
    assert_eq!(detail.code, 0, "{detail:#?}");
    assert_eq!(detail.json()["body"]["state"], "pending", "{detail:#?}");
    let stopped = tokio::time::timeout(PROMPT, s.run(&["debug", "stop", "--json"]))
        .await
        .expect("debug stop waited for a body");
    assert_eq!(stopped.code, 0, "{stopped:#?}");
    assert_eq!(stopped.json()["state"], "stopped", "{stopped:#?}");
    eprintln!(
        "reads and stop during a never-ending body took {:?}",
        started.elapsed()
    );
    let after = part(&s, &id(&streaming), "metadata", &[]).await;
    assert_eq!(after["state"], "unfinished", "{after}");
    assert_eq!(
        (
            after["response_body"]["state"].clone(),
            after["response_body"]["reason"].clone()
        ),
        (json!("unavailable"), json!("capture_stopped")),
        "{after}"
    );
    assert!(
        requests(&s).await.iter().all(|r| r["state"] != "pending"
            && r["response_body"]["state"] != "pending"
            && r["request_body"]["state"] != "pending"),
        "nothing stays pending after stop"
    );
}

/// The summary's route of a logged request, computed here independently: host and path, numeric
/// segments as `{id}`, no query.
fn logged_route(host: &str, path: &str) -> String {
    let path = path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path
        .split('/')
        .map(|seg| {
            if !seg.is_empty() && seg.bytes().all(|b| b.is_ascii_digit()) {
                "{id}"
            } else {
                seg
            }
        })
        .collect();
    format!("{host}{}", segments.join("/"))
}

#[tokio::test(flavor = "multi_thread")]
async fn the_summary_counts_all_traffic_as_the_server_saw_it_evicted_requests_included() {
    let site = site().await;
    let bsk = TestBsk::new("cap-summary");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/post-page")]).await;
    let run_id = start_capture(&s, &s.tab, &[]).await;
    site.clear_requests();
    let refused = format!("http://127.0.0.1:{}/refused", closed_port());
    // 330 requests over varied routes, statuses and failures: more than the 200 retained.
    let script = format!(
        r#"(async () => {{
            const all = [];
            for (let i = 1; i <= 120; i++) all.push(fetch('/item/' + i + '?q=' + i));
            for (let i = 0; i < 60; i++) all.push(fetch('/status/404?i=' + i));
            for (let i = 0; i < 40; i++) all.push(fetch('/status/503?i=' + i));
            for (let i = 0; i < 30; i++) all.push(fetch('/echo', {{ method: 'POST', body: 'x'.repeat(100) }}));
            for (let i = 0; i < 20; i++) all.push(fetch('{refused}?i=' + i).catch(() => 'refused'));
            // `no-store`: Chromium would otherwise serve most of the 301 hops from its cache.
            for (let i = 0; i < 10; i++) all.push(fetch('/redirect/start?i=' + i, {{ cache: 'no-store' }}));
            await Promise.all(all.map(p => Promise.resolve(p).then(r => r.text ? r.text() : r)));
            return 'done';
        }})()"#
    );
    assert_eq!(s.eval(&script).await, "done");
    let logged = site.requests();
    let summary = wait_for("the summary to see every request finish", WAIT, || async {
        let summary = debug(&s, &["summary"]).await;
        let flying: u64 = summary["routes"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|r| r["in_flight"].as_u64().unwrap_or_default())
            .sum();
        (summary["requests"].as_u64() >= Some(300) && flying == 0).then_some(summary)
    })
    .await;
    let run = run_info(&s, &run_id).await;
    assert!(
        run["counters"]["requests_evicted"].as_u64() >= Some(100),
        "{run}"
    );

    // Every route the server saw, with the server's count: zero difference. A hop served from
    // the browser's cache never reaches it.
    let mut server: std::collections::BTreeMap<(String, String), u64> = Default::default();
    for request in &logged {
        *server
            .entry((
                request.method.clone(),
                logged_route(&request.host, &request.path),
            ))
            .or_default() += 1;
    }
    let routes = summary["routes"].as_array().cloned().unwrap_or_default();
    let row = |method: &str, route: &str| -> Value {
        routes
            .iter()
            .find(|r| r["method"] == method && r["route"] == route)
            .cloned()
            .unwrap_or_else(|| panic!("no {method} {route} in {summary:#}"))
    };
    for ((method, route), count) in &server {
        let row = row(method, route);
        let reached =
            row["count"].as_u64().unwrap_or_default() - row["cached"].as_u64().unwrap_or_default();
        assert_eq!(reached, *count, "{method} {route}: {row}");
    }
    let seen: u64 = routes
        .iter()
        .map(|r| r["count"].as_u64().unwrap_or_default())
        .sum();
    assert_eq!(summary["requests"], seen, "every request is in one route");
    assert!(seen >= 120 + 60 + 40 + 30 + 20 + 10 * 3, "{summary:#}");
    let host = format!("127.0.0.1:{}", site.port());
    let items = row("GET", &format!("{host}/item/{{id}}"));
    assert_eq!(items["status"], json!({ "2xx": 120 }), "{items}");
    let statuses = row("GET", &format!("{host}/status/{{id}}"));
    assert_eq!(
        statuses["status"],
        json!({ "4xx": 60, "5xx": 40 }),
        "{statuses}"
    );
    let echo = row("POST", &format!("{host}/echo"));
    assert_eq!(echo["bytes_out"], 3000, "{echo}");
    assert!(echo["bytes_in"].as_u64() > Some(3000), "{echo}");
    let start = row("GET", &format!("{host}/redirect/start"));
    assert_eq!(start["status"], json!({ "3xx": 10 }), "{start}");
    let refused_route = refused.trim_start_matches("http://").to_string();
    let failed = row("GET", &refused_route);
    assert_eq!(
        (failed["count"].clone(), failed["failed"].clone()),
        (json!(20), json!(20))
    );
    assert_eq!(
        failed["failures"][0]["error"], "net::ERR_CONNECTION_REFUSED",
        "{failed}"
    );
    for route in &routes {
        let d = &route["duration_ms"];
        assert!(
            d["p50"].as_f64() <= d["p95"].as_f64()
                && d["p95"].as_f64() <= d["p99"].as_f64()
                && d["p99"].as_f64() <= d["max"].as_f64()
                && d["p50"].as_f64() > Some(0.0),
            "{route}"
        );
        assert!(
            route["first_seen"].as_u64() <= route["last_seen"].as_u64(),
            "{route}"
        );
    }

    // The same numbers in the export and, readably, in the text output.
    let export = debug(&s, &["export"]).await;
    assert_eq!(export["summary"], summary, "the export carries the summary");
    let text = s.run(&["debug", "summary"]).await;
    assert_eq!(text.code, 0, "{text:#?}");
    eprintln!("{}", text.stdout);
    assert!(
        text.stdout.contains(&format!("GET {host}/item/{{id}}"))
            && text.stdout.contains("net::ERR_CONNECTION_REFUSED ×20"),
        "{}",
        text.stdout
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_load_profile_retains_more_within_the_memory_budget_and_exports_to_a_file() {
    let site = site().await;
    let mut bsk = TestBsk::new("cap-load");
    // 400 MiB: room for one full load profile (384 MiB reserved) but not for two captures.
    bsk.set_env("BSK_MEMORY_BUDGET_MIB", "400");
    let s = bsk.start_session().await;

    // Beyond the default bounds only with the load profile, said plainly.
    let refused = debug_fail(&s, &["start", "--max-requests", "300"]).await;
    assert_eq!(refused["code"], "usage", "{refused}");
    assert!(
        refused["hint"]
            .as_str()
            .unwrap_or_default()
            .contains("--profile load"),
        "{refused}"
    );
    let refused = debug_fail(
        &s,
        &["start", "--profile", "load", "--max-requests", "20000"],
    )
    .await;
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("10000"),
        "{refused}"
    );

    let run_id = start_capture(&s, &s.tab, &["--profile", "load", "--max-requests", "1000"]).await;
    let run = run_info(&s, &run_id).await;
    assert_eq!(
        (
            run["limits"]["profile"].clone(),
            run["limits"]["max_requests"].clone(),
            run["limits"]["max_console"].clone()
        ),
        (json!("load"), json!(1000), json!(5000)),
        "{run}"
    );
    s.op(&["navigate", &site.url("/burst?n=1200")]).await;
    wait_until("the burst of 1200", WAIT, || async {
        s.eval("window.__burst.done").await == true
    })
    .await;
    let run = wait_for("the burst to be recorded", WAIT, || async {
        let run = run_info(&s, &run_id).await;
        (run["counters"]["requests_seen"].as_u64() >= Some(1201)).then_some(run)
    })
    .await;
    assert_eq!(
        run["requests"], 1000,
        "the load profile's bound, not 200: {run}"
    );
    assert!(
        run["counters"]["requests_evicted"].as_u64() >= Some(201),
        "{run}"
    );
    status_says(&s, "load profile: up to 1000 requests").await;
    let daemon = bsk.json(&["status"]).await;
    let reserved = daemon["memory"]["capture_reserved_bytes"]
        .as_u64()
        .unwrap_or_default();
    assert_eq!(
        Some(reserved),
        run["limits"]["memory_reserved"].as_u64(),
        "{daemon}"
    );
    assert_eq!(
        daemon["memory"]["capture_budget_bytes"],
        400 * 1024 * 1024,
        "{daemon}"
    );

    // Its export goes to a file, written by the daemon, never through one message.
    let refused = debug_fail(&s, &["export"]).await;
    assert!(
        refused["hint"]
            .as_str()
            .unwrap_or_default()
            .contains("--output"),
        "{refused}"
    );
    let file = bsk.home.join("load.json");
    let written = debug(&s, &["export", "--output", &file.to_string_lossy()]).await;
    assert_eq!(written["requests"], 1000, "{written}");
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(&file).expect("written");
        assert_eq!(meta.permissions().mode() & 0o777, 0o600);
        assert_eq!(Some(meta.len()), written["bytes"].as_u64());
    }
    let document: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("JSON");
    assert_eq!(document["requests"].as_array().map(Vec::len), Some(1000));
    assert!(
        document["summary"]["requests"].as_u64() >= Some(1201),
        "the summary counts all"
    );
    assert!(document.get("slice").is_none(), "an export is whole");

    // A second full load profile does not fit beside the running one: refused, with the way out.
    let other = bsk.start_session().await;
    let refused = debug_fail(&other, &["start", "--profile", "load"]).await;
    assert_eq!(refused["code"], "busy", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("memory budget"),
        "{refused}"
    );
    assert!(
        refused["hint"]
            .as_str()
            .unwrap_or_default()
            .contains("BSK_MEMORY_BUDGET_MIB"),
        "{refused}"
    );
    // Once the first is stopped, it is evicted to make room.
    debug(&s, &["stop"]).await;
    let second = start_capture(&other, &other.tab, &["--profile", "load"]).await;
    let run = run_info(&other, &second).await;
    assert_eq!(run["limits"]["max_requests"], 10000, "{run}");
}

/// "Live in-memory captures: 4 across the extension; saved stopped captures evicted first".
#[tokio::test(flavor = "multi_thread")]
async fn at_most_four_captures_are_held_and_stopped_ones_are_evicted_first() {
    let bsk = TestBsk::new("capture-bound");
    let mut sessions = Vec::new();
    for _ in 0..5 {
        sessions.push(bsk.start_session().await);
    }
    let mut runs = Vec::new();
    for s in &sessions[..4] {
        runs.push(start_capture(s, &s.tab, &[]).await);
    }
    let refused = debug_fail(&sessions[4], &["start"]).await;
    assert_eq!(
        refused["code"], "busy",
        "a fifth active capture is refused: {refused}"
    );
    assert_eq!(refused["exit_code"], 4);

    // Stopping one makes it the first to go when room is needed.
    debug(&sessions[1], &["stop"]).await;
    let fifth = start_capture(&sessions[4], &sessions[4].tab, &[]).await;
    assert!(!runs.contains(&fifth));
    let gone = debug_fail(&sessions[1], &["requests", "--run-id", &runs[1]]).await;
    assert_eq!(
        gone["code"], "not_found",
        "the stopped capture was evicted: {gone}"
    );
    assert!(
        status(&sessions[1]).await.is_empty(),
        "session 1 holds no capture any more"
    );
    for (s, run) in [
        (&sessions[0], &runs[0]),
        (&sessions[2], &runs[2]),
        (&sessions[3], &runs[3]),
    ] {
        assert_eq!(
            run_info(s, run).await["state"],
            "active",
            "active captures are protected"
        );
    }
}
