//! What a capture started without a name is called: its first page's host and when.

use super::time;

/// The name of a capture started without one: the page's host and when, so that History
/// never lists two captures by the same default name (`127.0.0.1:8080 2026-12-06 14:03:07 UTC`,
/// `Capture …` before any page).
pub fn default_capture_name(url: &str, now_ms: u64) -> String {
    let host = url
        .split_once("://")
        .map(|(_, rest)| rest.split(['/', '?', '#']).next().unwrap_or_default())
        .map(|authority| authority.rsplit('@').next().unwrap_or_default())
        .filter(|host| !host.is_empty());
    format!(
        "{} {}",
        host.unwrap_or("Capture"),
        time::utc(now_ms, time::READABLE)
    )
}

/// Whether a default name made from `url` names a page by its host, not just `Capture …`.
pub fn names_a_page(url: &str) -> bool {
    url.starts_with("http://") || url.starts_with("https://")
}
