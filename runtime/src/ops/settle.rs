//! Settling: after an input, wait until the page has answered it, so the action's result shows
//! the page the agent will act on next and no observe-and-retry loop is needed.
//!
//! Before the input, [`arm`] reads the page's visible text (the operation's before-state and the
//! baseline of `wait --new`) and starts a DOM change tracker in bsk's own isolated world; after
//! it, [`settle`] waits until the requests the input started have answered and the DOM has been
//! quiet for [`DOM_QUIET`] — never past the operation's immediate window (1.5 s after it
//! completed), so settling never holds the next operation out of a window — and removes the
//! tracker. `evaluate` settles on its requests only: the agent's own script has made its DOM
//! changes by the time it answers, and a tracker would make a script that builds a deep tree
//! pay for every node twice. Both read only what
//! the browser reports (`Network` events) and what bsk's world sees (a `MutationObserver` there
//! sees the page's DOM, but the page's scripts cannot reach it).

use std::time::{Duration, Instant};

use bsk_actors::bounds::IMMEDIATE_WINDOW;
use bsk_schema::brief::Settle;
use serde_json::Value;

use super::target;
use crate::tab::Tab;

/// The DOM counts as settled after this long without a change.
pub const DOM_QUIET: Duration = Duration::from_millis(150);
/// Waited at least, so the requests an input's handlers start are seen before idleness is
/// judged (their `requestWillBeSent` can trail the input's acknowledgement).
const MIN_WAIT: Duration = Duration::from_millis(100);
/// How often the page is looked at while settling.
const POLL: Duration = Duration::from_millis(50);
/// How long removing the tracker may take; a page too busy keeps it until its next document
/// or the next action's settling removes it.
const DISARM_DEADLINE: Duration = Duration::from_millis(500);
/// Requests open longer than this (long polls, streams) never hold settling.
const LONG_LIVED: Duration = Duration::from_secs(10);

/// Installs the tracker, once per document. It lives only from an input to the end of its
/// settling ([`DISARM`]): a subtree observer makes each DOM change walk its node's ancestors,
/// a cost the page should not pay between actions.
const INSTALL: &str = r#"(() => {
  const g = globalThis;
  if (!g.__bskQuiet && document.documentElement) {
    const quiet = { last: performance.now() };
    quiet.observer = new MutationObserver(() => { quiet.last = performance.now(); });
    quiet.observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    g.__bskQuiet = quiet;
  }
})()"#;

/// Removes the tracker.
const DISARM: &str = r#"(() => {
  const quiet = globalThis.__bskQuiet;
  if (quiet) { quiet.observer.disconnect(); delete globalThis.__bskQuiet; }
})()"#;

/// The page's visible text, as `wait` reads it.
pub const PAGE_TEXT: &str = "document.body ? document.body.innerText : ''";

/// The page's visible text just before an input: kept whole in bsk's world, where `wait --new`
/// counts against it ([`BEFORE_TEXT`]), and returned only as far as the capture keeps it (the
/// page-text bound and the redaction margin, in UTF-16 units twice over, never ending inside a
/// surrogate pair). A busy page's text does not cross the connection at every operation.
static TEXT_BEFORE: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    use bsk_actors::bounds::{MAX_PAGE_TEXT_CHARS, REDACTION_MARGIN_CHARS};
    let units = 2 * (MAX_PAGE_TEXT_CHARS + REDACTION_MARGIN_CHARS);
    format!(
        "(() => {{ const text = {PAGE_TEXT}; globalThis.__bskBefore = text; \
         let kept = text.slice(0, {units}); \
         if (/[\\ud800-\\udbff]$/.test(kept)) kept = kept.slice(0, -1); return kept; }})()"
    )
});

/// The whole text [`arm`] left in bsk's world of the current document; `null` in a document
/// no action was taken in.
pub const BEFORE_TEXT: &str =
    "typeof globalThis.__bskBefore === 'string' ? globalThis.__bskBefore : null";

/// Milliseconds since the DOM last changed, or `null` in a document the tracker is not in yet.
const QUIET_FOR: &str =
    "globalThis.__bskQuiet ? performance.now() - globalThis.__bskQuiet.last : null";

/// What [`arm`] leaves for [`settle`]: bsk's world in the current document.
#[derive(Debug)]
pub struct Armed {
    world: Option<i64>,
    /// When the input was about to be dispatched: requests started since are the input's.
    since: Instant,
    /// Whether settling waits for the DOM to be quiet too.
    dom: bool,
}

/// Reads the page's text and, with `dom`, starts the DOM tracker, just before an input: the
/// text as far as the capture keeps it, the whole of it left in the page for `wait --new`.
/// `None` text when the page could not be read (between documents, a dialog open).
pub async fn arm(tab: &Tab, dom: bool) -> (Armed, Option<String>) {
    let mut armed = Armed {
        world: None,
        since: Instant::now(),
        dom,
    };
    if tab.state().dialog.is_some() {
        // The page's script is blocked until the dialog is answered: nothing can be read.
        return (armed, None);
    }
    let expression = if dom {
        format!("{INSTALL}; {}", *TEXT_BEFORE)
    } else {
        TEXT_BEFORE.clone()
    };
    let text = target::in_world(tab, &mut armed.world, expression)
        .await
        .ok()
        .and_then(|value| value.as_str().map(str::to_string));
    armed.since = Instant::now();
    (armed, text)
}

/// Waits, after the input completed at `completed`, until the page settled or the immediate
/// window ends, and says which.
pub async fn settle(tab: &Tab, mut armed: Armed, completed: Instant) -> Settle {
    let since = armed.since;
    let deadline = completed + IMMEDIATE_WINDOW;
    loop {
        // Each look is bounded by the window's end: a page (or a machine) too busy to answer
        // in time has not settled.
        let left = deadline.saturating_duration_since(Instant::now());
        let _ = tokio::time::timeout(left, tab.caught_up()).await;
        let left = deadline.saturating_duration_since(Instant::now());
        let quiet = if armed.dom {
            tokio::time::timeout(left, dom_quiet_for(tab, &mut armed))
                .await
                .ok()
                .flatten()
        } else {
            Some(Duration::MAX)
        };
        let now = Instant::now();
        let in_flight = tab
            .network
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .busy_since(since, now, LONG_LIVED);
        let dom_changing = quiet.is_none_or(|quiet| quiet < DOM_QUIET);
        let waited = now.saturating_duration_since(completed);
        let settled = in_flight == 0 && !dom_changing && waited >= MIN_WAIT;
        if settled || now >= deadline || tab.ensure_alive().is_err() || tab.state().dialog.is_some()
        {
            if armed.dom && tab.state().dialog.is_none() {
                let _ = tokio::time::timeout(
                    DISARM_DEADLINE,
                    target::in_world(tab, &mut armed.world, DISARM.to_string()),
                )
                .await;
            }
            return Settle {
                settled,
                waited_ms: waited.as_millis() as u64,
                requests_in_flight: if settled { 0 } else { in_flight },
                dom_changing: !settled && dom_changing,
            };
        }
        let left = deadline.saturating_duration_since(now);
        tokio::time::sleep(POLL.min(left)).await;
    }
}

/// How long the DOM has been quiet; `None` when that is not known (a new document: the tracker
/// is installed in it now, and counts from here).
async fn dom_quiet_for(tab: &Tab, armed: &mut Armed) -> Option<Duration> {
    let value = target::in_world(tab, &mut armed.world, QUIET_FOR.to_string())
        .await
        .ok()?;
    match value {
        Value::Number(ms) => ms
            .as_f64()
            .map(|ms| Duration::from_secs_f64(ms.max(0.0) / 1000.0)),
        _ => {
            let _ = target::in_world(tab, &mut armed.world, INSTALL.to_string()).await;
            None
        }
    }
}
