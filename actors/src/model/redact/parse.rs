//! JSON parsed for redaction, noting duplicate keys.
//!
//! A JSON object may repeat a key (`{"password":"hunter2","password":null}`); a parser keeps
//! one of the values, and the text still holds the other. Redaction that found nothing to redact
//! in the parsed document returns the text as it was, so it must know whether the document it
//! checked is all of the text.
//!
//! Most JSON bodies hold nothing to redact, and most of the cost of finding that out was
//! building the document: [`nothing_to_redact`] reads the text by the same rules without
//! building anything.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::{REDACTED, is_sensitive_name, json_string};

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

/// Whether `text` is one JSON document that [`super::json`] would leave as it is, with no object
/// repeating a key: then the text itself is the redacted body. `false` means "build the document
/// and redact it", for anything else (something to redact, a repeated key, or text that is not
/// JSON), so the two can never disagree on what is kept.
pub fn nothing_to_redact(text: &str) -> bool {
    let mut deserializer = serde_json::Deserializer::from_str(text);
    Checking.deserialize(&mut deserializer).is_ok() && deserializer.end().is_ok()
}

/// Reads a value and fails at the first thing [`super::json`] would redact or a repeated key.
#[derive(Clone, Copy)]
struct Checking;

/// Why [`Checking`] stopped: the document is not left as it is.
const FOUND: &str = "something to redact";

impl<'de> DeserializeSeed<'de> for Checking {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Checking {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<(), E> {
        match json_string(s) {
            None => Ok(()),
            Some(_) => Err(E::custom(FOUND)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys: Vec<Cow<'de, str>> = Vec::new();
        while let Some(key) = map.next_key_seed(Key)? {
            if is_sensitive_name(&key) {
                // A sensitive key's value holds no secret only as `null`, a boolean, `""` or
                // [`REDACTED`]; anything else fails to read, which is as good as found.
                let value: Option<Plain<'_>> = map.next_value()?;
                if value
                    .is_some_and(|v| matches!(v, Plain::Text(s) if !s.is_empty() && s != REDACTED))
                {
                    return Err(A::Error::custom(FOUND));
                }
            } else {
                map.next_value_seed(self)?;
            }
            keys.push(key);
        }
        keys.sort_unstable();
        if keys.windows(2).any(|pair| pair[0] == pair[1]) {
            return Err(A::Error::custom(FOUND));
        }
        Ok(())
    }
}

/// A sensitive key's value that may hold no secret: a boolean or a string.
enum Plain<'de> {
    Flag,
    Text(Cow<'de, str>),
}

impl<'de> Deserialize<'de> for Plain<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(PlainVisitor)
    }
}

struct PlainVisitor;

impl<'de> Visitor<'de> for PlainVisitor {
    type Value = Plain<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a boolean or a string")
    }

    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Plain::Flag)
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Self::Value, E> {
        Ok(Plain::Text(Cow::Borrowed(s)))
    }

    fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Plain::Text(Cow::Owned(s.to_owned())))
    }
}

/// An object's key, borrowed from the text when it has no escapes.
struct Key;

impl<'de> DeserializeSeed<'de> for Key {
    type Value = Cow<'de, str>;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Self::Value, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for Key {
    type Value = Cow<'de, str>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_borrowed_str<E>(self, s: &'de str) -> Result<Self::Value, E> {
        Ok(Cow::Borrowed(s))
    }

    fn visit_str<E>(self, s: &str) -> Result<Self::Value, E> {
        Ok(Cow::Owned(s.to_owned()))
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

    /// What [`nothing_to_redact`] stands in for: building the document, redacting it, and
    /// finding nothing redacted and no repeated key.
    fn built_and_unchanged(text: &str) -> bool {
        with_duplicates(text)
            .is_ok_and(|(mut value, duplicates)| super::super::json(&mut value) == 0 && !duplicates)
    }

    #[test]
    fn the_check_agrees_with_building_the_document() {
        let cases = [
            r#"{"id":1,"name":"Ada","tags":["a","b"],"nested":{"x":null,"y":1.5}}"#,
            r#"{"password":null,"token":"","api_key":"[redacted]"}"#,
            r#"{"password":"hunter2"}"#,
            r#"{"password":0}"#,
            r#"{"password":false}"#,
            r#"{"password":[]}"#,
            r#"{"password":{}}"#,
            r#"{"pass\u0077ord":"hunter2"}"#,
            r#"{"note":"password=hunter2"}"#,
            r#"{"auth":"Bearer abcdefghijklmnopqrstuvwxyz"}"#,
            r#"{"next":"https://ada:pw@example.com/x"}"#,
            r#"{"next":"https://example.com/a@b"}"#,
            r#"["password=x"]"#,
            r#""token: abc""#,
            r#""plain""#,
            r#"{"a":1,"a":2}"#,
            r#"[{"k":{"p":"x","p":"x"}}]"#,
            r#"{"a":{"b":1},"b":{"a":1}}"#,
            r#"{"a\u0062":1,"ab":2}"#,
            r#"{"a":1} x"#,
            r#"{"a":"#,
            "",
            "18446744073709551615",
            "1e400",
            "[1,2,3]",
        ];
        for text in cases {
            assert_eq!(nothing_to_redact(text), built_and_unchanged(text), "{text}");
        }
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        assert_eq!(nothing_to_redact(&deep), built_and_unchanged(&deep));
        assert!(nothing_to_redact(cases[0]) && nothing_to_redact(cases[1]));
    }

    /// Many documents put together from keys and values that redaction treats differently.
    #[test]
    fn the_check_agrees_on_generated_documents() {
        const KEYS: [&str; 8] = [
            "id", "name", "password", "token", "items", "url", "Secret", "id",
        ];
        const LEAVES: [&str; 12] = [
            "null",
            "\"\"",
            "\"[redacted]\"",
            "1",
            "-2.5e3",
            "true",
            "\"Ada\"",
            "\"key=value\"",
            "\"Bearer abcdefghijklmnopqrstu\"",
            "\"https://u:p@example.com/\"",
            "\"https://example.com/\"",
            "\"line\\nbreak \\\"quoted\\\"\"",
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        fn value(next: &mut dyn FnMut(usize) -> usize, depth: u32, out: &mut String) {
            match if depth > 3 { 2 } else { next(4) } {
                0 => {
                    out.push('{');
                    for i in 0..next(4) {
                        if i > 0 {
                            out.push(',');
                        }
                        out.push_str(&format!("\"{}\":", KEYS[next(KEYS.len())]));
                        value(next, depth + 1, out);
                    }
                    out.push('}');
                }
                1 => {
                    out.push('[');
                    for i in 0..next(4) {
                        if i > 0 {
                            out.push(',');
                        }
                        value(next, depth + 1, out);
                    }
                    out.push(']');
                }
                _ => out.push_str(LEAVES[next(LEAVES.len())]),
            }
        }
        let (mut clean, mut redacted) = (0, 0);
        for _ in 0..5_000 {
            let mut text = String::new();
            value(&mut next, 0, &mut text);
            let expected = built_and_unchanged(&text);
            assert_eq!(nothing_to_redact(&text), expected, "{text}");
            if expected {
                clean += 1;
            } else {
                redacted += 1;
            }
        }
        // Both answers were exercised, many times.
        assert!(
            clean > 500 && redacted > 500,
            "{clean} clean, {redacted} not"
        );
    }
}
