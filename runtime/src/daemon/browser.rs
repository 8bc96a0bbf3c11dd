//! The daemon's browsers: a pool of slots (`b1`, `b2`, …), each launched or attached on first
//! need and again after it died, each with the link to its own bsk extension.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bsk_schema::hint;
use bsk_schema::ipc::BrowserStatus;
use bsk_schema::link::ExtensionStatus;
use bsk_schema::words;
use tokio::process::Child;

use crate::browser::{self, BrowserSource};
use crate::cdp::{CdpClient, EventReceiver};
use crate::error::{Failure, Result};
use crate::extension::ExtensionSink;
use crate::paths::Paths;

/// How long placement passes over a browser that could not be launched or reached.
const DOWN_FOR: Duration = Duration::from_secs(30);

/// One browser of the daemon's pool: where it comes from, its connection while it has one, and
/// the link to its bsk extension, where its captures checkpoint.
#[derive(Debug)]
pub struct BrowserSlot {
    /// `b1`, `b2`, … in the order given.
    pub name: String,
    pub source: BrowserSource,
    /// Held while (re)connecting, so concurrent session starts launch one browser.
    pub(super) conn: tokio::sync::Mutex<Option<Arc<BrowserConn>>>,
    /// Its extension's link, replaced when the browser is launched again.
    pub extension: ExtensionSink,
    /// Sessions of the browser's auto-attach to new pages that bsk let go of: their detach is
    /// not a tab closing.
    pub released_pages: Mutex<HashSet<String>>,
    /// Why the last launch or attach failed, and when.
    down: Mutex<Option<(String, Instant)>>,
    /// Launches or attaches that succeeded.
    connects: AtomicU64,
    /// Sessions being started on it right now: placement counts them with its live sessions,
    /// so sessions started at once spread.
    pub placing: AtomicUsize,
    /// How its latest launch went (headless or not, and why), when it was launched.
    launched: Mutex<Option<browser::Visibility>>,
}

impl BrowserSlot {
    /// Whether the person asked, in this browser's bsk extension, for a picture after each
    /// agent operation in new captures (the popup's preference; `--screenshots` asks too).
    pub async fn prefers_screenshots(&self) -> bool {
        let Some(link) = self.extension.link() else {
            return false;
        };
        link.preferences_now()
            .await
            .and_then(|p| p.screenshots)
            .unwrap_or(false)
    }

    pub fn new(index: usize, source: BrowserSource) -> BrowserSlot {
        BrowserSlot {
            name: format!("b{}", index + 1),
            source,
            conn: tokio::sync::Mutex::new(None),
            extension: ExtensionSink::default(),
            released_pages: Mutex::new(HashSet::new()),
            down: Mutex::new(None),
            connects: AtomicU64::new(0),
            placing: AtomicUsize::new(0),
            launched: Mutex::new(None),
        }
    }

    /// Where it comes from, with the visibility its latest launch actually had (a person's
    /// preference may have chosen it).
    pub fn effective_source(&self) -> BrowserSource {
        match (
            &self.source,
            *self.launched.lock().unwrap_or_else(|p| p.into_inner()),
        ) {
            (BrowserSource::Launch(_), Some(visibility)) => BrowserSource::Launch(visibility),
            (source, _) => source.clone(),
        }
    }

    /// Its connection if it has a live one, without launching.
    pub async fn current(&self) -> Option<Arc<BrowserConn>> {
        self.conn
            .lock()
            .await
            .clone()
            .filter(|c| !c.cdp.is_closed())
    }

    /// Where a capture in this browser records, over `conn`, its connection.
    pub fn host(&self, conn: &BrowserConn) -> crate::capture::CaptureHost {
        crate::capture::CaptureHost {
            browser: self.name.clone(),
            cdp: conn.cdp.clone(),
            sink: Arc::new(self.extension.clone()),
        }
    }

    /// Whether it failed to launch or attach within the last [`DOWN_FOR`].
    pub fn is_down(&self) -> bool {
        self.lock_down()
            .as_ref()
            .is_some_and(|(_, at)| at.elapsed() < DOWN_FOR)
    }

    pub fn mark_down(&self, reason: String) {
        *self.lock_down() = Some((reason, Instant::now()));
    }

    pub fn mark_up(&self) {
        *self.lock_down() = None;
        self.connects.fetch_add(1, Ordering::Relaxed);
    }

    fn lock_down(&self) -> std::sync::MutexGuard<'_, Option<(String, Instant)>> {
        self.down.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// How `bsk status` shows it: its last connection (shown disconnected once it went away),
    /// its sessions, and why it is down if it is.
    pub async fn status(&self, sessions: Vec<String>) -> BrowserStatus {
        let conn = self.conn.lock().await.clone();
        let pid = match &conn {
            Some(conn) => conn.child.lock().await.as_ref().and_then(Child::id),
            None => None,
        };
        let mode = match (&conn, &self.source) {
            (None, _) => "not_started",
            (Some(_), BrowserSource::Launch(_)) => "launched",
            (Some(_), BrowserSource::Attach(_)) => "attached",
        };
        BrowserStatus {
            name: self.name.clone(),
            mode: mode.into(),
            product: conn.as_ref().and_then(|c| c.product.clone()),
            executable: conn
                .as_ref()
                .and_then(|c| c.executable.as_ref())
                .map(|p| p.display().to_string()),
            // A hosted browser's address may carry its access token (`?token=…`).
            ws_url: conn
                .as_ref()
                .and_then(|c| c.ws_url.as_deref())
                .map(bsk_actors::model::redact::url),
            connected: conn.as_ref().is_some_and(|c| !c.cdp.is_closed()),
            display: display(&self.effective_source()),
            extension: self.extension_status(),
            messages_skipped: conn.as_ref().map_or(0, |c| c.cdp.oversize_messages()),
            sessions,
            pid,
            connects: self.connects.load(Ordering::Relaxed),
            down: self.lock_down().as_ref().map(|(why, _)| why.clone()),
        }
    }

    /// The link to its extension (connecting while there is no browser yet).
    pub fn extension_status(&self) -> ExtensionStatus {
        match self.extension.link() {
            Some(link) => link.status(),
            None => ExtensionStatus {
                state: bsk_schema::link::LinkState::Connecting,
                extension_id: crate::extension::files::id(),
                version: None,
                reason: Some("no browser is running yet; it starts with the first session".into()),
            },
        }
    }
}

#[derive(Debug)]
pub struct BrowserConn {
    pub cdp: CdpClient,
    /// The DevTools WebSocket of an attached browser. A launched browser is reached over its
    /// pipe only.
    pub ws_url: Option<String>,
    pub executable: Option<PathBuf>,
    pub product: Option<String>,
    /// The Chromium the daemon launched; `None` when attached over `--cdp-url`.
    pub child: tokio::sync::Mutex<Option<Child>>,
}

impl BrowserConn {
    /// Launches or attaches, per `source`. Returns the connection and its browser-level events.
    pub async fn open(
        slot: &BrowserSlot,
        paths: &Paths,
    ) -> Result<(Arc<BrowserConn>, EventReceiver)> {
        let profile = paths.profile_of(&slot.name);
        let (cdp, events, ws_url, executable, mut child) = match &slot.source {
            BrowserSource::Launch(visibility) => {
                let extension = crate::extension::files::install(&paths.extension())?;
                let visibility =
                    visibility.with_preference(super::preferences::headless(&paths.state_dir));
                *slot.launched.lock().unwrap_or_else(|p| p.into_inner()) = Some(visibility);
                let launched = browser::launch(&profile, visibility.headless).await?;
                let (cdp, events) = CdpClient::over_pipe(
                    launched.commands,
                    launched.replies,
                    crate::cdp::Windows::GATHER,
                );
                (
                    cdp,
                    events,
                    None,
                    Some(launched.executable),
                    Some((launched.child, extension)),
                )
            }
            BrowserSource::Attach(url) => {
                let ws_url = browser::resolve_ws_url(url).await?;
                let (cdp, events) =
                    CdpClient::connect(&ws_url, crate::cdp::Windows::GATHER).await?;
                (cdp, events, Some(ws_url), None, None)
            }
        };
        let version = cdp
            .call_within(
                None,
                "Browser.getVersion",
                serde_json::json!({}),
                browser::LAUNCH_DEADLINE,
            )
            .await;
        let version = match (version, child.as_mut()) {
            (Ok(version), _) => version,
            (Err(e), Some((process, _))) => {
                let executable = executable.clone().unwrap_or_default();
                let why = browser::exit_reason(process, &executable, &profile)
                    .unwrap_or_else(|| format!("{} did not answer: {e}", executable.display()));
                let _ = process.kill().await;
                return Err(Failure::browser(why).hint(words![
                    "run it by hand to see why, or attach to a running browser with ",
                    hint::DAEMON_START.with("cdpUrl", "ws://…")
                ]));
            }
            (Err(e), None) => return Err(e.into()),
        };
        let product = version["product"].as_str().map(str::to_string);
        tracing::info!(
            ws_url = ?ws_url.as_deref().map(bsk_actors::model::redact::url),
            product = ?product,
            "browser connected"
        );
        // The launched browser gets the extension over the pipe (Google Chrome ignores
        // `--load-extension`); a failure leaves the link reporting it missing.
        let child = match child {
            Some((process, extension)) => {
                let loaded = cdp
                    .call(
                        None,
                        "Extensions.loadUnpacked",
                        serde_json::json!({ "path": extension, "enableInIncognito": true }),
                    )
                    .await;
                match loaded {
                    Ok(reply) => tracing::info!(id = ?reply["id"], "bsk extension loaded"),
                    Err(e) => tracing::warn!(error = %e, "could not load the bsk extension"),
                }
                Some(process)
            }
            None => None,
        };
        let conn = BrowserConn {
            cdp,
            ws_url,
            executable,
            product,
            child: tokio::sync::Mutex::new(child),
        };
        Ok((Arc::new(conn), events))
    }

    /// Whether a launched browser shows its windows: a person may be using it.
    pub fn is_visible(&self, source: &BrowserSource) -> bool {
        matches!(source, BrowserSource::Launch(v) if !v.headless) && !self.cdp.is_closed()
    }

    /// Ends the browser the daemon launched; an attached browser is left running.
    pub async fn shutdown(&self) {
        if let Some(child) = self.child.lock().await.as_mut() {
            let _ = self
                .cdp
                .call(None, "Browser.close", serde_json::json!({}))
                .await;
            if tokio::time::timeout(std::time::Duration::from_secs(5), child.wait())
                .await
                .is_err()
            {
                let _ = child.kill().await;
            }
        }
    }
}

/// `headful (…)` / `headless (…)` for a browser bsk launches; nothing for an attached one.
pub fn display(source: &BrowserSource) -> Option<String> {
    match source {
        BrowserSource::Launch(visibility) => Some(visibility.describe()),
        BrowserSource::Attach(_) => None,
    }
}
