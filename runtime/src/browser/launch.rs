//! Launching Chromium with the flags measured to work on these machines.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

use tokio::process::{Child, Command};

use super::LAUNCH_DEADLINE;
use crate::error::Failure;

/// A Chromium the daemon started and must stop.
#[derive(Debug)]
pub struct LaunchedBrowser {
    pub child: Child,
    pub executable: PathBuf,
    pub ws_url: String,
}

/// `BSK_CHROMIUM`, then the usual names on `PATH` (Debian's `chromium`, Chrome, …).
pub fn find_executable() -> Result<PathBuf, Failure> {
    if let Some(path) = std::env::var_os("BSK_CHROMIUM") {
        let path = PathBuf::from(path);
        return if path.exists() {
            Ok(path)
        } else {
            Err(
                Failure::browser(format!("BSK_CHROMIUM={} does not exist", path.display()))
                    .hint("point BSK_CHROMIUM at a Chromium or Chrome executable, or unset it"),
            )
        };
    }
    let options = chromiumoxide::detection::DetectionOptions {
        msedge: false,
        unstable: false,
    };
    chromiumoxide::detection::default_executable(options).map_err(|_| {
        Failure::browser("no Chromium or Chrome found")
            .hint("install it with `apt-get install chromium`, set BSK_CHROMIUM, or attach to a running browser with `bsk daemon start --cdp-url ws://…`")
    })
}

/// Flags for a headless, quiet, reproducible Chromium. Cross-site iframes run out of process
/// (`--site-per-process`) so capture sees them as their own targets.
fn flags(profile: &Path, extension: &Path, headless: bool) -> Vec<String> {
    let mut flags: Vec<String> = [
        "--remote-debugging-port=0",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-default-apps",
        "--site-per-process",
        "--disable-back-forward-cache",
        "--password-store=basic",
        "--use-mock-keychain",
    ]
    .map(String::from)
    .to_vec();
    flags.push(format!("--user-data-dir={}", profile.display()));
    // The bsk extension (history, evidence page, popup), and no other.
    flags.push(format!("--load-extension={}", extension.display()));
    flags.push(format!(
        "--disable-extensions-except={}",
        extension.display()
    ));
    if headless {
        flags.push("--headless=new".into());
    }
    if is_root() {
        flags.push("--no-sandbox".into());
    }
    flags.push("about:blank".into());
    flags
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self")
        .map(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
        .unwrap_or(false)
}

/// Puts the bsk button in the toolbar of a browser with windows (Chromium keeps an unpacked
/// extension's button in the extensions menu unless the profile's preferences pin it), so the
/// popup is one click away. Other preferences are kept; an unreadable file is left alone.
fn pin_extension(profile: &Path, id: &str) {
    let file = profile.join("Default").join("Preferences");
    let mut prefs: serde_json::Value = match std::fs::read_to_string(&file) {
        Ok(text) => match serde_json::from_str(&text) {
            Ok(prefs) => prefs,
            Err(_) => return,
        },
        Err(_) => serde_json::json!({}),
    };
    let Some(root) = prefs.as_object_mut() else {
        return;
    };
    let extensions = root
        .entry("extensions")
        .or_insert_with(|| serde_json::json!({}));
    let Some(extensions) = extensions.as_object_mut() else {
        return;
    };
    let pinned = extensions
        .entry("pinned_extensions")
        .or_insert_with(|| serde_json::json!([]));
    let Some(pinned) = pinned.as_array_mut() else {
        return;
    };
    if pinned.iter().any(|p| p == id) {
        return;
    }
    pinned.push(serde_json::json!(id));
    let _ = std::fs::create_dir_all(file.parent().unwrap_or(profile));
    if let Err(e) = std::fs::write(&file, prefs.to_string()) {
        tracing::warn!(error = %e, "could not pin the bsk extension in the toolbar");
    }
}

/// Starts Chromium with its profile in `profile` and the unpacked extension in `extension`, and
/// waits for its DevTools endpoint.
pub async fn launch(
    profile: &Path,
    extension: &Path,
    headless: bool,
) -> Result<LaunchedBrowser, Failure> {
    let executable = find_executable()?;
    std::fs::create_dir_all(profile).map_err(|e| {
        Failure::internal(format!(
            "cannot create browser profile {}: {e}",
            profile.display()
        ))
    })?;
    // A profile left by a crashed browser keeps its singleton lock; it would refuse to start.
    for stale in [
        "SingletonLock",
        "SingletonSocket",
        "SingletonCookie",
        "DevToolsActivePort",
    ] {
        let _ = std::fs::remove_file(profile.join(stale));
    }
    if !headless {
        pin_extension(profile, &crate::extension::files::id());
    }
    let log = std::fs::File::create(profile.with_extension("log"))
        .map_err(|e| Failure::internal(format!("cannot create browser log: {e}")))?;
    let mut child = Command::new(&executable)
        .args(flags(profile, extension, headless))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| {
            Failure::browser(format!("could not start {}: {e}", executable.display()))
                .hint("check that the browser runs: `chromium --version`; or use --cdp-url")
        })?;
    let port_file = profile.join("DevToolsActivePort");
    let started = Instant::now();
    loop {
        if let Ok(text) = std::fs::read_to_string(&port_file) {
            let mut lines = text.lines();
            if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                let ws_url = format!("ws://127.0.0.1:{port}{path}");
                return Ok(LaunchedBrowser {
                    child,
                    executable,
                    ws_url,
                });
            }
        }
        if let Ok(Some(status)) = child.try_wait() {
            let log = std::fs::read_to_string(profile.with_extension("log")).unwrap_or_default();
            let tail: String = log.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
            return Err(Failure::browser(format!(
                "{} exited at start ({status}): {tail}",
                executable.display()
            ))
            .hint("run it by hand to see why, or attach to a running browser with --cdp-url"));
        }
        if started.elapsed() > LAUNCH_DEADLINE {
            let _ = child.kill().await;
            return Err(Failure::timeout(format!(
                "{} did not open its DevTools port within {LAUNCH_DEADLINE:?}",
                executable.display()
            )));
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}
