//! What the capture actors need from the browser connection, as a trait the runtime implements,
//! so this crate stays free of the CDP client and its tests can script a browser.

use std::fmt::Debug;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use std::borrow::Cow;

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, Visitor};
use serde_json::Value;
use serde_json::value::RawValue;

mod kind;
pub use kind::{Domain, EventKind, Records, Roles};

/// An event's params: the JSON text of one object as the browser sent it, not parsed yet.
///
/// The connection's reader finds it by the layout Chromium writes every event in (see
/// [`event_parts`]) without reading it; whoever needs it reads it (the network events into
/// typed views, the rare others into a [`Value`]), so each message is parsed once. A text that
/// does not read as JSON reads as absent: [`params_value`] is `Null`, [`str_field`] `None`, and
/// a capture counts the event in `events_dropped`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Params(Box<str>);

impl Params {
    /// Params from JSON text, as it is: nothing is checked here.
    pub fn from_text(text: impl Into<Box<str>>) -> Params {
        Params(text.into())
    }

    /// The JSON text.
    pub fn get(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for Params {
    /// Params found in a message parsed whole: checked as JSON, then kept as text.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(deserializer)?;
        Ok(Params(raw.into()))
    }
}

/// The parts of an event in the layout Chromium writes every event in:
/// `{"method":"M","params":{…},"sessionId":"S"}`, without `sessionId` for a browser-level event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EventParts<'a> {
    pub method: &'a str,
    /// The params object's JSON text, unread.
    pub params: &'a str,
    pub session_id: Option<&'a str>,
}

/// An event's parts found by their places in Chromium's layout, without parsing the params
/// (their readers do), so the reader of a browser connection parses no event twice. `None` for
/// a reply and for what is plainly another layout, which is then parsed whole.
///
/// In Chromium's layout the places are unambiguous, whatever a page puts in the params: the
/// method and the session id are plain ASCII words, the message ends in `"}` exactly when it
/// has a session id, and the last `,"sessionId":"` of such a message is its own (a nested one
/// sits inside the params, before it; inside a JSON string every quote is escaped). The split
/// assumes exactly these three top-level keys in this order, as Chromium writes them (and
/// proxies that pass its messages through): a server that added a fourth after `params` could
/// have it taken as part of the params, which then do not read as JSON, and a capture counts
/// the event as dropped rather than record it wrongly.
pub fn event_parts(raw: &str) -> Option<EventParts<'_>> {
    let word = |bytes: &[u8], extra: u8| {
        !bytes.is_empty()
            && bytes
                .iter()
                .all(|&b| b.is_ascii_alphanumeric() || b == extra)
    };
    let bytes = raw.as_bytes();
    let rest = bytes.strip_prefix(br#"{"method":""#)?;
    let end = memchr::memchr(b'"', rest)?;
    let method = &rest[..end];
    let rest = rest[end..].strip_prefix(br#"","params":"#)?;
    let (params, session_id) = match rest.strip_suffix(br#""}"#) {
        Some(body) => {
            // The session id is the word the message ends with, right after the key: found
            // from the end, as long as the id, whatever the length of the params.
            const SESSION: &[u8] = br#","sessionId":""#;
            let id_bytes = body
                .iter()
                .rev()
                .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-')
                .count();
            let (rest, session) = body.split_at(body.len() - id_bytes);
            let params = rest.strip_suffix(SESSION)?;
            if !word(session, b'-') {
                return None;
            }
            (params, Some(session))
        }
        None => (rest.strip_suffix(b"}")?, None),
    };
    if !word(method, b'.') || !params.starts_with(b"{") || !params.ends_with(b"}") {
        return None;
    }
    // Each part starts and ends next to an ASCII byte of the layout, so it is a slice of the
    // text, which is already UTF-8: nothing is validated again.
    let part = |part: &[u8]| {
        let start = part.as_ptr() as usize - bytes.as_ptr() as usize;
        raw.get(start..start + part.len())
    };
    Some(EventParts {
        method: part(method)?,
        params: part(params)?,
        session_id: match session_id {
            Some(session) => Some(part(session)?),
            None => None,
        },
    })
}

/// A browser event as the actors receive it, already routed to the capture of its tab.
///
/// `params` stays the JSON text the browser sent: a consumer reads it into what it needs (the
/// network events into typed views borrowed from it, see [`crate::store::NetworkEvent`]; the
/// rare others into a [`Value`]), so no event is parsed twice or into a tree nobody reads.
#[derive(Debug, Clone)]
pub struct Event {
    /// The CDP session it arrived on: the tab's, or an iframe target's.
    pub session_id: String,
    /// What the event is, read from its method once when it arrived.
    pub kind: EventKind,
    pub method: String,
    pub params: Params,
}

impl Event {
    /// An event from parsed params (tests, and events a program makes up).
    pub fn new(session_id: &str, method: &str, params: &Value) -> Event {
        Event::from_text(session_id, method, raw(params))
    }

    /// An event from its params' JSON text, as it is.
    pub fn from_text(session_id: &str, method: &str, params: Params) -> Event {
        Event {
            session_id: session_id.to_string(),
            kind: EventKind::parse(method),
            method: method.to_string(),
            params,
        }
    }

    /// `params` as a tree.
    pub fn value(&self) -> Value {
        params_value(&self.params)
    }
}

/// JSON text of `value`, as an event's params.
pub fn raw(value: &Value) -> Params {
    Params(value.to_string().into())
}

/// `{}`, the params of an event that has none.
pub fn empty_params() -> Params {
    Params("{}".into())
}

/// Params text as a tree; `Null` if it is not JSON.
pub fn params_value(params: &Params) -> Value {
    serde_json::from_str(params.get()).unwrap_or(Value::Null)
}

/// A string of an event's JSON, borrowed from the message text when it holds no escapes (most
/// do not), owned otherwise.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Text<'a>(pub Cow<'a, str>);

impl std::ops::Deref for Text<'_> {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<&str> for Text<'_> {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Text<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(StrVisitor)
    }
}

struct StrVisitor;

impl<'de> Visitor<'de> for StrVisitor {
    type Value = Text<'de>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: serde::de::Error>(self, text: &'de str) -> Result<Text<'de>, E> {
        Ok(Text(Cow::Borrowed(text)))
    }

    fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Text<'de>, E> {
        Ok(Text(Cow::Owned(text.to_owned())))
    }

    fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Text<'de>, E> {
        Ok(Text(Cow::Owned(text)))
    }
}

/// One top-level string field of an event's params, read without building the rest and without
/// reading past it (Chromium puts `requestId` and `sessionId` first): `None` when it is absent
/// or not a string.
pub fn str_field<'a>(params: &'a Params, key: &str) -> Option<Text<'a>> {
    /// Stops the read once the field is found, by failing it: what was found is kept aside.
    struct Field<'k, 'f, 'de> {
        key: &'k str,
        found: &'f mut Option<Text<'de>>,
    }

    impl<'de> Visitor<'de> for Field<'_, '_, 'de> {
        type Value = ();

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an object")
        }

        fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<(), M::Error> {
            while let Some(name) = map.next_key::<Text<'de>>()? {
                if *name == *self.key {
                    // Not a string: an error, which leaves `found` empty.
                    *self.found = map.next_value::<Option<Text<'de>>>()?;
                    return Err(serde::de::Error::custom("found"));
                }
                map.next_value::<IgnoredAny>()?;
            }
            Ok(())
        }
    }

    let mut found = None;
    let mut reader = serde_json::Deserializer::from_str(params.get());
    let _ = reader.deserialize_map(Field {
        key,
        found: &mut found,
    });
    found
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum CommandError {
    /// The browser answered with an error.
    #[error("{0}")]
    Remote(String),
    #[error("no answer within the deadline")]
    Deadline,
    #[error("the browser connection is closed")]
    Closed,
    /// The answer was too large to read, and was skipped.
    #[error("the answer was too large and was skipped")]
    TooLarge,
}

pub type CommandFuture = Pin<Box<dyn Future<Output = Result<Value, CommandError>> + Send>>;

/// How soon a command's reply is wanted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Urgency {
    /// Someone waits for it.
    Prompt,
    /// Nobody needs it within milliseconds (a body read while the pool has no backlog): the
    /// connection may deliver it with the browser's next gathered messages rather than wake
    /// for it alone.
    Unhurried,
}

/// Sends one CDP command to one session with a deadline.
pub trait Commander: Send + Sync + Debug + 'static {
    fn send(
        &self,
        session_id: &str,
        method: &str,
        params: Value,
        deadline: Duration,
        urgency: Urgency,
    ) -> CommandFuture;

    /// A command whose reply someone waits for.
    fn command(
        &self,
        session_id: &str,
        method: &str,
        params: Value,
        deadline: Duration,
    ) -> CommandFuture {
        self.send(session_id, method, params, deadline, Urgency::Prompt)
    }

    /// Asks for the replies of unhurried commands now, and for a short while after: their
    /// sender has a backlog.
    fn hurry(&self) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_string_field_is_read_without_the_rest() {
        let params = raw(&serde_json::json!({
            "frame": { "id": "F", "name": "inner" },
            "name": "load \"quoted\"",
            "loaderId": "L1",
            "count": 3,
        }));
        assert_eq!(str_field(&params, "loaderId").as_deref(), Some("L1"));
        assert_eq!(
            str_field(&params, "name").as_deref(),
            Some("load \"quoted\"")
        );
        assert_eq!(str_field(&params, "count"), None, "not a string");
        assert_eq!(str_field(&params, "id"), None, "only top-level fields");
        assert_eq!(str_field(&empty_params(), "name"), None);
    }

    /// What the daemon's reader would take from `raw` by parsing it whole.
    fn parsed_whole(raw: &str) -> Option<(String, Value, Option<String>)> {
        let message: Value = serde_json::from_str(raw).ok()?;
        let text = |key: &str| message[key].as_str().map(str::to_string);
        Some((
            text("method")?,
            message["params"].clone(),
            text("sessionId"),
        ))
    }

    /// The split of `raw` by Chromium's layout reads as its full parse: same method, params
    /// and session.
    fn assert_splits_as_parsed_whole(raw: &str) {
        let parts = event_parts(raw).expect("Chromium's layout");
        let params: Value = serde_json::from_str(parts.params)
            .unwrap_or_else(|e| panic!("{raw}: {} {e}", parts.params));
        let read = (
            parts.method.to_string(),
            params,
            parts.session_id.map(str::to_string),
        );
        assert_eq!(Some(read), parsed_whole(raw), "{raw}");
    }

    #[test]
    fn events_found_by_their_layout_read_as_parsed_whole() {
        let recorded = include_str!("../../benches/traffic.jsonl");
        let mut found = 0;
        for line in recorded.lines() {
            // Each recorded event with its session, and as a browser-level event without one.
            let browser_level = line
                .rsplit_once(r#","sessionId":""#)
                .map(|(front, _)| format!("{front}}}"))
                .expect("recorded events carry a session");
            for raw in [line, browser_level.as_str()] {
                assert_splits_as_parsed_whole(raw);
                found += 1;
            }
        }
        assert!(found > 1000, "the fixture holds the traffic page's events");
    }

    #[test]
    fn what_a_page_puts_in_the_params_does_not_move_the_split() {
        for raw in [
            // A nested `sessionId` last in the params (a header a page sent, say), then the
            // message's own.
            r#"{"method":"Network.requestWillBeSent","params":{"h":{"x":1,"sessionId":"EVIL"}},"sessionId":"S1"}"#,
            r#"{"method":"Network.requestWillBeSent","params":{"a":1,"sessionId":"EVIL"},"sessionId":"S1"}"#,
            r#"{"method":"Network.requestWillBeSent","params":{"a":1,"sessionId":"EVIL"}}"#,
            // Strings ending in a backslash, quotes escaped, and text beyond ASCII.
            r#"{"method":"Runtime.consoleAPICalled","params":{"text":"ends in \\"},"sessionId":"S1"}"#,
            r#"{"method":"Runtime.consoleAPICalled","params":{"text":"\",\"sessionId\":\"X\"}"},"sessionId":"S1"}"#,
            r#"{"method":"Runtime.consoleAPICalled","params":{"text":"é ✓ 😀 \u00e9"},"sessionId":"S1"}"#,
            r#"{"method":"Page.loadEventFired","params":{}}"#,
        ] {
            assert_splits_as_parsed_whole(raw);
        }
    }

    #[test]
    fn other_layouts_are_left_to_the_whole_parse() {
        // A nested `sessionId` is not the message's own.
        let attached = r#"{"method":"Target.attachedToTarget","params":{"targetInfo":{"x":1},"sessionId":"AB12"}}"#;
        let parts = event_parts(attached).expect("a browser-level event");
        assert_eq!(parts.session_id, None);
        assert_eq!(parts.params, r#"{"targetInfo":{"x":1},"sessionId":"AB12"}"#);
        let quoted = r#"{"method":"Runtime.consoleAPICalled","params":{"text":"a\",\"sessionId\":\"X"},"sessionId":"S1"}"#;
        let parts = event_parts(quoted).expect("Chromium's layout");
        assert_eq!(parts.session_id, Some("S1"));
        assert_eq!(
            parsed_whole(quoted).and_then(|read| read.2).as_deref(),
            Some("S1")
        );
        for other in [
            r#"{"id":7,"result":{"method":"Network.dataReceived","params":{}}}"#,
            r#"{"params":{},"method":"Page.loadEventFired"}"#,
            r#"{"method":"Page.loadEventFired","params":{},"sessionId":"S 1"}"#,
            r#"{"method":"Page.load\u0045ventFired","params":{}}"#,
            r#"{"method":"Page.loadEventFired","params":{},"extra":"x"}"#,
            r#"{"method":"Page.loadEventFired","params":[]}"#,
            r#"{"method":"Page.loadEventFired"}"#,
        ] {
            assert_eq!(event_parts(other), None, "{other}");
        }
        // A key after `params` that Chromium never writes: what the split takes for params
        // does not read, so the event cannot be recorded wrongly.
        let added = r#"{"method":"Page.loadEventFired","params":{"a":1},"x":{"b":2}}"#;
        assert!(
            event_parts(added)
                .is_none_or(|parts| serde_json::from_str::<Value>(parts.params).is_err())
        );
    }
}
