//! Redactions remembered per capture: request after request carries the same header values
//! (`User-Agent`, `Referer`, `sec-ch-ua`, `Host`) and comes from the same script URL, and
//! redacting one means scanning it for assignments and tokens.
//!
//! Only a hash of each input is kept, never the input itself, which may hold the secret that
//! was redacted out of it. The hash is 64 bits, seeded per process: over a million distinct
//! inputs two collide with a chance of about one in ten million, and a collision shows another
//! redacted value in its place, never an unredacted one.
//!
//! A remembered answer is shared (`Arc<str>`), and so are header names: the records of a
//! capture hold one copy of each repeated header instead of one per request, which spares an
//! allocation and a copy per header and keeps less memory warm between requests.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;

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
    redacted: HashMap<u64, Arc<str>, foldhash::fast::RandomState>,
    /// Header names seen, shared. A name is never redacted, so it is kept as it is.
    names: HashSet<Arc<str>, foldhash::fast::RandomState>,
}

impl Memo {
    /// `redact(input)`, from the memo when this input was redacted before. `redact` must be a
    /// pure function of `kind` and `input`.
    pub fn redacted(
        &mut self,
        kind: Kind<'_>,
        input: &str,
        redact: impl FnOnce() -> String,
    ) -> Arc<str> {
        if input.len() > LONGEST_INPUT {
            return redact().into();
        }
        let key = self.key(kind, input);
        if let Some(known) = self.redacted.get(&key) {
            return Arc::clone(known);
        }
        let answer: Arc<str> = redact().into();
        if self.redacted.len() >= ENTRIES {
            self.redacted.clear();
        }
        self.redacted.insert(key, Arc::clone(&answer));
        answer
    }

    /// A header name, shared with every earlier use of the same name in this capture.
    pub fn name(&mut self, name: &str) -> Arc<str> {
        if name.len() > LONGEST_INPUT {
            return name.into();
        }
        if let Some(known) = self.names.get(name) {
            return Arc::clone(known);
        }
        if self.names.len() >= ENTRIES {
            self.names.clear();
        }
        let name: Arc<str> = name.into();
        self.names.insert(Arc::clone(&name));
        name
    }

    /// How many redactions it remembers.
    #[cfg(test)]
    pub fn remembered(&self) -> usize {
        self.redacted.len()
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
        let mut redact = |kind, input: &str| -> String {
            let answer = memo.redacted(kind, input, || {
                calls += 1;
                match kind {
                    Kind::Header(name) => super::super::header(name, input),
                    Kind::Url => super::super::url(input),
                }
            });
            answer.to_string()
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
        for i in 0..ENTRIES * 3 {
            memo.name(&format!("x-header-{i}"));
            assert!(memo.names.len() <= ENTRIES);
        }
    }

    #[test]
    fn a_repeated_answer_or_name_is_one_shared_copy() {
        let mut memo = Memo::default();
        let first = memo.redacted(Kind::Header("Cookie"), "a=1", || "a=[redacted]".into());
        let again = memo.redacted(Kind::Header("Cookie"), "a=1", || unreachable!());
        assert!(Arc::ptr_eq(&first, &again));
        assert_eq!(&*again, "a=[redacted]");
        let name = memo.name("User-Agent");
        assert!(Arc::ptr_eq(&name, &memo.name("User-Agent")));
        // Names keep their case: they are shown as the browser sent them.
        assert_eq!(&*memo.name("user-agent"), "user-agent");
    }
}
