//! List pagination by revision.
//!
//! The spec: "requests/operations accept --since and --limit (default 30, maximum 100). Use
//! next_since for incremental reads and merge by stable ID: unfinished records can reappear when
//! updated. truncated also reports evicted evidence; it does not promise another page. Read
//! while entries remain; an empty page ends pagination."
//!
//! Every record carries a `revision` from one capture-wide counter, bumped on every update.
//! `since` follows revisions, not creation: a record updated after a read (a response arriving,
//! an operation finishing) has a newer revision and appears again on the next incremental read,
//! and the reader replaces its copy by stable ID.

use serde::Serialize;

/// "--limit (default 30, …)."
pub const DEFAULT_LIMIT: usize = 30;

/// "--limit (…, maximum 100)."
pub const MAX_LIMIT: usize = 100;

/// Why a list could not be paged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PagingError {
    /// `--limit` outside 1..=100.
    #[error("limit {given} is out of range: use 1 to {MAX_LIMIT} (default {DEFAULT_LIMIT})")]
    LimitOutOfRange {
        /// The value asked for.
        given: usize,
    },
}

/// Returns the page size for `--limit`: [`DEFAULT_LIMIT`] when absent, an error outside
/// 1..=[`MAX_LIMIT`].
pub fn validate_limit(limit: Option<usize>) -> Result<usize, PagingError> {
    match limit.unwrap_or(DEFAULT_LIMIT) {
        given @ 1..=MAX_LIMIT => Ok(given),
        given => Err(PagingError::LimitOutOfRange { given }),
    }
}

/// One page of a list read.
#[derive(Debug, Clone, Serialize)]
pub struct Page<T> {
    /// The earliest-changed records after `since`, in the order they were created.
    pub items: Vec<T>,
    /// The revision of the last item; pass it as `--since` for the next read. `None` when the
    /// page is empty, which ends pagination.
    pub next_since: Option<u64>,
    /// Evidence was evicted from this capture. It does not promise another page.
    pub truncated: bool,
}

/// Pages `records` (in creation order): the `limit` with the lowest revisions after `since` (all
/// when `None`), listed in creation order. `evicted` counts records the capture dropped at its bounds and
/// sets `truncated`. The caller validates `limit` with [`validate_limit`].
pub fn page<T: Clone>(
    records: &[T],
    revision: impl Fn(&T) -> u64,
    since: Option<u64>,
    limit: usize,
    evicted: u64,
) -> Page<T> {
    let mut changed: Vec<(usize, &T)> = records
        .iter()
        .enumerate()
        .filter(|(_, r)| since.is_none_or(|since| revision(r) > since))
        .collect();
    // The page is the `limit` records changed earliest after `since` ...
    changed.sort_by_key(|(_, r)| revision(r));
    changed.truncate(limit);
    let next_since = changed.last().map(|(_, r)| revision(r));
    // ... listed in the order they were created, as an action's result lists them.
    changed.sort_by_key(|(at, _)| *at);
    Page {
        next_since,
        items: changed.into_iter().map(|(_, r)| r.clone()).collect(),
        truncated: evicted > 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, PartialEq)]
    struct Record {
        id: &'static str,
        revision: u64,
    }

    fn ids(page: &Page<Record>) -> Vec<&'static str> {
        page.items.iter().map(|r| r.id).collect()
    }

    #[test]
    fn limits_are_validated() {
        // The spec: "--limit (default 30, maximum 100)".
        assert_eq!(validate_limit(None), Ok(30));
        assert_eq!(validate_limit(Some(1)), Ok(1));
        assert_eq!(validate_limit(Some(100)), Ok(100));
        assert_eq!(
            validate_limit(Some(0)),
            Err(PagingError::LimitOutOfRange { given: 0 })
        );
        let message = validate_limit(Some(101))
            .expect_err("too large")
            .to_string();
        assert!(message.contains("use 1 to 100"), "{message}");
    }

    #[test]
    fn pages_follow_revisions_until_an_empty_page() {
        let mut records: Vec<Record> = (1..=5)
            .map(|i| Record {
                id: ["a", "b", "c", "d", "e"][i - 1],
                revision: i as u64,
            })
            .collect();
        let first = page(&records, |r| r.revision, None, 2, 0);
        assert_eq!(
            (ids(&first), first.next_since, first.truncated),
            (vec!["a", "b"], Some(2), false)
        );
        let second = page(&records, |r| r.revision, first.next_since, 2, 0);
        assert_eq!((ids(&second), second.next_since), (vec!["c", "d"], Some(4)));

        // "a" is updated (its response arrives): it comes again, with "e", listed in the order
        // the two were created (as an action's result lists them).
        records[0].revision = 6;
        let third = page(&records, |r| r.revision, second.next_since, 2, 0);
        assert_eq!((ids(&third), third.next_since), (vec!["a", "e"], Some(6)));

        let empty = page(&records, |r| r.revision, third.next_since, 2, 3);
        assert!(empty.items.is_empty());
        assert_eq!(empty.next_since, None);
        assert!(
            empty.truncated,
            "eviction is reported even on an empty page"
        );
    }

    #[test]
    fn limit_caps_the_page() {
        let records: Vec<Record> = (0..250)
            .rev()
            .map(|i| Record {
                id: "r",
                revision: i,
            })
            .collect();
        let p = page(&records, |r| r.revision, None, MAX_LIMIT, 0);
        assert_eq!(p.items.len(), MAX_LIMIT);
        // The 100 earliest revisions, in creation order (here the newest revision first).
        assert_eq!(p.items.first().map(|r| r.revision), Some(99));
        assert_eq!(p.items.last().map(|r| r.revision), Some(0));
        assert_eq!(p.next_since, Some(99));
    }
}
