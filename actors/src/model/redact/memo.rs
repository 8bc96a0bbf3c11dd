//! Redactions remembered per capture: request after request carries the same header values
//! (`User-Agent`, `Referer`, `sec-ch-ua`, `Host`) and comes from the same script URL, and
//! redacting one means scanning it for assignments and tokens.
//!
//! Only a hash of each input is kept, never the input itself, which may hold the secret that
//! was redacted out of it. The hash is 64 bits, seeded per process: over a million distinct
//! inputs two collide with a chance of about one in ten million, and a collision shows another
//! redacted value in its place, never an unredacted one.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hasher};

/// Entries at most; past it the memo starts afresh.
const ENTRIES: usize = 512;

/// Inputs longer than this are redacted every time, so the memo holds `ENTRIES` redactions of
/// short texts at most.
const LONGEST_INPUT: usize = 256;

/// What a memoized redaction is of: the same text redacts differently as a header value, as a
/// URL.
#[derive(Debug, Clone, Copy)]
pub enum Kind<'a> {
    /// A header value, with its header's name.
    Header(&'a str),
    Url,
}

#[derive(Debug, Default)]
pub struct Memo {
    seed: foldhash::fast::RandomState,
    /// Input hash → the redacted text.
    redacted: HashMap<u64, String, foldhash::fast::RandomState>,
}

impl Memo {
    /// `redact(input)`, from the memo when this input was redacted before. `redact` must be a
    /// pure function of `kind` and `input`.
    pub fn redacted(
        &mut self,
        kind: Kind<'_>,
        input: &str,
        redact: impl FnOnce() -> String,
    ) -> String {
        if input.len() > LONGEST_INPUT {
            return redact();
        }
        let key = self.key(kind, input);
        if let Some(known) = self.redacted.get(&key) {
            return known.clone();
        }
        let answer = redact();
        if self.redacted.len() >= ENTRIES {
            self.redacted.clear();
        }
        self.redacted.insert(key, answer.clone());
        answer
    }

    fn key(&self, kind: Kind<'_>, input: &str) -> u64 {
        let mut hasher = self.seed.build_hasher();
        match kind {
            Kind::Header(name) => {
                hasher.write_u8(0);
                hasher.write(name.as_bytes());
                // A separator no header name holds.
                hasher.write_u8(b'\n');
            }
            Kind::Url => hasher.write_u8(1),
        }
        hasher.write(input.as_bytes());
        hasher.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_as_the_redaction_does_and_redacts_each_input_once() {
        let mut memo = Memo::default();
        let mut calls = 0;
        let mut redact = |kind, input: &str| {
            memo.redacted(kind, input, || {
                calls += 1;
                match kind {
                    Kind::Header(name) => super::super::header(name, input),
                    Kind::Url => super::super::url(input),
                }
            })
        };
        let auth = Kind::Header("Authorization");
        assert_eq!(redact(auth, "Bearer abc"), "Bearer [redacted]");
        assert_eq!(redact(auth, "Bearer abc"), "Bearer [redacted]");
        // The same text under another name, or as a URL, is another input.
        assert_eq!(redact(Kind::Header("X-Note"), "Bearer abc"), "Bearer abc");
        assert_eq!(
            redact(Kind::Url, "https://h/?token=1"),
            "https://h/?token=[redacted]"
        );
        assert_eq!(
            redact(Kind::Url, "https://h/?token=1"),
            "https://h/?token=[redacted]"
        );
        assert_eq!(calls, 3);
    }

    #[test]
    fn stays_bounded_and_skips_long_inputs() {
        let mut memo = Memo::default();
        for i in 0..ENTRIES * 3 {
            memo.redacted(Kind::Url, &format!("https://h/{i}"), String::new);
            assert!(memo.redacted.len() <= ENTRIES);
        }
        let long = "x".repeat(LONGEST_INPUT + 1);
        memo.redacted.clear();
        memo.redacted(Kind::Url, &long, String::new);
        assert!(memo.redacted.is_empty());
    }
}
