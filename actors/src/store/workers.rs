//! Workers and streams in the evidence: which targets are workers (to label what they send),
//! a worker script whose body the page never receives, and streams that end unread.

use bsk_schema::capture::{
    Body, BodyReason, BodyState, RequestRecord, RequestState, WorkerKind, WorkerSource,
};

use super::Capture;
use crate::bounds::WORKER_SCRIPT_AWAITED_MS;
use crate::model::redact;

/// Whether a response is a stream that ends only when one side closes it: its body is never
/// complete while the page keeps it open.
pub fn is_stream_mime(mime: &str) -> bool {
    mime.split(';')
        .next()
        .is_some_and(|m| m.trim().eq_ignore_ascii_case("text/event-stream"))
}

impl Capture {
    /// A worker target of this capture: what it sends is labelled with its kind and script URL.
    pub fn worker_attached(&mut self, target_id: &str, kind: WorkerKind, url: &str) {
        let source = WorkerSource {
            kind,
            url: redact::kept_url(url),
        };
        self.workers.insert(target_id.to_string(), source);
    }

    /// A worker target went away: nothing more comes from it.
    pub fn worker_detached(&mut self, target_id: &str) {
        self.workers.remove(target_id);
    }

    /// The label of what `target_id` sends, when it is a worker.
    pub(super) fn worker_of(&self, target_id: &str) -> Option<WorkerSource> {
        self.workers.get(target_id).cloned()
    }

    /// A dedicated worker whose target this capture does not record attached at `now`: its
    /// script's request, which started on the page, finishes on the worker, so its pending body
    /// ends `unavailable`/`worker_not_captured`. One worker, one request: the oldest pending one
    /// for its URL; when none is recorded yet, the script is awaited (see
    /// [`AwaitedScripts`](crate::model::awaited::AwaitedScripts)). Answers how many records it ended (0 or 1).
    pub fn worker_script_not_captured(&mut self, url: &str, now: u64) -> usize {
        if !self.is_active() {
            return 0;
        }
        let url = redact::kept_url(url);
        let oldest = self
            .requests
            .numbered()
            .find(|(_, record)| {
                record.url == url && record.response_body.state == BodyState::Pending
            })
            .map(|(n, _)| n);
        let Some(n) = oldest else {
            self.worker_scripts_awaited.add(&url, now);
            return 0;
        };
        let revision = self.bump();
        if let Some(record) = self.requests.at_mut(n) {
            record.revision = revision;
            record.response_body =
                Body::state(BodyState::Unavailable, Some(BodyReason::WorkerNotCaptured));
        }
        1
    }

    /// Whether a request for `url` (kept form) recorded at `now` is the script of a dedicated
    /// worker that attached uncaptured before it, at most [`WORKER_SCRIPT_AWAITED_MS`] ago;
    /// each such attach accounts for one request.
    pub(super) fn awaited_worker_script(&mut self, url: &str, now: u64) -> bool {
        self.worker_scripts_awaited
            .take(url, |at| now.saturating_sub(at) < WORKER_SCRIPT_AWAITED_MS)
    }

    /// Bytes of a response that arrived (`Network.dataReceived`): kept only for streams, whose
    /// body may never complete.
    pub(super) fn data_received(&mut self, cdp_id: &str, encoded: u64, decoded: u64) {
        let Some(n) = self.requests.latest_hop(cdp_id) else {
            return;
        };
        let Some(record) = self.requests.at_mut(n) else {
            return;
        };
        if !record.mime_type.as_deref().is_some_and(is_stream_mime) {
            return;
        }
        let seen = if encoded > 0 { encoded } else { decoded };
        let body = &mut record.response_body;
        body.bytes_seen = Some(body.bytes_seen.unwrap_or_default() + seen);
    }
}

/// How a stream's pending or failed response body ends: `unavailable`/`streaming` with the bytes
/// seen. `None` when the record is not a stream.
pub(super) fn stream_end(mime: Option<&str>, state: RequestState, body: &Body) -> Option<Body> {
    if !mime.is_some_and(is_stream_mime) || state == RequestState::Complete {
        return None;
    }
    Some(Body {
        bytes_seen: Some(body.bytes_seen.unwrap_or_default()),
        mime_type: body.mime_type.clone(),
        ..Body::state(BodyState::Unavailable, Some(BodyReason::Streaming))
    })
}

/// The body of a request that failed while it was still pending: a stream ends as what it is,
/// with the bytes it had seen; any other body as `unavailable/request_failed`.
pub(super) fn end_failed_body(record: &mut RequestRecord) {
    if record.response_body.state == BodyState::Pending {
        record.response_body = stream_end(
            record.mime_type.as_deref(),
            record.state,
            &record.response_body,
        )
        .unwrap_or_else(|| Body::state(BodyState::Unavailable, Some(BodyReason::RequestFailed)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_stream_is_a_stream_whatever_its_parameters() {
        assert!(is_stream_mime("text/event-stream"));
        assert!(is_stream_mime("Text/Event-Stream; charset=utf-8"));
        assert!(!is_stream_mime("text/plain"));
        assert!(!is_stream_mime(""));
    }

    #[test]
    fn a_stream_that_had_not_ended_says_streaming_with_its_bytes() {
        let mut body = Body::state(BodyState::Pending, None);
        body.bytes_seen = Some(22);
        let ended =
            stream_end(Some("text/event-stream"), RequestState::Pending, &body).expect("a stream");
        assert_eq!(ended.state, BodyState::Unavailable);
        assert_eq!(ended.reason, Some(BodyReason::Streaming));
        assert_eq!(ended.bytes_seen, Some(22));
        let none_seen = Body::state(BodyState::Pending, None);
        let ended = stream_end(Some("text/event-stream"), RequestState::Failed, &none_seen)
            .expect("a failed stream");
        assert_eq!(ended.bytes_seen, Some(0), "no bytes is said, not left out");
        assert!(stream_end(Some("application/json"), RequestState::Pending, &body).is_none());
        assert!(stream_end(Some("text/event-stream"), RequestState::Complete, &body).is_none());
    }

    use crate::bounds::{MAX_AWAITED_WORKER_SCRIPTS, WORKER_SCRIPT_AWAITED_MS};
    use crate::store::tests::capture;

    fn sent_at(c: &mut crate::store::Capture, id: &str, url: &str, at: u64) {
        crate::store::tests::sent(c, id, url, at);
    }

    fn sent(c: &mut crate::store::Capture, id: &str, url: &str) {
        sent_at(c, id, url, 2_000);
    }

    fn body_state(c: &crate::store::Capture, id: &str) -> BodyState {
        c.request(id).expect("a record").response_body.state
    }

    /// The worker's attach travels in the control lane, ahead of the page's evidence: a script
    /// request recorded after its worker attached uncaptured ends at once, and only one does.
    #[test]
    fn a_worker_that_attached_before_its_script_was_recorded_still_ends_it() {
        let mut c = capture();
        let script = "http://a/workers/w.js";
        assert_eq!(
            c.worker_script_not_captured(script, 2_000),
            0,
            "nothing recorded yet"
        );
        sent(&mut c, "1", script);
        let first = c.request("r1").expect("the script's record");
        assert_eq!(first.response_body.state, BodyState::Unavailable);
        assert_eq!(
            first.response_body.reason,
            Some(BodyReason::WorkerNotCaptured)
        );
        // The page fetching the same URL again is its own request, with its own body.
        sent(&mut c, "2", script);
        let again = c.request("r2").expect("a second record");
        assert_eq!(again.response_body.state, BodyState::Pending);
        // Two workers of one script whose requests were recorded first: one each.
        let pool = "http://a/workers/pool.js";
        sent(&mut c, "3", pool);
        sent(&mut c, "4", pool);
        assert_eq!(c.worker_script_not_captured(pool, 2_000), 1);
        assert_eq!(body_state(&c, "r3"), BodyState::Unavailable);
        assert_eq!(
            body_state(&c, "r4"),
            BodyState::Pending,
            "its own worker ends it"
        );
        assert_eq!(c.worker_script_not_captured(pool, 2_000), 1);
        assert_eq!(body_state(&c, "r4"), BodyState::Unavailable);
        // A script is awaited for a moment, not for good: a fetch of it later is ordinary.
        c.worker_script_not_captured("http://a/late.js", 2_000);
        sent_at(
            &mut c,
            "5",
            "http://a/late.js",
            2_000 + WORKER_SCRIPT_AWAITED_MS,
        );
        assert_eq!(body_state(&c, "r5"), BodyState::Pending);
        // Awaited scripts are bounded (model::awaited): the oldest is let go.
        c.worker_script_not_captured("http://a/w0.js", 2_000);
        for n in 1..=MAX_AWAITED_WORKER_SCRIPTS {
            c.worker_script_not_captured(&format!("http://a/w{n}.js"), 2_000);
        }
        sent(&mut c, "6", "http://a/w0.js");
        assert_eq!(body_state(&c, "r6"), BodyState::Pending, "let go");
        sent(&mut c, "7", "http://a/w1.js");
        assert_eq!(
            body_state(&c, "r7"),
            BodyState::Unavailable,
            "still awaited"
        );
    }
}
