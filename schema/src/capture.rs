//! The evidence a capture retains, as reads return it and as the export document (version 1)
//! holds it. Optional fields are omitted when absent, so older records stay readable and never
//! gain invented fields.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// Where a body stands. Every state but `available` and `empty` says why in `reason`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BodyState {
    /// Asked for, not yet answered.
    Pending,
    /// Retained in full.
    Available,
    /// The browser reported no body.
    Empty,
    /// Retained up to the per-body or per-capture limit; not suitable for `--pointer`.
    Truncated,
    /// Could not be read (see `reason`).
    Unavailable,
    /// Deliberately not retained (binary, multipart, oversized structured body).
    Omitted,
    /// Retained once, then dropped to stay within the capture's text budget.
    Evicted,
    /// The request event carried no POST data and none could be fetched.
    NotInEvent,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BodyReason {
    Binary,
    Multipart,
    OversizedStructured,
    /// The body fetcher's queue (32) was full.
    Saturated,
    /// The browser no longer had the body (evicted from its buffer, or never buffered).
    MissingBrowserBuffer,
    /// `Network.getResponseBody` did not answer within 2.5 s.
    Deadline,
    /// Capture stopped (or was interrupted) before the body arrived.
    CaptureStopped,
    /// The request failed or never finished loading.
    RequestFailed,
    /// Over the 64 Ki code-unit individual body limit.
    BodyLimit,
    /// Over the 512 Ki code-unit per-capture text budget.
    CaptureBudget,
}

/// A request or response body and its state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Body {
    pub state: BodyState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<BodyReason>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Retained, redacted text. Lists never carry it; detail reads and the export do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Length of `text` in UTF-16 code units.
    #[serde(default)]
    pub units: usize,
    /// Length the browser reported before truncation, in code units, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub original_units: Option<usize>,
}

impl Body {
    pub fn state(state: BodyState, reason: Option<BodyReason>) -> Body {
        Body {
            state,
            reason,
            mime_type: None,
            text: None,
            units: 0,
            original_units: None,
        }
    }

    /// The same body without its text, for lists.
    pub fn without_text(&self) -> Body {
        Body {
            text: None,
            ..self.clone()
        }
    }
}

/// One header set, redacted, bounded to 4 Ki characters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Headers {
    pub entries: Vec<(String, String)>,
    /// Entries dropped to stay within the bound.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RequestState {
    Pending,
    Complete,
    Failed,
    /// Capture ended before the request finished.
    Unfinished,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RequestRecord {
    /// Stable, distinct across redirects and iframe targets.
    pub id: String,
    /// Bumped on every update; `--since` follows it.
    pub revision: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_from: Option<String>,
    pub url: String,
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_type: Option<String>,
    pub state: RequestState,
    /// Milliseconds since the Unix epoch.
    pub started_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_text: Option<String>,
    /// The CDP target (tab or iframe) the request was seen on.
    pub target_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    #[serde(default)]
    pub from_disk_cache: bool,
    #[serde(default)]
    pub from_service_worker: bool,
}
