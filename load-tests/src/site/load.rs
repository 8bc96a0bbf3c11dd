//! The load scenarios' API (`/load/api/…`): sized JSON, binary bytes, uploads, and a body that
//! drips in over seconds. The pages that call them are `load-tests/site/load-*.html`.
//!
//! Every load page adds `tag=<run tag>` to each URL it requests, so the request log can be split
//! by the run that caused it ([`LoggedRequest::tag`](super::LoggedRequest::tag)). The handlers
//! ignore the tag.

use std::convert::Infallible;
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, header};
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use serde::Deserialize;
use serde_json::{Value, json};

use super::state::SiteState;

/// `/load/api/data` without `bytes`: about the size of a small API answer.
const DEFAULT_DATA_BYTES: usize = 256;
/// Cap on `/load/api/data?bytes=`: far past bsk's 64 Ki body bound, small enough that a typo
/// cannot exhaust memory.
const MAX_DATA_BYTES: usize = 4 * 1024 * 1024;
/// `/load/api/bytes` without `bytes`.
const DEFAULT_BINARY_BYTES: usize = 64 * 1024;
/// Cap on `/load/api/bytes?bytes=`, for the same reason as [`MAX_DATA_BYTES`].
const MAX_BINARY_BYTES: usize = 16 * 1024 * 1024;
/// `/load/api/drip` without `ms`: past the 10 s the "late body" scenario is about.
const DEFAULT_DRIP_MS: u64 = 11_000;
/// Longest `/load/api/drip` holds its body open; the same as the timing routes' hold.
const MAX_DRIP: Duration = Duration::from_secs(60);
/// Most chunks `/load/api/drip` splits its body into.
const MAX_DRIP_CHUNKS: u32 = 1000;
/// The eight bytes every PNG file starts with; `/load/api/bytes?type=png` begins with them.
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

#[derive(Debug, Deserialize)]
pub(crate) struct DataParams {
    bytes: Option<usize>,
    i: Option<String>,
}

/// `/load/api/data?bytes=N&i=K`, any method: JSON of about N bytes,
/// `{"i":K,"method":…,"received":<request body length>,"pad":"xx…"}`.
pub(crate) async fn data(
    method: Method,
    Query(params): Query<DataParams>,
    body: Bytes,
) -> Json<Value> {
    let target = params
        .bytes
        .unwrap_or(DEFAULT_DATA_BYTES)
        .min(MAX_DATA_BYTES);
    let mut value = json!({
        "i": params.i,
        "method": method.as_str(),
        "received": body.len(),
        "pad": "",
    });
    let bare = value.to_string().len();
    value["pad"] = Value::String("x".repeat(target.saturating_sub(bare)));
    Json(value)
}

#[derive(Debug, Deserialize)]
pub(crate) struct BytesParams {
    bytes: Option<usize>,
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// `/load/api/bytes?bytes=N&type=octet|png|wasm|gzip`: N deterministic pseudo-random bytes, as
/// `application/octet-stream`, or behind the signature of a PNG, a wasm module or a gzip stream
/// as `image/png`, `application/wasm` or `application/gzip`.
pub(crate) async fn bytes(Query(params): Query<BytesParams>) -> Response {
    let len = params
        .bytes
        .unwrap_or(DEFAULT_BINARY_BYTES)
        .min(MAX_BINARY_BYTES);
    let (signature, content_type): (&[u8], &str) = match params.kind.as_deref() {
        Some("png") => (PNG_SIGNATURE, "image/png"),
        Some("wasm") => (b"\0asm\x01\0\0\0", "application/wasm"),
        Some("gzip") => (b"\x1f\x8b\x08\0", "application/gzip"),
        _ => (b"", "application/octet-stream"),
    };
    let mut out = Vec::with_capacity(len);
    out.extend_from_slice(&signature[..signature.len().min(len)]);
    // xorshift32: cheap, deterministic, and full of bytes that are not valid UTF-8.
    let mut x: u32 = 0x9e37_79b9;
    while out.len() < len {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        let word = x.to_le_bytes();
        out.extend_from_slice(&word[..word.len().min(len - out.len())]);
    }
    ([(header::CONTENT_TYPE, content_type)], out).into_response()
}

/// `/load/api/upload`, any method: what arrived — `{"received":<bytes>,"content_type":…}`.
pub(crate) async fn upload(headers: HeaderMap, body: Bytes) -> Json<Value> {
    let content_type = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok());
    Json(json!({"received": body.len(), "content_type": content_type}))
}

#[derive(Debug, Deserialize)]
pub(crate) struct DripParams {
    ms: Option<u64>,
    chunks: Option<u32>,
    bytes: Option<usize>,
}

/// `/load/api/drip?ms=M&chunks=K&bytes=N`: headers at once, then N bytes of text in K chunks
/// spread evenly over M ms (the last chunk arrives after M ms). Ends early on shutdown.
pub(crate) async fn drip(
    State(state): State<SiteState>,
    Query(params): Query<DripParams>,
) -> Response {
    let total = Duration::from_millis(params.ms.unwrap_or(DEFAULT_DRIP_MS)).min(MAX_DRIP);
    let chunks = params.chunks.unwrap_or(10).clamp(1, MAX_DRIP_CHUNKS);
    let bytes = params.bytes.unwrap_or(1024).min(MAX_DATA_BYTES);
    let per_chunk = (bytes / chunks as usize).max(1);
    let interval = total / chunks;
    let shutdown = state.shutdown;
    let body = stream::unfold(0u32, move |sent| {
        let shutdown = shutdown.clone();
        async move {
            if sent == chunks {
                return None;
            }
            tokio::select! {
                () = tokio::time::sleep(interval) => {}
                () = shutdown.wait() => return None,
            }
            let chunk = format!("{:0>width$}", sent, width = per_chunk);
            Some((Ok::<_, Infallible>(Bytes::from(chunk)), sent + 1))
        }
    });
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        Body::from_stream(body),
    )
        .into_response()
}
