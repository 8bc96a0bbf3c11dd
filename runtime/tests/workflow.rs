//! The normal workflow end to end: the real `bsk` binary, its auto-spawned daemon, a real
//! headless Chromium and the scenario [`Site`]. Each test has its own state dir, so its own
//! daemon and browser; effects are checked in the page (`window.__events`, the DOM, the
//! accessibility snapshot), not only through exit codes.

mod common;

use std::time::Duration;

use bsk_load_tests::site::Site;
use common::{
    Bsk, WAIT, closed_port, is_running, ref_in, subtree, text_after, wait_for, wait_until,
};
use serde_json::{Value, json};

async fn site() -> Site {
    Site::start().await.expect("start the scenario site")
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn daemon_spawns_on_demand_exits_when_idle_and_obeys_start_stop() {
    let mut bsk = Bsk::new("daemon");
    bsk.set_env("BSK_DAEMON_IDLE_SECS", "2");

    // `daemon status` only looks; it does not start a daemon.
    assert_eq!(bsk.json(&["daemon", "status"]).await, json!({}));
    assert!(
        !bsk.socket().exists(),
        "daemon status must not spawn a daemon"
    );

    // Any other command starts one.
    assert_eq!(bsk.json(&["session", "list"]).await, json!([]));
    assert!(
        bsk.socket().exists(),
        "session list should have spawned a daemon listening on daemon.sock"
    );
    let status = bsk.json(&["daemon", "status"]).await;
    let first_pid = status["pid"]
        .as_u64()
        .and_then(|p| u32::try_from(p).ok())
        .expect("status has a pid");
    assert!(
        is_running(first_pid),
        "daemon pid {first_pid} is not a running process"
    );
    assert_eq!(status["state_dir"], json!(bsk.home.display().to_string()));
    assert_eq!(
        status["browser"]["mode"], "not_started",
        "no session yet, so no browser: {status}"
    );
    // The daemon's own memory: the counting allocator has seen the daemon's allocations.
    let heap = status["memory"]["heap_in_use_bytes"].as_u64().unwrap_or(0);
    let rss = status["memory"]["rss_bytes"].as_u64().unwrap_or(0);
    assert!(
        heap > 0 && rss > heap,
        "heap in use and resident size, with the heap inside the resident set: {status}"
    );

    // With no sessions it exits by itself. Only the socket file is polled: a status request
    // would count as activity and keep it alive.
    wait_until("the idle daemon to remove its socket", WAIT, || async {
        !bsk.socket().exists()
    })
    .await;
    wait_until("the idle daemon process to exit", WAIT, || async {
        !is_running(first_pid)
    })
    .await;
    assert_eq!(bsk.json(&["daemon", "status"]).await, json!({}));
    let human = bsk.ok(&["daemon", "status"]).await;
    assert_eq!(human.stdout.trim(), "daemon not running");

    // Explicit start, status and stop, with the default idle period.
    bsk.remove_env("BSK_DAEMON_IDLE_SECS");
    let started = bsk.ok(&["daemon", "start"]).await;
    assert!(
        started.stdout.starts_with("daemon   running, pid "),
        "daemon start output: {started:#?}"
    );
    let second_pid = bsk
        .daemon_pid()
        .await
        .expect("daemon start left a daemon running");
    assert_ne!(second_pid, first_pid, "a new daemon after the idle exit");
    assert!(
        started.stdout.contains(&format!("pid {second_pid}")),
        "start and status disagree: {started:#?}"
    );
    let again = bsk.ok(&["daemon", "start"]).await;
    assert_eq!(again.stdout.trim(), "daemon already running");
    assert_eq!(
        bsk.daemon_pid().await,
        Some(second_pid),
        "a second start must not replace the daemon"
    );

    let stopped = bsk.ok(&["daemon", "stop"]).await;
    assert_eq!(stopped.stdout.trim(), "daemon stopped");
    assert!(
        !bsk.socket().exists(),
        "daemon stop returns only once the socket is gone"
    );
    wait_until("the stopped daemon process to exit", WAIT, || async {
        !is_running(second_pid)
    })
    .await;
    assert_eq!(bsk.daemon_pid().await, None);
    assert_eq!(
        bsk.ok(&["daemon", "stop"]).await.stdout.trim(),
        "daemon not running"
    );

    // `--quiet` starts it without a word, for scripts.
    let quiet = bsk.ok(&["daemon", "start", "--quiet"]).await;
    assert_eq!(quiet.stdout, "", "daemon start --quiet: {quiet:#?}");
    assert!(
        bsk.daemon_pid().await.is_some(),
        "the quiet start started it"
    );
    // Status is what `daemon status` is asked for, quiet or not.
    let status = bsk.ok(&["daemon", "status", "--quiet"]).await;
    assert!(
        status.stdout.starts_with("daemon   running, pid "),
        "daemon status --quiet: {status:#?}"
    );
    assert_eq!(bsk.ok(&["daemon", "stop", "--quiet"]).await.stdout, "");
}

#[tokio::test(flavor = "multi_thread")]
async fn sessions_start_list_and_stop_closing_their_tabs() {
    let bsk = Bsk::new("sessions");

    // Human output of `session start` is the id alone, ready for `id=$(bsk session start)`.
    let started = bsk.ok(&["session", "start", "--name", "first"]).await;
    let a = started.stdout.trim().to_string();
    assert_eq!(
        started.stdout,
        format!("{a}\n"),
        "session start should print only the id"
    );
    assert!(
        a.len() == 5 && a.starts_with('s') && a.chars().all(|c| c.is_ascii_alphanumeric()),
        "short id: {a:?}"
    );
    let b = bsk.start_session().await;
    assert_ne!(a, b.id);

    let sessions = bsk.json(&["session", "list"]).await;
    let listed = sessions.as_array().expect("session list is an array");
    assert_eq!(listed.len(), 2, "{sessions}");
    let first = listed
        .iter()
        .find(|s| s["id"] == a.as_str())
        .expect("listed session a");
    assert_eq!(first["name"], "first");
    let a_tabs = first["tabs"].as_array().expect("tabs");
    assert_eq!(a_tabs.len(), 1, "{first}");
    assert_eq!(a_tabs[0]["ownership"], "created");
    assert_eq!(a_tabs[0]["session"], a.as_str());
    let a_tab = a_tabs[0]["tab_id"].as_str().expect("tab id").to_string();

    let human = bsk.ok(&["session", "list"]).await.stdout;
    assert!(
        human.contains(&format!("{a} \"first\"")) && human.contains(&a_tab),
        "human list: {human}"
    );

    let tab_ids = |tabs: Value| -> Vec<String> {
        tabs.as_array()
            .into_iter()
            .flatten()
            .filter_map(|t| t["tab_id"].as_str().map(str::to_string))
            .collect()
    };
    let tabs = bsk.json(&["tab", "list"]).await;
    let a_listed = tabs
        .as_array()
        .expect("tab list")
        .iter()
        .find(|t| t["tab_id"] == a_tab.as_str())
        .cloned();
    let a_listed = a_listed.unwrap_or_else(|| panic!("created tab missing from tab list: {tabs}"));
    assert_eq!(
        (a_listed["ownership"].clone(), a_listed["session"].clone()),
        (json!("created"), json!(a))
    );
    assert!(tab_ids(tabs).contains(&b.tab));

    // Stopping one session closes its tab and leaves the other alone.
    let result = bsk.json(&["session", "stop", &a]).await;
    assert_eq!(result, json!({ "stopped": [a], "returned_tabs": [] }));
    wait_until("the stopped session's tab to close", WAIT, || async {
        !tab_ids(bsk.json(&["tab", "list"]).await).contains(&a_tab)
    })
    .await;
    let remaining: Vec<Value> = bsk
        .json(&["session", "list"])
        .await
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(
        remaining
            .iter()
            .map(|s| s["id"].clone())
            .collect::<Vec<_>>(),
        vec![json!(b.id)]
    );
    let gone = bsk.fail(&["evaluate", "1", "--session", &a]).await;
    assert_eq!(gone["code"], "not_found", "{gone}");
    assert!(
        gone["message"]
            .as_str()
            .is_some_and(|m| m.contains(&a) && m.contains("stopped")),
        "{gone}"
    );

    // --all stops the rest.
    let c = bsk.start_session().await;
    let result = bsk.json(&["session", "stop", "--all"]).await;
    let mut stopped = strings(&result["stopped"]);
    stopped.sort();
    let mut expected = vec![b.id.clone(), c.id.clone()];
    expected.sort();
    assert_eq!(stopped, expected, "{result}");
    assert_eq!(bsk.json(&["session", "list"]).await, json!([]));
    assert_eq!(
        bsk.ok(&["session", "list"]).await.stdout.trim(),
        "no sessions; start one with `bsk session start`"
    );
    wait_until("every session tab to close", WAIT, || async {
        let open = tab_ids(bsk.json(&["tab", "list"]).await);
        !open.contains(&b.tab) && !open.contains(&c.tab)
    })
    .await;
    assert_eq!(
        bsk.ok(&["session", "stop", "--all"]).await.stdout.trim(),
        "no sessions to stop"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_operation_on_the_ops_page_has_its_effect() {
    let site = site().await;
    let bsk = Bsk::new("ops");
    let s = bsk.start_session().await;
    let ops = site.url("/ops");

    let arrived = s.op(&["navigate", &ops, "--wait-until", "load"]).await;
    assert_eq!(arrived["url"], ops.as_str());
    assert!(
        arrived["summary"]
            .as_str()
            .is_some_and(|m| m.ends_with("(load)")),
        "{arrived}"
    );
    assert_eq!(s.eval("document.readyState").await, "complete");

    // observe: refs and the heading.
    let snapshot = s.observe().await;
    assert!(snapshot.contains("heading \"Operations\""), "{snapshot}");
    assert!(snapshot.contains("[@e"), "{snapshot}");
    let lines: Vec<&str> = snapshot.lines().collect();
    let button = ref_in(&lines, "button \"Click me\"");

    // click, by ref and by selector.
    s.op(&["click", &button]).await;
    s.op(&["click", "#btn"]).await;
    assert_eq!(
        s.eval("document.getElementById('count').textContent").await,
        "2"
    );

    // fill replaces the text; an empty value clears it.
    s.op(&["fill", "#text", "old"]).await;
    s.op(&["fill", "#text", "hello world"]).await;
    assert_eq!(
        s.eval("document.getElementById('text').value").await,
        "hello world"
    );
    assert_eq!(
        s.eval("document.getElementById('text-echo').textContent")
            .await,
        "hello world"
    );

    // select by value and by label.
    s.op(&["select", "#sel", "b"]).await;
    assert_eq!(s.eval("document.getElementById('sel').value").await, "b");
    s.op(&["select", "#sel", "C"]).await;
    assert_eq!(
        s.eval("document.getElementById('sel-echo').textContent")
            .await,
        "c"
    );

    // press: on a target, then on whatever has focus, then chords (modifiers must arrive).
    s.eval("window.__keys = []; document.addEventListener('keydown', e => __keys.push([e.key, e.shiftKey, e.ctrlKey])); 0").await;
    s.op(&["press", "a", "--target", "#focusme"]).await;
    assert_eq!(s.eval("document.activeElement.id").await, "focusme");
    s.op(&["press", "b"]).await;
    assert_eq!(
        s.eval("document.getElementById('focusme').value").await,
        "ab"
    );
    s.op(&["press", "Shift+Tab"]).await;
    assert_ne!(
        s.eval("document.activeElement.id").await,
        "focusme",
        "Shift+Tab should move focus away"
    );
    assert_eq!(
        s.eval("document.getElementById('focus-state').textContent")
            .await,
        "blurred"
    );
    s.op(&["press", "Control+a", "--target", "#text"]).await;
    s.op(&["press", "Backspace"]).await;
    assert_eq!(
        s.eval("document.getElementById('text').value").await,
        "",
        "Control+a then Backspace clears all"
    );
    assert_eq!(
        s.eval("__keys").await,
        json!([
            ["a", false, false],
            ["b", false, false],
            ["Tab", true, false],
            ["a", false, true],
            ["Backspace", false, false]
        ])
    );

    // hover.
    s.op(&["hover", "#hover-target"]).await;
    assert_eq!(
        s.eval("document.getElementById('hover-state').textContent")
            .await,
        "hovered"
    );

    // wheel: over an element, and over the middle of the viewport (down, then back up).
    s.op(&["wheel", "--target", "#scroller", "--dy", "300"])
        .await;
    wait_until("the scroller to scroll", WAIT, || async {
        s.eval("document.getElementById('scroller').scrollTop")
            .await
            .as_f64()
            .is_some_and(|top| top > 0.0)
    })
    .await;
    s.eval("scrollTo(0, 0)").await;
    wait_until("the page to be at the top", WAIT, || async {
        s.eval("scrollY").await == json!(0)
    })
    .await;
    s.op(&["wheel", "--dy", "400"]).await;
    // Past 300 of the 400 px, a later read is within 100 px of where the wheel ends, so the
    // wheel up below must bring it under this mark even if scrolling is animated.
    let down = wait_for("the page to scroll down", WAIT, || async {
        s.eval("scrollY").await.as_f64().filter(|y| *y > 300.0)
    })
    .await;
    s.op(&["wheel", "--dy", "-100"]).await;
    wait_until("the page to scroll back up", WAIT, || async {
        s.eval("scrollY").await.as_f64().is_some_and(|y| y < down)
    })
    .await;

    // scroll-to brings a far element into the viewport.
    s.op(&["scroll-to", "#far"]).await;
    let far = s.eval("(() => { const r = document.getElementById('far').getBoundingClientRect(); return [r.top, innerHeight, scrollY]; })()").await;
    let (top, height, y) = (far[0].as_f64(), far[1].as_f64(), far[2].as_f64());
    assert!(
        top.zip(height).is_some_and(|(t, h)| t >= 0.0 && t < h),
        "#far not in view: {far}"
    );
    assert!(
        y.is_some_and(|y| y > 2000.0),
        "page did not scroll down to #far: {far}"
    );

    // focus and blur.
    s.op(&["focus", "#focusme"]).await;
    assert_eq!(s.eval("document.activeElement.id").await, "focusme");
    assert_eq!(
        s.eval("document.getElementById('focus-state').textContent")
            .await,
        "focused"
    );
    s.op(&["blur", "#focusme"]).await;
    assert_eq!(
        s.eval("document.activeElement === document.body").await,
        true
    );
    assert_eq!(
        s.eval("document.getElementById('focus-state').textContent")
            .await,
        "blurred"
    );

    // The page saw every effect, in order.
    let events = strings(&s.eval("window.__events").await);
    let expected_in_order = [
        "click",
        "click",
        "input:old",
        "input:hello world",
        "change:b",
        "change:c",
        "focus",
        "key:a",
        "key:b",
        "key:Tab",
        "blur",
        "key:a",
        "key:Backspace",
        "input:",
        "mouseenter",
        "wheel",
        "focus",
        "blur",
    ];
    let mut rest = events.iter();
    for expected in expected_in_order {
        assert!(
            rest.any(|e| e == expected),
            "event {expected:?} missing or out of order in {events:?}"
        );
    }

    // evaluate: JSON values (human output is the JSON), promises awaited, undefined is null.
    let human = s
        .run(&["evaluate", "({a: 1, b: [true, 'x']})"])
        .await
        .success();
    assert_eq!(
        serde_json::from_str::<Value>(&human.stdout).expect("evaluate prints JSON"),
        json!({"a": 1, "b": [true, "x"]})
    );
    let result = s
        .op(&[
            "evaluate",
            "new Promise(r => setTimeout(() => r(6 * 7), 20))",
        ])
        .await;
    assert_eq!(result["value"], 42);
    assert_eq!(result["url"], ops.as_str());
    assert_eq!(s.eval("undefined").await, Value::Null);

    // reload starts a fresh document.
    s.eval("window.__marker = 'before reload'").await;
    let reloaded = s.op(&["reload"]).await;
    assert_eq!(reloaded["url"], ops.as_str());
    assert_eq!(s.eval("window.__marker ?? null").await, Value::Null);
    assert_eq!(
        s.eval("document.getElementById('count').textContent").await,
        "0"
    );
    // (Chromium restores the scroll position on reload, which the page logs as a scroll.)
    assert_eq!(
        s.eval("window.__events.filter(e => !e.startsWith('window-scroll'))")
            .await,
        json!([]),
        "a reloaded page starts with no events"
    );
    s.op(&["reload", "--wait-until", "domcontentloaded"]).await;
    assert_eq!(
        s.eval("document.getElementById('title').textContent").await,
        "Operations"
    );

    // A click that navigates; then back and forward through the history.
    s.op(&["click", "#link"]).await;
    wait_until("the link to load /ops2", WAIT, || async {
        s.eval("location.pathname").await == "/ops2"
    })
    .await;
    let back = s.op(&["back"]).await;
    assert_eq!(back["url"], ops.as_str());
    assert_eq!(s.eval("document.title").await, "Operations");
    let forward = s.op(&["forward"]).await;
    assert_eq!(forward["url"], site.url("/ops2").as_str());
    assert_eq!(s.eval("document.title").await, "Second");
    let ops2_snapshot = s.observe().await;
    assert!(
        ops2_snapshot.contains("heading \"Second\""),
        "{ops2_snapshot}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn demo_form_saves_and_navigation_waits_for_each_milestone() {
    let site = site().await;
    let bsk = Bsk::new("demo");
    let s = bsk.start_session().await;

    // domcontentloaded returns with the document parsed.
    let ops2 = s
        .op(&[
            "navigate",
            &site.url("/ops2"),
            "--wait-until",
            "domcontentloaded",
        ])
        .await;
    assert!(
        ops2["summary"]
            .as_str()
            .is_some_and(|m| m.contains("DOMContentLoaded")),
        "{ops2}"
    );
    assert_ne!(s.eval("document.readyState").await, "loading");
    assert_eq!(s.eval("document.title").await, "Second");

    // networkidle returns after the page's own fetch of the profile settled.
    let demo = site.url("/demo");
    let arrived = s
        .op(&["navigate", &demo, "--wait-until", "networkidle"])
        .await;
    assert_eq!(arrived["url"], demo.as_str());
    assert_eq!(s.eval("window.__profileLoaded").await, true);
    assert!(site.request_count("/api/profile") >= 1);

    let snapshot = s.observe().await;
    let lines: Vec<&str> = snapshot.lines().collect();
    assert!(snapshot.contains("heading \"Save profile\""), "{snapshot}");
    let name = ref_in(&lines, "textbox \"Name\"");
    let email = ref_in(&lines, "textbox \"Email\"");
    let plan = ref_in(&lines, "combobox \"Plan\"");
    let save = ref_in(&lines, "button \"Save\"");

    s.op(&["fill", &name, "Ada Lovelace"]).await;
    s.op(&["fill", &email, "ada@example.com"]).await;
    s.op(&["select", &plan, "Pro"]).await;
    s.op(&["click", &save]).await;
    wait_until("the save to finish", WAIT, || async {
        s.eval("window.__saveResult?.ok === true").await == true
    })
    .await;
    assert_eq!(
        s.eval("document.getElementById('status').textContent")
            .await,
        "Saved"
    );
    let events = strings(&s.eval("window.__events").await);
    assert!(
        events.ends_with(&["submit".to_string(), "saved".to_string()]),
        "{events:?}"
    );
    assert_eq!(
        site.request_count("/api/save"),
        1,
        "the site received exactly one save"
    );

    // The saved profile comes back after a reload (the site prefills it).
    s.op(&["reload", "--wait-until", "networkidle"]).await;
    assert_eq!(
        s.eval("['name', 'email', 'plan'].map(id => document.getElementById(id).value)")
            .await,
        json!(["Ada Lovelace", "ada@example.com", "pro"])
    );
    let after = s.observe().await;
    assert!(after.contains("value=\"Ada Lovelace\""), "{after}");

    // A failing save shows the API's error.
    s.op(&["fill", "#email", "taken@example.com"]).await;
    s.op(&["click", "#save"]).await;
    wait_until("the failed save to finish", WAIT, || async {
        s.eval("document.getElementById('status').textContent")
            .await
            == "Error: EMAIL_TAKEN"
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn click_and_fill_reach_into_same_origin_and_cross_site_iframes() {
    let site = site().await;
    let bsk = Bsk::new("frames");
    let s = bsk.start_session().await;

    s.op(&["navigate", &site.url("/iframe-host")]).await;
    let snapshot = wait_for("both frames in the snapshot", WAIT, || async {
        let snapshot = s.observe().await;
        (snapshot.contains("heading \"Inner frame same\"")
            && snapshot.contains("heading \"Inner frame cross\""))
        .then_some(snapshot)
    })
    .await;
    let same = subtree(&snapshot, "Iframe \"Same-origin frame\"");
    let cross = subtree(&snapshot, "Iframe \"Cross-site frame\"");
    assert!(
        same.iter().any(|l| l.contains("Inner frame same"))
            && !same.iter().any(|l| l.contains("Inner frame cross"))
    );
    assert!(cross.iter().any(|l| l.contains("Inner frame cross")));
    let (same_button, same_input) = (
        ref_in(&same, "button \"Inner button\""),
        ref_in(&same, "textbox"),
    );
    let (cross_button, cross_input) = (
        ref_in(&cross, "button \"Inner button\""),
        ref_in(&cross, "textbox"),
    );
    let main_title_line = snapshot
        .lines()
        .find(|l| l.contains("heading \"Host\""))
        .expect("main heading");
    assert!(
        !main_title_line.starts_with("    "),
        "main frame content is not nested: {main_title_line:?}"
    );

    s.op(&["click", &cross_button]).await;
    s.op(&["fill", &cross_input, "cross text"]).await;
    s.op(&["click", &same_button]).await;
    s.op(&["click", &same_button]).await;
    s.op(&["fill", &same_input, "same text"]).await;

    // The same-origin frame is reachable from the main frame: check its own state.
    assert_eq!(
        s.eval("document.getElementById('same').contentWindow.__events")
            .await,
        json!(["click", "click", "input:same text"]),
        "clicks on the cross-site frame must not land in the same-origin one"
    );
    // The cross-site one is not (the browser forbids it); observe shows what happened in it.
    let denied = s
        .fail(&[
            "evaluate",
            "document.getElementById('cross').contentWindow.__events.length",
        ])
        .await;
    assert_eq!(denied["code"], "invalid_input", "{denied}");
    let after = s.observe().await;
    let same = subtree(&after, "Iframe \"Same-origin frame\"");
    let cross = subtree(&after, "Iframe \"Cross-site frame\"");
    assert_eq!(
        text_after(&cross, "StaticText \"Clicks:\"").as_deref(),
        Some("1"),
        "{after}"
    );
    assert!(
        cross
            .iter()
            .any(|l| l.contains("textbox") && l.contains("value=\"cross text\"")),
        "{after}"
    );
    assert_eq!(
        text_after(&same, "StaticText \"Clicks:\"").as_deref(),
        Some("2"),
        "{after}"
    );
    assert!(
        same.iter()
            .any(|l| l.contains("textbox") && l.contains("value=\"same text\"")),
        "{after}"
    );
    // Main-frame selectors do not see inside frames.
    let missed = s.fail(&["click", "#inner-btn"]).await;
    assert_eq!(missed["code"], "not_found", "{missed}");

    // The demo page's cross-site frame (b.localhost).
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    let demo = wait_for("the demo frame in the snapshot", WAIT, || async {
        let snapshot = s.observe().await;
        snapshot
            .contains("heading \"Inner frame demo\"")
            .then_some(snapshot)
    })
    .await;
    let frame = subtree(&demo, "Iframe \"Inner frame\"");
    s.op(&["click", &ref_in(&frame, "button \"Inner button\"")])
        .await;
    s.op(&["fill", &ref_in(&frame, "textbox"), "typed in b.localhost"])
        .await;
    let demo_after = s.observe().await;
    let frame = subtree(&demo_after, "Iframe \"Inner frame\"");
    assert_eq!(
        text_after(&frame, "StaticText \"Clicks:\"").as_deref(),
        Some("1"),
        "{demo_after}"
    );
    assert!(
        frame
            .iter()
            .any(|l| l.contains("value=\"typed in b.localhost\"")),
        "{demo_after}"
    );
    // The main form was not touched.
    assert_eq!(
        s.eval("['name', 'email'].map(id => document.getElementById(id).value)")
            .await,
        json!(["", ""])
    );
    assert!(site.request_count("/frame/inner?id=demo") >= 1);
}

/// Navigates, types `text`, clicks `clicks` times and picks an option, one operation at a time.
async fn drive(s: &common::Session<'_>, url: &str, text: &str, clicks: usize) {
    s.op(&["navigate", url]).await;
    s.op(&["fill", "#text", text]).await;
    for _ in 0..clicks {
        s.op(&["click", "#btn"]).await;
    }
    s.op(&["select", "#sel", if clicks == 1 { "b" } else { "c" }])
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn two_sessions_work_in_parallel_without_interference() {
    let site = site().await;
    let bsk = Bsk::new("parallel");

    // Concurrent starts share one browser.
    let (a, b) = tokio::join!(bsk.start_session(), bsk.start_session());
    assert_ne!(a.id, b.id);
    assert_ne!(a.tab, b.tab);
    assert_eq!(
        bsk.browser_pids().len(),
        1,
        "two concurrent session starts launched {:?}",
        bsk.browser_pids()
    );

    let (url_a, url_b) = (site.url("/ops?who=a"), site.url("/ops?who=b"));
    tokio::join!(drive(&a, &url_a, "alpha", 1), drive(&b, &url_b, "bravo", 3));

    let state = "[location.search, document.getElementById('text').value, document.getElementById('count').textContent, window.__events]";
    assert_eq!(
        a.eval(state).await,
        json!(["?who=a", "alpha", "1", ["input:alpha", "click", "change:b"]])
    );
    assert_eq!(
        b.eval(state).await,
        json!([
            "?who=b",
            "bravo",
            "3",
            ["input:bravo", "click", "click", "click", "change:c"]
        ])
    );

    // Each session's list shows its own tab at its own URL.
    let sessions = bsk.json(&["session", "list"]).await;
    for (s, url) in [(&a, "/ops?who=a"), (&b, "/ops?who=b")] {
        let info = sessions
            .as_array()
            .into_iter()
            .flatten()
            .find(|i| i["id"] == s.id.as_str())
            .expect("listed");
        assert_eq!(info["tabs"][0]["tab_id"], s.tab.as_str());
        assert!(
            info["tabs"][0]["url"]
                .as_str()
                .is_some_and(|u| u.ends_with(url)),
            "{info}"
        );
    }

    // Observations run in parallel too, each on its own page.
    let (snap_a, snap_b) = tokio::join!(a.observe(), b.observe());
    assert!(
        snap_a.contains("value=\"alpha\"") && !snap_a.contains("bravo"),
        "{snap_a}"
    );
    assert!(
        snap_b.contains("value=\"bravo\"") && !snap_b.contains("alpha"),
        "{snap_b}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sessions_drive_only_their_own_tabs_and_return_borrowed_ones() {
    let site = site().await;
    let bsk = Bsk::with_devtools_port("ownership").await;
    let a = bsk.start_session().await;
    let b = bsk.start_session().await;

    // Another session's tab is off limits, to drive or to borrow.
    let denied = a.fail_on(&b.tab, &["click", "#btn"]).await;
    assert_eq!(
        (denied["code"].clone(), denied["exit_code"].clone()),
        (json!("permission_denied"), json!(1)),
        "{denied}"
    );
    assert!(
        denied["message"]
            .as_str()
            .is_some_and(|m| m.contains(&b.id)),
        "{denied}"
    );
    let denied = bsk
        .fail(&["tab", "borrow", &b.tab, "--session", &a.id])
        .await;
    assert_eq!(denied["code"], "permission_denied", "{denied}");
    let not_borrowed = bsk
        .fail(&["tab", "return", &a.tab, "--session", &a.id])
        .await;
    assert_eq!(not_borrowed["code"], "invalid_input", "{not_borrowed}");

    // A tab the person opens in their browser belongs to no session: a user tab.
    a.op(&["navigate", &site.url("/ops")]).await;
    let popup_url = site.url("/ops2");
    common::open_user_tab(&bsk, &popup_url).await;
    let user_tab = wait_for("the popup as a user tab", WAIT, || async {
        let tabs = bsk.json(&["tab", "list"]).await;
        tabs.as_array()
            .into_iter()
            .flatten()
            .find(|t| t["url"] == popup_url.as_str())
            .filter(|t| t["ownership"] == "user" && t.get("session").is_none())
            .and_then(|t| t["tab_id"].as_str().map(str::to_string))
    })
    .await;
    let human = bsk.ok(&["tab", "list"]).await.stdout;
    assert!(
        human
            .lines()
            .any(|l| l.starts_with(&user_tab) && l.contains("  user  ")),
        "{human}"
    );

    let unborrowed = a.fail_on(&user_tab, &["click", "#back"]).await;
    assert_eq!(unborrowed["code"], "permission_denied", "{unborrowed}");
    assert!(
        unborrowed["hint"]
            .as_str()
            .is_some_and(|h| h.contains("tab borrow")),
        "{unborrowed}"
    );

    // Borrow it, then drive it with --tab-id.
    let borrowed = bsk
        .json(&["tab", "borrow", &user_tab, "--session", &a.id])
        .await;
    assert_eq!(
        (borrowed["ownership"].clone(), borrowed["session"].clone()),
        (json!("borrowed"), json!(a.id))
    );
    let denied = bsk
        .fail(&["tab", "borrow", &user_tab, "--session", &b.id])
        .await;
    assert_eq!(denied["code"], "permission_denied", "{denied}");
    let denied = b.fail_on(&user_tab, &["evaluate", "1"]).await;
    assert_eq!(denied["code"], "permission_denied", "{denied}");

    assert_eq!(a.eval_on(&user_tab, "location.pathname").await, "/ops2");
    a.op_on(&user_tab, &["click", "#back"]).await;
    wait_until("the borrowed tab to follow its link", WAIT, || async {
        a.eval_on(&user_tab, "location.pathname").await == "/ops"
    })
    .await;
    a.op_on(&user_tab, &["click", "#btn"]).await;
    assert_eq!(
        a.eval_on(&user_tab, "window.__events").await,
        json!(["click"])
    );
    assert_eq!(
        a.eval("window.__events").await,
        json!([]),
        "the session's own tab was not clicked"
    );

    let sessions = bsk.json(&["session", "list"]).await;
    let info = sessions
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["id"] == a.id.as_str())
        .expect("a listed");
    let owned: Vec<(Value, Value)> = info["tabs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| (t["tab_id"].clone(), t["ownership"].clone()))
        .collect();
    assert_eq!(
        owned,
        vec![
            (json!(a.tab), json!("created")),
            (json!(user_tab), json!("borrowed"))
        ]
    );

    // Stopping the session closes the tab it created and hands the borrowed one back, open.
    let stopped = bsk.json(&["session", "stop", &a.id]).await;
    assert_eq!(
        stopped,
        json!({ "stopped": [a.id], "returned_tabs": [user_tab] })
    );
    let tabs = wait_for("the created tab to close", WAIT, || async {
        let tabs = bsk.json(&["tab", "list"]).await;
        let open = tabs
            .as_array()
            .into_iter()
            .flatten()
            .any(|t| t["tab_id"] == a.tab.as_str());
        (!open).then_some(tabs)
    })
    .await;
    let returned = tabs
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["tab_id"] == user_tab.as_str());
    let returned = returned.unwrap_or_else(|| panic!("the returned tab was closed: {tabs}"));
    assert_eq!(returned["ownership"], "user", "{returned}");
    assert!(returned.get("session").is_none(), "{returned}");
    assert_eq!(returned["url"], site.url("/ops").as_str());

    // It kept its page: another session can borrow it and finds the click still there.
    bsk.json(&["tab", "borrow", &user_tab, "--session", &b.id])
        .await;
    assert_eq!(
        b.eval_on(&user_tab, "document.getElementById('count').textContent")
            .await,
        "1"
    );
    let handed_back = bsk
        .json(&["tab", "return", &user_tab, "--session", &b.id])
        .await;
    assert_eq!(handed_back["ownership"], "user");
    let after_return = b.fail_on(&user_tab, &["evaluate", "1"]).await;
    assert_eq!(after_return["code"], "permission_denied", "{after_return}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_killed_browser_fails_the_session_with_exit_3_and_is_relaunched() {
    let site = site().await;
    let bsk = Bsk::new("crash");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;

    let pids = bsk.browser_pids();
    assert_eq!(
        pids.len(),
        1,
        "expected one Chromium for {}: {pids:?}",
        bsk.profile().display()
    );
    let browser = pids[0];
    common::kill(browser);
    wait_until("Chromium to die", WAIT, || async { !is_running(browser) }).await;

    let output = s.run(&["evaluate", "1", "--json"]).await;
    assert_eq!(output.code, 3, "{output:#?}");
    let error = output.json();
    assert_eq!(error["code"], "browser", "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("exited or crashed"),
        "message should say the browser went away: {error}"
    );
    let human = s.run(&["click", "#btn"]).await;
    assert_eq!(human.code, 3, "{human:#?}");
    assert!(
        human.stderr.starts_with("error: ") && human.stderr.contains("hint: "),
        "{human:#?}"
    );

    // A new session relaunches the browser.
    let fresh = bsk.start_session().await;
    assert_ne!(fresh.id, s.id);
    fresh.op(&["navigate", &site.url("/ops")]).await;
    fresh.op(&["click", "#btn"]).await;
    assert_eq!(
        fresh
            .eval("document.getElementById('count').textContent")
            .await,
        "1"
    );
    let relaunched = bsk.browser_pids();
    assert_eq!(relaunched.len(), 1, "{relaunched:?}");
    assert_ne!(relaunched[0], browser);
    let status = bsk.json(&["status"]).await;
    assert_eq!(
        (
            status["browser"]["mode"].clone(),
            status["browser"]["connected"].clone()
        ),
        (json!("launched"), json!(true))
    );

    // The dead session is gone from the list, and stays failed.
    wait_until(
        "the crashed session to leave the session list",
        Duration::from_secs(10),
        || async {
            let sessions = bsk.json(&["session", "list"]).await;
            let ids: Vec<Value> = sessions
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| s["id"].clone())
                .collect();
            ids == vec![json!(fresh.id)]
        },
    )
    .await;
    let later = s.fail(&["evaluate", "1"]).await;
    assert_eq!(later["code"], "browser", "{later}");
}

#[tokio::test(flavor = "multi_thread")]
async fn errors_have_codes_exit_codes_and_hints() {
    let site = site().await;
    let bsk = Bsk::new("errors");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;

    // The errors an agent hits most often also say what to do next.
    let expect = |error: &Value, code: &str, exit: i64| {
        assert_eq!(error["code"], code, "{error}");
        assert_eq!(error["exit_code"], exit, "{error}");
        assert!(
            error["hint"].as_str().is_some_and(|h| !h.is_empty()),
            "no hint in {error}"
        );
    };
    let expect_code = |error: &Value, code: &str| {
        assert_eq!(error["code"], code, "{error}");
        assert_eq!(error["exit_code"], 1, "{error}");
    };

    let unknown = bsk.fail(&["evaluate", "1", "--session", "szzzz"]).await;
    expect(&unknown, "not_found", 1);
    assert!(
        unknown["message"]
            .as_str()
            .is_some_and(|m| m.contains("szzzz")),
        "{unknown}"
    );
    expect(
        &bsk.fail(&["session", "stop", "szzzz"]).await,
        "not_found",
        1,
    );

    let bad_selector = s.fail(&["click", "##"]).await;
    expect(&bad_selector, "invalid_input", 1);
    assert!(
        bad_selector["message"]
            .as_str()
            .is_some_and(|m| m.contains("##")),
        "{bad_selector}"
    );
    expect(
        &s.fail(&["click", "#no-such-element"]).await,
        "not_found",
        1,
    );
    expect_code(&s.fail(&["fill", "#btn", "x"]).await, "invalid_input");
    expect_code(&s.fail(&["select", "#sel", "zebra"]).await, "invalid_input");
    expect(&s.fail(&["press", "NoSuchKey"]).await, "invalid_input", 1);
    expect(
        &s.fail(&["evaluate", "throw new Error('boom')"]).await,
        "invalid_input",
        1,
    );

    // Refs: malformed, unknown, and stale after a navigation.
    expect(&s.fail(&["click", "@x1"]).await, "invalid_input", 1);
    expect(&s.fail(&["click", "@e999"]).await, "not_found", 1);
    let snapshot = s.observe().await;
    let button = ref_in(&snapshot.lines().collect::<Vec<_>>(), "button \"Click me\"");
    s.op(&["reload"]).await;
    let stale = s.fail(&["click", &button]).await;
    expect(&stale, "not_found", 1);
    assert!(
        stale["message"]
            .as_str()
            .is_some_and(|m| m.contains("stale")),
        "{stale}"
    );

    // A fresh tab has no history to go back to; then, on it, a port nothing listens on (the
    // tab shows Chromium's error page afterwards, so keep it away from `s`).
    let fresh = bsk.start_session().await;
    expect(&fresh.fail(&["back"]).await, "invalid_input", 1);
    let port = closed_port();
    let unreachable = fresh
        .fail(&["navigate", &format!("http://127.0.0.1:{port}/")])
        .await;
    expect(&unreachable, "not_found", 1);
    assert!(
        unreachable["message"]
            .as_str()
            .is_some_and(|m| m.contains("ERR_CONNECTION_REFUSED")),
        "{unreachable}"
    );

    // Without --json: nothing on stdout, the message and the hint on stderr.
    let human = s.run(&["click", "#no-such-element"]).await;
    assert_eq!(human.code, 1, "{human:#?}");
    assert!(human.stdout.is_empty(), "{human:#?}");
    assert!(
        human
            .stderr
            .starts_with("error: no element matches selector `#no-such-element`"),
        "{human:#?}"
    );
    assert!(human.stderr.contains("\nhint: "), "{human:#?}");

    // Usage errors: clap's, with and without --json.
    let missing = bsk.run(&["click"]).await;
    assert_eq!(missing.code, 1, "{missing:#?}");
    assert!(
        missing.stderr.contains("required") && missing.stderr.contains("<TARGET>"),
        "{missing:#?}"
    );
    let usage = bsk.fail(&["fill", "#text", "--session", &s.id]).await;
    expect(&usage, "usage", 1);
    assert_eq!(
        bsk.run(&["session"]).await.code,
        1,
        "a missing subcommand is a usage error"
    );
    assert_eq!(bsk.run(&["no-such-command"]).await.code, 1);
    let help = bsk.run(&["--help"]).await;
    assert_eq!(help.code, 0, "{help:#?}");
    assert!(help.stdout.contains("Exit codes"), "{help:#?}");

    // None of this disturbed the page.
    assert_eq!(
        s.eval("document.getElementById('count').textContent").await,
        "0"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn refs_stay_with_their_element_across_observes_and_names_read_as_text() {
    let site = site().await;
    let bsk = Bsk::new("refs");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;
    let first = s.observe().await;
    let button = ref_in(&first.lines().collect::<Vec<_>>(), "button \"Click me\"");

    // The page changes before the button: observe again, and the button keeps its ref.
    s.eval(
        "const b = document.createElement('button'); b.textContent = 'get \\u200b/users\\nnow'; \
         document.body.prepend(b); true",
    )
    .await;
    let second = s.observe().await;
    let lines: Vec<&str> = second.lines().collect();
    assert_eq!(ref_in(&lines, "button \"Click me\""), button, "{second}");
    let added = ref_in(&lines, "button \"get /users now\"");
    assert_ne!(added, button);
    assert!(!second.contains("\\u{"), "no Rust escapes: {second}");
    s.op(&["click", &button]).await;

    // Its element removed, the ref is refused with what to do.
    s.eval("document.querySelectorAll('button').forEach(b => b.textContent === 'Click me' && b.remove()), true")
        .await;
    let gone = s.fail(&["click", &button]).await;
    assert_eq!(gone["code"], "not_found", "{gone}");
    assert!(
        gone["message"]
            .as_str()
            .is_some_and(|m| m.contains("no longer in the page")),
        "{gone}"
    );
    s.op(&["click", &added]).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn wait_returns_when_the_page_meets_its_condition_and_times_out_clearly() {
    let site = site().await;
    let bsk = Bsk::new("wait");
    let s = bsk.start_session().await;
    let run = s.bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;

    // Each change happens later in the page; wait sees it happen.
    s.eval(
        "setTimeout(() => { const p = document.createElement('p'); p.id = 'late'; \
         p.textContent = 'Saved at last'; document.body.append(p); }, 400); true",
    )
    .await;
    let text = s.op(&["wait", "--text", "Saved at last"]).await;
    assert!(
        text["summary"]
            .as_str()
            .is_some_and(|t| t.contains("appeared")),
        "{text}"
    );
    assert_eq!(
        s.eval("!!document.querySelector('#late')").await,
        json!(true)
    );
    s.op(&["wait", "--target", "#late"]).await;
    s.eval("setTimeout(() => document.querySelector('#late').remove(), 300); true")
        .await;
    s.op(&["wait", "--text-gone", "Saved at last"]).await;
    s.op(&["wait", "--target-gone", "#late"]).await;
    s.eval("setTimeout(() => history.pushState({}, '', '/ops/users/42'), 300); true")
        .await;
    s.op(&["wait", "--url", "*/users/*"]).await;
    // Without settling, the evaluate answers while its fetch is out; the wait sees it end.
    let fetch = format!("fetch({}); true", json!(site.url("/slow?ms=700")));
    s.op(&["evaluate", &fetch, "--no-settle"]).await;
    let idle = s.op(&["wait", "--network-idle"]).await;
    let waited: f64 = idle["summary"]
        .as_str()
        .and_then(|t| t.strip_prefix("waited "))
        .and_then(|t| t.split('s').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_default();
    assert!(
        waited >= 0.7,
        "idle only after the slow request ended: {idle}"
    );

    // A condition that never holds: exit 4 with what was awaited.
    let never = s
        .fail(&["wait", "--text", "never there", "--timeout", "0.5"])
        .await;
    assert_eq!(
        (never["code"].clone(), never["exit_code"].clone()),
        (json!("timeout"), json!(4)),
        "{never}"
    );
    assert!(
        never["message"]
            .as_str()
            .is_some_and(|m| m.contains("never there")),
        "{never}"
    );
    let bad = s.fail(&["wait", "--target", "##", "--timeout", "1"]).await;
    assert_eq!(bad["code"], "invalid_input", "{bad}");
    let none = bsk.run(&["wait", "--session", &s.id]).await;
    assert_eq!(none.code, 1, "wait needs a condition: {none:#?}");

    // Waiting is not an operation: only navigate and the evaluates are recorded.
    let operations = s
        .bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let names: Vec<&str> = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert!(
        !names.contains(&"wait") && names.contains(&"navigate"),
        "{names:?} in {run}"
    );
}

/// Buttons that open each kind of dialog and write what it answered into the title.
const DIALOG_BUTTONS: &str = "(() => { const add = (id, run) => { const b = document.createElement('button'); \
    b.id = id; b.textContent = id; b.onclick = run; document.body.prepend(b); }; \
    add('alert', () => { alert('Saved!'); document.title = 'after alert'; }); \
    add('confirm', () => { document.title = confirm('Delete it?') ? 'yes' : 'no'; }); \
    add('prompt', () => { document.title = 'name:' + prompt('Your name?', 'Ada'); }); \
    return true; })()";

#[tokio::test(flavor = "multi_thread")]
async fn dialogs_are_reported_answered_and_recorded_never_waited_for() {
    let site = site().await;
    let bsk = Bsk::new("dialogs");
    let s = bsk.start_session().await;
    let run = bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    s.eval(DIALOG_BUTTONS).await;

    // `ask` (the default): the click returns with the dialog, which waits for the agent.
    let clicked = s.op(&["click", "#alert"]).await;
    assert_eq!(clicked["dialog"]["kind"], "alert", "{clicked}");
    assert_eq!(clicked["dialog"]["message"], "Saved!", "{clicked}");
    assert!(
        clicked["summary"]
            .as_str()
            .is_some_and(|t| t.contains("bsk dialog accept")),
        "{clicked}"
    );
    let listed = bsk.json(&["session", "list"]).await;
    assert_eq!(listed[0]["tabs"][0]["dialog"]["kind"], "alert", "{listed}");
    let status = bsk.ok(&["status"]).await;
    assert!(
        status.stdout.contains("an alert dialog is open"),
        "{status:#?}"
    );
    for refused in [
        s.fail(&["evaluate", "1"]).await,
        s.fail(&["fill", "#name", "x"]).await,
    ] {
        assert_eq!(
            (refused["code"].clone(), refused["exit_code"].clone()),
            (json!("busy"), json!(4)),
            "{refused}"
        );
    }
    s.op(&["dialog", "accept"]).await;
    assert_eq!(s.eval("document.title").await, "after alert");

    s.op(&["click", "#confirm"]).await;
    s.op(&["dialog", "dismiss"]).await;
    assert_eq!(s.eval("document.title").await, "no");
    s.op(&["click", "#prompt"]).await;
    s.op(&["dialog", "accept", "--text", "Bob"]).await;
    assert_eq!(s.eval("document.title").await, "name:Bob");
    // An expression that opens one does not hang until a deadline either.
    let evaluated = s.op(&["evaluate", "confirm('Really?')"]).await;
    assert_eq!(evaluated["dialog"]["kind"], "confirm", "{evaluated}");
    s.op(&["dialog", "accept"]).await;
    let none = s.fail(&["dialog", "dismiss"]).await;
    assert_eq!(none["code"], "not_found", "{none}");
    // Leaving a page that asks first: the navigation reports it, and accepting lets it go on.
    s.eval("window.onbeforeunload = e => { e.preventDefault(); e.returnValue = 'unsaved'; }; true")
        .await;
    let leaving = s.op(&["navigate", &site.url("/ops?left")]).await;
    assert_eq!(leaving["dialog"]["kind"], "beforeunload", "{leaving}");
    s.op(&["dialog", "accept"]).await;
    s.op(&["wait", "--url", "?left"]).await;

    // With a capture running, every dialog is evidence, in the window of the operation that
    // opened it; answering one is an operation.
    let console = bsk
        .json(&["debug", "console", "--session", &s.id, "--limit", "100"])
        .await;
    let dialogs: Vec<&str> = console["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "dialog")
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert_eq!(
        dialogs,
        [
            "alert: Saved!",
            "confirm: Delete it?",
            "prompt: Your name? (default: Ada)",
            "confirm: Really?",
            "beforeunload: "
        ],
        "{console} in {run}"
    );
    let operations = bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let items = operations["items"].as_array().cloned().unwrap_or_default();
    let click = items
        .iter()
        .find(|o| o["name"] == "click")
        .cloned()
        .unwrap_or_default();
    assert!(click["immediate_console"].as_u64() >= Some(1), "{click}");
    assert!(items.iter().any(|o| o["name"] == "dialog"), "{operations}");

    // `accept`: answered at once, reported, never blocking.
    let auto = bsk.json(&["session", "start", "--dialogs", "accept"]).await;
    let id = auto["id"].as_str().unwrap_or_default();
    bsk.json(&["navigate", &site.url("/ops"), "--session", id])
        .await;
    bsk.json(&["evaluate", DIALOG_BUTTONS, "--session", id])
        .await;
    let clicked = bsk.json(&["click", "#confirm", "--session", id]).await;
    assert_eq!(clicked["dialog"]["answered"], "accepted", "{clicked}");
    let title = bsk
        .json(&["evaluate", "document.title", "--session", id])
        .await;
    assert_eq!(title["value"], "yes");
}

#[tokio::test(flavor = "multi_thread")]
async fn uploads_reach_the_page_byte_for_byte_and_are_recorded_by_digest() {
    use sha2::{Digest, Sha256};
    let site = site().await;
    let bsk = Bsk::new("upload");
    let s = bsk.start_session().await;
    bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    // A file input, and a button that opens a chooser for a hidden one; each publishes the
    // SHA-256 of what it holds, and the form posts the text file to /echo.
    s.eval(
        "(() => { const add = (html) => document.body.insertAdjacentHTML('afterbegin', html); \
         add('<input type=file id=files multiple><input type=file id=hidden style=display:none>\
         <button id=pick>Attach</button>'); \
         document.querySelector('#pick').onclick = () => document.querySelector('#hidden').click(); \
         window.digests = async (id) => Promise.all([...document.getElementById(id).files].map(async f => \
           [f.name, f.size, [...new Uint8Array(await crypto.subtle.digest('SHA-256', await f.arrayBuffer()))] \
             .map(b => b.toString(16).padStart(2, '0')).join('')])); \
         window.changes = 0; document.querySelector('#files').onchange = () => window.changes++; \
         return true; })()",
    )
    .await;
    let dir = bsk.home.join("uploads");
    std::fs::create_dir_all(&dir).expect("a dir");
    let text = dir.join("notes.txt");
    let binary = dir.join("pixel.bin");
    std::fs::write(&text, "line one\nline two\n").expect("write");
    let bytes: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    std::fs::write(&binary, &bytes).expect("write");
    let hex = |data: &[u8]| {
        Sha256::digest(data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let (text_path, binary_path) = (text.to_string_lossy(), binary.to_string_lossy());
    s.op(&["upload", "#files", &text_path, &binary_path]).await;
    assert_eq!(
        s.eval("window.digests('files')").await,
        json!([
            ["notes.txt", 18, hex(b"line one\nline two\n")],
            ["pixel.bin", 70_000, hex(&bytes)]
        ])
    );
    assert_eq!(s.eval("window.changes").await, json!(1), "one change event");
    // And the server receives them: the text file, posted as the page would, comes back whole.
    let echoed = s
        .eval(
            "(async () => { const form = new FormData(); \
             for (const f of document.querySelector('#files').files) form.append('f', f); \
             return (await (await fetch('/echo', {method: 'POST', body: form})).json()); })()",
        )
        .await;
    assert!(
        echoed["body_len"].as_u64().is_some_and(|n| n > 70_000),
        "both files reached the server: {echoed}"
    );

    // Through the chooser the page opens on a click: @chooser answers it.
    s.op(&["click", "#pick"]).await;
    s.op(&["upload", "@chooser", &text_path]).await;
    assert_eq!(s.eval("window.digests('hidden')").await[0][0], "notes.txt");
    let none = s.fail(&["upload", "@chooser", &text_path]).await;
    assert_eq!(none["code"], "not_found", "{none}");
    let missing = s.fail(&["upload", "#files", "/no/such/file"]).await;
    assert_eq!(missing["code"], "invalid_input", "{missing}");
    let not_input = s.fail(&["upload", "#pick", &text_path]).await;
    assert_eq!(not_input["code"], "invalid_input", "{not_input}");

    // Recorded as an operation with names, sizes and digests: no path, no content.
    let operations = bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let upload = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == "upload")
        .cloned()
        .unwrap_or_else(|| panic!("no upload operation: {operations}"));
    assert_eq!(
        upload["params"]["files"],
        json!([
            format!(
                "notes.txt (18 bytes, sha256 {})",
                hex(b"line one\nline two\n")
            ),
            format!("pixel.bin (70000 bytes, sha256 {})", hex(&bytes)),
        ]),
        "{upload}"
    );
    assert!(
        !upload.to_string().contains(&*dir.to_string_lossy()),
        "{upload}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn login_state_saved_from_one_isolated_session_logs_in_another() {
    use std::os::unix::fs::PermissionsExt;
    let site = site().await;
    let bsk = Bsk::new("state");
    let status = |id: &str| {
        let url = site.url("/me");
        let bsk = &bsk;
        let id = id.to_string();
        async move {
            bsk.json(&["navigate", &url, "--session", &id]).await;
            bsk.json(&[
                "evaluate",
                "fetch('/me').then(r => r.status)",
                "--session",
                &id,
            ])
            .await["value"]
                .clone()
        }
    };
    let a = bsk.start_session().await;
    a.op(&["navigate", &site.url("/set-cookie")]).await;
    a.eval("localStorage.setItem('token', 't-1'), true").await;
    assert_eq!(status(&a.id).await, 200, "logged in");
    let file = bsk.home.join("login.json");
    let file_arg = file.to_string_lossy().to_string();
    bsk.ok(&["session", "save-state", &file_arg, "--session", &a.id])
        .await;
    let mode = std::fs::metadata(&file)
        .expect("the file")
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o600);
    let saved: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("JSON");
    assert!(
        saved["cookies"].as_array().is_some_and(|c| c
            .iter()
            .any(|c| c["name"] == "session" && c["httpOnly"] == true)),
        "Playwright's shape: {saved}"
    );
    assert_eq!(
        saved["origins"][0]["localStorage"][0]["name"], "token",
        "{saved}"
    );

    // A new isolated session with the file starts logged in, local storage included, and its
    // capture holds the cookie redacted; one without it is not logged in.
    let b = bsk
        .json(&["session", "start", "--state", &file_arg, "--capture"])
        .await;
    let b_id = b["id"].as_str().unwrap_or_default();
    assert_eq!(status(b_id).await, 200, "the saved login works");
    let token = bsk
        .json(&[
            "evaluate",
            "localStorage.getItem('token')",
            "--session",
            b_id,
        ])
        .await;
    assert_eq!(token["value"], "t-1");
    let export = bsk.ok(&["debug", "export", "--session", b_id]).await;
    assert!(
        !export.stdout.contains("SECRET_COOKIE_444"),
        "the cookie is redacted in evidence"
    );
    let c = bsk.start_session().await;
    assert_eq!(
        status(&c.id).await,
        401,
        "isolated sessions start logged out"
    );

    // A state file another user could have written is refused.
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    let refused = bsk.fail(&["session", "start", "--state", &file_arg]).await;
    assert_eq!(refused["code"], "permission_denied", "{refused}");
}

/// Right after an upgrade the old daemon still runs. Test daemons of "another version" speak the
/// protocol named by `BSK_TEST_PROTOCOL_VERSION`; the client this build makes speaks its own.
#[tokio::test(flavor = "multi_thread")]
async fn a_daemon_of_another_version_is_named_when_busy_and_replaced_when_idle() {
    let mut bsk = Bsk::new("skew");
    bsk.set_env("BSK_TEST_FAULTS", "1");
    bsk.set_env("BSK_TEST_PROTOCOL_VERSION", "7");
    let old = bsk.json(&["session", "start"]).await;
    let old_session = old["id"].as_str().unwrap_or_default().to_string();
    let old_pid = bsk.daemon_pid().await.expect("the old daemon runs");

    // Busy: refused with both versions, the session in the way and what to do; nothing ended.
    bsk.remove_env("BSK_TEST_PROTOCOL_VERSION");
    let refused = bsk.fail(&["session", "list"]).await;
    assert_eq!(
        (refused["code"].clone(), refused["exit_code"].clone()),
        (json!("version_skew"), json!(2)),
        "{refused}"
    );
    let message = refused["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("protocol 7")
            && message.contains("protocol 2")
            && message.contains(&old_session),
        "{refused}"
    );
    assert!(
        refused["hint"]
            .as_str()
            .is_some_and(|h| h.contains("bsk daemon stop")),
        "{refused}"
    );
    assert!(
        common::is_running(old_pid),
        "the busy old daemon keeps running"
    );

    // Idle: the next command stops it and starts a daemon of its own version by itself.
    bsk.set_env("BSK_TEST_PROTOCOL_VERSION", "7");
    bsk.ok(&["session", "stop", &old_session]).await;
    bsk.remove_env("BSK_TEST_PROTOCOL_VERSION");
    assert_eq!(bsk.json(&["session", "list"]).await, json!([]));
    let new_pid = bsk.daemon_pid().await.expect("a new daemon runs");
    assert_ne!(new_pid, old_pid);
    wait_until(
        "the old daemon to exit",
        Duration::from_secs(15),
        || async { !common::is_running(old_pid) },
    )
    .await;

    // A daemon that does not know a method refuses that call alone, with a typed error.
    bsk.ok(&["daemon", "stop"]).await;
    bsk.set_env("BSK_TEST_REFUSE_METHODS", "tool.debug");
    let s = bsk.start_session().await;
    let unsupported = s.fail(&["debug", "status"]).await;
    assert_eq!(
        (
            unsupported["code"].clone(),
            unsupported["exit_code"].clone()
        ),
        (json!("unsupported"), json!(2)),
        "{unsupported}"
    );
    assert!(
        unsupported["message"]
            .as_str()
            .is_some_and(|m| m.contains("tool.debug")),
        "{unsupported}"
    );
    assert_eq!(
        s.eval("1 + 1").await,
        json!(2),
        "every other method keeps working"
    );
    bsk.ok(&["daemon", "stop"]).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_forgotten_session_is_stopped_after_its_idle_timeout() {
    let mut bsk = Bsk::new("idle-session");
    bsk.set_env("BSK_SESSION_IDLE_SECS", "2");
    let session = bsk.start_session().await;
    let (id, tab) = (session.id.clone(), session.tab.clone());
    // `session list` does not count as using the session.
    wait_until("the idle session to be stopped", WAIT, || async {
        bsk.json(&["session", "list"]).await == json!([])
    })
    .await;
    let tabs = bsk.json(&["tab", "list"]).await;
    assert!(
        !tabs.to_string().contains(&tab),
        "the idle session's tab must be closed: {tabs}"
    );
    let error = bsk.fail(&["evaluate", "1", "--session", &id]).await;
    assert_eq!(error["code"], "not_found", "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("idle"),
        "the error says why the session ended: {message}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn sixteen_sessions_and_eight_captures_started_at_once_keep_their_bounds() {
    let bsk = Bsk::new("at-once");
    // One daemon first, so the sixteen starts race inside it, not over spawning it.
    bsk.ok(&["daemon", "start"]).await;
    let starts = (0..16).map(|_| bsk.run(&["session", "start"]));
    let ids: Vec<String> = futures_util::future::join_all(starts)
        .await
        .into_iter()
        .map(|out| out.success().stdout.trim().to_string())
        .collect();
    let distinct: std::collections::HashSet<&String> = ids.iter().collect();
    assert_eq!(distinct.len(), 16, "sixteen distinct ids: {ids:?}");
    let listed = bsk.json(&["session", "list"]).await;
    assert_eq!(listed.as_array().map(Vec::len), Some(16), "{listed}");

    // Eight captures at once on eight sessions: exactly four are held, the rest say why not.
    let captures = ids[..8].iter().map(|id| async {
        bsk.run(&["debug", "start", "--session", id, "--json"])
            .await
    });
    let outcomes = futures_util::future::join_all(captures).await;
    let started = outcomes.iter().filter(|out| out.code == 0).count();
    assert_eq!(
        started, 4,
        "the 4-capture bound holds under concurrency: {outcomes:#?}"
    );
    for refused in outcomes.iter().filter(|out| out.code != 0) {
        assert_eq!(refused.json()["code"], "busy", "{refused:#?}");
    }
}

/// A daemon with a pool of two browsers: sessions started at once spread over both, each browser
/// holds its own four captures, and killing one ends only its own sessions and captures while
/// the other's keep recording; the next session it gets launches it again.
#[tokio::test(flavor = "multi_thread")]
async fn a_pool_of_two_browsers_spreads_sessions_and_loses_only_the_killed_ones() {
    let site = site().await;
    let bsk = Bsk::new("pool");
    bsk.ok(&["daemon", "start", "--browsers", "2"]).await;
    let starts = (0..8).map(|_| bsk.json(&["session", "start"]));
    let infos = futures_util::future::join_all(starts).await;
    let on = |browser: &str| -> Vec<common::Session<'_>> {
        infos
            .iter()
            .filter(|info| info["browser"] == browser)
            .map(|info| common::Session {
                bsk: &bsk,
                id: info["id"].as_str().expect("an id").to_string(),
                tab: info["tabs"][0]["tab_id"]
                    .as_str()
                    .expect("a tab")
                    .to_string(),
            })
            .collect()
    };
    let (first, second) = (on("b1"), on("b2"));
    assert_eq!(
        (first.len(), second.len()),
        (4, 4),
        "spread evenly: {infos:#?}"
    );
    let status = bsk.json(&["status"]).await;
    let listed = |index: usize| {
        let mut ids = strings(&status["browsers"][index]["sessions"]);
        ids.sort();
        ids
    };
    let ids = |sessions: &[common::Session<'_>]| {
        let mut ids: Vec<String> = sessions.iter().map(|s| s.id.clone()).collect();
        ids.sort();
        ids
    };
    assert_eq!(
        (listed(0), listed(1)),
        (ids(&first), ids(&second)),
        "{status}"
    );
    let pids: Vec<u64> = (0..2)
        .map(|i| {
            status["browsers"][i]["pid"]
                .as_u64()
                .expect("a launched browser's pid")
        })
        .collect();
    assert_ne!(pids[0], pids[1], "two browsers: {status}");

    // Four captures per browser: eight in all, where one browser would refuse the fifth.
    let captures = first
        .iter()
        .chain(&second)
        .map(|s| s.op(&["debug", "start"]));
    futures_util::future::join_all(captures).await;
    let extra = bsk.json(&["session", "start", "--browser", "b1"]).await;
    assert_eq!(extra["browser"], "b1", "{extra}");
    let extra_id = extra["id"].as_str().expect("an id");
    let refused = bsk.fail(&["debug", "start", "--session", extra_id]).await;
    assert_eq!(refused["code"], "busy", "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap_or_default()
            .contains("browser b1"),
        "the bound names its browser: {refused}"
    );
    for s in [&first[0], &second[0]] {
        s.op(&["navigate", &site.url("/ops")]).await;
    }

    // b2 dies: only its sessions end, each saying which browser went.
    let b2 = u32::try_from(pids[1]).expect("a pid");
    common::kill(b2);
    wait_until("b2 to die", WAIT, || async { !is_running(b2) }).await;
    wait_until("b2's sessions to end", WAIT, || async {
        let status = bsk.json(&["status"]).await;
        strings(&status["browsers"][1]["sessions"]).is_empty()
    })
    .await;
    for s in &second {
        let gone = s.fail(&["evaluate", "1"]).await;
        assert_eq!(gone["code"], "browser", "{gone}");
        assert!(
            gone["message"]
                .as_str()
                .unwrap_or_default()
                .contains("browser b2 exited or crashed"),
            "{gone}"
        );
    }
    // b1's sessions and captures go on recording.
    let before = first[0].op(&["debug", "status"]).await;
    let requests = |status: &Value| status[0]["requests"].as_u64().unwrap_or_default();
    first[0].op(&["navigate", &site.url("/ops")]).await;
    for s in &first {
        assert_eq!(s.eval("1 + 1").await, json!(2));
    }
    let after = first[0].op(&["debug", "status"]).await;
    assert_eq!(after[0]["state"], "active", "{after}");
    assert!(requests(&after) > requests(&before), "{before} → {after}");

    // The next session is placed on the emptier b2, which is launched again.
    let fresh = bsk.json(&["session", "start"]).await;
    assert_eq!(fresh["browser"], "b2", "{fresh}");
    let status = bsk.json(&["status"]).await;
    let b2_status = &status["browsers"][1];
    assert_eq!(
        (
            b2_status["connected"].clone(),
            b2_status["connects"].clone()
        ),
        (json!(true), json!(2)),
        "{status}"
    );
    assert_ne!(b2_status["pid"].as_u64(), Some(pids[1]));
}

/// A pool of attached browsers (`--cdp-url` twice) where one endpoint is unreachable: sessions
/// go to the one that answers, the other is shown down with its reason, and pinning a session
/// to it fails with the reason rather than hanging.
#[tokio::test(flavor = "multi_thread")]
async fn an_unreachable_browser_of_the_pool_is_marked_down_and_passed_over() {
    // A real browser with a DevTools endpoint, launched for this test.
    let host = Bsk::with_devtools_port("pool-host").await;
    let reachable = host.cdp_url();
    let unreachable = format!("http://127.0.0.1:{}", closed_port());

    let bsk = Bsk::new("pool-down");
    bsk.ok(&[
        "daemon",
        "start",
        "--cdp-url",
        &unreachable,
        "--cdp-url",
        &reachable,
    ])
    .await;
    for _ in 0..2 {
        let info = bsk.json(&["session", "start"]).await;
        assert_eq!(
            info["browser"], "b2",
            "placed on the browser that answers: {info}"
        );
    }
    let status = bsk.json(&["status"]).await;
    let b1 = &status["browsers"][0];
    assert!(
        b1["down"]
            .as_str()
            .unwrap_or_default()
            .contains("could not reach a browser"),
        "{status}"
    );
    assert_eq!(
        (b1["mode"].clone(), status["browsers"][1]["mode"].clone()),
        (json!("not_started"), json!("attached")),
        "{status}"
    );
    assert_eq!(
        strings(&status["browsers"][1]["sessions"]).len(),
        2,
        "{status}"
    );
    let pinned = bsk.fail(&["session", "start", "--browser", "b1"]).await;
    assert_eq!(pinned["code"], "browser", "{pinned}");
    let unknown = bsk.fail(&["session", "start", "--browser", "b9"]).await;
    assert_eq!(unknown["code"], "not_found", "{unknown}");
    assert!(
        unknown["hint"]
            .as_str()
            .unwrap_or_default()
            .contains("b1, b2"),
        "the hint names the pool: {unknown}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn no_tab_reader_outlives_its_tab() {
    let bsk = Bsk::with_devtools_port("readers").await;
    let readers = async |bsk: &Bsk| bsk.json(&["status"]).await["tab_readers"].as_u64();
    let ids: Vec<String> =
        futures_util::future::join_all((0..3).map(|_| bsk.run(&["session", "start"])))
            .await
            .into_iter()
            .map(|out| out.success().stdout.trim().to_string())
            .collect();
    assert_eq!(readers(&bsk).await, Some(3), "one reader per live tab");
    bsk.ok(&["session", "stop", &ids[0]]).await;
    // A tab closed from outside the session's commands (as a person would close it).
    let status = bsk.json(&["status"]).await;
    let tab = status["sessions"]
        .as_array()
        .and_then(|s| s.iter().find(|s| s["id"] == ids[1].as_str()))
        .and_then(|s| s["tabs"][0]["tab_id"].as_str())
        .expect("the second session's tab")
        .to_string();
    bsk.ok(&["evaluate", "1", "--session", &ids[1]]).await;
    let url = status["browser"]["ws_url"]
        .as_str()
        .expect("ws url")
        .to_string();
    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .expect("connect");
    use futures_util::SinkExt;
    ws.send(tokio_tungstenite::tungstenite::Message::text(
        json!({ "id": 1, "method": "Target.closeTarget", "params": { "targetId": tab } })
            .to_string(),
    ))
    .await
    .expect("close the tab");
    wait_until("the readers of ended tabs to end", WAIT, || async {
        bsk.json(&["status"]).await["tab_readers"].as_u64() == Some(1)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_nested_a_thousand_deep_is_observed_within_bounds() {
    let site = site().await;
    let bsk = Bsk::new("deep");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/demo")]).await;
    // 1,000 nested elements with a button at the bottom: deeper than anyone reads. (Far deeper
    // pages overflowed a recursive walk; Chromium itself then takes long to build the tree.)
    s.eval(
        "(() => { let at = document.body; for (let i = 0; i < 1000; i++) { const d = document.createElement('section'); d.setAttribute('aria-label', 'level ' + i); at.appendChild(d); at = d; } const b = document.createElement('button'); b.textContent = 'deep'; at.appendChild(b); return true; })()",
    )
    .await;
    let snapshot = s.observe().await;
    assert!(
        snapshot.contains("nested deeper than 200 levels not shown"),
        "the depth bound is said: {}",
        &snapshot[snapshot.len().saturating_sub(300)..]
    );
    assert!(snapshot.lines().count() <= 1002, "the line bound holds");
    // The daemon is still there and answering.
    assert!(bsk.json(&["status"]).await["pid"].is_u64());
}

#[tokio::test(flavor = "multi_thread")]
async fn the_launched_browser_listens_on_no_port() {
    let bsk = Bsk::new("no-port");
    let s = bsk.start_session().await;
    s.eval("1").await;
    let status = bsk.json(&["status"]).await;
    assert!(status["browser"]["ws_url"].is_null(), "{status}");
    assert!(
        !bsk.profile().join("DevToolsActivePort").exists(),
        "no DevTools port was opened"
    );
    // No socket of any browser process is a listening TCP socket.
    let listening: std::collections::HashSet<String> = ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|table| std::fs::read_to_string(table).ok())
        .flat_map(|text| {
            text.lines()
                .skip(1)
                .filter_map(|line| {
                    let fields: Vec<&str> = line.split_whitespace().collect();
                    (fields.get(3) == Some(&"0A")).then(|| fields.get(9).map(|i| i.to_string()))?
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let pids = bsk.browser_pids();
    assert!(!pids.is_empty(), "the browser's processes are found");
    for pid in pids {
        let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
            continue;
        };
        for fd in fds.flatten() {
            let target = std::fs::read_link(fd.path()).unwrap_or_default();
            let target = target.to_string_lossy();
            if let Some(inode) = target
                .strip_prefix("socket:[")
                .and_then(|t| t.strip_suffix(']'))
            {
                assert!(
                    !listening.contains(inode),
                    "browser process {pid} listens on a TCP port"
                );
            }
        }
    }
}
