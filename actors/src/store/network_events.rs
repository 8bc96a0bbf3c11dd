//! The `Network.*` events a capture records, read straight from the message text into typed
//! views that borrow from it: no `serde_json::Value` tree is built for them, and the fields a
//! capture does not keep (stack frames past the first, the security details, most of the
//! timing's siblings) are skipped unread. These events are nearly all of a busy page's traffic.

use crate::cdp::EventKind;
use std::borrow::Cow;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

use crate::cdp::Text;

/// One network event a capture records (see [`EventKind::roles`]), typed.
// Borrowed from the event's text and applied at once: boxing the large variants would allocate
// once per network event on the capture's hot path.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub enum NetworkEvent<'a> {
    RequestWillBeSent(RequestWillBeSent<'a>),
    RequestExtraInfo(ExtraInfo<'a>),
    ResponseReceived(ResponseReceived<'a>),
    ResponseExtraInfo(ExtraInfo<'a>),
    ServedFromCache(RequestId<'a>),
    LoadingFinished(LoadingFinished<'a>),
    LoadingFailed(LoadingFailed<'a>),
    /// Bytes of a response arrived: forwarded to the capture for streams only (see
    /// `workers::is_stream_mime`), whose body may never complete.
    DataReceived(DataReceived<'a>),
}

impl<'a> NetworkEvent<'a> {
    /// Reads `params` (the event's JSON text) as the event of `kind`; `Ok(None)` for a kind a
    /// capture does not record.
    pub fn parse(
        kind: impl Into<EventKind>,
        params: &'a str,
    ) -> Result<Option<Self>, serde_json::Error> {
        use EventKind as K;
        use NetworkEvent as E;
        Ok(Some(match kind.into() {
            K::RequestWillBeSent => E::RequestWillBeSent(serde_json::from_str(params)?),
            K::RequestWillBeSentExtraInfo => E::RequestExtraInfo(serde_json::from_str(params)?),
            K::ResponseReceived => E::ResponseReceived(serde_json::from_str(params)?),
            K::ResponseReceivedExtraInfo => E::ResponseExtraInfo(serde_json::from_str(params)?),
            K::RequestServedFromCache => E::ServedFromCache(serde_json::from_str(params)?),
            K::LoadingFinished => E::LoadingFinished(serde_json::from_str(params)?),
            K::LoadingFailed => E::LoadingFailed(serde_json::from_str(params)?),
            K::DataReceived => E::DataReceived(serde_json::from_str(params)?),
            _ => return Ok(None),
        }))
    }

    /// The CDP request id the event is about.
    pub fn request_id(&self) -> &str {
        use NetworkEvent as E;
        match self {
            E::RequestWillBeSent(e) => &e.request_id,
            E::RequestExtraInfo(e) | E::ResponseExtraInfo(e) => &e.request_id,
            E::ResponseReceived(e) => &e.request_id,
            E::ServedFromCache(e) => &e.request_id,
            E::LoadingFinished(e) => &e.request_id,
            E::LoadingFailed(e) => &e.request_id,
            E::DataReceived(e) => &e.request_id,
        }
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestId<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RequestWillBeSent<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
    #[serde(borrow)]
    pub request: Request<'a>,
    #[serde(default)]
    pub timestamp: f64,
    /// Seconds since the Unix epoch.
    pub wall_time: Option<f64>,
    #[serde(borrow, rename = "type")]
    pub resource_type: Option<Text<'a>>,
    #[serde(borrow)]
    pub frame_id: Option<Text<'a>>,
    #[serde(borrow)]
    pub redirect_response: Option<Response<'a>>,
    #[serde(borrow)]
    pub initiator: Option<Initiator<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Request<'a> {
    #[serde(borrow, default)]
    pub url: Text<'a>,
    #[serde(borrow)]
    pub method: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub headers: Headers<'a>,
    #[serde(borrow)]
    pub post_data: Option<Text<'a>>,
    pub has_post_data: Option<bool>,
    #[serde(borrow)]
    pub post_data_entries: Option<Vec<PostDataEntry<'a>>>,
}

/// One entry of a request body the event carries: base64 bytes.
#[derive(Debug, Deserialize)]
pub struct PostDataEntry<'a> {
    #[serde(borrow)]
    pub bytes: Option<Text<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Response<'a> {
    pub status: Option<f64>,
    #[serde(borrow)]
    pub status_text: Option<Text<'a>>,
    #[serde(borrow, default)]
    pub headers: Headers<'a>,
    #[serde(borrow)]
    pub mime_type: Option<Text<'a>>,
    #[serde(default)]
    pub from_disk_cache: bool,
    #[serde(default)]
    pub from_prefetch_cache: bool,
    #[serde(default)]
    pub from_service_worker: bool,
    /// Kept as CDP gives it: a small object of numbers.
    pub timing: Option<bsk_schema::timing::ResourceTiming>,
    #[serde(borrow)]
    pub protocol: Option<Text<'a>>,
    #[serde(borrow, rename = "remoteIPAddress")]
    pub remote_ip_address: Option<Text<'a>>,
    pub remote_port: Option<f64>,
    pub security_details: Option<IgnoredAny>,
    #[serde(borrow)]
    pub security_state: Option<Text<'a>>,
    pub encoded_data_length: Option<f64>,
}

impl Response<'_> {
    /// Whether the browser's disk or prefetch cache served it.
    pub fn served_from_cache(&self) -> bool {
        self.from_disk_cache || self.from_prefetch_cache
    }

    /// The HTTP status, when it is one.
    pub fn status(&self) -> Option<u16> {
        self.status
            .filter(|s| s.fract() == 0.0 && (0.0..=f64::from(u16::MAX)).contains(s))
            .map(|s| s as u16)
    }
}

/// Where a request came from: its kind, and a URL and line, given or of the first stack frame.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Initiator<'a> {
    #[serde(borrow, rename = "type")]
    pub kind: Option<Text<'a>>,
    #[serde(borrow)]
    pub url: Option<Text<'a>>,
    pub line_number: Option<serde_json::Number>,
    /// A preflight's: the CDP id of the request it guards.
    #[serde(borrow)]
    pub request_id: Option<Text<'a>>,
    #[serde(borrow)]
    pub stack: Option<Stack<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Stack<'a> {
    /// The first call frame; the rest are skipped unread.
    #[serde(borrow, default, deserialize_with = "first")]
    pub call_frames: Option<CallFrame<'a>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallFrame<'a> {
    #[serde(borrow)]
    pub url: Option<Text<'a>>,
    pub line_number: Option<serde_json::Number>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResponseReceived<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
    #[serde(borrow, rename = "type")]
    pub resource_type: Option<Text<'a>>,
    #[serde(borrow)]
    pub response: Response<'a>,
}

/// `requestWillBeSentExtraInfo` and `responseReceivedExtraInfo`: the headers as sent or received.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExtraInfo<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
    #[serde(borrow, default)]
    pub headers: Headers<'a>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DataReceived<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
    #[serde(default)]
    pub data_length: f64,
    #[serde(default)]
    pub encoded_data_length: f64,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadingFinished<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
    #[serde(default)]
    pub timestamp: f64,
    pub encoded_data_length: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadingFailed<'a> {
    #[serde(borrow)]
    pub request_id: Text<'a>,
    #[serde(default)]
    pub timestamp: f64,
    #[serde(borrow)]
    pub error_text: Option<Text<'a>>,
    #[serde(default)]
    pub canceled: bool,
    #[serde(borrow)]
    pub blocked_reason: Option<Text<'a>>,
}

/// A CDP `Headers` object in the browser's order. A value that is not a string (CDP says they
/// are) is kept as its JSON text.
#[derive(Debug, Default)]
pub struct Headers<'a>(pub Vec<(Text<'a>, Text<'a>)>);

impl<'a> Headers<'a> {
    /// The first value of `name`, whatever its case.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| &**v)
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for Headers<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = Headers<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a headers object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(8));
                while let Some(name) = map.next_key::<Text<'de>>()? {
                    let value = map.next_value::<HeaderValue<'de>>()?;
                    entries.push((name, value.0));
                }
                Ok(Headers(entries))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
                Ok(Headers::default())
            }
        }
        deserializer.deserialize_any(Entries)
    }
}

/// A header value: a string as it is, anything else as its JSON text.
struct HeaderValue<'a>(Text<'a>);

impl<'de: 'a, 'a> Deserialize<'de> for HeaderValue<'a> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Any;
        impl<'de> Visitor<'de> for Any {
            type Value = Text<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a header value")
            }
            fn visit_borrowed_str<E: serde::de::Error>(
                self,
                text: &'de str,
            ) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed(text)))
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text.to_owned())))
            }
            fn visit_string<E: serde::de::Error>(self, text: String) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(text)))
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(v.to_string())))
            }
            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Owned(Value::from(v).to_string())))
            }
            fn visit_unit<E: serde::de::Error>(self) -> Result<Text<'de>, E> {
                Ok(Text(Cow::Borrowed("null")))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Text<'de>, A::Error> {
                let value = Value::deserialize(serde::de::value::SeqAccessDeserializer::new(seq))?;
                Ok(Text(Cow::Owned(value.to_string())))
            }
            fn visit_map<M: MapAccess<'de>>(self, map: M) -> Result<Text<'de>, M::Error> {
                let value = Value::deserialize(serde::de::value::MapAccessDeserializer::new(map))?;
                Ok(Text(Cow::Owned(value.to_string())))
            }
        }
        deserializer.deserialize_any(Any).map(HeaderValue)
    }
}

/// The first element of a JSON array; the rest are skipped unread.
fn first<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct First<T>(PhantomData<T>);
    impl<'de, T: Deserialize<'de>> Visitor<'de> for First<T> {
        type Value = Option<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("an array")
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<T>, A::Error> {
            let first = seq.next_element()?;
            while seq.next_element::<IgnoredAny>()?.is_some() {}
            Ok(first)
        }
    }
    deserializer.deserialize_seq(First(PhantomData))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cdp::{EventKind, Records};

    /// Every network event of a real Chromium traffic page (the bench's recording) reads as its
    /// typed view, with the same values a JSON tree holds.
    #[test]
    fn chromium_s_recorded_events_read_as_their_views() {
        let mut read = 0;
        for line in include_str!("../../benches/traffic.jsonl").lines() {
            let message: Value = serde_json::from_str(line).expect("a recorded message");
            let method = message["method"].as_str().unwrap_or_default();
            if EventKind::parse(method).roles().records != Some(Records::Network) {
                continue;
            }
            let params = &message["params"];
            let text = params.to_string();
            let event = NetworkEvent::parse(method, &text)
                .unwrap_or_else(|e| panic!("{method}: {e}"))
                .expect("a recorded method");
            assert_eq!(
                event.request_id(),
                params["requestId"].as_str().unwrap_or("?")
            );
            match &event {
                NetworkEvent::RequestWillBeSent(sent) => {
                    assert_eq!(*sent.request.url, params["request"]["url"]);
                    let headers = params["request"]["headers"].as_object().expect("headers");
                    assert_eq!(sent.request.headers.0.len(), headers.len());
                    for ((name, value), (tree_name, tree_value)) in
                        sent.request.headers.0.iter().zip(headers)
                    {
                        assert_eq!(
                            (&**name, &**value),
                            (tree_name.as_str(), tree_value.as_str().unwrap_or("?"))
                        );
                    }
                }
                NetworkEvent::ResponseReceived(received) => {
                    let response = &params["response"];
                    assert_eq!(
                        received.response.status(),
                        response["status"].as_u64().map(|s| s as u16)
                    );
                    assert_eq!(
                        received.response.mime_type.as_deref(),
                        response["mimeType"].as_str()
                    );
                    assert_eq!(
                        received
                            .response
                            .timing
                            .as_ref()
                            .map(|timing| { serde_json::to_value(timing).expect("timing writes") }),
                        response.get("timing").cloned(),
                        "the timing reads and writes as sent"
                    );
                }
                NetworkEvent::LoadingFinished(finished) => {
                    assert_eq!(
                        finished.encoded_data_length,
                        params["encodedDataLength"].as_f64()
                    );
                }
                _ => {}
            }
            read += 1;
        }
        assert!(read > 300, "the recording holds a page's traffic: {read}");
    }

    #[test]
    fn escaped_strings_odd_header_values_and_long_stacks_are_read() {
        let text = r#"{"requestId":"1","timestamp":2.5,"type":"Fetch",
            "request":{"url":"http://a/\u00e9?q=\"x\"","method":"POST","postData":"a\nb",
                "headers":{"X-Num":7,"X-Null":null,"X-Obj":{"a":1},"Content-Type":"text/plain"}},
            "initiator":{"type":"script","stack":{"callFrames":[
                {"url":"http://a/app.js","lineNumber":12,"columnNumber":3,"functionName":"f"},
                {"url":"http://a/lib.js","lineNumber":99}],
                "parent":{"description":"await","callFrames":[{"url":"x","lineNumber":1}]}}}}"#;
        let Some(NetworkEvent::RequestWillBeSent(sent)) =
            NetworkEvent::parse("Network.requestWillBeSent", text).expect("reads")
        else {
            panic!("a requestWillBeSent");
        };
        assert_eq!(&*sent.request.url, "http://a/é?q=\"x\"");
        assert_eq!(sent.request.post_data.as_deref(), Some("a\nb"));
        let headers: Vec<(&str, &str)> = sent
            .request
            .headers
            .0
            .iter()
            .map(|(n, v)| (&**n, &**v))
            .collect();
        assert_eq!(
            headers,
            [
                ("X-Num", "7"),
                ("X-Null", "null"),
                ("X-Obj", r#"{"a":1}"#),
                ("Content-Type", "text/plain")
            ]
        );
        assert_eq!(sent.request.headers.get("content-type"), Some("text/plain"));
        let frame = sent
            .initiator
            .as_ref()
            .and_then(|i| i.stack.as_ref())
            .and_then(|s| s.call_frames.as_ref());
        assert_eq!(
            frame.and_then(|f| f.url.as_deref()),
            Some("http://a/app.js")
        );
    }

    #[test]
    fn a_field_of_the_wrong_kind_makes_the_event_unreadable_and_an_unknown_method_is_skipped() {
        let wrong = r#"{"requestId":"1","request":{"url":5}}"#;
        assert!(NetworkEvent::parse("Network.requestWillBeSent", wrong).is_err());
        assert!(matches!(
            NetworkEvent::parse("Network.webSocketFrameReceived", "{}"),
            Ok(None)
        ));
    }
}
