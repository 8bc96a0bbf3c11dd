//! Every route the site serves, in one table. Routing ignores the `Host` header.

use axum::Router;
use axum::middleware;
use axum::routing::{any, get, post};

use super::state::SiteState;
use super::{demo_api, echo, fixtures, hostile, load, log, pages, timing};

pub(crate) fn router(state: SiteState) -> Router {
    let api = Router::new()
        // The demo app.
        .route("/api/save", post(demo_api::save))
        .route("/api/profile", get(demo_api::profile))
        .route("/api/save-fails", any(demo_api::save_fails))
        // Request reflection and cookies.
        .route("/echo", any(echo::echo))
        .route("/set-cookie", get(echo::set_cookie))
        .route("/me", get(echo::me))
        // Fixed-shape responses.
        .route("/redirect/start", get(fixtures::redirect_start))
        .route("/redirect/middle", get(fixtures::redirect_middle))
        .route("/redirect/final", get(fixtures::redirect_final))
        .route("/status/{code}", any(fixtures::status))
        .route("/empty", any(fixtures::empty))
        .route("/large", get(fixtures::large))
        .route("/text", get(fixtures::text))
        .route("/cached", get(fixtures::cached))
        .route("/item/{id}", get(fixtures::item))
        .route("/frame/data.json", get(fixtures::frame_data))
        .route("/sw/hello", get(fixtures::sw_hello_from_server))
        // Responses that take time.
        .route("/slow", get(timing::slow))
        .route("/slow-body", get(timing::slow_body))
        .route("/never-ends", get(timing::never_ends))
        .route("/workers/events", get(timing::event_stream))
        // The load scenarios' API (pages `/load/…`).
        .route("/load/api/data", any(load::data))
        .route("/load/api/bytes", get(load::bytes))
        .route("/load/api/upload", any(load::upload))
        .route("/load/api/drip", get(load::drip))
        // What hostile or careless sites send.
        .route("/hostile/deep", get(hostile::deep))
        .route("/hostile/wide", get(hostile::wide))
        .route("/hostile/header", get(hostile::big_header))
        .route("/hostile/bytes", get(hostile::not_utf8));

    pages::PAGES
        .iter()
        .fold(api, |router, page| {
            router.route(page.path, get(move || async move { page.response() }))
        })
        .fallback(fixtures::not_found)
        .layer(middleware::from_fn_with_state(
            state.log.clone(),
            log::record,
        ))
        .with_state(state)
}
