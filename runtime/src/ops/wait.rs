//! `wait`: until the page meets a condition, so an agent stops polling `observe`. Text and
//! selectors are read in an isolated world of bsk's own, where the page's scripts cannot change
//! what `innerText` or `querySelector` answer; the URL comes from the browser's frame events and
//! network activity from its `Network` events, neither of which a page can fake.

use std::time::{Duration, Instant};

use bsk_schema::hint::{self, Arg};
use bsk_schema::ops::WaitFor;
use bsk_schema::words;
use serde_json::Value;

use super::snapshot::as_read;
use super::target;
use crate::error::{Failure, Result};
use crate::tab::Tab;
use crate::tab::refs::is_ref;

/// How long a wait lasts unless told otherwise.
const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest wait accepted.
const MAX_TIMEOUT: Duration = Duration::from_secs(120);
/// How often the page is looked at.
const POLL: Duration = Duration::from_millis(100);
/// Network idle: no request started or ended for this long…
const NETWORK_QUIET: Duration = Duration::from_millis(500);
/// …and none in flight but those open longer than this (long polls, streams).
const LONG_LIVED: Duration = Duration::from_secs(10);

pub async fn wait(tab: &Tab, until: &WaitFor, timeout_ms: Option<u64>) -> Result<String> {
    let timeout = match timeout_ms {
        None => DEFAULT_TIMEOUT,
        Some(ms) if Duration::from_millis(ms) <= MAX_TIMEOUT && ms > 0 => Duration::from_millis(ms),
        Some(ms) => {
            return Err(
                Failure::invalid_input(format!("a wait of {ms} ms is out of range")).hint(words![
                    "a wait lasts at most 120 s: ",
                    Arg::new("timeoutMs", 120_000)
                ]),
            );
        }
    };
    let started = Instant::now();
    let mut world: Option<i64> = None;
    // `--new`'s count before the last action, read once: it does not change while the wait goes on.
    let mut before: Option<usize> = None;
    loop {
        tab.ensure_alive()?;
        // A page too busy to answer a look (a flood of requests ahead of the reply) has not met
        // the condition yet: the wait goes on until its own timeout, each look bounded by the
        // time left, rather than failing on the first slow answer.
        let left = timeout.saturating_sub(started.elapsed()).max(POLL);
        let now_met =
            match tokio::time::timeout(left, met(tab, until, &mut world, &mut before)).await {
                Ok(Ok(now_met)) => now_met,
                Ok(Err(failure)) if failure.0.code == bsk_schema::ErrorCode::Timeout => false,
                Ok(Err(failure)) => return Err(failure),
                Err(_) => false,
            };
        if now_met {
            return Ok(format!(
                "waited {:.1}s: {}",
                started.elapsed().as_secs_f64(),
                describe(until, true)
            ));
        }
        if started.elapsed() >= timeout {
            let mut message = format!(
                "waited {}s: {}",
                timeout.as_secs_f64(),
                describe(until, false)
            );
            if let WaitFor::NetworkIdle = until {
                let busy = tab
                    .network
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .busy(Instant::now(), LONG_LIVED);
                message.push_str(&format!(" ({busy} requests in flight)"));
            }
            return Err(Failure::timeout(message).hint(words![
                "raise ",
                Arg::named("timeoutMs"),
                " (at most 120 s), or look at the page with ",
                hint::OBSERVE
            ]));
        }
        tokio::time::sleep(POLL).await;
    }
}

/// What the condition says, met or not.
fn describe(until: &WaitFor, met: bool) -> String {
    let (yes, no) = match until {
        WaitFor::Text { text, within, new } => {
            let new = if *new { "new " } else { "" };
            let place = place(within.as_deref());
            (
                format!("{new}text \"{text}\" appeared{place}"),
                format!("{new}text \"{text}\" did not appear{place}"),
            )
        }
        WaitFor::TextGone { text, within } => {
            let place = place(within.as_deref());
            (
                format!("text \"{text}\" is gone{place}"),
                format!("text \"{text}\" is still there{place}"),
            )
        }
        WaitFor::Target { target } => (
            format!("{target} is present"),
            format!("{target} did not appear"),
        ),
        WaitFor::TargetGone { target } => (
            format!("{target} is gone"),
            format!("{target} is still present"),
        ),
        WaitFor::Url { pattern } => (
            format!("the URL matches \"{pattern}\""),
            format!("the URL does not match \"{pattern}\""),
        ),
        WaitFor::NetworkIdle => (
            "the network is idle".to_string(),
            "the network did not become idle".to_string(),
        ),
    };
    if met { yes } else { no }
}

fn place(within: Option<&str>) -> String {
    within.map(|w| format!(" in {w}")).unwrap_or_default()
}

/// How many times `needle` occurs in `text`.
fn occurrences(text: &str, needle: &str) -> usize {
    if needle.is_empty() {
        return 0;
    }
    text.matches(needle).count()
}

async fn met(
    tab: &Tab,
    until: &WaitFor,
    world: &mut Option<i64>,
    before: &mut Option<usize>,
) -> Result<bool> {
    Ok(match until {
        // Text is matched as a person reads it: a line break between two flex items, or a
        // zero-width space inside a path, does not hide the words.
        WaitFor::Text { text, within, new } => {
            let text = as_read(text);
            let Some(scope) = scoped_text(tab, within.as_deref(), world).await? else {
                return Ok(false);
            };
            let scope = as_read(&scope);
            if !scope.contains(text.as_str()) {
                return Ok(false);
            }
            if !*new {
                return Ok(true);
            }
            // New since the last action: the page holds it more often than it did then. The
            // text before it waits in bsk's world of the document the action ran in; a document
            // loaded since held none of it.
            let before = match *before {
                Some(count) => count,
                None => {
                    let count =
                        target::in_world(tab, world, super::settle::BEFORE_TEXT.to_string())
                            .await?
                            .as_str()
                            .map_or(0, |before| occurrences(&as_read(before), &text));
                    *before.insert(count)
                }
            };
            let now = match within {
                None => occurrences(&scope, &text),
                Some(_) => occurrences(&as_read(&page_text(tab, world).await?), &text),
            };
            now > before
        }
        WaitFor::TextGone { text, within } => !scoped_text(tab, within.as_deref(), world)
            .await?
            .is_some_and(|scope| as_read(&scope).contains(as_read(text).as_str())),
        WaitFor::Target { target } => present(tab, target, world).await?,
        WaitFor::TargetGone { target } => !present(tab, target, world).await?,
        WaitFor::Url { pattern } => url_matches(&tab.state().url, pattern),
        WaitFor::NetworkIdle => tab
            .network
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .is_idle(Instant::now(), NETWORK_QUIET, LONG_LIVED),
    })
}

/// The URL contains `pattern`, or, with `*` wildcards, matches it whole.
fn url_matches(url: &str, pattern: &str) -> bool {
    if !pattern.contains('*') {
        return url.contains(pattern);
    }
    let parts: Vec<&str> = pattern.split('*').collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !url.starts_with(first) || !url[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &url[first.len()..url.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// The main frame's visible text, read in bsk's own world.
async fn page_text(tab: &Tab, world: &mut Option<i64>) -> Result<String> {
    let value = target::in_world(tab, world, super::settle::PAGE_TEXT.to_string()).await?;
    Ok(value.as_str().unwrap_or_default().to_string())
}

/// The visible text of `within` (an `@eN` ref or a CSS selector), or of the page; `None` while
/// that element is not in the page.
async fn scoped_text(
    tab: &Tab,
    within: Option<&str>,
    world: &mut Option<i64>,
) -> Result<Option<String>> {
    let Some(within) = within else {
        return page_text(tab, world).await.map(Some);
    };
    if is_ref(within) {
        let node = match target::resolve(tab, within).await {
            Ok(node) => node,
            Err(failure) if failure.0.code == bsk_schema::ErrorCode::NotFound => return Ok(None),
            Err(failure) => return Err(failure),
        };
        let text = target::call_on(
            tab,
            &node,
            "function() { return this.isConnected ? (this.innerText ?? this.textContent ?? '') : null; }",
            vec![],
        )
        .await
        .unwrap_or(Value::Null);
        return Ok(text.as_str().map(str::to_string));
    }
    let expression = format!(
        "(() => {{ try {{ const el = document.querySelector({}); return el ? (el.innerText ?? el.textContent ?? '') : null; }} catch (e) {{ return {{ bad: e.message }}; }} }})()",
        Value::String(within.to_string())
    );
    match target::in_world(tab, world, expression).await? {
        Value::String(text) => Ok(Some(text)),
        Value::Object(error) => Err(Failure::invalid_input(format!(
            "bad selector {within}: {}",
            error.get("bad").and_then(Value::as_str).unwrap_or_default()
        ))
        .hint("pass a valid CSS selector (e.g. '#result') or an @eN ref from observe")),
        _ => Ok(None),
    }
}

async fn present(tab: &Tab, target: &str, world: &mut Option<i64>) -> Result<bool> {
    if is_ref(target) {
        let node = match target::resolve(tab, target).await {
            Ok(node) => node,
            Err(failure) if failure.0.code == bsk_schema::ErrorCode::NotFound => return Ok(false),
            Err(failure) => return Err(failure),
        };
        return Ok(target::call_on(
            tab,
            &node,
            "function() { return this.isConnected; }",
            vec![],
        )
        .await
        .is_ok_and(|connected| connected == Value::Bool(true)));
    }
    let expression = format!(
        "(() => {{ try {{ return !!document.querySelector({}); }} catch (e) {{ return 'bad selector: ' + e.message; }} }})()",
        Value::String(target.to_string())
    );
    match target::in_world(tab, world, expression).await? {
        Value::Bool(found) => Ok(found),
        Value::String(error) => Err(Failure::invalid_input(error).hint(words![
            "pass a valid CSS selector (e.g. '#save') or an @eN ref from ",
            hint::OBSERVE
        ])),
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occurrences_count_every_match() {
        assert_eq!(occurrences("Saved. Saved!", "Saved"), 2);
        assert_eq!(occurrences("nothing", "Saved"), 0);
        assert_eq!(occurrences("anything", ""), 0);
    }

    #[test]
    fn url_patterns_are_substrings_or_wildcard_matches() {
        let url = "http://127.0.0.1:8080/users/42?tab=1";
        assert!(url_matches(url, "/users/42"));
        assert!(!url_matches(url, "/users/43"));
        assert!(url_matches(url, "http://*/users/*"));
        assert!(url_matches(url, "*tab=1"));
        assert!(!url_matches(url, "*/teams/*"));
        assert!(!url_matches(url, "https://*"));
    }
}
