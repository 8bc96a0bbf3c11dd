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

/// A browser event as the actors receive it, already routed to the capture of its tab.
///
/// `params` stays the JSON text the browser sent: a consumer reads it into what it needs (the
/// network events into typed views borrowed from it, see [`crate::store::NetworkEvent`]; the
/// rare others into a [`Value`]), so no event is parsed twice or into a tree nobody reads.
#[derive(Debug, Clone)]
pub struct Event {
    /// The CDP session it arrived on: the tab's, or an iframe target's.
    pub session_id: String,
    pub method: String,
    pub params: Box<RawValue>,
}

impl Event {
    /// An event from parsed params (tests, and events a program makes up).
    pub fn new(session_id: &str, method: &str, params: &Value) -> Event {
        Event {
            session_id: session_id.to_string(),
            method: method.to_string(),
            params: raw(params),
        }
    }

    /// `params` as a tree.
    pub fn value(&self) -> Value {
        params_value(&self.params)
    }
}

/// JSON text of `value`, as an event's params.
pub fn raw(value: &Value) -> Box<RawValue> {
    // A `Value` always serializes: its keys are strings.
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| empty_params())
}

/// `{}`, the params of an event that has none.
pub fn empty_params() -> Box<RawValue> {
    RawValue::from_string("{}".to_string()).unwrap_or_else(|_| unreachable!("{{}} is JSON"))
}

/// Params text as a tree; `Null` if it is not JSON (the reader admits only JSON).
pub fn params_value(params: &RawValue) -> Value {
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

impl std::fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
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
pub fn str_field<'a>(params: &'a RawValue, key: &str) -> Option<Text<'a>> {
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
}
