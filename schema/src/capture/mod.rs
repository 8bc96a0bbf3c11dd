//! The evidence a capture retains, as reads return it and as the export document (version 1)
//! holds it. Optional fields are omitted when absent, so older records stay readable and never
//! gain invented fields.
//!
//! - `run`: a capture and its state, stop reason, counters, coverage and limits.
//! - `request`: request records, their header sets and list summaries.
//! - `body`: body states and what is kept of a body.
//! - `console`: console entries.
//! - `page`: page loads and page observations.
//! - `operation`: operations, their evidence windows and field chains.
//! - `problem`: the problems a person looks for first, and the counts of an operation's windows.
//! - `summary`: statistics over all the traffic a capture saw.
//! - `export`: the export document.

mod body;
mod console;
mod export;
mod operation;
mod page;
mod problem;
mod request;
mod run;
mod summary;

pub use body::{BinaryFacts, Body, BodyPart, BodyReason, BodyState};
pub use console::{ConsoleEntry, ConsoleSource};
pub use export::{ExportDocument, SliceInfo};
pub use operation::{
    ActedOn, ChainValue, FieldChain, MAIN_FRAME, OperationRecord, OperationSource, OperationState,
    OperationWindows, PageAfter, PageAfterSource, Picture, WindowIds,
};
pub use page::{FieldSnapshot, PageLoad, PageObservation};
pub use problem::{Problem, ProblemAfter, ProblemKind, WindowCounts};
pub use request::{
    Headers, RequestHead, RequestRecord, RequestState, RequestSummary, WorkerKind, WorkerSource,
};
pub use run::{
    CaptureLimits, CaptureProfile, CaptureState, Counters, Coverage, HistoryStatus, RunInfo,
    StopReason,
};
pub use summary::{FailureCount, Percentiles, RouteStats, TrafficSummary};

// The conditions under which optional fields are left out.

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// Whether a count is zero, for optional fields outside this module.
pub fn is_zero_usize(n: &usize) -> bool {
    *n == 0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}
