//! A tool call's arguments, checked against the tool's input schema before they are decoded, so
//! an agent is told in JSON's words which argument is wrong and what it takes — never a Rust
//! type name. Clients that send numbers and booleans as strings (`"5"`, `"true"`) are met
//! halfway: such a string is taken as the number or boolean the schema asks for.

use serde_json::{Map, Value};

use crate::error::Failure;

/// Checks `arguments` against `schema` (a portable input schema: flat properties), converting
/// numeric and boolean strings where the schema wants numbers or booleans.
pub fn check(
    tool: &str,
    schema: &Map<String, Value>,
    arguments: &mut Value,
) -> Result<(), Failure> {
    let Value::Object(args) = arguments else {
        return Err(
            Failure::invalid_input(format!("{tool}: the arguments must be a JSON object"))
                .hint(format!("see {tool}'s inputSchema in tools/list")),
        );
    };
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    // A null argument is an absent one, as JSON clients often send it.
    args.retain(|_, value| !value.is_null());
    for (name, value) in args.iter_mut() {
        let Some(property) = properties.get(name) else {
            let mut known: Vec<&str> = properties.keys().map(String::as_str).collect();
            known.sort_unstable();
            return Err(
                Failure::invalid_input(format!("{tool}: unknown argument `{name}`"))
                    .hint(format!("{tool} takes: {}", known.join(", "))),
            );
        };
        check_value(tool, name, property, value)?;
    }
    for required in schema
        .get("required")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        if !args.contains_key(required) {
            return Err(
                Failure::usage(format!("{tool}: the argument `{required}` is required"))
                    .hint(describe(required, &properties[required])),
            );
        }
    }
    Ok(())
}

fn check_value(tool: &str, name: &str, property: &Value, value: &mut Value) -> Result<(), Failure> {
    let wrong = |expected: String, value: &Value| {
        Failure::invalid_input(format!(
            "{tool}: `{name}` must be {expected}, not {}",
            json_kind(value)
        ))
        .hint(describe(name, property))
    };
    if let Some(allowed) = property.get("enum").and_then(Value::as_array) {
        if !allowed.contains(value) {
            return Err(wrong(format!("one of {}", list(allowed)), value));
        }
        return Ok(());
    }
    match property.get("type").and_then(Value::as_str) {
        Some("integer") => {
            if let Some(n) = value.as_str().and_then(|s| s.trim().parse::<i64>().ok()) {
                *value = Value::from(n);
            }
            let minimum = property.get("minimum").and_then(Value::as_f64);
            match value.as_f64() {
                Some(n) if n.fract() == 0.0 && minimum.is_none_or(|m| n >= m) => Ok(()),
                _ => Err(wrong(
                    match minimum {
                        Some(m) if m >= 0.0 => "a whole number, 0 or more (a JSON number)".into(),
                        _ => "a whole number (a JSON number)".into(),
                    },
                    value,
                )),
            }
        }
        Some("number") => {
            if let Some(n) = value.as_str().and_then(|s| s.trim().parse::<f64>().ok())
                && let Some(n) = serde_json::Number::from_f64(n)
            {
                *value = Value::Number(n);
            }
            if value.is_number() {
                Ok(())
            } else {
                Err(wrong("a number (a JSON number)".into(), value))
            }
        }
        Some("boolean") => {
            match value.as_str() {
                Some("true") => *value = Value::Bool(true),
                Some("false") => *value = Value::Bool(false),
                _ => {}
            }
            if value.is_boolean() {
                Ok(())
            } else {
                Err(wrong("true or false".into(), value))
            }
        }
        Some("string") if !value.is_string() => Err(wrong("a string".into(), value)),
        Some("array") => {
            // One value where a list is expected is a list of one.
            if !value.is_array() {
                *value = Value::Array(vec![value.take()]);
            }
            let items = property.get("items").cloned().unwrap_or(Value::Null);
            if let Value::Array(elements) = value {
                for element in elements {
                    check_value(tool, name, &items, element)?;
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What an argument takes, from its schema: `limit: a whole number. At most this many …`.
fn describe(name: &str, property: &Value) -> String {
    let kind = match (
        property.get("enum").and_then(Value::as_array),
        property.get("type").and_then(Value::as_str),
    ) {
        (Some(allowed), _) => format!("one of {}", list(allowed)),
        (None, Some("integer")) => "a whole number".into(),
        (None, Some("number")) => "a number".into(),
        (None, Some("boolean")) => "true or false".into(),
        (None, Some("array")) => "a list".into(),
        (None, Some("string")) => "a string".into(),
        (None, Some(other)) => format!("a JSON {other}"),
        (None, None) => "a JSON value".into(),
    };
    match property.get("description").and_then(Value::as_str) {
        Some(text) => format!("`{name}` takes {kind}: {text}"),
        None => format!("`{name}` takes {kind}"),
    }
}

fn list(values: &[Value]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

fn json_kind(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => format!("the number {n}"),
        Value::String(s) if s.chars().count() > 40 => "a long string".into(),
        Value::String(s) => format!("the string {}", Value::String(s.clone())),
        Value::Array(_) => "a list".into(),
        Value::Object(_) => "an object".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Map<String, Value> {
        json!({
            "type": "object",
            "required": ["sessionId"],
            "properties": {
                "sessionId": { "type": "string" },
                "limit": { "type": "integer", "minimum": 0, "description": "At most this many." },
                "dy": { "type": "number" },
                "all": { "type": "boolean" },
                "part": { "type": "string", "enum": ["metadata", "response"] },
                "values": { "type": "array", "items": { "type": "string" } }
            }
        })
        .as_object()
        .cloned()
        .expect("an object")
    }

    #[test]
    fn strings_holding_numbers_and_booleans_are_taken_as_such() {
        let mut args = json!({ "sessionId": "s1", "limit": "5", "dy": "-2.5", "all": "true", "values": "a", "part": null });
        check("t", &schema(), &mut args).expect("accepted");
        assert_eq!(
            args,
            json!({ "sessionId": "s1", "limit": 5, "dy": -2.5, "all": true, "values": ["a"] })
        );
    }

    #[test]
    fn errors_name_the_argument_and_the_json_type() {
        let error = |args: Value| {
            let mut args = args;
            check("browser_inspect", &schema(), &mut args)
                .expect_err("refused")
                .said(bsk_schema::hint::Surface::Mcp)
        };
        let e = error(json!({ "sessionId": "s1", "limit": "five" }));
        assert_eq!(
            e.message,
            "browser_inspect: `limit` must be a whole number, 0 or more (a JSON number), not the string \"five\""
        );
        assert!(
            e.hint
                .as_deref()
                .is_some_and(|h| h.contains("At most this many"))
        );
        let e = error(json!({ "sessionId": "s1", "part": "body" }));
        assert!(
            e.message.contains("one of \"metadata\", \"response\""),
            "{}",
            e.message
        );
        let e = error(json!({ "limit": 1 }));
        assert!(
            e.message.contains("`sessionId` is required"),
            "{}",
            e.message
        );
        let e = error(json!({ "sessionId": "s1", "until": {} }));
        assert!(
            e.message.contains("unknown argument `until`"),
            "{}",
            e.message
        );
        assert!(e.hint.as_deref().is_some_and(|h| h.contains("limit")));
        let e = error(json!({ "sessionId": "s1", "limit": -1 }));
        assert!(e.message.contains("0 or more"), "{}", e.message);
        for message in [
            error(json!({ "sessionId": 5 })).message,
            error(json!({ "sessionId": "s1", "all": "yes" })).message,
        ] {
            for rust in ["usize", "u64", "String", "bool", "enum"] {
                assert!(!message.contains(rust), "{message}");
            }
        }
    }
}
