//! A person at the browser: a second CDP client connected to the daemon's browser, attached to a
//! session's tab, dispatching trusted `Input.*` events outside any agent operation, as a person
//! at the keyboard and mouse would.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use super::{Session, TestBsk, WAIT};

/// Between two keys of one burst: far inside the 350 ms typing debounce, so that a loaded
/// machine does not split a burst.
pub const KEY_GAP: Duration = Duration::from_millis(30);

/// Milliseconds since the Unix epoch, as the capture stamps its records.
pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// Lets the wall clock pass `at_ms` (a recorded timestamp), e.g. the end of a grace period.
pub async fn pass(at_ms: u64) {
    let now = now_ms();
    if at_ms > now {
        tokio::time::sleep(Duration::from_millis(at_ms - now)).await;
    }
}

/// The centre of the first element matching `selector`, in CSS pixels (an agent `evaluate`).
pub async fn centre(s: &Session<'_>, selector: &str) -> (f64, f64) {
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

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A person at the browser: a second CDP connection attached to the session's tab, sending
/// trusted input that no agent operation produced.
pub struct Manual {
    socket: Socket,
    session: String,
    next_id: u64,
    /// `Runtime.executionContextCreated` contexts received while waiting for replies.
    contexts: Vec<Value>,
}

impl Manual {
    /// A person attached to `tab`.
    pub async fn connect(bsk: &TestBsk, tab: &str) -> Manual {
        let mut manual = Manual::browser(bsk).await;
        manual.attach(tab).await;
        manual
    }

    /// A second CDP connection to the daemon's browser, attached to no tab yet.
    pub async fn browser(bsk: &TestBsk) -> Manual {
        let status = bsk.json(&["status"]).await;
        let url = status["browser"]["ws_url"]
            .as_str()
            .unwrap_or_else(|| panic!("no browser ws_url in status: {status}"))
            .to_string();
        let (socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .unwrap_or_else(|e| panic!("cannot connect a second CDP client to {url}: {e}"));
        Manual {
            socket,
            session: String::new(),
            next_id: 0,
            contexts: Vec::new(),
        }
    }

    /// Attaches to `tab`: [`Manual::call`] then goes to it.
    pub async fn attach(&mut self, tab: &str) {
        let attached = self
            .send(
                None,
                "Target.attachToTarget",
                json!({ "targetId": tab, "flatten": true }),
            )
            .await;
        self.session = attached["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("attachToTarget gave no sessionId: {attached}"))
            .to_string();
    }

    pub async fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
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
            let reply = self
                .next_message(deadline, &format!("the reply to {method}"))
                .await;
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

    /// The next CDP message on this connection, before `deadline`; panics, naming what was
    /// awaited, when none comes or the connection ends.
    async fn next_message(&mut self, deadline: Instant, awaited: &str) -> Value {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let frame = tokio::time::timeout(left, self.socket.next())
                .await
                .unwrap_or_else(|_| panic!("waited {WAIT:?} for {awaited}"));
            match frame {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(&text).unwrap_or_default();
                }
                Some(Ok(_)) => continue,
                other => panic!("the second CDP connection ended waiting for {awaited}: {other:?}"),
            }
        }
    }

    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params).await
    }

    pub async fn mouse(&mut self, kind: &str, (x, y): (f64, f64), extra: Value) {
        let mut params = json!({ "type": kind, "x": x, "y": y });
        if let (Some(params), Some(extra)) = (params.as_object_mut(), extra.as_object()) {
            params.extend(extra.clone());
        }
        self.call("Input.dispatchMouseEvent", params).await;
    }

    /// A left click at `point`.
    pub async fn click(&mut self, point: (f64, f64)) {
        self.mouse("mouseMoved", point, json!({})).await;
        let press = json!({ "button": "left", "buttons": 1, "clickCount": 1 });
        self.mouse("mousePressed", point, press).await;
        let release = json!({ "button": "left", "buttons": 0, "clickCount": 1 });
        self.mouse("mouseReleased", point, release).await;
    }

    /// One key that types `c` into the focused field.
    pub async fn key(&mut self, c: char) {
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
    pub async fn type_burst(&mut self, text: &str) {
        for (i, c) in text.chars().enumerate() {
            if i > 0 {
                tokio::time::sleep(KEY_GAP).await;
            }
            self.key(c).await;
        }
    }

    /// Keeps typing `c` until `done` is set (at least once); returns how many keys were typed.
    pub async fn type_until(&mut self, c: char, done: &AtomicBool) -> usize {
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
    pub async fn world_names(&mut self) -> Vec<(String, i64)> {
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
    pub async fn eval_in(&mut self, context: i64, expression: &str) -> Value {
        let reply = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "contextId": context, "returnByValue": true }),
            )
            .await;
        reply["result"]["value"].clone()
    }

    /// Loads `url` as a person would and returns once Chrome reports the document's network
    /// idle (its own lifecycle event: load done and no request for 500 ms), so whatever the page
    /// fetches while loading has been answered.
    pub async fn load_until_quiet(&mut self, url: &str) {
        self.call("Page.enable", json!({})).await;
        self.call("Page.setLifecycleEventsEnabled", json!({ "enabled": true }))
            .await;
        let navigated = self.call("Page.navigate", json!({ "url": url })).await;
        let loader = navigated["loaderId"].clone();
        let deadline = Instant::now() + WAIT;
        loop {
            let event = self
                .next_message(deadline, &format!("{url} to reach network idle"))
                .await;
            let params = &event["params"];
            if event["method"] == "Page.lifecycleEvent"
                && params["name"] == "networkIdle"
                && params["loaderId"] == loader
            {
                break;
            }
        }
        self.call(
            "Page.setLifecycleEventsEnabled",
            json!({ "enabled": false }),
        )
        .await;
        self.call("Page.disable", json!({})).await;
    }
}
