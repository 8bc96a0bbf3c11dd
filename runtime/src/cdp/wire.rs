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

impl Incoming {
    /// Parses one message leniently: JavaScript strings may hold lone UTF-16 surrogates (a page
    /// can `console.log('\ud800')`), which the browser sends as `\ud800` escapes that strict
    /// JSON refuses. Those are read as U+FFFD, so a page cannot hide a message from bsk that way.
    pub fn parse(raw: &[u8]) -> Result<Incoming, serde_json::Error> {
        serde_json::from_slice(raw).or_else(|error| match repair_surrogates(raw) {
            Some(repaired) => serde_json::from_slice(&repaired),
            None => Err(error),
        })
    }
}

/// `raw` with every `\uD800`–`\uDFFF` escape that is not half of a valid pair replaced by
/// `\uFFFD`; `None` when there was none to replace.
fn repair_surrogates(raw: &[u8]) -> Option<Vec<u8>> {
    let hex = |at: usize| -> Option<u16> {
        let digits = raw.get(at..at + 4)?;
        u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
    };
    let escape_at = |at: usize| raw.get(at) == Some(&b'\\') && raw.get(at + 1) == Some(&b'u');
    let mut out = Vec::with_capacity(raw.len());
    let mut repaired = false;
    let mut i = 0;
    while i < raw.len() {
        if raw[i] == b'\\' && raw.get(i + 1) == Some(&b'\\') {
            out.extend_from_slice(b"\\\\");
            i += 2;
            continue;
        }
        if escape_at(i)
            && let Some(unit) = hex(i + 2)
        {
            let high = (0xD800..0xDC00).contains(&unit);
            let low = (0xDC00..0xE000).contains(&unit);
            let paired = high
                && escape_at(i + 6)
                && hex(i + 8).is_some_and(|next| (0xDC00..0xE000).contains(&next));
            if paired {
                out.extend_from_slice(&raw[i..i + 12]);
                i += 12;
                continue;
            }
            if high || low {
                out.extend_from_slice(b"\\uFFFD");
                repaired = true;
                i += 6;
                continue;
            }
        }
        out.push(raw[i]);
        i += 1;
    }
    repaired.then_some(out)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lone_surrogates_are_read_as_replacement_characters() {
        let raw = br#"{"method":"Runtime.consoleAPICalled","params":{"text":"a \ud800 b \udc00 c \ud83d\ude00 d \\ud800"}}"#;
        assert!(
            serde_json::from_slice::<Incoming>(raw).is_err(),
            "strict JSON refuses it"
        );
        let message = Incoming::parse(raw).expect("read leniently");
        assert_eq!(
            message.params["text"],
            "a \u{fffd} b \u{fffd} c 😀 d \\ud800"
        );
        assert!(repair_surrogates(br#"{"a":"\ud83d\ude00"}"#).is_none());
    }
}
