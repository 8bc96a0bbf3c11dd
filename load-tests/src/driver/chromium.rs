//! A Chromium the bench launches itself, with a DevTools port, for a daemon to attach to.
//!
//! The floor mode needs a second CDP client on the browser a session runs in. bsk's own launched
//! browser speaks only over a pipe (a port on 127.0.0.1 is open to every local account), so the
//! phases that measure the floor launch their browsers here — with bsk's flags and the bsk
//! extension, as bsk would — and start the daemon with `--cdp-url` for each.

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use tokio::process::{Child, Command};

/// How long a launched browser may take to open its DevTools port.
const PORT_DEADLINE: Duration = Duration::from_secs(30);

/// A running Chromium; dropping it kills it.
#[derive(Debug)]
pub struct Browser {
    child: Child,
    /// Its browser-level DevTools WebSocket.
    pub ws_url: String,
}

impl Browser {
    /// Starts `chromium` headless with bsk's flags, its profile in `profile`, the unpacked
    /// extension in `extension` and a DevTools port on 127.0.0.1.
    pub async fn launch(
        chromium: &Path,
        profile: &Path,
        extension: &Path,
    ) -> anyhow::Result<Browser> {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile)
            .with_context(|| format!("cannot create {}", profile.display()))?;
        let child = Command::new(chromium)
            .arg("--remote-debugging-port=0")
            .args(bsk_runtime::browser::browser_flags(profile, true))
            .arg(format!("--load-extension={}", extension.display()))
            .arg(format!(
                "--disable-extensions-except={}",
                extension.display()
            ))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .with_context(|| format!("cannot start {}", chromium.display()))?;
        let port_file = profile.join("DevToolsActivePort");
        let started = Instant::now();
        loop {
            if let Ok(text) = std::fs::read_to_string(&port_file) {
                let mut lines = text.lines();
                if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                    let ws_url = format!("ws://127.0.0.1:{port}{path}");
                    return Ok(Browser { child, ws_url });
                }
            }
            if started.elapsed() > PORT_DEADLINE {
                bail!(
                    "{} opened no DevTools port within {PORT_DEADLINE:?}",
                    chromium.display()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// Kills the browser and waits for it.
    pub async fn close(mut self) {
        let _ = self.child.kill().await;
    }
}
