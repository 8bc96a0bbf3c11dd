//! Evidence windows: which requests and console entries follow an operation. Association is by
//! start time, never a claim of cause.
//!
//! The extension's evidence page applies the same rule (`extension/evidence/windows.js`); both
//! run the fixture table `schema/fixtures/windows/cases.json` (`actors/tests/fixtures.rs`,
//! `extension-tests/unit/fixtures.test.js`).

use crate::bounds::{IMMEDIATE_WINDOW, POSSIBLY_RELATED_WINDOW};

/// An operation's windows in ms since the Unix epoch, both closed at the start and open at the
/// end: `[start, immediate_end)` and `[immediate_end, related_end)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvidenceWindow {
    pub start: u64,
    pub immediate_end: u64,
    pub related_end: u64,
}

/// "The immediate evidence window ends 1.5 seconds after the operation completes or when the
/// next operation starts. Later requests and console entries can appear for up to 15 seconds as
/// possibly related, capped by the next operation and stop."
///
/// `ended` is `None` while the operation runs; its window then reaches `now`. The 15 s are
/// counted from the operation's end.
pub fn evidence_window(
    started: u64,
    ended: Option<u64>,
    next_start: Option<u64>,
    stopped: Option<u64>,
    now: u64,
) -> EvidenceWindow {
    let cap = |end: u64| {
        let end = next_start.map_or(end, |next| end.min(next));
        stopped.map_or(end, |stop| end.min(stop)).max(started)
    };
    match ended {
        None => {
            let end = cap(now.max(started) + 1);
            EvidenceWindow {
                start: started,
                immediate_end: end,
                related_end: end,
            }
        }
        Some(ended) => {
            let immediate_end = cap(ended + IMMEDIATE_WINDOW.as_millis() as u64);
            let related_end =
                cap(ended + POSSIBLY_RELATED_WINDOW.as_millis() as u64).max(immediate_end);
            EvidenceWindow {
                start: started,
                immediate_end,
                related_end,
            }
        }
    }
}

/// The resource types a person calls static: what lists fold (a script is not among them: it is
/// code the page runs). The one list; the extension's pages get it generated
/// (`extension/lib/generated/words.js`).
pub const STATIC_TYPES: [&str; 6] = [
    "Image",
    "Font",
    "Stylesheet",
    "Media",
    "Manifest",
    "TextTrack",
];

/// Whether a resource type is static ([`STATIC_TYPES`]).
pub fn is_static_resource(resource_type: Option<&str>) -> bool {
    resource_type.is_some_and(|t| STATIC_TYPES.contains(&t))
}

/// Static resources, `data:` URLs and extension traffic (the favicon included): operation
/// windows and summaries count them apart instead of listing them ("static resources and
/// extension traffic are folded by default"), never leaving them out of history or export. A
/// request that failed or answered 4xx/5xx (`failing`) is never folded: a problem is listed
/// where it happened, a missing stylesheet or favicon included.
pub fn is_folded(url: &str, resource_type: Option<&str>, failing: bool) -> bool {
    if failing {
        return false;
    }
    is_static_resource(resource_type)
        || url.starts_with("chrome-extension://")
        || url.starts_with("data:")
        || url.ends_with("/favicon.ico")
}

/// Where a moment falls relative to a window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    Immediate,
    PossiblyRelated,
    Outside,
}

impl EvidenceWindow {
    pub fn place(&self, at: u64) -> Placement {
        if at < self.start {
            Placement::Outside
        } else if at < self.immediate_end {
            Placement::Immediate
        } else if at < self.related_end {
            Placement::PossiblyRelated
        } else {
            Placement::Outside
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn immediate_is_one_and_a_half_seconds_after_the_end() {
        let w = evidence_window(1_000, Some(2_000), None, None, 100_000);
        assert_eq!((w.immediate_end, w.related_end), (3_500, 17_000));
        assert_eq!(w.place(999), Placement::Outside);
        assert_eq!(w.place(1_000), Placement::Immediate);
        assert_eq!(w.place(3_499), Placement::Immediate);
        assert_eq!(w.place(3_500), Placement::PossiblyRelated);
        assert_eq!(w.place(17_000), Placement::Outside);
    }

    #[test]
    fn the_next_operation_and_stop_cap_both_windows() {
        let w = evidence_window(1_000, Some(2_000), Some(2_500), None, 100_000);
        assert_eq!((w.immediate_end, w.related_end), (2_500, 2_500));
        let w = evidence_window(1_000, Some(2_000), None, Some(9_000), 100_000);
        assert_eq!((w.immediate_end, w.related_end), (3_500, 9_000));
    }

    #[test]
    fn a_running_operation_reaches_now() {
        let w = evidence_window(1_000, None, None, None, 5_000);
        assert_eq!(w.place(4_999), Placement::Immediate);
        assert_eq!(w.place(5_001), Placement::Outside);
    }
}
