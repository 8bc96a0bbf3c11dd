//! Console entries: what the page logged and threw, and who wrote it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::WorkerSource;

/// Who wrote a console entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConsoleSource {
    /// The site's own pages and scripts (http, https, file, data, blob URLs).
    Website,
    /// A browser extension (`chrome-extension://`).
    Extension,
    /// The browser itself (`Log.entryAdded`: failed loads, violations, interventions).
    Browser,
    /// No source URL.
    Unknown,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ConsoleEntry {
    pub id: String,
    pub revision: u64,
    /// Milliseconds since the Unix epoch: when the browser says it was logged, else when the
    /// daemon read it (a dialog).
    pub at: u64,
    pub source: ConsoleSource,
    /// `log`, `info`, `warning`, `error`, `debug`, …
    pub level: String,
    /// `console` (console API), `exception` (uncaught error or unhandled rejection), `browser`,
    /// or `dialog` (a JavaScript alert, confirm, prompt or beforeunload the page opened).
    pub kind: String,
    /// Redacted, at most 4 Ki characters.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The source line, 0-based as Chrome reports it; `bsk debug console` and the evidence page
    /// show it 1-based, as editors and DevTools do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// The source column, 0-based as Chrome reports it; shown 1-based.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u64>,
    pub target_id: String,
    /// The worker that logged it; absent for the page's and its frames' own entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<WorkerSource>,
}
