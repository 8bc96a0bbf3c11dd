//! Quick Actions from the popup: the extension asks the daemon to start or stop capture on a
//! live session through a binding the daemon installs in the extension's service worker (only
//! that worker's context sees it), and gets the answer through `bskLink.reply`.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::{Value, json};

use super::CALL_DEADLINE;
use crate::cdp::CdpClient;

/// Answers a request the person made in the popup (`debug.start` / `debug.stop` on a session):
/// `{ok: true, result}` or `{ok: false, error: {code, message, hint}}`.
pub type PopupRequests =
    Arc<dyn Fn(PopupRequest) -> Pin<Box<dyn Future<Output = Value> + Send>> + Send + Sync>;

/// What the popup asked for, through the worker's `bskDaemon` binding.
#[derive(Debug, Clone, serde::Deserialize)]
pub struct PopupRequest {
    pub id: u64,
    pub action: String,
    pub session: String,
    #[serde(default)]
    pub name: Option<String>,
    /// `debug.start`: record the page's workers too (the person's preference).
    #[serde(default)]
    pub workers: bool,
}

/// The binding the daemon installs in the worker: the extension's way to ask the daemon
/// something (only the worker's own context sees it).
const BINDING: &str = "bskDaemon";

/// Installs the `bskDaemon` binding in the worker and answers what the popup asks through it,
/// for as long as this session lives.
pub(super) async fn listen(
    cdp: &CdpClient,
    session_id: &str,
    link_object: &str,
    popup: PopupRequests,
) {
    let (sink, mut events) = cdp.event_channel();
    cdp.route(session_id, sink);
    for (method, params) in [
        ("Runtime.enable", json!({})),
        ("Runtime.addBinding", json!({ "name": BINDING })),
    ] {
        let reply = cdp
            .call_within(Some(session_id), method, params, CALL_DEADLINE)
            .await;
        if let Err(e) = reply {
            tracing::warn!(error = %e, method, "the popup's requests will not reach the daemon");
        }
    }
    let cdp = cdp.clone();
    let session = session_id.to_string();
    let link_object = link_object.to_string();
    crate::tasks::spawn_watched("popup requests", async move {
        while let Some(event) = events.recv().await {
            if event.kind != bsk_actors::cdp::EventKind::BindingCalled
                || event.str("name") != BINDING
            {
                continue;
            }
            let Ok(request) = serde_json::from_str::<PopupRequest>(&event.str("payload")) else {
                tracing::warn!("the extension sent a request the daemon does not understand");
                continue;
            };
            let id = request.id;
            let mut answer = popup(request).await;
            answer["id"] = json!(id);
            // The answer goes as an argument, like every link call: no JavaScript is built from it.
            let reply = cdp
                .call_within(
                    Some(&session),
                    "Runtime.callFunctionOn",
                    json!({
                        "objectId": link_object,
                        "functionDeclaration": "function (answer) { return this.reply(answer); }",
                        "arguments": [{ "value": answer }],
                        "awaitPromise": true,
                    }),
                    CALL_DEADLINE,
                )
                .await;
            if let Err(e) = reply {
                tracing::warn!(error = %e, "could not answer the popup");
            }
        }
    });
}
