//! Human output of `bsk debug …`: compact lines with every flag next to the evidence it is
//! about (pending, interrupted, truncated, unavailable, evicted, capacity), rendered from the
//! typed result the call decoded. `--json` prints the results as they are.

mod operations;
mod requests;
mod runs;

use bsk_schema::debug::{DebugAction, DebugResult, ListPage};
use bsk_schema::hint::{Arg, Surface, Verb};
use bsk_schema::words;
use serde::Serialize;
use serde_json::Value;

use operations::{console, operation, operations, pages};
use requests::{body, chain, headers, metadata, requests, search, summary, timing, whole};
use runs::{run_lines, status};

pub(super) fn name<T: Serialize>(value: T) -> String {
    match serde_json::to_value(value) {
        Ok(Value::String(s)) => s,
        Ok(Value::Object(o)) => o
            .get("kind")
            .and_then(Value::as_str)
            .map(str::to_string)
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// A time of day in UTC, to the millisecond (`13:31:11.896`).
pub(super) fn clock(ms: u64) -> String {
    bsk_actors::model::time::utc(ms, bsk_actors::model::time::CLOCK)
}

pub(super) fn footer<T>(page: &ListPage<T>, lines: &mut Vec<String>, surface: Surface) {
    if page.items.is_empty() {
        lines.push("(no more entries)".into());
    }
    if page.truncated {
        lines.push(
            words![
                "some evidence of this kind was evicted by the capture's bounds (see ",
                Verb::Debug(DebugAction::Status).run(),
                ")"
            ]
            .said(surface),
        );
    }
    if let Some(next) = page.next_since {
        lines.push(words!["next: ", Arg::new("since", next)].said(surface));
    }
}

/// `bsk debug problems`: one problem a line, with its place, its words and what it followed.
fn problems(result: &bsk_schema::debug::ProblemsResult) -> String {
    if result.problems.is_empty() {
        return format!(
            "no problems in {}: no failed or 4xx/5xx request, console error or uncaught exception (a 200 can still carry an error: read its body)",
            result.run_id
        );
    }
    let mut lines = Vec::new();
    for p in &result.problems {
        let id = p
            .request_id
            .as_deref()
            .or(p.console_id.as_deref())
            .unwrap_or_default();
        let mut line = format!("{id} {} {}", clock(p.at), p.summary);
        if let Some(source) = &p.source {
            line.push_str(&format!(" at {source}"));
        }
        lines.push(line);
        let mut context = Vec::new();
        if let Some(after) = &p.after {
            context.push(format!(
                "{} {} {}",
                if after.immediate {
                    "after"
                } else {
                    "possibly related to"
                },
                after.operation_id,
                after.label
            ));
        }
        if let Some(frame) = &p.frame {
            context.push(format!("from {frame}"));
        }
        if !p.echoes.is_empty() {
            context.push(format!("browser console: {}", p.echoes.join(", ")));
        }
        if !context.is_empty() {
            lines.push(format!("  {}", context.join("; ")));
        }
    }
    lines.join("\n")
}

/// The human rendering of a `debug` result, with the commands it names in the surface's words;
/// none for a document (an export, a HAR), which is its own rendering.
pub fn render(result: &DebugResult, surface: Surface) -> Option<String> {
    use DebugResult as R;
    Some(match result {
        R::Run(run) => run_lines(run, surface),
        R::Status(result) => status(&result.runs, surface),
        R::Requests(page) => requests(page, surface),
        R::RequestMetadata(read) => metadata(read, surface),
        R::RequestChain(read) => chain(read),
        R::RequestHeaders(read) => headers(read),
        R::RequestTiming(read) => timing(read),
        R::Body(read) => body(read, surface),
        R::RequestWhole(whole) => self::whole(whole, surface),
        R::Console(page) => console(page, surface),
        R::Pages(result) => pages(result),
        R::Operations(page) => operations(page, surface),
        R::Operation(detail) => operation(detail, surface),
        R::Search(page) => search(page, surface),
        R::Summary(summary) => self::summary(summary),
        R::Problems(result) => problems(result),
        R::Written(written) => format!(
            "wrote {} ({} requests, {} KiB)",
            written.path,
            written.requests,
            written.bytes.div_ceil(1024)
        ),
        R::Done(_) => "done".into(),
        R::Export(_) | R::Har(_) => return None,
    })
}
