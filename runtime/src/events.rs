//! Operation events: every operation announces that it started and how it ended. The capture
//! runtime subscribes to record them as operations with evidence windows.

use bsk_schema::ErrorBody;
use bsk_schema::ops::{Operation, OperationResult};

/// Events buffered for each subscriber. A subscriber that falls this far behind misses the
/// oldest ones and is told how many (`broadcast`'s `Lagged`), which it must count as dropped.
pub const OPERATION_EVENT_CAPACITY: usize = 1024;

#[derive(Debug, Clone)]
pub struct OperationEvent {
    pub session: String,
    pub task_id: u64,
    pub tab_id: String,
    /// Unique within the daemon; pairs `Started` with its end.
    pub op_id: u64,
    /// Milliseconds since the Unix epoch.
    pub at_ms: u64,
    pub phase: OperationPhase,
}

#[derive(Debug, Clone)]
pub enum OperationPhase {
    Started { op: Operation },
    Completed { result: OperationResult },
    Failed { error: ErrorBody },
}
