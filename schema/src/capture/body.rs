//! Bodies: where a request or response body stands, and what is kept of it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::is_zero;

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
    /// bsk failed while reading the body (an internal error; the daemon's log says which).
    ReadFailed,
    /// A streaming response (server-sent events) that had not ended: `bytes_seen` says how much
    /// of it arrived.
    Streaming,
    /// A worker's script: the request starts on the page and finishes on the worker's own
    /// target, which this capture does not record (`bsk debug start --workers` does).
    WorkerNotCaptured,
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
    /// A binary body, identified without keeping a byte of it: its size, SHA-256 and the type
    /// its first bytes show. Absent when the bytes could not be read (the body pool was busy,
    /// the browser no longer had them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binary: Option<BinaryFacts>,
    /// A `multipart/*` body as its parts: text parts with their (redacted) values, files by
    /// name, type, size and SHA-256, never their content.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<Vec<BodyPart>>,
    /// Parts beyond the 64 kept.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub parts_dropped: usize,
    /// A stream's bytes received before it ended unread (`reason: streaming`), as the browser
    /// counted them on the wire.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes_seen: Option<u64>,
}

/// What identifies bytes bsk does not keep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BinaryFacts {
    pub bytes: u64,
    /// Lowercase hex.
    pub sha256: String,
    /// The type the first bytes show (`image/png`, `application/pdf`, `application/wasm`,
    /// `application/gzip`, …), when they match a known signature.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sniffed_type: Option<String>,
}

/// One part of a multipart body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct BodyPart {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A file part's file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub filename: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
    pub bytes: u64,
    /// A text part's value, redacted like a form field (a password part is `[redacted]`), at
    /// most 4 Ki code units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The value was cut at its bound.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
    /// A file part whose bytes the browser did not hand over: a form navigation's files are
    /// read by the network stack and not kept for DevTools, so `bytes` and the digest are
    /// unknown (the `upload` operation that chose the file records its size and digest).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unread: bool,
    /// A file or binary part: SHA-256 of its bytes (lowercase hex), and the type they show.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sha256: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sniffed_type: Option<String>,
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
            binary: None,
            parts: None,
            parts_dropped: 0,
            bytes_seen: None,
        }
    }

    /// The same body without its text (nor its parts' values), for lists.
    pub fn without_text(&self) -> Body {
        Body {
            text: None,
            parts: None,
            ..self.clone()
        }
    }
}
