//! Responses that take time: a slow answer, a slow body, a body that never ends, and a
//! server-sent event stream that stays open.
//!
//! Every wait also ends when the site shuts down, so shutdown never hangs on a held response.

use std::convert::Infallible;
use std::time::Duration;

use axum::Json;
use axum::body::{Body, Bytes};
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use futures_util::stream;
use serde::Deserialize;
use serde_json::{Value, json};

use super::state::{ShutdownSignal, SiteState};

/// Longest wait any route holds a response: `/slow` and `/slow-body` clamp `ms` to it, and
/// `/never-ends` ends its body after it.
const MAX_HOLD: Duration = Duration::from_secs(60);
/// `/slow` and `/slow-body` without `ms`.
const DEFAULT_DELAY_MS: u64 = 1000;
/// The part of `/never-ends` the client does receive.
const NEVER_ENDS_FIRST_CHUNK: &[u8] = b"first chunk\n";

#[derive(Debug, Deserialize)]
pub(crate) struct DelayParams {
    ms: Option<u64>,
}

impl DelayParams {
    fn delay(&self) -> Duration {
        Duration::from_millis(self.ms.unwrap_or(DEFAULT_DELAY_MS)).min(MAX_HOLD)
    }
}

/// Waits `delay`, or less if the site shuts down first.
async fn hold(delay: Duration, shutdown: &ShutdownSignal) {
    tokio::select! {
        () = tokio::time::sleep(delay) => {}
        () = shutdown.wait() => {}
    }
}

/// `/slow?ms=N`: waits, then answers `{"slow":N}`.
pub(crate) async fn slow(
    State(state): State<SiteState>,
    Query(params): Query<DelayParams>,
) -> Json<Value> {
    let delay = params.delay();
    hold(delay, &state.shutdown).await;
    Json(json!({"slow": delay.as_millis()}))
}

/// `/slow-body?ms=N`: headers at once, then `{"slow":N}` after the wait.
pub(crate) async fn slow_body(
    State(state): State<SiteState>,
    Query(params): Query<DelayParams>,
) -> Response {
    let delay = params.delay();
    let shutdown = state.shutdown;
    let body = stream::once(async move {
        hold(delay, &shutdown).await;
        let json = json!({"slow": delay.as_millis()}).to_string();
        Ok::<_, Infallible>(Bytes::from(json))
    });
    (
        [(header::CONTENT_TYPE, "application/json")],
        Body::from_stream(body),
    )
        .into_response()
}

/// Where `/never-ends` is in its body.
enum NeverEnds {
    First(ShutdownSignal),
    Holding(ShutdownSignal),
}

/// `/never-ends`: headers and a first chunk, then the body stays open until the site shuts down
/// or [`MAX_HOLD`] passes.
pub(crate) async fn never_ends(State(state): State<SiteState>) -> Response {
    let body = stream::unfold(Some(NeverEnds::First(state.shutdown)), |stage| async {
        match stage? {
            NeverEnds::First(shutdown) => Some((
                Ok::<_, Infallible>(Bytes::from_static(NEVER_ENDS_FIRST_CHUNK)),
                Some(NeverEnds::Holding(shutdown)),
            )),
            NeverEnds::Holding(shutdown) => {
                hold(MAX_HOLD, &shutdown).await;
                None
            }
        }
    });
    (
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        Body::from_stream(body),
    )
        .into_response()
}

/// The events `/workers/events` sends before it holds the stream open.
pub(crate) const EVENT_STREAM_FIRST: &[u8] = b"data: one\n\ndata: two\n\n";

/// `/workers/events`: a server-sent event stream (`text/event-stream`) that sends two events,
/// then stays open until the site shuts down or [`MAX_HOLD`] passes.
pub(crate) async fn event_stream(State(state): State<SiteState>) -> Response {
    let body = stream::unfold(Some(NeverEnds::First(state.shutdown)), |stage| async {
        match stage? {
            NeverEnds::First(shutdown) => Some((
                Ok::<_, Infallible>(Bytes::from_static(EVENT_STREAM_FIRST)),
                Some(NeverEnds::Holding(shutdown)),
            )),
            NeverEnds::Holding(shutdown) => {
                hold(MAX_HOLD, &shutdown).await;
                None
            }
        }
    });
    (
        [
            (header::CONTENT_TYPE, "text/event-stream"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(body),
    )
        .into_response()
}
