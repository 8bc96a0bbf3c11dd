//! What crosses the CDP connection (the pipe or the WebSocket), parsed leniently.

use bsk_actors::cdp::{
    EventKind, Params, Text, empty_params, event_parts, params_value, str_field,
};
use serde::Deserialize;
use serde_json::Value;

/// One message from the browser: a reply (has `id`) or an event (has `method`).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct Incoming {
    pub id: Option<u64>,
    pub method: Option<String>,
    /// An event's params, left as text: its owner reads what it needs.
    pub params: Option<Params>,
    pub result: Option<Value>,
    pub error: Option<RemoteError>,
    pub session_id: Option<String>,
}

impl Incoming {
    /// Parses one message leniently: JavaScript strings may hold lone UTF-16 surrogates (a page
    /// can `console.log('\ud800')`), which the browser sends as `\ud800` escapes that strict
    /// JSON refuses. Those are read as U+FFFD, so a page cannot hide a message from bsk that way.
    ///
    /// The repair runs before parsing, not on failure: an event's params are not decoded here
    /// (a string's escapes are read by the params' owner), so a lone surrogate in them would
    /// pass here and make the owner's read fail.
    ///
    /// An event in Chromium's layout is taken apart by its places ([`event_parts`]), its params
    /// not parsed: their owner parses them, once. Anything else (replies, whose results are
    /// read here) is parsed whole.
    pub fn parse(raw: &[u8]) -> Result<Incoming, serde_json::Error> {
        match std::str::from_utf8(raw) {
            Ok(text) => Incoming::parse_text(text),
            // Not text at all: serde_json says where.
            Err(_) => serde_json::from_slice(raw),
        }
    }

    /// [`Incoming::parse`] of a message already known to be UTF-8 (a WebSocket text frame,
    /// which tungstenite checked): its text is not checked again.
    pub fn parse_text(raw: &str) -> Result<Incoming, serde_json::Error> {
        // Escapes are replaced by escapes, so the repaired text is UTF-8 too.
        let repaired = may_hold_surrogates(raw.as_bytes())
            .then(|| repair_surrogates(raw.as_bytes()))
            .flatten()
            .and_then(|bytes| String::from_utf8(bytes).ok());
        let raw = repaired.as_deref().unwrap_or(raw);
        if let Some(event) = event_parts(raw) {
            return Ok(Incoming {
                id: None,
                method: Some(event.method.to_string()),
                params: Some(Params::from_text(event.params)),
                result: None,
                error: None,
                session_id: event.session_id.map(str::to_string),
            });
        }
        serde_json::from_str(raw)
    }
}

/// Whether `raw` is an event nothing in bsk reads, known by its first bytes (Chromium writes an
/// event's `method` first), so the reader drops it before parsing it. `Network.dataReceived`
/// comes once or more per response with a chunk's sizes; a capture records a response's sizes
/// from `Network.loadingFinished`, and the tab's network-idle tracking ignores it. A seventh of
/// a traffic page's messages.
pub(super) fn unread_event(raw: &[u8]) -> bool {
    raw.starts_with(br#"{"method":"Network.dataReceived","#)
}

/// Whether `raw` has a `\uD8..`–`\uDF..` escape at all: a quick scan that spares nearly every
/// message the copy [`repair_surrogates`] makes.
fn may_hold_surrogates(raw: &[u8]) -> bool {
    // Built once: a finder per message cost more than the scan, and a plain `memchr` for the
    // backslash would stop at every `\"` of a JSON body.
    static ESCAPE: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"\\u"));
    ESCAPE.find_iter(raw).any(|at| {
        matches!(raw.get(at + 2), Some(b'd' | b'D'))
            && matches!(
                raw.get(at + 3),
                Some(b'8'..=b'9' | b'a'..=b'f' | b'A'..=b'F')
            )
    })
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

/// An event as its owner receives it. `params` stays the browser's JSON text: owners read the
/// fields they need (a capture reads network events into typed views borrowed from it) and
/// ignore the rest, so an event survives schema changes and is never parsed into a tree that
/// nobody reads.
#[derive(Debug, Clone)]
pub struct CdpEvent {
    /// The flattened session the event belongs to; `None` for browser-level events.
    pub session_id: Option<String>,
    /// What the event is, read from its method here, once.
    pub kind: EventKind,
    pub method: String,
    pub params: Params,
}

impl CdpEvent {
    pub fn new(session_id: Option<String>, method: String, params: Option<Params>) -> Self {
        CdpEvent {
            session_id,
            kind: EventKind::parse(&method),
            method,
            params: params.unwrap_or_else(empty_params),
        }
    }

    /// `params` as a tree, for events read whole (few, and not the evidence flood).
    pub fn value(&self) -> Value {
        params_value(&self.params)
    }

    /// A top-level string field of `params`, read without building the rest; `""` when absent.
    pub fn str(&self, key: &str) -> Text<'_> {
        str_field(&self.params, key).unwrap_or_default()
    }

    /// `params.requestId` of a network event. Chromium writes it first
    /// (`{"requestId":"1234.5",…`), and it is read there without scanning the rest of the
    /// event; an id with an escape, or any other layout, is read as [`CdpEvent::str`] reads.
    pub fn request_id(&self) -> Text<'_> {
        let first = self
            .params
            .get()
            .strip_prefix(r#"{"requestId":""#)
            .and_then(|rest| rest.split_once('"'))
            .map(|(id, _)| id)
            .filter(|id| !id.contains('\\'));
        match first {
            Some(id) => Text(std::borrow::Cow::Borrowed(id)),
            None => self.str("requestId"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_id_reads_the_same_from_its_place_or_parsed() {
        let event = |params: &str| {
            CdpEvent::new(
                None,
                "Network.loadingFinished".into(),
                Some(Params::from_text(params)),
            )
        };
        for (params, id) in [
            (r#"{"requestId":"1234.5","timestamp":1.5}"#, "1234.5"),
            (r#"{"timestamp":1.5,"requestId":"7"}"#, "7"),
            (r#"{"requestId":"a\"b","timestamp":1}"#, "a\"b"),
            (r#"{"requestId":"a\u0041"}"#, "aA"),
            (r#"{"timestamp":1}"#, ""),
        ] {
            let event = event(params);
            assert_eq!(&*event.request_id(), id, "{params}");
            assert_eq!(event.request_id(), event.str("requestId"), "{params}");
        }
    }

    #[test]
    fn only_data_received_is_left_unread() {
        assert!(unread_event(
            br#"{"method":"Network.dataReceived","params":{"requestId":"1.2","timestamp":1.5,"dataLength":256,"encodedDataLength":0},"sessionId":"S"}"#
        ));
        for kept in [
            &br#"{"method":"Network.loadingFinished","params":{"requestId":"1.2"},"sessionId":"S"}"#[..],
            br#"{"method":"Network.dataReceivedSoon","params":{}}"#,
            br#"{"id":7,"result":{"method":"Network.dataReceived","params":{}}}"#,
        ] {
            assert!(!unread_event(kept), "{}", String::from_utf8_lossy(kept));
        }
    }

    #[test]
    fn lone_surrogates_are_read_as_replacement_characters() {
        let raw = br#"{"method":"Runtime.consoleAPICalled","params":{"text":"a \ud800 b \udc00 c \ud83d\ude00 d \\ud800"}}"#;
        let strict: Incoming = serde_json::from_slice(raw).expect("the envelope reads strictly");
        let params = strict.params.expect("params");
        assert!(
            serde_json::from_str::<Value>(params.get()).is_err(),
            "but its params do not"
        );
        let message = Incoming::parse(raw).expect("read leniently");
        let params = message.params.map(|p| params_value(&p)).unwrap_or_default();
        assert_eq!(params["text"], "a \u{fffd} b \u{fffd} c 😀 d \\ud800");
        assert!(repair_surrogates(br#"{"a":"\ud83d\ude00"}"#).is_none());
        assert!(!may_hold_surrogates(br#"{"a":"\u00e9 \\ plain"}"#));
    }
}
