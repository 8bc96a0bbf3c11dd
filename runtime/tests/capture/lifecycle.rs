//! How a capture ends and whom it belongs to: every stop path and its reason, a panicking
//! capture actor, session and tab ownership, and capture from a session's first request.

use serde_json::{Value, json};

use crate::common::evidence::{
    debug, debug_fail, final_url, id, part, requests, run_info, start_capture, status_says,
};
use crate::common::{Checked, Session, TestBsk, WAIT, is_running, site, wait_for, wait_until};

#[tokio::test(flavor = "multi_thread")]
async fn a_session_started_with_capture_records_its_first_request() {
    let site = site().await;
    let bsk = TestBsk::new("cap-first");
    let info = bsk
        .json(&["session", "start", "--capture", "From the start"])
        .await;
    let run_id = info["run_id"].as_str().unwrap_or_default().to_string();
    assert!(run_id.starts_with("run-"), "{info}");
    let session = info["id"].as_str().unwrap_or_default();
    bsk.ok(&[
        "navigate",
        &site.url("/redirect/start"),
        "--session",
        session,
    ])
    .await;
    let page = bsk
        .json(&["debug", "requests", "--session", session, "--all"])
        .await;
    assert_eq!(page["run_id"], run_id.as_str(), "{page}");
    let first = &page["items"][0];
    assert_eq!(
        (first["id"].clone(), first["resource_type"].clone()),
        (json!("r1"), json!("Document")),
        "{page}"
    );
    assert_eq!(first["url"], site.url("/redirect/start").as_str(), "{page}");
    let status = bsk.json(&["debug", "status", "--session", session]).await;
    assert_eq!(status[0]["name"], "From the start", "{status}");
    // Without a name, and the id alone on a line as always.
    let plain = bsk.ok(&["session", "start", "--capture"]).await;
    let id = plain.stdout.trim();
    assert!(
        !id.is_empty() && !id.contains(char::is_whitespace),
        "{plain:#?}"
    );
    let status = bsk.json(&["debug", "status", "--session", id]).await;
    assert_eq!(status[0]["state"], "active", "{status}");
}

/// Polls `debug status` until run `run_id` has stopped; returns it.
async fn stopped_run(s: &Session<'_>, run_id: &str) -> Value {
    wait_for(&format!("{run_id} to stop"), WAIT, || async {
        let run = run_info(s, run_id).await;
        (run["state"] != "active").then_some(run)
    })
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn every_stop_path_records_its_reason() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("cap-lifecycle").await;

    // `debug stop`.
    let stopper = bsk.start_session().await;
    let run = start_capture(&stopper, &stopper.tab, &[]).await;
    stopper
        .op(&["navigate", &site.url("/redirect/final")])
        .await;
    let before_stop = final_url(&stopper, &site.url("/redirect/final")).await;
    let stopped = debug(&stopper, &["stop"]).await;
    assert_eq!(
        (stopped["state"].clone(), stopped["stop_reason"].clone()),
        (json!("stopped"), json!({"kind": "stopped"})),
        "{stopped}"
    );
    assert!(stopped["stopped_at"].as_u64().is_some(), "{stopped}");
    let listed = run_info(&stopper, &run).await;
    assert_eq!(
        listed["stop_reason"],
        json!({"kind": "stopped"}),
        "{listed}"
    );
    assert!(
        requests(&stopper)
            .await
            .iter()
            .any(|r| r["id"] == before_stop["id"]),
        "evidence stays readable after stop"
    );
    let again = debug_fail(&stopper, &["stop"]).await;
    assert_eq!(
        again["exit_code"], 1,
        "no capture is running any more: {again}"
    );
    status_says(&stopper, &format!("{run} stopped")).await;

    // The fault hook is refused unless the daemon runs with BSK_TEST_FAULTS=1.
    let unfaulted = TestBsk::new("cap-no-faults");
    let plain = unfaulted.start_session().await;
    start_capture(&plain, &plain.tab, &[]).await;
    let refused = debug_fail(&plain, &["fault", "tab"]).await;
    assert_eq!(refused["code"], "permission_denied", "{refused}");

    // Returning a borrowed tab that is being captured.
    let borrower = bsk.start_session().await;
    let user_tab = crate::common::open_user_tab(&bsk, &site.url("/ops2")).await;
    bsk.json(&["tab", "borrow", &user_tab, "--session", &borrower.id])
        .await;
    let borrowed_run = start_capture(&borrower, &user_tab, &["--tab-id", &user_tab]).await;
    assert_eq!(
        borrower
            .eval_on(&user_tab, "fetch('/status/404').then(r => r.status)")
            .await,
        404
    );
    let on_borrowed = final_url(&borrower, &site.url("/status/404")).await;
    assert_eq!(on_borrowed["target_id"], user_tab.as_str(), "{on_borrowed}");
    bsk.json(&["tab", "return", &user_tab, "--session", &borrower.id])
        .await;
    let returned = stopped_run(&borrower, &borrowed_run).await;
    assert_eq!(
        (returned["state"].clone(), returned["stop_reason"].clone()),
        (json!("stopped"), json!({"kind": "tab_returned"})),
        "{returned}"
    );
    let kept = part(&borrower, &id(&on_borrowed), "metadata", &[]).await;
    assert_eq!(kept["status"], 404, "{kept}");

    // `session stop`: the capture ends with the session, and agents cannot read it afterwards.
    let ending = bsk.start_session().await;
    start_capture(&ending, &ending.tab, &[]).await;
    ending.op(&["navigate", &site.url("/redirect/final")]).await;
    let export = debug(&ending, &["export"]).await;
    assert_eq!(
        export["run"]["state"], "active",
        "a live export is a snapshot: {export}"
    );
    bsk.json(&["session", "stop", &ending.id]).await;
    let gone = debug_fail(&ending, &["requests"]).await;
    assert_eq!(
        (gone["code"].clone(), gone["exit_code"].clone()),
        (json!("not_found"), json!(1)),
        "{gone}"
    );
    let export = debug_fail(&ending, &["export"]).await;
    assert_eq!(export["exit_code"], 1, "{export}");
    assert!(
        export["hint"]
            .as_str()
            .is_some_and(|h| h.contains("history")),
        "after teardown the hint points at the extension's history: {export}"
    );
    let gone = debug_fail(&ending, &["status"]).await;
    assert_eq!(gone["exit_code"], 1, "{gone}");

    // The browser killed under a running capture: reads fail as a browser failure that names
    // the session's end, and the capture ends interrupted for the browser's disconnect.
    let crashed = bsk.start_session().await;
    let crashed_run = start_capture(&crashed, &crashed.tab, &[]).await;
    crashed
        .op(&["navigate", &site.url("/redirect/final")])
        .await;
    let pids = bsk.browser_pids();
    assert_eq!(pids.len(), 1, "one Chromium for this state dir: {pids:?}");
    crate::common::kill(pids[0]);
    wait_until("Chromium to die", WAIT, || async { !is_running(pids[0]) }).await;
    let error = wait_for("reads to fail once the browser is gone", WAIT, || async {
        let out = crashed.run(&["debug", "status", "--json"]).await;
        (out.code != 0).then(|| (out.code, out.json()))
    })
    .await;
    assert_eq!(error.0, 3, "{error:?}");
    assert_eq!(error.1["code"], "browser", "{error:?}");
    let ended = format!(
        "session {} ended: the browser exited or crashed",
        crashed.id
    );
    assert!(
        error.1["message"]
            .as_str()
            .is_some_and(|m| m.contains(&ended)),
        "the error says why the session ended: {error:?}"
    );
    // With its session gone, no agent read reaches the capture (its record is the extension's
    // history now): the daemon's log is where its end is readable, as a grid operator reads it.
    let end = capture_end_logged(&bsk, &crashed_run).await;
    assert!(
        end.contains("reason=browser_disconnected"),
        "{crashed_run} ended for the browser's disconnect: {end}"
    );
}

/// The daemon log's `capture ended` line for `run_id`, once written.
async fn capture_end_logged(bsk: &TestBsk, run_id: &str) -> String {
    let log = bsk.home.join("daemon.log");
    let run = format!("run={run_id} ");
    wait_for(
        &format!("{run_id}'s end in {}", log.display()),
        WAIT,
        || {
            let line = std::fs::read_to_string(&log).ok().and_then(|text| {
                text.lines()
                    .find(|l| l.contains("capture ended") && l.contains(&run))
                    .map(str::to_string)
            });
            async move { line }
        },
    )
    .await
}

#[tokio::test(flavor = "multi_thread")]
async fn a_panicking_capture_actor_interrupts_the_capture_and_keeps_its_evidence() {
    let site = site().await;
    let mut bsk = TestBsk::new("cap-faults");
    bsk.set_env("BSK_TEST_FAULTS", "1");
    for actor in ["tab", "target", "body_pool", "checkpoint", "observer"] {
        let s = bsk.start_session().await;
        let run_id = start_capture(&s, &s.tab, &["--name", actor]).await;
        s.op(&["navigate", &site.url("/redirect/final")]).await;
        let before = final_url(&s, &site.url("/redirect/final")).await;
        assert_eq!(before["response_body"]["state"], "available", "{before}");

        debug(&s, &["fault", actor]).await;
        let run = stopped_run(&s, &run_id).await;
        assert_eq!(
            (run["state"].clone(), run["stop_reason"].clone()),
            (
                json!("interrupted"),
                json!({"kind": "actor_panicked", "actor": actor})
            ),
            "{run}"
        );
        let human = s.run(&["debug", "status"]).await.success();
        assert!(
            human
                .stdout
                .contains(&format!("a capture component failed (the {actor} actor)")),
            "{human:#?}"
        );

        let kept = part(&s, &id(&before), "response", &["--pointer", "/final"]).await;
        assert_eq!(kept["value"], true, "{actor}: {kept}");
        let listed = requests(&s).await;
        assert!(
            listed.iter().any(|r| r["id"] == before["id"]),
            "{actor}: {listed:#?}"
        );

        // The session itself still works, and can capture again.
        assert_eq!(s.eval("1 + 1").await, 2);
        let again = start_capture(&s, &s.tab, &[]).await;
        assert_ne!(again, run_id);
        debug(&s, &["stop"]).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn captures_belong_to_their_session_and_tab() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("cap-owner").await;
    let a = bsk.start_session().await;
    let b = bsk.start_session().await;

    // A user tab that was never borrowed cannot be captured.
    a.op(&["navigate", &site.url("/ops")]).await;
    let user_tab = crate::common::open_user_tab(&bsk, &site.url("/ops2")).await;
    for (session, tab) in [(&a, user_tab.as_str()), (&a, b.tab.as_str())] {
        let denied = debug_fail(session, &["start", "--tab-id", tab]).await;
        assert_eq!(
            (denied["code"].clone(), denied["exit_code"].clone()),
            (json!("permission_denied"), json!(1)),
            "{denied}"
        );
    }
    assert_eq!(debug(&a, &["status"]).await, json!([]));

    // One capture at a time per session.
    let run_a = start_capture(&a, &a.tab, &[]).await;
    let twice = debug_fail(&a, &["start"]).await;
    assert_eq!(
        (twice["code"].clone(), twice["exit_code"].clone()),
        (json!("invalid_input"), json!(1)),
        "{twice}"
    );
    assert!(
        twice["message"]
            .as_str()
            .is_some_and(|m| m.contains(&run_a)),
        "{twice}"
    );
    a.op(&["navigate", &site.url("/redirect/final")]).await;
    let record = final_url(&a, &site.url("/redirect/final")).await;

    // Another session cannot read it, by run id or by record id, running or stopped.
    let check_b = |when: &'static str| {
        let (b, run_a, request) = (&b, run_a.clone(), id(&record));
        async move {
            for args in [
                vec!["requests", "--run-id", &run_a],
                vec!["request", &request, "--run-id", &run_a],
                vec!["export", "--run-id", &run_a],
                vec!["console", "--run-id", &run_a],
                vec!["stop", "--run-id", &run_a],
                vec!["request", &request],
                vec!["export"],
            ] {
                let denied = debug_fail(b, &args).await;
                assert_eq!(
                    (denied["code"].clone(), denied["exit_code"].clone()),
                    (json!("not_found"), json!(1)),
                    "{when}: {args:?}: {denied}"
                );
            }
            assert_eq!(debug(b, &["status"]).await, json!([]), "{when}");
        }
    };
    check_b("while A captures").await;
    debug(&a, &["stop"]).await;
    check_b("after A stopped").await;

    // Ids across two captures of one session: a short id held by both is refused as ambiguous,
    // never resolved to the wrong capture; the qualified `<run>/<id>` names exactly one.
    let first = debug(&a, &["request", "r1", "--run-id", &run_a]).await;
    let run_a2 = start_capture(&a, &a.tab, &[]).await;
    a.op(&["navigate", &site.url("/ops")]).await;
    final_url(&a, &site.url("/ops")).await;
    let ambiguous = debug_fail(&a, &["request", "r1"]).await;
    assert_eq!(ambiguous["code"], "invalid_input", "{ambiguous}");
    let hint = ambiguous["hint"].as_str().unwrap_or_default();
    assert!(
        hint.contains(&format!("{run_a}/r1")) && hint.contains(&format!("{run_a2}/r1")),
        "{ambiguous}"
    );
    let qualified = debug(&a, &["request", &format!("{run_a}/r1")]).await;
    assert_eq!(qualified["url"], first["url"], "{qualified}");
    let conflict = debug_fail(
        &a,
        &["request", &format!("{run_a}/r1"), "--run-id", &run_a2],
    )
    .await;
    assert_eq!(conflict["code"], "invalid_input", "{conflict}");
    // --tab-id picks that tab's latest capture on every read, and refuses a tab without one.
    let by_tab = debug(&a, &["requests", "--tab-id", &a.tab]).await;
    assert_eq!(by_tab["run_id"], run_a2.as_str(), "{by_tab}");
    let other_tab = debug_fail(&a, &["requests", "--tab-id", &b.tab]).await;
    assert_eq!(other_tab["code"], "not_found", "{other_tab}");
    let mismatch = debug_fail(&a, &["export", "--run-id", &run_a, "--tab-id", &b.tab]).await;
    assert_eq!(mismatch["code"], "invalid_input", "{mismatch}");
    debug(&a, &["stop"]).await;
    let own = start_capture(&b, &b.tab, &[]).await;
    assert_ne!(own, run_a);
    let denied = debug_fail(&b, &["requests", "--run-id", &run_a]).await;
    assert_eq!(
        denied["code"], "not_found",
        "B with its own capture: {denied}"
    );
    bsk.json(&["session", "stop", &a.id]).await;
    check_b_after_end(&b, &run_a).await;
}

async fn check_b_after_end(b: &Session<'_>, run_a: &str) {
    for args in [
        vec!["requests", "--run-id", run_a],
        vec!["export", "--run-id", run_a],
    ] {
        let denied = debug_fail(b, &args).await;
        assert_eq!(
            (denied["code"].clone(), denied["exit_code"].clone()),
            (json!("not_found"), json!(1)),
            "after A ended: {args:?}: {denied}"
        );
    }
}
