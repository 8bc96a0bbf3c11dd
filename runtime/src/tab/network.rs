//! The page's requests in flight, for settling after an input and `bsk wait --network-idle`.
//! The pump feeds it from the page session's `Network.*` events; `Network` is on for every tab
//! a session drives, from attach to detach.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Requests tracked at most; beyond, the oldest are forgotten (they count as long-lived).
const MAX_TRACKED: usize = 1_000;

#[derive(Debug)]
pub struct NetworkActivity {
    in_flight: HashMap<String, Instant>,
    last_change: Instant,
}

impl Default for NetworkActivity {
    fn default() -> Self {
        NetworkActivity {
            in_flight: HashMap::new(),
            last_change: Instant::now(),
        }
    }
}

impl NetworkActivity {
    /// Whether an event starts or ends a request: the only ones [`Self::on_event`] reads.
    pub fn tracks(method: &str) -> bool {
        matches!(
            method,
            "Network.requestWillBeSent" | "Network.loadingFinished" | "Network.loadingFailed"
        )
    }

    /// One `Network.*` event of the page with its CDP `requestId`.
    pub fn on_event(&mut self, method: &str, request_id: &str, now: Instant) {
        match method {
            "Network.requestWillBeSent" => {
                if self.in_flight.len() >= MAX_TRACKED
                    && let Some(oldest) = self
                        .in_flight
                        .iter()
                        .min_by_key(|(_, at)| **at)
                        .map(|(id, _)| id.clone())
                {
                    self.in_flight.remove(&oldest);
                }
                // A redirect reuses its request id: still one request in flight.
                self.in_flight.insert(request_id.to_string(), now);
            }
            "Network.loadingFinished" | "Network.loadingFailed" => {
                self.in_flight.remove(request_id);
            }
            _ => return,
        }
        self.last_change = now;
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
        activity.on_event("Network.requestWillBeSent", "1", start);
        activity.on_event("Network.requestWillBeSent", "2", start);
        let later = start + Duration::from_secs(1);
        assert!(!activity.is_idle(later, quiet, long), "two in flight");
        activity.on_event("Network.loadingFinished", "1", later);
        activity.on_event("Network.loadingFailed", "2", later);
        assert!(!activity.is_idle(later + Duration::from_millis(100), quiet, long));
        assert!(activity.is_idle(later + quiet, quiet, long));
        // A long poll that never ends stops counting after `long`.
        activity.on_event("Network.requestWillBeSent", "3", later + quiet);
        assert!(!activity.is_idle(later + Duration::from_secs(2), quiet, long));
        assert!(activity.is_idle(later + Duration::from_secs(12), quiet, long));
    }

    #[test]
    fn an_input_waits_only_for_the_requests_it_started() {
        let start = Instant::now();
        let long = Duration::from_secs(10);
        let mut activity = NetworkActivity::default();
        activity.on_event("Network.requestWillBeSent", "poll", start);
        let input = start + Duration::from_millis(100);
        assert_eq!(
            activity.busy_since(input, input, long),
            0,
            "a poll open before"
        );
        activity.on_event("Network.requestWillBeSent", "save", input);
        assert_eq!(activity.busy_since(input, input, long), 1);
        activity.on_event("Network.loadingFinished", "save", input);
        assert_eq!(activity.busy_since(input, input, long), 0);
    }
}
