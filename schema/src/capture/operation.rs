//! Operations: what an agent or a person did, its evidence windows and field chains.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{PageObservation, is_zero_u64};

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
