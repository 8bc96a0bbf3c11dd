//! Launching Chromium with the flags measured to work on these machines.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Instant;

use tokio::process::{Child, Command};

use super::LAUNCH_DEADLINE;
use crate::error::Failure;

/// A Chromium the daemon started and must stop. It speaks CDP over a pipe (its fds 3 and 4),
/// never a TCP port: a port on 127.0.0.1 is reachable by every local account.
#[derive(Debug)]
pub struct LaunchedBrowser {
    pub child: Child,
    pub executable: PathBuf,
    /// Where the daemon writes commands (the browser's fd 3).
    pub commands: tokio::net::unix::pipe::Sender,
    /// Where the browser writes replies and events (its fd 4).
    pub replies: tokio::net::unix::pipe::Receiver,
    /// Test-only: the DevTools WebSocket of a browser started with
    /// `BSK_TEST_DEVTOOLS_PORT=1` (and `BSK_TEST_FAULTS=1`), so a test can attach a second
    /// client as a person would. `None` otherwise.
    pub ws_url: Option<String>,
}

/// Test-only: also open a DevTools port (`BSK_TEST_DEVTOOLS_PORT=1`, honoured only with
/// `BSK_TEST_FAULTS=1`) for tests and the load bench that drive the daemon's browser with a second
/// CDP client.
fn test_devtools_port() -> bool {
    let on = |name: &str| std::env::var_os(name).is_some_and(|v| v == "1");
    on("BSK_TEST_FAULTS") && on("BSK_TEST_DEVTOOLS_PORT")
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
fn flags(profile: &Path, headless: bool) -> Vec<String> {
    let mut flags: Vec<String> = [
        "--remote-debugging-pipe",
        // Lets the daemon load the extension over the pipe (`Extensions.loadUnpacked`); Google
        // Chrome ignores `--load-extension`.
        "--enable-unsafe-extension-debugging",
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
    if test_devtools_port() {
        flags.push("--remote-debugging-port=0".into());
    }
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

/// Starts Chromium with its profile in `profile`, connected to the daemon by two pipes. The
/// extension is loaded once the daemon speaks to it (`Extensions.loadUnpacked`).
pub async fn launch(profile: &Path, headless: bool) -> Result<LaunchedBrowser, Failure> {
    use command_fds::{CommandFdExt, FdMapping};
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
    let pipes = || -> std::io::Result<_> {
        let (commands, browser_reads) = tokio::net::unix::pipe::pipe()?;
        let (browser_writes, replies) = tokio::net::unix::pipe::pipe()?;
        Ok((
            commands,
            browser_reads.into_blocking_fd()?,
            browser_writes.into_blocking_fd()?,
            replies,
        ))
    };
    let (commands, browser_reads, browser_writes, replies) = pipes()
        .map_err(|e| Failure::internal(format!("cannot create the browser's pipes: {e}")))?;
    let mut command = Command::new(&executable);
    command
        .args(flags(profile, headless))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .kill_on_drop(true);
    command
        .fd_mappings(vec![
            FdMapping {
                parent_fd: browser_reads,
                child_fd: 3,
            },
            FdMapping {
                parent_fd: browser_writes,
                child_fd: 4,
            },
        ])
        .map_err(|_| Failure::internal("the browser's pipe descriptors collide"))?;
    let child = command.spawn().map_err(|e| {
        Failure::browser(format!("could not start {}: {e}", executable.display()))
            .hint("check that the browser runs: `chromium --version`; or use --cdp-url")
    })?;
    let ws_url = if test_devtools_port() {
        Some(read_devtools_port(profile).await?)
    } else {
        None
    };
    Ok(LaunchedBrowser {
        child,
        executable,
        commands,
        replies,
        ws_url,
    })
}

/// Test-only: the WebSocket URL of the DevTools port a test asked for.
async fn read_devtools_port(profile: &Path) -> Result<String, Failure> {
    let port_file = profile.join("DevToolsActivePort");
    let started = Instant::now();
    while started.elapsed() < LAUNCH_DEADLINE {
        if let Ok(text) = std::fs::read_to_string(&port_file) {
            let mut lines = text.lines();
            if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                return Ok(format!("ws://127.0.0.1:{port}{path}"));
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    Err(Failure::timeout("the test DevTools port did not open"))
}

/// Why a launched browser that stopped answering is gone: its exit status and the end of its log.
pub fn exit_reason(child: &mut Child, executable: &Path, profile: &Path) -> Option<String> {
    let status = child.try_wait().ok()??;
    let log = std::fs::read_to_string(profile.with_extension("log")).unwrap_or_default();
    let tail: String = log.lines().rev().take(5).collect::<Vec<_>>().join(" | ");
    Some(format!(
        "{} exited at start ({status}): {tail}",
        executable.display()
    ))
}
