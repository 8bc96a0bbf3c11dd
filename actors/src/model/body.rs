//! Body reads in UTF-16 code units.
//!
//! The spec: "Body reads accept --offset and --max-chars (default 4096, maximum 16384). Follow
//! next_offset while present. Offsets count UTF-16 code units, matching the extension. RFC 6901
//! --pointer works only on a complete retained JSON body and is applied after redaction."
//!
//! A Rust `&str` holds no lone surrogates, so "splitting a surrogate pair" means an offset that
//! falls inside a character of two code units. Slices never do that.

use serde::Serialize;
use serde_json::Value;

/// "Body reads accept --offset and --max-chars (default 4096, …)."
pub const DEFAULT_MAX_CHARS: usize = 4096;

/// "Body reads accept --offset and --max-chars (…, maximum 16384)."
pub const MAX_MAX_CHARS: usize = 16384;

/// "Individual body: 64 Ki code units, with explicit truncation/omission." Named once in
/// [`crate::bounds`].
pub use crate::bounds::MAX_BODY_UNITS;

/// How many keys a missing-pointer error lists.
const MAX_LISTED_KEYS: usize = 10;

/// Length of `s` in UTF-16 code units, the unit of every body offset.
pub fn utf16_len(s: &str) -> usize {
    // Counted over bytes, which the compiler vectorizes: each character starts with one byte
    // that is not a continuation byte (`10xxxxxx`) and is one unit, except a four-byte one
    // (lead byte `11110xxx`), which is a surrogate pair.
    s.bytes()
        .map(|b| usize::from(b & 0xC0 != 0x80) + usize::from(b >= 0xF0))
        .sum()
}

/// Keeps at most `max_units` UTF-16 code units of `s`, never splitting a surrogate pair: a
/// character straddling the limit is dropped whole. The flag tells whether anything was cut.
pub fn truncate_utf16(s: &str, max_units: usize) -> (String, bool) {
    let end = kept_bytes(s, max_units);
    (s[..end].to_owned(), end < s.len())
}

/// [`truncate_utf16`] in place, for text already owned: nothing is copied.
pub fn cut_to_utf16(s: &mut String, max_units: usize) -> bool {
    let end = kept_bytes(s, max_units);
    let cut = end < s.len();
    s.truncate(end);
    cut
}

/// How many bytes of `s` [`truncate_utf16`] keeps.
fn kept_bytes(s: &str, max_units: usize) -> usize {
    // A character is at least as many bytes as UTF-16 units: text of no more bytes fits.
    if s.len() <= max_units {
        return s.len();
    }
    byte_at_unit(s, max_units).unwrap_or_else(|floor| floor)
}

/// The byte index of UTF-16 unit `unit`, or `Err(floor)` when `unit` falls inside a surrogate
/// pair or past the end, where `floor` is the byte index of the last character boundary before it.
fn byte_at_unit(s: &str, unit: usize) -> Result<usize, usize> {
    let mut units = 0;
    for (byte, c) in s.char_indices() {
        if units == unit {
            return Ok(byte);
        }
        if units + c.len_utf16() > unit {
            return Err(byte);
        }
        units += c.len_utf16();
    }
    if units == unit {
        Ok(s.len())
    } else {
        Err(s.len())
    }
}

/// One window of a body read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BodySlice {
    /// The text of the window.
    pub text: String,
    /// Where the window starts, in UTF-16 code units.
    pub offset: usize,
    /// Where the next window starts; `None` once the window reaches the end.
    pub next_offset: Option<usize>,
    /// Length of the whole retained body, in UTF-16 code units.
    pub total_units: usize,
}

/// Why a body window could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BodyReadError {
    /// `--max-chars` outside 1..=16384.
    #[error(
        "max-chars {given} is out of range: use 1 to {MAX_MAX_CHARS} (default {DEFAULT_MAX_CHARS})"
    )]
    MaxCharsOutOfRange {
        /// The value asked for.
        given: usize,
    },
    /// `--offset` beyond the body.
    #[error(
        "offset {offset} is past the end of the body ({total} UTF-16 code units): use an offset from 0 to {total}"
    )]
    OffsetPastEnd {
        /// The offset asked for.
        offset: usize,
        /// The body length in UTF-16 code units.
        total: usize,
    },
    /// `--offset` inside a character made of a surrogate pair.
    #[error("offset {offset} splits a character (a UTF-16 surrogate pair): use {} or {}", .offset - 1, .offset + 1)]
    OffsetSplitsCharacter {
        /// The offset asked for.
        offset: usize,
    },
}

/// Reads the window of `text` starting at UTF-16 unit `offset`, at most `max_chars` units long
/// (default [`DEFAULT_MAX_CHARS`]).
///
/// An offset inside a surrogate pair is refused with the two offsets to use instead, rather than
/// silently moved, so a reader never receives half a character or a window it did not ask for.
/// Following `next_offset` never lands inside a pair. The window ends before a pair that would
/// straddle its end; the one exception is a window of one unit starting at a pair, which carries
/// the whole pair (two units) so that following `next_offset` always progresses.
pub fn slice(
    text: &str,
    offset: usize,
    max_chars: Option<usize>,
) -> Result<BodySlice, BodyReadError> {
    let max_chars = max_chars.unwrap_or(DEFAULT_MAX_CHARS);
    if !(1..=MAX_MAX_CHARS).contains(&max_chars) {
        return Err(BodyReadError::MaxCharsOutOfRange { given: max_chars });
    }
    let total = utf16_len(text);
    if offset > total {
        return Err(BodyReadError::OffsetPastEnd { offset, total });
    }
    let start =
        byte_at_unit(text, offset).map_err(|_| BodyReadError::OffsetSplitsCharacter { offset })?;
    let rest = &text[start..];
    let (mut window, _) = truncate_utf16(rest, max_chars);
    if window.is_empty() {
        window = rest.chars().next().map(String::from).unwrap_or_default();
    }
    let end = offset + utf16_len(&window);
    Ok(BodySlice {
        text: window,
        offset,
        next_offset: (end < total).then_some(end),
        total_units: total,
    })
}

/// Why a JSON pointer could not be applied to a body.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PointerError {
    /// The pointer is not RFC 6901 syntax.
    #[error(
        "JSON pointer '{pointer}' is malformed: {reason}; write it as in RFC 6901, for example /error/code, with ~1 for '/' and ~0 for '~' inside a key"
    )]
    Syntax {
        /// The pointer given.
        pointer: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The body does not parse as JSON.
    #[error(
        "the body is not JSON ({reason}): read it with --offset and --max-chars instead of --pointer"
    )]
    NotJson {
        /// The parser's complaint.
        reason: String,
    },
    /// The pointer names nothing in the document.
    #[error("nothing at JSON pointer '{pointer}': {available}")]
    Missing {
        /// The pointer given.
        pointer: String,
        /// What exists at the deepest parent that does exist.
        available: String,
    },
}

/// Applies the RFC 6901 `pointer` to the JSON body `text` and returns the value it names.
///
/// The empty pointer names the whole document; otherwise it must start with `/`, and every `~`
/// must be followed by `0` or `1`. Lookup is `serde_json::Value::pointer`. A missing path is
/// reported with the deepest parent that exists and up to ten of its keys.
pub fn pointer(text: &str, pointer: &str) -> Result<Value, PointerError> {
    validate_pointer(pointer)?;
    let document: Value = serde_json::from_str(text).map_err(|e| PointerError::NotJson {
        reason: e.to_string(),
    })?;
    if let Some(found) = document.pointer(pointer) {
        return Ok(found.clone());
    }
    // Walk prefixes with `Value::pointer` itself to find the deepest existing parent.
    let mut parent = "";
    for (at, _) in pointer.match_indices('/').skip(1) {
        if document.pointer(&pointer[..at]).is_none() {
            break;
        }
        parent = &pointer[..at];
    }
    let available = describe(parent, document.pointer(parent).unwrap_or(&document));
    Err(PointerError::Missing {
        pointer: pointer.to_owned(),
        available,
    })
}

fn validate_pointer(pointer: &str) -> Result<(), PointerError> {
    let syntax = |reason| {
        Err(PointerError::Syntax {
            pointer: pointer.to_owned(),
            reason,
        })
    };
    if !pointer.is_empty() && !pointer.starts_with('/') {
        return syntax("it must be empty (the whole body) or start with '/'");
    }
    let bytes = pointer.as_bytes();
    let bad_escape = bytes
        .iter()
        .enumerate()
        .any(|(i, &b)| b == b'~' && !matches!(bytes.get(i + 1), Some(b'0' | b'1')));
    if bad_escape {
        return syntax("'~' must be followed by 0 or 1");
    }
    Ok(())
}

/// What a missing-pointer error says exists at `parent`.
fn describe(parent: &str, value: &Value) -> String {
    let at = if parent.is_empty() {
        "the document root".to_owned()
    } else {
        format!("'{parent}'")
    };
    match value {
        Value::Object(map) if map.is_empty() => format!("{at} is an empty object"),
        Value::Object(map) => {
            let keys: Vec<&str> = map
                .keys()
                .take(MAX_LISTED_KEYS)
                .map(String::as_str)
                .collect();
            let more = map.len().saturating_sub(MAX_LISTED_KEYS);
            let more = if more > 0 {
                format!(" and {more} more")
            } else {
                String::new()
            };
            format!("{at} has keys {}{more}", keys.join(", "))
        }
        Value::Array(items) if items.is_empty() => format!("{at} is an empty array"),
        Value::Array(items) => format!("{at} is an array with indices 0 to {}", items.len() - 1),
        _ => format!("{at} is a scalar ({value}), not an object or array"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_count_utf16_units() {
        for text in [
            "",
            "abc",
            "é",
            "a😀",
            "漢字 and 🙂🙃 \u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}",
        ] {
            assert_eq!(
                utf16_len(text),
                text.chars().map(char::len_utf16).sum::<usize>(),
                "{text}"
            );
        }
        assert_eq!(utf16_len("abc"), 3);
        assert_eq!(utf16_len("é"), 1);
        assert_eq!(utf16_len("a😀"), 3);
    }

    #[test]
    fn truncation_never_splits_a_pair() {
        assert_eq!(truncate_utf16("abc", 3), ("abc".to_owned(), false));
        assert_eq!(truncate_utf16("abcd", 3), ("abc".to_owned(), true));
        assert_eq!(truncate_utf16("ab😀", 3), ("ab".to_owned(), true));
        assert_eq!(truncate_utf16("ab😀", 4), ("ab😀".to_owned(), false));
        assert_eq!(truncate_utf16("éé", 1), ("é".to_owned(), true));
        for (text, max) in [("abcd", 3), ("ab😀", 3), ("ab😀", 4), ("éé", 1), ("", 0)] {
            let mut owned = text.to_owned();
            let cut = cut_to_utf16(&mut owned, max);
            assert_eq!((owned, cut), truncate_utf16(text, max), "{text} to {max}");
        }
        assert_eq!(truncate_utf16("", 0), (String::new(), false));
    }

    #[test]
    fn slices_respect_character_boundaries() {
        let text = "aé😀b"; // units: a=0, é=1, 😀=2..4, b=4; total 5
        let s = slice(text, 0, Some(3)).expect("slice");
        assert_eq!(
            (s.text.as_str(), s.next_offset, s.total_units),
            ("aé", Some(2), 5)
        );
        let s = slice(text, 2, Some(2)).expect("slice");
        assert_eq!((s.text.as_str(), s.next_offset), ("😀", Some(4)));
        let s = slice(text, 2, Some(1)).expect("a one-unit window still progresses");
        assert_eq!((s.text.as_str(), s.next_offset), ("😀", Some(4)));
        let s = slice(text, 4, None).expect("slice");
        assert_eq!((s.text.as_str(), s.next_offset), ("b", None));
        let s = slice(text, 5, None).expect("offset at the end");
        assert_eq!((s.text.as_str(), s.next_offset), ("", None));
        assert_eq!(
            slice(text, 3, None),
            Err(BodyReadError::OffsetSplitsCharacter { offset: 3 })
        );
        assert_eq!(
            slice(text, 6, None),
            Err(BodyReadError::OffsetPastEnd {
                offset: 6,
                total: 5
            })
        );
        assert_eq!(
            slice(text, 0, Some(0)),
            Err(BodyReadError::MaxCharsOutOfRange { given: 0 })
        );
        assert!(slice(text, 0, Some(MAX_MAX_CHARS + 1)).is_err());
        assert!(slice(text, 0, Some(MAX_MAX_CHARS)).is_ok());
        let message = slice(text, 3, None).expect_err("splits").to_string();
        assert!(message.contains("use 2 or 4"), "{message}");
    }

    #[test]
    fn following_next_offset_reassembles_the_body() {
        let body: String = (0..10_000)
            .map(|i| match i % 7 {
                0 => '😀',
                1 => 'é',
                _ => char::from(b'a' + (i % 26) as u8),
            })
            .collect();
        let mut offset = 0;
        let mut reads = 0;
        let mut assembled = String::new();
        loop {
            let s = slice(&body, offset, Some(4096)).expect("slice");
            assert!(utf16_len(&s.text) <= 4096);
            assert_eq!(s.offset, offset);
            assembled.push_str(&s.text);
            reads += 1;
            match s.next_offset {
                Some(next) => offset = next,
                None => break,
            }
        }
        assert_eq!(assembled, body);
        assert!(reads >= utf16_len(&body).div_ceil(4096));
        let s = slice(&body, 0, None).expect("default window");
        assert_eq!(s.next_offset, Some(DEFAULT_MAX_CHARS));
    }

    #[test]
    fn pointers_follow_rfc_6901() {
        let body = r#"{"error":{"code":"E42","a/b":1,"m~n":2},"items":[{"id":7}]}"#;
        assert_eq!(pointer(body, "/error/code"), Ok(Value::from("E42")));
        assert_eq!(pointer(body, "/error/a~1b"), Ok(Value::from(1)));
        assert_eq!(pointer(body, "/error/m~0n"), Ok(Value::from(2)));
        assert_eq!(pointer(body, "/items/0/id"), Ok(Value::from(7)));
        let whole: Value = serde_json::from_str(body).expect("valid JSON");
        assert_eq!(pointer(body, ""), Ok(whole));
        for bad in ["error", "/error/~2", "/error/~"] {
            assert!(
                matches!(pointer(body, bad), Err(PointerError::Syntax { .. })),
                "{bad}"
            );
        }
        assert!(matches!(
            pointer("{\"a\":", "/a"),
            Err(PointerError::NotJson { .. })
        ));
        let missing = pointer(body, "/error/cod/x")
            .expect_err("missing")
            .to_string();
        assert!(
            missing.contains("'/error' has keys code, a/b, m~n"),
            "{missing}"
        );
        let missing = pointer(body, "/items/01")
            .expect_err("leading zero")
            .to_string();
        assert!(
            missing.contains("'/items' is an array with indices 0 to 0"),
            "{missing}"
        );
        let missing = pointer(body, "/nope").expect_err("missing").to_string();
        assert!(
            missing.contains("the document root has keys error, items"),
            "{missing}"
        );
    }
}
