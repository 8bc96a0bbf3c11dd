//! The daemon's connection to its browser: launched on first need, relaunched after a crash.

use std::path::PathBuf;
use std::sync::Arc;

use bsk_schema::ipc::BrowserStatus;
use bsk_schema::link::ExtensionStatus;
use tokio::process::Child;

use crate::browser::{self, BrowserSource};
use crate::cdp::{CdpClient, EventReceiver};
use crate::error::{Failure, Result};
use crate::paths::Paths;

#[derive(Debug)]
pub struct BrowserConn {
    pub cdp: CdpClient,
    /// The DevTools WebSocket: of an attached browser, or (test-only) of a launched one. A
    /// launched browser is otherwise reached over its pipe only.
    pub ws_url: Option<String>,
    pub executable: Option<PathBuf>,
    pub product: Option<String>,
    /// The Chromium the daemon launched; `None` when attached over `--cdp-url`.
    pub child: tokio::sync::Mutex<Option<Child>>,
}

impl BrowserConn {
    /// Launches or attaches, per `source`. Returns the connection and its browser-level events.
    pub async fn open(
        source: &BrowserSource,
        paths: &Paths,
    ) -> Result<(Arc<BrowserConn>, EventReceiver)> {
        let (cdp, events, ws_url, executable, mut child) = match source {
            BrowserSource::Launch(visibility) => {
                let extension = crate::extension::files::install(&paths.extension())?;
                let launched = browser::launch(&paths.profile(), visibility.headless).await?;
                let (cdp, events) = CdpClient::over_pipe(launched.commands, launched.replies);
                (
                    cdp,
                    events,
                    launched.ws_url,
                    Some(launched.executable),
                    Some((launched.child, extension)),
                )
            }
            BrowserSource::Attach(url) => {
                let ws_url = browser::resolve_ws_url(url).await?;
                let (cdp, events) = CdpClient::connect(&ws_url).await?;
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
                let why = browser::exit_reason(process, &executable, &paths.profile())
                    .unwrap_or_else(|| format!("{} did not answer: {e}", executable.display()));
                let _ = process.kill().await;
                return Err(Failure::browser(why).hint(
                    "run it by hand to see why, or attach to a running browser with --cdp-url",
                ));
            }
            (Err(e), None) => return Err(e.into()),
        };
        let product = version["product"].as_str().map(str::to_string);
        tracing::info!(ws_url = ?ws_url, product = ?product, "browser connected");
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

    pub fn status(&self, source: &BrowserSource, extension: ExtensionStatus) -> BrowserStatus {
        BrowserStatus {
            mode: match source {
                BrowserSource::Launch(_) => "launched".into(),
                BrowserSource::Attach(_) => "attached".into(),
            },
            product: self.product.clone(),
            executable: self.executable.as_ref().map(|p| p.display().to_string()),
            ws_url: self.ws_url.clone(),
            connected: !self.cdp.is_closed(),
            display: display(source),
            extension,
            messages_skipped: self.cdp.oversize_messages(),
        }
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
