//! Which names are sensitive: header names, URL parameters, JSON keys, form fields.

/// Names longer than this are not names; they are data and never match.
const MAX_NAME_LEN: usize = 128;

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
    "iban",
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
    thread_local! {
        static KNOWN: super::Remembered = super::Remembered::default();
    }
    super::remember(&KNOWN, name, sensitive_name)
}

/// [`is_sensitive_name`], worked out.
fn sensitive_name(name: &str) -> bool {
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

/// Input types whose value is a secret whatever the field is called.
pub const SECRET_FIELD_TYPES: &[&str] = &["password", "file"];

/// `autocomplete` tokens that mark a payment or credential field (`cc-number`,
/// `current-password`, `one-time-code`, …), by prefix.
pub const SECRET_AUTOCOMPLETE_PREFIXES: &[&str] =
    &["cc-", "current-password", "new-password", "one-time-code"];

/// The one definition of a sensitive field: a password or file input, a payment or credential
/// `autocomplete`, or a `name` or `id` that [`is_sensitive_name`] calls sensitive. Its value is
/// never recorded. The page observer applies the same rule in the page
/// ([`secret_field_js`]), from these same lists.
pub fn is_secret_field(input_type: &str, autocomplete: &str, name: &str, id: &str) -> bool {
    let autocomplete = autocomplete.trim().to_ascii_lowercase();
    SECRET_FIELD_TYPES.contains(&input_type.trim().to_ascii_lowercase().as_str())
        || autocomplete.split_ascii_whitespace().any(|token| {
            SECRET_AUTOCOMPLETE_PREFIXES
                .iter()
                .any(|p| token.starts_with(p))
        })
        || is_sensitive_name(name)
        || is_sensitive_name(id)
}

/// [`is_secret_field`] as a JavaScript function `(type, autocomplete, name, id) => boolean`,
/// built from the lists above so the observer and bsk never disagree (a real-browser test
/// compares them over a corpus).
pub fn secret_field_js() -> String {
    let list = |items: &[&str]| serde_json::to_string(items).unwrap_or_default();
    format!(
        r#"(() => {{
  const FRAGMENTS = {fragments}, INNOCUOUS = {innocuous}, WORDS = {words}, COMPOUNDS = {compounds};
  const WHOLE = {whole}, DESCRIPTORS = {descriptors}, TYPES = {types}, AUTOCOMPLETE = {autocomplete};
  const MAX_NAME_BYTES = {max};
  const alnum = (c) => /^[A-Za-z0-9]$/.test(c), upper = (c) => /^[A-Z]$/.test(c);
  const lower = (c) => /^[a-z]$/.test(c), digit = (c) => /^[0-9]$/.test(c);
  const words = (name) => {{
    const chars = [...name], out = [];
    let current = '';
    chars.forEach((c, i) => {{
      if (!alnum(c)) {{ if (current) out.push(current); current = ''; return; }}
      if (upper(c) && current) {{
        const prev = chars[i - 1], next = chars[i + 1];
        if (lower(prev) || digit(prev) || (next !== undefined && lower(next))) {{ out.push(current); current = ''; }}
      }}
      current += c.toLowerCase();
    }});
    if (current) out.push(current);
    return out;
  }};
  const sensitiveWord = (word) => {{
    const w = word.replace(/[0-9]+$/, '');
    if (INNOCUOUS.includes(w)) return false;
    return FRAGMENTS.some((f) => w.includes(f)) || w.endsWith('token') || w.endsWith('tokens')
      || w.endsWith('auth') || (w.startsWith('auth') && !w.startsWith('author') && !w.startsWith('authent'))
      || WORDS.includes(w);
  }};
  const sensitiveName = (name) => {{
    if (!name || new TextEncoder().encode(name).length > MAX_NAME_BYTES) return false;
    const ws = words(name), joined = ws.join('');
    if (ws.length > 1 && DESCRIPTORS.includes(ws[ws.length - 1])) return false;
    return WHOLE.includes(joined) || COMPOUNDS.some((c) => joined.includes(c)) || ws.some(sensitiveWord);
  }};
  return (type, autocomplete, name, id) => TYPES.includes(String(type || '').trim().toLowerCase())
    || String(autocomplete || '').trim().toLowerCase().split(/[ \t\n\f\r]+/)
      .some((t) => t && AUTOCOMPLETE.some((p) => t.startsWith(p)))
    || sensitiveName(name || '') || sensitiveName(id || '');
}})()"#,
        fragments = list(FRAGMENTS),
        innocuous = list(INNOCUOUS_WORDS),
        words = list(WORDS),
        compounds = list(COMPOUNDS),
        whole = list(WHOLE_NAMES),
        descriptors = list(DESCRIPTORS),
        types = list(SECRET_FIELD_TYPES),
        autocomplete = list(SECRET_AUTOCOMPLETE_PREFIXES),
        max = MAX_NAME_LEN,
    )
}
