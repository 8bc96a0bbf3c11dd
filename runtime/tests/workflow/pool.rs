//! The browser pool: a killed browser, two browsers sharing sessions, an unreachable browser.

use std::time::Duration;

use serde_json::{Value, json};

use crate::common::{Checked, TestBsk, WAIT, closed_port, is_running, site, wait_until};
use crate::strings;

#[tokio::test(flavor = "multi_thread")]
async fn a_killed_browser_fails_the_session_with_exit_3_and_is_relaunched() {
    let site = site().await;
    let bsk = TestBsk::new("crash");
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
    crate::common::kill(browser);
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

/// A daemon with a pool of two browsers: sessions started at once spread over both, each browser
/// holds its own four captures, and killing one ends only its own sessions and captures while
/// the other's keep recording; the next session it gets launches it again.
#[tokio::test(flavor = "multi_thread")]
async fn a_pool_of_two_browsers_spreads_sessions_and_loses_only_the_killed_ones() {
    let site = site().await;
    let bsk = TestBsk::new("pool");
    bsk.ok(&["daemon", "start", "--browsers", "2"]).await;
    let starts = (0..8).map(|_| bsk.json(&["session", "start"]));
    let infos = futures_util::future::join_all(starts).await;
    let on = |browser: &str| -> Vec<crate::common::Session<'_>> {
        infos
            .iter()
            .filter(|info| info["browser"] == browser)
            .map(|info| crate::common::Session {
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
    let ids = |sessions: &[crate::common::Session<'_>]| {
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
    crate::common::kill(b2);
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
    let host = TestBsk::with_devtools_port("pool-host").await;
    let reachable = host.cdp_url();
    let unreachable = format!("http://127.0.0.1:{}", closed_port());

    let bsk = TestBsk::new("pool-down");
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

/// Sixteen agents, each with a capture of its own tab (four browsers of four captures), act
/// while their pages' traffic flows: every operation they ran is in its capture, ended, with its
/// immediate window closed, and no event was dropped on the way. An operation's end is a direct
/// message to its capture, never one that a lagging channel can lose.
#[tokio::test(flavor = "multi_thread")]
async fn sixteen_agents_acting_under_traffic_end_every_operation_with_its_window_closed() {
    const AGENTS: usize = 16;
    const ACTIONS: usize = 6;
    let site = site().await;
    let bsk = TestBsk::new("sixteen");
    bsk.ok(&["daemon", "start", "--browsers", "4"]).await;
    let sessions = futures_util::future::join_all((0..AGENTS).map(|_| bsk.start_session())).await;
    let traffic = site.url("/load/traffic?bursts=0&rate=15&secs=12&post=5&tag=agents");
    let agents = sessions.iter().map(|s| {
        let traffic = traffic.clone();
        async move {
            s.op(&["debug", "start"]).await;
            s.op(&["navigate", &traffic]).await;
            for i in 0..ACTIONS {
                match i % 3 {
                    0 => s.op(&["evaluate", "document.title"]).await,
                    1 => s.op(&["hover", "#title"]).await,
                    _ => s.op(&["click", "#status"]).await,
                };
            }
            s.op(&["debug", "stop"]).await;
            crate::common::evidence::debug(s, &["export"]).await
        }
    });
    let exports = futures_util::future::join_all(agents).await;
    for (s, export) in sessions.iter().zip(&exports) {
        let counters = &export["run"]["counters"];
        assert!(
            counters["requests_seen"].as_u64() > Some(10),
            "{}: traffic flowed while it acted: {counters}",
            s.id
        );
        for counter in ["events_dropped", "extra_info_dropped"] {
            assert_eq!(counters[counter], 0, "{}: {counter}: {counters}", s.id);
        }
        let operations = export["operations"].as_array().expect("operations");
        let agents: Vec<&Value> = operations
            .iter()
            .filter(|op| op["source"] == "agent")
            .collect();
        assert_eq!(
            agents.len(),
            ACTIONS + 1,
            "{}: the navigate and every action recorded: {operations:#?}",
            s.id
        );
        for op in agents {
            assert_eq!(op["state"], "completed", "{}: {op:#}", s.id);
            let ended = op["ended_at"].as_u64().expect("ended");
            let started = op["started_at"].as_u64().expect("started");
            assert!(started <= ended, "{}: {op:#}", s.id);
            let until = op["windows"]["immediate"]["until"]
                .as_u64()
                .expect("a closed immediate window");
            assert!(
                until <= ended + 1_500,
                "{}: the immediate window closes at most 1.5 s after the input: {op:#}",
                s.id
            );
        }
    }
}
