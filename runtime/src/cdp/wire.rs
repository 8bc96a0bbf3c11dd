//! What crosses the CDP WebSocket, parsed leniently.

use serde::Deserialize;
use serde_json::Value;

/// One message from the browser: a reply (has `id`) or an event (has `method`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Incoming {
    pub id: Option<u64>,
    pub method: Option<String>,
    #[serde(default)]
    pub params: Value,
    pub result: Option<Value>,
    pub error: Option<RemoteError>,
    pub session_id: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub(super) struct RemoteError {
    pub code: i64,
    pub message: String,
    #[serde(default)]
    pub data: Option<String>,
}

/// An event as its owner receives it. `params` stays raw JSON: consumers read the fields they
/// need and ignore the rest, so an event survives schema changes.
#[derive(Debug, Clone)]
pub struct CdpEvent {
    /// The flattened session the event belongs to; `None` for browser-level events.
    pub session_id: Option<String>,
    pub method: String,
    pub params: Value,
}

impl CdpEvent {
    /// A string field of `params`, or `""`.
    pub fn str(&self, key: &str) -> &str {
        self.params.get(key).and_then(Value::as_str).unwrap_or("")
    }
}
