//! Printing results and errors: compact lines for people, JSON for programs.

pub mod debug;

use bsk_schema::ErrorBody;
use bsk_schema::hint::Surface;
use bsk_schema::ipc::{DaemonStatus, SessionInfo, SessionStopResult, TabInfo};
use bsk_schema::ops::OperationResult;
use serde_json::Value;

use crate::error::Failure;

#[derive(Debug, Clone, Copy)]
pub struct Style {
    pub json: bool,
    pub quiet: bool,
}

/// Prints a failure and returns its exit code.
pub fn failure(style: Style, failure: &Failure) -> i32 {
    let said = failure.said(Surface::Cli);
    print_error(style.json, &said);
    said.exit_code
}

fn print_error(json: bool, error: &ErrorBody) {
    if json {
        line(&serde_json::to_string(error).unwrap_or_default());
    } else {
        eprintln!("error: {}", error.message);
        if let Some(hint) = &error.hint {
            eprintln!("hint: {hint}");
        }
    }
}

/// Reports a command line clap rejected; help and version are not errors.
pub fn usage_error(error: clap::Error, args: &[String]) -> i32 {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        let _ = error.print();
        return if error.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
            1
        } else {
            0
        };
    }
    if args.iter().any(|a| a == "--json") {
        // clap's message, without its usage block and help pointer, on one line.
        let message = error.to_string();
        let text: Vec<&str> = message
            .lines()
            .take_while(|line| {
                !line.starts_with("Usage:") && !line.starts_with("For more information")
            })
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .collect();
        let text = text.join(" ").trim_start_matches("error: ").to_string();
        let body = Failure::usage(text).hint("see `bsk --help`, or `bsk <command> --help`");
        print_error(true, &body.said(Surface::Cli));
    } else {
        let _ = error.print();
    }
    bsk_schema::ErrorCode::Usage.exit_code()
}

/// Writes one line to stdout. A reader that went away (`bsk debug export | head`) ends the
/// command quietly, as it would any Unix tool, instead of a panic.
pub fn line(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    if let Err(e) = writeln!(out, "{text}").and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(bsk_schema::ErrorCode::Internal.exit_code());
    }
}

/// Prints `value` as JSON, or as `human` renders it.
pub fn result(style: Style, value: &Value, human: impl FnOnce(&Value) -> Option<String>) {
    if style.json {
        line(&serde_json::to_string_pretty(value).unwrap_or_default());
    } else if let Some(text) = human(value)
        && !text.is_empty()
    {
        line(&text);
    }
}

fn decode<T: serde::de::DeserializeOwned>(value: &Value) -> Option<T> {
    serde_json::from_value(value.clone()).ok()
}

pub fn session_started(value: &Value) -> Option<String> {
    decode::<SessionInfo>(value).map(|s| s.id)
}

pub fn session_list(value: &Value, surface: Surface) -> Option<String> {
    let sessions: Vec<SessionInfo> = decode(value)?;
    if sessions.is_empty() {
        return Some(
            bsk_schema::words![
                "no sessions; start one with ",
                bsk_schema::hint::SESSION_START
            ]
            .said(surface),
        );
    }
    Some(
        sessions
            .iter()
            .map(session_line)
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

fn session_line(session: &SessionInfo) -> String {
    let name = session
        .name
        .as_deref()
        .map(|n| format!(" {n:?}"))
        .unwrap_or_default();
    let tabs: Vec<String> = session
        .tabs
        .iter()
        .map(|t| {
            let dropped = match t.events_dropped {
                0 => String::new(),
                n => format!(" ({n} browser events dropped: bsk could not keep up)"),
            };
            let dialog = t.dialog.as_ref().map_or(String::new(), |d| {
                format!(
                    "\n    {} is open: \"{}\" (answer: bsk dialog accept|dismiss)",
                    d.a_kind(),
                    d.message.replace('\n', " ")
                )
            });
            format!(
                "  {} {:?} {}{dropped}{dialog}",
                t.tab_id, t.ownership, t.url
            )
        })
        .collect();
    // A capture the session started with is named on the first line, where an agent reads
    // the ids it needs next.
    let capture = session
        .run_id
        .as_deref()
        .map(|run| format!(" · capturing {run}"))
        .unwrap_or_default();
    format!("{}{name}{capture}\n{}", session.id, tabs.join("\n"))
}

pub fn session_stopped(value: &Value) -> Option<String> {
    let result: SessionStopResult = decode(value)?;
    if result.stopped.is_empty() {
        return Some("no sessions to stop".into());
    }
    let mut text = format!("stopped {}", result.stopped.join(", "));
    if !result.returned_tabs.is_empty() {
        text.push_str(&format!(
            "; returned tabs {}",
            result.returned_tabs.join(", ")
        ));
    }
    Some(text)
}

pub fn tab_list(value: &Value) -> Option<String> {
    let tabs: Vec<TabInfo> = decode(value)?;
    if tabs.is_empty() {
        return Some("no tabs (the browser starts with the first session)".into());
    }
    Some(tabs.iter().map(tab_line).collect::<Vec<_>>().join("\n"))
}

pub fn tab_line(tab: &TabInfo) -> String {
    let owner = match (&tab.session, tab.ownership) {
        (Some(session), ownership) => format!("{ownership:?} by {session}").to_lowercase(),
        (None, _) => "user".into(),
    };
    let opener = tab
        .opener
        .as_deref()
        .map(|opener| format!("  (opened by {opener})"))
        .unwrap_or_default();
    format!("{}  {owner}  {}{opener}", tab.tab_id, tab.url)
}

pub fn tab_changed(value: &Value) -> Option<String> {
    decode::<TabInfo>(value).map(|t| tab_line(&t))
}

pub fn operation(value: &Value, quiet: bool) -> Option<String> {
    let result: OperationResult = decode(value)?;
    if let Some(snapshot) = &result.snapshot {
        // observe: the snapshot is the output.
        return Some(if quiet {
            snapshot.clone()
        } else {
            format!("{}\n{snapshot}", result.summary)
        });
    }
    match &result.value {
        Some(value) => Some(serde_json::to_string(value).unwrap_or_default()),
        None if quiet => None,
        None => Some(action_text(&result, Surface::Cli)),
    }
}

/// An action's result as text: its summary and what to do next, the operation it was recorded
/// as and whether the page settled, then what it caused, one line each (every id kept).
pub fn action_text(result: &OperationResult, surface: Surface) -> String {
    let mut text = result.summary.clone();
    if let Some(next) = &result.next {
        text.push_str("; ");
        text.push_str(&next.said(surface));
    }
    let mut status = Vec::new();
    match (&result.operation, &result.operation_not_recorded) {
        (Some(operation), _) => status.push(format!(
            "operation {} ({})",
            operation.id, operation.qualified
        )),
        (None, Some(why)) => status.push(format!("not recorded: {why}")),
        (None, None) => {}
    }
    if let Some(settle) = &result.settle {
        status.push(if settle.settled {
            format!("settled after {} ms", settle.waited_ms)
        } else {
            let mut busy = Vec::new();
            if settle.requests_in_flight > 0 {
                busy.push(format!("{} requests in flight", settle.requests_in_flight));
            }
            if settle.dom_changing {
                busy.push("the page still changing".to_string());
            }
            format!(
                "not settled after {} ms ({})",
                settle.waited_ms,
                busy.join(", ")
            )
        });
    }
    if !status.is_empty() {
        text.push('\n');
        text.push_str(&status.join(" · "));
    }
    if let Some(caused) = &result.caused {
        for line in caused.lines() {
            text.push_str("\n  ");
            text.push_str(&line);
        }
    }
    text
}

const MIB: f64 = 1024.0 * 1024.0;

/// The extension link in a word, its version, and why it is down when it is.
fn extension_line(extension: &bsk_schema::link::ExtensionStatus) -> String {
    use bsk_schema::link::LinkState;
    let state = match extension.state {
        LinkState::Connecting => "connecting",
        LinkState::Connected => "connected",
        LinkState::Missing => "missing",
        LinkState::Incompatible => "incompatible",
        LinkState::Broken => "broken",
    };
    let version = extension
        .version
        .as_deref()
        .map(|v| format!(" {v}"))
        .unwrap_or_default();
    let reason = extension
        .reason
        .as_deref()
        .map(|r| format!(" — {r}"))
        .unwrap_or_default();
    format!(
        "history  extension {}{version} {state}{reason}",
        extension.extension_id
    )
}

/// One browser's lines of `bsk status`; in a pool, each is named and says its sessions.
fn browser_lines(browser: &bsk_schema::ipc::BrowserStatus, pool: bool) -> Vec<String> {
    let named = if pool {
        format!("{} ", browser.name)
    } else {
        String::new()
    };
    let optional = |part: Option<&str>| part.map(|p| format!(", {p}")).unwrap_or_default();
    let mut health = String::new();
    if !browser.connected && browser.mode != "not_started" {
        health.push_str(", disconnected");
    }
    if browser.connects > 1 {
        health.push_str(&format!(", launched {} times", browser.connects));
    }
    if let Some(why) = &browser.down {
        health.push_str(&format!(", down: {why}"));
    }
    let sessions = match (pool, browser.sessions.as_slice()) {
        (false, _) => String::new(),
        (true, []) => ", no sessions".into(),
        (true, [one]) => format!(", session {one}"),
        (true, many) => format!(", sessions {}", many.join(" ")),
    };
    let mut lines = vec![format!(
        "browser  {named}{}{}{}{sessions}{health}",
        browser.mode,
        optional(browser.display.as_deref()),
        optional(browser.product.as_deref()),
    )];
    if browser.messages_skipped > 0 {
        lines.push(format!(
            "         {} browser messages skipped (larger than 64 MiB, or unreadable)",
            browser.messages_skipped
        ));
    }
    lines.push(extension_line(&browser.extension));
    lines
}

pub fn status(value: &Value) -> Option<String> {
    let status: DaemonStatus = decode(value)?;
    let mut lines = vec![format!(
        "daemon   running, pid {}, state {}",
        status.pid, status.state_dir
    )];
    // Older daemons list no pool: their one browser is `browser`.
    let browsers = match status.browsers.as_slice() {
        [] => std::slice::from_ref(&status.browser),
        pool => pool,
    };
    let pool = browsers.len() > 1;
    for browser in browsers {
        lines.extend(browser_lines(browser, pool));
    }
    let memory = &status.memory;
    lines.push(format!(
        "memory   heap {:.1} MiB in use{}, {} tab readers",
        memory.heap_in_use_bytes as f64 / MIB,
        memory
            .rss_bytes
            .map(|rss| format!(", resident {:.1} MiB", rss as f64 / MIB))
            .unwrap_or_default(),
        status.tab_readers
    ));
    if memory.capture_budget_bytes > 0 {
        lines.push(format!(
            "         captures reserve {:.1} of their {:.0} MiB budget",
            memory.capture_reserved_bytes as f64 / MIB,
            memory.capture_budget_bytes as f64 / MIB
        ));
    }
    if status.sessions.is_empty() {
        lines.push("sessions none".into());
    } else {
        lines.push(format!("sessions {}", status.sessions.len()));
        lines.extend(status.sessions.iter().map(session_line));
    }
    Some(lines.join("\n"))
}
