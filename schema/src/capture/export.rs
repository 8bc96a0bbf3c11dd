//! The portable document `bsk debug export` writes.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{ConsoleEntry, OperationRecord, PageLoad, RequestRecord, RunInfo, TrafficSummary};

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
    /// The record's problems in time order (failed and 4xx/5xx requests, console errors and
    /// uncaught exceptions), each with its own words and the operation it followed: what the
    /// evidence page shows first and `bsk debug problems` prints. Absent in records saved by a
    /// version that did not list them (a reader says so rather than computing them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub problems: Option<Vec<super::Problem>>,
}
