//! Redaction before retention.
//!
//! The spec: "Known credential headers, URL parameters, JSON keys, form fields and common text
//! assignments are redacted before storage. This is not a guarantee that arbitrary application
//! data contains no secrets." Every function here is pure, keeps everything it does not redact
//! byte-identical, and is idempotent: redacting redacted evidence changes nothing, because
//! observer values are redacted again before retention.

use serde_json::Value;

/// What replaces a secret value.
pub const REDACTED: &str = "[redacted]";

/// Names longer than this are not names; they are data and never match.
const MAX_NAME_LEN: usize = 128;

/// A purely alphabetic word after a bare `Bearer` shorter than this is prose, not a token.
const MIN_BARE_TOKEN_LEN: usize = 16;

/// A word containing one of these is sensitive (`PHPSESSID`, `csrfmiddlewaretoken`, `newPassword`).
const FRAGMENTS: &[&str] = &[
    "password",
    "passwd",
    "passphrase",
    "passcode",
    "secret",
    "credential",
    "cookie",
    "session",
    "sessid",
    "csrf",
    "xsrf",
    "jwt",
    "apikey",
    "privatekey",
];

/// English words that contain a fragment above but are not credentials.
const INNOCUOUS_WORDS: &[&str] = &["secretary", "secretaries", "secretariat"];

/// A word equal to one of these is sensitive (`user_pass`, `connect.sid`, `cvv2`).
const WORDS: &[&str] = &[
    "pwd",
    "pass",
    "sid",
    "otp",
    "pin",
    "ssn",
    "cvv",
    "cvc",
    "csc",
    "bearer",
    "signature",
    "sig",
    "ccnum",
    "authorization",
    "authorisation",
];

/// The words joined together containing one of these is sensitive (`api_key`, `x-api-key`,
/// `card_number`, `cc-number`).
const COMPOUNDS: &[&str] = &[
    "password",
    "apikey",
    "privatekey",
    "secretkey",
    "accesskey",
    "signingkey",
    "encryptionkey",
    "masterkey",
    "clientsecret",
    "creditcard",
    "cardnumber",
    "ccnumber",
    "securitycode",
];

/// Whole names that are sensitive only on their own: `key` but not `primary_key` or `keyboard`.
const WHOLE_NAMES: &[&str] = &["key", "card"];

/// A multi-word name ending in one of these describes a secret without holding it
/// (`token_type`, `password_required`, `session_count`), so it stays readable.
const DESCRIPTORS: &[&str] = &[
    "type", "kind", "count", "length", "size", "version", "format", "expires", "expiry", "ttl",
    "enabled", "required", "policy", "strength", "method",
];

/// Whether a header, parameter, key or field named `name` holds a credential.
///
/// The name is split into lowercase words at `-`, `_`, `.`, any other non-alphanumeric
/// character and camelCase boundaries (`XAuthToken` → `x auth token`); trailing digits of a word
/// are ignored (`cvv2`, `oauth2`). The name is sensitive when:
///
/// - a word contains a strong fragment (password, secret, credential, cookie, session, csrf,
///   apikey, …), unless the word is an innocuous English word such as `secretary`;
/// - a word ends in `token` (`access_token`, `csrftoken`), but not `tokenizer`;
/// - a word is `auth`, ends in `auth` (`oauth`, `x-auth`) or starts with `auth` without being
///   `author…` or `authent…` (`authkey`); `authorization` is sensitive, `author` and `authority`
///   are not;
/// - a word is a short credential name (pwd, pass, sid, otp, pin, ssn, cvv, cvc, signature, sig,
///   bearer; not `passenger` or `spin`);
/// - the joined words contain a compound (`api_key`, `card-number`, `client_secret`);
/// - the whole name is `key` or `card` (not `monkey`, `keyboard`, `primary_key`).
///
/// A name of several words whose last word is a descriptor (`token_type`, `password_length`,
/// `session_count`) is not sensitive: it describes a secret without holding one.
pub fn is_sensitive_name(name: &str) -> bool {
    if name.is_empty() || name.len() > MAX_NAME_LEN {
        return false;
    }
    let words = words(name);
    let joined = words.concat();
    if words.len() > 1
        && words
            .last()
            .is_some_and(|w| DESCRIPTORS.contains(&w.as_str()))
    {
        return false;
    }
    WHOLE_NAMES.contains(&joined.as_str())
        || COMPOUNDS.iter().any(|c| joined.contains(c))
        || words.iter().any(|w| is_sensitive_word(w))
}

fn is_sensitive_word(word: &str) -> bool {
    let w = word.trim_end_matches(|c: char| c.is_ascii_digit());
    if INNOCUOUS_WORDS.contains(&w) {
        return false;
    }
    FRAGMENTS.iter().any(|f| w.contains(f))
        || w.ends_with("token")
        || w.ends_with("tokens")
        || w.ends_with("auth")
        || (w.starts_with("auth") && !w.starts_with("author") && !w.starts_with("authent"))
        || WORDS.contains(&w)
}

/// Lowercase words of a name, split at non-alphanumerics and camelCase boundaries.
fn words(name: &str) -> Vec<String> {
    let chars: Vec<char> = name.chars().collect();
    let mut words = Vec::new();
    let mut current = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            words.extend((!current.is_empty()).then(|| std::mem::take(&mut current)));
            continue;
        }
        if c.is_ascii_uppercase() && !current.is_empty() {
            let prev = chars[i - 1];
            let next_lower = chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            if prev.is_ascii_lowercase() || prev.is_ascii_digit() || next_lower {
                words.push(std::mem::take(&mut current));
            }
        }
        current.push(c.to_ascii_lowercase());
    }
    words.extend((!current.is_empty()).then_some(current));
    words
}

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
    match name.trim().to_ascii_lowercase().as_str() {
        "authorization" | "proxy-authorization" => keep_scheme(value),
        "cookie" => cookie_pairs(value),
        "set-cookie" => value
            .split('\n')
            .map(|line| match line.split_once(';') {
                Some((pair, attributes)) => format!("{};{attributes}", cookie_pairs(pair)),
                None => cookie_pairs(line),
            })
            .collect::<Vec<_>>()
            .join("\n"),
        _ if is_sensitive_name(name) => REDACTED.to_owned(),
        _ => text(value),
    }
}

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
    let redacted = query
        .split('&')
        .map(|pair| match pair.split_once('=') {
            Some((name, value)) if !value.is_empty() && value != REDACTED => {
                if is_sensitive_name(&percent_decode(name)) {
                    count += 1;
                    format!("{name}={REDACTED}")
                } else {
                    let (value, n) = redact_text(value);
                    count += n;
                    format!("{name}={value}")
                }
            }
            _ => pair.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("&");
    (redacted, count)
}

/// Decodes `%XX` and `+` in a form or query name; invalid escapes stay as they are.
fn percent_decode(name: &str) -> String {
    let bytes = name.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Redacts a JSON document in place and returns how many values were redacted.
///
/// The value of a sensitive key, whatever its type, becomes the string [`REDACTED`], except
/// `null` and `""`, which hold no secret and show that none was sent. Other strings go through
/// [`text`] (a message may read `password=…`). Keys themselves are kept.
pub fn json(value: &mut Value) -> usize {
    match value {
        Value::Object(map) => map
            .iter_mut()
            .map(|(key, v)| match v {
                Value::Null => 0,
                Value::String(s) if s.is_empty() || s == REDACTED => 0,
                _ if is_sensitive_name(key) => {
                    *v = Value::String(REDACTED.to_owned());
                    1
                }
                _ => json(v),
            })
            .sum(),
        Value::Array(items) => items.iter_mut().map(json).sum(),
        Value::String(s) => {
            let (redacted, count) = redact_text(s);
            if count > 0 {
                *s = redacted;
            }
            count
        }
        Value::Bool(_) | Value::Number(_) | Value::Null => 0,
    }
}

/// Redacts a body by its MIME type.
///
/// JSON (`application/json`, `text/json`, `+json`, or a body starting with `{` or `[`) is parsed
/// and redacted with [`json`]. When nothing was redacted the original text is returned
/// unchanged; otherwise it is re-serialized compactly, which the spec allows ("Bounded redacted
/// JSON can be reformatted") and keeps the body small. Object keys then come out sorted, because
/// serde_json is built without `preserve_order`. JSON that does not parse (such as a truncated
/// body) falls back to [`text`]. Form bodies go through [`form`]; anything else through [`text`].
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
    if (is_json || sniffed)
        && let Ok(mut value) = serde_json::from_str::<Value>(text)
    {
        if json(&mut value) == 0 {
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

/// Redacts common text assignments and bare bearer tokens.
///
/// `password=hunter2`, `token: abc`, `"api_key": "abc"`, `secret = 'x'` and `--password=x` lose
/// their value; `Authorization: Bearer abc.def` keeps its scheme; `Cookie: a=1; b=2` keeps cookie
/// names to the end of the line; a bare `Bearer <token>` loses the token. An unquoted value runs
/// to the next whitespace, `&`, `;`, `,` or quote; a quoted value to its closing quote (or the
/// end of the line when truncated). A value starting with `{` or `[` is a structure, not a
/// secret, and is scanned further instead. Everything else stays byte-identical.
pub fn text(text: &str) -> String {
    redact_text(text).0
}

fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.')
}

fn is_value_end(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'&' | b';' | b',' | b'"' | b'\'')
}

/// [`text`] with the number of values redacted.
fn redact_text(text: &str) -> (String, usize) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut count = 0;
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
        let found = assignment(text, start, end).or_else(|| bare_bearer(text, start, end));
        match found {
            Some((from, to, replacement)) => {
                if text[from..to] != replacement {
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
    out.push_str(&text[copied..]);
    (out, count)
}

/// The span and replacement of the value assigned to the name at `start..end`, if the name is
/// sensitive and followed by `=` or `:` and a value. All positions are at ASCII bytes.
fn assignment(text: &str, start: usize, end: usize) -> Option<(usize, usize, String)> {
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
    j += 1;
    blank(&mut j);
    let first = *bytes.get(j)?;
    let name = &text[start..end];
    let lower = name.to_ascii_lowercase();
    let header_like = matches!(
        lower.as_str(),
        "authorization" | "proxy-authorization" | "cookie" | "set-cookie"
    );
    if matches!(first, b'{' | b'[') || !is_sensitive_name(name) {
        return None;
    }
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
        let from = j + 1;
        let mut k = from;
        while k < bytes.len() && bytes[k] != first && bytes[k] != b'\n' {
            k += if bytes[k] == b'\\' { 2 } else { 1 };
        }
        (from, k.min(line_end(from)))
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
