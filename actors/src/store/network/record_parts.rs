//! The parts of a request record read off a network event: its header sets (redacted and
//! bounded), where it came from, the server's address and the sizes the browser reports.

use bsk_schema::capture::{Headers, RequestRecord};
use serde_json::json;

use crate::bounds::MAX_HEADER_SET_CHARS;
use crate::model::redact;
use crate::store::network_events::{Headers as EventHeaders, Initiator, Response};

/// Redacts and bounds one header set: 4 Ki characters, the rest counted as dropped. Values
/// redacted before (`memo`) are not scanned again.
pub(super) fn header_set(memo: &mut redact::Memo, headers: &EventHeaders<'_>) -> Headers {
    let mut set = Headers {
        entries: Vec::with_capacity(headers.0.len()),
        dropped: 0,
    };
    let mut chars = 0;
    for (name, value) in &headers.0 {
        // A header value may hold several lines (several Set-Cookie headers), each redacted
        // alone; most hold one.
        let value = memo.redacted(redact::MemoKind::Header(name), value, || {
            if value.contains('\n') {
                let redacted: Vec<String> = value
                    .split('\n')
                    .map(|line| redact::header(name, line))
                    .collect();
                redacted.join("\n")
            } else {
                redact::header(name, value)
            }
        });
        let size = name.chars().count() + value.chars().count();
        if chars + size > MAX_HEADER_SET_CHARS {
            set.dropped += 1;
            continue;
        }
        chars += size;
        set.entries.push((memo.name(name), value));
    }
    set
}

/// The first stack frame of an initiator at most: enough to say where a request came from.
pub(super) fn initiator(
    memo: &mut redact::Memo,
    value: Option<&Initiator<'_>>,
) -> Option<serde_json::Value> {
    let value = value?;
    let kind = value.kind.as_deref()?;
    let frame = value.stack.as_ref().and_then(|s| s.call_frames.as_ref());
    let url = value
        .url
        .as_deref()
        .or_else(|| frame.and_then(|f| f.url.as_deref()));
    let line = value
        .line_number
        .as_ref()
        .or_else(|| frame.and_then(|f| f.line_number.as_ref()));
    let mut out = json!({ "type": kind });
    if let Some(url) = url.filter(|u| !u.is_empty()) {
        out["url"] = json!(&*memo.redacted(redact::MemoKind::Url, url, || redact::kept_url(url)));
    }
    if let Some(line) = line {
        out["line"] = serde_json::Value::Number(line.clone());
    }
    Some(out)
}

/// A byte count the browser reported, when it is one.
pub(super) fn wire_size(bytes: Option<f64>) -> Option<u64> {
    bytes
        .filter(|n| n.is_finite() && *n >= 0.0)
        .map(|n| n.round() as u64)
}

/// The protocol and server address of a CDP `Response`; a page's JavaScript cannot set them.
pub(super) fn remote_endpoint(record: &mut RequestRecord, response: &Response<'_>) {
    record.protocol = response
        .protocol
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(str::to_string);
    record.remote_ip = response
        .remote_ip_address
        .as_deref()
        .map(|ip| ip.trim_start_matches('[').trim_end_matches(']'))
        .filter(|ip| ip.parse::<std::net::IpAddr>().is_ok())
        .map(str::to_string);
    record.untrusted_certificate = response.security_details.is_some()
        && response.security_state.as_deref() == Some("insecure");
    record.remote_port = response
        .remote_port
        .filter(|port| port.fract() == 0.0 && (1.0..=65535.0).contains(port))
        .map(|port| port as u16);
}
