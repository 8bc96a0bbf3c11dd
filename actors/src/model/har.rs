//! The export document as HAR 1.2, for the network viewers people already use (Chrome DevTools'
//! "Import HAR", Firefox, Charles, har-analyzer). A pure function of one export snapshot: the same
//! requests, the same redaction, nothing read again from the browser.
//!
//! What HAR has no field for travels in `_`-prefixed fields: the run-qualified id, the body's
//! bsk state and reason, the operations whose windows hold the request, the target and frame,
//! cache and service-worker flags, the initiator.

use std::collections::HashMap;

use bsk_schema::capture::{
    Body, BodyState, ExportDocument, Headers, PageLoad, RequestRecord, RequestState,
};
use bsk_schema::har::{
    Har, HarBodyState, HarCache, HarContent, HarCookie, HarCreator, HarEntry, HarLog, HarNameValue,
    HarPage, HarPageTimings, HarParam, HarPostData, HarRequest, HarResponse, HarTimings,
};
use serde_json::{Value, json};

use super::time::iso8601;

/// The HAR of one export snapshot; `creator_version` is bsk's version.
pub fn from_export(doc: &ExportDocument, creator_version: &str) -> Har {
    let run_id = &doc.run.run_id;
    let next_hop: HashMap<&str, &RequestRecord> = doc
        .requests
        .iter()
        .filter_map(|r| r.redirect_from.as_deref().map(|from| (from, r)))
        .collect();
    let mut operations_of: HashMap<&str, Vec<String>> = HashMap::new();
    for operation in &doc.operations {
        let Some(windows) = &operation.windows else {
            continue;
        };
        for id in windows
            .immediate
            .requests
            .iter()
            .chain(&windows.possibly_related.requests)
        {
            operations_of
                .entry(id.as_str())
                .or_default()
                .push(operation.id.clone());
        }
    }
    let pages: Vec<(u64, &PageLoad)> = doc
        .pages
        .iter()
        .map(|page| (page_start(page, &doc.requests), page))
        .collect();
    let entries = doc
        .requests
        .iter()
        .map(|record| {
            let pageref = pages
                .iter()
                .filter(|(start, _)| *start <= record.started_at)
                .max_by_key(|(start, _)| *start)
                .map(|(_, page)| page.id.clone());
            entry(
                record,
                run_id,
                pageref,
                next_hop.get(record.id.as_str()).copied(),
                operations_of.remove(record.id.as_str()).unwrap_or_default(),
            )
        })
        .collect();
    Har {
        log: HarLog {
            version: "1.2".into(),
            creator: HarCreator {
                name: "bsk".into(),
                version: creator_version.into(),
            },
            browser: doc.user_agent.as_deref().and_then(browser),
            pages: pages
                .iter()
                .map(|(start, page)| HarPage {
                    started_date_time: iso8601(*start),
                    id: page.id.clone(),
                    // The page's title when an observation read it, else its URL.
                    title: page
                        .observation
                        .as_ref()
                        .and_then(|o| o.title.clone())
                        .unwrap_or_else(|| page.url.clone()),
                    page_timings: HarPageTimings {
                        on_content_load: since(*start, page.dom_content_loaded_at),
                        on_load: since(*start, page.loaded_at),
                    },
                })
                .collect(),
            entries,
            comment: doc.run.name.clone(),
            run_id: run_id.clone(),
            requests_evicted: doc.run.counters.requests_evicted,
        },
    }
}

/// When a page load began: its commit, or earlier when its document request (and that
/// request's redirect hops) started before, so the navigation's own requests belong to it.
fn page_start(page: &PageLoad, requests: &[RequestRecord]) -> u64 {
    let document = requests.iter().rev().find(|r| {
        r.resource_type.as_deref() == Some("Document")
            && r.url == page.url
            && r.started_at <= page.at
            && page.at - r.started_at < 60_000
    });
    let mut start = page.at;
    let mut hop = document;
    while let Some(record) = hop {
        start = start.min(record.started_at);
        hop = record
            .redirect_from
            .as_deref()
            .and_then(|from| requests.iter().find(|r| r.id == from));
    }
    start
}

fn since(start: u64, at: Option<u64>) -> f64 {
    at.map_or(-1.0, |at| at.saturating_sub(start) as f64)
}

/// `{name: "Chromium", version}` from a Chrome user agent.
fn browser(user_agent: &str) -> Option<HarCreator> {
    let version = user_agent.split_once("Chrome/")?.1.split(' ').next()?;
    Some(HarCreator {
        name: "Chromium".into(),
        version: version.into(),
    })
}

fn entry(
    record: &RequestRecord,
    run_id: &str,
    pageref: Option<String>,
    next_hop: Option<&RequestRecord>,
    operations: Vec<String>,
) -> HarEntry {
    let timings = timings(record);
    let request_headers = record
        .request_headers_raw
        .as_ref()
        .unwrap_or(&record.request_headers);
    let response_headers = record
        .response_headers_raw
        .as_ref()
        .unwrap_or(&record.response_headers);
    let response_headers_size = record
        .response_headers_size
        .and_then(|n| i64::try_from(n).ok());
    // At least the headers: Chrome counts a CORS preflight's bytes as 0 when it finishes.
    let transfer_size = record
        .encoded_data_length
        .filter(|n| n.is_finite() && *n >= 0.0)
        .map(|n| (n.round() as i64).max(response_headers_size.unwrap_or(0)));
    let redirect_url = next_hop
        .map(|hop| uri(&hop.url))
        .or_else(|| header(response_headers, "location").map(str::to_string))
        .filter(|_| record.status.is_some_and(|s| (300..400).contains(&s)))
        .unwrap_or_default();
    HarEntry {
        pageref,
        started_date_time: iso8601(record.started_at),
        time: [
            timings.blocked,
            timings.dns,
            timings.connect,
            timings.send,
            timings.wait,
            timings.receive,
        ]
        .iter()
        .filter(|t| **t >= 0.0)
        .sum(),
        request: HarRequest {
            method: record.method.clone(),
            url: uri(&record.url),
            http_version: record.protocol.clone().unwrap_or_default(),
            cookies: header_values(request_headers, "cookie")
                .flat_map(request_cookies)
                .collect(),
            headers: name_values(request_headers),
            query_string: query_string(&record.url),
            post_data: post_data(record, request_headers),
            headers_size: -1,
            body_size: match record.request_body.state {
                BodyState::Empty => 0,
                BodyState::Available => body_bytes(&record.request_body),
                _ => -1,
            },
        },
        response: HarResponse {
            status: record.status.unwrap_or(0),
            status_text: record.status_text.clone().unwrap_or_default(),
            http_version: record.protocol.clone().unwrap_or_default(),
            cookies: header_values(response_headers, "set-cookie")
                .flat_map(|value| value.split('\n'))
                .filter_map(response_cookie)
                .collect(),
            headers: name_values(response_headers),
            content: content(record, response_headers),
            redirect_url,
            headers_size: response_headers_size.unwrap_or(-1),
            body_size: response_body_size(record, transfer_size, response_headers_size),
            transfer_size,
            error: record
                .failure
                .clone()
                .filter(|_| record.state == RequestState::Failed),
        },
        cache: HarCache {},
        timings,
        server_ip_address: record.remote_ip.clone(),
        connection: record.remote_port.map(|port| port.to_string()),
        id: format!("{run_id}/{}", record.id),
        resource_type: record.resource_type.as_deref().map(devtools_type),
        initiator: record.initiator.as_ref().map(chrome_initiator),
        target: record.target_id.clone(),
        frame: record.frame_id.clone(),
        from_cache: record.from_cache,
        from_service_worker: record.from_service_worker,
        worker_url: record.worker.as_ref().map(|w| w.url.clone()),
        worker_kind: record.worker.as_ref().map(|w| w.kind),
        operations,
        redirect_from: record
            .redirect_from
            .as_ref()
            .map(|from| format!("{run_id}/{from}")),
        request_body: body_state(&record.request_body),
        response_body: body_state(&record.response_body),
    }
}

/// The response body's bytes on the wire: none for an empty body or one the cache served, the
/// bytes received less the headers' when the browser counted both, else not known (-1).
fn response_body_size(record: &RequestRecord, transfer: Option<i64>, headers: Option<i64>) -> i64 {
    if record.response_body.state == BodyState::Empty || record.from_cache {
        return 0;
    }
    match (transfer, headers) {
        (Some(transfer), Some(headers)) if transfer >= headers => transfer - headers,
        _ => -1,
    }
}

/// A recorded URL as a valid URI: redaction writes `[redacted]`, whose brackets a URI may
/// not hold unescaped outside its host.
fn uri(url: &str) -> String {
    let (head, host_end) = match url.find("://") {
        Some(scheme) => {
            let rest = scheme + 3;
            let end = url[rest..]
                .find(['/', '?', '#'])
                .map_or(url.len(), |i| rest + i);
            (&url[..end], end)
        }
        None => ("", 0),
    };
    format!(
        "{head}{}",
        url[host_end..].replace('[', "%5B").replace(']', "%5D")
    )
}

/// DevTools' resource type names (`fetch`, `document`, `csp-violation-report`) for Chrome's
/// protocol names (`Fetch`, `Document`, `CSPViolationReport`): its HAR importer knows only
/// these.
fn devtools_type(kind: &str) -> String {
    match kind {
        "SignedExchange" => "signed-exchange".into(),
        "CSPViolationReport" => "csp-violation-report".into(),
        "TextTrack" => "texttrack".into(),
        "EventSource" => "eventsource".into(),
        "WebSocket" => "websocket".into(),
        other => other.to_ascii_lowercase(),
    }
}

fn body_state(body: &Body) -> HarBodyState {
    HarBodyState {
        state: body.state,
        reason: body.reason,
        binary: body.binary.clone(),
        bytes_seen: body.bytes_seen,
    }
}

/// Only retained text that is the body itself: complete or cut at a bound.
fn retained_text(body: &Body) -> Option<&str> {
    matches!(body.state, BodyState::Available | BodyState::Truncated)
        .then_some(body.text.as_deref())
        .flatten()
}

fn body_bytes(body: &Body) -> i64 {
    body.text.as_deref().map_or(0, |t| t.len() as i64)
}

/// The response body: its retained text, and its size as retained, or else as the server
/// declared it (`Content-Length`, for a binary or unread body).
fn content(record: &RequestRecord, headers: &Headers) -> HarContent {
    let body = &record.response_body;
    let text = retained_text(body).map(str::to_string);
    let retained = body
        .binary
        .as_ref()
        .map_or(body.original_units.unwrap_or(body.units), |b| {
            b.bytes as usize
        });
    let declared = header(headers, "content-length").and_then(|n| n.trim().parse::<usize>().ok());
    let size = match (retained, declared) {
        (0, Some(declared)) => declared,
        (retained, _) => retained,
    };
    HarContent {
        size: size.try_into().unwrap_or(i64::MAX),
        mime_type: record
            .mime_type
            .clone()
            .or_else(|| body.mime_type.clone())
            .unwrap_or_default(),
        text,
        encoding: None,
    }
}

fn post_data(record: &RequestRecord, headers: &Headers) -> Option<HarPostData> {
    let body = &record.request_body;
    if body.state == BodyState::Empty {
        return None;
    }
    let mime_type = header(headers, "content-type")
        .map(str::to_string)
        .or_else(|| body.mime_type.clone())
        .unwrap_or_default();
    let text = retained_text(body);
    if let Some(parts) = &body.parts {
        return Some(HarPostData {
            mime_type,
            params: parts
                .iter()
                .map(|part| HarParam {
                    name: part.name.clone().unwrap_or_default(),
                    value: part.value.clone().unwrap_or_default(),
                    file_name: part.filename.clone(),
                    content_type: part.content_type.clone(),
                })
                .collect(),
            text: None,
        });
    }
    let params = match text {
        Some(text)
            if body.state == BodyState::Available
                && mime_type
                    .to_ascii_lowercase()
                    .starts_with("application/x-www-form-urlencoded") =>
        {
            pairs(text, true)
                .map(|(name, value)| HarParam {
                    name,
                    value,
                    file_name: None,
                    content_type: None,
                })
                .collect()
        }
        _ => Vec::new(),
    };
    Some(HarPostData {
        mime_type,
        params,
        text: text.map(str::to_string),
    })
}

/// Chrome's HAR initiator shape (`lineNumber`), from bsk's `{type, url?, line?}`.
fn chrome_initiator(initiator: &Value) -> Value {
    let mut out = json!({ "type": initiator["type"] });
    if let Some(url) = initiator.get("url") {
        out["url"] = url.clone();
    }
    if let Some(line) = initiator.get("line") {
        out["lineNumber"] = line.clone();
    }
    out
}

/// HAR timings from Chrome's `ResourceTiming` (milliseconds after `requestTime`). Without
/// one (a failure before any response, a cache or `data:` answer) the whole duration is
/// `wait`.
fn timings(record: &RequestRecord) -> HarTimings {
    let duration = record
        .ended_at
        .map_or(0.0, |end| end.saturating_sub(record.started_at) as f64);
    let Some(timing) = &record.timing else {
        return HarTimings {
            blocked: -1.0,
            dns: -1.0,
            connect: -1.0,
            send: 0.0,
            wait: duration,
            receive: 0.0,
            ssl: -1.0,
        };
    };
    let at = |key: &str| timing.get(key).unwrap_or(-1.0);
    let span = |start: f64, end: f64| {
        if start >= 0.0 && end >= start {
            round(end - start)
        } else {
            -1.0
        }
    };
    let (send_start, send_end, headers_end) =
        (at("sendStart"), at("sendEnd"), at("receiveHeadersEnd"));
    let blocked = [at("dnsStart"), at("connectStart"), send_start]
        .into_iter()
        .find(|t| *t >= 0.0)
        .map_or(-1.0, round);
    HarTimings {
        blocked,
        dns: span(at("dnsStart"), at("dnsEnd")),
        connect: span(at("connectStart"), at("connectEnd")),
        send: span(send_start, send_end).max(0.0),
        wait: span(send_end, headers_end).max(0.0),
        receive: if headers_end >= 0.0 {
            round((duration - headers_end).max(0.0))
        } else {
            0.0
        },
        ssl: span(at("sslStart"), at("sslEnd")),
    }
}

/// Three decimals: Chrome reports fractions of a millisecond.
fn round(ms: f64) -> f64 {
    (ms * 1000.0).round() / 1000.0
}

fn header<'a>(headers: &'a Headers, name: &str) -> Option<&'a str> {
    header_values(headers, name).next()
}

fn header_values<'a>(headers: &'a Headers, name: &str) -> impl Iterator<Item = &'a str> {
    headers
        .entries
        .iter()
        .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| &**v)
}

fn name_values(headers: &Headers) -> Vec<HarNameValue> {
    headers
        .entries
        .iter()
        .map(|(name, value)| HarNameValue {
            name: name.to_string(),
            value: value.to_string(),
        })
        .collect()
}

/// `a=1; b=2` as HAR cookies.
fn request_cookies(header: &str) -> impl Iterator<Item = HarCookie> + '_ {
    header.split(';').filter_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        Some(cookie(name, value))
    })
}

fn cookie(name: &str, value: &str) -> HarCookie {
    HarCookie {
        name: name.trim().to_string(),
        value: value.trim().to_string(),
        path: None,
        domain: None,
        expires: None,
        http_only: None,
        secure: None,
    }
}

/// One `Set-Cookie` line: `name=value; Path=/; Domain=x; Expires=…; HttpOnly; Secure`.
fn response_cookie(line: &str) -> Option<HarCookie> {
    let mut parts = line.split(';');
    let (name, value) = parts.next()?.split_once('=')?;
    let mut cookie = cookie(name, value);
    for attribute in parts {
        let (key, value) = attribute
            .split_once('=')
            .map_or((attribute.trim(), ""), |(k, v)| (k.trim(), v.trim()));
        match key.to_ascii_lowercase().as_str() {
            "path" => cookie.path = Some(value.to_string()),
            "domain" => cookie.domain = Some(value.to_string()),
            "expires" => cookie.expires = Some(value.to_string()),
            "httponly" => cookie.http_only = Some(true),
            "secure" => cookie.secure = Some(true),
            _ => {}
        }
    }
    Some(cookie)
}

fn query_string(url: &str) -> Vec<HarNameValue> {
    let Some((_, query)) = url.split_once('?') else {
        return Vec::new();
    };
    let query = query.split_once('#').map_or(query, |(q, _)| q);
    pairs(query, false)
        .map(|(name, value)| HarNameValue { name, value })
        .collect()
}

/// `a=1&b=2`, percent-decoded (and `+` as space in form bodies).
fn pairs(text: &str, form: bool) -> impl Iterator<Item = (String, String)> + '_ {
    text.split('&')
        .filter(|pair| !pair.is_empty())
        .map(move |pair| {
            let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
            (decode(name, form), decode(value, form))
        })
}

fn decode(text: &str, form: bool) -> String {
    let text = if form {
        std::borrow::Cow::Owned(text.replace('+', " "))
    } else {
        std::borrow::Cow::Borrowed(text)
    };
    percent_encoding::percent_decode_str(&text)
        .decode_utf8_lossy()
        .into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_and_form_pairs_are_decoded() {
        let query = query_string("http://x/a?q=caf%C3%A9&empty=&flag&plus=a+b#frag");
        let pairs: Vec<(&str, &str)> = query
            .iter()
            .map(|p| (p.name.as_str(), p.value.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [("q", "café"), ("empty", ""), ("flag", ""), ("plus", "a+b")]
        );
        let form: Vec<(String, String)> =
            super::pairs("name=Ada+L&bad=%zz&end=%4&multi=%é", true).collect();
        assert_eq!(
            form,
            [
                ("name".into(), "Ada L".into()),
                ("bad".into(), "%zz".into()),
                ("end".into(), "%4".into()),
                ("multi".into(), "%é".into())
            ]
        );
    }

    #[test]
    fn redacted_urls_are_valid_uris_and_types_use_devtools_names() {
        assert_eq!(
            uri("http://[::1]:8080/a?token=[redacted]&q=1#x[1]"),
            "http://[::1]:8080/a?token=%5Bredacted%5D&q=1#x%5B1%5D"
        );
        assert_eq!(uri("data:text/plain,[x]"), "data:text/plain,%5Bx%5D");
        assert_eq!(devtools_type("Fetch"), "fetch");
        assert_eq!(devtools_type("CSPViolationReport"), "csp-violation-report");
    }

    #[test]
    fn set_cookie_attributes_are_read() {
        let cookie =
            response_cookie("sid=[redacted]; Path=/; HttpOnly; Secure; Domain=example.test")
                .expect("a cookie");
        assert_eq!(
            (cookie.name.as_str(), cookie.value.as_str()),
            ("sid", "[redacted]")
        );
        assert_eq!(cookie.path.as_deref(), Some("/"));
        assert_eq!(cookie.domain.as_deref(), Some("example.test"));
        assert_eq!((cookie.http_only, cookie.secure), (Some(true), Some(true)));
        let request: Vec<HarCookie> = request_cookies("a=1; b=[redacted]").collect();
        assert_eq!(request.len(), 2);
    }

    #[test]
    fn timings_sum_to_time_and_are_never_negative_where_har_requires() {
        let mut record: RequestRecord = serde_json::from_value(json!({
            "id": "r1", "revision": 1, "url": "http://x/", "method": "GET", "state": "complete",
            "started_at": 1000, "ended_at": 1100, "target_id": "T",
            "request_headers": {"entries": []}, "response_headers": {"entries": []},
            "request_body": {"state": "empty"}, "response_body": {"state": "empty"},
            "timing": {"requestTime": 5.0, "dnsStart": 1.0, "dnsEnd": 3.0, "connectStart": 3.0,
                       "connectEnd": 10.0, "sslStart": -1.0, "sslEnd": -1.0, "sendStart": 10.5,
                       "sendEnd": 11.0, "receiveHeadersEnd": 60.0}
        }))
        .expect("a record");
        let t = timings(&record);
        assert_eq!(
            (
                t.blocked, t.dns, t.connect, t.ssl, t.send, t.wait, t.receive
            ),
            (1.0, 2.0, 7.0, -1.0, 0.5, 49.0, 40.0)
        );
        record.timing = None;
        record.ended_at = None;
        let t = timings(&record);
        assert_eq!((t.send, t.wait, t.receive), (0.0, 0.0, 0.0));
    }
}
