//! `Network.*` events into request records.
//!
//! Chrome's order is relied on only within one request id. An out-of-process iframe's document
//! request starts on the parent's session and finishes on the child's, so records are keyed by
//! the CDP request id across the whole capture, and a body is fetched from the session that saw
//! `loadingFinished`.

use bsk_schema::capture::{
    BinaryFacts, Body, BodyPart, BodyReason, BodyState, Headers, RequestRecord, RequestState,
};
use serde_json::json;

use super::network_events::{
    Headers as EventHeaders, Initiator, NetworkEvent, Request, RequestWillBeSent, Response,
    ResponseReceived,
};
use super::pending_extra::Side;
use super::{Capture, summary};
use crate::bounds::{MAX_BODY_UNITS, MAX_HEADER_SET_CHARS};
use crate::model::body::{cut_to_utf16, truncate_utf16, utf16_len};
use crate::model::redact;

/// Structured (JSON, form) bodies beyond this many code units are omitted as
/// `oversized_structured` rather than parsed for redaction: a bound on the work one body costs.
pub const MAX_STRUCTURED_UNITS: usize = 4 * MAX_BODY_UNITS;

/// Which body of a request a job is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BodyKind {
    /// `Network.getRequestPostData`.
    Request,
    /// `Network.getResponseBody`.
    Response,
}

impl BodyKind {
    /// This body of `record`.
    pub fn of(self, record: &RequestRecord) -> &Body {
        match self {
            BodyKind::Request => &record.request_body,
            BodyKind::Response => &record.response_body,
        }
    }

    fn of_mut(self, record: &mut RequestRecord) -> &mut Body {
        match self {
            BodyKind::Request => &mut record.request_body,
            BodyKind::Response => &mut record.response_body,
        }
    }
}

/// Body work a network event calls for; the body fetcher pool carries it out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BodyJob {
    pub record_id: String,
    pub kind: BodyKind,
    /// The CDP session to ask.
    pub session_id: String,
    pub cdp_request_id: String,
    /// The body's full `Content-Type` (a multipart boundary included), when known.
    pub content_type: String,
    /// Only to identify a binary body (size, digest, type): done when the pool has room, and
    /// its failure leaves the body `omitted`/`binary` rather than `unavailable`.
    pub best_effort: bool,
    /// A static resource's body (script, style, image, font, media): fetched after documents,
    /// XHR/fetch and request bodies, and the first to give way when the queue is full.
    pub low_priority: bool,
}

/// Whether a resource type's body waits behind documents, XHR and fetch in the body queue.
pub fn is_static_type(resource_type: Option<&str>) -> bool {
    matches!(
        resource_type,
        Some("Script" | "Stylesheet" | "Image" | "Font" | "Media" | "Manifest" | "TextTrack")
    )
}

/// What the browser answered for a body job, read off the capture's lock by the pool.
#[derive(Debug, Clone)]
pub enum BodyOutcome {
    /// The body's text, to be bounded and redacted when applied.
    Text(String),
    /// The body already bounded and redacted (by the pool, off the capture's lock).
    Retained(Body),
    /// Binary bytes, identified; none of them kept.
    Binary(BinaryFacts),
    /// A multipart body as its parts, and how many more parts there were.
    Multipart {
        parts: Vec<BodyPart>,
        dropped: usize,
    },
    /// Not obtained, for this reason.
    Failed(BodyReason),
}

/// Whether a body of this type is parsed into parts.
pub fn is_multipart(content_type: &str) -> bool {
    content_type.to_ascii_lowercase().starts_with("multipart/")
}

/// Redacts and bounds one header set: 4 Ki characters, the rest counted as dropped. Values
/// redacted before (`memo`) are not scanned again.
fn header_set(memo: &mut redact::Memo, headers: &EventHeaders<'_>) -> Headers {
    let mut set = Headers {
        entries: Vec::with_capacity(headers.0.len()),
        dropped: 0,
    };
    let mut chars = 0;
    for (name, value) in &headers.0 {
        // A header value may hold several lines (several Set-Cookie headers), each redacted
        // alone; most hold one.
        let value = memo.redacted(redact::MemoKind::Header(name), value, || {
            if value.contains('\n') {
                let redacted: Vec<String> = value
                    .split('\n')
                    .map(|line| redact::header(name, line))
                    .collect();
                redacted.join("\n")
            } else {
                redact::header(name, value)
            }
        });
        let size = name.chars().count() + value.chars().count();
        if chars + size > MAX_HEADER_SET_CHARS {
            set.dropped += 1;
            continue;
        }
        chars += size;
        set.entries.push((memo.name(name), value));
    }
    set
}

/// Whether a body of this content type is bytes rather than text.
pub fn is_binary_type(content_type: &str) -> bool {
    is_binary_mime(content_type)
}

/// Whether `mime`, in any case, names bytes rather than text (without a lowercase copy: it is
/// asked for every finished request).
fn is_binary_mime(mime: &str) -> bool {
    let mime = mime.as_bytes();
    let has = |part: &str| {
        mime.windows(part.len())
            .any(|window| window.eq_ignore_ascii_case(part.as_bytes()))
    };
    let textual = mime.is_empty()
        || mime
            .get(..5)
            .is_some_and(|start| start.eq_ignore_ascii_case(b"text/"))
        || [
            "json",
            "javascript",
            "xml",
            "x-www-form-urlencoded",
            "graphql",
            "ecmascript",
            "svg",
        ]
        .into_iter()
        .any(has);
    !textual
}

fn is_structured(mime: &str) -> bool {
    let mime = mime.to_ascii_lowercase();
    mime.contains("json") || mime.contains("x-www-form-urlencoded")
}

/// Turns body text into a retained body: binary and multipart are omitted; everything else is
/// redacted and bounded to 64 Ki code units. A body too large to parse is cut first and redacted
/// as text; a secret cut at the end is still redacted (its value runs to the end).
pub fn retain_text(text: &str, mime: &str) -> Body {
    let mime_type = (!mime.is_empty()).then(|| mime.to_string());
    let with_mime = |body: Body| Body {
        mime_type: mime_type.clone(),
        ..body
    };
    if text.is_empty() {
        return with_mime(Body::state(BodyState::Empty, None));
    }
    let lower = mime.to_ascii_lowercase();
    if lower.starts_with("multipart/") {
        return with_mime(Body::state(BodyState::Omitted, Some(BodyReason::Multipart)));
    }
    if is_binary_mime(&lower) || text.contains('\0') {
        return with_mime(Body::state(BodyState::Omitted, Some(BodyReason::Binary)));
    }
    let original = utf16_len(text);
    if is_structured(&lower) && original > MAX_STRUCTURED_UNITS {
        return Body {
            original_units: Some(original),
            ..with_mime(Body::state(
                BodyState::Omitted,
                Some(BodyReason::OversizedStructured),
            ))
        };
    }
    // Bounded work whatever the MIME type says: a body too large to be parsed as structured
    // data (a huge `text/plain` body that starts with `{`) is cut to what can be kept before it
    // is redacted, as text. A value cut at the end is still redacted: an unterminated value runs
    // to the end of the text.
    let (raw, cut) = if original > MAX_STRUCTURED_UNITS {
        let (raw, cut) = truncate_utf16(text, MAX_BODY_UNITS);
        (std::borrow::Cow::Owned(raw), cut)
    } else {
        (std::borrow::Cow::Borrowed(text), false)
    };
    let mut kept = redact::body(&raw, mime);
    let over = cut_to_utf16(&mut kept, MAX_BODY_UNITS);
    let truncated = cut || over;
    let units = utf16_len(&kept);
    Body {
        state: if truncated {
            BodyState::Truncated
        } else {
            BodyState::Available
        },
        reason: truncated.then_some(BodyReason::BodyLimit),
        mime_type,
        text: Some(kept),
        units,
        original_units: Some(original),
        binary: None,
        parts: None,
        parts_dropped: 0,
        bytes_seen: None,
    }
}

impl Capture {
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
}

fn millis(seconds: Option<f64>) -> Option<u64> {
    seconds.map(|s| (s * 1000.0) as u64)
}

/// The first stack frame of an initiator at most: enough to say where a request came from.
fn initiator(memo: &mut redact::Memo, value: Option<&Initiator<'_>>) -> Option<serde_json::Value> {
    let value = value?;
    let kind = value.kind.as_deref()?;
    let frame = value.stack.as_ref().and_then(|s| s.call_frames.as_ref());
    let url = value
        .url
        .as_deref()
        .or_else(|| frame.and_then(|f| f.url.as_deref()));
    let line = value
        .line_number
        .as_ref()
        .or_else(|| frame.and_then(|f| f.line_number.as_ref()));
    let mut out = json!({ "type": kind });
    if let Some(url) = url.filter(|u| !u.is_empty()) {
        out["url"] = json!(&*memo.redacted(redact::MemoKind::Url, url, || redact::kept_url(url)));
    }
    if let Some(line) = line {
        out["line"] = serde_json::Value::Number(line.clone());
    }
    Some(out)
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

/// Preflights whose guarded request has not been reported yet, at most.
const MAX_PREFLIGHTS_WAITING: usize = 32;

/// The protocol and server address of a CDP `Response`; a page's JavaScript cannot set them.
/// The failure of a request whose page went away after its response came and before its end.
pub const ABANDONED: &str = "the page navigated away before the response ended";

/// A byte count the browser reported, when it is one.
fn wire_size(bytes: Option<f64>) -> Option<u64> {
    bytes
        .filter(|n| n.is_finite() && *n >= 0.0)
        .map(|n| n.round() as u64)
}

fn remote_endpoint(record: &mut RequestRecord, response: &Response<'_>) {
    record.protocol = response
        .protocol
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(str::to_string);
    record.remote_ip = response
        .remote_ip_address
        .as_deref()
        .map(|ip| ip.trim_start_matches('[').trim_end_matches(']'))
        .filter(|ip| ip.parse::<std::net::IpAddr>().is_ok())
        .map(str::to_string);
    record.untrusted_certificate = response.security_details.is_some()
        && response.security_state.as_deref() == Some("insecure");
    record.remote_port = response
        .remote_port
        .filter(|port| port.fract() == 0.0 && (1.0..=65535.0).contains(port))
        .map(|port| port as u16);
}

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
                    if record.response_body.state == BodyState::Pending {
                        // A stream the page closed (or lost) ends as what it is, with its bytes.
                        record.response_body = super::workers::stream_end(
                            record.mime_type.as_deref(),
                            record.state,
                            &record.response_body,
                        )
                        .unwrap_or_else(|| {
                            Body::state(BodyState::Unavailable, Some(BodyReason::RequestFailed))
                        });
                    }
                });
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
            .iter()
            .filter(|r| {
                r.state == RequestState::Pending
                    && r.status.is_some()
                    && r.started_at < replaced_at
                    && r.target_id == tab
                    && r.frame_id.as_deref() == Some(tab.as_str())
                    && r.resource_type.as_deref() != Some("Document")
            })
            .filter_map(|r| {
                let n = super::id_number(&r.id)?;
                self.cdp_of.get(&n).cloned()
            })
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
                if record.response_body.state == BodyState::Pending {
                    record.response_body = super::workers::stream_end(
                        record.mime_type.as_deref(),
                        record.state,
                        &record.response_body,
                    )
                    .unwrap_or_else(|| {
                        Body::state(BodyState::Unavailable, Some(BodyReason::RequestFailed))
                    });
                }
            });
        }
    }

    fn request_will_be_sent(
        &mut self,
        target_id: &str,
        session_id: &str,
        params: &RequestWillBeSent<'_>,
        now: u64,
    ) -> Vec<BodyJob> {
        let cdp_id: &str = &params.request_id;
        let mut redirect_from = None;
        let sent = params.timestamp;
        if let Some(wall) = params.wall_time
            && wall > 0.0
            && sent > 0.0
        {
            self.browser_clock = Some(wall - sent);
        }
        let redirected_at = self.browser_ms(sent, now);
        if let Some(redirect) = &params.redirect_response {
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
        }
        if let Some(redirect) = &params.redirect_response
            && let Some(previous) = self.by_cdp_id.get(cdp_id).copied()
        {
            let revision = self.bump();
            let headers = header_set(&mut self.redactions, &redirect.headers);
            if let Some(record) = self.record_mut_at(previous) {
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
            redirect_from = Some(super::request_id(previous));
        }
        self.make_room_for_request();
        self.issued.requests += 1;
        self.counters.requests_seen += 1;
        let id = super::request_id(self.issued.requests);
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
        let response_body = if self.awaited_worker_script(&url) {
            Body::state(BodyState::Unavailable, Some(BodyReason::WorkerNotCaptured))
        } else {
            Body::state(BodyState::Pending, None)
        };
        let record = RequestRecord {
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
            ended_at: None,
            status: None,
            status_text: None,
            target_id: target_id.to_string(),
            frame_id: params.frame_id.as_deref().map(str::to_string),
            failure: None,
            from_cache: false,
            from_service_worker: false,
            untrusted_certificate: false,
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
            worker: self.worker_of(target_id),
        };
        self.text_units += record.request_body.units;
        self.count_into_operation_window(started_at);
        self.requests.push_back(record);
        self.numbers.push_back(self.issued.requests);
        self.note_text(&id);
        if self.pending_extra.retained(cdp_id) {
            self.counters.extra_info_dropped += 1;
        }
        self.by_cdp_id
            .insert(cdp_id.to_string(), self.issued.requests);
        self.cdp_of.insert(self.issued.requests, cdp_id.to_string());
        self.link_preflight(cdp_id, &id, params.initiator.as_ref());
        self.make_room_for_text(0, &id);
        self.apply_pending_extra(cdp_id);
        jobs
    }

    /// Links a CORS preflight and the request it guards, whichever of the two the browser
    /// reported first (a preflight's initiator names the guarded request's CDP id).
    fn link_preflight(&mut self, cdp_id: &str, id: &str, initiator: Option<&Initiator<'_>>) {
        let pair =
            if let Some(initiator) = initiator.filter(|i| i.kind.as_deref() == Some("preflight")) {
                let Some(guarded_cdp) = initiator.request_id.as_deref() else {
                    return;
                };
                match self.by_cdp_id.get(guarded_cdp) {
                    Some(&guarded) => (id.to_string(), super::request_id(guarded)),
                    None => {
                        if self.preflights_waiting.len() == MAX_PREFLIGHTS_WAITING {
                            self.preflights_waiting.pop_front();
                        }
                        self.preflights_waiting
                            .push_back((guarded_cdp.to_string(), id.to_string()));
                        return;
                    }
                }
            } else {
                let Some(at) = self
                    .preflights_waiting
                    .iter()
                    .position(|(guarded_cdp, _)| guarded_cdp == cdp_id)
                else {
                    return;
                };
                let Some((_, preflight)) = self.preflights_waiting.remove(at) else {
                    return;
                };
                (preflight, id.to_string())
            };
        let (preflight, guarded) = pair;
        let revision = self.bump();
        if let Some(record) = self.record_mut(&preflight) {
            record.preflight_for = Some(guarded.clone());
            record.revision = revision;
        }
        if let Some(record) = self.record_mut(&guarded) {
            record.preflight = Some(preflight);
            record.revision = revision;
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
            .by_cdp_id
            .contains_key(cdp_id)
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
        let Some(&n) = self.by_cdp_id.get(cdp_id) else {
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
                    record_id: super::request_id(n),
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

    /// How many times this capture has let requests go (each eviction, and the stop). A queued
    /// body job stops being wanted ([`Capture::wants_body`]) only when this grows: its body is
    /// pending until its own fetch ends, the record leaves, or the capture stops.
    pub fn requests_let_go(&self) -> u64 {
        self.counters.requests_evicted + u64::from(self.stopped_at.is_some())
    }

    /// Whether a job's body is still wanted: its record is retained and the body still pending.
    /// A queued job whose record was evicted meanwhile is not fetched at all.
    pub fn wants_body(&self, job: &BodyJob) -> bool {
        self.job_body(job)
            .is_some_and(|body| body.state == BodyState::Pending)
    }

    /// The body `job` is about, while its record is retained.
    fn job_body(&self, job: &BodyJob) -> Option<&Body> {
        self.request(&job.record_id)
            .map(|record| job.kind.of(record))
    }

    /// Whether a body that gave way to a full queue (`saturated`) is worth a second try now:
    /// its record is retained, the capture records, and the body still reads `saturated`.
    pub fn retries_body(&self, job: &BodyJob) -> bool {
        !job.best_effort
            && self.stopped_at.is_none()
            && self.job_body(job).is_some_and(|body| {
                body.state == BodyState::Unavailable && body.reason == Some(BodyReason::Saturated)
            })
    }

    /// Applies the answer to a second try of a body that had given way to a full queue. A body
    /// obtained takes the place of `saturated` (counted as refetched, no longer as saturated); a
    /// failure leaves it `saturated`, which is still why it is missing.
    pub fn apply_second_try(&mut self, job: &BodyJob, outcome: BodyOutcome) {
        if matches!(outcome, BodyOutcome::Failed(_)) || !self.retries_body(job) {
            return;
        }
        if let Some(record) = self.record_mut(&job.record_id) {
            let body = job.kind.of_mut(record);
            *body = Body {
                mime_type: body.mime_type.take(),
                ..Body::state(BodyState::Pending, None)
            };
        }
        self.counters.bodies_saturated = self.counters.bodies_saturated.saturating_sub(1);
        self.counters.bodies_refetched += 1;
        self.apply_body(job, outcome);
    }

    /// Counts body fetches not made because their request was evicted before its turn.
    pub fn count_skipped_fetches(&mut self, skipped: u64) {
        if skipped > 0 {
            self.counters.body_fetches_skipped += skipped;
            self.bump();
        }
    }

    /// Applies the browser's answer to a body job. A body whose record was evicted, or that is no
    /// longer pending (the capture stopped), is ignored.
    pub fn apply_body(&mut self, job: &BodyJob, outcome: BodyOutcome) {
        let Some(record) = self.request(&job.record_id) else {
            return;
        };
        let current = job.kind.of(record);
        if current.state != BodyState::Pending {
            return;
        }
        let mime = current
            .mime_type
            .clone()
            .or_else(|| record.mime_type.clone())
            .unwrap_or_default();
        let mime_type = Some(mime.clone()).filter(|m| !m.is_empty());
        let body = match outcome {
            BodyOutcome::Binary(facts) => Body {
                mime_type,
                binary: Some(facts),
                ..Body::state(BodyState::Omitted, Some(BodyReason::Binary))
            },
            BodyOutcome::Multipart { mut parts, dropped } => {
                if record.resource_type.as_deref() == Some("Document") {
                    for part in parts
                        .iter_mut()
                        .filter(|p| p.filename.is_some() && p.bytes == 0)
                    {
                        part.unread = true;
                        part.sha256 = None;
                        part.sniffed_type = None;
                    }
                }
                let units = parts
                    .iter()
                    .filter_map(|p| p.value.as_deref())
                    .map(utf16_len)
                    .sum();
                let cut = dropped > 0 || parts.iter().any(|p| p.truncated);
                Body {
                    mime_type,
                    units,
                    parts: Some(parts),
                    parts_dropped: dropped,
                    ..Body::state(
                        if cut {
                            BodyState::Truncated
                        } else {
                            BodyState::Available
                        },
                        cut.then_some(BodyReason::BodyLimit),
                    )
                }
            }
            BodyOutcome::Text(text) => retain_text(&text, &mime),
            BodyOutcome::Retained(body) => body,
            // Identifying a binary body was best effort: without its bytes it stays what it is.
            BodyOutcome::Failed(_) if job.best_effort => Body {
                mime_type,
                ..Body::state(BodyState::Omitted, Some(BodyReason::Binary))
            },
            BodyOutcome::Failed(reason) => {
                match reason {
                    BodyReason::Saturated => self.counters.bodies_saturated += 1,
                    BodyReason::Deadline => self.counters.bodies_deadline += 1,
                    BodyReason::ReadFailed => self.counters.bodies_read_failed += 1,
                    _ => {}
                }
                let state = if job.kind == BodyKind::Request
                    && reason == BodyReason::MissingBrowserBuffer
                {
                    BodyState::NotInEvent
                } else {
                    BodyState::Unavailable
                };
                Body {
                    mime_type,
                    ..Body::state(state, Some(reason))
                }
            }
        };
        if body.state == BodyState::Truncated {
            self.counters.bodies_truncated += 1;
        }
        self.make_room_for_text(body.units, &job.record_id);
        self.text_units += body.units;
        let revision = self.bump();
        if let Some(record) = self.record_mut(&job.record_id) {
            record.revision = revision;
            *job.kind.of_mut(record) = body;
        }
        self.note_text(&job.record_id);
    }

    /// Applies `change` to the record of `cdp_id`'s latest hop and bumps its revision.
    fn update(&mut self, cdp_id: &str, change: impl FnOnce(&mut RequestRecord)) {
        let Some(&n) = self.by_cdp_id.get(cdp_id) else {
            return;
        };
        let revision = self.bump();
        if let Some(record) = self.record_mut_at(n) {
            record.revision = revision;
            change(record);
        }
    }

    /// One raw header set (an `…ExtraInfo` event): on its record, or waiting for its request
    /// (see [`PendingExtraInfo`](super::pending_extra::PendingExtraInfo)), or let go unread when
    /// its request was evicted.
    fn raw_headers(&mut self, cdp_id: &str, side: Side, headers: &EventHeaders<'_>) {
        let known = self.by_cdp_id.contains_key(cdp_id);
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
        if !self.by_cdp_id.contains_key(cdp_id) {
            return;
        }
        for (side, headers) in self.pending_extra.take(cdp_id) {
            self.put_raw_headers(cdp_id, side, headers);
        }
    }
}

#[cfg(test)]
mod bounded_work_tests {
    use super::*;

    #[test]
    fn a_huge_text_body_that_looks_like_json_is_cut_then_redacted() {
        let body = format!(
            "{{\"password\":\"hunter2\",\"pad\":\"{}\"}}",
            "x".repeat(1_000_000)
        );
        let kept = retain_text(&body, "text/plain");
        assert_eq!(kept.state, BodyState::Truncated);
        assert_eq!(kept.original_units, Some(body.len()));
        let text = kept.text.unwrap_or_default();
        assert!(!text.contains("hunter2"), "redacted: {}", &text[..40]);
        assert!(text.starts_with("{\"password\":\"[redacted]\""));
        assert!(kept.units <= MAX_BODY_UNITS);
    }

    #[test]
    fn a_secret_cut_by_the_bound_is_still_redacted() {
        // The 64 Ki cut falls inside the token's value.
        let body = format!(
            "{} token=abcdefghijklmnop {}",
            "y".repeat(MAX_BODY_UNITS - 10),
            "w".repeat(MAX_STRUCTURED_UNITS)
        );
        let text = retain_text(&body, "text/plain").text.unwrap_or_default();
        assert!(text.contains(" token="), "the name is kept");
        assert!(!text.contains("abc"), "no part of the value is kept");
    }
}
