//! Problems and window counts: what a person looks for first, computed once here, at read or
//! snapshot time (never per captured event), and read the same way by `bsk debug problems`,
//! MCP, the export and the evidence page.

use std::collections::HashMap;

use bsk_schema::capture::{
    BodyState, ConsoleEntry, ConsoleSource, Problem, ProblemAfter, ProblemKind, RequestRecord,
    RequestState, WindowCounts,
};

use super::Capture;
use super::reads::is_folded;
use super::windows::Placement;
use crate::model::server_words::server_words;

/// Why a request is a problem, if it is one.
pub fn request_problem(record: &RequestRecord) -> Option<ProblemKind> {
    if record.state == RequestState::Failed {
        Some(ProblemKind::Failed)
    } else if record.status.is_some_and(|s| (400..600).contains(&s)) {
        Some(ProblemKind::Status)
    } else {
        None
    }
}

/// Why a console entry is a problem, if it is one.
pub fn console_problem(entry: &ConsoleEntry) -> Option<ProblemKind> {
    if entry.kind == "exception" {
        Some(ProblemKind::Exception)
    } else if entry.level == "error" {
        Some(ProblemKind::ConsoleError)
    } else {
        None
    }
}

/// A console warning, as window counts count it.
fn is_warning(entry: &ConsoleEntry) -> bool {
    console_problem(entry).is_none() && matches!(entry.level.as_str(), "warning" | "warn")
}

/// A URL as a label reads it: origin and path, no query or fragment.
fn origin_and_path(url: &str) -> String {
    url.split(['?', '#']).next().unwrap_or(url).to_string()
}

impl Capture {
    /// Every problem of the capture, in time order, as of `now`: failed and 4xx/5xx requests,
    /// console errors and uncaught exceptions. A browser's own "Failed to load resource" about a
    /// listed request is an echo of it, not a problem of its own.
    pub fn problems(&self, now: u64) -> Vec<Problem> {
        let frames = self.frame_labels();
        let mut problems: Vec<Problem> = Vec::new();
        let mut by_url: HashMap<&str, usize> = HashMap::new();
        for record in self.requests.iter() {
            let Some(kind) = request_problem(record) else {
                continue;
            };
            by_url.insert(record.url.as_str(), problems.len());
            problems.push(self.request_as_problem(record, kind, &frames, now));
        }
        for entry in &self.console {
            let Some(kind) = console_problem(entry) else {
                continue;
            };
            let echo = (entry.source == ConsoleSource::Browser && kind != ProblemKind::Exception)
                .then(|| entry.url.as_deref().and_then(|url| by_url.get(url)))
                .flatten();
            if let Some(&index) = echo {
                problems[index].echoes.push(entry.id.clone());
                continue;
            }
            problems.push(self.console_as_problem(entry, kind, &frames, now));
        }
        problems.sort_by_key(|p| p.at);
        problems
    }

    fn request_as_problem(
        &self,
        record: &RequestRecord,
        kind: ProblemKind,
        frames: &HashMap<&str, String>,
        now: u64,
    ) -> Problem {
        let (code, message) = match (&record.failure, record.response_body.text.as_deref()) {
            (Some(failure), _) => (None, Some(failure.clone())),
            (None, Some(text))
                if matches!(
                    record.response_body.state,
                    BodyState::Available | BodyState::Truncated
                ) =>
            {
                server_words(text, record.response_body.mime_type.as_deref())
            }
            _ => (None, None),
        };
        let mut summary = format!("{} {}", record.method, record.url);
        match (&record.failure, record.status) {
            (Some(failure), _) => summary.push_str(&format!(" failed: {failure}")),
            (None, Some(status)) => {
                summary.push_str(&format!(" {status}"));
                if let Some(text) = record.status_text.as_deref().filter(|t| !t.is_empty()) {
                    summary.push_str(&format!(" {text}"));
                }
                let said: Vec<&str> = [code.as_deref(), message.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect();
                if !said.is_empty() {
                    summary.push_str(&format!(": {}", said.join(" ")));
                }
            }
            (None, None) => {}
        }
        Problem {
            kind,
            at: record.started_at,
            request_id: Some(record.id.clone()),
            console_id: None,
            summary,
            code,
            message,
            source: None,
            echoes: Vec::new(),
            frame: self.frame_of(&record.target_id, record.worker.as_ref(), frames),
            after: self.after(record.started_at, now),
        }
    }

    fn console_as_problem(
        &self,
        entry: &ConsoleEntry,
        kind: ProblemKind,
        frames: &HashMap<&str, String>,
        now: u64,
    ) -> Problem {
        let first_line = entry.text.lines().next().unwrap_or_default().to_string();
        let source = entry.url.as_deref().filter(|u| !u.is_empty()).map(|url| {
            match (entry.line, entry.column) {
                (Some(line), Some(column)) => format!("{url}:{}:{}", line + 1, column + 1),
                (Some(line), None) => format!("{url}:{}", line + 1),
                _ => url.to_string(),
            }
        });
        Problem {
            kind,
            at: entry.at,
            request_id: None,
            console_id: Some(entry.id.clone()),
            summary: match kind {
                ProblemKind::Exception => format!("uncaught {first_line}"),
                _ => format!("console error: {first_line}"),
            },
            code: None,
            message: Some(entry.text.clone()),
            source,
            echoes: Vec::new(),
            frame: self.frame_of(&entry.target_id, entry.worker.as_ref(), frames),
            after: self.after(entry.at, now),
        }
    }

    /// The operation in whose window `at` falls, if any.
    fn after(&self, at: u64, now: u64) -> Option<ProblemAfter> {
        (0..self.operations.len()).find_map(|index| {
            let placement = self.window_of(index, now).place(at);
            (placement != Placement::Outside).then(|| {
                let operation = &self.operations[index];
                ProblemAfter {
                    operation_id: operation.id.clone(),
                    label: operation.label(),
                    immediate: placement == Placement::Immediate,
                }
            })
        })
    }

    /// Each iframe target's document URL, by target id: an out-of-process iframe's document
    /// request carries its frame id, which is the target's id.
    fn frame_labels(&self) -> HashMap<&str, String> {
        let mut frames = HashMap::new();
        for record in self.requests.iter() {
            if record.resource_type.as_deref() != Some("Document") {
                continue;
            }
            if let Some(frame) = record.frame_id.as_deref()
                && frame != self.meta.tab_id
            {
                frames
                    .entry(frame)
                    .or_insert_with(|| origin_and_path(&record.url));
            }
        }
        frames
    }

    /// Where a request or console entry came from, when not the page's own document: a
    /// worker's script, or an iframe's document, by origin and path; the target's id when its
    /// document is not in the record.
    fn frame_of(
        &self,
        target_id: &str,
        worker: Option<&bsk_schema::capture::WorkerSource>,
        frames: &HashMap<&str, String>,
    ) -> Option<String> {
        if let Some(worker) = worker {
            return Some(format!("worker {}", origin_and_path(&worker.url)));
        }
        if target_id == self.meta.tab_id || target_id.is_empty() {
            return None;
        }
        Some(match frames.get(target_id) {
            Some(url) => format!("frame {url}"),
            None => format!("frame {target_id}"),
        })
    }

    /// What operation `index`'s windows hold, counted as the Problems list counts: errors are
    /// the problems that started in them (a request's echoes not counted again), warnings the
    /// console warnings.
    pub fn window_counts(&self, index: usize, problems: &[Problem], now: u64) -> WindowCounts {
        let window = self.window_of(index, now);
        let inside = |at: u64| window.place(at) != Placement::Outside;
        let requests: Vec<&RequestRecord> = self
            .requests
            .iter()
            .filter(|r| inside(r.started_at))
            .collect();
        let console: Vec<&ConsoleEntry> = self.console.iter().filter(|c| inside(c.at)).collect();
        WindowCounts {
            requests: requests.len(),
            folded: requests.iter().filter(|r| is_folded(r)).count(),
            console: console.len(),
            errors: problems.iter().filter(|p| inside(p.at)).count(),
            warnings: console.iter().filter(|c| is_warning(c)).count(),
        }
    }
}
