//! Frames and tabs beyond the root: iframes (in and out of process), cache and service-worker
//! flags, a flooded tab's iframes, and popups that join their session.

use std::collections::BTreeSet;

use serde_json::{Value, json};

use crate::common::evidence::{
    debug, final_url, id, is_final, part, requests, run_info, start_capture, status_says,
};
use crate::common::{Checked, TestBsk, WAIT, site, wait_for, wait_until};

const MAX_IFRAME_TARGETS: u64 = 16;

#[tokio::test(flavor = "multi_thread")]
async fn iframes_cache_and_service_worker_flags_are_recorded() {
    let site = site().await;
    let bsk = TestBsk::new("cap-frames");

    // A cross-site iframe is its own target, with its own requests and console.
    let host = bsk.start_session().await;
    let run_id = start_capture(&host, &host.tab, &[]).await;
    host.op(&["navigate", &site.url("/iframe-host")]).await;
    let cross_doc_url = site.url_on("b.localhost", "/frame/inner?id=cross");
    let cross_data_url = site.url_on("b.localhost", "/frame/data.json");
    let cross_data = final_url(&host, &cross_data_url).await;
    let cross_doc = final_url(&host, &cross_doc_url).await;
    let same_data = final_url(&host, &site.url("/frame/data.json")).await;
    let frame_target = cross_data["target_id"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(
        !frame_target.is_empty() && frame_target != host.tab,
        "the cross-site frame's fetch is on the iframe target, not tab {}: {cross_data}",
        host.tab
    );
    assert_eq!(same_data["target_id"], host.tab.as_str(), "{same_data}");
    assert_eq!(cross_doc["status"], 200, "{cross_doc}");
    assert_eq!(cross_doc["resource_type"], "Document", "{cross_doc}");
    assert_eq!(
        cross_doc["response_body"]["state"], "available",
        "{cross_doc}"
    );
    // An out-of-process frame's target id is its frame id.
    let doc_meta = part(&host, &id(&cross_doc), "metadata", &[]).await;
    assert_eq!(doc_meta["frame_id"], frame_target.as_str(), "{doc_meta}");
    let all = requests(&host).await;
    let ids: BTreeSet<String> = all.iter().map(id).collect();
    assert_eq!(ids.len(), all.len(), "ids are distinct across targets");
    let ready = wait_for("the cross-site frame's console entry", WAIT, || async {
        let console = debug(&host, &["console", "--limit", "100"]).await;
        console["items"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|c| {
                c["text"]
                    .as_str()
                    .is_some_and(|t| t.contains("frame ready"))
                    && c["text"]
                        .as_str()
                        .is_some_and(|t| t.contains("b.localhost"))
            })
            .cloned()
    })
    .await;
    assert_eq!(ready["target_id"], frame_target.as_str(), "{ready}");
    assert_eq!(ready["source"], "website", "{ready}");
    let run = run_info(&host, &run_id).await;
    assert!(
        run["coverage"]["iframe_targets"].as_u64() >= Some(1),
        "{run}"
    );
    let human = host.run(&["debug", "status"]).await.success();
    assert!(
        human.stdout.lines().any(|l| l
            .trim()
            .strip_prefix("iframes captured: ")
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n >= 1)),
        "{human:#?}"
    );

    // Twenty cross-site frames: sixteen captured, the rest counted over the limit.
    let many = bsk.start_session().await;
    let many_run = start_capture(&many, &many.tab, &[]).await;
    many.op(&["navigate", &site.url("/many-frames?n=20")]).await;
    let coverage = wait_for("all 20 frames to be counted", WAIT, || async {
        let run = run_info(&many, &many_run).await;
        let coverage = run["coverage"].clone();
        let seen = coverage["iframe_targets"].as_u64()?
            + coverage["iframe_targets_over_limit"].as_u64()?;
        (seen >= 20).then_some(coverage)
    })
    .await;
    assert_eq!(coverage["iframe_targets"], MAX_IFRAME_TARGETS, "{coverage}");
    assert!(
        coverage["iframe_targets_over_limit"].as_u64() >= Some(4),
        "{coverage}"
    );
    status_says(&many, "iframes over the 16 limit").await;

    // The second of two sequential fetches of a cacheable response comes from the cache.
    let cache = bsk.start_session().await;
    start_capture(&cache, &cache.tab, &[]).await;
    cache
        .op(&["navigate", &site.url_on("cache.localhost", "/cache-page")])
        .await;
    wait_until("both /cached fetches", WAIT, || async {
        cache.eval("window.__cache.done").await == true
    })
    .await;
    let cached_url = site.url_on("cache.localhost", "/cached");
    let cached = wait_for("two final /cached records", WAIT, || async {
        let matching: Vec<Value> = requests(&cache)
            .await
            .into_iter()
            .filter(|r| r["url"] == cached_url.as_str())
            .collect();
        (matching.len() == 2 && matching.iter().all(is_final)).then_some(matching)
    })
    .await;
    assert_eq!(cached[0]["from_cache"], false, "{:#?}", cached[0]);
    assert_eq!(cached[0]["status"], 200, "{:#?}", cached[0]);
    assert_eq!(cached[1]["from_cache"], true, "{:#?}", cached[1]);
    assert_eq!(cached[1]["status"], 200, "{:#?}", cached[1]);
    assert_eq!(
        site.request_count("/cached"),
        1,
        "the second fetch never reached the site"
    );

    // A fetch answered by the page's service worker.
    let sw = bsk.start_session().await;
    start_capture(&sw, &sw.tab, &[]).await;
    sw.op(&["navigate", &site.url_on("sw.localhost", "/sw-page")])
        .await;
    let result = wait_for("the service worker's answer", WAIT, || async {
        let state = sw.eval("window.__sw").await;
        assert!(state["error"].is_null(), "service worker failed: {state}");
        Some(state["result"].clone()).filter(|r| !r.is_null())
    })
    .await;
    assert_eq!(result, json!({"from": "sw"}));
    let hello = final_url(&sw, &site.url_on("sw.localhost", "/sw/hello")).await;
    assert_eq!(hello["status"], 200, "{hello}");
    assert_eq!(hello["from_service_worker"], true, "{hello}");
    let body = part(&sw, &id(&hello), "response", &["--pointer", "/from"]).await;
    assert_eq!(body["value"], "sw", "{body}");
    assert_eq!(
        site.request_count("/sw/hello"),
        0,
        "the worker answered, not the site"
    );

    // Last, so that every check above runs first: the iframe's own document request belongs to
    // the iframe's target like the rest of its traffic.
    assert_eq!(
        cross_doc["target_id"],
        frame_target.as_str(),
        "the cross-site iframe's document is recorded on the tab's target: {cross_doc}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn popups_and_new_tabs_join_their_session_and_its_capture() {
    let site = site().await;
    let bsk = TestBsk::new("cap-popup");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    let opened_by = |tabs: Value, url: String, opener: String| {
        tabs.as_array()
            .into_iter()
            .flatten()
            .find(|t| t["url"] == url.as_str() && t["opener"] == opener.as_str())
            .cloned()
    };

    // window.open: the popup is the session's, with its opener, and drivable.
    let popup_url = site.url("/ops2");
    s.eval(&format!("window.open({}), true", json!(popup_url)))
        .await;
    let popup = wait_for("the popup in the session", WAIT, || async {
        opened_by(
            bsk.json(&["tab", "list"]).await,
            popup_url.clone(),
            s.tab.clone(),
        )
    })
    .await;
    assert_eq!(
        (popup["session"].clone(), popup["ownership"].clone()),
        (json!(s.id), json!("created")),
        "{popup}"
    );
    let popup_id = popup["tab_id"].as_str().unwrap_or_default().to_string();
    let mine = bsk.json(&["tab", "list", "--session", &s.id]).await;
    let ids: Vec<&str> = mine
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|t| t["tab_id"].as_str())
        .collect();
    assert_eq!(ids.len(), 2, "its own tab and the popup: {mine}");
    assert!(
        ids.contains(&popup_id.as_str()) && ids.contains(&s.tab.as_str()),
        "{mine}"
    );
    assert_eq!(
        s.eval_on(
            &popup_id,
            "fetch('/status/404?from=popup').then(r => r.status)"
        )
        .await,
        404
    );
    // The opener's capture follows it from its first request, under the popup's target id.
    let document = final_url(&s, &popup_url).await;
    assert_eq!(document["target_id"], popup_id.as_str(), "{document}");
    let fetched = final_url(&s, &site.url("/status/404?from=popup")).await;
    assert_eq!(fetched["target_id"], popup_id.as_str(), "{fetched}");

    // A target=_blank link a click follows: a new tab of the session too.
    let blank_url = site.url("/ops2?blank");
    s.eval(&format!(
        "const a = document.createElement('a'); a.href = {}; a.target = '_blank'; a.id = 'blank'; \
         a.textContent = 'elsewhere'; document.body.prepend(a); true",
        json!(blank_url)
    ))
    .await;
    s.op(&["click", "#blank"]).await;
    let blank = wait_for("the new tab in the session", WAIT, || async {
        opened_by(
            bsk.json(&["tab", "list"]).await,
            blank_url.clone(),
            s.tab.clone(),
        )
    })
    .await;
    assert_eq!(blank["session"], s.id.as_str(), "{blank}");
    final_url(&s, &blank_url).await;

    // Closing the popup leaves the session on its own tab.
    s.eval_on(&popup_id, "window.close(), true").await;
    wait_until("the popup to leave the session", WAIT, || async {
        let sessions = bsk.json(&["session", "list"]).await;
        !sessions.to_string().contains(&popup_id)
    })
    .await;
    assert_eq!(s.eval("location.pathname").await, "/ops");
    let status = debug(&s, &["status"]).await;
    assert_eq!(status[0]["state"], "active", "{status}");

    // The session's end closes its popups with it.
    let blank_id = blank["tab_id"].as_str().unwrap_or_default().to_string();
    bsk.ok(&["session", "stop", &s.id]).await;
    let tabs = bsk.json(&["tab", "list"]).await;
    assert!(!tabs.to_string().contains(&blank_id), "{tabs}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_flooded_tab_still_hears_of_its_iframes_and_counts_what_it_dropped() {
    let site = site().await;
    let mut bsk = TestBsk::new("cap-flood");
    // A tab reader slow on evidence, so a console flood fills its channel.
    bsk.set_env("BSK_TEST_FAULTS", "1");
    bsk.set_env("BSK_TEST_SLOW_PUMP_MS", "2");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;
    s.eval("for (let i = 0; i < 20000; i++) console.log('flood', i); true")
        .await;
    // A cross-site iframe now: its target attaches paused, and must be heard of and resumed,
    // or it never loads.
    let frame = site.url_on("localhost", "/ops2");
    s.eval(&format!(
        "(() => {{ const f = document.createElement('iframe'); f.onload = () => window.__frameLoaded = true; \
         f.src = {}; document.body.append(f); return true; }})()",
        json!(frame)
    ))
    .await;
    wait_until("the iframe to load during the flood", WAIT, || async {
        s.eval("window.__frameLoaded === true").await == true
    })
    .await;
    // What could not be kept is counted where a person looks.
    let sessions = bsk.json(&["session", "list"]).await;
    assert!(
        sessions[0]["tabs"][0]["events_dropped"]
            .as_u64()
            .is_some_and(|n| n > 0),
        "{sessions}"
    );
}
