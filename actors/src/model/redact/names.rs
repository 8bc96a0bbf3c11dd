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
