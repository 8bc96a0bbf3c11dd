//! JSON parsed for redaction, noting duplicate keys.
//!
//! A JSON object may repeat a key (`{"password":"hunter2","password":null}`); a parser keeps
//! one of the values, and the text still holds the other. Redaction that found nothing to redact
//! in the parsed document returns the text as it was, so it must know whether the document it
//! checked is all of the text.

use std::cell::Cell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// `text` as a [`Value`], and whether any object in it repeated a key (the value kept is the
/// last, as `serde_json` keeps it).
pub fn with_duplicates(text: &str) -> Result<(Value, bool), serde_json::Error> {
    let duplicates = Cell::new(false);
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = Noting(&duplicates).deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok((value, duplicates.get()))
}

/// Builds a [`Value`] and notes a repeated key in any object.
#[derive(Clone, Copy)]
struct Noting<'a>(&'a Cell<bool>);

impl<'de> DeserializeSeed<'de> for Noting<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Noting<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(n.into())
    }

    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(n.into())
    }

    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_owned()))
    }

    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(item) = seq.next_element_seed(self)? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let value = map.next_value_seed(self)?;
            if object.insert(key, value).is_some() {
                self.0.set(true);
            }
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_as_serde_json_does_and_notes_repeated_keys() {
        for text in [
            r#"{"a":1,"b":[true,null,"x",-2,1.5e3],"c":{"d":"\u00e9"}}"#,
            "[]",
            "  \"text\" ",
            "18446744073709551615",
        ] {
            let (value, duplicates) = with_duplicates(text).expect("parses");
            assert_eq!(
                value,
                serde_json::from_str::<Value>(text).expect("serde_json reads it"),
                "{text}"
            );
            assert!(!duplicates, "{text}");
        }
        let (value, duplicates) =
            with_duplicates(r#"[{"k":{"p":"secret","p":null}}]"#).expect("parses");
        assert!(duplicates);
        assert_eq!(value, serde_json::json!([{"k": {"p": null}}]));
        assert!(with_duplicates(r#"{"a":1} x"#).is_err());
        assert!(with_duplicates(r#"{"a":"#).is_err());
    }
}
