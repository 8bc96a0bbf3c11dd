//! What the server said in a failing response: the error code and message a body carries, read
//! as a person would read them first.

use serde_json::Value;

/// The longest code or message kept: a line, not a document.
pub const MAX_WORDS_CHARS: usize = 200;

/// A text body this short is read whole for its first line; a longer one is a page, not a
/// message.
const SHORT_TEXT_CHARS: usize = 2_000;

/// Keys whose string value is an error code (`code`, `error_code`, `errorCode`, `status_code`).
fn is_code_key(key: &str) -> bool {
    key.to_ascii_lowercase().contains("code")
}

/// Keys whose string value is a message.
fn is_message_key(key: &str) -> bool {
    matches!(
        key.to_ascii_lowercase().as_str(),
        "message"
            | "msg"
            | "error"
            | "error_description"
            | "errormessage"
            | "error_message"
            | "detail"
            | "details"
            | "title"
            | "description"
            | "reason"
    )
}

/// The error code and message of a response body: for JSON, the first string (in document
/// order) at a key named like `code`, and the first at a key named like `message`, `error`,
/// `detail` or `title`; for a short text body that is not HTML, its first non-empty line as the
/// message. Each cut at [`MAX_WORDS_CHARS`].
pub fn server_words(text: &str, mime_type: Option<&str>) -> (Option<String>, Option<String>) {
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        if let Ok(value) = serde_json::from_str::<Value>(text) {
            let mut words = (None, None);
            walk(&value, &mut words);
            return (words.0.map(cut), words.1.map(cut));
        }
        return (None, None);
    }
    let html = mime_type.is_some_and(|m| m.contains("html")) || trimmed.starts_with('<');
    if html || text.chars().count() > SHORT_TEXT_CHARS {
        return (None, None);
    }
    let line = text.lines().map(str::trim).find(|l| !l.is_empty());
    (None, line.map(|l| cut(l.to_string())))
}

fn walk(value: &Value, words: &mut (Option<String>, Option<String>)) {
    match value {
        Value::Object(map) => {
            for (key, value) in map {
                if let Value::String(text) = value {
                    let text = text.trim();
                    if text.is_empty() {
                        continue;
                    }
                    if words.0.is_none() && is_code_key(key) {
                        words.0 = Some(text.to_string());
                    } else if words.1.is_none() && is_message_key(key) {
                        words.1 = Some(text.to_string());
                    }
                } else if let (Value::Number(n), true) =
                    (value, words.0.is_none() && is_code_key(key))
                {
                    // A numeric code (`"code": 1042`) is still the code.
                    words.0 = Some(n.to_string());
                }
            }
            for value in map.values() {
                if words.0.is_some() && words.1.is_some() {
                    return;
                }
                if value.is_object() || value.is_array() {
                    walk(value, words);
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                if words.0.is_some() && words.1.is_some() {
                    return;
                }
                walk(item, words);
            }
        }
        _ => {}
    }
}

fn cut(text: String) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match crate::model::cut_at(&text, MAX_WORDS_CHARS) {
        Some(at) => format!("{}…", &text[..at]),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::server_words;

    #[test]
    fn the_code_and_message_a_failing_body_names() {
        let nested = r#"{"error":{"code":"QTY_EXCEEDS_STOCK","message":"Only 2 left"}}"#;
        assert_eq!(
            server_words(nested, Some("application/json")),
            (Some("QTY_EXCEEDS_STOCK".into()), Some("Only 2 left".into()))
        );
        // A string at `error` is the message; a numeric code is a code.
        assert_eq!(
            server_words(r#"{"code": 1042, "error": "Card declined"}"#, None),
            (Some("1042".into()), Some("Card declined".into()))
        );
        // RFC 9457 problem details.
        assert_eq!(
            server_words(
                r#"{"type":"about:blank","title":"Not Found","detail":"no order 7"}"#,
                None
            ),
            (None, Some("Not Found".into()))
        );
        assert_eq!(
            server_words("Service unavailable\nretry later", Some("text/plain")),
            (None, Some("Service unavailable".into()))
        );
        assert_eq!(
            server_words("<html><body>502</body></html>", Some("text/html")),
            (None, None)
        );
        assert_eq!(
            server_words(r#"{"ok": false"#, None),
            (None, None),
            "a cut JSON body"
        );
        let long = format!(r#"{{"message": "{}"}}"#, "x".repeat(500));
        assert!(
            server_words(&long, None)
                .1
                .is_some_and(|m| m.chars().count() == 201)
        );
    }
}
