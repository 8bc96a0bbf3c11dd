//! The scenario site over real HTTP/1.1: each test starts a `Site` on port 0 and speaks raw
//! HTTP to it through a `TcpStream`.

use std::time::Duration;

use bsk_load_tests::site::Site;
use serde_json::Value;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::time::timeout;

/// Upper bound for any single exchange; tests wait for the thing itself, never a fixed sleep.
const DEADLINE: Duration = Duration::from_secs(10);

#[derive(Debug)]
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).expect("body is JSON")
    }
}

fn request_bytes(
    method: &str,
    host: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Vec<u8> {
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() || method == "POST" {
        head.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    head.push_str("\r\n");
    let mut bytes = head.into_bytes();
    bytes.extend_from_slice(body);
    bytes
}

/// A response's status and headers, and the bytes read after them.
type Head<'a> = (u16, Vec<(String, String)>, &'a [u8]);

/// Splits a raw response at the blank line; `None` until the whole head has arrived.
fn split_head(raw: &[u8]) -> Option<Head<'_>> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..end]).expect("head is ASCII");
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_owned(), v.trim().to_owned()))
        .collect();
    Some((status, headers, &raw[end + 4..]))
}

fn decode_chunked(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("chunk size line");
        let size_text = std::str::from_utf8(&data[..line_end]).expect("chunk size is ASCII");
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .expect("chunk size is hex");
        data = &data[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

async fn send_to(
    site: &Site,
    method: &str,
    host: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Reply {
    let exchange = async {
        let mut stream = TcpStream::connect(("127.0.0.1", site.port()))
            .await
            .expect("connect");
        stream
            .write_all(&request_bytes(method, host, path, headers, body))
            .await
            .expect("write request");
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.expect("read response");
        raw
    };
    let raw = timeout(DEADLINE, exchange)
        .await
        .expect("response within the deadline");
    let (status, headers, rest) = split_head(&raw).expect("complete response head");
    let chunked = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    let body = if chunked {
        decode_chunked(rest)
    } else {
        rest.to_vec()
    };
    Reply {
        status,
        headers,
        body,
    }
}

async fn get(site: &Site, path: &str) -> Reply {
    let host = format!("127.0.0.1:{}", site.port());
    send_to(site, "GET", &host, path, &[], b"").await
}

async fn post(site: &Site, path: &str, content_type: &str, body: &[u8]) -> Reply {
    let host = format!("127.0.0.1:{}", site.port());
    send_to(
        site,
        "POST",
        &host,
        path,
        &[("Content-Type", content_type)],
        body,
    )
    .await
}

/// Opens a connection, sends a GET, and returns the stream plus everything read up to and
/// including the response head.
async fn open_get(site: &Site, path: &str) -> (TcpStream, Vec<u8>) {
    let mut stream = TcpStream::connect(("127.0.0.1", site.port()))
        .await
        .expect("connect");
    let host = format!("127.0.0.1:{}", site.port());
    stream
        .write_all(&request_bytes("GET", &host, path, &[], b""))
        .await
        .expect("write request");
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    while split_head(&raw).is_none() {
        let n = timeout(DEADLINE, stream.read(&mut buf))
            .await
            .expect("head within the deadline")
            .expect("read");
        assert!(n > 0, "connection closed before the response head");
        raw.extend_from_slice(&buf[..n]);
    }
    (stream, raw)
}

#[tokio::test]
async fn redirect_chain_is_302_then_301_then_200() {
    let site = Site::start().await.expect("start site");

    let start = get(&site, "/redirect/start").await;
    assert_eq!(start.status, 302);
    assert_eq!(start.header("location"), Some("/redirect/middle"));

    let middle = get(&site, "/redirect/middle").await;
    assert_eq!(middle.status, 301);
    assert_eq!(middle.header("location"), Some("/redirect/final"));

    let last = get(&site, "/redirect/final").await;
    assert_eq!(last.status, 200);
    assert_eq!(last.json(), serde_json::json!({"final": true}));
}

#[tokio::test]
async fn echo_reflects_text_and_binary_bodies() {
    let site = Site::start().await.expect("start site");

    let text = post(&site, "/echo?kind=text", "text/plain", "héllo".as_bytes()).await;
    let echo = text.json();
    assert_eq!(echo["method"], "POST");
    assert_eq!(echo["path"], "/echo?kind=text");
    assert_eq!(echo["content_type"], "text/plain");
    assert_eq!(echo["body_len"], 6);
    assert_eq!(echo["body"], "héllo");

    let bytes: Vec<u8> = (0..=255).collect();
    let binary = post(&site, "/echo", "application/octet-stream", &bytes)
        .await
        .json();
    assert_eq!(binary["body_len"], 256);
    assert_eq!(
        binary["body"],
        Value::Null,
        "invalid UTF-8 is not echoed as text"
    );

    let get = get(&site, "/echo").await.json();
    assert_eq!(get["method"], "GET");
    assert_eq!(get["body_len"], 0);
}

#[tokio::test]
async fn large_is_about_the_requested_size_and_valid_json() {
    let site = Site::start().await.expect("start site");
    let reply = get(&site, "/large?kb=50").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body.len(), 50 * 1024 + 11);
    assert_eq!(reply.json()["items"].as_array().map(Vec::len), Some(50));

    let default = get(&site, "/large").await;
    assert_eq!(default.body.len(), 100 * 1024 + 11);
}

#[tokio::test]
async fn text_has_the_requested_number_of_chars() {
    let site = Site::start().await.expect("start site");
    let reply = get(&site, "/text?chars=100").await;
    let text = String::from_utf8(reply.body).expect("UTF-8");
    assert_eq!(text.chars().count(), 100);
    assert!(text.contains('é') && text.contains('😀'));
    assert!(
        text.encode_utf16().count() > 100,
        "the emoji takes two UTF-16 units"
    );
}

#[tokio::test]
async fn request_log_records_method_host_path_and_body_length() {
    let site = Site::start().await.expect("start site");
    let host = format!("a.localhost:{}", site.port());
    send_to(&site, "GET", &host, "/ops?x=1", &[], b"").await;
    send_to(
        &site,
        "POST",
        &host,
        "/echo",
        &[("Content-Type", "text/plain")],
        b"12345",
    )
    .await;
    let missing = get(&site, "/no/such/page").await;
    assert_eq!(missing.status, 404);

    let log = site.requests();
    let summary: Vec<_> = log
        .iter()
        .map(|r| {
            (
                r.method.as_str(),
                r.host.as_str(),
                r.path.as_str(),
                r.body_len,
            )
        })
        .collect();
    let own_host = format!("127.0.0.1:{}", site.port());
    assert_eq!(
        summary,
        [
            ("GET", host.as_str(), "/ops?x=1", 0),
            ("POST", host.as_str(), "/echo", 5),
            ("GET", own_host.as_str(), "/no/such/page", 0),
        ]
    );
    assert!(log[0].received <= log[1].received && log[1].received <= log[2].received);
    assert_eq!(site.request_count("/ops"), 1);
    assert_eq!(site.request_count("/"), 3);
    assert_eq!(site.requests_dropped(), 0);
}

#[tokio::test]
async fn every_page_is_served_with_its_content_type() {
    let site = Site::start().await.expect("start site");
    let pages = [
        "/",
        "/demo",
        "/ops",
        "/ops2",
        "/iframe-host",
        "/frame/inner",
        "/many-frames",
        "/post-page",
        "/cache-page",
        "/sw-page",
        "/burst",
        "/burst-unread",
        "/console-page",
        "/secrets-page",
    ];
    for path in pages {
        let reply = get(&site, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8"),
            "{path}"
        );
    }
    let sw = get(&site, "/sw.js").await;
    assert!(
        sw.header("content-type")
            .is_some_and(|t| t.starts_with("application/javascript"))
    );
}

#[tokio::test]
async fn demo_api_saves_and_reports_errors_in_the_body() {
    let site = Site::start().await.expect("start site");
    assert_eq!(get(&site, "/api/profile").await.json(), Value::Null);

    let taken = post(
        &site,
        "/api/save",
        "application/json",
        br#"{"name":"A","email":"a@taken.com","plan":"pro"}"#,
    )
    .await;
    assert_eq!(taken.status, 200);
    assert_eq!(taken.json()["error"]["code"], "EMAIL_TAKEN");

    let ok = post(
        &site,
        "/api/save",
        "application/json",
        br#"{"name":"Bob","email":"bob@example.com","plan":"team"}"#,
    )
    .await;
    assert_eq!(ok.json(), serde_json::json!({"ok": true, "id": 42}));
    assert_eq!(
        get(&site, "/api/profile").await.json(),
        serde_json::json!({"name": "Bob", "email": "bob@example.com", "plan": "team"})
    );

    let fails = post(&site, "/api/save-fails", "application/json", b"{}").await;
    assert_eq!(
        (fails.status, fails.json()["error"]["code"].clone()),
        (200, "SAVE_FAILED".into())
    );
}

#[tokio::test]
async fn status_and_cache_fixtures() {
    let site = Site::start().await.expect("start site");
    let boom = get(&site, "/status/500").await;
    assert_eq!(
        (boom.status, boom.json()),
        (500, serde_json::json!({"error": "boom"}))
    );
    assert_eq!(get(&site, "/status/404").await.status, 404);
    assert_eq!(get(&site, "/status/204").await.status, 204);

    let cached = get(&site, "/cached").await;
    assert_eq!(cached.header("cache-control"), Some("max-age=3600"));
    let etag = cached.header("etag").expect("etag").to_owned();
    let host = format!("127.0.0.1:{}", site.port());
    let revalidated = send_to(
        &site,
        "GET",
        &host,
        "/cached",
        &[("If-None-Match", &etag)],
        b"",
    )
    .await;
    assert_eq!(revalidated.status, 304);

    assert_eq!(
        get(&site, "/item/7").await.json(),
        serde_json::json!({"i": 7})
    );
}

#[tokio::test]
async fn slow_body_sends_headers_before_the_body() {
    let site = Site::start().await.expect("start site");
    let (mut stream, raw) = open_get(&site, "/slow-body?ms=300").await;
    let (status, _, after_head) = split_head(&raw).expect("head");
    assert_eq!(status, 200);
    assert!(
        !String::from_utf8_lossy(after_head).contains("slow"),
        "the body must not arrive with the headers"
    );
    let mut rest = raw.clone();
    timeout(DEADLINE, stream.read_to_end(&mut rest))
        .await
        .expect("body within the deadline")
        .expect("read");
    assert!(String::from_utf8_lossy(&rest).contains(r#"{"slow":300}"#));
}

#[tokio::test]
async fn never_ends_holds_the_body_open_until_shutdown() {
    let site = Site::start().await.expect("start site");
    let (mut stream, mut raw) = open_get(&site, "/never-ends").await;
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&raw).contains("first chunk") {
        let n = timeout(DEADLINE, stream.read(&mut buf))
            .await
            .expect("first chunk within the deadline")
            .expect("read");
        assert!(n > 0, "closed before the first chunk");
        raw.extend_from_slice(&buf[..n]);
    }

    // The body is open: nothing more comes until the site shuts down.
    assert!(
        timeout(Duration::from_millis(200), stream.read(&mut buf))
            .await
            .is_err(),
        "the body must stay open"
    );

    site.shutdown().await.expect("clean shutdown");
    let mut rest = Vec::new();
    timeout(DEADLINE, stream.read_to_end(&mut rest))
        .await
        .expect("body ends after shutdown")
        .expect("read");
}

#[tokio::test]
async fn dropping_the_site_stops_it() {
    let site = Site::start().await.expect("start site");
    let port = site.port();
    assert_eq!(get(&site, "/ops2").await.status, 200);
    drop(site);
    let refused = async {
        while TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            tokio::task::yield_now().await;
        }
    };
    timeout(DEADLINE, refused)
        .await
        .expect("the port stops accepting");
}

#[tokio::test]
async fn load_pages_are_served_and_their_api_answers_in_shape() {
    let site = Site::start().await.expect("start site");
    for path in [
        "/load/traffic",
        "/load/bodies",
        "/load/binary",
        "/load/frames",
        "/load/frame",
        "/load/console",
        "/load/form",
    ] {
        let reply = get(&site, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(
            reply.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert!(
            String::from_utf8_lossy(&reply.body).contains("window.__done"),
            "{path} exposes the completion signal"
        );
    }

    let data = get(&site, "/load/api/data?bytes=5000&i=7&tag=t1").await;
    assert_eq!(data.body.len(), 5000);
    assert_eq!(data.json()["i"], "7");
    let posted = post(
        &site,
        "/load/api/data?i=8&tag=t1",
        "application/json",
        b"{\"a\":1}",
    )
    .await;
    assert_eq!(posted.json()["method"], "POST");
    assert_eq!(posted.json()["received"], 7);

    let octets = get(&site, "/load/api/bytes?bytes=1000&tag=t1").await;
    assert_eq!(octets.body.len(), 1000);
    assert_eq!(
        octets.header("content-type"),
        Some("application/octet-stream")
    );
    assert!(
        std::str::from_utf8(&octets.body).is_err(),
        "binary, not text"
    );
    let png = get(&site, "/load/api/bytes?bytes=64&type=png&tag=t2").await;
    assert_eq!(png.header("content-type"), Some("image/png"));
    assert!(png.body.starts_with(b"\x89PNG"));

    let upload = post(
        &site,
        "/load/api/upload?tag=t2",
        "application/octet-stream",
        &[0, 255, 1],
    )
    .await;
    assert_eq!(upload.json()["received"], 3);
    assert_eq!(upload.json()["content_type"], "application/octet-stream");

    let tagged = site.requests_tagged("t1");
    assert_eq!(tagged.len(), 3);
    assert!(tagged.iter().all(|r| r.tag() == Some("t1")));
    assert_eq!(
        tagged[0].url(),
        format!(
            "http://127.0.0.1:{}/load/api/data?bytes=5000&i=7&tag=t1",
            site.port()
        )
    );
    assert_eq!(site.requests_tagged("t2").len(), 2);
    assert!(site.requests_tagged("t").is_empty(), "tags match exactly");

    site.clear_requests();
    assert!(site.requests().is_empty());
    get(&site, "/load/api/data?tag=t1").await;
    assert_eq!(
        site.requests_tagged("t1").len(),
        1,
        "the log keeps logging after a clear"
    );
}

#[tokio::test]
async fn drip_sends_headers_at_once_then_its_chunks_over_time() {
    let site = Site::start().await.expect("start site");
    let (mut stream, raw) = open_get(&site, "/load/api/drip?ms=300&chunks=3&bytes=30").await;
    let (status, _, after_head) = split_head(&raw).expect("head");
    assert_eq!(status, 200);
    assert!(
        after_head.is_empty() || after_head.len() < 30,
        "the body must not be complete yet"
    );
    let mut rest = raw.clone();
    timeout(DEADLINE, stream.read_to_end(&mut rest))
        .await
        .expect("body within the deadline")
        .expect("read");
    let (_, _, body) = split_head(&rest).expect("head");
    let body = String::from_utf8(decode_chunked(body)).expect("text");
    assert_eq!(body, "000000000000000000010000000002");
}
