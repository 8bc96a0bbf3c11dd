//! The harness for end-to-end tests of the real `bsk` binary, shared by every test binary
//! here (`#[path]`-included as `common`).
//!
//! Each test owns a [`TestBsk`]: the one `bsk` driver ([`bsk_load_tests::driver::cli::Bsk`]) in a
//! fresh state dir (`BSK_HOME`), so its daemon and Chromium are its
//! own and tests run in parallel. Dropping it stops that daemon and anything it left behind, even
//! when the test panicked. Tests wait for conditions with [`wait_for`] and [`wait_until`], never
//! with a fixed sleep.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

pub mod evidence;
pub mod manual;
pub mod page;
mod procs;
pub mod snapshot;

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use bsk_load_tests::driver::cli::Bsk;
use bsk_load_tests::site::Site;
use serde_json::Value;

pub use procs::{is_running, kill};
use procs::{processes, stat, with_descendants};

/// Longest any single `bsk` command may run: above the 30 s navigation deadline, so a command
/// that hangs fails the test with its arguments instead of hanging it.
const COMMAND_DEADLINE: Duration = Duration::from_secs(60);

/// How long the drop guard waits for `bsk daemon stop` before killing what is left.
const STOP_DEADLINE: Duration = Duration::from_secs(20);

/// Between two checks of a condition.
const POLL_INTERVAL: Duration = Duration::from_millis(100);

/// What a condition gets by default: generous, since two tests may be starting Chromium at once
/// on a two-core machine.
pub const WAIT: Duration = Duration::from_secs(15);

static NEXT_HOME: AtomicU32 = AtomicU32::new(0);

pub use bsk_load_tests::driver::cli::Output;

/// The scenario site, started on 127.0.0.1 for one test.
pub async fn site() -> Site {
    Site::start().await.expect("start the scenario site")
}

/// A `bsk` driven by one test, with its own state dir. Dropping it stops the daemon and removes
/// the dir.
#[derive(Debug)]
pub struct TestBsk {
    pub home: PathBuf,
    driver: Bsk,
    /// The browser the test launched for the daemon to attach to ([`Bsk::with_devtools_port`]).
    browser: Option<bsk_load_tests::driver::chromium::Browser>,
}

impl TestBsk {
    /// A fresh, empty state dir under the system temp dir; `tag` names the test in it.
    pub fn new(tag: &str) -> TestBsk {
        let n = NEXT_HOME.fetch_add(1, Ordering::Relaxed);
        let home = std::env::temp_dir().join(format!("bsk-wf-{tag}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&home);
        // Private, as bsk requires of a state dir it did not create itself.
        std::os::unix::fs::DirBuilderExt::mode(&mut std::fs::DirBuilder::new(), 0o700)
            .create(&home)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", home.display()));
        let mut driver =
            Bsk::new(Path::new(env!("CARGO_BIN_EXE_bsk")), &home).with_deadline(COMMAND_DEADLINE);
        if std::env::var_os("BSK_CHROMIUM").is_none() && Path::new("/usr/bin/chromium").exists() {
            driver.set_env("BSK_CHROMIUM", "/usr/bin/chromium");
        }
        TestBsk {
            home,
            driver,
            browser: None,
        }
    }

    /// A `bsk` attached to a Chromium the test launched itself with a DevTools port (its URL in
    /// the state dir's `config.json`), so the test can drive that browser with a second CDP
    /// client as a person at the browser would. The browser gets bsk's flags and the bsk
    /// extension; its profile is under the state dir, so the drop guard ends it. bsk's own
    /// launched browser never opens a port: it speaks over a pipe.
    pub async fn with_devtools_port(tag: &str) -> TestBsk {
        let mut bsk = TestBsk::new(tag);
        let chromium = std::env::var_os("BSK_CHROMIUM")
            .map_or_else(|| "/usr/bin/chromium".into(), PathBuf::from);
        let extension = bsk.extension_path();
        let profile = bsk.profile_named("attached");
        let browser =
            bsk_load_tests::driver::chromium::Browser::launch(&chromium, &profile, &extension)
                .await
                .unwrap_or_else(|e| panic!("cannot launch a browser to attach to: {e:#}"));
        let config = serde_json::json!({ "cdp_url": browser.ws_url });
        std::fs::write(bsk.home.join("config.json"), config.to_string())
            .unwrap_or_else(|e| panic!("cannot write config.json: {e}"));
        bsk.browser = Some(browser);
        bsk
    }

    /// The DevTools URL of the browser [`Bsk::with_devtools_port`] launched.
    pub fn cdp_url(&self) -> String {
        let browser = self.browser.as_ref();
        browser
            .map(|b| b.ws_url.clone())
            .unwrap_or_else(|| panic!("{} has no browser of its own", self.home.display()))
    }

    /// `bsk extension path`: installs the extension's files into the state dir.
    fn extension_path(&self) -> PathBuf {
        let output = self
            .command(&["extension", "path"])
            .output()
            .unwrap_or_else(|e| panic!("cannot run bsk extension path: {e}"));
        assert!(output.status.success(), "bsk extension path: {output:?}");
        PathBuf::from(String::from_utf8_lossy(&output.stdout).trim())
    }

    /// Sets an environment variable for later commands (and the daemons they spawn).
    pub fn set_env(&mut self, name: &str, value: &str) {
        self.driver.set_env(name, value);
    }

    pub fn remove_env(&mut self, name: &str) {
        self.driver.remove_env(name);
    }

    pub fn socket(&self) -> PathBuf {
        self.home.join("daemon.sock")
    }

    /// The browser profile the daemon's Chromium runs with.
    pub fn profile(&self) -> PathBuf {
        self.home.join("chromium-profile")
    }

    /// Another browser profile under the state dir, found by the drop guard as the daemon's are.
    fn profile_named(&self, name: &str) -> PathBuf {
        self.home.join(format!("chromium-profile-{name}"))
    }

    fn command(&self, args: &[&str]) -> std::process::Command {
        self.driver.command(args)
    }

    /// Runs `bsk args…` to completion.
    pub async fn run(&self, args: &[&str]) -> Output {
        self.driver
            .run(args)
            .await
            .unwrap_or_else(|e| panic!("{e:#}"))
    }

    /// Runs `bsk args…` and asserts it succeeded.
    pub async fn ok(&self, args: &[&str]) -> Output {
        self.run(args).await.success()
    }

    /// Runs `bsk args… --json`, asserts it succeeded, and returns its JSON.
    pub async fn json(&self, args: &[&str]) -> Value {
        let mut args = args.to_vec();
        args.push("--json");
        self.ok(&args).await.json()
    }

    /// Runs `bsk args… --json`, asserts it failed, and returns the error body after checking its
    /// shape: `code` and `message` are set and `exit_code` is the process's exit code.
    pub async fn fail(&self, args: &[&str]) -> Value {
        let mut args = args.to_vec();
        args.push("--json");
        let output = self.run(&args).await;
        assert_ne!(output.code, 0, "expected a failure from {output:#?}");
        let error = output.json();
        assert!(
            error["code"].is_string(),
            "error without a code: {output:#?}"
        );
        assert!(
            error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "error without a message: {output:#?}"
        );
        assert_eq!(
            error["exit_code"].as_i64(),
            Some(i64::from(output.code)),
            "exit_code field vs exit status: {output:#?}"
        );
        error
    }

    /// Starts a session and returns a handle that runs operations on it.
    pub async fn start_session(&self) -> Session<'_> {
        let info = self.json(&["session", "start"]).await;
        let id = info["id"]
            .as_str()
            .unwrap_or_else(|| panic!("session start gave no id: {info}"))
            .to_string();
        let tab = info["tabs"][0]["tab_id"]
            .as_str()
            .unwrap_or_else(|| panic!("session start gave no tab: {info}"))
            .to_string();
        Session { bsk: self, id, tab }
    }

    /// The daemon's pid, if `bsk daemon status` finds one running (this counts as activity).
    pub async fn daemon_pid(&self) -> Option<u32> {
        let status = self.json(&["daemon", "status"]).await;
        status["pid"]
            .as_u64()
            .map(|pid| u32::try_from(pid).expect("pid fits u32"))
    }

    /// Pids of the main Chromium processes running with this state dir's profiles (one per
    /// browser of the daemon's pool).
    pub fn browser_pids(&self) -> Vec<u32> {
        processes()
            .into_iter()
            .filter(|(_, args, _)| {
                self.runs_a_profile(args) && !args.iter().any(|a| a.starts_with("--type="))
            })
            .map(|(pid, _, _)| pid)
            .collect()
    }

    /// Whether a process runs Chromium with one of this state dir's profiles.
    fn runs_a_profile(&self, args: &[String]) -> bool {
        let profile = format!("--user-data-dir={}", self.profile().display());
        args.iter().any(|arg| {
            arg == &profile
                || arg
                    .strip_prefix(&profile)
                    .is_some_and(|rest| rest.starts_with('-'))
        })
    }

    /// Every process that belongs to this state dir: its daemon, the Chromium processes running
    /// one of its profiles, and every process in their process groups. The daemon leads a group
    /// that its browsers' helpers stay in, so a helper of a browser already gone (reparented
    /// away from it, and naming no profile) is found by its group. The test's own group is
    /// never taken.
    fn leftover_pids(&self) -> Vec<u32> {
        let home = format!("BSK_HOME={}", self.home.display());
        let all = processes();
        let own_group = stat(std::process::id()).map(|s| s.group);
        let ours = |args: &[String], env: &[String]| {
            self.runs_a_profile(args)
                || (args.windows(2).any(|w| w[0] == "daemon" && w[1] == "run")
                    && env.contains(&home))
        };
        let groups: Vec<u32> = all
            .iter()
            .filter(|(_, args, env)| ours(args, env))
            .filter_map(|(pid, _, _)| stat(*pid).map(|s| s.group))
            .filter(|group| Some(*group) != own_group)
            .collect();
        all.into_iter()
            .filter(|(pid, args, env)| {
                ours(args, env) || stat(*pid).is_some_and(|s| groups.contains(&s.group))
            })
            .map(|(pid, _, _)| pid)
            .collect()
    }

    fn stop_daemon_blocking(&self) {
        let Ok(mut child) = self
            .command(&["daemon", "stop"])
            .stdout(std::process::Stdio::null())
            .spawn()
        else {
            return;
        };
        let started = Instant::now();
        while matches!(child.try_wait(), Ok(None)) {
            if started.elapsed() > STOP_DEADLINE {
                let _ = child.kill();
                break;
            }
            std::thread::sleep(POLL_INTERVAL);
        }
        let _ = child.wait();
    }
}

impl Drop for TestBsk {
    fn drop(&mut self) {
        self.stop_daemon_blocking();
        // A browser's helper processes (its network service, which writes the disk cache as it
        // goes) do not all name the profile, and outlive a killed browser for a moment: every
        // one is killed and waited for, so that nothing writes into the dir as it is removed.
        let leftovers = with_descendants(self.leftover_pids());
        for &pid in &leftovers {
            kill(pid);
        }
        let started = Instant::now();
        while leftovers.iter().any(|&pid| is_running(pid)) && started.elapsed() < STOP_DEADLINE {
            std::thread::sleep(POLL_INTERVAL);
        }
        drop(self.browser.take());
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

/// A session of a [`Bsk`], and optionally one of its tabs (`--tab-id`).
#[derive(Debug, Clone)]
pub struct Session<'a> {
    pub bsk: &'a TestBsk,
    pub id: String,
    /// The tab the session created.
    pub tab: String,
}

impl Session<'_> {
    fn with_session<'b>(&'b self, args: &[&'b str], tab_id: Option<&'b str>) -> Vec<&'b str> {
        let mut args = args.to_vec();
        args.extend(["--session", self.id.as_str()]);
        if let Some(tab_id) = tab_id {
            args.extend(["--tab-id", tab_id]);
        }
        args
    }

    /// Runs `bsk args… --session <id>`.
    pub async fn run(&self, args: &[&str]) -> Output {
        self.bsk.run(&self.with_session(args, None)).await
    }

    /// Runs `bsk args… --session <id> --json`, asserting success; returns the operation result.
    pub async fn op(&self, args: &[&str]) -> Value {
        self.bsk.json(&self.with_session(args, None)).await
    }

    /// Like [`Session::op`], on `--tab-id tab`.
    pub async fn op_on(&self, tab: &str, args: &[&str]) -> Value {
        self.bsk.json(&self.with_session(args, Some(tab))).await
    }

    /// Navigates the session's tab to `url` and returns once the page's network is idle (its own
    /// load requests answered).
    pub async fn load(&self, url: &str) -> Value {
        self.op(&["navigate", url, "--wait-until", "networkidle"])
            .await
    }

    /// Like [`Session::load`], on `--tab-id tab`.
    pub async fn load_on(&self, tab: &str, url: &str) -> Value {
        self.op_on(tab, &["navigate", url, "--wait-until", "networkidle"])
            .await
    }

    /// Runs an operation expected to fail; returns the checked error body.
    pub async fn fail(&self, args: &[&str]) -> Value {
        self.bsk.fail(&self.with_session(args, None)).await
    }

    pub async fn fail_on(&self, tab: &str, args: &[&str]) -> Value {
        self.bsk.fail(&self.with_session(args, Some(tab))).await
    }

    /// `bsk evaluate expression`'s value.
    pub async fn eval(&self, expression: &str) -> Value {
        self.op(&["evaluate", expression]).await["value"].clone()
    }

    pub async fn eval_on(&self, tab: &str, expression: &str) -> Value {
        self.op_on(tab, &["evaluate", expression]).await["value"].clone()
    }

    /// `bsk observe`'s snapshot text.
    pub async fn observe(&self) -> String {
        let result = self.op(&["observe"]).await;
        result["snapshot"]
            .as_str()
            .unwrap_or_else(|| panic!("observe gave no snapshot: {result}"))
            .to_string()
    }
}

/// Polls `probe` until it yields a value or `within` has passed; then panics naming `what`.
pub async fn wait_for<T, F, Fut>(what: &str, within: Duration, mut probe: F) -> T
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Option<T>>,
{
    let deadline = Instant::now() + within;
    loop {
        if let Some(value) = probe().await {
            return value;
        }
        assert!(
            Instant::now() < deadline,
            "timed out after {within:?} waiting for {what}"
        );
        tokio::time::sleep(POLL_INTERVAL).await;
    }
}

/// Polls `check` until it holds or `within` has passed; then panics naming `what`.
pub async fn wait_until<F, Fut>(what: &str, within: Duration, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    wait_for(what, within, || {
        let checked = check();
        async move { checked.await.then_some(()) }
    })
    .await
}

/// A loopback port nothing listens on: bound, then released.
pub fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a free port");
    listener.local_addr().expect("local address").port()
}

/// Opens a tab as the person at the browser would: in the browser's own profile, through a CDP
/// connection of its own (sessions' tabs live in private profiles), and loads `url` in it until
/// the page is quiet, as a tab a person left open is. Returns its target id.
pub async fn open_user_tab(bsk: &TestBsk, url: &str) -> String {
    let mut person = manual::Manual::browser(bsk).await;
    let created = person
        .send(
            None,
            "Target.createTarget",
            serde_json::json!({ "url": "about:blank" }),
        )
        .await;
    let tab = created["targetId"]
        .as_str()
        .unwrap_or_else(|| panic!("createTarget answered {created}"))
        .to_string();
    if url != "about:blank" {
        person.attach(&tab).await;
        person.load_until_quiet(url).await;
    }
    tab
}

/// What a test asserts of one finished run.
pub trait Checked {
    /// Stdout as JSON.
    fn json(&self) -> Value;
    /// Asserts exit code 0.
    fn success(self) -> Output;
}

impl Checked for Output {
    fn json(&self) -> Value {
        self.to_json().unwrap_or_else(|e| panic!("{e:#}"))
    }

    fn success(self) -> Output {
        assert_eq!(self.code, 0, "expected success from {self:#?}");
        self
    }
}
