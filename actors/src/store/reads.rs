//! Reads over one capture: pages of lists, request parts, operation windows, the export. No
//! read repeats a network request: everything comes from what the capture retained.

use bsk_schema::capture::{
    BodyState, CaptureProfile, ConsoleEntry, ExportDocument, OperationRecord, OperationWindows,
    RequestRecord, RequestSummary, SliceInfo, StopReason, WindowIds,
};
use bsk_schema::debug::{
    BodyRead, ListPage, OperationDetail, OperationSummary, PagesResult, RequestChain,
    RequestHeaders, RequestMetadata, RequestPart, RequestRead, RequestTiming, RequestWhole,
    WindowEvidence,
};

use super::Capture;
use super::windows::{EvidenceWindow, Placement, evidence_window};
use crate::model::body::{self, BodyReadError, PointerError};
use crate::model::paging::{self, PagingError};

#[derive(Debug, Clone, thiserror::Error)]
pub enum ReadError {
    #[error("no request {0} in this capture")]
    NoRequest(String),
    #[error("no operation {0} in this capture")]
    NoOperation(String),
    #[error(transparent)]
    Paging(#[from] PagingError),
    #[error(transparent)]
    Body(#[from] BodyReadError),
    #[error(transparent)]
    Pointer(#[from] PointerError),
    #[error("--pointer needs a complete body, but the {part} body of {id} is {state}")]
    PointerNeedsCompleteBody {
        id: String,
        part: &'static str,
        state: String,
    },
    #[error("--pointer applies to request and response bodies, not --part {0}")]
    PointerOnPart(&'static str),
    #[error("--offset pages one body, not --part all")]
    OffsetOnWhole,
    #[error("cannot search: {0}")]
    BadQuery(String),
}

/// A request that operation windows fold unless `--all` (see [`windows::is_folded`]).
///
/// [`windows::is_folded`]: super::windows::is_folded
pub(super) fn is_folded(record: &RequestRecord) -> bool {
    let failing = record.state == bsk_schema::capture::RequestState::Failed
        || record.status.is_some_and(|s| s >= 400);
    super::windows::is_folded(&record.url, record.resource_type.as_deref(), failing)
}

fn state_name(state: BodyState) -> String {
    serde_json::to_value(state)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

impl Capture {
    /// A page of requests: all the traffic the capture retained, static resources, `data:` URLs
    /// and extension requests included (operation windows fold those; a list of requests does
    /// not). `logical`: one item per logical request, its final hop with the chain's ids;
    /// preflights and earlier hops are left out (`request --chain` shows them).
    pub fn requests_page(
        &self,
        since: Option<u64>,
        limit: Option<usize>,
        logical: bool,
    ) -> Result<ListPage<RequestSummary>, ReadError> {
        let limit = paging::validate_limit(limit)?;
        let shown = self.requests.iter();
        let summaries: Vec<RequestSummary> = if logical {
            shown
                .into_iter()
                .filter(|r| r.preflight_for.is_none() && self.next_hop(&r.id).is_none())
                .map(|r| {
                    let mut summary = r.summary();
                    if r.redirect_from.is_some() {
                        summary.chain = self.chain_of(&r.id).0;
                    }
                    summary
                })
                .collect()
        } else {
            shown.into_iter().map(RequestRecord::summary).collect()
        };
        let evicted = self.counters.requests_evicted + self.counters.bodies_evicted;
        let page = paging::page(&summaries, |r| r.revision, since, limit, evicted);
        Ok(ListPage {
            run_id: self.meta.run_id.clone(),
            items: page.items,
            next_since: page.next_since,
            truncated: page.truncated,
        })
    }

    pub fn console_page(
        &self,
        since: Option<u64>,
        limit: Option<usize>,
    ) -> Result<ListPage<ConsoleEntry>, ReadError> {
        let limit = paging::validate_limit(limit)?;
        let entries: Vec<ConsoleEntry> = self.console.iter().cloned().collect();
        let page = paging::page(
            &entries,
            |e| e.revision,
            since,
            limit,
            self.counters.console_evicted,
        );
        Ok(ListPage {
            run_id: self.meta.run_id.clone(),
            items: page.items,
            next_since: page.next_since,
            truncated: page.truncated,
        })
    }

    pub fn pages(&self) -> PagesResult {
        PagesResult {
            run_id: self.meta.run_id.clone(),
            pages: self.pages.iter().cloned().collect(),
            evicted: self.counters.pages_evicted,
        }
    }

    pub(super) fn window_of(&self, index: usize, now: u64) -> EvidenceWindow {
        let operation = &self.operations[index];
        let next = self.operations.get(index + 1).map(|o| o.started_at);
        evidence_window(
            operation.started_at,
            operation.ended_at,
            next,
            self.stopped_at,
            now,
        )
    }

    pub fn operations_page(
        &self,
        since: Option<u64>,
        limit: Option<usize>,
        all: bool,
        caused: bool,
        now: u64,
    ) -> Result<ListPage<OperationSummary>, ReadError> {
        let limit = paging::validate_limit(limit)?;
        let summaries: Vec<OperationSummary> = (0..self.operations.len())
            .map(|i| {
                let window = self.window_of(i, now);
                let count = |placement| {
                    (
                        self.requests
                            .iter()
                            .filter(|r| all || !is_folded(r))
                            .filter(|r| window.place(r.started_at) == placement)
                            .count(),
                        self.console
                            .iter()
                            .filter(|c| window.place(c.at) == placement)
                            .count(),
                    )
                };
                let (immediate_requests, immediate_console) = count(Placement::Immediate);
                let (possibly_related_requests, possibly_related_console) =
                    count(Placement::PossiblyRelated);
                OperationSummary {
                    operation: listed(&self.operations[i]),
                    immediate_requests,
                    immediate_console,
                    possibly_related_requests,
                    possibly_related_console,
                    caused: caused.then(|| self.caused_at(i, now)),
                }
            })
            .collect();
        let page = paging::page(
            &summaries,
            |o| o.operation.revision,
            since,
            limit,
            self.counters.operations_evicted,
        );
        Ok(ListPage {
            run_id: self.meta.run_id.clone(),
            items: page.items,
            next_since: page.next_since,
            truncated: page.truncated,
        })
    }

    pub fn has_operation(&self, id: &str) -> bool {
        self.operations.iter().any(|o| o.id == id)
    }

    /// One operation and its windows. Its picture's bytes come only `with_picture`: reads are
    /// small by default.
    pub fn operation_detail(
        &self,
        id: &str,
        all: bool,
        with_picture: bool,
        now: u64,
    ) -> Result<OperationDetail, ReadError> {
        let index = self
            .operations
            .iter()
            .position(|o| o.id == id)
            .ok_or_else(|| ReadError::NoOperation(id.to_string()))?;
        let window = self.window_of(index, now);
        let evidence = |placement, from, until| WindowEvidence {
            from,
            until,
            requests: self
                .requests
                .iter()
                .filter(|r| all || !is_folded(r))
                .filter(|r| window.place(r.started_at) == placement)
                .map(RequestRecord::summary)
                .collect(),
            folded: self
                .requests
                .iter()
                .filter(|r| !all && is_folded(r))
                .filter(|r| window.place(r.started_at) == placement)
                .count(),
            console: self
                .console
                .iter()
                .filter(|c| window.place(c.at) == placement)
                .cloned()
                .collect(),
        };
        Ok(OperationDetail {
            run_id: self.meta.run_id.clone(),
            operation: bsk_schema::capture::OperationRecord {
                field_chain: Some(self.field_chain(index, now)),
                ..if with_picture {
                    self.operations[index].clone()
                } else {
                    listed(&self.operations[index])
                }
            },
            immediate: evidence(Placement::Immediate, window.start, window.immediate_end),
            text_change: self.text_change(index),
            possibly_related: evidence(
                Placement::PossiblyRelated,
                window.immediate_end,
                window.related_end,
            ),
        })
    }

    /// Every retained operation.
    pub fn operations(&self) -> impl Iterator<Item = &OperationRecord> {
        self.operations.iter()
    }

    /// One part of a request. Body parts honour `offset`/`max_chars` (UTF-16 code units) or
    /// `pointer` (RFC 6901, on a complete retained JSON body, after redaction); `all` is the
    /// request whole, its two bodies sharing `max_chars`.
    pub fn request_part(
        &self,
        id: &str,
        part: RequestPart,
        offset: Option<usize>,
        max_chars: Option<usize>,
        pointer: Option<&str>,
    ) -> Result<RequestRead, ReadError> {
        let record = self
            .request(id)
            .ok_or_else(|| ReadError::NoRequest(id.to_string()))?;
        let part_name = match part {
            RequestPart::Metadata => "metadata",
            RequestPart::Headers => "headers",
            RequestPart::Timing => "timing",
            RequestPart::Request => "request",
            RequestPart::Response => "response",
            RequestPart::All => "all",
        };
        if pointer.is_some() && !matches!(part, RequestPart::Request | RequestPart::Response) {
            return Err(ReadError::PointerOnPart(part_name));
        }
        Ok(match part {
            RequestPart::Metadata => RequestRead::Metadata(Box::new(self.metadata(record))),
            RequestPart::Headers => RequestRead::Headers(headers(record)),
            RequestPart::Timing => RequestRead::Timing(timing(record)),
            RequestPart::Request | RequestPart::Response => RequestRead::Body(Box::new(body_read(
                record, part, offset, max_chars, pointer,
            )?)),
            RequestPart::All => {
                if offset.is_some() {
                    return Err(ReadError::OffsetOnWhole);
                }
                let (request_budget, response_budget) = fair_shares(
                    max_chars.unwrap_or(body::DEFAULT_MAX_CHARS),
                    record.request_body.units,
                    record.response_body.units,
                );
                let request_body =
                    body_read(record, RequestPart::Request, None, request_budget, None)?;
                let response_body =
                    body_read(record, RequestPart::Response, None, response_budget, None)?;
                RequestRead::Whole(Box::new(RequestWhole {
                    metadata: self.metadata(record),
                    chain: self.request_chain(id)?,
                    headers: headers(record),
                    timing: timing(record),
                    request_body,
                    response_body,
                }))
            }
        })
    }

    fn metadata(&self, record: &RequestRecord) -> RequestMetadata {
        RequestMetadata {
            summary: record.summary(),
            status_text: record.status_text.clone(),
            mime_type: record.mime_type.clone(),
            frame_id: record.frame_id.clone(),
            initiator: record.initiator.clone(),
            encoded_data_length: record.encoded_data_length,
            redirected_to: self.redirect_chain_after(&record.id),
        }
    }

    fn next_hop(&self, id: &str) -> Option<&RequestRecord> {
        self.requests
            .iter()
            .find(|r| r.redirect_from.as_deref() == Some(id))
    }

    /// The ids of every retained hop of `id`'s chain, first to last, and whether earlier hops
    /// were evicted.
    fn chain_of(&self, id: &str) -> (Vec<String>, bool) {
        let mut first = id.to_string();
        let mut evicted = false;
        while let Some(from) = self.request(&first).and_then(|r| r.redirect_from.clone()) {
            if self.request(&from).is_none() {
                evicted = true;
                break;
            }
            first = from;
        }
        let mut chain = vec![first.clone()];
        chain.extend(self.redirect_chain_after(&first));
        (chain, evicted)
    }

    /// `request <id> --chain`: every hop of its redirect chain, and its CORS preflight.
    pub fn request_chain(&self, id: &str) -> Result<RequestChain, ReadError> {
        if self.request(id).is_none() {
            return Err(ReadError::NoRequest(id.to_string()));
        }
        let (ids, starts_evicted) = self.chain_of(id);
        let hops: Vec<RequestSummary> = ids
            .iter()
            .filter_map(|hop| self.request(hop).map(RequestRecord::summary))
            .collect();
        let preflight = hops
            .iter()
            .find_map(|hop| hop.preflight.as_deref())
            .and_then(|p| self.request(p))
            .map(RequestRecord::summary);
        Ok(RequestChain {
            run_id: self.meta.run_id.clone(),
            id: id.to_string(),
            hops,
            preflight,
            starts_evicted,
        })
    }

    /// The ids of the hops that followed `id` in its redirect chain.
    fn redirect_chain_after(&self, id: &str) -> Vec<String> {
        let mut chain = Vec::new();
        let mut current = id.to_string();
        while let Some(next) = self
            .requests
            .iter()
            .find(|r| r.redirect_from.as_deref() == Some(current.as_str()))
        {
            chain.push(next.id.clone());
            current = next.id.clone();
        }
        chain
    }

    /// The export document: a point-in-time snapshot, bodies included.
    pub fn export(&self, saved_at: u64) -> ExportDocument {
        self.document(
            saved_at,
            self.requests.iter().cloned().collect(),
            self.console.iter().cloned().collect(),
            None,
        )
    }

    /// What a history checkpoint saves. A default capture's checkpoint is its export; a
    /// load-profile capture's is the spec-bounded newest slice (200 requests, 100 console
    /// entries, 512 Ki code units of body text, newest bodies first) with the complete summary,
    /// so that a checkpoint every two seconds costs what a default capture's does.
    ///
    /// A checkpoint is only ever read from history, where it is saved: its history status says
    /// so, rather than the status before this save ("no checkpoint saved yet" on the first, an
    /// extension not found yet), which would read as a problem beside the record itself. The
    /// confirmed count and time stay the daemon's.
    pub fn checkpoint(&self, saved_at: u64) -> ExportDocument {
        let mut doc = self.checkpoint_slice(saved_at);
        doc.run.history.available = true;
        doc.run.history.reason = None;
        doc
    }

    fn checkpoint_slice(&self, saved_at: u64) -> ExportDocument {
        use crate::bounds::{MAX_CAPTURE_TEXT_UNITS, MAX_CONSOLE_ENTRIES, MAX_REQUESTS};
        if self.limits.profile == CaptureProfile::Default {
            return self.export(saved_at);
        }
        let skip = self.requests.len().saturating_sub(MAX_REQUESTS);
        let mut requests: Vec<RequestRecord> = self.requests.iter().skip(skip).cloned().collect();
        let mut units = 0;
        let mut bodies_left_out = 0;
        for record in requests.iter_mut().rev() {
            for body in [&mut record.response_body, &mut record.request_body] {
                if body.units == 0 {
                    continue;
                }
                if units + body.units <= MAX_CAPTURE_TEXT_UNITS {
                    units += body.units;
                    continue;
                }
                let mime_type = body.mime_type.take();
                *body = bsk_schema::capture::Body {
                    mime_type,
                    ..bsk_schema::capture::Body::state(
                        BodyState::Evicted,
                        Some(bsk_schema::capture::BodyReason::CaptureBudget),
                    )
                };
                bodies_left_out += 1;
            }
        }
        let console_skip = self.console.len().saturating_sub(MAX_CONSOLE_ENTRIES);
        let slice = SliceInfo {
            requests_left_out: skip,
            console_left_out: console_skip,
            bodies_left_out,
        };
        self.document(
            saved_at,
            requests,
            self.console.iter().skip(console_skip).cloned().collect(),
            Some(slice),
        )
    }

    fn document(
        &self,
        saved_at: u64,
        requests: Vec<RequestRecord>,
        console: Vec<ConsoleEntry>,
        slice: Option<SliceInfo>,
    ) -> ExportDocument {
        // Computed once per snapshot, never per captured event.
        let problems = self.problems(saved_at);
        ExportDocument {
            version: 1,
            saved_at,
            run: self.run_info(),
            requests,
            operations: (0..self.operations.len())
                .map(|index| bsk_schema::capture::OperationRecord {
                    field_chain: Some(self.field_chain(index, saved_at)),
                    windows: Some(self.window_ids(index, saved_at)),
                    counts: Some(self.window_counts(index, &problems, saved_at)),
                    page_after: self.page_after(index).map(|(after, _)| after),
                    text_change: self.text_change(index),
                    ..self.operations[index].clone()
                })
                .collect(),
            problems: Some(problems),
            console,
            pages: self.pages.iter().cloned().collect(),
            extension_version: self.extension_version.clone(),
            user_agent: self.user_agent.clone(),
            summary: Some(self.summary()),
            slice,
        }
    }

    /// The ids of everything in an operation's two windows, folded resources included: the
    /// export is complete.
    fn window_ids(&self, index: usize, now: u64) -> OperationWindows {
        let window = self.window_of(index, now);
        let ids = |placement, from, until| WindowIds {
            from,
            until,
            requests: self
                .requests
                .iter()
                .filter(|r| window.place(r.started_at) == placement)
                .map(|r| r.id.clone())
                .collect(),
            console: self
                .console
                .iter()
                .filter(|c| window.place(c.at) == placement)
                .map(|c| c.id.clone())
                .collect(),
        };
        OperationWindows {
            immediate: ids(Placement::Immediate, window.start, window.immediate_end),
            possibly_related: ids(
                Placement::PossiblyRelated,
                window.immediate_end,
                window.related_end,
            ),
        }
    }

    pub fn stop_reason(&self) -> Option<&StopReason> {
        self.stop_reason.as_ref()
    }
}

/// An operation as lists and reads show it: its picture described, without its bytes.
fn listed(operation: &OperationRecord) -> OperationRecord {
    let mut listed = operation.clone();
    if let Some(picture) = &mut listed.picture {
        picture.base64 = None;
    }
    listed
}

fn headers(record: &RequestRecord) -> RequestHeaders {
    RequestHeaders {
        id: record.id.clone(),
        request: record.request_headers.clone(),
        request_raw: record.request_headers_raw.clone(),
        response: record.response_headers.clone(),
        response_raw: record.response_headers_raw.clone(),
    }
}

fn timing(record: &RequestRecord) -> RequestTiming {
    RequestTiming {
        id: record.id.clone(),
        started_at: record.started_at,
        ended_at: record.ended_at,
        duration_ms: record.ended_at.map(|e| e.saturating_sub(record.started_at)),
        timing: record.timing.clone(),
    }
}

/// A body as `request --part request|response` reads it: its state, and a slice of its text
/// (`offset`, `max_chars`) or the value at `pointer`.
fn body_read(
    record: &RequestRecord,
    part: RequestPart,
    offset: Option<usize>,
    max_chars: Option<usize>,
    pointer: Option<&str>,
) -> Result<BodyRead, ReadError> {
    let (body, part_name) = if part == RequestPart::Request {
        (&record.request_body, "request")
    } else {
        (&record.response_body, "response")
    };
    let mut read = BodyRead {
        id: record.id.clone(),
        part,
        // The text goes in its slice; a multipart body's parts come whole.
        body: bsk_schema::capture::Body {
            text: None,
            ..body.clone()
        },
        text: None,
        offset: None,
        next_offset: None,
        pointer: None,
        value: None,
    };
    match (pointer, body.text.as_deref()) {
        (Some(pointer), Some(text)) if body.state == BodyState::Available => {
            read.value = Some(body::pointer(text, pointer)?);
            read.pointer = Some(pointer.to_string());
        }
        (Some(_), _) => {
            return Err(ReadError::PointerNeedsCompleteBody {
                id: record.id.clone(),
                part: part_name,
                state: state_name(body.state),
            });
        }
        (None, Some(text)) => {
            let slice = body::slice(text, offset.unwrap_or(0), max_chars)?;
            read.text = Some(slice.text);
            read.offset = Some(slice.offset);
            read.next_offset = slice.next_offset;
        }
        (None, None) => {}
    }
    Ok(read)
}

/// How two bodies of `request` and `response` code units share a budget of `total`: fairly,
/// half each, a body that needs less leaving the rest to the other. A body with no text gets no
/// share; each share is at least one unit so a slice always progresses.
fn fair_shares(total: usize, request: usize, response: usize) -> (Option<usize>, Option<usize>) {
    let half = total / 2;
    let (req, resp) = match (request <= half, response <= total - half) {
        _ if request + response <= total => (request, response),
        (true, _) => (request, total - request),
        (_, true) => (total - response, response),
        _ => (half, total - half),
    };
    (Some(req.max(1)), Some(resp.max(1)))
}

#[cfg(test)]
mod fair_share_tests {
    use super::fair_shares;

    #[test]
    fn two_bodies_share_the_budget_and_a_short_one_leaves_the_rest() {
        assert_eq!(fair_shares(4096, 10, 100), (Some(10), Some(100)));
        assert_eq!(fair_shares(4096, 10, 10_000), (Some(10), Some(4086)));
        assert_eq!(fair_shares(4096, 10_000, 20), (Some(4076), Some(20)));
        assert_eq!(fair_shares(4096, 10_000, 10_000), (Some(2048), Some(2048)));
        assert_eq!(fair_shares(4096, 0, 0), (Some(1), Some(1)));
    }
}
