//! Statistics over every request a capture saw, evicted ones included.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::is_zero_u64;

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
