//! The evidence a capture retains, as reads return it and as the export document (version 1)
//! holds it. Optional fields are omitted when absent, so older records stay readable and never
//! gain invented fields.

use std::sync::Arc;

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

/// One header set, redacted, bounded to 4 Ki characters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Headers {
    // Shared: a capture keeps one copy of a header that many of its requests carry.
    pub entries: Vec<(Arc<str>, Arc<str>)>,
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
    /// On a CORS preflight (`OPTIONS`): the id of the request it guards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preflight_for: Option<String>,
    /// On a request that needed a CORS preflight: the preflight's id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preflight: Option<String>,
    pub url: String,
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_type: Option<String>,
    pub state: RequestState,
    /// Milliseconds since the Unix epoch, by the browser's clock (`wallTime`).
    pub started_at: u64,
    /// When the browser finished, failed or redirected it, by the same clock (its monotonic
    /// `timestamp` moved onto `started_at`'s); the time the daemon read the event when the
    /// browser gave no timestamp.
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
    /// Served from the memory or disk cache (`fromDiskCache`, `requestServedFromCache`).
    #[serde(default)]
    pub from_cache: bool,
    #[serde(default)]
    pub from_service_worker: bool,
    /// An HTTPS response whose certificate the browser did not trust: loaded only because the
    /// session ignores certificate errors.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub untrusted_certificate: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    /// Bytes received for it in all (status line, headers and body as sent on the wire), as
    /// the browser counted them when it finished (`encodedDataLength`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoded_data_length: Option<f64>,
    /// Bytes the response's status line and headers took on the wire, as the browser counted
    /// them when they arrived (`Response.encodedDataLength`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_headers_size: Option<u64>,
    /// The response's protocol as Chrome names it (`http/1.1`, `h2`, `h3`, `data`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// The server's IP address, when the response came over the network.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remote_ip: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remote_port: Option<u16>,
    /// Who started it: `{type, url?, line?}`, the first stack frame at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiator: Option<serde_json::Value>,
    /// Chrome's `ResourceTiming`, as sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<crate::timing::ResourceTiming>,
    pub request_headers: Headers,
    /// Raw headers from `requestWillBeSentExtraInfo` (cookies included, redacted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_headers_raw: Option<Headers>,
    pub response_headers: Headers,
    /// Raw headers from `responseReceivedExtraInfo` (`Set-Cookie` included, redacted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_headers_raw: Option<Headers>,
    pub request_body: Body,
    pub response_body: Body,
    /// The worker that made the request (`bsk debug start --workers`); absent for the page's
    /// and its frames' own requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<WorkerSource>,
}

/// Which kind of worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WorkerKind {
    /// A dedicated worker (`new Worker(url)`).
    Dedicated,
    /// A shared worker (`new SharedWorker(url)`).
    Shared,
    /// A service worker.
    Service,
}

impl WorkerKind {
    /// The kind from a CDP target type (`worker`, `shared_worker`, `service_worker`).
    pub fn of_target_type(kind: &str) -> Option<WorkerKind> {
        match kind {
            "worker" => Some(WorkerKind::Dedicated),
            "shared_worker" => Some(WorkerKind::Shared),
            "service_worker" => Some(WorkerKind::Service),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            WorkerKind::Dedicated => "dedicated",
            WorkerKind::Shared => "shared",
            WorkerKind::Service => "service",
        }
    }
}

/// A worker as the source of a request or console entry: its kind and script URL (redacted).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WorkerSource {
    pub kind: WorkerKind,
    pub url: String,
}

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

/// One main-frame page load, for context.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageLoad {
    pub id: String,
    pub revision: u64,
    pub url: String,
    /// When the navigation committed, ms since the Unix epoch.
    pub at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dom_content_loaded_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loaded_at: Option<u64>,
    /// The page as it stood after `load`, when the observer could read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<PageObservation>,
}

/// One conventional form field as the observer saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldSnapshot {
    /// The field's `name`, else its `id`: a stable identity, never guessed.
    pub name: String,
    /// The form's id, name or action; absent for a field outside a form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// `text`, `email`, `select`, `textarea`, `checkbox`, …
    pub kind: String,
    /// The value, redacted, at most 256 characters; absent when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A credential, payment or file field: its value is never recorded.
    #[serde(default, skip_serializing_if = "is_false")]
    pub omitted: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub truncated: bool,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// What the main page showed at one moment: bounded visible text and up to 16 fields. Shadow DOM
/// and iframes are not covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PageObservation {
    /// Ms since the Unix epoch.
    pub at: u64,
    pub url: String,
    /// Visible main-page text, redacted, at most 6000 characters.
    pub text: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub text_truncated: bool,
    /// `dom` (the page's rendered text) or `accessibility` (accessible names, at most 100 lines,
    /// when the page has no rendered text).
    pub text_source: String,
    pub fields: Vec<FieldSnapshot>,
    /// Controls looked at (at most 80).
    pub candidates_scanned: u64,
    /// More controls existed than were scanned.
    #[serde(default, skip_serializing_if = "is_false")]
    pub candidates_over_limit: bool,
    /// Fields left out: no usable name or id, a duplicate, an overly long or custom identity.
    #[serde(default)]
    pub unidentified: u64,
    /// Fields past the 16 kept.
    #[serde(default)]
    pub fields_over_limit: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OperationSource {
    Agent,
    Manual,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OperationState {
    Running,
    Completed,
    Failed,
    /// The capture ended while it ran; it is not claimed to have finished.
    Interrupted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OperationRecord {
    pub id: String,
    pub revision: u64,
    pub source: OperationSource,
    /// `navigate`, `click`, `fill`, …
    pub name: String,
    /// The operation's parameters, values redacted.
    pub params: serde_json::Value,
    pub state: OperationState,
    pub started_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The page's visible text just before an agent input was dispatched (redacted, at most
    /// 6,000 characters): the operation's before-state, against which its text changes are
    /// read. Manual operations and captures recorded before it existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_text: Option<String>,
    /// The page right after the operation completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<PageObservation>,
    /// Later changes of the page within 15 s (coalesced at 700 ms), at most 4.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub follow_ups: Vec<PageObservation>,
    /// Changing observations beyond the 4 retained.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub follow_ups_evicted: u64,
    /// Manual input events suppressed because an agent operation was producing them.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub suppressed_manual_events: u64,
    /// Per field: original, operation-time, submitted, response and later page values. Filled
    /// by `bsk debug operation` and the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_chain: Option<Vec<FieldChain>>,
    /// The ids of the requests and console entries in the operation's evidence windows, so an
    /// export stands alone without recomputing them. Filled by the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub windows: Option<OperationWindows>,
}

/// An operation's two evidence windows by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OperationWindows {
    /// From the operation's start until 1.5 s after it completed, or the next operation.
    pub immediate: WindowIds,
    /// Up to 15 s after it completed, capped by the next operation and by stop: by start time,
    /// not proven cause.
    pub possibly_related: WindowIds,
}

/// The requests and console entries that started inside `[from, until)` (ms since the epoch).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WindowIds {
    pub from: u64,
    pub until: u64,
    pub requests: Vec<String>,
    pub console: Vec<String>,
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

/// Where one value of a field chain came from, or why it is missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChainValue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The request the value came from (submitted and response values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// The page load it came from (later values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_id: Option<String>,
    /// Why it is not linked: `not_recorded`, `not_found`, `different_name`, `array`,
    /// `duplicate_name`, `truncated_body`, `missing_body`, `omitted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unlinked: Option<String>,
    /// Operations that happened between this one and the later load (not a causal claim).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intervening_operations: Vec<String>,
}

/// One field followed through an operation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldChain {
    pub name: String,
    pub original: ChainValue,
    pub operation_time: ChainValue,
    pub submitted: ChainValue,
    pub response: ChainValue,
    pub later: ChainValue,
}

/// Why a capture stopped. Detach, stop, crash and disconnect all end in one of these.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StopReason {
    /// `bsk debug stop` (or the MCP tool's stop).
    Stopped,
    /// The person stopped it from the extension's popup.
    StoppedFromExtension,
    /// The session ended (`bsk session stop`, idle timeout).
    SessionEnded,
    /// The captured tab was returned to its user.
    TabReturned,
    /// The captured tab was closed.
    TabClosed,
    /// The captured page's renderer crashed; the capture is interrupted.
    RendererCrashed,
    /// The daemon shut down.
    DaemonShutdown,
    /// The browser exited or the connection to it was lost.
    BrowserDisconnected,
    /// A capture actor panicked; `actor` names which kind.
    ActorPanicked { actor: String },
    /// Set by the extension, never by the daemon: the record was still active when the browser
    /// or extension restarted or its daemon went away, so its latest checkpoint was recovered as
    /// interrupted.
    Recovered,
}

impl StopReason {
    /// One reason of each kind, in the schema's order (the schema test checks that none is
    /// missing).
    pub fn kinds() -> [StopReason; 10] {
        [
            StopReason::Stopped,
            StopReason::StoppedFromExtension,
            StopReason::SessionEnded,
            StopReason::TabReturned,
            StopReason::TabClosed,
            StopReason::RendererCrashed,
            StopReason::DaemonShutdown,
            StopReason::BrowserDisconnected,
            StopReason::ActorPanicked {
                actor: String::new(),
            },
            StopReason::Recovered,
        ]
    }

    /// Why the capture stopped, in the words a person reads. The one source of them: the
    /// schema files carry them as each kind's `x-words` ([`crate::schemas`]), and the
    /// extension's evidence page takes them from there (`npm run generate` in extension-tests).
    pub fn words(&self) -> &'static str {
        match self {
            StopReason::Stopped => "stopped with bsk debug stop",
            StopReason::StoppedFromExtension => "stopped from the extension’s popup",
            StopReason::SessionEnded => "the session ended",
            StopReason::TabReturned => "the tab was returned to its user",
            StopReason::TabClosed => "the tab was closed",
            StopReason::RendererCrashed => "the page’s renderer crashed",
            StopReason::DaemonShutdown => "the bsk daemon shut down",
            StopReason::BrowserDisconnected => {
                "the browser exited or the connection to it was lost"
            }
            StopReason::ActorPanicked { .. } => "a capture component failed",
            StopReason::Recovered => {
                "left active by a daemon or browser that went away; recovered from its last checkpoint"
            }
        }
    }

    /// The kind as it is serialized (`"tab_closed"`).
    pub fn kind(&self) -> String {
        serde_json::to_value(self)
            .ok()
            .and_then(|v| v["kind"].as_str().map(str::to_string))
            .unwrap_or_default()
    }

    /// Whether the capture ended without a clean stop, so pending work stays unfinished.
    pub fn is_interruption(&self) -> bool {
        !matches!(
            self,
            StopReason::Stopped
                | StopReason::StoppedFromExtension
                | StopReason::SessionEnded
                | StopReason::TabReturned
        )
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CaptureState {
    Active,
    Stopped,
    Interrupted,
}

/// Every drop and eviction, counted. None of them is ever silent.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Counters {
    pub requests_seen: u64,
    /// Oldest finished requests evicted to keep 200.
    pub requests_evicted: u64,
    pub console_seen: u64,
    /// Oldest console entries evicted to keep 100.
    pub console_evicted: u64,
    pub operations_evicted: u64,
    pub pages_evicted: u64,
    /// Bodies dropped to stay within 512 Ki code units per capture.
    pub bodies_evicted: u64,
    pub bodies_truncated: u64,
    /// Bodies of retained requests lost because the fetch queue (4 running, 32 queued) was full.
    /// A request evicted later takes its count with it (it is in `requests_evicted`), so this
    /// is the number of retained requests whose body reads `saturated`.
    pub bodies_saturated: u64,
    /// Bodies that had given way to a full queue and were read on a second try, when the queue
    /// had emptied and the browser still held them: no longer counted as saturated. Like
    /// `bodies_deadline`, it keeps counting a request evicted later.
    #[serde(default)]
    pub bodies_refetched: u64,
    /// Body fetches not made because their request was evicted before its turn (its body was
    /// going nowhere): work saved, no evidence lost.
    #[serde(default)]
    pub body_fetches_skipped: u64,
    /// Body fetches that missed the 2.5 s deadline.
    pub bodies_deadline: u64,
    /// Body reads that failed inside bsk (an internal error, written to the daemon's log): the
    /// request is kept, its body reads `read_failed`.
    #[serde(default)]
    pub bodies_read_failed: u64,
    /// Browser events lost because a capture queue was full or the event could not be read.
    pub events_dropped: u64,
    /// ExtraInfo events dropped while waiting for their request.
    pub extra_info_dropped: u64,
}

/// Which browser targets the capture covers.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Coverage {
    /// Iframe targets captured over the capture's life (at most 16 attached at once; a detached one
    /// frees its place).
    pub iframe_targets: u64,
    /// Iframe targets not captured because 16 were attached at the time.
    pub iframe_targets_over_limit: u64,
    /// Iframe targets whose capture set-up failed.
    pub iframe_setup_failed: u64,
    /// Iframe targets that existed before capture started: their earliest requests may be missing.
    pub iframe_targets_late: u64,
    /// Capture started on a page that had already loaded: its load and earlier traffic are not
    /// in the capture.
    #[serde(default)]
    pub late_start: bool,
    /// Whether the capture records workers' requests (`bsk debug start --workers`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub workers: bool,
    /// Worker targets captured over the capture's life (at most 8 attached at once). Without
    /// `--workers`, only their console is recorded.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub worker_targets: u64,
    /// Worker targets not captured because 8 were attached at the time.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub worker_targets_over_limit: u64,
    /// Workers seen while the capture does not record workers' requests: their traffic is not
    /// in the capture.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub worker_traffic_not_recorded: u64,
    /// A capture with `--workers` of a tab in the person's own browser context (a borrowed tab,
    /// or a session on the shared profile): its shared workers are not covered, since that
    /// context's shared workers may serve pages no session owns.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared_workers_not_covered: bool,
}

/// Whether retained evidence reaches browser-local history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct HistoryStatus {
    pub available: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub checkpoints: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_checkpoint_at: Option<u64>,
    /// How far apart checkpoints are now, in ms, when a busy browser has spaced them beyond the
    /// 2 s floor (each save waits 50 times as long as the last one took, at most 10 s).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spacing_ms: Option<u64>,
}

/// A capture ("run") and its state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RunInfo {
    pub run_id: String,
    pub session: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub tab_id: String,
    pub state: CaptureState,
    pub started_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<StopReason>,
    pub counters: Counters,
    pub coverage: Coverage,
    pub history: HistoryStatus,
    /// Retained request + response text, in UTF-16 code units (budget 512 Ki, or `limits`).
    pub text_units: usize,
    /// What the capture retains at most. Exports written before limits existed had the spec's.
    #[serde(default)]
    pub limits: CaptureLimits,
    pub requests: usize,
    pub console: usize,
    pub operations: usize,
    pub pages: usize,
}

/// Statistics over every request a capture saw since it started, evicted ones included: what is
/// left of a load test's traffic once its records are gone (`bsk debug summary`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct TrafficSummary {
    /// Requests counted: every redirect hop and every CORS preflight is one, as the server sees
    /// them.
    pub requests: u64,
    /// One row per method and route, most requests first; at most 512.
    pub routes: Vec<RouteStats>,
    /// Every request on a route beyond the 512th, together (`route` is `other`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<RouteStats>,
    /// Requests counted whose outcome the summary could not follow: more than 4096 were in flight
    /// at once. They are in `requests` and their route's `count`, in no outcome.
    #[serde(default)]
    pub untracked: u64,
}

/// One method and route of a [`TrafficSummary`].
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RouteStats {
    pub method: String,
    /// Host (with port) and path; numeric, UUID and long hexadecimal segments read `{id}`; the
    /// query is left out. `data:`, `blob:` and the like are their scheme.
    pub route: String,
    pub count: u64,
    /// Responses by status class (`1xx` … `5xx`), redirects included. A response whose body then
    /// failed is counted here and in `failed`.
    pub status: std::collections::BTreeMap<String, u64>,
    /// Requests that ended with `Network.loadingFailed`.
    pub failed: u64,
    /// Failures by the browser's error text, most frequent first; at most 8, the rest in
    /// `failures_other`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failures: Vec<FailureCount>,
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub failures_other: u64,
    /// Served from the browser's cache or a service worker.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub cached: u64,
    /// Neither finished nor failed (yet, or when the capture stopped).
    pub in_flight: u64,
    /// Duration from the request being sent to its last byte or failure, over finished requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<Percentiles>,
    /// Bytes received on the wire, headers included (Chromium's `encodedDataLength`).
    pub bytes_in: u64,
    /// Request body bytes sent, where the browser reported them.
    pub bytes_out: u64,
    /// When the first and the latest request of the route were sent, ms since the Unix epoch.
    pub first_seen: u64,
    pub last_seen: u64,
}

/// A failure's error text and how many requests ended with it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FailureCount {
    pub error: String,
    pub count: u64,
}

/// Duration percentiles, in milliseconds, within 2% of the exact value (log-scaled buckets).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Percentiles {
    pub p50: f64,
    pub p95: f64,
    pub p99: f64,
    pub max: f64,
}

/// How much a capture retains.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CaptureProfile {
    /// The spec's bounds: 200 requests, 100 console entries, 512 Ki code units of text.
    #[default]
    Default,
    /// Opt-in larger retention for load tests (up to 10,000 requests, 5,000 console entries,
    /// 32 Mi code units), under the daemon's memory budget; checkpoints keep the spec-bounded
    /// newest slice and the summary.
    Load,
}

/// The retention limits of one capture and the memory they may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct CaptureLimits {
    pub profile: CaptureProfile,
    pub max_requests: usize,
    pub max_console: usize,
    /// Retained request + response body text, in UTF-16 code units.
    pub text_budget: usize,
    /// What the daemon reserves for this capture against its memory budget, in bytes: the
    /// worst case at these limits.
    pub memory_reserved: u64,
}

impl Default for CaptureLimits {
    fn default() -> Self {
        CaptureLimits {
            profile: CaptureProfile::Default,
            max_requests: 200,
            max_console: 100,
            text_budget: 512 * 1024,
            memory_reserved: 0,
        }
    }
}

/// Requests and console entries a checkpoint of a load-profile capture left out: history keeps
/// the spec-bounded newest slice; `bsk debug export --output` has everything.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct SliceInfo {
    pub requests_left_out: usize,
    pub console_left_out: usize,
    /// Bodies of kept requests whose text was left out to stay within 512 Ki code units.
    pub bodies_left_out: usize,
}

/// The portable JSON document `bsk debug export` writes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExportDocument {
    /// Always 1.
    pub version: u32,
    /// When the snapshot was taken, ms since the Unix epoch.
    pub saved_at: u64,
    pub run: RunInfo,
    pub requests: Vec<RequestRecord>,
    pub operations: Vec<OperationRecord>,
    pub console: Vec<ConsoleEntry>,
    pub pages: Vec<PageLoad>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extension_version: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub user_agent: Option<String>,
    /// Statistics over all the traffic the capture saw, evicted requests included. Absent in
    /// exports written before it existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<TrafficSummary>,
    /// Present on a history checkpoint of a load-profile capture: what it left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slice: Option<SliceInfo>,
}

/// A request as lists show it: no headers, no body text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RequestSummary {
    pub id: String,
    pub revision: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_from: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preflight_for: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preflight: Option<String>,
    /// With `--logical`: the ids of every hop of this request's redirect chain, first to this
    /// one (present only when there were redirects).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<String>,
    pub url: String,
    pub method: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_type: Option<String>,
    pub state: RequestState,
    pub started_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    #[serde(default)]
    pub from_cache: bool,
    #[serde(default)]
    pub from_service_worker: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub untrusted_certificate: bool,
    pub target_id: String,
    pub request_body: Body,
    pub response_body: Body,
    /// The worker that made the request (`bsk debug start --workers`); absent for the page's
    /// and its frames' own requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<WorkerSource>,
}

impl RequestRecord {
    pub fn summary(&self) -> RequestSummary {
        RequestSummary {
            id: self.id.clone(),
            revision: self.revision,
            redirect_from: self.redirect_from.clone(),
            preflight_for: self.preflight_for.clone(),
            preflight: self.preflight.clone(),
            chain: Vec::new(),
            url: self.url.clone(),
            method: self.method.clone(),
            resource_type: self.resource_type.clone(),
            state: self.state,
            started_at: self.started_at,
            duration_ms: self.ended_at.map(|end| end.saturating_sub(self.started_at)),
            status: self.status,
            failure: self.failure.clone(),
            from_cache: self.from_cache,
            from_service_worker: self.from_service_worker,
            untrusted_certificate: self.untrusted_certificate,
            target_id: self.target_id.clone(),
            request_body: self.request_body.without_text(),
            response_body: self.response_body.without_text(),
            worker: self.worker.clone(),
        }
    }
}
