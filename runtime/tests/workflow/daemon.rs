//! The daemon: spawned on demand, idle exits, start and stop, another version, forgotten
//! sessions, tab readers that end with their tab, and a launched browser with no port.

use std::time::Duration;

use serde_json::json;

use crate::common::{Checked, TestBsk, WAIT, is_running, wait_until};

#[tokio::test(flavor = "multi_thread")]
async fn daemon_spawns_on_demand_exits_when_idle_and_obeys_start_stop() {
    let mut bsk = TestBsk::new("daemon");
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

/// Right after an upgrade the old daemon still runs. Test daemons of "another version" speak the
/// protocol named by `BSK_TEST_PROTOCOL_VERSION`; the client this build makes speaks its own.
#[tokio::test(flavor = "multi_thread")]
async fn a_daemon_of_another_version_is_named_when_busy_and_replaced_when_idle() {
    let mut bsk = TestBsk::new("skew");
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
            && message.contains(&format!("protocol {}", bsk_schema::ipc::PROTOCOL_VERSION))
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
        crate::common::is_running(old_pid),
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
        || async { !crate::common::is_running(old_pid) },
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
    let mut bsk = TestBsk::new("idle-session");
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
async fn no_tab_reader_outlives_its_tab() {
    let bsk = TestBsk::with_devtools_port("readers").await;
    let readers = async |bsk: &TestBsk| bsk.json(&["status"]).await["tab_readers"].as_u64();
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
async fn the_launched_browser_listens_on_no_port() {
    let bsk = TestBsk::new("no-port");
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
