//! `Network.*` events into request records.
//!
//! Chrome's order is relied on only within one request id. An out-of-process iframe's document
//! request starts on the parent's session and finishes on the child's, so records are keyed by
//! the CDP request id across the whole capture, and a body is fetched from the session that saw
//! `loadingFinished`.
//!
//! - `request_sent`: a new record, the redirect hop it follows and its request body.
//! - `preflight`: CORS preflights linked to the requests they guard.
//! - `record_parts`: header sets, initiator, server address and sizes read off an event.
//! - here: the dispatch, responses, raw header sets, the end of a request (finished, failed,
//!   abandoned by its page).

mod preflight;
mod record_parts;
mod request_sent;

use bsk_schema::capture::{Body, BodyState, Headers, RequestRecord, RequestState};

use super::network_events::{
    Headers as EventHeaders, LoadingFailed, NetworkEvent, ResponseReceived,
};
use super::pending_extra::Side;
use super::{Capture, summary};
use crate::store::bodies::{BodyJob, BodyKind, is_binary_mime, is_static_type};
use crate::store::requests::request_id;
use record_parts::{header_set, remote_endpoint, wire_size};

/// The failure of a request whose page went away after its response came and before its end.
pub const ABANDONED: &str = "the page navigated away before the response ended";

impl Capture {
    /// Applies one `Network.*` event seen on `session_id` of `target_id`, its params as the
    /// browser's JSON text; returns the body work it calls for. Ignored once the capture has
    /// stopped. An event that does not read as its method's is counted with the dropped events.
    pub fn apply_network(
        &mut self,
        target_id: &str,
        session_id: &str,
        kind: impl Into<crate::cdp::EventKind>,
        params: &str,
        now: u64,
    ) -> Vec<BodyJob> {
        if !self.is_active() {
            return Vec::new();
        }
        match NetworkEvent::parse(kind, params) {
            Ok(Some(event)) => self.apply_network_event(target_id, session_id, &event, now),
            Ok(None) => Vec::new(),
            Err(_) => {
                self.count_dropped_events(1);
                Vec::new()
            }
        }
    }

    /// Applies one network event already read (off the capture's lock, see the target actor).
    pub fn apply_network_event(
        &mut self,
        target_id: &str,
        session_id: &str,
        event: &NetworkEvent<'_>,
        now: u64,
    ) -> Vec<BodyJob> {
        let cdp_id = event.request_id();
        match event {
            NetworkEvent::RequestWillBeSent(sent) => {
                self.request_will_be_sent(target_id, session_id, sent, now)
            }
            NetworkEvent::RequestExtraInfo(info) => {
                self.raw_headers(cdp_id, Side::Request, &info.headers);
                Vec::new()
            }
            NetworkEvent::ResponseReceived(received) => {
                self.response_received(received);
                Vec::new()
            }
            NetworkEvent::ResponseExtraInfo(info) => {
                self.raw_headers(cdp_id, Side::Response, &info.headers);
                Vec::new()
            }
            NetworkEvent::ServedFromCache(_) => {
                self.summary.cached(cdp_id);
                self.update(cdp_id, |record| record.from_cache = true);
                Vec::new()
            }
            NetworkEvent::LoadingFinished(finished) => {
                self.summary.ended(
                    cdp_id,
                    summary::Ending {
                        at: finished.timestamp,
                        bytes_in: finished.encoded_data_length.unwrap_or_default() as u64,
                        ..summary::Ending::default()
                    },
                );
                let ended = self.browser_ms(finished.timestamp, now);
                self.loading_finished(
                    target_id,
                    session_id,
                    cdp_id,
                    finished.encoded_data_length,
                    ended,
                )
            }
            NetworkEvent::DataReceived(data) => {
                self.data_received(
                    cdp_id,
                    data.encoded_data_length.max(0.0) as u64,
                    data.data_length.max(0.0) as u64,
                );
                Vec::new()
            }
            NetworkEvent::LoadingFailed(failed) => {
                self.loading_failed(cdp_id, failed, now);
                Vec::new()
            }
        }
    }

    /// Requests of the captured tab's main frame that a later document replaced: those that
    /// had their response but no end, started before the document that committed at
    /// `committed_at` was requested, will never get one — the browser drops their loaders unreported when
    /// the page goes away before it read their bodies. They end `failed`, saying so, rather
    /// than stay pending and read as "capture ended first". Documents are left alone.
    ///
    /// Called at stop (with the latest commit) and at each commit (with the one before, so that
    /// a request's own end, which travels in another lane than the commit, has long arrived).
    pub(super) fn settle_abandoned(&mut self, committed_at: u64) {
        let tab = self.meta.tab_id.clone();
        // The replacing document's own request started before anything of that document did
        // (by the browser's clock, as the requests are timed; the commit is by the daemon's).
        let replaced_at = self
            .requests
            .iter()
            .rev()
            .find(|r| {
                r.resource_type.as_deref() == Some("Document")
                    && r.frame_id.as_deref() == Some(tab.as_str())
                    && r.started_at <= committed_at
            })
            .map_or(committed_at, |document| document.started_at);
        let abandoned: Vec<String> = self
            .requests
            .numbered()
            .filter(|(_, r)| {
                r.state == RequestState::Pending
                    && r.status.is_some()
                    && r.started_at < replaced_at
                    && r.target_id == tab
                    && r.frame_id.as_deref() == Some(tab.as_str())
                    && r.resource_type.as_deref() != Some("Document")
            })
            .filter_map(|(n, _)| self.requests.cdp_id_of(n).map(str::to_string))
            .collect();
        for cdp_id in abandoned {
            self.summary.ended(
                &cdp_id,
                summary::Ending {
                    failure: Some(ABANDONED),
                    ..summary::Ending::default()
                },
            );
            self.update(&cdp_id, |record| {
                record.state = RequestState::Failed;
                record.ended_at = Some(replaced_at.max(record.started_at));
                record.failure = Some(ABANDONED.to_string());
                super::workers::end_failed_body(record);
            });
        }
    }

    fn response_received(&mut self, params: &ResponseReceived<'_>) {
        let cdp_id: &str = &params.request_id;
        let response = &params.response;
        if let Some(status) = response.status() {
            self.summary.responded(cdp_id, status);
        }
        if response.served_from_cache() || response.from_service_worker {
            self.summary.cached(cdp_id);
        }
        // Redacted only for a request this capture has (not for one it evicted).
        let headers = self
            .requests
            .knows(cdp_id)
            .then(|| header_set(&mut self.redactions, &response.headers));
        self.update(cdp_id, |record| {
            record.status = response.status();
            record.status_text = response.status_text.as_deref().map(str::to_string);
            record.response_headers = headers.unwrap_or_default();
            record.mime_type = response.mime_type.as_deref().map(str::to_string);
            record.from_cache |= response.served_from_cache();
            record.from_service_worker = response.from_service_worker;
            record.timing = response.timing.clone();
            record.response_headers_size = wire_size(response.encoded_data_length);
            remote_endpoint(record, response);
            if let Some(kind) = params.resource_type.as_deref() {
                record.resource_type = Some(kind.to_string());
            }
        });
        self.apply_pending_extra(cdp_id);
    }

    fn loading_finished(
        &mut self,
        target_id: &str,
        session_id: &str,
        cdp_id: &str,
        encoded_data_length: Option<f64>,
        ended_at: u64,
    ) -> Vec<BodyJob> {
        let Some(n) = self.requests.latest_hop(cdp_id) else {
            return Vec::new();
        };
        let mut job = None;
        self.update(cdp_id, |record| {
            // An out-of-process iframe's document starts on its parent's session and finishes on
            // its own: it belongs to the iframe target, whose buffer holds its body.
            record.target_id = target_id.to_string();
            record.state = RequestState::Complete;
            record.ended_at = Some(ended_at);
            if record.failure.as_deref() == Some(ABANDONED) {
                record.failure = None;
            }
            record.encoded_data_length = encoded_data_length;
            if record.response_body.state != BodyState::Pending {
                return;
            }
            let mime = record.mime_type.clone().unwrap_or_default();
            let bodiless =
                matches!(record.status, Some(101 | 204 | 205 | 304)) || record.method == "HEAD";
            record.response_body = if bodiless {
                Body::state(BodyState::Empty, None)
            } else {
                // Binary bodies are read too, when the pool has room, to be identified.
                job = Some(BodyJob {
                    record_id: request_id(n),
                    kind: BodyKind::Response,
                    session_id: session_id.to_string(),
                    cdp_request_id: cdp_id.to_string(),
                    content_type: mime.clone(),
                    best_effort: is_binary_mime(&mime),
                    low_priority: is_static_type(record.resource_type.as_deref()),
                });
                Body {
                    mime_type: Some(mime).filter(|m| !m.is_empty()),
                    ..Body::state(BodyState::Pending, None)
                }
            };
        });
        job.into_iter().collect()
    }

    /// `Network.loadingFailed`: the request ends `failed`, saying why, and a body still pending
    /// with it.
    fn loading_failed(&mut self, cdp_id: &str, failed: &LoadingFailed<'_>, now: u64) {
        let error = failed.error_text.as_deref().unwrap_or("failed").to_string();
        self.summary.ended(
            cdp_id,
            summary::Ending {
                at: failed.timestamp,
                failure: Some(&error),
                ..summary::Ending::default()
            },
        );
        let canceled = failed.canceled;
        let blocked = failed.blocked_reason.as_deref();
        let ended = self.browser_ms(failed.timestamp, now);
        self.update(cdp_id, |record| {
            record.state = RequestState::Failed;
            record.ended_at = Some(ended);
            record.failure = Some(match (blocked, canceled) {
                (Some(blocked), _) => format!("{error} (blocked: {blocked})"),
                (None, true) => format!("{error} (canceled)"),
                (None, false) => error.clone(),
            });
            // A stream the page closed (or lost) ends as what it is, with its bytes.
            super::workers::end_failed_body(record);
        });
    }

    /// A network event's monotonic `timestamp` (seconds) as milliseconds since the epoch on the
    /// browser's clock, the one requests start by (`wallTime`): a request's end is when the
    /// browser saw it, however late the daemon reads the event. `now` until a request has given
    /// the clocks' offset, or for an event without a timestamp.
    fn browser_ms(&self, timestamp: f64, now: u64) -> u64 {
        match self.browser_clock {
            Some(offset) if timestamp > 0.0 => millis(Some(timestamp + offset))
                .filter(|ms| *ms > 0)
                .unwrap_or(now),
            _ => now,
        }
    }

    /// Applies `change` to the record of `cdp_id`'s latest hop and bumps its revision.
    fn update(&mut self, cdp_id: &str, change: impl FnOnce(&mut RequestRecord)) {
        let Some(n) = self.requests.latest_hop(cdp_id) else {
            return;
        };
        let revision = self.bump();
        if let Some(record) = self.requests.at_mut(n) {
            record.revision = revision;
            change(record);
        }
    }

    /// One raw header set (an `…ExtraInfo` event): on its record, or waiting for its request
    /// (see [`PendingExtraInfo`](super::pending_extra::PendingExtraInfo)), or let go unread when
    /// its request was evicted.
    fn raw_headers(&mut self, cdp_id: &str, side: Side, headers: &EventHeaders<'_>) {
        let known = self.requests.knows(cdp_id);
        if !known && self.pending_extra.let_go(cdp_id, side) {
            return;
        }
        let headers = header_set(&mut self.redactions, headers);
        if known {
            self.put_raw_headers(cdp_id, side, headers);
            return;
        }
        let bound = crate::bounds::pending_extra_info(self.limits.max_requests);
        if self.pending_extra.wait(cdp_id, side, headers, bound) {
            self.counters.extra_info_dropped += 1;
        }
    }

    /// Puts redacted raw headers on the record of `cdp_id`'s latest hop.
    fn put_raw_headers(&mut self, cdp_id: &str, side: Side, headers: Headers) {
        self.update(cdp_id, |record| match side {
            Side::Request => record.request_headers_raw = Some(headers),
            Side::Response => record.response_headers_raw = Some(headers),
        });
    }

    /// Applies the raw headers that came before `cdp_id`'s request or response. Runs for every
    /// request and response, so it looks before it takes: nearly always nothing waits. Raw
    /// headers of a request the capture does not hold keep waiting.
    fn apply_pending_extra(&mut self, cdp_id: &str) {
        if !self.requests.knows(cdp_id) {
            return;
        }
        for (side, headers) in self.pending_extra.take(cdp_id) {
            self.put_raw_headers(cdp_id, side, headers);
        }
    }
}

/// Seconds as whole milliseconds.
fn millis(seconds: Option<f64>) -> Option<u64> {
    seconds.map(|s| (s * 1000.0) as u64)
}
