//! HAR 1.2 (<http://www.softwareishard.com/blog/har-12-spec/>): the document
//! `bsk debug export --format har` writes, for the network viewers people already use. Facts
//! HAR has no field for travel in `_`-prefixed custom fields, as HAR allows.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::capture::{BodyReason, BodyState};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Har {
    pub log: HarLog,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HarLog {
    /// Always "1.2".
    pub version: String,
    pub creator: HarCreator,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser: Option<HarCreator>,
    pub pages: Vec<HarPage>,
    pub entries: Vec<HarEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The capture's run id.
    #[serde(rename = "_runId")]
    pub run_id: String,
    /// Requests seen but evicted from the capture, so absent here.
    #[serde(rename = "_requestsEvicted")]
    pub requests_evicted: u64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HarCreator {
    pub name: String,
    pub version: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarPage {
    /// ISO 8601.
    pub started_date_time: String,
    pub id: String,
    pub title: String,
    pub page_timings: HarPageTimings,
}

/// Milliseconds since the page started; -1 when not reached.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarPageTimings {
    pub on_content_load: f64,
    pub on_load: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarEntry {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pageref: Option<String>,
    /// ISO 8601.
    pub started_date_time: String,
    /// Total milliseconds: the sum of the non-negative `timings`.
    pub time: f64,
    pub request: HarRequest,
    pub response: HarResponse,
    /// bsk records no cache entry details; `_fromCache` says whether the browser's cache
    /// answered.
    pub cache: HarCache,
    pub timings: HarTimings,
    #[serde(
        rename = "serverIPAddress",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub server_ip_address: Option<String>,
    /// The server's port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connection: Option<String>,
    /// The run-qualified request id, as `bsk debug request` takes it (`run-…/r6`).
    #[serde(rename = "_id")]
    pub id: String,
    /// The resource type as DevTools names it (document, fetch, xhr, image, preflight, …).
    #[serde(
        rename = "_resourceType",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub resource_type: Option<String>,
    /// Chrome's initiator, as recorded.
    #[serde(
        rename = "_initiator",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub initiator: Option<serde_json::Value>,
    /// The target (page or out-of-process iframe) the request was seen on.
    #[serde(rename = "_target")]
    pub target: String,
    #[serde(rename = "_frame", default, skip_serializing_if = "Option::is_none")]
    pub frame: Option<String>,
    #[serde(rename = "_fromCache")]
    pub from_cache: bool,
    #[serde(rename = "_fromServiceWorker")]
    pub from_service_worker: bool,
    /// The script URL of the worker that made the request (`bsk debug start --workers`).
    #[serde(
        rename = "_workerUrl",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub worker_url: Option<String>,
    /// The kind of that worker: `dedicated`, `shared` or `service`.
    #[serde(
        rename = "_workerKind",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub worker_kind: Option<crate::capture::WorkerKind>,
    /// Ids of the operations whose windows (immediate or possibly related) hold this request.
    #[serde(rename = "_operations")]
    pub operations: Vec<String>,
    /// The id of the hop this one was redirected from.
    #[serde(
        rename = "_redirectFrom",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub redirect_from: Option<String>,
    #[serde(rename = "_requestBody")]
    pub request_body: HarBodyState,
    #[serde(rename = "_responseBody")]
    pub response_body: HarBodyState,
}

/// Where a body stands in bsk, and why its text is absent when it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HarBodyState {
    pub state: BodyState,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<BodyReason>,
    /// A binary body bsk identified without keeping it: size, SHA-256, sniffed type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub binary: Option<crate::capture::BinaryFacts>,
    /// A stream's bytes received before it ended unread (`reason: streaming`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bytes_seen: Option<u64>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarRequest {
    pub method: String,
    pub url: String,
    pub http_version: String,
    pub cookies: Vec<HarCookie>,
    pub headers: Vec<HarNameValue>,
    pub query_string: Vec<HarNameValue>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_data: Option<HarPostData>,
    /// -1: not known.
    pub headers_size: i64,
    /// -1: not known.
    pub body_size: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarResponse {
    /// 0 when no response arrived (`_error` says why).
    pub status: u16,
    pub status_text: String,
    pub http_version: String,
    pub cookies: Vec<HarCookie>,
    pub headers: Vec<HarNameValue>,
    pub content: HarContent,
    #[serde(rename = "redirectURL")]
    pub redirect_url: String,
    /// The status line's and headers' bytes on the wire, as the browser counted them; -1 when
    /// not known.
    pub headers_size: i64,
    /// The body's bytes on the wire (after any content encoding): the bytes received in all
    /// less the headers'; 0 for an empty or cached body; -1 when not known.
    pub body_size: i64,
    /// Every byte received for it (headers and body, as the browser counted them, and at least
    /// the headers'): what DevTools shows as the transfer size.
    #[serde(
        rename = "_transferSize",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub transfer_size: Option<i64>,
    /// Chrome's network error (`net::ERR_CONNECTION_REFUSED`, …) of a failed request.
    #[serde(rename = "_error", default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarContent {
    /// The retained text's length (UTF-16 code units, as the browser reported it before any
    /// cut); for a body bsk kept no text of, the server's `Content-Length`; else 0.
    pub size: i64,
    pub mime_type: String,
    /// The retained, redacted text; absent when bsk retained none (`_responseBody` says why).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// "base64" when `text` is base64-encoded binary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoding: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarPostData {
    pub mime_type: String,
    /// Form fields of an `application/x-www-form-urlencoded` body.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub params: Vec<HarParam>,
    /// The retained, redacted text; absent when bsk retained none (`_requestBody` says why).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarParam {
    pub name: String,
    pub value: String,
    /// A multipart file part's file name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_type: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HarNameValue {
    pub name: String,
    pub value: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct HarCookie {
    pub name: String,
    /// As recorded: redacted like every other value.
    pub value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_only: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secure: Option<bool>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HarCache {}

/// Milliseconds; -1 where a phase does not apply or is not known.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct HarTimings {
    pub blocked: f64,
    pub dns: f64,
    pub connect: f64,
    pub send: f64,
    pub wait: f64,
    pub receive: f64,
    pub ssl: f64,
}
