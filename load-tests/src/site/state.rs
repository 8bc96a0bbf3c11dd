//! State shared by every handler, and the shutdown signal held-open responses wait on.

use std::sync::Arc;

use tokio::sync::watch;

use super::log::RequestLog;
use super::profile::ProfileStore;

/// What handlers can reach. Cheap to clone: everything is behind an `Arc` or a channel.
#[derive(Debug, Clone)]
pub(crate) struct SiteState {
    pub(crate) log: Arc<RequestLog>,
    pub(crate) profile: Arc<ProfileStore>,
    pub(crate) shutdown: ShutdownSignal,
}

impl SiteState {
    pub(crate) fn new(log: Arc<RequestLog>, shutdown: ShutdownSignal) -> Self {
        Self {
            log,
            profile: Arc::new(ProfileStore::default()),
            shutdown,
        }
    }
}

/// Fires when the [`Site`](super::Site) drops its sender. No value is ever sent: closing the
/// channel is the only event, so a clone made at any time still sees it.
#[derive(Debug, Clone)]
pub(crate) struct ShutdownSignal(watch::Receiver<()>);

impl ShutdownSignal {
    pub(crate) fn new(rx: watch::Receiver<()>) -> Self {
        Self(rx)
    }

    /// Waits until the site shuts down.
    pub(crate) async fn wait(&self) {
        let mut rx = self.0.clone();
        while rx.changed().await.is_ok() {}
    }
}
