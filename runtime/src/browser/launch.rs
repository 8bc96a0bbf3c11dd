//! Launching Chromium with the flags measured to work on these machines.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use tokio::process::{Child, Command};

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
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default();
    BROWSER_NAMES
        .iter()
        .flat_map(|name| on_path.iter().map(move |dir| dir.join(name)))
        .chain(BROWSER_PATHS.iter().map(PathBuf::from))
        .find(|path| is_executable(path))
        .ok_or_else(|| {
            Failure::browser("no Chromium or Chrome found")
                .hint(bsk_schema::words![
                    "install it with `apt-get install chromium`, set BSK_CHROMIUM, or attach to a running browser with ",
                    bsk_schema::hint::DAEMON_START.with("cdpUrl", "ws://…")
                ])
        })
}

/// The names Chromium and Chrome are installed under, looked for on `PATH` in this order
/// (Debian's `chromium` first).
const BROWSER_NAMES: &[&str] = &[
    "chromium",
    "chromium-browser",
    "google-chrome-stable",
    "google-chrome",
    "chrome",
];

/// Where they are installed when `PATH` does not say (a daemon started with a bare `PATH`).
const BROWSER_PATHS: &[&str] = &[
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
    "/usr/bin/google-chrome-stable",
    "/opt/google/chrome/chrome",
    "/snap/bin/chromium",
];

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// bsk's flags for a quiet, reproducible Chromium with its profile in `profile`, everything but
/// how CDP reaches it and the first page. Cross-site iframes run out of process
/// (`--site-per-process`) so capture sees them as their own targets. The browser bsk launches
/// adds the pipe ([`launch`]); this is public so that tests and the load bench, which start
/// browsers of their own for the daemon to attach to, start the same browser bsk would.
pub fn browser_flags(profile: &Path, headless: bool) -> Vec<String> {
    let mut flags: Vec<String> = [
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
    if headless {
        flags.push("--headless=new".into());
    }
    if is_root() {
        flags.push("--no-sandbox".into());
    }
    flags
}

/// The launched browser's flags: bsk's, CDP over the pipe, and a blank first page.
fn flags(profile: &Path, headless: bool) -> Vec<String> {
    let mut flags = vec![
        "--remote-debugging-pipe".to_string(),
        // Lets the daemon load the extension over the pipe (`Extensions.loadUnpacked`); Google
        // Chrome ignores `--load-extension`.
        "--enable-unsafe-extension-debugging".to_string(),
    ];
    flags.extend(browser_flags(profile, headless));
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
    Ok(LaunchedBrowser {
        child,
        executable,
        commands,
        replies,
    })
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
