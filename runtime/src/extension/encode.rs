//! A checkpoint written once, straight into the command that carries it.
//!
//! A checkpoint crosses CDP as the JSON text of its export document inside a string argument of
//! `Runtime.callFunctionOn` ([`bsk_schema::link::CheckpointText`]). Serializing the document and
//! then escaping that text into the command reads and writes the whole document twice; here the
//! serializer writes the document already escaped for its place in the command (a quote as
//! `\"`, an escaped quote as `\\\"`), and counts the size the extension will see.

use std::io::{self, Write};

use serde::Serialize;
use serde_json::ser::{CharEscape, Formatter};

/// The least a checkpoint's text is given room for at first.
const MIN_CAPACITY: usize = 64 * 1024;

/// The parameters of `Runtime.callFunctionOn` calling `function_declaration` on `object_id` with
/// two arguments, `name` and [`CheckpointText`](bsk_schema::link::CheckpointText) of `document`
/// and its `digest`, as JSON text. `capacity` is what the text is expected to take (the last
/// one's size): a megabyte grown by doubling was copied about once over.
pub fn call_with_document(
    object_id: &str,
    function_declaration: &str,
    name: &str,
    document: &impl Serialize,
    digest: &impl Serialize,
    capacity: usize,
) -> serde_json::Result<String> {
    let mut out = Vec::with_capacity(capacity.max(MIN_CAPACITY));
    out.extend_from_slice(b"{\"objectId\":");
    serde_json::to_writer(&mut out, object_id)?;
    out.extend_from_slice(b",\"functionDeclaration\":");
    serde_json::to_writer(&mut out, function_declaration)?;
    out.extend_from_slice(b",\"arguments\":[{\"value\":");
    serde_json::to_writer(&mut out, name)?;
    out.extend_from_slice(b"},{\"value\":{\"json\":\"");
    let start = out.len();
    let mut formatter = InString::default();
    document.serialize(&mut serde_json::Serializer::with_formatter(
        &mut out,
        &mut formatter,
    ))?;
    let bytes = (out.len() - start) as u64 - formatter.escapes;
    write!(out, "\",\"bytes\":{bytes},\"digest\":").map_err(serde_json::Error::io)?;
    serde_json::to_writer(&mut out, digest)?;
    out.extend_from_slice(b"}}],\"awaitPromise\":true,\"returnByValue\":true}");
    // Everything written is UTF-8: serde_json writes strings as they are, and the rest is ASCII.
    String::from_utf8(out).map_err(|e| serde_json::Error::io(io::Error::other(e)))
}

/// Writes JSON as the contents of a JSON string: compact, with every quote and backslash of the
/// JSON escaped once more. Everything else (string fragments, numbers, punctuation) is written
/// as compact JSON writes it: nothing in it needs escaping. `escapes` counts the bytes that
/// adds, so that the JSON's own size is what was written less `escapes`.
#[derive(Debug, Default)]
struct InString {
    escapes: u64,
}

impl InString {
    fn escaped<W: ?Sized + Write>(&mut self, writer: &mut W, escaped: &[u8]) -> io::Result<()> {
        self.escapes += 1;
        writer.write_all(escaped)
    }
}

impl Formatter for &mut InString {
    fn begin_string<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.escaped(writer, b"\\\"")
    }

    fn end_string<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.escaped(writer, b"\\\"")
    }

    fn write_char_escape<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        escape: CharEscape,
    ) -> io::Result<()> {
        // The JSON's escape (`\"`, `\n`, `\u001f`), with its backslash escaped.
        match escape {
            CharEscape::Quote => {
                self.escapes += 2;
                writer.write_all(b"\\\\\\\"")
            }
            CharEscape::ReverseSolidus => {
                self.escapes += 2;
                writer.write_all(b"\\\\\\\\")
            }
            CharEscape::Solidus => self.escaped(writer, b"\\\\/"),
            CharEscape::Backspace => self.escaped(writer, b"\\\\b"),
            CharEscape::FormFeed => self.escaped(writer, b"\\\\f"),
            CharEscape::LineFeed => self.escaped(writer, b"\\\\n"),
            CharEscape::CarriageReturn => self.escaped(writer, b"\\\\r"),
            CharEscape::Tab => self.escaped(writer, b"\\\\t"),
            CharEscape::AsciiControl(byte) => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                self.escapes += 1;
                writer.write_all(&[
                    b'\\',
                    b'\\',
                    b'u',
                    b'0',
                    b'0',
                    HEX[usize::from(byte >> 4)],
                    HEX[usize::from(byte & 0xf)],
                ])
            }
        }
    }

    /// Raw JSON (a `RawValue`) is valid JSON: no control characters, only quotes and
    /// backslashes to escape.
    fn write_raw_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut rest = fragment.as_bytes();
        while let Some(at) = memchr::memchr2(b'"', b'\\', rest) {
            writer.write_all(&rest[..at])?;
            self.escaped(writer, &[b'\\', rest[at]])?;
            rest = &rest[at + 1..];
        }
        writer.write_all(rest)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    /// What the command carried before: the document serialized, then escaped into the command
    /// by serializing the parameters.
    fn written_twice(document: &impl Serialize) -> Value {
        let text = serde_json::to_string(document).expect("serializes");
        let digest = digest();
        json!({
            "objectId": "1.2.3",
            "functionDeclaration": "function (name, arg) { return this[name](arg); }",
            "arguments": [
                { "value": "checkpoint" },
                { "value": bsk_schema::link::CheckpointText { json: &text, bytes: text.len() as u64, digest } },
            ],
            "awaitPromise": true,
            "returnByValue": true,
        })
    }

    /// A digest with a string to escape: it is written as a value, not inside a string.
    fn digest() -> Value {
        json!({ "counts": { "requests": 1 }, "url": "a \"q\" \\ é" })
    }

    #[test]
    fn the_command_carries_the_document_text_and_its_size_as_before() {
        let documents = [
            json!({}),
            json!({ "version": 1, "requests": [] }),
            json!({
                "quotes": "say \"hi\" and \\ back\\slash \\\" both",
                "controls": "line\nbreak\ttab\r\u{0008}\u{000c}\u{0001}\u{001f}\u{007f}",
                "unicode": "é 漢字 🙂 \u{2028} \u{2029}",
                "slash": "a/b </script>",
                "numbers": [0, -1, 1.5, 1e300, u64::MAX, i64::MIN],
                "nested": { "null": null, "bool": [true, false], "\"key\"": "v" },
            }),
        ];
        for document in documents {
            let params = call_with_document(
                "1.2.3",
                "function (name, arg) { return this[name](arg); }",
                "checkpoint",
                &document,
                &digest(),
                0,
            )
            .expect("writes");
            let sent: Value = serde_json::from_str(&params).expect("the command is JSON");
            assert_eq!(sent, written_twice(&document), "{params}");
            let text = sent["arguments"][1]["value"]["json"]
                .as_str()
                .expect("text");
            assert_eq!(
                serde_json::from_str::<Value>(text).expect("the document is JSON"),
                document
            );
        }
    }

    /// Raw JSON inside the document (`serde_json`'s `RawValue`) is written as it is, escaped.
    #[test]
    fn raw_json_in_the_document_is_escaped_too() {
        #[derive(Serialize)]
        struct WithRaw {
            raw: Box<serde_json::value::RawValue>,
            after: &'static str,
        }
        let document = WithRaw {
            raw: serde_json::value::RawValue::from_string(r#"{"a":"q\"b\\c","n":[1,2.5]}"#.into())
                .expect("raw JSON"),
            after: "x",
        };
        let params = call_with_document("1.2.3", "f", "checkpoint", &document, &digest(), 0)
            .expect("writes");
        let sent: Value = serde_json::from_str(&params).expect("the command is JSON");
        let text = serde_json::to_string(&document).expect("serializes");
        assert_eq!(
            sent["arguments"][1]["value"]["json"],
            Value::String(text.clone())
        );
        assert_eq!(sent["arguments"][1]["value"]["bytes"], json!(text.len()));
    }
}
