//! Sessions: start, list and stop; parallel sessions; many at once within their bounds; login
//! state carried from one isolated session to another.

use serde_json::{Value, json};

use crate::common::{Checked, TestBsk, WAIT, site, wait_until};
use crate::strings;

#[tokio::test(flavor = "multi_thread")]
async fn sessions_start_list_and_stop_closing_their_tabs() {
    let bsk = TestBsk::new("sessions");

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

/// Navigates, types `text`, clicks `clicks` times and picks an option, one operation at a time.
async fn drive(s: &crate::common::Session<'_>, url: &str, text: &str, clicks: usize) {
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
    let bsk = TestBsk::new("parallel");

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
async fn login_state_saved_from_one_isolated_session_logs_in_another() {
    use std::os::unix::fs::PermissionsExt;
    let site = site().await;
    let bsk = TestBsk::new("state");
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

#[tokio::test(flavor = "multi_thread")]
async fn sixteen_sessions_and_eight_captures_started_at_once_keep_their_bounds() {
    let bsk = TestBsk::new("at-once");
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
