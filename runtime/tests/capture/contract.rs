//! Rows of the website-debugging contract (issue #49), each pinned by a test that fails without
//! it: reads never repeat a request, iframes that exist before the start are captured, a
//! response without a body is `empty`, the daemon keeps no store of the evidence, and `requests`
//! lists static resources that operation windows fold.

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

use crate::common::evidence::{
    debug, final_url, final_with_url, id, part, run_info, start_capture, status_says,
};
use crate::common::manual::Manual;
use crate::common::{Checked, Session, TestBsk, WAIT, site, wait_for};

/// Every read `bsk debug` offers, as JSON and as a person reads it: requests, each part of a
/// request, its chain and a pointer into its body, console, pages, operations and one operation,
/// search, summary, problems, status and both export formats. `post` has request and response
/// bodies; `hop` is the last hop of a redirect chain.
async fn every_read(s: &Session<'_>, post: &str, hop: &str, operation: &str) {
    let mut reads: Vec<Vec<&str>> = vec![
        vec!["requests"],
        vec!["requests", "--all", "--limit", "100"],
        vec!["requests", "--logical"],
        vec!["request", hop, "--chain"],
        vec![
            "request",
            post,
            "--part",
            "response",
            "--pointer",
            "/method",
        ],
        vec!["request", post, "--part", "request", "--pointer", "/plan"],
        vec!["console"],
        vec!["pages"],
        vec!["operations"],
        vec!["operations", "--all", "--caused"],
        vec!["operation", operation],
        vec!["operation", operation, "--all"],
        vec!["search", "plan"],
        vec!["summary"],
        vec!["problems"],
        vec!["status"],
        vec!["export"],
        vec!["export", "--format", "har"],
    ];
    for part in [
        "metadata", "request", "response", "headers", "timing", "all",
    ] {
        reads.push(vec!["request", post, "--part", part]);
        reads.push(vec!["request", hop, "--part", part]);
    }
    for args in reads {
        debug(s, &args).await;
        let mut human = vec!["debug"];
        human.extend_from_slice(&args);
        s.run(&human).await.success();
    }
}

/// C19: "No network request is repeated by these reads." The site's own log is the ground
/// truth: not one request reaches it while every read runs, on a live capture and a stopped one.
/// A read that fetched a body again, replayed a request for its chain or re-sent it to fill an
/// export would show up there.
#[tokio::test(flavor = "multi_thread")]
async fn debug_reads_never_send_a_request_again() {
    let site = site().await;
    let bsk = TestBsk::new("cap-no-resend");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/ops")).await;
    let method = s
        .eval(
            "fetch('/echo?c19=1', {method: 'POST', headers: {'content-type': 'application/json'}, \
             body: JSON.stringify({plan: 'pro'})}).then(r => r.json()).then(j => j.method)",
        )
        .await;
    assert_eq!(method, "POST");
    let redirected = s
        .eval("fetch('/redirect/start').then(r => r.json()).then(j => j.final)")
        .await;
    assert_eq!(redirected, true);
    s.eval("console.log('c19 read me'), true").await;
    let post = final_with_url(&s, "/echo?c19=1").await;
    let hop = final_url(&s, &site.url("/redirect/final")).await;
    assert_eq!(
        post["response_body"]["state"], "available",
        "the body a read could fetch again is retained: {post}"
    );
    let operations = debug(&s, &["operations"]).await;
    let operation = operations["items"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("no operation recorded: {operations}"))
        .to_string();
    let (post, hop) = (id(&post), id(&hop));
    let seen = site.requests();
    assert_eq!(site.request_count("/echo?c19=1"), 1, "{seen:#?}");

    every_read(&s, &post, &hop, &operation).await;
    debug(&s, &["stop"]).await;
    every_read(&s, &post, &hop, &operation).await;

    let after = site.requests();
    let paths = |log: &[bsk_load_tests::site::LoggedRequest]| -> Vec<String> {
        log.iter()
            .map(|r| format!("{} {}", r.method, r.path))
            .collect()
    };
    assert_eq!(
        paths(&after),
        paths(&seen),
        "the site received requests while only debug reads ran"
    );
    assert_eq!(site.request_count("/echo?c19=1"), 1);
}

/// B15: "Root + up to 16 existing/new iframe targets". A cross-site iframe already loaded when
/// `debug start` runs is attached by the start itself: coverage counts it as late, and a request
/// it makes afterwards is recorded under its own target. Without the existing targets, the
/// frame's later traffic would be on no captured target and missing from the capture.
#[tokio::test(flavor = "multi_thread")]
async fn an_iframe_loaded_before_the_start_is_captured_from_the_start_on() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("cap-late-frame").await;
    let s = bsk.start_session().await;
    s.load(&site.url("/iframe-host")).await;
    let frame_url = site.url_on("b.localhost", "/frame/inner?id=cross");
    let mut person = Manual::browser(&bsk).await;
    let frame_target = {
        let person = tokio::sync::Mutex::new(&mut person);
        wait_for("the cross-site iframe's target", WAIT, || async {
            let targets = person
                .lock()
                .await
                .send(None, "Target.getTargets", json!({}))
                .await;
            targets["targetInfos"]
                .as_array()
                .into_iter()
                .flatten()
                .find(|t| t["type"] == "iframe" && t["url"] == frame_url.as_str())
                .and_then(|t| t["targetId"].as_str().map(str::to_string))
        })
        .await
    };
    assert_eq!(
        s.eval("document.getElementById('cross').src").await,
        frame_url.as_str(),
        "the host page's cross-site frame is the one found"
    );

    let run = start_capture(&s, &s.tab, &[]).await;
    let coverage = wait_for("the existing iframe to be counted", WAIT, || async {
        let coverage = run_info(&s, &run).await["coverage"].clone();
        (coverage["iframe_targets_late"].as_u64() >= Some(1)).then_some(coverage)
    })
    .await;
    assert!(
        coverage["iframe_targets"].as_u64() >= Some(1),
        "a late iframe is a captured one: {coverage}"
    );
    status_says(&s, "iframes attached late").await;

    // The frame fetches, as its own script would: the request is on the frame's target.
    person.attach(&frame_target).await;
    let fetched = person
        .call(
            "Runtime.evaluate",
            json!({
                "expression": "fetch('/frame/data.json?after=start').then(r => r.json()).then(d => d.frame)",
                "awaitPromise": true,
                "returnByValue": true,
            }),
        )
        .await;
    assert_eq!(fetched["result"]["value"], true, "{fetched}");
    let late = final_url(
        &s,
        &site.url_on("b.localhost", "/frame/data.json?after=start"),
    )
    .await;
    assert_eq!(
        (late["target_id"].clone(), late["status"].clone()),
        (json!(frame_target), json!(200)),
        "the frame's request after the start, on the frame's target (tab {}): {late}",
        s.tab
    );
    assert_eq!(late["response_body"]["state"], "available", "{late}");
    // What it fetched while loading, before the start, is not reconstructed.
    let before = debug(&s, &["requests", "--limit", "100"]).await;
    let data_url = site.url_on("b.localhost", "/frame/data.json");
    assert!(
        !before["items"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["url"] == data_url.as_str()),
        "traffic before the start is not in the capture: {before}"
    );
}

/// S1: "Body states distinguish pending, available, empty, …". A 204, a HEAD and a 200 whose
/// body is zero bytes (`Content-Length: 0`, read from the browser and found empty) all end
/// `empty`, where a 200 with a body ends `available`. Reporting an empty body as `available`
/// with no text, or as `unavailable` because the browser had nothing to hand over, fails here.
#[tokio::test(flavor = "multi_thread")]
async fn responses_without_a_body_end_empty() {
    let site = site().await;
    let bsk = TestBsk::new("cap-empty-body");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/ops")).await;
    let statuses = s
        .eval(
            "Promise.all([fetch('/status/204'), fetch('/empty'), \
             fetch('/status/200?head', {method: 'HEAD'}), fetch('/status/200?body')]\
             .map(p => p.then(r => r.text().then(t => [r.status, t.length]))))",
        )
        .await;
    assert_eq!(statuses, json!([[204, 0], [200, 0], [200, 0], [200, 14]]));
    for (path, method, status) in [
        ("/status/204", "GET", 204),
        ("/empty", "GET", 200),
        ("/status/200?head", "HEAD", 200),
    ] {
        let record = final_url(&s, &site.url(path)).await;
        assert_eq!(
            (
                record["method"].clone(),
                record["status"].clone(),
                record["response_body"]["state"].clone()
            ),
            (json!(method), json!(status), json!("empty")),
            "{path}: {record}"
        );
        let read = part(&s, &id(&record), "response", &[]).await;
        assert_eq!(read["body"]["state"], "empty", "{path}: {read}");
        assert!(
            read["text"].as_str().is_none_or(str::is_empty),
            "{path}: {read}"
        );
    }
    let full = final_url(&s, &site.url("/status/200?body")).await;
    assert_eq!(full["response_body"]["state"], "available", "{full}");
}

/// Every regular file under `dir` (recursively), except the top-level entries `skip` accepts.
fn files_under(dir: &Path, skip: &dyn Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(next) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&next) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if next == dir && skip(&entry.file_name().to_string_lossy()) {
                continue;
            }
            match entry.file_type() {
                Ok(kind) if kind.is_dir() => todo.push(path),
                Ok(kind) if kind.is_file() => files.push(path),
                _ => {}
            }
        }
    }
    files.sort();
    files
}

/// The files under the state dir that hold `needle`, the browser's own profiles left out; and
/// every file looked at.
fn files_holding(home: &Path, needle: &str) -> (Vec<PathBuf>, Vec<PathBuf>) {
    // The browser's profile is the browser's: its disk cache, and the extension's IndexedDB
    // history that the contract places there, are not a daemon's store.
    let files = files_under(home, &|name| name.starts_with("chromium-profile"));
    let holding = files
        .iter()
        .filter(|file| {
            std::fs::read(file).is_ok_and(|bytes| {
                bytes
                    .windows(needle.len())
                    .any(|window| window == needle.as_bytes())
            })
        })
        .cloned()
        .collect();
    (holding, files)
}

/// H3: "No new daemon storage … is required"; evidence "is not added to audit storage". After
/// a capture retained a body holding a unique string, was stopped, and its session and daemon
/// ended, no file bsk wrote in its state dir (its log, state, socket dir, installed extension)
/// holds the string. A daemon that spilled bodies to disk, kept captures in a file, or logged
/// what it captured fails here. The browser's own profile, where the extension keeps its
/// history, is not the daemon's.
#[tokio::test(flavor = "multi_thread")]
async fn a_stopped_capture_leaves_its_evidence_in_no_file_of_the_state_dir() {
    let site = site().await;
    let bsk = TestBsk::new("cap-no-store");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/ops")).await;
    // The string is put together in the page, so no command bsk ran carries it whole: only the
    // request and response bodies do.
    let nonce = format!("{}x{}", std::process::id(), crate::common::manual::now_ms());
    let planted = format!("planted-{nonce}-body");
    let sent = s
        .eval(&format!(
            "fetch('/echo?h3=1', {{method: 'POST', headers: {{'content-type': 'text/plain'}}, \
             body: ['planted', '{nonce}', 'body'].join('-')}}).then(r => r.json()).then(j => j.body_len)"
        ))
        .await;
    assert_eq!(sent, json!(planted.len()));
    let echo = final_with_url(&s, "/echo?h3=1").await;
    let echoed = part(&s, &id(&echo), "response", &["--pointer", "/body"]).await;
    assert_eq!(
        echoed["value"],
        planted.as_str(),
        "the capture holds the string: {echoed}"
    );
    let request = part(&s, &id(&echo), "request", &[]).await;
    assert_eq!(request["text"], planted.as_str(), "{request}");
    debug(&s, &["stop"]).await;

    let (holding, looked_at) = files_holding(&bsk.home, &planted);
    assert!(
        holding.is_empty(),
        "with the capture stopped, files of the state dir hold its evidence: {holding:#?}"
    );
    let log = bsk.home.join("daemon.log");
    assert!(
        looked_at.contains(&log) && std::fs::metadata(&log).is_ok_and(|m| m.len() > 0),
        "the daemon's log is among the files looked at: {looked_at:#?}"
    );

    // Nor does anything written as the session and the daemon end.
    bsk.ok(&["session", "stop", &s.id]).await;
    bsk.ok(&["daemon", "stop"]).await;
    let (holding, looked_at) = files_holding(&bsk.home, &planted);
    assert!(
        holding.is_empty(),
        "after the daemon stopped, files of the state dir hold the evidence: {holding:#?}"
    );
    assert!(looked_at.contains(&log), "{looked_at:#?}");
}

/// The request of `items` whose URL contains `needle`.
fn find<'a>(items: &'a Value, needle: &str) -> Option<&'a Value> {
    items
        .as_array()?
        .iter()
        .find(|r| r["url"].as_str().is_some_and(|u| u.contains(needle)))
}

/// "requests lists all traffic": `bsk debug requests` without `--all` lists static resources
/// (an image and a stylesheet) with everything else, and `--all` changes nothing there. Operation
/// windows are where they are folded: `debug operations` leaves them out of its counts and
/// `debug operation` counts them apart (`folded`), until `--all` lists them.
#[tokio::test(flavor = "multi_thread")]
async fn requests_list_static_resources_that_operations_fold_with_a_count() {
    let site = site().await;
    let bsk = TestBsk::new("cap-static");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/ops")).await;
    let loaded = s
        .eval(
            "new Promise(done => { let left = 3; const one = () => --left || done(true); \
             const img = Object.assign(document.createElement('img'), \
               {src: '/load/api/bytes?bytes=64&type=png&static=img', onload: one, onerror: one}); \
             const css = Object.assign(document.createElement('link'), \
               {rel: 'stylesheet', href: '/text?chars=8&static=css', onload: one, onerror: one}); \
             document.body.append(img); document.head.append(css); \
             fetch('/item/7?static=api').then(one, one); })",
        )
        .await;
    assert_eq!(loaded, true);

    // Waited for as the evidence helpers read the list (with `--all`), then read without it.
    for needle in ["static=img", "static=css", "static=api"] {
        final_with_url(&s, needle).await;
    }
    let listed = debug(&s, &["requests", "--limit", "100"]).await;
    let listed_one = |needle: &str| {
        find(&listed["items"], needle)
            .cloned()
            .unwrap_or_else(|| panic!("debug requests without --all leaves out {needle}: {listed}"))
    };
    let (image, sheet) = (listed_one("static=img"), listed_one("static=css"));
    listed_one("static=api");
    assert_eq!(
        (image["resource_type"].clone(), image["status"].clone()),
        (json!("Image"), json!(200)),
        "{image}"
    );
    assert_eq!(
        (sheet["resource_type"].clone(), sheet["status"].clone()),
        (json!("Stylesheet"), json!(200)),
        "{sheet}"
    );
    let with_all = debug(&s, &["requests", "--all", "--limit", "100"]).await;
    let ids = |page: &Value| -> Vec<String> {
        page["items"]
            .as_array()
            .into_iter()
            .flatten()
            .map(id)
            .collect()
    };
    assert_eq!(
        ids(&with_all),
        ids(&listed),
        "--all lists nothing requests did not: {with_all}"
    );
    let human = s.run(&["debug", "requests"]).await.success();
    for needle in ["static=img", "static=css"] {
        assert!(human.stdout.contains(needle), "{needle}: {human:#?}");
    }

    // The evaluate that added them: its window folds the two, counted.
    let operations = debug(&s, &["operations"]).await;
    let added = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == "evaluate")
        .cloned()
        .unwrap_or_else(|| panic!("no evaluate operation: {operations}"));
    let added_id = id(&added);
    let everything = debug(&s, &["operations", "--all"]).await;
    let unfolded = everything["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["id"] == added["id"])
        .cloned()
        .unwrap_or_default();
    let count = |o: &Value| {
        o["immediate_requests"].as_u64().unwrap_or_default()
            + o["possibly_related_requests"].as_u64().unwrap_or_default()
    };
    assert!(
        count(&unfolded) >= count(&added) + 2,
        "operations counts the two static requests only with --all: {added} vs {unfolded}"
    );
    let caused = debug(&s, &["operations", "--caused"]).await;
    let brief = caused["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["id"] == added["id"])
        .map(|o| o["caused"].clone())
        .unwrap_or_default();
    assert!(brief["folded"].as_u64() >= Some(2), "{brief}");

    let detail = debug(&s, &["operation", &added_id]).await;
    let windows = [&detail["immediate"], &detail["possibly_related"]];
    let folded: u64 = windows
        .iter()
        .map(|w| w["folded"].as_u64().unwrap_or_default())
        .sum();
    assert!(folded >= 2, "the image and stylesheet folded: {detail}");
    for window in windows {
        for needle in ["static=img", "static=css"] {
            assert!(find(&window["requests"], needle).is_none(), "{detail}");
        }
    }
    assert!(
        windows
            .iter()
            .any(|w| find(&w["requests"], "static=api").is_some()),
        "the fetch stays listed: {detail}"
    );
    let shown = s.run(&["debug", "operation", &added_id]).await.success();
    assert!(
        shown
            .stdout
            .contains("static, data: or extension requests folded; --all shows them"),
        "{shown:#?}"
    );
    let all = debug(&s, &["operation", &added_id, "--all"]).await;
    for needle in ["static=img", "static=css"] {
        assert!(
            [&all["immediate"], &all["possibly_related"]]
                .iter()
                .any(|w| find(&w["requests"], needle).is_some()),
            "--all lists {needle}: {all}"
        );
    }
}
