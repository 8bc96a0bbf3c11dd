//! Problems: what a person looks for first in a record. Facts, never verdicts: a failed request,
//! a 4xx/5xx response, a console error or an uncaught exception, each with its own words and the
//! operation in whose window it started (a time fact, not a claim of cause).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What kind of problem.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProblemKind {
    /// The request failed (network error, blocked, cancelled).
    Failed,
    /// The response's status is 4xx or 5xx.
    Status,
    /// An uncaught exception or unhandled rejection.
    Exception,
    /// A console entry at level error.
    ConsoleError,
}

/// One problem of a record, in time order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Problem {
    pub kind: ProblemKind,
    /// When it started (a request) or was logged (a console entry), ms since the Unix epoch.
    pub at: u64,
    /// The request (`failed`, `status`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// The console entry (`exception`, `console_error`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub console_id: Option<String>,
    /// One line a person reads first: `POST /api/orders 422 Unprocessable Entity:
    /// QTY_EXCEEDS_STOCK Only 2 left`, or the exception's text.
    pub summary: String,
    /// The error code the response body names (the first string at a key named like `code`),
    /// for a JSON body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
    /// The message the response body gives (the first string at `message`, `error`, `detail`,
    /// `title`, …; or the first line of a short text body), or the failure's text, or the
    /// console entry's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// Where an exception or error was thrown or logged: `url:line:column` (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// The browser's own console errors about this request ("Failed to load resource"), listed
    /// with it rather than as problems of their own.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub echoes: Vec<String>,
    /// The frame or worker it came from, by origin and path, when not the page's own document.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
    /// The operation in whose window it started (immediate or possibly related): by start
    /// time, not proven cause.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<ProblemAfter>,
}

/// The operation a problem followed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ProblemAfter {
    pub operation_id: String,
    /// `click button "Place order"`: its name and what it acted on.
    pub label: String,
    /// Within the operation's immediate window (else possibly related, up to 15 s later).
    pub immediate: bool,
}

/// How many problems an operation's windows hold, as the Problems list counts them: errors are
/// failed and 4xx/5xx requests, console errors and exceptions (a request's echoes are not
/// counted again); warnings are console warnings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WindowCounts {
    /// Requests in both windows, static ones included.
    pub requests: usize,
    /// Requests in both windows that lists fold (static resources, `data:`, extension traffic),
    /// never a failing one.
    pub folded: usize,
    pub console: usize,
    pub errors: usize,
    pub warnings: usize,
}
