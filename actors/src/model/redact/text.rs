//! Redaction of free text: assignments and bearer tokens.

use std::borrow::Cow;

use super::{REDACTED, header, is_sensitive_name};

/// A purely alphabetic word after a bare `Bearer` shorter than this is prose, not a token.
const MIN_BARE_TOKEN_LEN: usize = 16;

/// Redacts common text assignments and bare bearer tokens.
///
/// `password=hunter2`, `token: abc`, `"api_key": "abc"`, `secret = 'x'` and `--password=x` lose
/// their value, and nothing else: `'?access_token=' + token` (a quote that closes an enclosing
/// string) and `'Bearer ' + token` (a scheme alone) hold no secret and stay as they are; `Authorization: Bearer abc.def` keeps its scheme; `Cookie: a=1; b=2` keeps cookie
/// names to the end of the line; a bare `Bearer <token>` loses the token. An unquoted value runs
/// to the next whitespace, `&`, `;`, `,` or quote; a quoted value to its closing quote (or the
/// end of the line when truncated). A value starting with `{` or `[` is a structure, not a
/// secret, and is scanned further instead. Everything else stays byte-identical.
pub fn text(text: &str) -> String {
    redact_text(text).0.into_owned()
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

fn is_value_end(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'&' | b';' | b',' | b'"' | b'\'')
}

/// [`text`] with the number of values redacted; borrowed when nothing was (most text).
pub(super) fn redact_text(text: &str) -> (Cow<'_, str>, usize) {
    let bytes = text.as_bytes();
    // Nothing to find without a separator or the word `bearer` (most header values: a user
    // agent, a content type, a date): answered without the scan.
    if memchr::memchr2(b'=', b':', bytes).is_none()
        && !memchr::memchr2_iter(b'b', b'B', bytes).any(|at| {
            bytes
                .get(at..at + 6)
                .is_some_and(|word| word.eq_ignore_ascii_case(b"bearer"))
        })
    {
        return (Cow::Borrowed(text), 0);
    }
    let mut out = String::new();
    let mut copied = 0;
    let mut count = 0;
    let mut quotes = Quotes::default();
    let mut i = 0;
    while i < bytes.len() {
        if !is_name_byte(bytes[i]) || (i > 0 && is_name_byte(bytes[i - 1])) {
            i += 1;
            continue;
        }
        let start = i;
        let end = start
            + bytes[start..]
                .iter()
                .take_while(|&&b| is_name_byte(b))
                .count();
        let found =
            assignment(text, start, end, &mut quotes).or_else(|| bare_bearer(text, start, end));
        match found {
            Some((from, to, replacement)) => {
                if text[from..to] != replacement {
                    if out.is_empty() {
                        out.reserve(text.len());
                    }
                    out.push_str(&text[copied..from]);
                    out.push_str(&replacement);
                    copied = to;
                    count += 1;
                }
                i = to.max(end);
            }
            None => i = end,
        }
    }
    if count == 0 {
        return (Cow::Borrowed(text), 0);
    }
    out.push_str(&text[copied..]);
    (Cow::Owned(out), count)
}

/// The span and replacement of the value assigned to the name at `start..end`, if the name is
/// sensitive and followed by `=` or `:` and a value. All positions are at ASCII bytes.
fn assignment(
    text: &str,
    start: usize,
    end: usize,
    quotes: &mut Quotes,
) -> Option<(usize, usize, String)> {
    let bytes = text.as_bytes();
    let blank = |j: &mut usize| {
        while *j < bytes.len() && matches!(bytes[*j], b' ' | b'\t') {
            *j += 1;
        }
    };
    let mut j = end;
    if start > 0
        && matches!(bytes[start - 1], b'"' | b'\'')
        && bytes.get(j) == Some(&bytes[start - 1])
    {
        j += 1;
    }
    blank(&mut j);
    let separator = *bytes.get(j).filter(|b| matches!(b, b'=' | b':'))?;
    let separator_at = j;
    j += 1;
    blank(&mut j);
    let first = *bytes.get(j)?;
    let name = &text[start..end];
    if matches!(first, b'{' | b'[') || !is_sensitive_name(name) {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    let header_like = matches!(
        lower.as_str(),
        "authorization" | "proxy-authorization" | "cookie" | "set-cookie"
    );
    let line_end = |from: usize| {
        let end = text[from..].find('\n').map_or(text.len(), |n| from + n);
        if end > from && bytes[end - 1] == b'\r' {
            end - 1
        } else {
            end
        }
    };
    let run = |from: usize| {
        from + bytes[from..]
            .iter()
            .take_while(|&&b| !is_value_end(b))
            .count()
    };
    let (from, to) = if matches!(first, b'"' | b'\'') {
        // A quote that closes an enclosing string (`'/api?access_token=' + token`): an odd
        // number of the same quotes before the separator on this line, and code after it
        // (`+`, `)`, `,`, `;`, `}`, `]`, the line's end), not a value. Prose apostrophes
        // (`don't: password='x'`) are not enough: the value after them is still redacted.
        let after = bytes[j + 1..]
            .iter()
            .find(|b| !matches!(b, b' ' | b'\t'))
            .copied();
        let code_follows = matches!(
            after,
            None | Some(b'+' | b')' | b',' | b';' | b'}' | b']' | b'\n' | b'\r')
        );
        if code_follows && quotes.before(bytes, separator_at, first) % 2 == 1 {
            return None;
        }
        let from = j + 1;
        let mut k = from;
        while k < bytes.len() && bytes[k] != first && bytes[k] != b'\n' {
            k += if bytes[k] == b'\\' { 2 } else { 1 };
        }
        let closed = k < bytes.len() && bytes[k] == first;
        // No closing quote on the line: the quote closed an enclosing string
        // (`'?access_token=' + token`), so there is no value here, unless the text was cut
        // short inside the value (a truncated body), where the rest is the value.
        if !closed && k < bytes.len() {
            return None;
        }
        // A closed value ends on its line; only an unclosed one needs the line's end.
        (from, if closed { k } else { k.min(line_end(from)) })
    } else if header_like && lower.ends_with("cookie") && separator == b':' {
        (j, line_end(j))
    } else if header_like && lower.ends_with("authorization") {
        let scheme_end = run(j);
        let mut k = scheme_end;
        blank(&mut k);
        if k > scheme_end && k < bytes.len() && !is_value_end(bytes[k]) {
            (j, run(k))
        } else {
            (j, scheme_end)
        }
    } else {
        (j, run(j))
    };
    if from >= to {
        return None;
    }
    let replacement = if header_like {
        header(name, &text[from..to])
    } else {
        REDACTED.to_owned()
    };
    Some((from, to, replacement))
}

/// The quotes of each kind on the current line, counted without a backslash before them, up to
/// where the scan has come. Assignments are met left to right, so the count moves on from the
/// last one instead of starting again at the line's beginning: a line of many quoted
/// assignments costs one pass, not one per assignment (a page could otherwise make a 256 Ki
/// body take seconds).
#[derive(Debug, Default)]
struct Quotes {
    /// Counted up to here (past it, when the last byte counted was a backslash).
    at: usize,
    single: usize,
    double: usize,
}

impl Quotes {
    /// How many unescaped `quote`s stand on `to`'s line before `to`.
    fn before(&mut self, bytes: &[u8], to: usize, quote: u8) -> usize {
        if to < self.at {
            // Never met in a left-to-right scan; counted afresh rather than wrongly.
            let begin = bytes[..to]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |n| n + 1);
            *self = Quotes {
                at: begin,
                ..Quotes::default()
            };
        }
        while self.at < to {
            match bytes[self.at] {
                b'\n' => {
                    self.single = 0;
                    self.double = 0;
                    self.at += 1;
                }
                // An escape never swallows the line's end: a line begins after every `\n`.
                b'\\' if bytes.get(self.at + 1) != Some(&b'\n') => self.at += 2,
                b'\'' => {
                    self.single += 1;
                    self.at += 1;
                }
                b'"' => {
                    self.double += 1;
                    self.at += 1;
                }
                _ => self.at += 1,
            }
        }
        if quote == b'"' {
            self.double
        } else {
            self.single
        }
    }
}

/// A bare `Bearer <token>`: the token, made of RFC 6750 b64token characters, is redacted when
/// it looks like one: at least [`MIN_BARE_TOKEN_LEN`] letters, or any digit or punctuation.
fn bare_bearer(text: &str, start: usize, end: usize) -> Option<(usize, usize, String)> {
    let bytes = text.as_bytes();
    if !text[start..end].eq_ignore_ascii_case("bearer") {
        return None;
    }
    let from = end
        + bytes[end..]
            .iter()
            .take_while(|&&b| matches!(b, b' ' | b'\t'))
            .count();
    let is_token = |b: u8| {
        b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'+' | b'/' | b'=')
    };
    let to = from + bytes[from..].iter().take_while(|&&b| is_token(b)).count();
    let token = &text[from..to];
    // `Bearer realm="api"` is a challenge parameter, not a token.
    let is_parameter =
        token.contains('=') && bytes.get(to).is_some_and(|&b| matches!(b, b'"' | b'\''));
    // "the bearer of this letter" is prose: tokens are long or carry digits or punctuation.
    let looks_like_token =
        token.len() >= MIN_BARE_TOKEN_LEN || token.bytes().any(|b| !b.is_ascii_alphabetic());
    (from > end && !token.is_empty() && !is_parameter && looks_like_token)
        .then(|| (from, to, REDACTED.to_owned()))
}
