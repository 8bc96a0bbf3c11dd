//! The scenario site: a real HTTP server on loopback that tests point Chromium at.
//!
//! Routing ignores the `Host` header, so every hostname works; use `*.localhost` names (which
//! Chromium resolves to loopback) to make frames cross-site, since different ports alone do not.

mod demo_api;
mod echo;
mod fixtures;
mod hostile;
mod load;
mod log;
mod pages;
mod profile;
mod routes;
mod state;
mod timing;

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tracing::Instrument as _;

pub use log::{LoggedRequest, MAX_LOGGED_REQUESTS};

use log::RequestLog;
use state::{ShutdownSignal, SiteState};

/// How long [`Site::shutdown`] waits for open responses to finish before aborting the server.
/// Held-open responses end at once on shutdown; this only covers requests still being handled.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// A running scenario site. Dropping it (or [`Site::shutdown`]) stops the server.
#[derive(Debug)]
pub struct Site {
    port: u16,
    log: Arc<RequestLog>,
    /// The shutdown signal: dropping this sender tells the accept loop, every connection and
    /// every held-open response body to finish. `None` once shutdown has begun.
    shutdown: Option<watch::Sender<()>>,
    /// The serve task, kept so [`Site::shutdown`] can report its panic or I/O error instead of
    /// letting it vanish. `None` once taken by shutdown.
    task: Option<JoinHandle<std::io::Result<()>>>,
}

impl Site {
    /// Binds `127.0.0.1` on a free port and serves in a background task.
    pub async fn start() -> anyhow::Result<Site> {
        Self::start_on(0).await
    }

    /// Binds `127.0.0.1:{port}` (0 picks a free port) and serves in a background task.
    pub async fn start_on(port: u16) -> anyhow::Result<Site> {
        let listener = TcpListener::bind(("127.0.0.1", port))
            .await
            .with_context(|| {
                format!(
                    "could not listen on 127.0.0.1:{port}; another server may be using it, \
                 pick another port (0 picks a free one)"
                )
            })?;
        let port = listener
            .local_addr()
            .context("could not read the bound address of the site's listener")?
            .port();

        let (shutdown_tx, shutdown_rx) = watch::channel(());
        let shutdown = ShutdownSignal::new(shutdown_rx);
        let log = Arc::new(RequestLog::default());
        let state = SiteState::new(log.clone(), shutdown.clone());
        let app = routes::router(state);

        let task = tokio::spawn(
            async move {
                tracing::debug!("site serving");
                axum::serve(listener, app)
                    .with_graceful_shutdown(async move { shutdown.wait().await })
                    .await
            }
            .instrument(tracing::info_span!("site", port)),
        );

        Ok(Site {
            port,
            log,
            shutdown: Some(shutdown_tx),
            task: Some(task),
        })
    }

    /// The port the site listens on.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// `http://127.0.0.1:{port}{path}`.
    pub fn url(&self, path: &str) -> String {
        self.url_on("127.0.0.1", path)
    }

    /// `http://{host}:{port}{path}`, e.g. host `a.localhost`. Different `*.localhost` hosts make
    /// iframes cross-site (out-of-process) in Chromium.
    pub fn url_on(&self, host: &str, path: &str) -> String {
        format!("http://{host}:{}{path}", self.port)
    }

    /// Every request the server received, in arrival order (up to [`MAX_LOGGED_REQUESTS`]).
    pub fn requests(&self) -> Vec<LoggedRequest> {
        self.log.snapshot()
    }

    /// How many logged requests have a path (with query) starting with `path_prefix`.
    pub fn request_count(&self, path_prefix: &str) -> usize {
        self.log.count_with_prefix(path_prefix)
    }

    /// Every logged request whose query carries `tag=<tag>` (see [`LoggedRequest::tag`]), in
    /// arrival order: the ground truth for one load run.
    pub fn requests_tagged(&self, tag: &str) -> Vec<LoggedRequest> {
        self.log.tagged(tag)
    }

    /// Forgets every logged request and the dropped count, so a long load run stays under
    /// [`MAX_LOGGED_REQUESTS`]: call it between runs, once their requests have been compared.
    pub fn clear_requests(&self) {
        self.log.clear();
    }

    /// Requests not logged because the log already held [`MAX_LOGGED_REQUESTS`].
    pub fn requests_dropped(&self) -> u64 {
        self.log.dropped()
    }

    /// Stops accepting, ends held-open responses, and waits up to [`SHUTDOWN_GRACE`] for the
    /// server to finish. Reports a server error or panic; dropping the site stops it silently.
    pub async fn shutdown(mut self) -> anyhow::Result<()> {
        drop(self.shutdown.take());
        let Some(mut task) = self.task.take() else {
            return Ok(());
        };
        match tokio::time::timeout(SHUTDOWN_GRACE, &mut task).await {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(e))) => Err(e).context("the site's server failed while shutting down"),
            Ok(Err(join)) => Err(join).context("the site's server task panicked"),
            Err(_) => {
                task.abort();
                anyhow::bail!(
                    "the site still had requests in flight {SHUTDOWN_GRACE:?} after shutdown; \
                     aborted it (a /slow request longer than the grace period can cause this)"
                )
            }
        }
    }
}

impl Drop for Site {
    fn drop(&mut self) {
        // Dropping the sender is the shutdown signal; the server task then finishes on its own.
        // Use `shutdown().await` to observe how it finished.
        drop(self.shutdown.take());
    }
}
