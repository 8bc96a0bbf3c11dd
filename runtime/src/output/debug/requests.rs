//! Requests: the list, one request's parts, search hits and the traffic summary.

use bsk_schema::capture::{Body, BodyState, RequestSummary};
use bsk_schema::debug::{
    BodyRead, DebugAction, ListPage, RequestHeaders, RequestMetadata, RequestTiming,
};
use bsk_schema::hint::{Arg, Surface, Verb};
use bsk_schema::words;

use super::{clock, footer, name};

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
        // Redaction can change a body's length: say what was sent beside what is kept, so a
        // `Content-Length` that disagrees with the kept text is explained.
        BodyState::Available => match body.original_units {
            Some(sent) if sent != body.units => format!(
                "available {} (redacted; {} as sent)",
                size(body.units),
                size(sent)
            ),
            _ => format!("available {}", size(body.units)),
        },
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

pub(super) fn request_line(r: &RequestSummary) -> String {
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
    if let Some(emulation) = &r.emulation {
        flags.push(format!("under {emulation}"));
    }
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

pub(super) fn requests(page: &ListPage<RequestSummary>, surface: Surface) -> String {
    let mut lines: Vec<String> = page.items.iter().map(request_line).collect();
    footer(page, &mut lines, surface);
    lines.join("\n")
}

/// `r7 GET 404 http://… (2 matches)` then one indented line per part: `response_body@120 …snippet…`.
pub(super) fn search(page: &ListPage<bsk_schema::debug::SearchItem>, surface: Surface) -> String {
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
    footer(page, &mut lines, surface);
    lines.join("\n")
}

/// One line per route, most requests first, then the failures by error text.
pub(super) fn summary(summary: &bsk_schema::capture::TrafficSummary) -> String {
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
        return lines.remove(0);
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
    lines.join("\n")
}

pub(super) fn bytes(n: u64) -> String {
    match n {
        0..1024 => format!("{n} B"),
        1024..1_048_576 => format!("{:.1} KiB", n as f64 / 1024.0),
        _ => format!("{:.1} MiB", n as f64 / 1_048_576.0),
    }
}

pub(super) fn chain(chain: &bsk_schema::debug::RequestChain) -> String {
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
    lines.join("\n")
}

pub(super) fn headers(headers: &RequestHeaders) -> String {
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
    lines.join("\n")
}

pub(super) fn timing(timing: &RequestTiming) -> String {
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
    if let Some(phases) = &timing.timing {
        for (phase, value) in phases.iter() {
            lines.push(format!("  {phase}: {value}"));
        }
    }
    lines.join("\n")
}

/// `request --part all`: metadata, chain, headers and both bodies, each under a heading; a body
/// cut to its share says how to read on.
pub(super) fn whole(whole: &bsk_schema::debug::RequestWhole, surface: Surface) -> String {
    let mut sections = vec![metadata(&whole.metadata, surface)];
    if whole.chain.hops.len() > 1 || whole.chain.preflight.is_some() {
        sections.push(format!("-- chain --\n{}", chain(&whole.chain)));
    }
    sections.push(format!("-- headers --\n{}", headers(&whole.headers)));
    for (title, read) in [
        ("request body", &whole.request_body),
        ("response body", &whole.response_body),
    ] {
        let text = body(read, surface);
        let mut section = format!("-- {title} ({}) --", body_flag(&read.body));
        if !text.is_empty() {
            section.push('\n');
            section.push_str(&text);
        }
        if let Some(next) = read.next_offset {
            let rest = Verb::Debug(DebugAction::Request)
                .with("id", read.id.as_str())
                .with("part", name(read.part))
                .with("offset", next);
            section.push_str(&words!["\n(the rest: ", rest, ")"].said(surface));
        }
        sections.push(section);
    }
    sections.join("\n")
}

pub(super) fn metadata(metadata: &RequestMetadata, surface: Surface) -> String {
    let mut lines = vec![request_line(&metadata.summary)];
    if let Some(text) = metadata.status_text.as_ref().filter(|t| !t.is_empty()) {
        lines.push(format!("status text: {text}"));
    }
    if let Some(mime) = &metadata.mime_type {
        lines.push(format!("mime type: {mime}"));
    }
    if let Some(initiator) = &metadata.initiator {
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
        lines.push(
            words![
                "a 2xx status is not success: read the response body (",
                Arg::new("part", "response"),
                ")"
            ]
            .said(surface),
        );
    }
    lines.join("\n")
}

pub(super) fn body(read: &BodyRead, surface: Surface) -> String {
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
        (Some(_), Some(next)) => out.push_str(
            &words![format!("\n[{flag}; more: "), Arg::new("offset", next), "]"].said(surface),
        ),
        (Some(_), None) if read.body.state == BodyState::Truncated => {
            out.push_str(&format!("\n[{flag}]"))
        }
        (Some(_), None) => {}
        (None, _) => out = format!("[{} body: {flag}]", name(read.part)),
    }
    out
}
