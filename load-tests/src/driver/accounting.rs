//! Completeness: does every request the server saw appear in the capture, or in its counters?
//!
//! The server's log is the ground truth. For one capture, the requests the server saw with the
//! run's tag are matched by method and URL against the requests the capture retained; what is
//! left must be covered by what the capture says it let go (`requests_evicted`, and
//! `events_dropped`, which can lose a request's first event). Anything beyond that is
//! *unaccounted*: a request that went over the wire while bsk was recording and that bsk neither
//! kept nor admitted losing.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::site::LoggedRequest;

/// One entry of `bsk debug requests --json`: only what the accounting reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct CapturedRequest {
    pub id: String,
    pub method: String,
    pub url: String,
    /// `pending`, `complete`, `failed` or `unfinished`.
    pub state: String,
    pub request_body: BodySummary,
    pub response_body: BodySummary,
}

/// A body's state in a request list entry.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(default)]
pub struct BodySummary {
    /// `pending`, `available`, `empty`, `truncated`, `unavailable`, `omitted`, `evicted`,
    /// `not_in_event`.
    pub state: String,
    /// Why it is unavailable, omitted, truncated or evicted (`saturated`, `deadline`, …).
    pub reason: Option<String>,
    pub units: u64,
}

impl BodySummary {
    /// Retained text, whole or cut at the body bound.
    pub fn has_text(&self) -> bool {
        matches!(self.state.as_str(), "available" | "truncated") && self.units > 0
    }
}

/// The counters of `bsk debug status --json` that the load report reads.
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default)]
pub struct CaptureCounters {
    pub requests_seen: u64,
    pub requests_evicted: u64,
    pub console_seen: u64,
    pub console_evicted: u64,
    pub bodies_evicted: u64,
    pub bodies_truncated: u64,
    pub bodies_saturated: u64,
    pub bodies_refetched: u64,
    pub bodies_deadline: u64,
    pub events_dropped: u64,
    pub extra_info_dropped: u64,
}

/// The `tag` query parameter of a URL, as the load pages set it.
pub fn url_tag(url: &str) -> Option<&str> {
    let query = url.split_once('?')?.1;
    let query = query.split_once('#').map_or(query, |(q, _)| q);
    query.split('&').find_map(|pair| pair.strip_prefix("tag="))
}

/// One capture's (or a sum of captures') completeness.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Accounting {
    /// Requests the server received with the run's tag.
    pub server_seen: u64,
    /// Of those, how many the capture retained (matched by method and URL).
    pub retained: u64,
    /// Retained with response body text (available or truncated).
    pub retained_with_body: u64,
    /// Server-seen requests not retained.
    pub missing: u64,
    /// The capture's own count of requests it saw.
    pub requests_seen: u64,
    /// Requests the capture says it evicted.
    pub evicted: u64,
    /// Events the capture says it dropped.
    pub dropped_events: u64,
    /// Raw header sets (ExtraInfo events) the capture says it dropped while they waited for
    /// their request: retained requests without their raw headers.
    pub extra_info_dropped: u64,
    /// `missing − evicted − dropped_events`, at least 0: must be 0.
    pub unaccounted: u64,
    /// Tagged requests the capture has that the server never saw (served from cache, failed
    /// before sending, or cancelled).
    pub capture_only: u64,
    /// Requests that reached the server by the capture's `bsk debug summary` (its counts minus
    /// those served from cache or a service worker), evicted ones included.
    pub summary_reached: u64,
    /// `|summary_reached − server_seen|`: must be 0.
    pub summary_difference: u64,
}

impl Accounting {
    /// Matches the server's requests for `tag` against a capture's retained requests.
    pub fn of(
        tag: &str,
        server: &[LoggedRequest],
        captured: &[CapturedRequest],
        counters: &CaptureCounters,
    ) -> Accounting {
        let mut seen: HashMap<(String, String), u64> = HashMap::new();
        let mut server_seen = 0;
        for request in server.iter().filter(|r| r.tag() == Some(tag)) {
            server_seen += 1;
            *seen
                .entry((request.method.clone(), request.url()))
                .or_default() += 1;
        }
        let (mut retained, mut retained_with_body, mut capture_only) = (0, 0, 0);
        for request in captured.iter().filter(|r| url_tag(&r.url) == Some(tag)) {
            match seen.get_mut(&(request.method.clone(), request.url.clone())) {
                Some(left) if *left > 0 => {
                    *left -= 1;
                    retained += 1;
                    if request.response_body.has_text() {
                        retained_with_body += 1;
                    }
                }
                _ => capture_only += 1,
            }
        }
        let missing = server_seen - retained;
        let counted = counters.requests_evicted + counters.events_dropped;
        Accounting {
            server_seen,
            retained,
            retained_with_body,
            missing,
            requests_seen: counters.requests_seen,
            evicted: counters.requests_evicted,
            dropped_events: counters.events_dropped,
            extra_info_dropped: counters.extra_info_dropped,
            unaccounted: missing.saturating_sub(counted),
            capture_only,
            summary_reached: 0,
            summary_difference: 0,
        }
    }

    /// Adds another capture's accounting to this sum.
    pub fn add(&mut self, other: &Accounting) {
        self.server_seen += other.server_seen;
        self.retained += other.retained;
        self.retained_with_body += other.retained_with_body;
        self.missing += other.missing;
        self.requests_seen += other.requests_seen;
        self.evicted += other.evicted;
        self.dropped_events += other.dropped_events;
        self.extra_info_dropped += other.extra_info_dropped;
        self.unaccounted += other.unaccounted;
        self.capture_only += other.capture_only;
        self.summary_reached += other.summary_reached;
        self.summary_difference += other.summary_difference;
    }

    /// Compares the capture's summary with the server's count: every request it saw, evicted or
    /// not, is in the summary.
    pub fn check_summary(&mut self, summary: &serde_json::Value) {
        let routes = summary["routes"]
            .as_array()
            .into_iter()
            .flatten()
            .chain(summary.get("other"));
        self.summary_reached = routes
            .map(|route| {
                route["count"].as_u64().unwrap_or(0) - route["cached"].as_u64().unwrap_or(0)
            })
            .sum();
        self.summary_difference = self.summary_reached.abs_diff(self.server_seen);
    }
}

/// What happened to response bodies: the body pool's counters and the states of the retained
/// requests' bodies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BodyStats {
    /// Fetched and kept whole.
    pub available: u64,
    /// Fetched and cut at 64 Ki code units.
    pub truncated: u64,
    /// Nothing to fetch (redirects, 204, 304).
    pub empty: u64,
    /// Not fetched: the pool's 4 running and 32 queued slots were full (counter).
    pub saturated: u64,
    /// Gave way to a full queue, then read on a second try once the queue had emptied
    /// (counter): kept, not in `saturated`.
    pub refetched: u64,
    /// Not fetched within the 2.5 s deadline (counter).
    pub deadline: u64,
    /// The browser no longer had the body (256 KiB per resource, 2 MiB per target).
    pub missing_browser_buffer: u64,
    /// Other unavailable reasons among retained requests (request failed, capture stopped).
    pub unavailable_other: u64,
    /// Deliberately not kept: binary, multipart, oversized structured.
    pub omitted: u64,
    /// Dropped later to keep the capture within 512 Ki code units (counter).
    pub evicted: u64,
    /// Still pending when read.
    pub pending: u64,
}

impl BodyStats {
    /// Response body states of `captured`, with the counters for what the list cannot show
    /// (saturated, deadline and evicted bodies of requests that were themselves evicted).
    pub fn of(captured: &[CapturedRequest], counters: &CaptureCounters) -> BodyStats {
        let mut stats = BodyStats {
            saturated: counters.bodies_saturated,
            refetched: counters.bodies_refetched,
            deadline: counters.bodies_deadline,
            evicted: counters.bodies_evicted,
            ..BodyStats::default()
        };
        for body in captured.iter().map(|r| &r.response_body) {
            match (body.state.as_str(), body.reason.as_deref()) {
                ("available", _) => stats.available += 1,
                ("truncated", _) => stats.truncated += 1,
                ("empty", _) => stats.empty += 1,
                ("pending", _) => stats.pending += 1,
                ("omitted", _) => stats.omitted += 1,
                ("unavailable", Some("missing_browser_buffer")) => {
                    stats.missing_browser_buffer += 1;
                }
                // Counted by the pool's counters, which also cover evicted requests.
                ("unavailable", Some("saturated" | "deadline")) | ("evicted", _) => {}
                ("unavailable", _) => stats.unavailable_other += 1,
                _ => {}
            }
        }
        stats
    }

    pub fn add(&mut self, other: &BodyStats) {
        self.available += other.available;
        self.truncated += other.truncated;
        self.empty += other.empty;
        self.saturated += other.saturated;
        self.refetched += other.refetched;
        self.deadline += other.deadline;
        self.missing_browser_buffer += other.missing_browser_buffer;
        self.unavailable_other += other.unavailable_other;
        self.omitted += other.omitted;
        self.evicted += other.evicted;
        self.pending += other.pending;
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Instant, SystemTime};

    use super::*;

    fn logged(method: &str, path: &str) -> LoggedRequest {
        LoggedRequest {
            method: method.into(),
            host: "a0.localhost:9".into(),
            path: path.into(),
            at: SystemTime::now(),
            received: Instant::now(),
            body_len: 0,
        }
    }

    fn captured(method: &str, path: &str, body: &str) -> CapturedRequest {
        CapturedRequest {
            id: format!("r{path}"),
            method: method.into(),
            url: format!("http://a0.localhost:9{path}"),
            state: "complete".into(),
            request_body: BodySummary::default(),
            response_body: BodySummary {
                state: body.into(),
                reason: None,
                units: 10,
            },
        }
    }

    #[test]
    fn every_server_request_is_retained_or_counted() {
        let server = [
            logged("GET", "/p?tag=t"),
            logged("GET", "/a?i=1&tag=t"),
            logged("POST", "/a?i=2&tag=t"),
            logged("GET", "/a?i=3&tag=t"),
            logged("GET", "/a?i=9&tag=other"),
        ];
        let kept = [
            captured("GET", "/p?tag=t", "available"),
            captured("POST", "/a?i=2&tag=t", "truncated"),
            captured("GET", "/cached?tag=t", "available"),
            captured("GET", "/a?i=9&tag=other", "available"),
        ];
        let counters = CaptureCounters {
            requests_seen: 5,
            requests_evicted: 2,
            extra_info_dropped: 3,
            ..CaptureCounters::default()
        };
        let a = Accounting::of("t", &server, &kept, &counters);
        let mut sum = a.clone();
        sum.add(&a);
        assert_eq!((a.extra_info_dropped, sum.extra_info_dropped), (3, 6));
        assert_eq!(a.server_seen, 4);
        assert_eq!(a.retained, 2);
        assert_eq!(a.retained_with_body, 2);
        assert_eq!(a.missing, 2);
        assert_eq!(a.unaccounted, 0, "both missing requests were evicted");
        assert_eq!(a.capture_only, 1, "the cached one never reached the server");

        let uncounted = CaptureCounters {
            requests_evicted: 1,
            ..counters
        };
        assert_eq!(
            Accounting::of("t", &server, &kept, &uncounted).unaccounted,
            1
        );
    }

    #[test]
    fn a_method_mismatch_is_not_a_match() {
        let server = [logged("POST", "/a?tag=t")];
        let kept = [captured("GET", "/a?tag=t", "available")];
        let a = Accounting::of("t", &server, &kept, &CaptureCounters::default());
        assert_eq!((a.retained, a.unaccounted, a.capture_only), (0, 1, 1));
    }

    #[test]
    fn url_tags_are_exact_query_values() {
        assert_eq!(url_tag("http://h/a?i=1&tag=x-1"), Some("x-1"));
        assert_eq!(url_tag("http://h/a?tag=x#frag"), Some("x"));
        assert_eq!(url_tag("http://h/a?mytag=x"), None);
        assert_eq!(url_tag("http://h/tag=x"), None);
    }

    #[test]
    fn body_states_and_pool_counters() {
        let mut list = vec![
            captured("GET", "/1", "available"),
            captured("GET", "/2", "truncated"),
            captured("GET", "/3", "omitted"),
        ];
        list.push(CapturedRequest {
            response_body: BodySummary {
                state: "unavailable".into(),
                reason: Some("missing_browser_buffer".into()),
                units: 0,
            },
            ..captured("GET", "/4", "")
        });
        let counters = CaptureCounters {
            bodies_saturated: 7,
            bodies_refetched: 5,
            bodies_deadline: 1,
            ..CaptureCounters::default()
        };
        let stats = BodyStats::of(&list, &counters);
        assert_eq!((stats.available, stats.truncated, stats.omitted), (1, 1, 1));
        assert_eq!(stats.missing_browser_buffer, 1);
        assert_eq!(
            (stats.saturated, stats.refetched, stats.deadline),
            (7, 5, 1)
        );
        let mut sum = stats.clone();
        sum.add(&stats);
        assert_eq!((sum.saturated, sum.refetched), (14, 10));
    }
}
