//! Responses of a fixed shape: redirects, status codes, sized bodies, caching, burst items.

use axum::Json;
use axum::extract::{Path, Query};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

/// `/large` without `kb`.
const DEFAULT_LARGE_KB: usize = 100;
/// Cap on `/large?kb=`: 64 MiB is far past any body bsk keeps, and keeps a typo from
/// allocating gigabytes.
const MAX_LARGE_KB: usize = 64 * 1024;
/// `/text` without `chars`.
const DEFAULT_TEXT_CHARS: usize = 1000;
/// Cap on `/text?chars=`, for the same reason as [`MAX_LARGE_KB`].
const MAX_TEXT_CHARS: usize = 16 * 1024 * 1024;
/// Repeated to make `/text`: "é" is one UTF-16 unit but two UTF-8 bytes, the emoji two UTF-16
/// units and four bytes, so byte, char and UTF-16 offsets all differ.
const TEXT_PATTERN: &str = "héllo wörld 😀 ";
/// Each `/large` item is this many `x`s; with quotes and a comma an item is exactly 1 KiB.
const LARGE_ITEM_CHARS: usize = 1021;
/// `/cached`'s validator.
const CACHED_ETAG: &str = "\"bsk-cached-v1\"";

fn redirect(status: StatusCode, to: &'static str) -> Response {
    (status, [(header::LOCATION, to)]).into_response()
}

/// `/redirect/start`: 302 to the middle.
pub(crate) async fn redirect_start() -> Response {
    redirect(StatusCode::FOUND, "/redirect/middle")
}

/// `/redirect/middle`: 301 to the end.
pub(crate) async fn redirect_middle() -> Response {
    redirect(StatusCode::MOVED_PERMANENTLY, "/redirect/final")
}

/// `/redirect/final`: 200 `{"final":true}`.
pub(crate) async fn redirect_final() -> Json<Value> {
    Json(json!({"final": true}))
}

/// `/status/{code}`: that status; errors (4xx, 5xx) carry `{"error":"boom"}`.
pub(crate) async fn status(Path(code): Path<u16>) -> Response {
    match StatusCode::from_u16(code) {
        Ok(status) if status.is_informational() => (
            StatusCode::BAD_REQUEST,
            "1xx is not a final status; use /status/200 to /status/599",
        )
            .into_response(),
        Ok(status) if status == StatusCode::NO_CONTENT || status == StatusCode::NOT_MODIFIED => {
            status.into_response()
        }
        Ok(status) if status.is_client_error() || status.is_server_error() => {
            (status, Json(json!({"error": "boom"}))).into_response()
        }
        Ok(status) => (status, Json(json!({"status": code}))).into_response(),
        Err(_) => (
            StatusCode::BAD_REQUEST,
            "not an HTTP status code; use /status/200 to /status/599",
        )
            .into_response(),
    }
}

/// `/empty`, any method: 200 with a JSON content type and no body (`Content-Length: 0`), where
/// only the body the browser hands over says that nothing came.
pub(crate) async fn empty() -> Response {
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CONTENT_LENGTH, "0"),
        ],
    )
        .into_response()
}

#[derive(Debug, Deserialize)]
pub(crate) struct LargeParams {
    kb: Option<usize>,
}

/// `/large?kb=N`: valid JSON `{"items":["xxx…",…]}` of `1024 * N + 11` bytes.
pub(crate) async fn large(Query(params): Query<LargeParams>) -> Response {
    let kb = params.kb.unwrap_or(DEFAULT_LARGE_KB).min(MAX_LARGE_KB);
    let item = "x".repeat(LARGE_ITEM_CHARS);
    let mut body = String::with_capacity(kb * 1024 + 16);
    body.push_str("{\"items\":[");
    for i in 0..kb {
        if i > 0 {
            body.push(',');
        }
        body.push('"');
        body.push_str(&item);
        body.push('"');
    }
    body.push_str("]}");
    ([(header::CONTENT_TYPE, "application/json")], body).into_response()
}

#[derive(Debug, Deserialize)]
pub(crate) struct TextParams {
    chars: Option<usize>,
}

/// `/text?chars=N`: `text/plain` of exactly N chars (Unicode scalar values), some non-ASCII.
pub(crate) async fn text(Query(params): Query<TextParams>) -> Response {
    let chars = params
        .chars
        .unwrap_or(DEFAULT_TEXT_CHARS)
        .min(MAX_TEXT_CHARS);
    let body: String = TEXT_PATTERN.chars().cycle().take(chars).collect();
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

/// `/cached`: fresh for an hour, with an ETag; answers 304 to a matching `If-None-Match`.
pub(crate) async fn cached(headers: HeaderMap) -> Response {
    let cache_headers = [
        (header::CACHE_CONTROL, "max-age=3600"),
        (header::ETAG, CACHED_ETAG),
    ];
    let matches = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == CACHED_ETAG));
    if matches {
        (StatusCode::NOT_MODIFIED, cache_headers).into_response()
    } else {
        (cache_headers, Json(json!({"cached": true}))).into_response()
    }
}

/// `/item/{i}`: `{"i":i}`, a number when `i` is one, else the string (burst `prefix`es).
pub(crate) async fn item(Path(id): Path<String>) -> Json<Value> {
    match id.parse::<u64>() {
        Ok(n) => Json(json!({"i": n})),
        Err(_) => Json(json!({"i": id})),
    }
}

/// `/frame/data.json`: what `/frame/inner` fetches on load.
pub(crate) async fn frame_data() -> Json<Value> {
    Json(json!({"frame": true}))
}

/// `/sw/hello` when no service worker intercepted it, so a test can tell the two apart.
pub(crate) async fn sw_hello_from_server() -> Json<Value> {
    Json(json!({"from": "server"}))
}

/// Any path with no route.
pub(crate) async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, Json(json!({"error": "not found"}))).into_response()
}
