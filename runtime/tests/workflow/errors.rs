//! Errors: codes, exit codes and hints.

use serde_json::Value;

use crate::common::snapshot::ref_in;
use crate::common::{TestBsk, closed_port, site};

#[tokio::test(flavor = "multi_thread")]
async fn errors_have_codes_exit_codes_and_hints() {
    let site = site().await;
    let bsk = TestBsk::new("errors");
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
