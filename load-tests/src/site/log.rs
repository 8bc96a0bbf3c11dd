//! The ground-truth request log: what the server itself saw, to compare with what bsk recorded.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Instant, SystemTime};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};

/// Most requests the log keeps. A long load run can exceed it; later requests are then not
/// logged but counted in [`Site::requests_dropped`](super::Site::requests_dropped).
pub const MAX_LOGGED_REQUESTS: usize = 200_000;

/// Largest request body the site accepts (the middleware buffers it to measure it). Larger
/// uploads get 413 and are logged with `body_len` 0.
const MAX_REQUEST_BODY: usize = 16 * 1024 * 1024;

/// One request as the server received it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoggedRequest {
    /// `GET`, `POST`, …
    pub method: String,
    /// The `Host` header as sent, e.g. `b.localhost:8787`; empty when absent.
    pub host: String,
    /// Path with query string, e.g. `/item/3?x=1`.
    pub path: String,
    /// Wall-clock arrival time, comparable with browser timestamps.
    pub at: SystemTime,
    /// Monotonic arrival time, for ordering and durations within a test.
    pub received: Instant,
    /// Request body size in bytes.
    pub body_len: usize,
}

impl LoggedRequest {
    /// The value of the `tag` query parameter, which the load pages add to every URL so a
    /// request can be attributed to the run (and session) that made it.
    pub fn tag(&self) -> Option<&str> {
        let (_, query) = self.path.split_once('?')?;
        query.split('&').find_map(|pair| pair.strip_prefix("tag="))
    }

    /// `http://{host}{path}`: the URL as the browser requested it.
    pub fn url(&self) -> String {
        format!("http://{}{}", self.host, self.path)
    }
}

#[derive(Debug, Default)]
pub(crate) struct RequestLog {
    inner: Mutex<Entries>,
}

#[derive(Debug, Default)]
struct Entries {
    requests: Vec<LoggedRequest>,
    /// Requests seen after the log was full.
    dropped: u64,
}

impl RequestLog {
    fn push(&self, request: LoggedRequest) {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        if inner.requests.len() < MAX_LOGGED_REQUESTS {
            inner.requests.push(request);
        } else {
            inner.dropped += 1;
            if inner.dropped == 1 {
                tracing::warn!(
                    max = MAX_LOGGED_REQUESTS,
                    "request log full; further requests are counted, not logged"
                );
            }
        }
    }

    pub(crate) fn snapshot(&self) -> Vec<LoggedRequest> {
        let inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.requests.clone()
    }

    pub(crate) fn count_with_prefix(&self, prefix: &str) -> usize {
        let inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner
            .requests
            .iter()
            .filter(|r| r.path.starts_with(prefix))
            .count()
    }

    pub(crate) fn tagged(&self, tag: &str) -> Vec<LoggedRequest> {
        let inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner
            .requests
            .iter()
            .filter(|r| r.tag() == Some(tag))
            .cloned()
            .collect()
    }

    pub(crate) fn clear(&self) {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.requests = Vec::new();
        inner.dropped = 0;
    }

    pub(crate) fn dropped(&self) -> u64 {
        self.inner
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .dropped
    }
}

/// Middleware: buffers the request body to measure it, logs the request, then passes it on.
pub(crate) async fn record(
    State(log): State<Arc<RequestLog>>,
    request: Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let mut entry = LoggedRequest {
        method: parts.method.to_string(),
        host: parts
            .headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or_default()
            .to_owned(),
        path: parts
            .uri
            .path_and_query()
            .map_or_else(|| parts.uri.path().to_owned(), |pq| pq.as_str().to_owned()),
        at: SystemTime::now(),
        received: Instant::now(),
        body_len: 0,
    };
    match axum::body::to_bytes(body, MAX_REQUEST_BODY).await {
        Ok(bytes) => {
            entry.body_len = bytes.len();
            log.push(entry);
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Err(e) => {
            log.push(entry);
            let message = format!("request body unreadable or over {MAX_REQUEST_BODY} bytes: {e}");
            (StatusCode::PAYLOAD_TOO_LARGE, message).into_response()
        }
    }
}
