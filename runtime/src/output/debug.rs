//! Human output of `bsk debug …`: compact lines with every flag next to the evidence it is
//! about (pending, interrupted, truncated, unavailable, evicted, capacity). `--json` prints the
//! results as they are.

use bsk_schema::capture::{Body, BodyState, ConsoleEntry, PageLoad, RequestSummary, RunInfo};
use bsk_schema::debug::{
    BodyRead, ListPage, OperationDetail, OperationSummary, PagesResult, RequestHeaders,
    RequestMetadata, RequestTiming,
};
use serde::Serialize;
use serde_json::Value;

fn decode<T: serde::de::DeserializeOwned>(value: &Value) -> Option<T> {
    serde_json::from_value(value.clone()).ok()
}

fn name<T: Serialize>(value: T) -> String {
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

fn clock(ms: u64) -> String {
    let secs = ms / 1000;
    format!(
        "{:02}:{:02}:{:02}.{:03}",
        (secs / 3600) % 24,
        (secs / 60) % 60,
        secs % 60,
        ms % 1000
    )
}

/// A body's state as a short flag: `available 1.2k`, `truncated 64k of 90k (body_limit)`, …
pub fn body_flag(body: &Body) -> String {
    let size = |units: usize| {
        if units >= 1024 {
            format!("{:.1}k", units as f64 / 1024.0)
        } else {
            units.to_string()
        }
    };
    let reason = body
        .reason
        .map(|r| format!(" ({})", name(r)))
        .unwrap_or_default();
    if let Some(facts) = &body.binary {
        let kind = facts
            .sniffed_type
            .as_deref()
            .map(|t| format!(" {t}"))
            .unwrap_or_default();
        return format!(
            "{}{reason} {} bytes{kind} sha256 {}…",
            name(body.state),
            facts.bytes,
            &facts.sha256[..facts.sha256.len().min(16)]
        );
    }
    match body.state {
        BodyState::Available => format!("available {}", size(body.units)),
        BodyState::Truncated => {
            format!(
                "truncated {} of {}{reason}",
                size(body.units),
                size(body.original_units.unwrap_or(body.units))
            )
        }
        state => format!("{}{reason}", name(state)),
    }
}

pub fn run(value: &Value) -> Option<String> {
    let run: RunInfo = decode(value)?;
    Some(run_lines(&run))
}

fn run_lines(run: &RunInfo) -> String {
    let c = &run.counters;
    let mut lines = vec![format!(
        "{} {}{} tab {} — {} requests, {} console, {} operations, {} pages, {} text units",
        run.run_id,
        name(run.state),
        run.stop_reason
            .as_ref()
            .map(|r| format!(" ({})", stop_reason(r)))
            .unwrap_or_default(),
        run.tab_id,
        run.requests,
        run.console,
        run.operations,
        run.pages,
        run.text_units,
    )];
    let counted = [
        ("requests evicted", c.requests_evicted),
        ("console evicted", c.console_evicted),
        ("operations evicted", c.operations_evicted),
        ("pages evicted", c.pages_evicted),
        ("bodies evicted", c.bodies_evicted),
        ("bodies truncated", c.bodies_truncated),
        ("bodies saturated", c.bodies_saturated),
        (
            "bodies read on a second try (the queue had been full)",
            c.bodies_refetched,
        ),
        (
            "body fetches skipped (request evicted first)",
            c.body_fetches_skipped,
        ),
        ("bodies past deadline", c.bodies_deadline),
        (
            "body reads failed in bsk (see the daemon log)",
            c.bodies_read_failed,
        ),
        ("events dropped", c.events_dropped),
        (
            "raw header sets dropped (came before their request, past the bound)",
            c.extra_info_dropped,
        ),
        (
            "iframes over the 16 limit",
            run.coverage.iframe_targets_over_limit,
        ),
        ("iframe set-up failures", run.coverage.iframe_setup_failed),
        ("iframes attached late", run.coverage.iframe_targets_late),
        (
            "workers over the 8 limit",
            run.coverage.worker_targets_over_limit,
        ),
    ];
    let flags: Vec<String> = counted
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(what, n)| format!("{n} {what}"))
        .collect();
    if !flags.is_empty() {
        lines.push(format!("  limits: {}", flags.join(", ")));
    }
    if run.limits.profile == bsk_schema::capture::CaptureProfile::Load {
        lines.push(format!(
            "  load profile: up to {} requests, {} console entries, {} text units ({} MiB reserved); \
             history keeps the newest 200 requests, `export --output` has everything",
            run.limits.max_requests,
            run.limits.max_console,
            run.limits.text_budget,
            run.limits.memory_reserved.div_ceil(1024 * 1024)
        ));
    }
    lines.push(format!(
        "  iframes captured: {}",
        run.coverage.iframe_targets
    ));
    lines.extend(workers_line(&run.coverage));
    if run.coverage.late_start {
        lines.push(
            "  late start: capture began on a page that had already loaded; its load and earlier traffic are missing"
                .into(),
        );
    }
    lines.push(match (&run.history.available, &run.history.reason) {
        (true, _) => match run.history.spacing_ms {
            Some(ms) => format!(
                "  history: {} checkpoints saved, now every {:.1} s (the browser is busy: each save waits 50× as long as the last took)",
                run.history.checkpoints,
                ms as f64 / 1000.0
            ),
            None => format!("  history: {} checkpoints saved", run.history.checkpoints),
        },
        (false, Some(reason)) => format!("  history: unavailable — {reason}"),
        (false, None) => "  history: unavailable".into(),
    });
    lines.join("\n")
}

/// Why a capture stopped, in the words the evidence page uses too ([`StopReason::words`]).
///
/// [`StopReason::words`]: bsk_schema::capture::StopReason::words
fn stop_reason(reason: &bsk_schema::capture::StopReason) -> String {
    match reason {
        bsk_schema::capture::StopReason::ActorPanicked { actor } => {
            format!("{} (the {actor} actor)", reason.words())
        }
        other => other.words().to_string(),
    }
}

pub fn status(value: &Value) -> Option<String> {
    let runs: Vec<RunInfo> = decode(value)?;
    if runs.is_empty() {
        return Some(
            "no captures in this session; start one with `bsk debug start --session <id>`".into(),
        );
    }
    Some(runs.iter().map(run_lines).collect::<Vec<_>>().join("\n"))
}

fn footer<T>(page: &ListPage<T>, lines: &mut Vec<String>) {
    if page.items.is_empty() {
        lines.push("(no more entries)".into());
    }
    if page.folded > 0 {
        lines.push(format!(
            "{} static or extension requests folded; --all shows them",
            page.folded
        ));
    }
    if page.truncated {
        lines.push("some evidence of this kind was evicted by the capture's bounds (see `bsk debug status`)".into());
    }
    if let Some(next) = page.next_since {
        lines.push(format!("next: --since {next}"));
    }
}

fn request_line(r: &RequestSummary) -> String {
    let status = match (r.status, &r.failure) {
        (_, Some(failure)) => format!("FAILED {failure}"),
        (Some(status), None) => status.to_string(),
        (None, None) => name(r.state),
    };
    let duration = r.duration_ms.map(|d| format!(" {d}ms")).unwrap_or_default();
    let mut flags = Vec::new();
    if r.chain.len() > 1 {
        flags.push(format!("{} hops: {}", r.chain.len(), r.chain.join(" → ")));
    } else if let Some(from) = &r.redirect_from {
        flags.push(format!("redirect from {from}"));
    }
    if let Some(guarded) = &r.preflight_for {
        flags.push(format!("CORS preflight for {guarded}"));
    }
    if let Some(preflight) = &r.preflight {
        flags.push(format!("preflight {preflight}"));
    }
    if r.from_cache {
        flags.push("cache".into());
    }
    if r.from_service_worker {
        flags.push("service worker".into());
    }
    if r.untrusted_certificate {
        flags.push("untrusted certificate".into());
    }
    if r.request_body.state != BodyState::Empty {
        flags.push(format!("request body {}", body_flag(&r.request_body)));
    }
    flags.push(format!("response body {}", body_flag(&r.response_body)));
    format!(
        "{} {} {} {}{} {} [{}]",
        r.id,
        r.method,
        status,
        r.resource_type.as_deref().unwrap_or("-"),
        duration,
        r.url,
        flags.join("; ")
    )
}

pub fn requests(value: &Value) -> Option<String> {
    let page: ListPage<RequestSummary> = decode(value)?;
    let mut lines: Vec<String> = page.items.iter().map(request_line).collect();
    footer(&page, &mut lines);
    Some(lines.join("\n"))
}

/// `r7 GET 404 http://… (2 matches)` then one indented line per part: `response_body@120 …snippet…`.
pub fn search(value: &Value) -> Option<String> {
    let page: ListPage<bsk_schema::debug::SearchItem> = decode(value)?;
    let mut lines = Vec::new();
    for item in &page.items {
        lines.push(format!(
            "{} {} ({} match{})",
            item.id,
            item.label,
            item.matches,
            if item.matches == 1 { "" } else { "es" }
        ));
        for hit in &item.hits {
            lines.push(format!(
                "  {}@{} {}",
                name(hit.part),
                hit.offset,
                hit.snippet
            ));
        }
    }
    footer(&page, &mut lines);
    Some(lines.join("\n"))
}

/// One line per route, most requests first, then the failures by error text.
pub fn summary(value: &Value) -> Option<String> {
    let summary: bsk_schema::capture::TrafficSummary = decode(value)?;
    let rows: Vec<&bsk_schema::capture::RouteStats> = summary
        .routes
        .iter()
        .chain(summary.other.as_ref())
        .collect();
    let mut lines = vec![format!(
        "{} request{} since the capture started, on {} route{}{}",
        summary.requests,
        if summary.requests == 1 { "" } else { "s" },
        summary.routes.len(),
        if summary.routes.len() == 1 { "" } else { "s" },
        if summary.other.is_some() {
            " (the rest under `other`: 512 routes at most)"
        } else {
            ""
        }
    )];
    if rows.is_empty() {
        return Some(lines.remove(0));
    }
    lines.push(format!(
        "{:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9}  {}",
        "count",
        "2xx",
        "3xx",
        "4xx",
        "5xx",
        "failed",
        "flying",
        "p50",
        "p95",
        "p99",
        "in",
        "out",
        "route"
    ));
    let class =
        |r: &bsk_schema::capture::RouteStats, c: &str| r.status.get(c).copied().unwrap_or_default();
    for r in &rows {
        let ms = |pick: fn(&bsk_schema::capture::Percentiles) -> f64| {
            r.duration_ms
                .as_ref()
                .map(|p| format!("{:.1}ms", pick(p)))
                .unwrap_or_else(|| "–".into())
        };
        lines.push(format!(
            "{:>7} {:>6} {:>6} {:>6} {:>6} {:>6} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9}  {} {}",
            r.count,
            class(r, "2xx"),
            class(r, "3xx"),
            class(r, "4xx"),
            class(r, "5xx"),
            r.failed,
            r.in_flight,
            ms(|p| p.p50),
            ms(|p| p.p95),
            ms(|p| p.p99),
            bytes(r.bytes_in),
            bytes(r.bytes_out),
            r.method,
            r.route
        ));
    }
    for r in rows.iter().filter(|r| r.failed > 0) {
        let mut texts: Vec<String> = r
            .failures
            .iter()
            .map(|f| format!("{} ×{}", f.error, f.count))
            .collect();
        if r.failures_other > 0 {
            texts.push(format!("other errors ×{}", r.failures_other));
        }
        lines.push(format!(
            "failed {} {}: {}",
            r.method,
            r.route,
            texts.join(", ")
        ));
    }
    if summary.untracked > 0 {
        lines.push(format!(
            "{} requests counted without their outcome (over 4096 in flight at once)",
            summary.untracked
        ));
    }
    Some(lines.join("\n"))
}

fn bytes(n: u64) -> String {
    match n {
        0..1024 => format!("{n} B"),
        1024..1_048_576 => format!("{:.1} KiB", n as f64 / 1024.0),
        _ => format!("{:.1} MiB", n as f64 / 1_048_576.0),
    }
}

fn console_line(e: &ConsoleEntry) -> String {
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

pub fn console(value: &Value) -> Option<String> {
    let page: ListPage<ConsoleEntry> = decode(value)?;
    let mut lines: Vec<String> = page.items.iter().map(console_line).collect();
    footer(&page, &mut lines);
    Some(lines.join("\n"))
}

pub fn pages(value: &Value) -> Option<String> {
    let result: PagesResult = decode(value)?;
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
    Some(lines.join("\n"))
}

fn operation_line(o: &bsk_schema::capture::OperationRecord) -> String {
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
    format!(
        "{} {} {} {} {}{duration} {}{detail}",
        o.id,
        clock(o.started_at),
        name(o.source),
        o.name,
        name(o.state),
        o.params
    )
}

pub fn operations(value: &Value) -> Option<String> {
    let page: ListPage<OperationSummary> = decode(value)?;
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
    footer(&page, &mut lines);
    Some(lines.join("\n"))
}

pub fn operation(value: &Value) -> Option<String> {
    let detail: OperationDetail = decode(value)?;
    let mut lines = vec![operation_line(&detail.operation)];
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
            lines.push(format!(
                "  {} static, data: or extension requests folded; --all shows them",
                window.folded
            ));
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
    Some(lines.join("\n"))
}

fn observation_line(observation: &bsk_schema::capture::PageObservation) -> String {
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

fn chain_value(value: &bsk_schema::capture::ChainValue) -> String {
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

pub fn request(value: &Value) -> Option<String> {
    if let Some(chain) =
        decode::<bsk_schema::debug::RequestChain>(value).filter(|_| value.get("hops").is_some())
    {
        let mut lines = Vec::new();
        if chain.starts_evicted {
            lines.push("(earlier hops were evicted from the capture)".to_string());
        }
        if let Some(preflight) = &chain.preflight {
            lines.push(format!("preflight {}", request_line(preflight)));
        }
        for (n, hop) in chain.hops.iter().enumerate() {
            lines.push(format!("hop {} {}", n + 1, request_line(hop)));
        }
        return Some(lines.join("\n"));
    }
    if let Some(read) = decode::<BodyRead>(value).filter(|_| value.get("body").is_some()) {
        return Some(body(&read));
    }
    if let Some(headers) =
        decode::<RequestHeaders>(value).filter(|_| value.get("request").is_some())
    {
        let mut lines = Vec::new();
        let mut set = |title: &str, set: Option<&bsk_schema::capture::Headers>| {
            let Some(set) = set else { return };
            lines.push(format!("{title}:"));
            lines.extend(set.entries.iter().map(|(k, v)| format!("  {k}: {v}")));
            if set.dropped > 0 {
                lines.push(format!(
                    "  … {} more dropped (4 Ki characters per header set)",
                    set.dropped
                ));
            }
        };
        set("request headers", Some(&headers.request));
        set(
            "request headers (raw, from the network stack)",
            headers.request_raw.as_ref(),
        );
        set("response headers", Some(&headers.response));
        set(
            "response headers (raw, from the network stack)",
            headers.response_raw.as_ref(),
        );
        return Some(lines.join("\n"));
    }
    if let Some(timing) = decode::<RequestTiming>(value)
        .filter(|_| value.get("started_at").is_some() && value.get("method").is_none())
    {
        let mut lines = vec![format!(
            "{} started {}",
            timing.id,
            clock(timing.started_at)
        )];
        if let (Some(end), Some(duration)) = (timing.ended_at, timing.duration_ms) {
            lines.push(format!("ended {} ({duration}ms)", clock(end)));
        } else {
            lines.push("not finished".into());
        }
        if let Some(phases) = timing.timing {
            for (phase, value) in phases.iter() {
                lines.push(format!("  {phase}: {value}"));
            }
        }
        return Some(lines.join("\n"));
    }
    let metadata: RequestMetadata = decode(value)?;
    let mut lines = vec![request_line(&metadata.summary)];
    if let Some(text) = metadata.status_text.filter(|t| !t.is_empty()) {
        lines.push(format!("status text: {text}"));
    }
    if let Some(mime) = metadata.mime_type {
        lines.push(format!("mime type: {mime}"));
    }
    if let Some(initiator) = metadata.initiator {
        lines.push(format!("initiator: {initiator}"));
    }
    if !metadata.redirected_to.is_empty() {
        lines.push(format!(
            "redirected to: {}",
            metadata.redirected_to.join(" → ")
        ));
    }
    lines.push(format!("target: {}", metadata.summary.target_id));
    if metadata
        .summary
        .status
        .is_some_and(|s| (200..300).contains(&s))
    {
        lines.push("a 2xx status is not success: read the response body (--part response)".into());
    }
    Some(lines.join("\n"))
}

fn body(read: &BodyRead) -> String {
    if let Some(value) = &read.value {
        return serde_json::to_string_pretty(value).unwrap_or_default();
    }
    if let Some(parts) = &read.body.parts {
        let mut lines = vec![format!("multipart body, {} parts:", parts.len())];
        for part in parts {
            let mut line = format!("  {}", part.name.as_deref().unwrap_or("(no name)"));
            if let Some(file) = &part.filename {
                line.push_str(&format!(" file {:?}", file));
            }
            if let Some(kind) = &part.content_type {
                line.push_str(&format!(" {kind}"));
            }
            if part.unread {
                line.push_str(" (bytes not handed over by the browser)");
            } else {
                line.push_str(&format!(" {} bytes", part.bytes));
            }
            if let Some(value) = &part.value {
                line.push_str(&format!(
                    " = {}",
                    serde_json::to_string(value).unwrap_or_default()
                ));
                if part.truncated {
                    line.push_str(" (cut)");
                }
            }
            if let Some(sha) = &part.sha256 {
                line.push_str(&format!(" sha256 {sha}"));
            }
            if let Some(sniffed) = &part.sniffed_type {
                line.push_str(&format!(" ({sniffed})"));
            }
            lines.push(line);
        }
        if read.body.parts_dropped > 0 {
            lines.push(format!(
                "  … {} more parts not kept (64 per body)",
                read.body.parts_dropped
            ));
        }
        return lines.join("\n");
    }
    let mut out = read.text.clone().unwrap_or_default();
    let flag = body_flag(&read.body);
    match (&read.text, read.next_offset) {
        (Some(_), Some(next)) => out.push_str(&format!("\n[{flag}; more: --offset {next}]")),
        (Some(_), None) if read.body.state == BodyState::Truncated => {
            out.push_str(&format!("\n[{flag}]"))
        }
        (Some(_), None) => {}
        (None, _) => out = format!("[{} body: {flag}]", name(read.part)),
    }
    out
}

/// The human rendering of a `debug` action's result (none for the export: it is the document).
pub fn renderer(action: bsk_schema::debug::DebugAction) -> fn(&Value) -> Option<String> {
    use bsk_schema::debug::DebugAction as A;
    match action {
        A::Start | A::Stop => run,
        A::Status => status,
        A::Requests => requests,
        A::Request => request,
        A::Console => console,
        A::Pages => pages,
        A::Operations => operations,
        A::Operation => operation,
        A::Search => search,
        A::Summary => summary,
        A::Export => |_| None,
    }
}

/// What the capture says of workers: how many it captured, and whether their traffic is in it.
fn workers_line(coverage: &bsk_schema::capture::Coverage) -> Option<String> {
    match (coverage.workers, coverage.worker_targets) {
        (true, n) => Some(format!(
            "  workers captured: {n} (their requests and console, each labelled with its worker){}",
            if coverage.shared_workers_not_covered {
                "; shared workers not covered (the tab is in the person's own browser context)"
            } else {
                ""
            }
        )),
        (false, 0) if coverage.worker_traffic_not_recorded == 0 => None,
        (false, _) => Some(format!(
            "  workers: {} seen, their traffic is not recorded (their console is); \
             `bsk debug start --workers` records it",
            coverage.worker_traffic_not_recorded
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_actors::store::{Capture, RunMeta};

    fn history_line(history: bsk_schema::capture::HistoryStatus) -> String {
        let mut run = Capture::new(RunMeta {
            run_id: "r".into(),
            session: "s".into(),
            task_id: 1,
            name: None,
            tab_id: "TAB".into(),
            started_at: 0,
        })
        .run_info();
        run.history = history;
        let lines = run_lines(&run);
        let line = lines.lines().find(|l| l.contains("history:"));
        line.expect("a history line").trim().to_string()
    }

    #[test]
    fn the_history_line_says_when_a_busy_browser_spaces_checkpoints() {
        let saved = |spacing_ms| bsk_schema::capture::HistoryStatus {
            available: true,
            reason: None,
            checkpoints: 7,
            last_checkpoint_at: Some(1),
            spacing_ms,
        };
        assert_eq!(history_line(saved(None)), "history: 7 checkpoints saved");
        assert!(
            history_line(saved(Some(6_000)))
                .starts_with("history: 7 checkpoints saved, now every 6.0 s (the browser is busy"),
            "{}",
            history_line(saved(Some(6_000)))
        );
        let unavailable = bsk_schema::capture::HistoryStatus {
            available: false,
            reason: Some("no extension".into()),
            ..saved(None)
        };
        assert_eq!(
            history_line(unavailable),
            "history: unavailable — no extension"
        );
    }
}
