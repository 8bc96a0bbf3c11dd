//! navigate, reload, back and forward, each waiting for the page to arrive.

use std::time::Duration;

use bsk_schema::hint::{self, Arg};
use bsk_schema::ops::WaitUntil;
use bsk_schema::words;
use serde_json::json;

use crate::error::{Failure, Result};
use crate::tab::{Tab, TabState};

/// How long a navigation may take to reach its `--wait-until` point.
pub const NAVIGATION_DEADLINE: Duration = Duration::from_secs(30);

fn lifecycle_name(wait_until: WaitUntil) -> &'static str {
    match wait_until {
        WaitUntil::Load => "load",
        WaitUntil::Domcontentloaded => "DOMContentLoaded",
        WaitUntil::Networkidle => "networkIdle",
    }
}

/// `http://` is assumed when the agent leaves the scheme out (`localhost:3000/x`).
pub fn normalize_url(url: &str) -> Result<String> {
    let url = url.trim();
    if url.is_empty() {
        return Err(Failure::usage("navigate needs a URL").hint(words![
            "e.g. ",
            hint::NAVIGATE
                .with("url", "http://localhost:3000")
                .with("sessionId", "<id>")
        ]));
    }
    if url.contains(char::is_whitespace) {
        return Err(Failure::invalid_input(format!(
            "`{url}` is not a URL: it contains spaces"
        )));
    }
    let has_scheme = url.split_once(':').is_some_and(|(scheme, rest)| {
        !scheme.is_empty()
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
            && (rest.starts_with("//")
                || ["about", "data", "javascript", "blob", "file"].contains(&scheme))
    });
    Ok(if has_scheme {
        url.to_string()
    } else {
        format!("http://{url}")
    })
}

/// Waits until `done` holds for the tab's state, or fails with a timeout saying what was awaited.
async fn wait_for(tab: &Tab, what: &str, done: impl Fn(&TabState) -> bool) -> Result<TabState> {
    let mut state = tab.state_watch();
    let waited = tokio::time::timeout(
        NAVIGATION_DEADLINE,
        state.wait_for(|s| s.gone.is_some() || done(s)),
    )
    .await;
    match waited {
        Ok(Ok(state)) => {
            let state = state.clone();
            tab.ensure_alive()?;
            Ok(state)
        }
        Ok(Err(_)) => {
            Err(Failure::browser("the tab's event stream ended").hint("start a new session"))
        }
        Err(_) => Err(Failure::timeout(format!(
            "the page did not reach `{what}` within {NAVIGATION_DEADLINE:?}"
        ))
        .hint(words![
            "the page may still be loading; try ",
            Arg::new("waitUntil", "domcontentloaded"),
            ", or check with ",
            hint::OBSERVE
        ])),
    }
}

pub async fn navigate(tab: &Tab, url: &str, wait_until: WaitUntil) -> Result<String> {
    let url = normalize_url(url)?;
    let reply = tab
        .call("Page.navigate", json!({ "url": url }))
        .await
        .map_err(|e| {
            if e.0.message.contains("Cannot navigate to invalid URL")
                || e.0.message.contains("invalid URL")
            {
                Failure::invalid_input(format!("`{url}` is not a valid URL"))
            } else {
                e
            }
        })?;
    if let Some(error) = reply["errorText"].as_str().filter(|e| !e.is_empty()) {
        return Err(Failure::not_found(format!("could not load {url}: {error}"))
            .hint("check that the server is running and the URL is right"));
    }
    let Some(loader) = reply["loaderId"].as_str().map(str::to_string) else {
        // Same-document navigation (a fragment change): nothing to load.
        return Ok(format!("navigated to {url} (same document)"));
    };
    let name = lifecycle_name(wait_until);
    wait_for(tab, name, |s| {
        s.loader_id == loader && s.lifecycle.iter().any(|l| l == name)
    })
    .await?;
    Ok(format!("navigated to {url} ({name})"))
}

/// Waits for the navigation that follows a history or reload command.
async fn wait_for_next_document(tab: &Tab, before: u64, wait_until: WaitUntil) -> Result<TabState> {
    let name = lifecycle_name(wait_until);
    wait_for(tab, name, |s| {
        s.navigations > before && s.lifecycle.iter().any(|l| l == name)
    })
    .await
}

pub async fn reload(tab: &Tab, wait_until: WaitUntil) -> Result<String> {
    let before = tab.state().navigations;
    tab.call("Page.reload", json!({})).await?;
    let state = wait_for_next_document(tab, before, wait_until).await?;
    Ok(format!("reloaded {}", state.url))
}

pub async fn history(tab: &Tab, delta: i64) -> Result<String> {
    let direction = if delta < 0 { "back" } else { "forward" };
    let history = tab.call("Page.getNavigationHistory", json!({})).await?;
    let current = history["currentIndex"].as_i64().unwrap_or_default();
    let entries = history["entries"].as_array().cloned().unwrap_or_default();
    let Some(entry) = usize::try_from(current + delta)
        .ok()
        .and_then(|i| entries.get(i))
    else {
        return Err(Failure::invalid_input(format!(
            "there is no page to go {direction} to in this tab's history"
        ))
        .hint(words!["use ", hint::NAVIGATE.with("url", "<url>")]));
    };
    let before = tab.state().navigations;
    tab.call(
        "Page.navigateToHistoryEntry",
        json!({ "entryId": entry["id"] }),
    )
    .await?;
    let state = wait_for_next_document(tab, before, WaitUntil::Load).await?;
    Ok(format!("went {direction} to {}", state.url))
}

#[cfg(test)]
mod tests {
    use super::normalize_url;

    #[test]
    fn assumes_http_without_a_scheme() {
        assert_eq!(
            normalize_url("localhost:3000/x").ok().as_deref(),
            Some("http://localhost:3000/x")
        );
        assert_eq!(
            normalize_url("https://a.test").ok().as_deref(),
            Some("https://a.test")
        );
        assert_eq!(
            normalize_url("about:blank").ok().as_deref(),
            Some("about:blank")
        );
        assert_eq!(
            normalize_url("data:text/html,hi").ok().as_deref(),
            Some("data:text/html,hi")
        );
        assert!(normalize_url("").is_err());
        assert!(normalize_url("not a url").is_err());
    }
}
