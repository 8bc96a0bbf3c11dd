//! The floor of any CDP recorder's overhead: Chromium's own cost of network instrumentation.
//!
//! A do-nothing client attaches to an agent's tab, enables what a capture enables
//! (`Network.enable` with bsk's buffers, `Log.enable`) and discards every event unread. Page
//! time with this client, against page time with nothing attached, is what Chromium spends
//! producing the events (stack traces for initiators, extra-info, serialization); page time
//! with a bsk capture, against the floor, is what bsk's own processing adds.

use anyhow::{Context as _, bail};
use bsk_actors::bounds::{BROWSER_BUFFER_PER_RESOURCE, BROWSER_BUFFER_PER_TARGET};
use futures_util::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use super::cli::Bsk;

/// A live do-nothing client; dropping it (or [`Floor::stop`]) closes the connection, which
/// detaches it and ends the instrumentation it enabled.
#[derive(Debug)]
pub struct Floor {
    drain: JoinHandle<()>,
}

impl Floor {
    /// Attaches to the first tab of `session` on the browser of the daemon `bsk` talks to.
    pub async fn attach(bsk: &Bsk, session: &str) -> anyhow::Result<Floor> {
        Floor::attach_recording(bsk, session, None).await
    }

    /// [`Floor::attach`], writing every event the browser sends as one line of raw JSON into
    /// `record` (for the event → store benchmark, `actors/benches/store.rs`).
    pub async fn attach_recording(
        bsk: &Bsk,
        session: &str,
        record: Option<std::fs::File>,
    ) -> anyhow::Result<Floor> {
        let status = bsk.json(&["daemon", "status"]).await?;
        // The browser of the daemon's pool the session was placed on.
        let browser = status["browsers"]
            .as_array()
            .and_then(|pool| {
                pool.iter().find(|b| {
                    b["sessions"]
                        .as_array()
                        .is_some_and(|ids| ids.iter().any(|id| id == session))
                })
            })
            .unwrap_or(&status["browser"]);
        let ws_url = browser["ws_url"]
            .as_str()
            .context("the daemon reports no browser ws_url")?
            .to_owned();
        let tab_id = status["sessions"]
            .as_array()
            .and_then(|sessions| sessions.iter().find(|s| s["id"] == session))
            .and_then(|s| s["tabs"][0]["tab_id"].as_str())
            .with_context(|| format!("session {session} has no tab: {status}"))?
            .to_owned();

        let (mut ws, _) = tokio_tungstenite::connect_async(ws_url.as_str())
            .await
            .with_context(|| format!("connecting to {ws_url}"))?;
        let mut id = 0;
        let mut call = async |ws: &mut Ws, session: Option<&str>, method: &str, params: Value| {
            id += 1;
            let mut frame = json!({ "id": id, "method": method, "params": params });
            if let Some(session) = session {
                frame["sessionId"] = json!(session);
            }
            ws.send(Message::text(frame.to_string())).await?;
            // Events may come first; the reply carries our id.
            while let Some(message) = ws.next().await {
                let Message::Text(text) = message? else {
                    continue;
                };
                let reply: Value = serde_json::from_str(&text)?;
                if reply["id"] == id {
                    if let Some(error) = reply.get("error") {
                        bail!("{method}: {error}");
                    }
                    return Ok(reply["result"].clone());
                }
            }
            bail!("the browser closed the connection during {method}")
        };
        let attached = call(
            &mut ws,
            None,
            "Target.attachToTarget",
            json!({ "targetId": tab_id, "flatten": true }),
        )
        .await?;
        let child = attached["sessionId"]
            .as_str()
            .context("Target.attachToTarget gave no sessionId")?
            .to_owned();
        // The buffers a capture asks for: the same browser-side work.
        call(
            &mut ws,
            Some(&child),
            "Network.enable",
            json!({
                "maxTotalBufferSize": BROWSER_BUFFER_PER_TARGET,
                "maxResourceBufferSize": BROWSER_BUFFER_PER_RESOURCE,
                "enableDurableMessages": true,
            }),
        )
        .await?;
        call(&mut ws, Some(&child), "Log.enable", json!({})).await?;
        // Read every frame so the browser never blocks on us, and look at none of them (or
        // write the events down, when recording).
        let drain = tokio::spawn(async move {
            use std::io::Write as _;
            let mut record = record.map(std::io::BufWriter::new);
            while let Some(Ok(message)) = ws.next().await {
                if let (Some(out), Message::Text(text)) = (record.as_mut(), &message)
                    && text.contains("\"method\"")
                {
                    let _ = writeln!(out, "{}", text.as_str());
                    let _ = out.flush();
                }
            }
        });
        Ok(Floor { drain })
    }
}

impl Drop for Floor {
    fn drop(&mut self) {
        self.drain.abort();
    }
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;
