//! The site's static pages: plain files under `load-tests/site/`, embedded at compile time.
//!
//! Pages take their parameters from `location.search` and build cross-site URLs from
//! `location.port` in JavaScript, so the server never templates HTML.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const HTML: &str = "text/html; charset=utf-8";
const JAVASCRIPT: &str = "application/javascript; charset=utf-8";

/// A file served verbatim at a fixed path.
#[derive(Debug)]
pub(crate) struct Page {
    pub(crate) path: &'static str,
    content_type: &'static str,
    body: &'static str,
}

impl Page {
    const fn html(path: &'static str, body: &'static str) -> Self {
        Self {
            path,
            content_type: HTML,
            body,
        }
    }

    const fn script(path: &'static str, body: &'static str) -> Self {
        Self {
            path,
            content_type: JAVASCRIPT,
            body,
        }
    }

    pub(crate) fn response(&self) -> Response {
        ([(header::CONTENT_TYPE, self.content_type)], self.body).into_response()
    }
}

const DEMO: &str = include_str!("../../site/demo.html");
const BURST: &str = include_str!("../../site/burst.html");

/// Every page, by path.
pub(crate) const PAGES: &[Page] = &[
    // The "Save profile" demo app.
    Page::html("/", DEMO),
    Page::html("/demo", DEMO),
    // One element per operation (click, fill, select, press, hover, wheel, scroll, focus).
    Page::html("/ops", include_str!("../../site/ops.html")),
    Page::html("/ops2", include_str!("../../site/ops2.html")),
    // Buttons whose outcome renders after a slow request: settling and text changes.
    Page::html("/steps", include_str!("../../site/steps.html")),
    // Frames: same-origin and cross-site.
    Page::html("/iframe-host", include_str!("../../site/iframe-host.html")),
    Page::html("/frame/inner", include_str!("../../site/frame-inner.html")),
    Page::html("/many-frames", include_str!("../../site/many-frames.html")),
    Page::html(
        "/tall-frame-host",
        include_str!("../../site/tall-frame-host.html"),
    ),
    Page::html("/tall-frame", include_str!("../../site/tall-frame.html")),
    // Capture scenarios.
    Page::html("/post-page", include_str!("../../site/post-page.html")),
    Page::html("/cache-page", include_str!("../../site/cache-page.html")),
    Page::html("/sw-page", include_str!("../../site/sw-page.html")),
    Page {
        path: "/sw.js",
        content_type: JAVASCRIPT,
        body: include_str!("../../site/sw.js"),
    },
    // Workers: a page whose requests and console come from a dedicated worker, a shared worker
    // and a service worker, plus a server-sent event stream.
    Page::html(
        "/workers/page",
        include_str!("../../site/workers-page.html"),
    ),
    Page::script(
        "/workers/dedicated.js",
        include_str!("../../site/workers/dedicated.js"),
    ),
    Page::script(
        "/workers/shared.js",
        include_str!("../../site/workers/shared.js"),
    ),
    Page::script("/workers/sw.js", include_str!("../../site/workers/sw.js")),
    Page::html("/burst", BURST),
    Page::html("/burst-unread", BURST),
    Page::html(
        "/console-page",
        include_str!("../../site/console-page.html"),
    ),
    Page::html(
        "/secrets-page",
        include_str!("../../site/secrets-page.html"),
    ),
    // Load scenarios: every request carries the page's `tag`, and `window.__done` turns true
    // when the page's traffic has finished.
    Page::html(
        "/load/traffic",
        include_str!("../../site/load-traffic.html"),
    ),
    Page::html("/load/bodies", include_str!("../../site/load-bodies.html")),
    Page::html("/load/binary", include_str!("../../site/load-binary.html")),
    Page::html("/load/frames", include_str!("../../site/load-frames.html")),
    Page::html("/load/frame", include_str!("../../site/load-frame.html")),
    Page::html(
        "/load/console",
        include_str!("../../site/load-console.html"),
    ),
    Page::html("/load/form", include_str!("../../site/load-form.html")),
];
