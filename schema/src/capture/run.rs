//! A capture run: its state, why it stopped, what it counted and what it retains at most.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::is_zero_u64;

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
    /// Filmstrip pictures (`--screenshots`) not kept: over the 40 a capture keeps, or still over
    /// 48 KiB at the smallest size bsk scales to, or not taken (the page did not answer).
    #[serde(default, skip_serializing_if = "super::is_zero_u64")]
    pub pictures_dropped: u64,
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
    /// Whether the capture keeps a masked picture of the page after each agent operation
    /// (`bsk debug start --screenshots`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub screenshots: bool,
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
    /// The emulation in force on the tab now, or when the capture stopped (`bsk emulate`);
    /// absent when none is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emulation: Option<Box<crate::emulation::Emulation>>,
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
