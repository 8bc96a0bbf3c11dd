//! What an operation caused, in brief: the requests, console errors and exceptions and the page
//! load in its immediate window, as an action's result and `debug operations --caused` show
//! them. Association by start time, as the windows are, not proof of cause.

use bsk_schema::brief::{Caused, ConsoleBrief, MAX_BRIEF_ITEMS, MAX_BRIEF_TEXT, RequestBrief};
use bsk_schema::capture::{RequestRecord, RequestState};

use super::Capture;
use super::reads::is_folded;
use super::windows::Placement;

/// Console levels a brief lists; the rest are counted.
fn is_problem(level: &str, kind: &str) -> bool {
    matches!(level, "error" | "warning") || kind == "exception"
}

/// `url` without its origin when it is `origin`'s: `/api/save?x=1`.
fn short_url(url: &str, origin: Option<&str>) -> String {
    match origin {
        Some(origin) if !origin.is_empty() => match url.strip_prefix(origin) {
            Some(rest) if rest.starts_with('/') => rest.to_string(),
            _ => url.to_string(),
        },
        _ => url.to_string(),
    }
}

/// `scheme://host[:port]` of `url`, if it has one.
fn origin_of(url: &str) -> Option<&str> {
    let after_scheme = url.find("://")? + 3;
    let end = url[after_scheme..]
        .find(['/', '?', '#'])
        .map_or(url.len(), |i| after_scheme + i);
    Some(&url[..end])
}

fn brief(record: &RequestRecord, origin: Option<&str>) -> RequestBrief {
    RequestBrief {
        id: record.id.clone(),
        method: record.method.clone(),
        url: short_url(&record.url, origin),
        status: record.status,
        failure: record.failure.clone(),
        pending: record.state == RequestState::Pending,
        preflight_for: record.preflight_for.clone(),
    }
}

impl Capture {
    /// What operation `id` caused so far; `None` when the capture holds no such operation.
    pub fn caused(&self, id: &str, now: u64) -> Option<Caused> {
        let index = self.operations.iter().position(|o| o.id == id)?;
        Some(self.caused_at(index, now))
    }

    /// What the operation at `index` caused so far: its immediate window in brief.
    pub(super) fn caused_at(&self, index: usize, now: u64) -> Caused {
        let window = self.window_of(index, now);
        let immediate = |at: u64| window.place(at) == Placement::Immediate;
        let started = self.operations[index].started_at;
        // Paths are shown relative to the page the operation acted on.
        let page = self.pages.iter().rev().find(|p| p.at <= started);
        let origin = page.and_then(|p| origin_of(&p.url));
        let mut caused = Caused::default();
        for record in self.requests.iter().filter(|r| immediate(r.started_at)) {
            if is_folded(record) {
                caused.folded += 1;
            } else if caused.requests.len() < MAX_BRIEF_ITEMS {
                caused.requests.push(brief(record, origin));
            } else {
                caused.more_requests += 1;
            }
        }
        for entry in self.console.iter().filter(|c| immediate(c.at)) {
            let level = if entry.kind == "exception" {
                "exception"
            } else {
                entry.level.as_str()
            };
            *caused.console_levels.entry(level.to_string()).or_default() += 1;
            if is_problem(&entry.level, &entry.kind) && caused.console.len() < MAX_BRIEF_ITEMS {
                caused.console.push(ConsoleBrief {
                    id: entry.id.clone(),
                    level: entry.level.clone(),
                    kind: entry.kind.clone(),
                    text: brief_text(&entry.text),
                });
            } else {
                caused.more_console += 1;
            }
        }
        caused.navigated_to = self
            .pages
            .iter()
            .rev()
            .find(|p| p.at >= started && immediate(p.at))
            .map(|p| p.url.clone());
        caused
    }
}

/// A console message as a brief shows it: whole, or cut at [`MAX_BRIEF_TEXT`] with `…`.
fn brief_text(text: &str) -> String {
    match text.char_indices().nth(MAX_BRIEF_TEXT) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_relative_to_the_page_origin_only() {
        let origin = origin_of("http://127.0.0.1:8080/app?x=1");
        assert_eq!(origin, Some("http://127.0.0.1:8080"));
        assert_eq!(
            short_url("http://127.0.0.1:8080/api/save?a=1", origin),
            "/api/save?a=1"
        );
        // Another port is another origin, and a longer host is not a path.
        assert_eq!(
            short_url("http://127.0.0.1:8081/api", origin),
            "http://127.0.0.1:8081/api"
        );
        assert_eq!(
            short_url("http://127.0.0.1:80800/x", Some("http://127.0.0.1:8080")),
            "http://127.0.0.1:80800/x"
        );
        assert_eq!(short_url("data:text/plain,x", None), "data:text/plain,x");
        assert_eq!(origin_of("about:blank"), None);
    }

    #[test]
    fn errors_warnings_and_exceptions_are_problems() {
        assert!(is_problem("error", "console"));
        assert!(is_problem("warning", "browser"));
        assert!(is_problem("log", "exception"));
        assert!(!is_problem("log", "console"));
        assert!(!is_problem("info", "console"));
    }

    #[test]
    fn a_long_console_message_is_cut_with_a_mark() {
        let cors = "Access to fetch at 'http://127.0.0.1:4001/orders/7' from origin 'http://localhost:4002' \
                    has been blocked by CORS policy: Method DELETE is not allowed by \
                    Access-Control-Allow-Methods in preflight response.";
        assert_eq!(brief_text(cors), cors, "a CORS error is kept whole");
        let long = "é".repeat(MAX_BRIEF_TEXT + 5);
        let cut = brief_text(&long);
        assert_eq!(cut.chars().count(), MAX_BRIEF_TEXT + 1);
        assert!(cut.ends_with('…'));
    }
}
