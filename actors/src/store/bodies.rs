//! Bodies: the work a network event calls for ([`BodyJob`]), what the browser answers for it
//! ([`BodyOutcome`]), how body text is retained (redacted, bounded), and the capture's text
//! budget, which evicts the oldest retained bodies first.

use bsk_schema::capture::{BinaryFacts, Body, BodyPart, BodyReason, BodyState, RequestRecord};

use super::Capture;
use super::requests::id_number;
use crate::bounds::MAX_BODY_UNITS;
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

/// Whether a resource type's body waits behind documents, XHR and fetch in the body queue: a
/// static resource's, or a script's.
pub fn is_static_type(resource_type: Option<&str>) -> bool {
    resource_type == Some("Script") || super::windows::is_static_resource(resource_type)
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

/// Whether a body of this content type is bytes rather than text.
pub fn is_binary_type(content_type: &str) -> bool {
    is_binary_mime(content_type)
}

/// Whether `mime`, in any case, names bytes rather than text (without a lowercase copy: it is
/// asked for every finished request).
pub(super) fn is_binary_mime(mime: &str) -> bool {
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
        if let Some(record) = self.requests.get_mut(&job.record_id) {
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
        if let Some(record) = self.requests.get_mut(&job.record_id) {
            record.revision = revision;
            *job.kind.of_mut(record) = body;
        }
        if let Some(n) = id_number(&job.record_id) {
            self.requests.note_text(n);
        }
    }

    /// Frees text budget for `units` more code units by evicting the oldest retained bodies,
    /// never the one being stored (`keep`).
    pub(super) fn make_room_for_text(&mut self, units: usize, keep: &str) {
        let budget = self.limits.text_budget;
        if self.text_units + units <= budget {
            return;
        }
        // A revision per record touched, so paging never skips one (see `stop`).
        let mut next = self.revision;
        let keep = id_number(keep);
        for n in self.requests.text_holders() {
            if self.text_units + units <= budget {
                break;
            }
            if Some(n) == keep {
                continue;
            }
            let Some(record) = self.requests.at_mut(n) else {
                self.requests.forget_text(n);
                continue;
            };
            for body in [&mut record.request_body, &mut record.response_body] {
                if body.units > 0 && self.text_units + units > budget {
                    self.text_units -= body.units;
                    let mime_type = body.mime_type.take();
                    *body = Body {
                        mime_type,
                        ..Body::state(BodyState::Evicted, Some(BodyReason::CaptureBudget))
                    };
                    if record.head.revision <= self.revision {
                        next += 1;
                        record.head.revision = next;
                    }
                    self.counters.bodies_evicted += 1;
                }
            }
            if record.request_body.units == 0 && record.response_body.units == 0 {
                self.requests.forget_text(n);
            }
        }
        self.revision = next;
    }
}

#[cfg(test)]
mod tests {
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
