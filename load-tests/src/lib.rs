//! Scenario web server for bsk's browser tests, the demo, and load runs.
//!
//! [`site::Site`] serves small, deterministic pages and fixture endpoints (redirect chains,
//! slow and never-ending bodies, secrets, service workers, many cross-site frames) and keeps a
//! ground-truth log of every request it received, so a test can compare what bsk recorded with
//! what really went over the wire.
//!
//! # Layout
//!
//! - `site/mod.rs`: [`site::Site`], start, URLs, shutdown.
//! - `site/routes.rs`: the one table of every route.
//! - `site/state.rs`: state shared by handlers and the shutdown signal.
//! - `site/log.rs`: the request log and the middleware that fills it.
//! - `site/pages.rs`: the HTML pages (files under `load-tests/site/`, embedded).
//! - `site/demo_api.rs`: the "Save profile" demo app's API.
//! - `site/echo.rs`: `/echo` and `/set-cookie`.
//! - `site/fixtures.rs`: fixed-shape responses: redirects, statuses, sizes, caching, items.
//! - `site/timing.rs`: responses that take time: slow, slow body, never-ending body.
//! - `site/load.rs`: the load scenarios' API: sized JSON, binary, uploads, a dripping body.
//! - `site/hostile.rs`: what a hostile or careless site sends: JSON very deep or very wide, keys
//!   named like JavaScript's own properties, enormous headers, bytes that are not UTF-8.
//! - `bin/bsk-site.rs`: serves the site from the command line (`make demo`).
//! - `driver/`: [`driver::run`] drives parallel agents through the real `bsk` binary against the
//!   site and reports overhead, completeness, memory, latency and CPU (its module doc has the
//!   layout); `bin/bsk-load.rs` runs it from the command line (`make bench`).

pub mod driver;
pub mod site;
