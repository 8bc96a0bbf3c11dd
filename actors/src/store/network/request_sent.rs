//! `Network.requestWillBeSent`: a new request record, the hop it redirects from, and its
//! request body, kept from the event or fetched.

use bsk_schema::capture::{
    Body, BodyReason, BodyState, Headers, RequestHead, RequestRecord, RequestState,
};

use super::millis;
use super::record_parts::{header_set, initiator, remote_endpoint, wire_size};
use crate::model::redact;
use crate::store::bodies::{BodyJob, BodyKind, is_binary_mime, is_multipart, retain_text};
use crate::store::network_events::{Request, RequestWillBeSent, Response};
use crate::store::requests::request_id;
use crate::store::{Capture, summary};

impl Capture {
    /// A request was sent: a new record, its request body kept from the event or fetched (the
    /// job returned), linked to the hop it redirects from and to its preflight.
    pub(super) fn request_will_be_sent(
        &mut self,
        target_id: &str,
        session_id: &str,
        params: &RequestWillBeSent<'_>,
        now: u64,
    ) -> Vec<BodyJob> {
        let cdp_id: &str = &params.request_id;
        let sent = params.timestamp;
        if let Some(wall) = params.wall_time
            && wall > 0.0
            && sent > 0.0
        {
            self.browser_clock = Some(wall - sent);
        }
        let redirect_from = params
            .redirect_response
            .as_ref()
            .and_then(|redirect| self.redirect_hop(cdp_id, redirect, sent, now));
        self.make_room_for_request();
        self.issued.requests += 1;
        self.counters.requests_seen += 1;
        let id = request_id(self.issued.requests);
        let request = &params.request;
        let mime = request
            .headers
            .get("content-type")
            .unwrap_or_default()
            .to_string();
        let mut jobs = Vec::new();
        let fetch = |jobs: &mut Vec<BodyJob>| {
            jobs.push(BodyJob {
                record_id: id.clone(),
                kind: BodyKind::Request,
                session_id: session_id.to_string(),
                cdp_request_id: cdp_id.to_string(),
                content_type: mime.clone(),
                best_effort: false,
                low_priority: false,
            });
            Body {
                mime_type: Some(mime.clone()).filter(|m| !m.is_empty()),
                ..Body::state(BodyState::Pending, None)
            }
        };
        let binary = |text: &str| is_binary_mime(&mime) || text.contains('\0');
        let request_body = match (request.post_data.as_deref(), request.has_post_data) {
            // Multipart bodies are parsed into parts by the pool, off the capture's lock.
            (Some(_), _) if is_multipart(&mime) => fetch(&mut jobs),
            // Binary bytes the event carries exactly (base64 entries): identified here.
            (Some(text), _) if binary(text) => match event_bytes(request) {
                Some(bytes) => Body {
                    mime_type: Some(mime.clone()).filter(|m| !m.is_empty()),
                    binary: Some(crate::model::binary::facts(&bytes)),
                    ..Body::state(BodyState::Omitted, Some(BodyReason::Binary))
                },
                None => fetch(&mut jobs),
            },
            (Some(text), _) => retain_text(text, &mime),
            (None, Some(true)) => fetch(&mut jobs),
            (None, _) => Body::state(BodyState::Empty, None),
        };
        let started_at = millis(params.wall_time).unwrap_or(now);
        let url = redact::kept_url(&request.url);
        let method = request.method.as_deref().unwrap_or("GET");
        self.summary.sent(cdp_id, method, &url, started_at, sent);
        if let Some(bytes) = body_bytes(request) {
            self.summary.bytes_out(cdp_id, bytes);
        }
        // A dedicated worker whose script this is may have attached first (its attach travels
        // ahead of the page's evidence): then its body is known not to come here.
        let response_body = if self.awaited_worker_script(&url, now) {
            Body::state(BodyState::Unavailable, Some(BodyReason::WorkerNotCaptured))
        } else {
            Body::state(BodyState::Pending, None)
        };
        let head = RequestHead {
            id: id.clone(),
            revision: self.bump(),
            redirect_from,
            preflight_for: None,
            preflight: None,
            url,
            method: method.to_string(),
            resource_type: params.resource_type.as_deref().map(str::to_string),
            state: RequestState::Pending,
            started_at,
            status: None,
            target_id: target_id.to_string(),
            failure: None,
            from_cache: false,
            from_service_worker: false,
            untrusted_certificate: false,
            worker: self.worker_of(target_id),
            emulation: self.emulation.label_at(started_at),
        };
        let record = RequestRecord {
            head,
            ended_at: None,
            status_text: None,
            frame_id: params.frame_id.as_deref().map(str::to_string),
            mime_type: None,
            encoded_data_length: None,
            response_headers_size: None,
            protocol: None,
            remote_ip: None,
            remote_port: None,
            initiator: initiator(&mut self.redactions, params.initiator.as_ref()),
            timing: None,
            request_headers: header_set(&mut self.redactions, &request.headers),
            request_headers_raw: None,
            response_headers: Headers::default(),
            response_headers_raw: None,
            request_body,
            response_body,
        };
        self.text_units += record.request_body.units;
        self.count_into_operation_window(started_at);
        self.requests.push(self.issued.requests, cdp_id, record);
        if self.pending_extra.retained(cdp_id) {
            self.counters.extra_info_dropped += 1;
        }
        self.link_preflight(cdp_id, &id, params.initiator.as_ref());
        self.make_room_for_text(0, &id);
        self.apply_pending_extra(cdp_id);
        jobs
    }

    /// The response that redirected `cdp_id` (sent again at `sent`, the browser's seconds) ends
    /// its previous hop, which completes bodiless; answers that hop's id while it is retained.
    fn redirect_hop(
        &mut self,
        cdp_id: &str,
        redirect: &Response<'_>,
        sent: f64,
        now: u64,
    ) -> Option<String> {
        if redirect.served_from_cache() {
            self.summary.cached(cdp_id);
        }
        self.summary.ended(
            cdp_id,
            summary::Ending {
                at: sent,
                status: redirect.status(),
                bytes_in: redirect.encoded_data_length.unwrap_or_default() as u64,
                ..summary::Ending::default()
            },
        );
        let previous = self.requests.latest_hop(cdp_id)?;
        let redirected_at = self.browser_ms(sent, now);
        let revision = self.bump();
        let headers = header_set(&mut self.redactions, &redirect.headers);
        if let Some(record) = self.requests.at_mut(previous) {
            record.revision = revision;
            record.state = RequestState::Complete;
            record.ended_at = Some(redirected_at);
            record.status = redirect.status();
            record.status_text = redirect.status_text.as_deref().map(str::to_string);
            record.response_headers = headers;
            record.timing = redirect.timing.clone();
            record.encoded_data_length = redirect.encoded_data_length;
            record.response_headers_size = wire_size(redirect.encoded_data_length);
            // Chromium keeps a 301 in its cache: the hop never reached the server.
            record.from_cache |= redirect.served_from_cache();
            remote_endpoint(record, redirect);
            record.response_body = Body::state(BodyState::Empty, None);
        }
        Some(request_id(previous))
    }
}

/// The exact bytes of a request body the event carries (`postDataEntries`, base64 each).
fn event_bytes(request: &Request<'_>) -> Option<Vec<u8>> {
    use base64::Engine;
    let entries = request.post_data_entries.as_ref()?;
    let mut bytes = Vec::new();
    for entry in entries {
        let chunk = base64::engine::general_purpose::STANDARD
            .decode(entry.bytes.as_deref()?)
            .ok()?;
        bytes.extend_from_slice(&chunk);
    }
    Some(bytes)
}

/// How many bytes a request body has, from what the event carries: the decoded size of its
/// `postDataEntries` (base64), or its `postData` text.
fn body_bytes(request: &Request<'_>) -> Option<u64> {
    if let Some(entries) = &request.post_data_entries {
        let decoded = |b64: &str| {
            let padding = b64.bytes().rev().take_while(|b| *b == b'=').count();
            (b64.len() / 4 * 3).saturating_sub(padding) as u64
        };
        return Some(
            entries
                .iter()
                .filter_map(|e| e.bytes.as_deref())
                .map(decoded)
                .sum(),
        );
    }
    request.post_data.as_deref().map(|text| text.len() as u64)
}
