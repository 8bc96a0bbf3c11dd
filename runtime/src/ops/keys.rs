//! The US keyboard layout of the keys `press` takes: each key's `code` and legacy `keyCode` as
//! the UI Events specifications name them (`KeyboardEvent.code`, `KeyboardEvent.keyCode`), and
//! the text it types.

/// One key of the layout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Key {
    pub key: String,
    pub code: String,
    pub key_code: i64,
    /// What the key types without Control, Alt or Meta held; `None` for keys that type nothing.
    pub text: Option<String>,
}

/// Keys by name: (`key`, `code`, `keyCode`).
const NAMED: &[(&str, &str, i64)] = &[
    ("Backspace", "Backspace", 8),
    ("Tab", "Tab", 9),
    ("Enter", "Enter", 13),
    ("Shift", "ShiftLeft", 16),
    ("Control", "ControlLeft", 17),
    ("Alt", "AltLeft", 18),
    ("Pause", "Pause", 19),
    ("CapsLock", "CapsLock", 20),
    ("Escape", "Escape", 27),
    (" ", "Space", 32),
    ("PageUp", "PageUp", 33),
    ("PageDown", "PageDown", 34),
    ("End", "End", 35),
    ("Home", "Home", 36),
    ("ArrowLeft", "ArrowLeft", 37),
    ("ArrowUp", "ArrowUp", 38),
    ("ArrowRight", "ArrowRight", 39),
    ("ArrowDown", "ArrowDown", 40),
    ("PrintScreen", "PrintScreen", 44),
    ("Insert", "Insert", 45),
    ("Delete", "Delete", 46),
    ("Meta", "MetaLeft", 91),
    ("ContextMenu", "ContextMenu", 93),
    ("NumLock", "NumLock", 144),
    ("ScrollLock", "ScrollLock", 145),
];

/// The punctuation keys: (unshifted, with Shift, `code`, `keyCode`).
const PUNCTUATION: &[(char, char, &str, i64)] = &[
    (';', ':', "Semicolon", 186),
    ('=', '+', "Equal", 187),
    (',', '<', "Comma", 188),
    ('-', '_', "Minus", 189),
    ('.', '>', "Period", 190),
    ('/', '?', "Slash", 191),
    ('`', '~', "Backquote", 192),
    ('[', '{', "BracketLeft", 219),
    ('\\', '|', "Backslash", 220),
    (']', '}', "BracketRight", 221),
    ('\'', '"', "Quote", 222),
];

/// What each digit key types with Shift, from 0 to 9.
const SHIFTED_DIGITS: [char; 10] = [')', '!', '@', '#', '$', '%', '^', '&', '*', '('];

/// The key named `name` (`Enter`, `ArrowDown`, `F5`, `a`, `A`, `?`); `None` for a name the US
/// layout does not have.
pub fn us_key(name: &str) -> Option<Key> {
    if let Some(&(key, code, key_code)) = NAMED.iter().find(|(key, ..)| *key == name) {
        let text = match key {
            "Enter" => Some("\r".to_string()),
            " " => Some(" ".to_string()),
            _ => None,
        };
        return Some(Key {
            key: key.into(),
            code: code.into(),
            key_code,
            text,
        });
    }
    if let Some(n) = name
        .strip_prefix('F')
        .filter(|n| !n.starts_with('0'))
        .and_then(|n| n.parse::<i64>().ok())
        .filter(|n| (1..=24).contains(n))
    {
        return Some(Key {
            key: name.into(),
            code: name.into(),
            key_code: 111 + n,
            text: None,
        });
    }
    let mut chars = name.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    let (code, key_code) = match c {
        'a'..='z' | 'A'..='Z' => {
            let upper = c.to_ascii_uppercase();
            (format!("Key{upper}"), i64::from(u32::from(upper)))
        }
        '0'..='9' => (format!("Digit{c}"), i64::from(u32::from(c))),
        _ => match SHIFTED_DIGITS.iter().position(|&shifted| shifted == c) {
            Some(digit) => (format!("Digit{digit}"), 48 + digit as i64),
            None => {
                let &(_, _, code, key_code) = PUNCTUATION
                    .iter()
                    .find(|(plain, shifted, ..)| *plain == c || *shifted == c)?;
                (code.to_string(), key_code)
            }
        },
    };
    Some(Key {
        key: c.to_string(),
        code,
        key_code,
        text: Some(c.to_string()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(name: &str) -> Option<(String, i64, Option<String>)> {
        us_key(name).map(|k| (k.code, k.key_code, k.text))
    }

    #[test]
    fn keys_have_their_code_key_code_and_text() {
        let some = |code: &str, key_code, text: Option<&str>| {
            Some((code.to_string(), key_code, text.map(str::to_string)))
        };
        assert_eq!(facts("Enter"), some("Enter", 13, Some("\r")));
        assert_eq!(facts("Tab"), some("Tab", 9, None));
        assert_eq!(facts("ArrowDown"), some("ArrowDown", 40, None));
        assert_eq!(facts(" "), some("Space", 32, Some(" ")));
        assert_eq!(facts("F5"), some("F5", 116, None));
        assert_eq!(facts("a"), some("KeyA", 65, Some("a")));
        assert_eq!(facts("Z"), some("KeyZ", 90, Some("Z")));
        assert_eq!(facts("7"), some("Digit7", 55, Some("7")));
        assert_eq!(facts("!"), some("Digit1", 49, Some("!")));
        assert_eq!(facts("?"), some("Slash", 191, Some("?")));
        assert_eq!(facts("\""), some("Quote", 222, Some("\"")));
        assert_eq!(facts("é"), None, "not on the US layout");
        assert_eq!(facts("F25"), None);
        assert_eq!(facts("F05"), None);
        assert_eq!(facts("Enterprise"), None);
    }
}
