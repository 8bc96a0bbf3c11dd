//! The record explains itself: each problem with what the server said and the action it
//! followed, the page as it was once that action's window closed, and counts that agree with
//! the list, read through the CLI from a real page.

use serde_json::Value;

use crate::common::evidence::{debug, operations};
use crate::common::page::serve_paths;
use crate::common::{TestBsk, WAIT, wait_for};

/// An order form whose Place order button gets a 422 with a JSON error, shows "Placing order…"
/// at once and "Could not place order." 200 ms after the response, and throws; plus a
/// cross-site iframe whose own fetch fails with a 500.
async fn order_form() -> (String, u16) {
    let page = r#"<!doctype html><html><head><title>Order form</title></head><body>
<h1>Order</h1><button id="place">Place order</button><p id="msg"></p>
<script>
const frame = document.createElement('iframe');
frame.src = 'http://b.localhost:' + location.port + '/frame';
document.body.append(frame);
place.onclick = async () => {
  msg.textContent = 'Placing order…';
  const r = await fetch('/api/orders', { method: 'POST', body: '{"qty": 3}' });
  setTimeout(() => { msg.textContent = 'Could not place order.'; }, 200);
  if (!r.ok) setTimeout(() => { null.total; }, 0);
};
</script></body></html>"#;
    let frame =
        r#"<!doctype html><html><body><script>fetch('/frame-api/broken');</script></body></html>"#;
    let port = serve_paths(&[("/", page), ("/frame", frame)]).await;
    (format!("http://a.localhost:{port}/"), port)
}

#[tokio::test(flavor = "multi_thread")]
async fn problems_say_what_the_server_said_and_which_action_they_followed() {
    let (url, port) = order_form().await;
    // The test server answers the order with a 422 JSON error: serve it from the same port.
    let bsk = TestBsk::new("problems");
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;
    s.op(&["navigate", &url]).await;
    s.op(&["click", "#place"]).await;
    let problems = wait_for(
        "the order's 404, the frame's and the exception",
        WAIT,
        || async {
            let result = debug(&s, &["problems"]).await;
            let problems = result["problems"].as_array().cloned().unwrap_or_default();
            (problems.len() >= 3).then_some(problems)
        },
    )
    .await;
    let order = problems
        .iter()
        .find(|p| {
            p["summary"]
                .as_str()
                .is_some_and(|s| s.contains("/api/orders"))
        })
        .unwrap_or_else(|| panic!("the order's failure is a problem: {problems:#?}"));
    assert_eq!(order["kind"], "status", "{order}");
    assert_eq!(
        order["after"]["label"], "click button \"Place order\"",
        "{order}"
    );
    assert_eq!(order["after"]["immediate"], true);
    let exception = problems
        .iter()
        .find(|p| p["kind"] == "exception")
        .unwrap_or_else(|| panic!("the uncaught TypeError: {problems:#?}"));
    assert!(
        exception["summary"]
            .as_str()
            .is_some_and(|s| s.contains("TypeError")),
        "{exception}"
    );
    assert!(
        exception["source"]
            .as_str()
            .is_some_and(|s| s.contains(&format!("a.localhost:{port}"))),
        "{exception}"
    );
    let framed = problems
        .iter()
        .find(|p| {
            p["summary"]
                .as_str()
                .is_some_and(|s| s.contains("/frame-api/broken"))
        })
        .unwrap_or_else(|| panic!("the iframe's failure: {problems:#?}"));
    assert_eq!(
        framed["frame"],
        format!("frame http://b.localhost:{port}/frame"),
        "named by its origin and path, not a target id: {framed}"
    );
    // The browser's own "Failed to load resource" about a listed request is not listed again.
    let echoes = problems.iter().filter(|p| {
        p["kind"] == "console_error"
            && p["summary"]
                .as_str()
                .is_some_and(|s| s.contains("Failed to load resource"))
    });
    assert_eq!(echoes.count(), 0, "{problems:#?}");

    // The page after the click is the page once its window closed: the message shown 200 ms
    // after the response, not "Placing order…" 1 ms after the click.
    let export = wait_for("the click's text change", WAIT, || async {
        let export = debug(&s, &["export"]).await;
        let click = export["operations"]
            .as_array()
            .and_then(|ops| ops.iter().find(|o| o["name"] == "click"))
            .cloned()?;
        let added = click["text_change"]["added"].as_array()?.clone();
        added
            .iter()
            .any(|l| l == "Could not place order.")
            .then_some(export)
    })
    .await;
    let click = export["operations"]
        .as_array()
        .and_then(|ops| ops.iter().find(|o| o["name"] == "click"))
        .cloned()
        .unwrap_or(Value::Null);
    // Counts agree: the click's errors are the problems that followed it.
    let after_click = export["problems"]
        .as_array()
        .map(|all| {
            all.iter()
                .filter(|p| p["after"]["operation_id"] == click["id"])
                .count()
        })
        .unwrap_or(0);
    assert_eq!(click["counts"]["errors"], after_click, "{click}");
    let text = s.run(&["debug", "problems"]).await;
    assert!(
        text.stdout.contains("after") && text.stdout.contains("click button \"Place order\""),
        "{}",
        text.stdout
    );
    assert!(operations(&s).await.len() >= 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn one_call_reads_a_request_whole_and_a_redacted_body_says_its_size_as_sent() {
    let page = r#"<!doctype html><html><body><button id="login">Log in</button><script>
login.onclick = () => { console.log('logging in'); fetch('/api/login', { method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ user: 'ada', password: 'hunter2hunter2hunter2' }) }).then((r) => r.text()); };
</script></body></html>"#;
    let port = serve_paths(&[("/", page)]).await;
    let bsk = TestBsk::new("request-whole");
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;
    s.op(&["navigate", &format!("http://127.0.0.1:{port}/")])
        .await;
    let clicked = s.run(&["click", "#login"]).await;
    // The result counts every console entry the click caused, at every level.
    assert!(
        clicked.stdout.contains("console: 1 log"),
        "{}",
        clicked.stdout
    );
    let login = wait_for("the login request", WAIT, || async {
        let requests = crate::common::evidence::requests(&s).await;
        requests.into_iter().find(|r| {
            r["url"].as_str().is_some_and(|u| u.ends_with("/api/login")) && r["state"] != "pending"
        })
    })
    .await;
    let id = login["id"].as_str().unwrap_or_default().to_string();
    let whole = debug(&s, &["request", &id, "--part", "all"]).await;
    assert_eq!(whole["metadata"]["method"], "POST", "{whole}");
    assert!(whole["headers"]["request"]["entries"].is_array(), "{whole}");
    let sent = &whole["request_body"]["body"];
    assert!(
        whole["request_body"]["text"]
            .as_str()
            .is_some_and(|t| !t.contains("hunter2")),
        "{whole}"
    );
    let (kept, original) = (sent["units"].as_u64(), sent["original_units"].as_u64());
    assert!(
        kept.is_some() && original.is_some() && kept != original,
        "{sent}"
    );
    assert!(
        whole["response_body"]["body"]["state"].is_string(),
        "{whole}"
    );
    let text = s.run(&["debug", "request", &id, "--part", "all"]).await;
    assert!(text.stdout.contains("-- response body"), "{}", text.stdout);
    assert!(text.stdout.contains("as sent"), "{}", text.stdout);
    let error = s
        .fail(&["debug", "request", &id, "--part", "all", "--offset", "3"])
        .await;
    assert!(
        error["hint"]
            .as_str()
            .is_some_and(|h| h.contains("--part response") && h.contains("--offset N")),
        "{error}"
    );
}
