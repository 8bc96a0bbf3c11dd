//! The real `bsk` binary, run as an agent runs it: one process per command, `--json` output.
//!
//! [`Bsk`] is the one way Rust code here and in the end-to-end tests (`runtime/tests/common`)
//! runs `bsk`: a binary, a state dir, an environment and a deadline per command.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use anyhow::{Context as _, bail};
use serde_json::Value;

use super::chromium::Browser;

/// Longest any one `bsk` command may take by default: above bsk's own 30 s navigation and
/// command deadlines, so a hang is reported with its arguments instead of stalling the run.
const COMMAND_DEADLINE: Duration = Duration::from_secs(90);

/// How long the last-resort `bsk daemon stop` in [`Drop`] may take.
const STOP_DEADLINE: Duration = Duration::from_secs(20);

/// Runs `bsk` with one state dir (one daemon) and a fixed environment.
#[derive(Debug, Clone)]
pub struct Bsk {
    binary: PathBuf,
    home: PathBuf,
    env: Vec<(String, String)>,
    /// Longest one command may run before it is killed and reported.
    deadline: Duration,
}

/// One finished `bsk` run.
#[derive(Debug)]
pub struct Output {
    pub args: Vec<String>,
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    /// Process start to exit: what an agent waits for.
    pub took: Duration,
}

impl Bsk {
    /// `bsk` at `binary` with state dir `home`, no environment of its own.
    pub fn new(binary: &Path, home: &Path) -> Bsk {
        Bsk {
            binary: binary.to_owned(),
            home: home.to_owned(),
            env: Vec::new(),
            deadline: COMMAND_DEADLINE,
        }
    }

    /// `bsk` at `binary` with state dir `home`, launching `chromium`. The daemon exits on its own
    /// `idle_secs` after a run is abandoned.
    pub fn launching(binary: &Path, home: &Path, chromium: &Path, idle_secs: u64) -> Bsk {
        let mut bsk = Bsk::new(binary, home);
        bsk.set_env("BSK_CHROMIUM", &chromium.display().to_string());
        bsk.set_env("BSK_DAEMON_IDLE_SECS", &idle_secs.to_string());
        bsk
    }

    /// Another longest time one command may run.
    pub fn with_deadline(mut self, deadline: Duration) -> Bsk {
        self.deadline = deadline;
        self
    }

    pub fn home(&self) -> &Path {
        &self.home
    }

    /// Sets an environment variable for later commands (and the daemons they spawn).
    pub fn set_env(&mut self, name: &str, value: &str) {
        self.remove_env(name);
        self.env.push((name.to_string(), value.to_string()));
    }

    pub fn remove_env(&mut self, name: &str) {
        self.env.retain(|(n, _)| n != name);
    }

    /// `bsk args…` with this state dir and environment, not started. Variables of the caller's
    /// that would change what bsk does are removed: its session, its idle timeout (unless set
    /// here) and a display (commands launch a headless browser unless `DISPLAY` is set here).
    pub fn command(&self, args: &[&str]) -> std::process::Command {
        let mut command = std::process::Command::new(&self.binary);
        command
            .args(args)
            .env("BSK_HOME", &self.home)
            .env_remove("BSK_SESSION")
            .env_remove("BSK_DAEMON_IDLE_SECS")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null());
        for (name, value) in &self.env {
            command.env(name, value);
        }
        command
    }

    /// Runs `bsk args…` to completion within the deadline, whatever its exit code.
    pub async fn run(&self, args: &[&str]) -> anyhow::Result<Output> {
        let mut command = tokio::process::Command::from(self.command(args));
        command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        let started = Instant::now();
        let output = tokio::time::timeout(self.deadline, command.output())
            .await
            .with_context(|| format!("bsk {args:?} did not finish within {:?}", self.deadline))?
            .with_context(|| format!("could not run {} {args:?}", self.binary.display()))?;
        Ok(Output {
            args: args.iter().map(|a| a.to_string()).collect(),
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            took: started.elapsed(),
        })
    }

    /// Runs `bsk args… --json` and returns its JSON and how long the whole command took
    /// (process start to exit: what an agent waits for).
    pub async fn timed_json(&self, args: &[&str]) -> anyhow::Result<(Value, Duration)> {
        let mut args = args.to_vec();
        args.push("--json");
        let output = self.run(&args).await?;
        if output.code != 0 {
            bail!(
                "bsk {args:?} failed (exit code {}): {} {}",
                output.code,
                output.stdout.trim(),
                output.stderr.trim()
            );
        }
        Ok((output.to_json()?, output.took))
    }

    /// Runs `bsk args… --json` and returns its JSON.
    pub async fn json(&self, args: &[&str]) -> anyhow::Result<Value> {
        Ok(self.timed_json(args).await?.0)
    }
}

impl Output {
    /// Stdout as JSON.
    pub fn to_json(&self) -> anyhow::Result<Value> {
        serde_json::from_str(&self.stdout).with_context(|| {
            format!(
                "bsk {:?} printed something that is not JSON: {}",
                self.args, self.stdout
            )
        })
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
        let child = self
            .bsk
            .command(&["daemon", "stop"])
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
