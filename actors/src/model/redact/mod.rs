//! Redaction before retention.
//!
//! The spec: "Known credential headers, URL parameters, JSON keys, form fields and common text
//! assignments are redacted before storage. This is not a guarantee that arbitrary application
//! data contains no secrets." Every function here is pure, keeps everything it does not redact
//! byte-identical, and is idempotent: redacting redacted evidence changes nothing, because
//! observer values are redacted again before retention.

mod memo;
mod names;
mod parse;
mod text;

use serde_json::Value;

pub use memo::{Kind as MemoKind, Memo};
pub use names::{is_secret_field, is_sensitive_name, secret_field_js};
use text::redact_text;
pub use text::text;

/// What replaces a secret value.
pub const REDACTED: &str = "[redacted]";

/// Redacts one header value.
///
/// `Authorization` and `Proxy-Authorization` keep their scheme (`Bearer [redacted]`); `Cookie`
/// keeps cookie names (`a=[redacted]; b=[redacted]`); `Set-Cookie` keeps the name and attributes
/// (`s=[redacted]; Path=/; HttpOnly`), one cookie per line as Chrome joins them; any other
/// sensitive name is replaced whole. Other headers go through [`text`], which catches
/// assignments and bearer tokens in custom headers.
pub fn header(name: &str, value: &str) -> String {
    if value.trim().is_empty() {
        return value.to_owned();
    }
    // Compared in place: this runs for every header of every request.
    let trimmed = name.trim();
    let is = |known: &str| trimmed.eq_ignore_ascii_case(known);
    if is("authorization") || is("proxy-authorization") {
        keep_scheme(value)
    } else if is("cookie") {
        cookie_pairs(value)
    } else if is("set-cookie") {
        value
            .split('\n')
            .map(|line| match line.split_once(';') {
                Some((pair, attributes)) => format!("{};{attributes}", cookie_pairs(pair)),
                None => cookie_pairs(line),
            })
            .collect::<Vec<_>>()
            .join("\n")
    } else if redacts_whole_value(name) {
        REDACTED.to_owned()
    } else {
        text(value)
    }
}

/// Whether a header of this name has its whole value redacted.
fn redacts_whole_value(name: &str) -> bool {
    thread_local! {
        static KNOWN: Remembered = Remembered::default();
    }
    remember(&KNOWN, name, |name| {
        is_sensitive_name(name) && !describes_credentials(name)
    })
}

/// Answers of a rule on names, remembered per thread: [`REMEMBERED_NAMES`] at most, then the
/// memory starts afresh. Hashed with foldhash (seeded per process) rather than SipHash: the
/// lookup runs for every header and parameter of every request, and the bound caps what names
/// chosen to collide could cost.
type Remembered =
    std::cell::RefCell<std::collections::HashMap<String, bool, foldhash::fast::RandomState>>;

/// The same few dozen header names, parameters and keys come with every request, and the rules
/// on names split them into words, so their answers are worth remembering.
const REMEMBERED_NAMES: usize = 1024;

/// `rule(name)`, remembered in `known`. The rule must be a pure function of the name.
fn remember(
    known: &'static std::thread::LocalKey<Remembered>,
    name: &str,
    rule: impl FnOnce(&str) -> bool,
) -> bool {
    if let Some(answer) = known.with(|known| known.borrow().get(name).copied()) {
        return answer;
    }
    let answer = rule(name);
    known.with(|known| {
        let mut known = known.borrow_mut();
        if known.len() >= REMEMBERED_NAMES {
            known.clear();
        }
        known.insert(name.to_string(), answer);
    });
    answer
}

/// Standard headers whose names mention credentials but whose values are policy, not secrets:
/// `Access-Control-Allow-Credentials: true` is exactly what a CORS bug needs to show.
const CREDENTIAL_POLICY_HEADERS: &[&str] = &[
    "access-control-allow-credentials",
    "access-control-allow-headers",
    "access-control-expose-headers",
    "access-control-request-headers",
    "www-authenticate",
    "proxy-authenticate",
];

fn describes_credentials(name: &str) -> bool {
    let name = name.trim().to_ascii_lowercase();
    CREDENTIAL_POLICY_HEADERS.contains(&name.as_str())
}

/// Authentication schemes: alone (`Bearer`, `'Bearer ' + token` in a page's script) they hold
/// no secret.
const AUTH_SCHEMES: &[&str] = &[
    "basic",
    "bearer",
    "digest",
    "negotiate",
    "ntlm",
    "token",
    "hoba",
    "mutual",
    "vapid",
    "scram-sha-1",
    "scram-sha-256",
    "aws4-hmac-sha256",
    "dpop",
    "gnap",
    "privatetoken",
];

/// `Bearer abc` → `Bearer [redacted]`; a value without a scheme is replaced whole.
fn keep_scheme(value: &str) -> String {
    let body = value.trim_start();
    let lead = &value[..value.len() - body.len()];
    let scheme_end = body.find(char::is_whitespace).unwrap_or(body.len());
    let (scheme, rest) = body.split_at(scheme_end);
    let credentials = rest.trim_start();
    let is_scheme = scheme
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if credentials.is_empty() && AUTH_SCHEMES.contains(&scheme.to_ascii_lowercase().as_str()) {
        return value.to_owned();
    }
    if credentials.is_empty() || !is_scheme {
        return format!("{lead}{REDACTED}");
    }
    let gap = &rest[..rest.len() - credentials.len()];
    format!("{lead}{scheme}{gap}{REDACTED}")
}

/// `a=1; b=2` → `a=[redacted]; b=[redacted]`, keeping names and separators.
fn cookie_pairs(value: &str) -> String {
    value
        .split(';')
        .map(|pair| match pair.split_once('=') {
            Some((name, v)) if !v.trim().is_empty() => format!("{name}={REDACTED}"),
            Some(_) => pair.to_owned(),
            None if pair.trim().is_empty() => pair.to_owned(),
            None => {
                let lead = &pair[..pair.len() - pair.trim_start().len()];
                format!("{lead}{REDACTED}")
            }
        })
        .collect::<Vec<_>>()
        .join(";")
}

/// Redacts a URL: sensitive query and fragment parameters (`?api_key=…`, `#access_token=…`,
/// `#/cb?token=…`) and the userinfo password (`http://user:pw@host` → `http://user:[redacted]@host`).
/// Other parameter values go through [`text`] (a `redirect=` value may carry `token=…`).
/// Everything else stays byte-identical; relative URLs work too.
pub fn url(url: &str) -> String {
    let (before_fragment, fragment) = match url.split_once('#') {
        Some((before, fragment)) => (before, Some(fragment)),
        None => (url, None),
    };
    let (before_query, query) = match before_fragment.split_once('?') {
        Some((before, query)) => (before, Some(query)),
        None => (before_fragment, None),
    };
    let mut out = userinfo(before_query);
    if let Some(query) = query {
        out.push('?');
        out.push_str(&params(query).0);
    }
    if let Some(fragment) = fragment {
        out.push('#');
        match fragment.split_once('?') {
            Some((route, query)) => {
                out.push_str(route);
                out.push('?');
                out.push_str(&params(query).0);
            }
            None if fragment.contains('=') => out.push_str(&params(fragment).0),
            None => out.push_str(fragment),
        }
    }
    out
}

/// A URL as a capture keeps it: [`url`], then cut to [`MAX_URL_CHARS`] characters ending in `…`.
///
/// [`MAX_URL_CHARS`]: crate::bounds::MAX_URL_CHARS
pub fn kept_url(raw: &str) -> String {
    url_within(raw, crate::bounds::MAX_URL_CHARS)
}

/// [`url`], then cut to `max` characters ending in `…` when it is longer.
pub fn url_within(raw: &str, max: usize) -> String {
    let mut kept = url(raw);
    if let Some(cut) = super::cut_at(&kept, max) {
        kept.truncate(cut);
        kept.push('…');
    }
    kept
}

/// Replaces the password of `scheme://user:password@host`.
fn userinfo(before_query: &str) -> String {
    let Some((scheme, rest)) = before_query.split_once("://") else {
        return before_query.to_owned();
    };
    let is_scheme = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'));
    let authority = &rest[..rest.find('/').unwrap_or(rest.len())];
    let Some((user_info, _)) = authority.rsplit_once('@') else {
        return before_query.to_owned();
    };
    match user_info.split_once(':') {
        Some((user, password)) if is_scheme && !password.is_empty() && password != REDACTED => {
            let host_and_path = &rest[user_info.len()..];
            format!("{scheme}://{user}:{REDACTED}{host_and_path}")
        }
        _ => before_query.to_owned(),
    }
}

/// Redacts an `application/x-www-form-urlencoded` body: values of fields whose percent-decoded
/// name is sensitive become [`REDACTED`]; other values go through [`text`].
pub fn form(body: &str) -> String {
    params(body).0
}

/// `a=1&password=x` → `a=1&password=[redacted]`, with the number of redactions.
fn params(query: &str) -> (String, usize) {
    let mut count = 0;
    let mut out = String::with_capacity(query.len());
    for (i, pair) in query.split('&').enumerate() {
        if i > 0 {
            out.push('&');
        }
        match pair.split_once('=') {
            Some((name, value)) if !value.is_empty() && value != REDACTED => {
                out.push_str(name);
                out.push('=');
                if is_sensitive_name(&percent_decode(name)) {
                    count += 1;
                    out.push_str(REDACTED);
                } else {
                    let (value, n) = redact_text(value);
                    count += n;
                    out.push_str(&value);
                }
            }
            _ => out.push_str(pair),
        }
    }
    (out, count)
}

/// Decodes `%XX` and `+` in a form or query name; invalid escapes stay as they are. Borrowed
/// when there is nothing to decode (most names).
fn percent_decode(name: &str) -> std::borrow::Cow<'_, str> {
    if !name.bytes().any(|b| matches!(b, b'+' | b'%')) {
        return std::borrow::Cow::Borrowed(name);
    }
    let spaced = name.replace('+', " ");
    std::borrow::Cow::Owned(
        percent_encoding::percent_decode_str(&spaced)
            .decode_utf8_lossy()
            .into_owned(),
    )
}

/// Redacts a JSON document in place and returns how many values were redacted.
///
/// The value of a sensitive key becomes the string [`REDACTED`], except `null`, `""` and a
/// boolean, which hold no secret (`"has_cookie": true`, `"password": null` show whether one was
/// there, not what it was). Numbers, strings, arrays and objects under such a key are redacted
/// whole. Other strings go through
/// [`text`] (a message may read `password=…`), and a string that is a URL with a password in it
/// through [`url`]. Keys themselves are kept.
pub fn json(value: &mut Value) -> usize {
    match value {
        Value::Object(map) => map
            .iter_mut()
            .map(|(key, v)| match v {
                _ if holds_no_secret(v) => 0,
                _ if is_sensitive_name(key) => {
                    *v = Value::String(REDACTED.to_owned());
                    1
                }
                _ => json(v),
            })
            .sum(),
        Value::Array(items) => items.iter_mut().map(json).sum(),
        Value::String(s) => match json_string(s) {
            Some((redacted, count)) => {
                *s = redacted;
                count
            }
            None => 0,
        },
        Value::Bool(_) | Value::Number(_) | Value::Null => 0,
    }
}

/// A JSON value kept as it is even under a sensitive key: `null`, a boolean, `""` and
/// [`REDACTED`].
fn holds_no_secret(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(_) => true,
        Value::String(s) => s.is_empty() || s == REDACTED,
        _ => false,
    }
}

/// A JSON string value as [`json`] redacts it, and how many values that redacted; `None` when it
/// holds nothing to redact.
fn json_string(s: &str) -> Option<(String, usize)> {
    let (redacted, count) = redact_text(s);
    // A URL's password (`https://user:pw@host/`, a `navigate` target) is no assignment: such a
    // string is read as a URL too.
    if redacted.contains("://") && redacted.contains('@') && !redacted.contains(char::is_whitespace)
    {
        let as_url = url(&redacted);
        if as_url != *redacted {
            return Some((as_url, count + 1));
        }
    }
    (count > 0).then(|| (redacted.into_owned(), count))
}

/// Redacts a body by its MIME type.
///
/// JSON (`application/json`, `text/json`, `+json`, or a body starting with `{` or `[`) is parsed
/// and redacted with [`json`]. When nothing was redacted the original text is returned
/// unchanged; otherwise it is re-serialized compactly, which the spec allows ("Bounded redacted
/// JSON can be reformatted") and keeps the body small, keys in their order. An object that
/// repeats a key is always re-serialized, keeping the last value of the key: the text holds the
/// other values, which the parsed document does not. JSON that does not parse (such as a
/// truncated body) falls back to [`text`]. Form bodies go through [`form`]; anything else
/// through [`text`].
pub fn body(text: &str, mime: &str) -> String {
    let essence = mime
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let sniffed = text.trim_start().starts_with(['{', '[']);
    let is_json =
        essence == "application/json" || essence == "text/json" || essence.ends_with("+json");
    // Most JSON bodies hold nothing to redact: that is read without building the document.
    if (is_json || sniffed) && parse::nothing_to_redact(text) {
        return text.to_owned();
    }
    if (is_json || sniffed)
        && let Ok((mut value, duplicates)) = parse::with_duplicates(text)
    {
        // A repeated key's other values are in the text but not in `value`: the text is
        // returned as it was only when `value` is all of it.
        if json(&mut value) == 0 && !duplicates {
            return text.to_owned();
        }
        // Serializing a `Value` cannot fail; should it ever, nothing unredacted escapes.
        return serde_json::to_string(&value).unwrap_or_else(|_| REDACTED.to_owned());
    }
    if essence == "application/x-www-form-urlencoded" {
        return form(text);
    }
    self::text(text)
}

#[cfg(test)]
mod tests {
    #[test]
    fn form_names_are_read_percent_decoded() {
        assert_eq!(
            super::form("user=bob&pass%77ord=hunter2&%2Bnote=a%zz&odd%4=1"),
            "user=bob&pass%77ord=[redacted]&%2Bnote=a%zz&odd%4=1"
        );
        assert_eq!(super::percent_decode("a+b%2B%C3%A9%zz"), "a b+é%zz");
    }
}
