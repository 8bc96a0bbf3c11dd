//! The page's requests in flight, for settling after an input and `bsk wait --network-idle`.
//! The pump feeds it from the page session's `Network.*` events; `Network` is on for every tab
//! a session drives, from attach to detach.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bsk_actors::bounds::WORKER_SCRIPT_AWAITED_MS;
use bsk_actors::cdp::EventKind;
use bsk_actors::model::awaited::AwaitedScripts;

/// Requests tracked at most; beyond, the oldest are forgotten (they count as long-lived).
const MAX_TRACKED: usize = 1_000;

#[derive(Debug)]
pub struct NetworkActivity {
    in_flight: HashMap<String, Instant>,
    /// The URL of each request in flight, when the event gave it plainly: a dedicated worker's
    /// script request is forgotten by it (see [`Self::forget_url`]).
    urls: HashMap<String, String>,
    /// Scripts of workers that attached before the page's request for them was seen: each is
    /// not tracked when its request comes.
    awaited_scripts: AwaitedScripts<Instant>,
    last_change: Instant,
}

impl Default for NetworkActivity {
    fn default() -> Self {
        NetworkActivity {
            in_flight: HashMap::new(),
            urls: HashMap::new(),
            awaited_scripts: AwaitedScripts::default(),
            last_change: Instant::now(),
        }
    }
}

impl NetworkActivity {
    /// One event of the page that starts or ends a request (its [`Roles::activity`]), with its
    /// CDP `requestId` (and its URL, for a `requestWillBeSent` that gave it).
    ///
    /// [`Roles::activity`]: bsk_actors::cdp::Roles::activity
    pub fn on_event(
        &mut self,
        kind: impl Into<EventKind>,
        request_id: &str,
        url: Option<&str>,
        now: Instant,
    ) {
        match kind.into() {
            EventKind::RequestWillBeSent => {
                let awaited_for = Duration::from_millis(WORKER_SCRIPT_AWAITED_MS);
                let fresh = |at: Instant| now.saturating_duration_since(at) < awaited_for;
                if url.is_some_and(|url| self.awaited_scripts.take(url, fresh)) {
                    return;
                }
                if self.in_flight.len() >= MAX_TRACKED
                    && let Some(oldest) = self
                        .in_flight
                        .iter()
                        .min_by_key(|(_, at)| **at)
                        .map(|(id, _)| id.clone())
                {
                    self.in_flight.remove(&oldest);
                    self.urls.remove(&oldest);
                }
                // A redirect reuses its request id: still one request in flight.
                self.in_flight.insert(request_id.to_string(), now);
                match url {
                    Some(url) => self.urls.insert(request_id.to_string(), url.to_string()),
                    None => self.urls.remove(request_id),
                };
            }
            EventKind::LoadingFinished | EventKind::LoadingFailed => {
                // The end of a request this tab is not following (an iframe's own) changes
                // nothing.
                if self.in_flight.remove(request_id).is_none() {
                    return;
                }
                self.urls.remove(request_id);
            }
            _ => return,
        }
        self.last_change = now;
    }

    /// A dedicated worker of `url` attached: its script's request, which started on the page,
    /// finishes on the worker's own target, so the page never sees it end. Settling and
    /// network-idle stop waiting for it: the oldest request in flight for `url` is forgotten,
    /// one per worker, or, when none is, the script is awaited.
    pub fn forget_url(&mut self, url: &str) {
        let now = Instant::now();
        let oldest = self
            .urls
            .iter()
            .filter(|(_, u)| u.as_str() == url)
            .map(|(id, _)| id)
            .min_by_key(|id| self.in_flight.get(*id))
            .cloned();
        match oldest {
            Some(id) => {
                self.urls.remove(&id);
                if self.in_flight.remove(&id).is_some() {
                    self.last_change = now;
                }
            }
            None => self.awaited_scripts.add(url, now),
        }
    }

    /// Requests in flight that started less than `long` ago: long polls, streams and requests
    /// whose end was never reported do not hold idleness forever.
    pub fn busy(&self, now: Instant, long: Duration) -> usize {
        self.in_flight
            .values()
            .filter(|started| now.duration_since(**started) < long)
            .count()
    }

    /// Requests in flight that started at or after `since` and less than `long` ago: the ones
    /// an input dispatched at `since` may have started.
    pub fn busy_since(&self, since: Instant, now: Instant, long: Duration) -> usize {
        self.in_flight
            .values()
            .filter(|started| **started >= since && now.duration_since(**started) < long)
            .count()
    }

    /// No request started or ended for `quiet`, and none is in flight but long-lived ones.
    pub fn is_idle(&self, now: Instant, quiet: Duration, long: Duration) -> bool {
        now.duration_since(self.last_change) >= quiet && self.busy(now, long) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_after_a_quiet_period_with_nothing_short_lived_in_flight() {
        let start = Instant::now();
        let (quiet, long) = (Duration::from_millis(500), Duration::from_secs(10));
        let mut activity = NetworkActivity::default();
        activity.on_event("Network.requestWillBeSent", "1", None, start);
        activity.on_event("Network.requestWillBeSent", "2", None, start);
        let later = start + Duration::from_secs(1);
        assert!(!activity.is_idle(later, quiet, long), "two in flight");
        activity.on_event("Network.loadingFinished", "1", None, later);
        activity.on_event("Network.loadingFailed", "2", None, later);
        assert!(!activity.is_idle(later + Duration::from_millis(100), quiet, long));
        assert!(activity.is_idle(later + quiet, quiet, long));
        // A long poll that never ends stops counting after `long`.
        activity.on_event("Network.requestWillBeSent", "3", None, later + quiet);
        assert!(!activity.is_idle(later + Duration::from_secs(2), quiet, long));
        assert!(activity.is_idle(later + Duration::from_secs(12), quiet, long));
    }

    #[test]
    fn an_input_waits_only_for_the_requests_it_started() {
        let start = Instant::now();
        let long = Duration::from_secs(10);
        let mut activity = NetworkActivity::default();
        activity.on_event("Network.requestWillBeSent", "poll", None, start);
        let input = start + Duration::from_millis(100);
        assert_eq!(
            activity.busy_since(input, input, long),
            0,
            "a poll open before"
        );
        activity.on_event("Network.requestWillBeSent", "save", None, input);
        assert_eq!(activity.busy_since(input, input, long), 1);
        activity.on_event("Network.loadingFinished", "save", None, input);
        assert_eq!(activity.busy_since(input, input, long), 0);
    }

    #[test]
    fn a_worker_script_the_page_never_sees_end_is_forgotten_when_its_worker_attaches() {
        let start = Instant::now();
        let (quiet, long) = (Duration::from_millis(500), Duration::from_secs(10));
        let mut activity = NetworkActivity::default();
        let script = "http://127.0.0.1:1/workers/dedicated.js";
        activity.on_event("Network.requestWillBeSent", "w", Some(script), start);
        activity.on_event(
            "Network.requestWillBeSent",
            "api",
            Some("http://127.0.0.1:1/x"),
            start,
        );
        activity.on_event("Network.loadingFinished", "api", None, start);
        assert_eq!(activity.busy(start, long), 1, "the script is in flight");
        activity.forget_url(script);
        assert_eq!(
            activity.busy(start, long),
            0,
            "its worker attached: forgotten"
        );
        assert!(activity.is_idle(Instant::now() + quiet, quiet, long));
    }

    /// The worker's attach travels in the control lane, ahead of the page's evidence: a
    /// script request seen after its worker attached is not tracked, and only one is skipped.
    #[test]
    fn a_worker_that_attached_before_its_script_request_was_seen_is_not_waited_for() {
        let start = Instant::now();
        let long = Duration::from_secs(10);
        let mut activity = NetworkActivity::default();
        let script = "http://127.0.0.1:1/workers/dedicated.js";
        activity.forget_url(script);
        activity.on_event("Network.requestWillBeSent", "w", Some(script), start);
        assert_eq!(activity.busy(start, long), 0, "its worker attached first");
        activity.on_event("Network.requestWillBeSent", "again", Some(script), start);
        assert_eq!(
            activity.busy(start, long),
            1,
            "a later fetch of it is tracked"
        );
    }
}
