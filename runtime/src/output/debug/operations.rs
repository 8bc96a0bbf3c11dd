//! Operations with their windows, console entries and page loads.

use bsk_schema::capture::{ConsoleEntry, PageLoad};
use bsk_schema::debug::{ListPage, OperationDetail, OperationSummary, PagesResult};
use bsk_schema::hint::{Arg, Surface};
use bsk_schema::words;

use super::requests::request_line;
use super::{clock, footer, name};

pub(super) fn console_line(e: &ConsoleEntry) -> String {
    let place = match (&e.url, e.line) {
        (Some(url), Some(line)) => format!(" ({url}:{})", line + 1),
        (Some(url), None) => format!(" ({url})"),
        _ => String::new(),
    };
    format!(
        "{} {} {} {} {}{place}",
        e.id,
        clock(e.at),
        name(e.source),
        e.level,
        e.text
    )
}

pub(super) fn console(page: &ListPage<ConsoleEntry>, surface: Surface) -> String {
    let mut lines: Vec<String> = page.items.iter().map(console_line).collect();
    footer(page, &mut lines, surface);
    lines.join("\n")
}

pub(super) fn pages(result: &PagesResult) -> String {
    let line = |p: &PageLoad| {
        let after = |t: Option<u64>| {
            t.map(|t| format!("+{}ms", t.saturating_sub(p.at)))
                .unwrap_or_else(|| "pending".into())
        };
        format!(
            "{} {} {} DOMContentLoaded {} load {}",
            p.id,
            clock(p.at),
            p.url,
            after(p.dom_content_loaded_at),
            after(p.loaded_at)
        )
    };
    let mut lines: Vec<String> = result.pages.iter().map(line).collect();
    if lines.is_empty() {
        lines.push("no page loads since capture started".into());
    }
    if result.evicted > 0 {
        lines.push(format!(
            "{} older page loads evicted (20 are kept)",
            result.evicted
        ));
    }
    lines.join("\n")
}

pub(super) fn operation_line(o: &bsk_schema::capture::OperationRecord) -> String {
    let duration = o
        .ended_at
        .map(|e| format!(" {}ms", e.saturating_sub(o.started_at)))
        .unwrap_or_default();
    let detail = o
        .error
        .as_ref()
        .or(o.summary.as_ref())
        .map(|d| format!(" — {d}"))
        .unwrap_or_default();
    // What it acted on, as a person reads it, where it was named.
    let on = match o.acted_on.as_slice() {
        [] => String::new(),
        [one] => format!(" {}", one.label()),
        [from, to] if o.name == "drag" => format!(" {} onto {}", from.label(), to.label()),
        many => format!(
            " {}",
            many.iter()
                .map(|e| e.label())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let under = o
        .emulation
        .as_ref()
        .map(|e| format!(" (under {e})"))
        .unwrap_or_default();
    format!(
        "{} {} {} {}{on} {}{duration}{under} {}{detail}",
        o.id,
        clock(o.started_at),
        name(o.source),
        o.name,
        name(o.state),
        o.params
    )
}

pub(super) fn operations(page: &ListPage<OperationSummary>, surface: Surface) -> String {
    let mut lines: Vec<String> = page
        .items
        .iter()
        .map(|s| {
            let mut text = format!(
                "{}\n  immediate: {} requests, {} console; possibly related: {} requests, {} console",
                operation_line(&s.operation),
                s.immediate_requests,
                s.immediate_console,
                s.possibly_related_requests,
                s.possibly_related_console
            );
            // `--caused`: what the immediate window holds, one line each.
            for line in s.caused.iter().flat_map(|caused| caused.lines()) {
                text.push_str("\n    ");
                text.push_str(&line);
            }
            text
        })
        .collect();
    footer(page, &mut lines, surface);
    lines.join("\n")
}

pub(super) fn operation(detail: &OperationDetail, surface: Surface) -> String {
    let mut lines = vec![operation_line(&detail.operation)];
    if let Some(picture) = &detail.operation.picture {
        // The CLI writes the picture to a file; MCP returns it as an image.
        let how = match surface {
            Surface::Cli => words![Arg::new("screenshot", "FILE"), " writes it"],
            Surface::Mcp => words![Arg::switch("screenshot"), " returns it"],
        };
        lines.push(format!(
            "picture {}: the page once it settled, {}×{} JPEG, {} KiB ({})",
            picture.id,
            picture.width,
            picture.height,
            picture.bytes.div_ceil(1024),
            how.said(surface)
        ));
    }
    for (title, window) in [
        ("immediate", &detail.immediate),
        (
            "possibly related (by start time, not proven cause)",
            &detail.possibly_related,
        ),
    ] {
        lines.push(format!(
            "{title} [{} – {}]:",
            clock(window.from),
            clock(window.until)
        ));
        if window.requests.is_empty() && window.console.is_empty() {
            lines.push("  nothing".into());
        }
        lines.extend(
            window
                .requests
                .iter()
                .map(|r| format!("  {}", request_line(r))),
        );
        lines.extend(
            window
                .console
                .iter()
                .map(|e| format!("  {}", console_line(e))),
        );
        if window.folded > 0 {
            lines.push(
                words![
                    format!(
                        "  {} static, data: or extension requests folded; ",
                        window.folded
                    ),
                    Arg::switch("all"),
                    " shows them"
                ]
                .said(surface),
            );
        }
    }
    let operation = &detail.operation;
    if operation.suppressed_manual_events > 0 {
        lines.push(format!(
            "{} manual page events were this operation's own input (suppressed)",
            operation.suppressed_manual_events
        ));
    }
    match &operation.observation {
        Some(observation) => lines.push(format!("page after: {}", observation_line(observation))),
        None => lines.push("page after: not observed".into()),
    }
    for follow_up in &operation.follow_ups {
        lines.push(format!(
            "  later {}: {}",
            clock(follow_up.at),
            observation_line(follow_up)
        ));
    }
    if operation.follow_ups_evicted > 0 {
        lines.push(format!(
            "  {} more changes not kept (4 follow-ups per operation)",
            operation.follow_ups_evicted
        ));
    }
    if let Some(change) = &detail.text_change {
        lines.push(format!(
            "page text: {} lines added, {} removed{}",
            change.added.len(),
            change.removed.len(),
            if change.truncated {
                " (first 10 of each shown)"
            } else {
                ""
            }
        ));
        lines.extend(change.added.iter().map(|l| format!("  + {l}")));
        lines.extend(change.removed.iter().map(|l| format!("  - {l}")));
    }
    let chain = operation.field_chain.as_deref().unwrap_or_default();
    if !chain.is_empty() {
        lines.push("fields (original → at operation → submitted → response → later page):".into());
        for field in chain {
            lines.push(format!(
                "  {}: {} → {} → {} → {} → {}",
                field.name,
                chain_value(&field.original),
                chain_value(&field.operation_time),
                chain_value(&field.submitted),
                chain_value(&field.response),
                chain_value(&field.later)
            ));
        }
    }
    lines.join("\n")
}

pub(super) fn observation_line(observation: &bsk_schema::capture::PageObservation) -> String {
    let mut flags = Vec::new();
    if observation.text_truncated {
        flags.push("text truncated".to_string());
    }
    if observation.unidentified > 0 {
        flags.push(format!(
            "{} fields without a usable identity",
            observation.unidentified
        ));
    }
    if observation.fields_over_limit > 0 || observation.candidates_over_limit {
        flags.push("more fields than the 16 kept".into());
    }
    let fields: Vec<String> = observation
        .fields
        .iter()
        .map(|f| match (&f.value, f.omitted) {
            (_, true) => format!("{}=(omitted)", f.name),
            (Some(value), false) => format!("{}={value:?}", f.name),
            (None, false) => f.name.clone(),
        })
        .collect();
    let flags = if flags.is_empty() {
        String::new()
    } else {
        format!(" [{}]", flags.join("; "))
    };
    format!(
        "{} text chars, fields {}{flags}",
        observation.text.chars().count(),
        fields.join(", ")
    )
}

pub(super) fn chain_value(value: &bsk_schema::capture::ChainValue) -> String {
    let source = value
        .request_id
        .as_deref()
        .or(value.page_id.as_deref())
        .map(|id| format!(" ({id})"))
        .unwrap_or_default();
    let between = if value.intervening_operations.is_empty() {
        String::new()
    } else {
        format!(" after {}", value.intervening_operations.join(", "))
    };
    match (&value.value, &value.unlinked) {
        (Some(v), _) => format!("{v:?}{source}{between}"),
        (None, Some(why)) => format!("[{why}{source}]"),
        (None, None) => "[?]".into(),
    }
}
