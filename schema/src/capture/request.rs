//! Request records: what a request sent and got, as reads return it, and its list summary.

use std::sync::Arc;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Body, is_zero};

/// One header set, redacted, bounded to 4 Ki characters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Headers {
    // Shared: a capture keeps one copy of a header that many of its requests carry.
    pub entries: Vec<(Arc<str>, Arc<str>)>,
    /// Entries dropped to stay within the bound.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub dropped: usize,
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

/// What a request's record and its summary in lists both say, once: its identity, its links to
/// other hops, what it was and how it ended. [`RequestRecord`] and [`RequestSummary`] carry it
/// flattened (the JSON has these fields at the top level) and read through to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RequestHead {
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
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// The CDP target (tab or iframe) the request was seen on.
    pub target_id: String,
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
    /// The worker that made the request (`bsk debug start --workers`); absent for the page's
    /// and its frames' own requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub worker: Option<WorkerSource>,
    /// The emulation in force when it started (`bsk emulate`), as
    /// [`crate::emulation::Emulation::label`] names it (`Offline`, `390×844 mobile, Slow 3G`);
    /// absent when none was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emulation: Option<std::sync::Arc<str>>,
}

/// A request as capture retains it: its [`RequestHead`], headers, timing and bodies.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RequestRecord {
    #[serde(flatten)]
    pub head: RequestHead,
    /// When the browser finished, failed or redirected it, by the same clock (its monotonic
    /// `timestamp` moved onto `started_at`'s); the time the daemon read the event when the
    /// browser gave no timestamp.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_id: Option<String>,
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
}

impl std::ops::Deref for RequestRecord {
    type Target = RequestHead;
    fn deref(&self) -> &RequestHead {
        &self.head
    }
}

impl std::ops::DerefMut for RequestRecord {
    fn deref_mut(&mut self) -> &mut RequestHead {
        &mut self.head
    }
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

/// A request as lists show it: its [`RequestHead`], how long it took and each body's state; no
/// headers, no body text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RequestSummary {
    #[serde(flatten)]
    pub head: RequestHead,
    /// With `--logical`: the ids of every hop of this request's redirect chain, first to this
    /// one (present only when there were redirects).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chain: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    pub request_body: Body,
    pub response_body: Body,
}

impl std::ops::Deref for RequestSummary {
    type Target = RequestHead;
    fn deref(&self) -> &RequestHead {
        &self.head
    }
}

impl RequestRecord {
    pub fn summary(&self) -> RequestSummary {
        RequestSummary {
            head: self.head.clone(),
            chain: Vec::new(),
            duration_ms: self.ended_at.map(|end| end.saturating_sub(self.started_at)),
            request_body: self.request_body.without_text(),
            response_body: self.response_body.without_text(),
        }
    }
}
