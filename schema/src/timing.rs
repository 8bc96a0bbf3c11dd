//! Chrome's `ResourceTiming`, as the browser sent it: its fields in its order, each a number.
//!
//! One is parsed for every response a page receives, so it is held as a flat list whose names
//! are, for the fields Chrome defines, static strings: parsing, copying and writing one costs a
//! single allocation, where a `serde_json::Value` map costs one per field.

use std::borrow::Cow;
use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, Visitor};
use serde::ser::{Serialize, SerializeMap, Serializer};
use serde_json::Number;

/// The fields of CDP's `Network.ResourceTiming`. A name Chrome adds later is kept too, as an
/// owned string.
const KNOWN: &[&str] = &[
    "requestTime",
    "proxyStart",
    "proxyEnd",
    "dnsStart",
    "dnsEnd",
    "connectStart",
    "connectEnd",
    "sslStart",
    "sslEnd",
    "workerStart",
    "workerReady",
    "workerFetchStart",
    "workerRespondWithSettled",
    "workerRouterEvaluationStart",
    "workerCacheLookupStart",
    "sendStart",
    "sendEnd",
    "pushStart",
    "pushEnd",
    "receiveHeadersStart",
    "receiveHeadersEnd",
];

/// Chrome's `ResourceTiming` (milliseconds after `requestTime`, which is in seconds; `-1` where
/// a phase did not happen). A field whose value is not a number is left out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ResourceTiming(Vec<(Cow<'static, str>, Number)>);

impl ResourceTiming {
    /// The value of field `name`, if the browser sent it.
    pub fn get(&self, name: &str) -> Option<f64> {
        self.0
            .iter()
            .find(|(field, _)| field == name)
            .and_then(|(_, value)| value.as_f64())
    }

    /// Every field with its value, in the browser's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Number)> {
        self.0.iter().map(|(field, value)| (field.as_ref(), value))
    }
}

impl Serialize for ResourceTiming {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (field, value) in &self.0 {
            map.serialize_entry(field.as_ref(), value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for ResourceTiming {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = ResourceTiming;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an object of numbers")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<ResourceTiming, M::Error> {
                let mut fields = Vec::with_capacity(KNOWN.len());
                while let Some(FieldName(field)) = map.next_key()? {
                    if let NumberOrNot(Some(value)) = map.next_value()? {
                        fields.push((field, value));
                    }
                }
                Ok(ResourceTiming(fields))
            }
        }
        deserializer.deserialize_map(Fields)
    }
}

/// A field's name: one of [`KNOWN`] without an allocation, else owned.
struct FieldName(Cow<'static, str>);

impl<'de> Deserialize<'de> for FieldName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Name;
        impl Visitor<'_> for Name {
            type Value = FieldName;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a field name")
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<FieldName, E> {
                Ok(FieldName(
                    match KNOWN.iter().find(|known| **known == name) {
                        Some(known) => Cow::Borrowed(known),
                        None => Cow::Owned(name.to_owned()),
                    },
                ))
            }
        }
        deserializer.deserialize_str(Name)
    }
}

/// A field's value when it is a number; anything else is read past.
struct NumberOrNot(Option<Number>);

impl<'de> Deserialize<'de> for NumberOrNot {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Value;
        impl<'de> Visitor<'de> for Value {
            type Value = NumberOrNot;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a number")
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(Some(n.into())))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(Some(n.into())))
            }
            fn visit_f64<E: de::Error>(self, n: f64) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(Number::from_f64(n)))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(None))
            }
            fn visit_str<E: de::Error>(self, _: &str) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(None))
            }
            fn visit_unit<E: de::Error>(self) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(None))
            }
            fn visit_none<E: de::Error>(self) -> Result<NumberOrNot, E> {
                Ok(NumberOrNot(None))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<NumberOrNot, A::Error> {
                while seq.next_element::<IgnoredAny>()?.is_some() {}
                Ok(NumberOrNot(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NumberOrNot, A::Error> {
                while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
                Ok(NumberOrNot(None))
            }
        }
        deserializer.deserialize_any(Value)
    }
}

impl JsonSchema for ResourceTiming {
    fn schema_name() -> Cow<'static, str> {
        "ResourceTiming".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "Chrome's `ResourceTiming`, as sent: milliseconds after `requestTime` \
                (seconds), `-1` where a phase did not happen.",
            "type": "object",
            "additionalProperties": { "type": "number" }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::ResourceTiming;
    use serde_json::json;

    #[test]
    fn reads_and_writes_as_chrome_sent_it() {
        let sent = r#"{"requestTime":1234.5,"proxyStart":-1,"dnsStart":0.25,"sendEnd":3,"laterField":7.5}"#;
        let timing: ResourceTiming = serde_json::from_str(sent).expect("an object of numbers");
        assert_eq!(serde_json::to_string(&timing).expect("writes"), sent);
        assert_eq!(timing.get("dnsStart"), Some(0.25));
        assert_eq!(timing.get("proxyStart"), Some(-1.0));
        assert_eq!(
            timing.get("laterField"),
            Some(7.5),
            "a field Chrome adds is kept"
        );
        assert_eq!(timing.get("sslStart"), None);
        // From a `Value` too (a document read back), in the same order.
        let again: ResourceTiming =
            serde_json::from_value(serde_json::from_str(sent).expect("JSON")).expect("reads");
        assert_eq!(again, timing);
    }

    #[test]
    fn a_value_that_is_not_a_number_is_left_out_not_refused() {
        let timing: ResourceTiming = serde_json::from_value(json!({
            "sendStart": 1, "odd": "text", "nested": {"a": [1, 2]}, "list": [1], "none": null,
            "flag": true, "sendEnd": 2.5,
        }))
        .expect("lenient");
        let fields: Vec<&str> = timing.iter().map(|(field, _)| field).collect();
        assert_eq!(fields, ["sendStart", "sendEnd"]);
    }
}
