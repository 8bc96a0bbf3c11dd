//! What an agent action caused, in brief: the operation it was recorded as, whether the page
//! settled after it, and the requests, console errors and navigation in its immediate window so
//! far. An action's result carries it so an agent needs no second call to see what its click
//! did; `bsk debug operations --caused` shows the same per operation.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Requests and console entries listed at most in a brief; the rest are counted.
pub const MAX_BRIEF_ITEMS: usize = 12;
/// Characters of a console message kept in a brief (a browser's CORS error is about 250); a
/// longer one ends in `…`.
pub const MAX_BRIEF_TEXT: usize = 320;

/// The operation an action was recorded as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OperationRef {
    /// The operation's id in its capture (`o5`), for `debug operation`.
    pub id: String,
    /// The same id qualified with its capture (`run-…/o5`), unambiguous across captures.
    pub qualified: String,
}

/// Whether the page settled after an action: the requests it started answered and the DOM was
/// quiet, within the operation's 1.5 s immediate window.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Settle {
    pub settled: bool,
    /// How long bsk waited after the input was dispatched.
    pub waited_ms: u64,
    /// Requests the action started that were still in flight when the wait ended.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub requests_in_flight: usize,
    /// The DOM was still changing when the wait ended.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dom_changing: bool,
}

/// The evidence in an operation's immediate window so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Caused {
    /// Requests that started in the window (static resources, `data:` and extension traffic
    /// folded), oldest first, at most 12.
    pub requests: Vec<RequestBrief>,
    /// Requests in the window beyond those listed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more_requests: usize,
    /// Static resources, `data:` URLs and extension traffic in the window, not listed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub folded: usize,
    /// Console errors, warnings and uncaught exceptions in the window, at most 12.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub console: Vec<ConsoleBrief>,
    /// Console entries in the window beyond those listed (other levels included).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more_console: usize,
    /// Every console entry in the window, by level (`error`, `warning`, `info`, `log`, …;
    /// uncaught exceptions as `exception`): so a result says nothing else was logged without
    /// a look at the whole console. Empty when nothing was.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub console_levels: std::collections::BTreeMap<String, usize>,
    /// The main frame's URL when it loaded a new document in the window.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub navigated_to: Option<String>,
}

/// One request in a brief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RequestBrief {
    pub id: String,
    pub method: String,
    /// Path and query when the request went to the page's origin, the whole (redacted) URL
    /// otherwise.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// Still waiting for its response.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pending: bool,
    /// A CORS preflight, for request `preflight_for`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preflight_for: Option<String>,
}

/// One console entry in a brief.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ConsoleBrief {
    pub id: String,
    /// `error` or `warning`.
    pub level: String,
    /// `console`, `exception` or `browser`.
    pub kind: String,
    /// The message, at most 320 characters; a longer one is cut and ends in `…`.
    pub text: String,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl Caused {
    /// One line per item, for a person or an agent reading text: `r12 POST /api/save → 409`.
    pub fn lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self
            .requests
            .iter()
            .map(|r| {
                let outcome = match (&r.failure, r.status, r.pending) {
                    (Some(failure), _, _) => format!("failed: {failure}"),
                    (None, Some(status), _) => status.to_string(),
                    (None, None, true) => "pending".to_string(),
                    (None, None, false) => "no response".to_string(),
                };
                let preflight = r
                    .preflight_for
                    .as_ref()
                    .map(|of| format!(" (preflight of {of})"))
                    .unwrap_or_default();
                format!("{} {} {} → {outcome}{preflight}", r.id, r.method, r.url)
            })
            .collect();
        if self.more_requests > 0 {
            lines.push(format!("… {} more requests", self.more_requests));
        }
        lines.extend(
            self.console
                .iter()
                .map(|c| format!("{} {} {}: {}", c.id, c.kind, c.level, c.text)),
        );
        if let Some(url) = &self.navigated_to {
            lines.push(format!("navigated to {url}"));
        }
        lines.push(self.console_line());
        lines
    }

    /// `console: 1 exception, 2 logs`, or `console: nothing logged`: every entry the window
    /// holds, at every level.
    pub fn console_line(&self) -> String {
        if self.console_levels.is_empty() {
            return "console: nothing logged".into();
        }
        let counts: Vec<String> = self
            .console_levels
            .iter()
            .map(|(level, n)| {
                if *n == 1 {
                    format!("1 {level}")
                } else {
                    format!("{n} {level}s")
                }
            })
            .collect();
        format!("console: {}", counts.join(", "))
    }
}
