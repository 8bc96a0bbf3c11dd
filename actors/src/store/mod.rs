//! The evidence of one capture: requests, console entries, operations and page loads, each
//! bounded, every eviction counted. Pure: no browser, no clock (times are passed in), no locks.
//! The actors apply browser events to it; reads and the export read from it.
//!
//! - [`requests`]: the retained request records, found by number or by the browser's id.
//! - [`network`]: `Network.*` events into request records, and the body work they call for.
//! - [`bodies`]: body jobs, what the browser answers for them, and the text budget.
//! - [`console`]: `Runtime.consoleAPICalled`, `Runtime.exceptionThrown`, `Log.entryAdded`.
//! - [`reads`]: pages of lists, request parts, the export document.
//! - [`search`]: text or a regex over the retained evidence.
//! - [`windows`]: which requests and console entries fall in an operation's evidence windows.

mod bodies;
mod caused;
mod console;
pub mod fields;
mod network;
mod network_events;
mod observations;
mod pending_extra;
mod problems;
pub mod reads;
mod requests;
pub mod search;
pub mod summary;
pub mod windows;
mod workers;

#[cfg(test)]
mod tests;

use std::collections::{HashMap, VecDeque};

use bsk_schema::capture::{
    Body, BodyReason, BodyState, CaptureLimits, CaptureState, ConsoleEntry, Counters, Coverage,
    HistoryStatus, OperationRecord, OperationSource, OperationState, PageLoad, PageObservation,
    RequestRecord, RequestState, RunInfo, StopReason,
};

use crate::bounds::{MAX_OPERATIONS, MAX_PAGE_LOADS};
pub use bodies::{BodyJob, BodyKind, BodyOutcome, is_binary_type, is_multipart, retain_text};
pub use network_events::NetworkEvent;
use requests::Requests;

/// A map keyed by the browser's request ids, which it issues and no page chooses: hashed with
/// foldhash (seeded per process), a lookup per network event, rather than SipHash.
type CdpIdMap<V> = HashMap<String, V, foldhash::fast::RandomState>;

/// Milliseconds since the Unix epoch: the clock of every record.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or_default()
}

/// Who a capture belongs to and what it records.
#[derive(Debug, Clone)]
pub struct RunMeta {
    pub run_id: String,
    /// The session's short id when the capture started.
    pub session: String,
    /// The task that owns the capture; reads from any other task are refused.
    pub task_id: u64,
    pub name: Option<String>,
    /// The captured tab's target id; also the root target of the capture.
    pub tab_id: String,
    pub started_at: u64,
}

#[derive(Debug)]
pub struct Capture {
    pub meta: RunMeta,
    state: CaptureState,
    stopped_at: Option<u64>,
    stop_reason: Option<StopReason>,
    /// Capture-wide, bumped on every change to any record; `--since` follows it.
    revision: u64,
    /// The retained request records, found by number or by the browser's request id.
    requests: Requests,
    /// What this capture retains at most.
    limits: CaptureLimits,
    /// CORS preflights reported before the request they guard: (its CDP id, preflight's id).
    preflights_waiting: VecDeque<(String, String)>,
    console: VecDeque<ConsoleEntry>,
    operations: VecDeque<OperationRecord>,
    pages: VecDeque<PageLoad>,
    /// Ids handed out so far, per kind.
    issued: Issued,
    pending_extra: pending_extra::PendingExtraInfo,
    pub counters: Counters,
    pub coverage: Coverage,
    pub history: HistoryStatus,
    /// Retained request + response text in UTF-16 code units.
    text_units: usize,
    /// The browser's user agent, for the export.
    pub user_agent: Option<String>,
    /// The version of the extension that stores this capture's checkpoints, once one has.
    pub extension_version: Option<String>,
    /// A page-load observation that arrived before its page load was recorded.
    pending_page_observation: Option<PageObservation>,
    /// Statistics over every request seen, evicted ones included.
    summary: summary::Summary,
    /// The browser's wall clock minus its monotonic clock, in seconds, from the latest request
    /// that gave both: how a network event's monotonic `timestamp` becomes a time of day.
    browser_clock: Option<f64>,
    /// Header values and initiator URLs redacted before: requests repeat them.
    redactions: crate::model::redact::Memo,
    /// The capture's worker targets by target id, to label what they send.
    workers: HashMap<String, bsk_schema::capture::WorkerSource>,
    /// Scripts of uncaptured dedicated workers that attached before the page's request for
    /// them was recorded, with when (see [`crate::bounds::MAX_AWAITED_WORKER_SCRIPTS`]).
    worker_scripts_awaited: crate::model::awaited::AwaitedScripts<u64>,
    /// The emulation in force over time, which requests and operations are stamped with.
    pub emulation: crate::model::emulation::InForce,
    /// The capture was started without a name before any page loaded: it is named after the
    /// first page it loads (`host date time UTC`), as History lists captures.
    pub name_from_first_page: bool,
    /// Filmstrip pictures kept so far (at most [`crate::bounds::MAX_PICTURES`]); also the last
    /// picture id handed out.
    pictures_kept: usize,
}

#[derive(Debug, Default)]
struct Issued {
    requests: u64,
    console: u64,
    operations: u64,
    pages: u64,
}

impl Capture {
    /// A capture with the spec's bounds.
    pub fn new(meta: RunMeta) -> Capture {
        Capture::with_limits(meta, crate::bounds::default_limits())
    }

    /// A capture that retains up to `limits` (the load profile).
    pub fn with_limits(meta: RunMeta, limits: CaptureLimits) -> Capture {
        Capture {
            meta,
            limits,
            state: CaptureState::Active,
            stopped_at: None,
            stop_reason: None,
            revision: 0,
            requests: Requests::default(),
            preflights_waiting: VecDeque::new(),
            console: VecDeque::new(),
            operations: VecDeque::new(),
            pages: VecDeque::new(),
            issued: Issued::default(),
            pending_extra: pending_extra::PendingExtraInfo::default(),
            counters: Counters::default(),
            coverage: Coverage::default(),
            history: HistoryStatus {
                available: false,
                reason: Some("no checkpoint saved yet".into()),
                checkpoints: 0,
                last_checkpoint_at: None,
                spacing_ms: None,
            },
            text_units: 0,
            user_agent: None,
            extension_version: None,
            pending_page_observation: None,
            summary: summary::Summary::default(),
            browser_clock: None,
            redactions: Default::default(),
            workers: HashMap::new(),
            worker_scripts_awaited: Default::default(),
            emulation: Default::default(),
            pictures_kept: 0,
            name_from_first_page: false,
        }
    }

    pub fn is_active(&self) -> bool {
        self.state == CaptureState::Active
    }

    pub fn state(&self) -> CaptureState {
        self.state
    }

    pub fn revision(&self) -> u64 {
        self.revision
    }

    fn bump(&mut self) -> u64 {
        self.revision += 1;
        self.revision
    }

    /// Statistics over all the traffic seen since the capture started.
    pub fn summary(&self) -> bsk_schema::capture::TrafficSummary {
        self.summary.snapshot()
    }

    pub fn limits(&self) -> CaptureLimits {
        self.limits
    }

    pub fn text_units(&self) -> usize {
        self.text_units
    }

    /// Ends the capture. Pending bodies become `unavailable`/`capture_stopped`, unfinished
    /// requests `unfinished` and running operations `interrupted`: nothing pending is claimed
    /// finished. Idempotent: the first reason wins.
    pub fn stop(&mut self, reason: StopReason, now: u64) {
        if !self.is_active() {
            return;
        }
        if let Some(latest) = self.pages.back().map(|p| p.at) {
            self.settle_abandoned(latest);
        }
        self.state = if reason.is_interruption() {
            CaptureState::Interrupted
        } else {
            CaptureState::Stopped
        };
        self.stopped_at = Some(now);
        self.stop_reason = Some(reason);
        // Each record changed by the stop gets a revision of its own: a page that ends among
        // them must not make `--since` skip the rest.
        self.bump();
        let mut next = self.revision;
        for record in self.requests.iter_mut() {
            let mut touched = false;
            if let Some(ended) = workers::stream_end(
                record.mime_type.as_deref(),
                record.state,
                &record.response_body,
            ) && record.response_body.state == BodyState::Pending
            {
                record.response_body = ended;
                touched = true;
            }
            for body in [&mut record.request_body, &mut record.response_body] {
                if body.state == BodyState::Pending {
                    *body = Body::state(BodyState::Unavailable, Some(BodyReason::CaptureStopped));
                    touched = true;
                }
            }
            if record.state == RequestState::Pending {
                record.state = RequestState::Unfinished;
                touched = true;
            }
            if touched {
                next += 1;
                record.revision = next;
            }
        }
        for operation in &mut self.operations {
            if operation.state == OperationState::Running {
                operation.state = OperationState::Interrupted;
                next += 1;
                operation.revision = next;
            }
        }
        self.revision = next;
    }

    pub fn run_info(&self) -> RunInfo {
        RunInfo {
            run_id: self.meta.run_id.clone(),
            session: self.meta.session.clone(),
            name: self.meta.name.clone(),
            tab_id: self.meta.tab_id.clone(),
            state: self.state,
            started_at: self.meta.started_at,
            stopped_at: self.stopped_at,
            stop_reason: self.stop_reason.clone(),
            counters: self.counters.clone(),
            coverage: self.coverage.clone(),
            history: self.history.clone(),
            text_units: self.text_units,
            limits: self.limits,
            requests: self.requests.len(),
            console: self.console.len(),
            operations: self.operations.len(),
            pages: self.pages.len(),
            emulation: self.emulation.current().cloned().map(Box::new),
        }
    }

    /// Counts events a capture queue could not take.
    pub fn count_dropped_events(&mut self, dropped: u64) {
        if dropped > 0 {
            self.counters.events_dropped += dropped;
            self.bump();
        }
    }

    // ---- operations -------------------------------------------------------------------------

    /// Records an agent or manual operation as running; returns its id. Once the capture has
    /// ended nothing is recorded (an input the observer was still turning into an operation when
    /// a panic interrupted the capture must not appear later, finished): the empty id it returns
    /// names no operation, so ending it changes nothing.
    pub fn operation_started(
        &mut self,
        source: OperationSource,
        name: &str,
        params: serde_json::Value,
        at: u64,
    ) -> String {
        if !self.is_active() {
            return String::new();
        }
        self.issued.operations += 1;
        let id = format!("o{}", self.issued.operations);
        let revision = self.bump();
        if self.operations.len() == MAX_OPERATIONS {
            self.operations.pop_front();
            self.counters.operations_evicted += 1;
        }
        self.operations.push_back(OperationRecord {
            id: id.clone(),
            revision,
            source,
            name: name.to_string(),
            params,
            acted_on: Vec::new(),
            emulation: self.emulation.label_at(at),
            state: OperationState::Running,
            started_at: at,
            ended_at: None,
            summary: None,
            error: None,
            before_text: None,
            observation: None,
            follow_ups: Vec::new(),
            follow_ups_evicted: 0,
            picture: None,
            suppressed_manual_events: 0,
            field_chain: None,
            windows: None,
            counts: None,
            page_after: None,
            text_change: None,
        });
        id
    }

    /// Records how an operation ended. An operation already `interrupted` stays so.
    pub fn operation_ended(&mut self, id: &str, outcome: Result<String, String>, at: u64) {
        let revision = self.bump();
        let Some(operation) = self.operations.iter_mut().find(|o| o.id == id) else {
            return;
        };
        if operation.state != OperationState::Running {
            return;
        }
        operation.revision = revision;
        operation.ended_at = Some(at);
        match outcome {
            Ok(summary) => {
                operation.state = OperationState::Completed;
                operation.summary = Some(summary);
            }
            Err(error) => {
                operation.state = OperationState::Failed;
                operation.error = Some(error);
            }
        }
    }

    // ---- page loads -------------------------------------------------------------------------

    /// A main-frame document committed.
    pub fn page_committed(&mut self, url: &str, at: u64) {
        if let Some(previous) = self.pages.back().map(|p| p.at) {
            self.settle_abandoned(previous);
        }
        self.issued.pages += 1;
        let id = format!("p{}", self.issued.pages);
        let revision = self.bump();
        if self.pages.len() == MAX_PAGE_LOADS {
            self.pages.pop_front();
            self.counters.pages_evicted += 1;
        }
        if self.name_from_first_page && crate::model::naming::names_a_page(url) {
            self.name_from_first_page = false;
            self.meta.name = Some(crate::model::naming::default_capture_name(
                &crate::model::redact::kept_url(url),
                self.meta.started_at,
            ));
        }
        self.pages.push_back(PageLoad {
            id,
            revision,
            url: crate::model::redact::kept_url(url),
            at,
            dom_content_loaded_at: None,
            loaded_at: None,
            observation: None,
        });
        if let Some(observation) = self.pending_page_observation.take()
            && self.pages.back().is_some_and(|p| p.url == observation.url)
        {
            self.attach_page_observation(observation);
        }
    }

    /// `DOMContentLoaded` (`loaded == false`) or `load` of the latest page.
    pub fn page_event(&mut self, loaded: bool, at: u64) {
        let revision = self.bump();
        if let Some(page) = self.pages.back_mut() {
            page.revision = revision;
            if loaded {
                page.loaded_at.get_or_insert(at);
            } else {
                page.dom_content_loaded_at.get_or_insert(at);
            }
        }
    }

    // ---- bounded insertion ------------------------------------------------------------------

    /// A request or console entry started at `at`: the operation whose window holds it now
    /// counts one more, so it comes again on the next `operations --since` page. Windows are
    /// capped by the next operation, so only the latest operation started before `at` can.
    fn count_into_operation_window(&mut self, at: u64) {
        let Some(index) = self.operations.iter().rposition(|o| o.started_at <= at) else {
            return;
        };
        if self.window_of(index, at + 1).place(at) == windows::Placement::Outside {
            return;
        }
        let revision = self.bump();
        self.operations[index].revision = revision;
    }

    fn push_console(&mut self, mut entry: ConsoleEntry) {
        self.issued.console += 1;
        entry.id = format!("c{}", self.issued.console);
        self.count_into_operation_window(entry.at);
        entry.revision = self.bump();
        self.counters.console_seen += 1;
        if self.console.len() >= self.limits.max_console {
            self.console.pop_front();
            self.counters.console_evicted += 1;
        }
        self.console.push_back(entry);
    }

    /// Makes room for one more request (see [`Requests::make_room`]); what leaves with the
    /// evicted record is counted.
    fn make_room_for_request(&mut self) {
        let Some(evicted) = self.requests.make_room(self.limits.max_requests) else {
            return;
        };
        let record = evicted.record;
        self.text_units -= record.request_body.units + record.response_body.units;
        // A body lost to a full fetch queue is a retained request's loss only while the
        // request is retained: evicted, it is counted with the request.
        let saturated = [&record.request_body, &record.response_body]
            .iter()
            .filter(|b| b.reason == Some(BodyReason::Saturated))
            .count() as u64;
        self.counters.bodies_saturated = self.counters.bodies_saturated.saturating_sub(saturated);
        if let Some(cdp_id) = evicted.unlinked {
            self.pending_extra.evicted(cdp_id);
        }
        self.counters.requests_evicted += 1;
    }

    /// The request a reader names: `r7`, or `r007` as a person may type it.
    pub fn request(&self, id: &str) -> Option<&RequestRecord> {
        self.requests.get(id)
    }
}
