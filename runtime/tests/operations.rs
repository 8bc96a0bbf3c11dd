//! Operation evidence end to end: agent operations and their field chains, manual input recorded
//! by the page observer, duplicate suppression, redaction of credential fields, follow-up page
//! observations and their bounds, and what stopping or crashing a capture does to pending typing
//! and to the page.
//!
//! Agent operations run through the real `bsk` binary. Manual input comes from a second CDP
//! client ([`Manual`]) connected to the daemon's browser, dispatching trusted `Input.*` events on
//! the session's tab outside any agent operation — the way a person at the keyboard would. Every
//! wait polls the evidence with a deadline; the only deliberate pauses are the pacing of keys
//! within a typing burst and stepping past an agent operation's suppression grace or a page's
//! settling time.

mod common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bsk_load_tests::site::Site;
use common::{Bsk, Session, WAIT, wait_for, wait_until};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

/// The contract's bounds.
const MAX_FOLLOW_UPS: usize = 4;
const MAX_PAGE_LOADS: usize = 20;
/// "Later requests and console entries can appear for up to 15 seconds": follow-ups too.
const FOLLOW_UP_WINDOW: Duration = Duration::from_secs(15);

/// Manual events this long after an agent navigation may still be taken for the agent's own
/// (the observer's navigation grace is 1.5 s; input grace is shorter). Manual phases start past it.
const AGENT_GRACE_MS: u64 = 1_600;
/// Between two keys of one burst: far inside the 350 ms typing debounce, so that a loaded
/// machine does not split a burst.
const KEY_GAP: Duration = Duration::from_millis(30);
/// How long a negative ("nothing new is recorded") is watched.
const QUIET: Duration = Duration::from_millis(1_500);

async fn site() -> Site {
    Site::start().await.expect("start the scenario site")
}

fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Lets the wall clock pass `at_ms` (a recorded timestamp), e.g. the end of a grace period.
async fn pass(at_ms: u64) {
    let now = now_ms();
    if at_ms > now {
        tokio::time::sleep(Duration::from_millis(at_ms - now)).await;
    }
}

// ---- reading a capture ---------------------------------------------------------------------

async fn debug(s: &Session<'_>, args: &[&str]) -> Value {
    let mut full = vec!["debug"];
    full.extend_from_slice(args);
    s.op(&full).await
}

fn id(record: &Value) -> String {
    record["id"]
        .as_str()
        .unwrap_or_else(|| panic!("record without an id: {record}"))
        .to_string()
}

fn id_number(record: &Value) -> u64 {
    record["id"]
        .as_str()
        .and_then(|id| id.trim_start_matches(char::is_alphabetic).parse().ok())
        .unwrap_or(u64::MAX)
}

/// Every record of a paged list (`requests`, `operations`), merged by id, in id (creation) order.
async fn list(s: &Session<'_>, what: &str) -> Vec<Value> {
    let mut merged: Vec<Value> = Vec::new();
    let mut since: Option<u64> = None;
    loop {
        let since_arg = since.map(|n| n.to_string());
        let mut args = vec![what, "--limit", "100"];
        if what == "requests" {
            args.push("--all");
        }
        if let Some(since) = &since_arg {
            args.extend(["--since", since]);
        }
        let page = debug(s, &args).await;
        let items = page["items"].as_array().cloned().unwrap_or_default();
        if items.is_empty() {
            break;
        }
        for item in items {
            match merged.iter_mut().find(|r| r["id"] == item["id"]) {
                Some(known) => *known = item,
                None => merged.push(item),
            }
        }
        since = page["next_since"].as_u64();
    }
    merged.sort_by_key(id_number);
    merged
}

async fn operations(s: &Session<'_>) -> Vec<Value> {
    list(s, "operations").await
}

async fn operation(s: &Session<'_>, operation: &str) -> Value {
    debug(s, &["operation", operation]).await
}

fn manual(operations: &[Value]) -> Vec<Value> {
    operations
        .iter()
        .filter(|o| o["source"] == "manual")
        .cloned()
        .collect()
}

/// `source:name:state` of each operation, for messages and sequence checks.
fn names(operations: &[Value]) -> Vec<String> {
    operations
        .iter()
        .map(|o| format!("{}:{}:{}", o["source"], o["name"], o["state"]).replace('"', ""))
        .collect()
}

/// The latest agent operation's end: manual input must come after its grace period.
async fn last_agent_end(s: &Session<'_>) -> u64 {
    operations(s)
        .await
        .iter()
        .filter(|o| o["source"] == "agent")
        .filter_map(|o| o["ended_at"].as_u64())
        .max()
        .unwrap_or_else(now_ms)
}

/// Waits for the first retained request to `url` with `method` whose request and response are
/// final (not pending).
async fn final_request(s: &Session<'_>, method: &str, url: &str, nth: usize) -> Value {
    wait_for(
        &format!("{method} {url} #{nth} to finish"),
        WAIT,
        || async {
            let matching: Vec<Value> = list(s, "requests")
                .await
                .into_iter()
                .filter(|r| r["url"] == url && r["method"] == method)
                .collect();
            matching.get(nth).cloned().filter(|r| {
                r["state"] != "pending"
                    && r["request_body"]["state"] != "pending"
                    && r["response_body"]["state"] != "pending"
            })
        },
    )
    .await
}

/// The chain of `field` in an operation detail.
fn chain<'a>(detail: &'a Value, field: &str) -> &'a Value {
    detail["operation"]["field_chain"]
        .as_array()
        .and_then(|c| c.iter().find(|f| f["name"] == field))
        .unwrap_or_else(|| panic!("no field chain for {field}: {detail}"))
}

/// The snapshot of `field` in a page observation.
fn field<'a>(observation: &'a Value, name: &str) -> Option<&'a Value> {
    observation["fields"]
        .as_array()?
        .iter()
        .find(|f| f["name"] == name)
}

/// The centre of the first element matching `selector`, in CSS pixels (an agent `evaluate`).
async fn centre(s: &Session<'_>, selector: &str) -> (f64, f64) {
    let expression = format!(
        "(() => {{ const r = document.querySelector({}).getBoundingClientRect(); \
         return [r.x + r.width / 2, r.y + r.height / 2]; }})()",
        json!(selector)
    );
    let point = s.eval(&expression).await;
    match (point[0].as_f64(), point[1].as_f64()) {
        (Some(x), Some(y)) => (x, y),
        _ => panic!("no centre for {selector}: {point}"),
    }
}

// ---- manual input: a second CDP client -----------------------------------------------------

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A person at the browser: a second CDP connection attached to the session's tab, sending
/// trusted input that no agent operation produced.
struct Manual {
    socket: Socket,
    session: String,
    next_id: u64,
    /// `Runtime.executionContextCreated` contexts received while waiting for replies.
    contexts: Vec<Value>,
}

impl Manual {
    async fn connect(bsk: &Bsk, tab: &str) -> Manual {
        let status = bsk.json(&["status"]).await;
        let url = status["browser"]["ws_url"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser ws_url in status: {status}"))
            .to_string();
        let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot connect a second CDP client to {url}: {e}"));
        let mut manual = Manual {
            socket,
            session: String::new(),
            next_id: 0,
            contexts: Vec::new(),
        };
        let attached = manual
            .send(
                None,
                "Target.attachToTarget",
                json!({ "targetId": tab, "flatten": true }),
            )
            .await;
        manual.session = attached["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("attachToTarget gave no sessionId: {attached}"))
            .to_string();
        manual
    }

    async fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .await
            .unwrap_or_else(|e| panic!("cannot send {method}: {e}"));
        let deadline = Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("no reply to {method} within {WAIT:?}"));
            let text = match frame {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(_)) => continue,
                other => panic!("the second CDP connection ended waiting for {method}: {other:?}"),
            };
            let reply: Value = serde_json::from_str(&text).unwrap_or_default();
            if reply["id"] == id {
                if let Some(error) = reply.get("error") {
                    panic!("{method} failed: {error}");
                }
                return reply["result"].clone();
            }
            if reply["method"] == "Runtime.executionContextCreated" {
                self.contexts.push(reply["params"]["context"].clone());
            }
        }
    }

    async fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params).await
    }

    async fn mouse(&mut self, kind: &str, (x, y): (f64, f64), extra: Value) {
        let mut params = json!({ "type": kind, "x": x, "y": y });
        if let (Some(params), Some(extra)) = (params.as_object_mut(), extra.as_object()) {
            params.extend(extra.clone());
        }
        self.call("Input.dispatchMouseEvent", params).await;
    }

    /// A left click at `point`.
    async fn click(&mut self, point: (f64, f64)) {
        self.mouse("mouseMoved", point, json!({})).await;
        let press = json!({ "button": "left", "buttons": 1, "clickCount": 1 });
        self.mouse("mousePressed", point, press).await;
        let release = json!({ "button": "left", "buttons": 0, "clickCount": 1 });
        self.mouse("mouseReleased", point, release).await;
    }

    /// One key that types `c` into the focused field.
    async fn key(&mut self, c: char) {
        let text = c.to_string();
        let down = json!({ "type": "keyDown", "key": text, "text": text, "unmodifiedText": text });
        self.call("Input.dispatchKeyEvent", down).await;
        self.call(
            "Input.dispatchKeyEvent",
            json!({ "type": "keyUp", "key": text }),
        )
        .await;
    }

    /// One burst: a key per character, [`KEY_GAP`] apart.
    async fn type_burst(&mut self, text: &str) {
        for (i, c) in text.chars().enumerate() {
            if i > 0 {
                tokio::time::sleep(KEY_GAP).await;
            }
            self.key(c).await;
        }
    }

    /// Keeps typing `c` until `done` is set (at least once); returns how many keys were typed.
    async fn type_until(&mut self, c: char, done: &AtomicBool) -> usize {
        let mut typed = 0;
        loop {
            self.key(c).await;
            typed += 1;
            if done.load(Ordering::SeqCst) {
                return typed;
            }
            tokio::time::sleep(KEY_GAP).await;
        }
    }

    /// Names of the execution contexts of the main frame this client sees, after `Runtime.enable`
    /// reported the existing ones: which isolated worlds the page has.
    async fn world_names(&mut self) -> Vec<(String, i64)> {
        self.contexts.clear();
        self.call("Runtime.enable", json!({})).await;
        // A round trip after enable: every existing context has been reported before its reply.
        self.call("Runtime.evaluate", json!({ "expression": "1" }))
            .await;
        let names = self
            .contexts
            .iter()
            .filter(|c| c["auxData"]["isDefault"] == false)
            .filter_map(|c| Some((c["name"].as_str()?.to_string(), c["id"].as_i64()?)))
            .collect();
        self.call("Runtime.disable", json!({})).await;
        names
    }

    /// `expression`'s value in execution context `context`.
    async fn eval_in(&mut self, context: i64, expression: &str) -> Value {
        let reply = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "contextId": context, "returnByValue": true }),
            )
            .await;
        reply["result"]["value"].clone()
    }
}

/// The manual `type` operations, in order.
fn typed(operations: &[Value]) -> Vec<Value> {
    operations
        .iter()
        .filter(|o| o["source"] == "manual" && o["name"] == "type")
        .cloned()
        .collect()
}

// ---- 1. agent flow: windows, field chain, business error, no manual duplicates ------------

#[tokio::test(flavor = "multi_thread")]
async fn agent_save_links_fields_through_request_and_reload_without_manual_duplicates() {
    let site = site().await;
    let bsk = Bsk::new("ops-agent");
    let s = bsk.start_session().await;
    debug(&s, &["start", "--name", "agent flow"]).await;
    let demo = site.url("/demo");
    let save_url = site.url("/api/save");
    const EMAIL: &str = "ada@example.com";

    s.op(&["navigate", &demo]).await;
    s.op(&["fill", "#name", "Ada Lovelace"]).await;
    s.op(&["fill", "#email", EMAIL]).await;
    s.op(&["select", "#plan", "pro"]).await;
    // Past the page's settling (its observation is retaken up to 2 s after load, for fields
    // that scripts fill): the page as it loaded is recorded before the click.
    let pages = debug(&s, &["pages"]).await;
    let loaded_at = pages["pages"][0]["loaded_at"]
        .as_u64()
        .unwrap_or_else(|| panic!("the demo page has loaded: {pages}"));
    pass(loaded_at + 2_500).await;
    s.op(&["click", "#save"]).await;
    let save = final_request(&s, "POST", &save_url, 0).await;
    s.op(&["reload", "--wait-until", "networkidle"]).await;

    let ops = operations(&s).await;
    let agent: Vec<&str> = ops.iter().filter_map(|o| o["name"].as_str()).collect();
    assert_eq!(
        agent,
        ["navigate", "fill", "fill", "select", "click", "reload"],
        "{ops:#?}"
    );
    let (click, reload) = (&ops[4], &ops[5]);

    // The reload's settled page shows the saved email (the site prefills it after load).
    let detail = wait_for(
        "the reload's page load to supply the later email",
        WAIT,
        || async {
            let detail = operation(&s, &id(click)).await;
            (chain(&detail, "email")["later"]["value"] == EMAIL).then_some(detail)
        },
    )
    .await;
    assert_eq!(detail["operation"]["state"], "completed", "{detail}");
    let immediate = detail["immediate"]["requests"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        immediate
            .iter()
            .any(|r| r["id"] == save["id"] && r["method"] == "POST"),
        "POST /api/save in the click's immediate window: {detail}"
    );

    let email = chain(&detail, "email");
    let original = email.clone();
    assert_eq!(email["operation_time"]["value"], EMAIL, "{email}");
    assert_eq!(
        (
            email["submitted"]["value"].clone(),
            email["submitted"]["request_id"].clone()
        ),
        (json!(EMAIL), save["id"].clone()),
        "submitted in the POST body: {email}"
    );
    // The response, {"ok":true,"id":42}, has no email: unlinked, and no value is invented.
    assert_eq!(email["response"]["unlinked"], "not_found", "{email}");
    assert!(email["response"].get("value").is_none(), "{email}");
    let pages = debug(&s, &["pages"]).await;
    let reload_page = pages["pages"]
        .as_array()
        .and_then(|p| p.last())
        .cloned()
        .unwrap_or_else(|| panic!("no page loads: {pages}"));
    assert!(
        reload_page["at"].as_u64() > reload["started_at"].as_u64(),
        "the last page load is the reload's: {pages}"
    );
    assert_eq!(email["later"]["page_id"], reload_page["id"], "{email}");
    assert_eq!(
        email["later"]["intervening_operations"],
        json!([id(reload)]),
        "the reload happened between the click and the later load: {email}"
    );
    let plan = chain(&detail, "plan");
    assert_eq!(
        (
            plan["operation_time"]["value"].clone(),
            plan["submitted"]["value"].clone()
        ),
        (json!("pro"), json!("pro")),
        "{plan}"
    );
    let name = chain(&detail, "name");
    assert_eq!(name["submitted"]["value"], "Ada Lovelace", "{name}");

    // The agent's own trusted input reached the page observer: suppressed and counted, never
    // recorded as manual operations.
    for (op, what) in [(&ops[1], "fill"), (&ops[2], "fill"), (click, "click")] {
        assert!(
            op["suppressed_manual_events"].as_u64() > Some(0),
            "the {what}'s input events were suppressed: {op}"
        );
    }
    assert!(
        reload["suppressed_manual_events"].as_u64() > Some(0),
        "the reload's navigation report was suppressed: {reload}"
    );
    assert_eq!(manual(&ops), Vec::<Value>::new(), "{:?}", names(&ops));

    // A rejected save: HTTP 200, the business error in the body.
    s.op(&["fill", "#email", "taken@example.com"]).await;
    let taken_click = s.op(&["click", "#save"]).await;
    assert!(taken_click["summary"].is_string(), "{taken_click}");
    let taken = final_request(&s, "POST", &save_url, 1).await;
    assert_eq!(taken["status"], 200, "{taken}");
    let code = debug(
        &s,
        &[
            "request",
            &id(&taken),
            "--part",
            "response",
            "--pointer",
            "/error/code",
        ],
    )
    .await;
    assert_eq!(code["value"], "EMAIL_TAKEN", "{code}");
    let ops = operations(&s).await;
    let last = ops.last().cloned().unwrap_or_default();
    assert_eq!(
        (last["source"].clone(), last["name"].clone()),
        (json!("agent"), json!("click")),
        "{:?}",
        names(&ops)
    );
    let detail = operation(&s, &id(&last)).await;
    let email = chain(&detail, "email");
    assert_eq!(
        (
            email["submitted"]["value"].clone(),
            email["submitted"]["request_id"].clone()
        ),
        (json!("taken@example.com"), taken["id"].clone()),
        "{email}"
    );
    assert_eq!(manual(&ops), Vec::<Value>::new(), "{:?}", names(&ops));

    // The page as it loaded had an empty email (no profile was saved yet); the agent's fills
    // came later and must not become the "original" value.
    assert_eq!(
        original["original"]["value"], "",
        "the original value is the page as loaded, not the agent's fill: {original}"
    );
}

// ---- 2. manual input: typing bursts, click, submit, reload ---------------------------------

#[tokio::test(flavor = "multi_thread")]
async fn manual_typing_bursts_clicks_submit_and_reload_are_operations() {
    let site = site().await;
    let bsk = Bsk::with_devtools_port("ops-manual").await;
    let s = bsk.start_session().await;
    debug(&s, &["start"]).await;
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    let name = centre(&s, "#name").await;
    let email = centre(&s, "#email").await;
    let save = centre(&s, "#save").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    let agent_ops = operations(&s).await.len();
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;

    // A click into the field.
    person.click(name).await;
    let clicked = wait_for("the manual click", WAIT, || async {
        manual(&operations(&s).await).into_iter().next()
    })
    .await;
    assert_eq!(clicked["name"], "click", "{clicked}");
    assert_eq!(clicked["state"], "completed", "{clicked}");
    assert_eq!(clicked["params"]["target"]["id"], "name", "{clicked}");

    // First burst: "Grace" in five quick keys, one operation with the final snapshot.
    person.type_burst("Grace").await;
    let first = wait_for("the first burst to complete", WAIT, || async {
        let ops = typed(&operations(&s).await);
        (!ops.is_empty() && ops.iter().all(|o| o["state"] == "completed")).then_some(ops)
    })
    .await;
    assert_eq!(first.len(), 1, "one burst, one operation: {first:#?}");
    let first = &first[0];
    assert_eq!(
        first["params"]["value"], "Grace",
        "the final snapshot: {first}"
    );
    assert_eq!(first["params"]["field"], "name", "{first}");
    assert_eq!(first["params"]["form"], "profile", "{first}");
    let typed_for = first["ended_at"].as_u64().unwrap_or_default()
        - first["started_at"].as_u64().unwrap_or_default();
    assert!(
        typed_for >= 4 * KEY_GAP.as_millis() as u64,
        "one operation spans the whole burst ({typed_for} ms): {first}"
    );

    // Second burst after a pause longer than the debounce (the first one has completed).
    person.type_burst(" Hop").await;
    let both = wait_for("the second burst to complete", WAIT, || async {
        let ops = typed(&operations(&s).await);
        (ops.len() == 2 && ops.iter().all(|o| o["state"] == "completed")).then_some(ops)
    })
    .await;
    assert_eq!(both[0]["id"], first["id"], "{both:#?}");
    assert_eq!(both[1]["params"]["value"], "Grace Hop", "{both:#?}");

    // While keys keep coming the operation is running, its value the latest snapshot; once
    // they stop it completes.
    person.click(email).await;
    let done = AtomicBool::new(false);
    let watch = async {
        let running = wait_for("a running type operation for the email", WAIT, || async {
            typed(&operations(&s).await)
                .into_iter()
                .find(|o| o["params"]["field"] == "email" && o["state"] == "running")
        })
        .await;
        done.store(true, Ordering::SeqCst);
        running
    };
    let (running, keys) = tokio::join!(watch, person.type_until('z', &done));
    let value = running["params"]["value"].as_str().unwrap_or_default();
    assert!(
        !value.is_empty() && value.len() <= keys && value.chars().all(|c| c == 'z'),
        "a running snapshot is what was typed so far: {running}"
    );
    let completed = wait_for("the email typing to complete", WAIT, || async {
        operations(&s)
            .await
            .into_iter()
            .find(|o| o["id"] == running["id"] && o["state"] == "completed")
    })
    .await;
    assert_eq!(
        completed["params"]["value"],
        "z".repeat(keys),
        "the final snapshot: {completed}"
    );

    // A manual click on Save submits the form: a click, then a submit with the POST.
    person.click(save).await;
    let submit = wait_for("the manual submit", WAIT, || async {
        manual(&operations(&s).await)
            .into_iter()
            .find(|o| o["name"] == "submit")
    })
    .await;
    assert_eq!(submit["params"]["form"], "profile", "{submit}");
    let post = final_request(&s, "POST", &site.url("/api/save"), 0).await;
    let detail = operation(&s, &id(&submit)).await;
    assert!(
        detail["immediate"]["requests"]
            .as_array()
            .is_some_and(|r| r.iter().any(|r| r["id"] == post["id"])),
        "the POST follows the manual submit: {detail}"
    );
    let sent = debug(
        &s,
        &[
            "request",
            &id(&post),
            "--part",
            "request",
            "--pointer",
            "/name",
        ],
    )
    .await;
    assert_eq!(sent["value"], "Grace Hop", "{sent}");

    // A reload from the browser, not from the agent.
    person.call("Page.reload", json!({})).await;
    let reload = wait_for("the manual reload", WAIT, || async {
        manual(&operations(&s).await)
            .into_iter()
            .find(|o| o["name"] == "reload")
    })
    .await;
    assert!(
        reload["params"]["url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/demo")),
        "{reload}"
    );
    // The reload's own document request is in its window, not in the earlier operations'.
    let holds = |detail: &Value, window: &str, request: &Value| {
        detail[window]["requests"]
            .as_array()
            .is_some_and(|r| r.iter().any(|r| r["id"] == request["id"]))
    };
    let reloaded = final_request(&s, "GET", &site.url("/demo"), 1).await;
    let detail = operation(&s, &id(&reload)).await;
    assert!(
        holds(&detail, "immediate", &reloaded),
        "the reload's GET /demo is in its immediate window: {reloaded}\n{detail}"
    );
    assert!(
        reload["started_at"].as_u64() <= reloaded["started_at"].as_u64(),
        "the reload began before its document request: {reload} {reloaded}"
    );
    for earlier in operations(&s)
        .await
        .iter()
        .filter(|o| o["id"] != reload["id"])
    {
        let detail = operation(&s, &id(earlier)).await;
        assert!(
            !holds(&detail, "immediate", &reloaded)
                && !holds(&detail, "possibly_related", &reloaded),
            "the reload's GET /demo is not another operation's: {detail}"
        );
    }

    // A URL the person typed: a navigation, with its document request in its window.
    person
        .call("Page.navigate", json!({ "url": site.url("/demo?typed=1") }))
        .await;
    let typed_url = wait_for("the manual navigation", WAIT, || async {
        manual(&operations(&s).await)
            .into_iter()
            .find(|o| o["name"] == "navigate")
    })
    .await;
    let document = final_request(&s, "GET", &site.url("/demo?typed=1"), 0).await;
    let detail = operation(&s, &id(&typed_url)).await;
    assert!(
        holds(&detail, "immediate", &document),
        "the typed URL's document request is in its window: {document}\n{detail}"
    );

    let ops = operations(&s).await;
    assert_eq!(
        names(&ops[agent_ops..]),
        [
            "manual:click:completed",
            "manual:type:completed",
            "manual:type:completed",
            "manual:click:completed",
            "manual:type:completed",
            "manual:click:completed",
            "manual:submit:completed",
            "manual:reload:completed",
            "manual:navigate:completed",
        ],
        "{ops:#?}"
    );
    assert_eq!(ops[agent_ops + 3]["params"]["target"]["id"], "email");
    assert_eq!(ops[agent_ops + 5]["params"]["target"]["id"], "save");
    assert!(
        ops[..agent_ops].iter().all(|o| o["source"] == "agent"),
        "{:?}",
        names(&ops)
    );
}

// ---- 3. credential and payment fields ------------------------------------------------------

const MANUAL_PASSWORD: &str = "MANUALPW7781";
const MANUAL_CARD: &str = "5555444433332222";
const AGENT_PASSWORD: &str = "AGENTPW9931";
/// The page's own initial values of its password and card fields.
const PAGE_SECRETS: [&str; 2] = ["SECRET_FIELD_555", "4111111111111111"];

#[tokio::test(flavor = "multi_thread")]
async fn password_and_card_values_are_never_recorded() {
    let site = site().await;
    let bsk = Bsk::with_devtools_port("ops-secrets").await;
    let s = bsk.start_session().await;
    debug(&s, &["start"]).await;
    s.op(&["navigate", &site.url("/secrets-page")]).await;
    let password = centre(&s, "#password").await;
    let card = centre(&s, "#card-number").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;

    person.click(password).await;
    person.type_burst(MANUAL_PASSWORD).await;
    person.click(card).await;
    person.type_burst(MANUAL_CARD).await;
    let manual_typing = wait_for("the manual typing to complete", WAIT, || async {
        let ops = typed(&operations(&s).await);
        let card_typed = ops.iter().any(|o| o["params"]["field"] == "card-number");
        (card_typed && ops.iter().all(|o| o["state"] == "completed")).then_some(ops)
    })
    .await;
    // Clicking a credential field that holds a typed value is recorded as a click, not the value.
    person.click(password).await;
    wait_until("the second click into the password field", WAIT, || async {
        let ops = manual(&operations(&s).await);
        ops.iter().filter(|o| o["name"] == "click").count() == 3
    })
    .await;
    s.op(&["fill", "#password", AGENT_PASSWORD]).await;
    // Only its length: an evaluate's expression and result are recorded as is.
    assert_eq!(
        s.eval("document.querySelector('#password').value.length")
            .await,
        AGENT_PASSWORD.len(),
        "the agent's fill reached the page"
    );
    let ops = operations(&s).await;
    let fill = ops
        .iter()
        .find(|o| o["name"] == "fill")
        .cloned()
        .unwrap_or_else(|| panic!("no fill: {ops:#?}"));
    // The page as the fill left it, observed before reading.
    wait_until("the fill's page observation", WAIT, || async {
        operation(&s, &id(&fill)).await["operation"]["observation"].is_object()
    })
    .await;

    // Recorded, but without values.
    assert_eq!(
        manual_typing.first().map(|o| o["params"]["field"].clone()),
        Some(json!("password")),
        "{manual_typing:#?}"
    );
    for op in &manual_typing {
        assert_eq!(op["params"]["omitted"], true, "{op}");
        assert!(op["params"]["value"].is_null(), "{op}");
    }
    assert_eq!(fill["params"]["value"], "[redacted]", "{fill}");
    let mut observations: Vec<Value> = Vec::new();
    let pages = debug(&s, &["pages"]).await;
    observations.extend(
        pages["pages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p.get("observation").cloned()),
    );
    for op in &ops {
        let detail = operation(&s, &id(op)).await;
        let op = &detail["operation"];
        observations.extend(op.get("observation").cloned());
        observations.extend(op["follow_ups"].as_array().cloned().unwrap_or_default());
        for name in ["password", "card-number"] {
            let chain = chain(&detail, name);
            for stage in [
                "original",
                "operation_time",
                "submitted",
                "response",
                "later",
            ] {
                assert_eq!(
                    chain[stage]["unlinked"], "omitted",
                    "{name} {stage}: {chain}"
                );
                assert!(chain[stage].get("value").is_none(), "{chain}");
            }
        }
    }
    assert!(observations.len() >= 3, "{observations:#?}");
    for observation in &observations {
        for name in ["password", "card-number"] {
            let snapshot =
                field(observation, name).unwrap_or_else(|| panic!("no {name}: {observation}"));
            assert_eq!(snapshot["omitted"], true, "{snapshot}");
            assert!(snapshot.get("value").is_none(), "{snapshot}");
        }
        let user = field(observation, "username").unwrap_or_else(|| panic!("{observation}"));
        assert_eq!(
            user["value"], "bob",
            "ordinary fields keep their value: {user}"
        );
    }

    // No read, in JSON or as text, holds any of the values.
    debug(&s, &["stop"]).await;
    let mut reads: Vec<(String, String)> = Vec::new();
    let mut every = vec![
        vec!["debug", "operations", "--limit", "100"],
        vec!["debug", "requests", "--all", "--limit", "100"],
        vec!["debug", "console", "--limit", "100"],
        vec!["debug", "pages"],
        vec!["debug", "status"],
        vec!["debug", "export"],
    ];
    let ids: Vec<String> = ops.iter().map(id).collect();
    every.extend(ids.iter().map(|o| vec!["debug", "operation", o.as_str()]));
    let requests: Vec<String> = list(&s, "requests").await.iter().map(id).collect();
    for request in &requests {
        for part in ["metadata", "request", "response"] {
            every.push(vec!["debug", "request", request, "--part", part]);
        }
    }
    for args in every {
        for json in [false, true] {
            let mut args = args.clone();
            if json {
                args.push("--json");
            }
            let out = s.run(&args).await.success();
            reads.push((
                format!("{args:?}"),
                format!("{}\n{}", out.stdout, out.stderr),
            ));
        }
    }
    // The page's own initial values are in its HTML (a retained response body), so they are
    // looked for only where the observer's snapshots end up.
    let export = debug(&s, &["export"]).await;
    for section in ["operations", "pages"] {
        reads.push((format!("export {section}"), export[section].to_string()));
    }
    let observer_reads = |what: &str| {
        what.starts_with("export ") || what.contains("\"operation") || what.contains("\"pages\"")
    };
    let mut leaked: Vec<String> = Vec::new();
    for (what, text) in &reads {
        let mut secrets = vec![MANUAL_PASSWORD, MANUAL_CARD, AGENT_PASSWORD];
        if observer_reads(what) {
            secrets.extend(PAGE_SECRETS);
        }
        for secret in secrets {
            if let Some(at) = text.find(secret) {
                let from = text[..at]
                    .char_indices()
                    .rev()
                    .nth(120)
                    .map_or(0, |(i, _)| i);
                let context: String = text[from..].chars().take(200).collect();
                leaked.push(format!("{secret} in {what}: …{context}…"));
            }
        }
    }
    assert!(
        leaked.is_empty(),
        "secrets recorded:\n{}",
        leaked.join("\n")
    );
}

/// Names a sensitive-field rule must get right, both ways.
const FIELD_NAMES: &[&str] = &[
    "password",
    "newPassword",
    "user_pass",
    "pwd",
    "passenger",
    "secretary",
    "api_key",
    "x-api-key",
    "access_token",
    "tokenizer",
    "token_type",
    "session_count",
    "PHPSESSID",
    "csrfmiddlewaretoken",
    "authorization",
    "author",
    "authority",
    "oauth2",
    "cvv2",
    "card",
    "cardName",
    "card_number",
    "cc-number",
    "iban",
    "primary_key",
    "keyboard",
    "key",
    "email",
    "name",
    "XAuthToken",
    "spin",
    "otp",
    "one_time",
    "ssn",
    "monkey",
    "Auth",
    "",
    "é_password",
];

#[tokio::test(flavor = "multi_thread")]
async fn the_page_observer_and_bsk_share_one_sensitive_field_rule() {
    use bsk_actors::model::redact::{is_secret_field, secret_field_js};
    let site = site().await;
    let bsk = Bsk::new("ops-one-rule");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;
    let mut cases: Vec<(String, String, String, String)> = FIELD_NAMES
        .iter()
        .flat_map(|name| {
            [
                (
                    "text".to_string(),
                    String::new(),
                    name.to_string(),
                    String::new(),
                ),
                (
                    "text".to_string(),
                    String::new(),
                    String::new(),
                    name.to_string(),
                ),
            ]
        })
        .collect();
    for (kind, autocomplete) in [
        ("password", ""),
        ("FILE", ""),
        ("text", "cc-number"),
        ("text", "shipping current-password"),
        ("text", "one-time-code"),
        ("text", "username"),
        ("email", "email"),
    ] {
        cases.push((
            kind.into(),
            autocomplete.into(),
            "field".into(),
            String::new(),
        ));
    }
    let expression = format!(
        "(() => {{ const secret = {}; return {}.map(([t, a, n, i]) => secret(t, a, n, i)); }})()",
        secret_field_js(),
        json!(cases)
    );
    let in_page = s.eval(&expression).await;
    let in_rust: Vec<bool> = cases
        .iter()
        .map(|(t, a, n, i)| is_secret_field(t, a, n, i))
        .collect();
    assert_eq!(in_page, json!(in_rust), "for {cases:?}");
    assert!(in_rust.iter().any(|s| *s) && in_rust.iter().any(|s| !s));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_that_lies_cannot_get_a_typed_password_recorded() {
    let site = site().await;
    let bsk = Bsk::new("ops-lying-page");
    let s = bsk.start_session().await;
    bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    // The page patches what main-world scripts would use to decide or to find the field.
    s.eval(
        "(() => { document.body.insertAdjacentHTML('afterbegin', \
           '<input type=password id=pw name=pw><input id=decoy name=decoy>\
            <form action=\"/reset?token=Form-Secret-555\"><input name=who></form>'); \
         RegExp.prototype.test = () => false; \
         Object.defineProperty(HTMLInputElement.prototype, 'type', { get() { return 'text'; } }); \
         const decoy = document.getElementById('decoy'); \
         Document.prototype.querySelector = function () { return decoy; }; \
         return true; })()",
    )
    .await;
    s.op(&["fill", "#pw", "Typed-Secret-777"]).await;
    // (Checked without reading the value back: an `evaluate` that returns it would be the
    // agent's own choice to put it in evidence.)
    assert_eq!(
        s.eval(
            "[document.getElementById('pw').value.length, document.getElementById('decoy').value]"
        )
        .await,
        json!([16, ""]),
        "the real field got the text, not the page's decoy"
    );
    let operations = bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let fill = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == "fill")
        .cloned()
        .unwrap_or_default();
    assert_eq!(fill["params"]["value"], "[redacted]", "{fill}");
    // A form known by its action URL: the field's form identity is redacted as a URL.
    s.op(&["fill", "[name=who]", "bob"]).await;
    let export = bsk.ok(&["debug", "export", "--session", &s.id]).await;
    assert!(
        !export.stdout.contains("Typed-Secret-777"),
        "the typed password leaked"
    );
    assert!(
        export.stdout.contains("/reset?token=[redacted]"),
        "the form's identity is missing from the observations"
    );
    assert!(
        !export.stdout.contains("Form-Secret-555"),
        "a form's action URL leaked its token"
    );
}

// ---- 4. follow-ups and page-load bounds ----------------------------------------------------

/// Adds to the page: an input `#silent` and buttons that, once clicked, set its value property
/// after a second without any event (`#arm-silent`), or change page text every 300 ms for 6 s
/// (`#arm-ticker`).
const INSTRUMENT: &str = r#"(() => {
  const silent = Object.assign(document.createElement('input'), { id: 'silent', name: 'silent', value: 'initial' });
  const ticker = Object.assign(document.createElement('p'), { id: 'ticker', textContent: 'tick 0' });
  const armSilent = Object.assign(document.createElement('button'), { id: 'arm-silent', textContent: 'arm silent' });
  const armTicker = Object.assign(document.createElement('button'), { id: 'arm-ticker', textContent: 'arm ticker' });
  armSilent.addEventListener('click', () => setTimeout(() => { silent.value = 'changed'; }, 1000));
  armTicker.addEventListener('click', () => {
    let n = 0;
    const timer = setInterval(() => { ticker.textContent = 'tick ' + (++n); if (n >= 20) clearInterval(timer); }, 300);
  });
  document.body.prepend(silent, armSilent, armTicker, ticker);
  return true;
})()"#;

#[tokio::test(flavor = "multi_thread")]
async fn follow_ups_catch_silent_updates_and_every_bound_holds() {
    let site = site().await;
    let bsk = Bsk::new("ops-follow");
    let s = bsk.start_session().await;
    let page = site.url("/ops2");
    s.op(&["navigate", &page]).await;
    debug(&s, &["start"]).await;
    assert_eq!(s.eval(INSTRUMENT).await, true);

    // A field property set silently a second after the click: no event, no mutation; a
    // follow-up checkpoint still sees it.
    s.op(&["click", "#arm-silent"]).await;
    let click = operations(&s)
        .await
        .into_iter()
        .rfind(|o| o["name"] == "click")
        .unwrap_or_else(|| panic!("no click operation"));
    let detail = wait_for(
        "a follow-up showing the silent change",
        FOLLOW_UP_WINDOW,
        || async {
            let detail = operation(&s, &id(&click)).await;
            detail["operation"]["follow_ups"]
                .as_array()
                .is_some_and(|f| !f.is_empty())
                .then_some(detail)
        },
    )
    .await;
    let op = &detail["operation"];
    let at_click = field(&op["observation"], "silent")
        .cloned()
        .unwrap_or_default();
    assert_eq!(at_click["value"], "initial", "right after the click: {op}");
    let later = field(&op["follow_ups"][0], "silent")
        .cloned()
        .unwrap_or_default();
    assert_eq!(later["value"], "changed", "the follow-up: {op}");

    // A page that keeps changing for 6 s: four changes kept, the rest counted.
    s.op(&["click", "#arm-ticker"]).await;
    let ticker = operations(&s)
        .await
        .into_iter()
        .rfind(|o| o["name"] == "click")
        .unwrap_or_else(|| panic!("no click operation"));
    assert_ne!(ticker["id"], click["id"]);
    let op = wait_for("follow-ups beyond the bound", FOLLOW_UP_WINDOW, || async {
        let op = operation(&s, &id(&ticker)).await["operation"].clone();
        (op["follow_ups_evicted"].as_u64() > Some(0)).then_some(op)
    })
    .await;
    let follow_ups = op["follow_ups"].as_array().cloned().unwrap_or_default();
    assert_eq!(follow_ups.len(), MAX_FOLLOW_UPS, "{op}");
    let texts: Vec<&str> = follow_ups
        .iter()
        .filter_map(|f| f["text"].as_str())
        .collect();
    assert!(
        texts.windows(2).all(|w| w[0] != w[1]),
        "only changing observations are kept: {texts:?}"
    );
    let listed = operations(&s)
        .await
        .into_iter()
        .find(|o| o["id"] == ticker["id"])
        .unwrap_or_default();
    assert_eq!(
        listed["follow_ups"].as_array().map(Vec::len),
        Some(MAX_FOLLOW_UPS),
        "{listed}"
    );
    assert!(listed["follow_ups_evicted"].as_u64() > Some(0), "{listed}");

    // 22 page loads in a new capture: the oldest two are evicted and counted.
    debug(&s, &["stop"]).await;
    debug(&s, &["start"]).await;
    for n in 1..=MAX_PAGE_LOADS + 2 {
        s.op(&["navigate", &format!("{page}?n={n}")]).await;
    }
    let pages = debug(&s, &["pages"]).await;
    let urls: Vec<String> = pages["pages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["url"].as_str().map(str::to_string))
        .collect();
    let expected: Vec<String> = (3..=MAX_PAGE_LOADS + 2)
        .map(|n| format!("{page}?n={n}"))
        .collect();
    assert_eq!(urls, expected, "{pages}");
    assert_eq!(pages["evicted"], 2, "{pages}");
    let run = debug(&s, &["status"]).await;
    let run = run
        .as_array()
        .and_then(|r| r.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(run["counters"]["pages_evicted"], 2, "{run}");
}

// ---- 5. stop, crash and the observer's removal ---------------------------------------------

/// Types into the focused field without pause and runs `bsk debug <end>` once a manual `type`
/// operation is seen running; the keys keep coming until the command has returned, so the
/// typing is pending when the capture ends.
/// Returns when the command was sent (ms since the Unix epoch).
async fn end_capture_while_typing(s: &Session<'_>, person: &mut Manual, end: &[&str]) -> u64 {
    let done = AtomicBool::new(false);
    let control = async {
        wait_until("manual typing to be recorded as running", WAIT, || async {
            typed(&operations(s).await)
                .iter()
                .any(|o| o["state"] == "running")
        })
        .await;
        let sent = now_ms();
        debug(s, end).await;
        done.store(true, Ordering::SeqCst);
        sent
    };
    let (typed_keys, sent) = tokio::join!(person.type_until('x', &done), control);
    assert!(typed_keys > 1, "typing went on while the capture ended");
    sent
}

/// The isolated worlds named "bsk-observer" in the current document, and what each holds.
async fn observer_worlds(person: &mut Manual) -> Vec<Value> {
    let mut found = Vec::new();
    for (name, context) in person.world_names().await {
        if name == "bsk-observer" {
            let residue = person
                .eval_in(
                    context,
                    "[typeof globalThis.__bskObserver, typeof globalThis.__bskObserverEvent]",
                )
                .await;
            found.push(residue);
        }
    }
    found
}

#[tokio::test(flavor = "multi_thread")]
async fn a_capture_ended_by_a_panic_leaves_no_observer_in_the_page() {
    let site = site().await;
    let mut bsk = Bsk::with_devtools_port("ops-panic-clean").await;
    bsk.set_env("BSK_TEST_FAULTS", "1");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    assert_eq!(
        observer_worlds(&mut person).await,
        [json!(["object", "function"])]
    );
    // The observer itself panics: it still leaves the page on its way out.
    debug(&s, &["fault", "observer"]).await;
    wait_until("the capture to end interrupted", WAIT, || async {
        debug(&s, &["status"])
            .await
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["run_id"] == run["run_id"] && r["state"] == "interrupted")
    })
    .await;
    let deadline = Instant::now() + WAIT;
    loop {
        let worlds = observer_worlds(&mut person).await;
        if worlds.iter().all(|w| w[0] == "undefined") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the observer stayed in the page: {worlds:?}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Nor does a document loaded afterwards get it.
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    let fresh = observer_worlds(&mut person).await;
    assert!(
        fresh
            .iter()
            .all(|w| *w == json!(["undefined", "undefined"])),
        "after the panic a new document gets neither the observer nor its binding: {fresh:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn stop_flushes_typing_and_removes_the_observer_from_the_page() {
    let site = site().await;
    let bsk = Bsk::with_devtools_port("ops-stop").await;
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    let name = centre(&s, "#name").await;
    let save = centre(&s, "#save").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    let before = observer_worlds(&mut person).await;
    assert_eq!(
        before,
        [json!(["object", "function"])],
        "while capturing, the observer lives in its own world"
    );
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;
    person.click(name).await;
    let stop_sent = end_capture_while_typing(&s, &mut person, &["stop"]).await;

    let status = debug(&s, &["status"]).await;
    let stopped = status
        .as_array()
        .and_then(|r| r.iter().find(|r| r["run_id"] == run["run_id"]))
        .cloned()
        .unwrap_or_default();
    assert_eq!(stopped["state"], "stopped", "{stopped}");
    let ops = operations(&s).await;
    let typing = typed(&ops);
    let last = typing
        .last()
        .unwrap_or_else(|| panic!("no manual typing: {:?}", names(&ops)));
    assert_eq!(
        last["state"], "completed",
        "stop flushes pending input: {last}"
    );
    assert!(
        last["params"]["value"]
            .as_str()
            .is_some_and(|v| !v.is_empty() && v.chars().all(|c| c == 'x')),
        "{last}"
    );
    let ended = last["ended_at"].as_u64().unwrap_or_default();
    assert!(
        stop_sent <= ended && Some(ended) <= stopped["stopped_at"].as_u64(),
        "completed by the stop (sent at {stop_sent}), not by a debounce: {last} vs {stopped}"
    );
    assert!(
        ops.iter().all(|o| o["state"] == "completed"),
        "{:?}",
        names(&ops)
    );
    let count = ops.len();

    // No trace in the page's own world, and none in the observer's.
    assert_eq!(
        s.eval("Object.keys(window).filter(k => k.toLowerCase().includes('bsk')).length")
            .await,
        0
    );
    assert_eq!(
        s.eval("typeof window.__bskObserverEvent").await,
        "undefined"
    );
    assert_eq!(s.eval("typeof globalThis.__bskObserver").await, "undefined");
    let residue = observer_worlds(&mut person).await;
    assert!(
        residue.iter().all(|w| w[0] == "undefined"),
        "after stop the observer world no longer holds the observer: {residue:?}"
    );

    // Manual input after stop is not recorded.
    person.type_burst("yz").await;
    person.click(save).await;
    let quiet_until = Instant::now() + QUIET;
    while Instant::now() < quiet_until {
        let now = operations(&s).await;
        assert_eq!(now.len(), count, "recorded after stop: {:?}", names(&now));
    }

    // Nor in a document loaded after stop: the new-document script is gone too.
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    // Chromium keeps a used isolated world for the frame across documents; it must be empty.
    let fresh = observer_worlds(&mut person).await;
    assert!(
        fresh
            .iter()
            .all(|w| *w == json!(["undefined", "undefined"])),
        "a document loaded after stop gets neither the observer nor the binding: {fresh:?}"
    );
    let name = centre(&s, "#name").await;
    assert_eq!(
        s.eval("typeof window.__bskObserverEvent").await,
        "undefined"
    );
    person.click(name).await;
    person.type_burst("after").await;
    person.call("Page.reload", json!({})).await;
    let quiet_until = Instant::now() + QUIET;
    while Instant::now() < quiet_until {
        let now = operations(&s).await;
        assert_eq!(now.len(), count, "recorded after stop: {:?}", names(&now));
    }
    let pages = debug(&s, &["pages"]).await;
    assert_eq!(
        pages["pages"].as_array().map(Vec::len),
        Some(1),
        "no page load is recorded after stop: {pages}"
    );

    // Last, as it is the finest point: the binding is gone from the world it was added to.
    assert!(
        residue.iter().all(|w| w[1] == "undefined"),
        "after stop the observer world still holds the binding function \
         ([typeof __bskObserver, typeof __bskObserverEvent]): {residue:?}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_crash_while_typing_leaves_the_typing_interrupted() {
    let site = site().await;
    let mut bsk = Bsk::with_devtools_port("ops-crash").await;
    bsk.set_env("BSK_TEST_FAULTS", "1");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start"]).await;
    s.op(&[
        "navigate",
        &site.url("/demo"),
        "--wait-until",
        "networkidle",
    ])
    .await;
    let name = centre(&s, "#name").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;
    person.click(name).await;
    let fault_sent = end_capture_while_typing(&s, &mut person, &["fault", "tab"]).await;

    let crashed = wait_for("the capture to be interrupted", WAIT, || async {
        let status = debug(&s, &["status"]).await;
        status
            .as_array()
            .and_then(|r| r.iter().find(|r| r["run_id"] == run["run_id"]))
            .filter(|r| r["state"] != "active")
            .cloned()
    })
    .await;
    assert_eq!(crashed["state"], "interrupted", "{crashed}");
    // Watched for a while: the typing is never claimed complete, not even by a late debounce.
    let quiet_until = Instant::now() + QUIET;
    while Instant::now() < quiet_until {
        let ops = operations(&s).await;
        let typing = typed(&ops);
        let last = typing
            .last()
            .unwrap_or_else(|| panic!("no manual typing: {:?}", names(&ops)));
        assert_eq!(
            last["state"], "interrupted",
            "the fault was sent at {fault_sent}: {last}"
        );
        assert!(last.get("ended_at").is_none(), "{last}");
        assert!(last.get("summary").is_none(), "{last}");
        assert!(
            last["started_at"].as_u64() < Some(fault_sent),
            "the typing was under way when the fault came: {last}"
        );
    }
}
