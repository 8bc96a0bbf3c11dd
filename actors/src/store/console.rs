//! Console API calls, uncaught exceptions and browser log entries into console entries, each
//! labelled with its source.

use crate::cdp::EventKind;
use bsk_schema::capture::{ConsoleEntry, ConsoleSource};
use serde_json::Value;

use super::Capture;
use crate::model::body::truncate_utf16;
use crate::model::redact;

/// Longest console text retained, in UTF-16 code units; the rest is cut with a marker.
pub const MAX_CONSOLE_TEXT_UNITS: usize = 4096;

/// Website, extension or unknown, from a script URL. Browser entries are labelled by their event.
fn source_of(url: &str) -> ConsoleSource {
    if url.starts_with("chrome-extension://") || url.starts_with("moz-extension://") {
        ConsoleSource::Extension
    } else if url.is_empty() {
        ConsoleSource::Unknown
    } else {
        ConsoleSource::Website
    }
}

/// When the browser says an entry was logged (its `timestamp`, milliseconds since the epoch),
/// else `now`: the entry's own time, however late the daemon reads it, so an entry logged just
/// before an operation started is never counted as following it.
fn browser_time(timestamp: &Value, now: u64) -> u64 {
    match timestamp.as_f64() {
        Some(ms) if ms.is_finite() && ms >= 1.0 => ms as u64,
        _ => now,
    }
}

/// A console argument as text: strings as they are, objects from their preview
/// (`{name: "Ada", …}`), other values as JSON or their description.
fn argument_text(arg: &Value) -> String {
    if let Some(value) = arg.get("value") {
        return match value {
            Value::String(s) => s.clone(),
            other => other.to_string(),
        };
    }
    // An Error prints as its message and whole stack (`description`), as DevTools shows it,
    // never as a preview cut mid-stack.
    if arg["subtype"] == "error"
        && let Some(description) = arg["description"].as_str()
    {
        return description.to_string();
    }
    if let Some(preview) = arg.get("preview").filter(|p| p["properties"].is_array()) {
        return preview_text(preview);
    }
    arg["description"]
        .as_str()
        .or_else(|| arg["unserializableValue"].as_str())
        .or_else(|| arg["type"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Chrome's object preview as compact text; sensitive property names are redacted.
fn preview_text(preview: &Value) -> String {
    let array = preview["subtype"] == "array";
    let properties = preview["properties"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|p| {
            let name = p["name"].as_str().unwrap_or_default();
            let value = match (p["type"].as_str(), p["value"].as_str()) {
                (_, _) if redact::is_sensitive_name(name) => redact::REDACTED.to_string(),
                (Some("string"), Some(v)) => serde_json::to_string(v).unwrap_or_default(),
                (_, Some(v)) => v.to_string(),
                _ => String::new(),
            };
            if array {
                value
            } else {
                format!("{name}: {value}")
            }
        });
    let mut inner: Vec<String> = properties.collect();
    if preview["overflow"].as_bool().unwrap_or(false) {
        inner.push("…".into());
    }
    if array {
        format!("[{}]", inner.join(", "))
    } else {
        format!("{{{}}}", inner.join(", "))
    }
}

fn bounded(text: &str) -> String {
    // Cut before redacting: a 100 MB console line costs no more than a 4 Ki one.
    let (raw, cut) = truncate_utf16(text, MAX_CONSOLE_TEXT_UNITS);
    let redacted = redact::text(&raw);
    let (kept, over) = truncate_utf16(&redacted, MAX_CONSOLE_TEXT_UNITS);
    let truncated = cut || over;
    if truncated {
        format!("{kept}… [truncated]")
    } else {
        kept
    }
}

impl Capture {
    /// Applies a `Runtime.consoleAPICalled`, `Runtime.exceptionThrown` or `Log.entryAdded` event
    /// seen on `target_id`.
    pub fn apply_console(
        &mut self,
        target_id: &str,
        kind: impl Into<EventKind>,
        params: &Value,
        now: u64,
    ) {
        if !self.is_active() {
            return;
        }
        let entry = match kind.into() {
            EventKind::ConsoleApiCalled => {
                let args = params["args"]
                    .as_array()
                    .map(|a| a.iter().map(argument_text).collect::<Vec<_>>());
                let frame = &params["stackTrace"]["callFrames"][0];
                let url = frame["url"].as_str().unwrap_or_default();
                let level = match params["type"].as_str().unwrap_or("log") {
                    "warning" => "warning",
                    "error" | "assert" => "error",
                    "debug" => "debug",
                    "info" => "info",
                    _ => "log",
                };
                self.entry(
                    target_id,
                    browser_time(&params["timestamp"], now),
                    source_of(url),
                    level,
                    "console",
                    &args.unwrap_or_default().join(" "),
                    url,
                    frame,
                )
            }
            EventKind::ExceptionThrown => {
                let details = &params["exceptionDetails"];
                let text = details["exception"]["description"]
                    .as_str()
                    .or_else(|| details["exception"]["value"].as_str())
                    .or_else(|| details["text"].as_str())
                    .unwrap_or("exception");
                let text = match details["text"].as_str() {
                    Some(prefix)
                        if prefix.starts_with("Uncaught (in promise)")
                            && !text.starts_with("Uncaught") =>
                    {
                        format!("Uncaught (in promise) {text}")
                    }
                    _ => text.to_string(),
                };
                let url = details["url"].as_str().unwrap_or_default();
                self.entry(
                    target_id,
                    browser_time(&params["timestamp"], now),
                    source_of(url),
                    "error",
                    "exception",
                    &text,
                    url,
                    details,
                )
            }
            // A JavaScript dialog is evidence too: its message, redacted like console text, in
            // the window of the operation that opened it.
            EventKind::JavascriptDialogOpening => {
                let kind = params["type"].as_str().unwrap_or("dialog");
                let message = params["message"].as_str().unwrap_or_default();
                let text = match params["defaultPrompt"].as_str().filter(|p| !p.is_empty()) {
                    Some(default) => format!("{kind}: {message} (default: {default})"),
                    None => format!("{kind}: {message}"),
                };
                let url = params["url"].as_str().unwrap_or_default();
                self.entry(
                    target_id,
                    now,
                    source_of(url),
                    "info",
                    "dialog",
                    &text,
                    url,
                    &Value::Null,
                )
            }
            EventKind::LogEntryAdded => {
                let entry = &params["entry"];
                // A worker's console reaches the page's log as a copy with coarser levels
                // (`console.log` as `info`); it is recorded from the worker's own target.
                if entry["source"] == "worker" {
                    return;
                }
                let at = browser_time(&entry["timestamp"], now);
                // `Log.enable` replays entries logged before capture started; those are not ours.
                if at < self.meta.started_at {
                    return;
                }
                let url = entry["url"].as_str().unwrap_or_default();
                let level = entry["level"].as_str().unwrap_or("info").to_string();
                let text = entry["text"].as_str().unwrap_or_default();
                self.entry(
                    target_id,
                    at,
                    ConsoleSource::Browser,
                    &level,
                    "browser",
                    text,
                    url,
                    entry,
                )
            }
            _ => return,
        };
        self.push_console(entry);
    }

    #[allow(clippy::too_many_arguments)]
    fn entry(
        &self,
        target_id: &str,
        at: u64,
        source: ConsoleSource,
        level: &str,
        kind: &str,
        text: &str,
        url: &str,
        position: &Value,
    ) -> ConsoleEntry {
        ConsoleEntry {
            id: String::new(),
            revision: 0,
            at,
            source,
            level: level.to_string(),
            kind: kind.to_string(),
            text: bounded(text),
            url: (!url.is_empty()).then(|| redact::kept_url(url)),
            line: position["lineNumber"].as_u64(),
            column: position["columnNumber"].as_u64(),
            target_id: target_id.to_string(),
            worker: self.worker_of(target_id),
        }
    }
}

#[cfg(test)]
mod bounded_work_tests {
    use super::*;

    #[test]
    fn a_huge_console_line_is_cut_before_it_is_redacted() {
        let line = format!("token=abc123 {}", "z".repeat(10_000_000));
        let kept = bounded(&line);
        assert!(kept.starts_with("token=[redacted] "));
        assert!(kept.ends_with("… [truncated]"));
        assert!(kept.len() < MAX_CONSOLE_TEXT_UNITS + 64);
    }
}
