//! The traffic summary: statistics over every request a capture saw, kept apart from the
//! bounded records so that eviction never takes a request out of them. Bounded itself: at most
//! [`MAX_ROUTES`] routes (the rest fold into one `other` row), [`MAX_FAILURE_TEXTS`] error texts
//! per route, [`MAX_IN_FLIGHT`] requests followed at once, and durations kept as log-scaled
//! bucket counts rather than samples.

use std::collections::{BTreeMap, HashMap};

use bsk_schema::capture::{FailureCount, Percentiles, RouteStats, TrafficSummary};

/// "bounded (at most 512 routes, the rest counted as `other`)".
pub const MAX_ROUTES: usize = 512;
/// Distinct error texts kept per route; further texts are counted in `failures_other`.
pub const MAX_FAILURE_TEXTS: usize = 8;
/// Characters of a route (host and path) kept; a longer one is cut and ends in `…`, so a page
/// that requests megabyte paths cannot make the summary hold megabytes (routes are never
/// evicted).
pub const MAX_ROUTE_CHARS: usize = 512;
/// Requests followed between being sent and ending. Past this many at once, a new request is
/// counted but its outcome is not followed (`untracked`).
pub const MAX_IN_FLIGHT: usize = 4096;

/// Bucket width of the duration histograms: each bucket spans 2% of its lower edge, so a
/// percentile read at a bucket's geometric middle is within 1% of the exact value.
const BUCKET_RATIO: f64 = 1.02;

#[derive(Debug, Default)]
pub struct Summary {
    requests: u64,
    untracked: u64,
    routes: Vec<Route>,
    /// `routes` by [`route_key`].
    by_key: HashMap<String, usize>,
    /// Where [`route_key`] writes the key it looks up: no allocation for a known route.
    scratch: String,
    other: Option<Route>,
    /// CDP request id → the route its latest hop counts in and when it was sent (CDP monotonic
    /// seconds).
    in_flight: super::CdpIdMap<InFlight>,
}

#[derive(Debug, Clone, Copy)]
struct InFlight {
    /// Index into `routes`, or `None` for the `other` row.
    route: Option<usize>,
    sent: f64,
    cached: bool,
}

#[derive(Debug, Default)]
struct Route {
    stats: RouteStats,
    durations: Histogram,
}

/// What one finished hop adds to its route.
#[derive(Debug, Default)]
pub struct Ending<'a> {
    /// CDP monotonic seconds.
    pub at: f64,
    pub status: Option<u16>,
    pub failure: Option<&'a str>,
    pub bytes_in: u64,
}

impl Summary {
    /// A request (or a redirect's next hop) was sent.
    pub fn sent(&mut self, cdp_id: &str, method: &str, url: &str, at_ms: u64, sent: f64) {
        self.requests += 1;
        let route = self.route_of(method, url);
        let stats = self.stats(route);
        stats.count += 1;
        stats.in_flight += 1;
        if stats.first_seen == 0 {
            stats.first_seen = at_ms;
        }
        stats.last_seen = stats.last_seen.max(at_ms);
        if self.in_flight.len() >= MAX_IN_FLIGHT && !self.in_flight.contains_key(cdp_id) {
            self.untracked += 1;
            // Counted, never followed: it leaves `in_flight` now rather than never.
            self.stats(route).in_flight -= 1;
            return;
        }
        self.in_flight.insert(
            cdp_id.to_string(),
            InFlight {
                route,
                sent,
                cached: false,
            },
        );
    }

    /// Bytes of a request body the browser reported, for the request's route.
    pub fn bytes_out(&mut self, cdp_id: &str, bytes: u64) {
        if let Some(flight) = self.in_flight.get(cdp_id).copied() {
            self.stats(flight.route).bytes_out += bytes;
        }
    }

    /// The request was served from the browser's cache or a service worker (said once or twice
    /// by the browser; counted once).
    pub fn cached(&mut self, cdp_id: &str) {
        let Some(flight) = self.in_flight.get_mut(cdp_id) else {
            return;
        };
        if !std::mem::replace(&mut flight.cached, true) {
            let route = flight.route;
            self.stats(route).cached += 1;
        }
    }

    /// A response arrived (a redirect's included): its status class is counted at once, so a
    /// request whose body later fails has both.
    pub fn responded(&mut self, cdp_id: &str, status: u16) {
        if let Some(flight) = self.in_flight.get(cdp_id).copied() {
            count_status(&mut self.stats(flight.route).status, status);
        }
    }

    /// The hop ended: finished, failed, or redirected (`ending.status` set for a redirect, whose
    /// response has no `responseReceived`).
    pub fn ended(&mut self, cdp_id: &str, ending: Ending<'_>) {
        let Some(flight) = self.in_flight.remove(cdp_id) else {
            return;
        };
        let route = match flight.route {
            Some(index) => &mut self.routes[index],
            None => self.other.get_or_insert_with(Route::other),
        };
        let stats = &mut route.stats;
        if let Some(status) = ending.status {
            count_status(&mut stats.status, status);
        }
        stats.in_flight = stats.in_flight.saturating_sub(1);
        stats.bytes_in += ending.bytes_in;
        if let Some(error) = ending.failure {
            stats.failed += 1;
            let known = stats.failures.iter().position(|f| f.error == error);
            match known {
                Some(at) => stats.failures[at].count += 1,
                None if stats.failures.len() < MAX_FAILURE_TEXTS => {
                    stats.failures.push(FailureCount {
                        error: error.to_string(),
                        count: 1,
                    })
                }
                None => stats.failures_other += 1,
            }
        }
        if flight.sent > 0.0 && ending.at >= flight.sent {
            route.durations.record((ending.at - flight.sent) * 1000.0);
        }
    }

    /// The summary as reads and the export show it: routes by count, most first.
    pub fn snapshot(&self) -> TrafficSummary {
        let mut routes: Vec<RouteStats> = self.routes.iter().map(Route::snapshot).collect();
        routes.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then_with(|| a.route.cmp(&b.route))
                .then_with(|| a.method.cmp(&b.method))
        });
        TrafficSummary {
            requests: self.requests,
            routes,
            other: self.other.as_ref().map(Route::snapshot),
            untracked: self.untracked,
        }
    }

    fn route_of(&mut self, method: &str, url: &str) -> Option<usize> {
        route_key(&mut self.scratch, method, url);
        if let Some(index) = self.by_key.get(self.scratch.as_str()) {
            return Some(*index);
        }
        if self.routes.len() >= MAX_ROUTES {
            return None;
        }
        let index = self.routes.len();
        let key = self.scratch.clone();
        self.routes.push(Route {
            stats: RouteStats {
                method: method.to_string(),
                route: key[method.len() + 1..].to_string(),
                ..RouteStats::default()
            },
            durations: Histogram::default(),
        });
        self.by_key.insert(key, index);
        Some(index)
    }

    fn stats(&mut self, route: Option<usize>) -> &mut RouteStats {
        match route {
            Some(index) => &mut self.routes[index].stats,
            None => &mut self.other.get_or_insert_with(Route::other).stats,
        }
    }
}

impl Route {
    fn other() -> Route {
        Route {
            stats: RouteStats {
                method: "*".into(),
                route: "other".into(),
                ..RouteStats::default()
            },
            durations: Histogram::default(),
        }
    }

    fn snapshot(&self) -> RouteStats {
        let mut stats = self.stats.clone();
        stats.failures.sort_by_key(|f| std::cmp::Reverse(f.count));
        stats.duration_ms = self.durations.percentiles();
        stats
    }
}

/// Counts one response of `status` in its class (`2xx`), allocating only for a class the route
/// has not had yet.
fn count_status(classes: &mut BTreeMap<String, u64>, status: u16) {
    const CLASSES: [&str; 10] = [
        "0xx", "1xx", "2xx", "3xx", "4xx", "5xx", "6xx", "7xx", "8xx", "9xx",
    ];
    let owned;
    let class = match CLASSES.get(usize::from(status / 100)) {
        Some(class) => *class,
        None => {
            owned = format!("{}xx", status / 100);
            &owned
        }
    };
    match classes.get_mut(class) {
        Some(count) => *count += 1,
        None => {
            classes.insert(class.to_owned(), 1);
        }
    }
}

/// The key of a method's route in `Summary::by_key`, written into `out`: the method, a space,
/// the route (a method has no space).
fn route_key(out: &mut String, method: &str, url: &str) {
    out.clear();
    out.push_str(method);
    out.push(' ');
    let route_at = out.len();
    write_route(out, url);
    if let Some(cut) = crate::model::cut_at(&out[route_at..], MAX_ROUTE_CHARS) {
        out.truncate(route_at + cut);
        out.push('…');
    }
}

/// A URL's route: host and path, with identifier-like segments as `{id}` and no query.
#[cfg(test)]
fn route(url: &str) -> String {
    let mut out = String::new();
    route_key(&mut out, "GET", url);
    out.split_off("GET ".len())
}

/// [`route`], appended to `out`.
fn write_route(out: &mut String, url: &str) {
    let hierarchical = url
        .split_once(':')
        .and_then(|(scheme, rest)| Some((scheme, rest.strip_prefix("//")?)));
    let Some((scheme, rest)) = hierarchical else {
        // `data:`, `blob:`, `about:` and the like: the scheme is the route.
        match url.split_once(':') {
            Some((scheme, _)) => {
                out.push_str(scheme);
                out.push(':');
            }
            None => out.push_str(url),
        }
        return;
    };
    let rest = rest.split(['?', '#']).next().unwrap_or_default();
    let (host, path) = match rest.find('/') {
        Some(at) => rest.split_at(at),
        None => (rest, "/"),
    };
    let host = host.rsplit('@').next().unwrap_or(host);
    if scheme != "http" && scheme != "https" {
        out.push_str(scheme);
        out.push_str("://");
    }
    out.push_str(host);
    for (i, segment) in path.split('/').enumerate() {
        if i > 0 {
            out.push('/');
        }
        if is_identifier(segment) {
            out.push_str("{id}");
        } else {
            out.push_str(segment);
        }
    }
}

/// Numeric, UUID, or hexadecimal of 16 characters or more (with a digit: `deadbeefcafebabe`
/// counts, `abcdefabcdefabcd` is a word).
fn is_identifier(segment: &str) -> bool {
    if segment.is_empty() {
        return false;
    }
    if segment.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let hex = |s: &str| s.bytes().all(|b| b.is_ascii_hexdigit());
    let uuid = segment.len() == 36
        && segment.bytes().enumerate().all(|(i, b)| {
            if matches!(i, 8 | 13 | 18 | 23) {
                b == b'-'
            } else {
                b.is_ascii_hexdigit()
            }
        });
    if uuid {
        return true;
    }
    segment.len() >= 16 && hex(segment) && segment.bytes().any(|b| b.is_ascii_digit())
}

/// Durations as counts in log-scaled buckets: bounded by the range of values, not their number.
#[derive(Debug, Default)]
struct Histogram {
    buckets: BTreeMap<u16, u64>,
    count: u64,
    max: f64,
}

impl Histogram {
    fn record(&mut self, ms: f64) {
        let ms = ms.max(0.0);
        *self.buckets.entry(bucket(ms)).or_default() += 1;
        self.count += 1;
        self.max = self.max.max(ms);
    }

    fn percentiles(&self) -> Option<Percentiles> {
        if self.count == 0 {
            return None;
        }
        let at = |q: f64| -> f64 {
            let rank = ((q * self.count as f64).ceil() as u64).max(1);
            let mut seen = 0;
            for (bucket, count) in &self.buckets {
                seen += count;
                if seen >= rank {
                    return middle(*bucket).min(self.max);
                }
            }
            self.max
        };
        let round = |ms: f64| (ms * 100.0).round() / 100.0;
        Some(Percentiles {
            p50: round(at(0.50)),
            p95: round(at(0.95)),
            p99: round(at(0.99)),
            max: round(self.max),
        })
    }
}

/// Bucket 0 holds durations under 10 µs; bucket `n` starts at `10 µs × 1.02^(n-1)`.
fn bucket(ms: f64) -> u16 {
    let us = ms * 1000.0;
    if us < 10.0 {
        return 0;
    }
    let n = ((us / 10.0).ln() / BUCKET_RATIO.ln()).floor() as u64 + 1;
    n.min(u16::MAX as u64) as u16
}

/// The geometric middle of a bucket, in ms.
fn middle(bucket: u16) -> f64 {
    if bucket == 0 {
        return 0.005;
    }
    let low = 10.0 * BUCKET_RATIO.powi(bucket as i32 - 1);
    low * BUCKET_RATIO.sqrt() / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_collapse_identifiers_and_drop_the_query() {
        // The table the extension's route filter runs too (extension-tests/unit/routes.test.js).
        let table: serde_json::Value =
            serde_json::from_str(include_str!("../../../schema/fixtures/routes/cases.json"))
                .expect("the routes table is JSON");
        let cases = table["cases"].as_array().expect("cases");
        assert!(cases.len() >= 10, "{table}");
        for case in cases {
            let url = case["url"].as_str().expect("a url");
            assert_eq!(route(url), case["route"], "{}: {url}", case["case"]);
        }
    }

    #[test]
    fn a_long_route_is_cut_and_long_routes_sharing_their_start_are_one() {
        let long = format!("https://h.test/{}", "é".repeat(100_000));
        let cut = route(&long);
        assert_eq!(cut.chars().count(), MAX_ROUTE_CHARS + 1);
        assert!(cut.starts_with("h.test/é") && cut.ends_with('…'), "{cut}");
        let exact = format!(
            "https://h.test/{}",
            "a".repeat(MAX_ROUTE_CHARS - "h.test/".len())
        );
        assert!(!route(&exact).ends_with('…'));
        let mut s = Summary::default();
        s.sent("1", "GET", &format!("{long}/1"), 10, 1.0);
        s.sent("2", "GET", &format!("{long}/2"), 10, 1.0);
        assert_eq!(s.routes.len(), 1);
    }

    #[test]
    fn percentiles_are_within_two_percent() {
        let mut h = Histogram::default();
        for ms in 1..=1000 {
            h.record(ms as f64);
        }
        let p = h.percentiles().expect("recorded");
        for (got, exact) in [(p.p50, 500.0), (p.p95, 950.0), (p.p99, 990.0)] {
            assert!((got - exact).abs() / exact < 0.02, "{got} vs {exact}");
        }
        assert_eq!(p.max, 1000.0);
        assert!(Histogram::default().percentiles().is_none());
    }

    #[test]
    fn every_request_lands_in_exactly_one_outcome_or_in_flight() {
        let mut s = Summary::default();
        s.sent("1", "GET", "http://h/a/1", 10, 1.0);
        s.sent("2", "GET", "http://h/a/2", 11, 1.0);
        s.sent("3", "POST", "http://h/a/3", 12, 1.0);
        s.sent("4", "GET", "http://h/a/4", 13, 1.0);
        s.responded("1", 200);
        s.ended(
            "1",
            Ending {
                at: 1.1,
                bytes_in: 100,
                ..Ending::default()
            },
        );
        // A redirect: the hop ends with its status, the next hop is a new request.
        s.ended(
            "2",
            Ending {
                at: 1.05,
                status: Some(302),
                ..Ending::default()
            },
        );
        s.sent("2", "GET", "http://h/b", 14, 1.05);
        s.ended(
            "3",
            Ending {
                at: 1.2,
                failure: Some("net::ERR_FAILED"),
                ..Ending::default()
            },
        );
        let summary = s.snapshot();
        assert_eq!(summary.requests, 5);
        let a = &summary.routes[0];
        assert_eq!(
            (a.method.as_str(), a.route.as_str(), a.count),
            ("GET", "h/a/{id}", 3)
        );
        assert_eq!(a.status.get("2xx"), Some(&1));
        assert_eq!(a.status.get("3xx"), Some(&1));
        assert_eq!(a.in_flight, 1, "request 4");
        assert_eq!(a.bytes_in, 100);
        let post = summary
            .routes
            .iter()
            .find(|r| r.method == "POST")
            .expect("post");
        assert_eq!(post.failed, 1);
        assert_eq!(post.failures[0].error, "net::ERR_FAILED");
        let b = summary.routes.iter().find(|r| r.route == "h/b").expect("b");
        assert_eq!(b.in_flight, 1);
    }

    #[test]
    fn routes_past_the_bound_fold_into_other() {
        let mut s = Summary::default();
        for i in 0..MAX_ROUTES + 10 {
            s.sent(&i.to_string(), "GET", &format!("http://h/page-{i}"), 1, 1.0);
        }
        let summary = s.snapshot();
        assert_eq!(summary.routes.len(), MAX_ROUTES);
        assert_eq!(summary.other.as_ref().map(|o| o.count), Some(10));
        assert_eq!(
            summary.routes.iter().map(|r| r.count).sum::<u64>() + 10,
            summary.requests
        );
    }

    #[test]
    fn requests_beyond_the_in_flight_bound_are_counted_untracked() {
        let mut s = Summary::default();
        for i in 0..MAX_IN_FLIGHT + 3 {
            s.sent(&i.to_string(), "GET", "http://h/x", 1, 1.0);
        }
        let summary = s.snapshot();
        assert_eq!(summary.requests as usize, MAX_IN_FLIGHT + 3);
        assert_eq!(summary.untracked, 3);
        assert_eq!(summary.routes[0].in_flight as usize, MAX_IN_FLIGHT);
    }
}
