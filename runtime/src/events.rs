//! Operation events: how each recorded operation ended. An operation is registered with the
//! running capture directly, before its input (so its result can name it); its end travels
//! here, and the capture runtime subscribes to close its record.

use bsk_schema::ErrorBody;

/// Events buffered for each subscriber. A subscriber that falls this far behind misses the
/// oldest ones and is told how many (`broadcast`'s `Lagged`), which it must count as dropped.
pub const OPERATION_EVENT_CAPACITY: usize = 1024;

#[derive(Debug, Clone)]
pub struct OperationEvent {
    pub session: String,
    pub task_id: u64,
    pub tab_id: String,
    /// Unique within the daemon; pairs the registration with its end.
    pub op_id: u64,
    /// Milliseconds since the Unix epoch.
    pub at_ms: u64,
    pub phase: OperationPhase,
}

#[derive(Debug, Clone)]
pub enum OperationPhase {
    /// Its input was dispatched; `summary` is the result's one line.
    Completed {
        summary: String,
    },
    Failed {
        error: ErrorBody,
    },
}
