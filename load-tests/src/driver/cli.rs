//! The real `bsk` binary, run as an agent runs it: one process per command, `--json` output.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde_json::Value;

use super::chromium::Browser;

/// Longest any one `bsk` command may take: above bsk's own 30 s navigation and command
/// deadlines, so a hang is reported with its arguments instead of stalling the run.
const COMMAND_DEADLINE: Duration = Duration::from_secs(90);

/// How long the last-resort `bsk daemon stop` in [`Drop`] may take.
const STOP_DEADLINE: Duration = Duration::from_secs(20);

/// Runs `bsk` with one state dir (one daemon) and a fixed environment.
#[derive(Debug, Clone)]
pub struct Bsk {
    binary: PathBuf,
    home: PathBuf,
    env: Vec<(String, String)>,
}

impl Bsk {
    /// `bsk` at `binary` with state dir `home`, launching `chromium`. The daemon exits on its own
    /// `idle_secs` after a run is abandoned.
    pub fn new(binary: &Path, home: &Path, chromium: &Path, idle_secs: u64) -> Bsk {
        Bsk {
            binary: binary.to_owned(),
            home: home.to_owned(),
            env: vec![
                ("BSK_CHROMIUM".into(), chromium.display().to_string()),
                ("BSK_DAEMON_IDLE_SECS".into(), idle_secs.to_string()),
            ],
        }
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    fn command(&self, args: &[&str]) -> tokio::process::Command {
        let mut command = tokio::process::Command::new(&self.binary);
        command
            .args(args)
            .env("BSK_HOME", &self.home)
            .env_remove("BSK_SESSION")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        for (name, value) in &self.env {
            command.env(name, value);
        }
        command
    }

    /// Runs `bsk args… --json` and returns its JSON and how long the whole command took
    /// (process start to exit: what an agent waits for).
    pub async fn timed_json(&self, args: &[&str]) -> anyhow::Result<(Value, Duration)> {
        let mut args = args.to_vec();
        args.push("--json");
        let started = Instant::now();
        let output = tokio::time::timeout(COMMAND_DEADLINE, self.command(&args).output())
            .await
            .with_context(|| format!("bsk {args:?} did not finish within {COMMAND_DEADLINE:?}"))?
            .with_context(|| format!("could not run {} {args:?}", self.binary.display()))?;
        let took = started.elapsed();
        let stdout = String::from_utf8_lossy(&output.stdout);
        if !output.status.success() {
            bail!(
                "bsk {args:?} failed ({}): {} {}",
                output.status,
                stdout.trim(),
                String::from_utf8_lossy(&output.stderr).trim()
            );
        }
        let value = serde_json::from_str(&stdout).with_context(|| {
            format!("bsk {args:?} printed something that is not JSON: {stdout}")
        })?;
        Ok((value, took))
    }

    /// Runs `bsk args… --json` and returns its JSON.
    pub async fn json(&self, args: &[&str]) -> anyhow::Result<Value> {
        Ok(self.timed_json(args).await?.0)
    }
}

/// A daemon started for the run. Dropping it stops the daemon (and its Chromium).
#[derive(Debug)]
pub struct Daemon {
    pub bsk: Bsk,
    /// The daemon's process id, for `/proc` sampling.
    pub pid: u32,
    /// The browsers the bench launched for the daemon to attach to ([`Daemon::start_attached`]);
    /// empty when the daemon launches its own.
    browsers: Vec<Browser>,
    stopped: bool,
}

impl Daemon {
    /// Starts a daemon in a fresh state dir, headless, with `args` added to `bsk daemon start`
    /// (e.g. `--browsers 4`).
    pub async fn start(bsk: Bsk, args: &[&str]) -> anyhow::Result<Daemon> {
        prepare_home(bsk.home())?;
        Daemon::start_with(bsk, args, Vec::new()).await
    }

    /// Starts a daemon attached (`--cdp-url`) to `count` browsers the bench launches with
    /// DevTools ports, so a second CDP client (the floor) can drive them too.
    pub async fn start_attached(bsk: Bsk, chromium: &Path, count: usize) -> anyhow::Result<Daemon> {
        prepare_home(bsk.home())?;
        let extension = bsk.json(&["extension", "path"]).await?;
        let extension = PathBuf::from(
            extension["path"]
                .as_str()
                .context("`bsk extension path --json` gave no path")?,
        );
        let launches = (1..=count).map(|n| {
            let profile = bsk.home().join(format!("chromium-b{n}"));
            let extension = extension.clone();
            async move { Browser::launch(chromium, &profile, &extension).await }
        });
        let browsers = futures_util::future::join_all(launches)
            .await
            .into_iter()
            .collect::<anyhow::Result<Vec<_>>>()?;
        // Owned: the browsers move into the daemon with the arguments naming them.
        let args: Vec<String> = browsers
            .iter()
            .flat_map(|b| ["--cdp-url".to_owned(), b.ws_url.clone()])
            .collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Daemon::start_with(bsk, &args, browsers).await
    }

    async fn start_with(bsk: Bsk, args: &[&str], browsers: Vec<Browser>) -> anyhow::Result<Daemon> {
        let mut start = vec!["daemon", "start", "--headless"];
        start.extend_from_slice(args);
        let status = bsk.json(&start).await?;
        let pid = status["pid"]
            .as_u64()
            .and_then(|p| u32::try_from(p).ok())
            .with_context(|| format!("`bsk daemon start --json` gave no pid: {status}"))?;
        Ok(Daemon {
            bsk,
            pid,
            browsers,
            stopped: false,
        })
    }

    /// The pids of the browsers the bench launched for this daemon (its own are below it).
    pub fn browser_pids(&self) -> Vec<u32> {
        self.browsers.iter().filter_map(Browser::pid).collect()
    }

    /// Stops the daemon: its sessions, captures and Chromium.
    pub async fn stop(mut self) -> anyhow::Result<()> {
        self.stopped = true;
        let stopped = self.bsk.json(&["daemon", "stop"]).await.map(drop);
        for browser in std::mem::take(&mut self.browsers) {
            browser.close().await;
        }
        stopped
    }
}

/// A fresh, private state dir.
fn prepare_home(home: &Path) -> anyhow::Result<()> {
    let _ = std::fs::remove_dir_all(home);
    // Private, as bsk requires of a state dir it did not create itself.
    if let Some(parent) = home.parent() {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot create {}", parent.display()))?;
    }
    std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
        .create(home)
        .with_context(|| format!("cannot create state dir {}", home.display()))
}

impl Drop for Daemon {
    fn drop(&mut self) {
        if self.stopped {
            return;
        }
        // Last resort after an error: a blocking stop, so no daemon or Chromium outlives the run.
        let child = std::process::Command::new(&self.bsk.binary)
            .args(["daemon", "stop"])
            .env("BSK_HOME", &self.bsk.home)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
        if let Ok(mut child) = child {
            let deadline = Instant::now() + STOP_DEADLINE;
            while Instant::now() < deadline {
                if let Ok(Some(_)) = child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            let _ = child.kill();
        }
    }
}
