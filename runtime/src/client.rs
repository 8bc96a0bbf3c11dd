//! The CLI's side of the socket: connect (starting the daemon when there is none), send one
//! request, read one response.

use std::process::Stdio;
use std::time::{Duration, Instant};

use bsk_schema::Call;
use bsk_schema::ipc::{MAX_FRAME_BYTES, Outcome, PROTOCOL_VERSION, RequestFrame, ResponseFrame};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixStream;

use bsk_schema::ErrorCode;
use bsk_schema::hint::{self, ShellCommand, Verb};
use bsk_schema::words;

use crate::error::{Failure, Result};
use crate::paths::Paths;

/// How long a freshly spawned daemon may take to open its socket.
const DAEMON_START_DEADLINE: Duration = Duration::from_secs(15);

/// Connects to the running daemon, if any.
pub async fn connect(paths: &Paths) -> Option<UnixStream> {
    UnixStream::connect(paths.socket()).await.ok()
}

/// Connects, starting a daemon first when none answers. `daemon_args` go to `bsk daemon run`.
pub async fn connect_or_spawn(paths: &Paths, daemon_args: &[String]) -> Result<UnixStream> {
    if let Some(stream) = connect(paths).await {
        return Ok(stream);
    }
    spawn_daemon(paths, daemon_args)?;
    let started = Instant::now();
    loop {
        if let Some(stream) = connect(paths).await {
            return Ok(stream);
        }
        if started.elapsed() > DAEMON_START_DEADLINE {
            let log = std::fs::read_to_string(paths.log()).unwrap_or_default();
            let tail: Vec<&str> = log.lines().rev().take(3).collect();
            return Err(Failure::timeout(format!(
                "the daemon did not start within {DAEMON_START_DEADLINE:?}: {}",
                tail.join(" | ")
            ))
            .hint(words![
                format!("see {}; or run ", paths.log().display()),
                Verb::Shell(ShellCommand::DaemonRun).run(),
                " in the foreground"
            ]));
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

/// Starts `bsk daemon run` detached from this process (own process group, output to the log).
pub fn spawn_daemon(paths: &Paths, daemon_args: &[String]) -> Result<()> {
    use std::os::unix::process::CommandExt;
    let exe = std::env::current_exe()
        .map_err(|e| Failure::internal(format!("cannot find the bsk executable: {e}")))?;
    let log = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(paths.log())
        .map_err(|e| Failure::permission(format!("cannot open {}: {e}", paths.log().display())))?;
    std::process::Command::new(exe)
        .args(["daemon", "run"])
        .args(daemon_args)
        .env("BSK_HOME", &paths.state_dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::from(log))
        .process_group(0)
        .spawn()
        .map_err(|e| Failure::internal(format!("cannot start the daemon: {e}")))?;
    Ok(())
}

/// The protocol this build speaks, or the one a test hook makes it claim.
pub fn protocol_version() -> u32 {
    crate::test_hooks::hooks()
        .protocol_version
        .unwrap_or(PROTOCOL_VERSION)
}

/// One call to the daemon, starting it when none runs. A daemon of another protocol version
/// (an upgrade while the old one still runs) is replaced when it holds no session; when it
/// does, the error names both versions and what to do.
pub async fn request(paths: &Paths, call: Call) -> Result<Value> {
    let stream = connect_or_spawn(paths, &[]).await?;
    match self::call(stream, call.clone()).await {
        Err(failure) => match skewed_protocol(&failure) {
            Some(theirs) => {
                replace_idle_daemon(paths, theirs).await?;
                let stream = connect_or_spawn(paths, &[]).await?;
                self::call(stream, call).await
            }
            None => Err(failure),
        },
        ok => ok,
    }
}

/// The running daemon's protocol version, when `failure` is its refusal of ours. Daemons of
/// protocol 1 say "… but the daemon speaks 1"; later ones "… speaks protocol N".
fn skewed_protocol(failure: &Failure) -> Option<u32> {
    if !matches!(failure.code(), ErrorCode::VersionSkew | ErrorCode::Protocol) {
        return None;
    }
    let message = failure.0.message.to_string();
    let rest = message.rsplit_once("speaks ")?.1;
    let digits: String = rest
        .trim_start_matches("protocol ")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits
        .parse()
        .ok()
        .filter(|theirs| *theirs != protocol_version())
}

/// Stops a daemon of protocol `theirs` if it holds no session, speaking its own version for
/// `daemon.status` and `daemon.stop` (whose shapes never change), and waits until it is gone.
async fn replace_idle_daemon(paths: &Paths, theirs: u32) -> Result<()> {
    let status = call_as(paths, theirs, "daemon.status").await?;
    let version = status["version"].as_str().unwrap_or("unknown").to_string();
    let sessions: Vec<String> = status["sessions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|s| s["id"].as_str().map(str::to_string))
        .collect();
    if !sessions.is_empty() {
        return Err(Failure::version_skew(format!(
            "bsk {} (protocol {}) cannot use the running daemon, bsk {version} (protocol {theirs}), \
             while it holds session(s) {}",
            env!("CARGO_PKG_VERSION"),
            protocol_version(),
            sessions.join(", ")
        ))
        .hint(words![
            format!("finish those sessions with bsk {version} (or "),
            hint::DAEMON_STOP,
            format!(
                ", which ends them and saves their captures); the next command then starts a bsk {} daemon",
                env!("CARGO_PKG_VERSION")
            )
        ]));
    }
    tracing::info!(theirs, ours = protocol_version(), %version, "replacing an idle daemon of another protocol version");
    call_as(paths, theirs, "daemon.stop").await?;
    wait_until_gone(paths).await;
    Ok(())
}

/// Stops the running daemon whatever protocol it speaks.
pub async fn stop_daemon(paths: &Paths) -> Result<()> {
    let Some(stream) = connect(paths).await else {
        return Ok(());
    };
    if let Err(failure) = call(stream, Call::DaemonStop).await {
        let theirs = skewed_protocol(&failure).ok_or(failure)?;
        call_as(paths, theirs, "daemon.stop").await?;
    }
    wait_until_gone(paths).await;
    Ok(())
}

/// Waits (up to 15 s) until the daemon has let go of its socket, so a following start gets a
/// fresh one.
async fn wait_until_gone(paths: &Paths) {
    let deadline = Instant::now() + Duration::from_secs(15);
    while connect(paths).await.is_some() && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A parameterless call in another protocol version's frame.
async fn call_as(paths: &Paths, version: u32, method: &str) -> Result<Value> {
    let stream = connect(paths)
        .await
        .ok_or_else(|| Failure::protocol("the daemon went away"))?;
    let frame = serde_json::json!({
        "id": 1,
        "version": version,
        "client": env!("CARGO_PKG_VERSION"),
        "call": { "method": method },
    });
    exchange(stream, &frame).await
}

/// Sends one call on `stream` and returns its result.
pub async fn call(stream: UnixStream, call: Call) -> Result<Value> {
    let frame = RequestFrame {
        id: 1,
        version: protocol_version(),
        client: Some(env!("CARGO_PKG_VERSION").to_string()),
        call,
    };
    exchange(stream, &frame).await
}

async fn exchange(stream: UnixStream, frame: &impl serde::Serialize) -> Result<Value> {
    let (read, mut write) = stream.into_split();
    let mut bytes = serde_json::to_vec(frame).map_err(|e| Failure::internal(e.to_string()))?;
    bytes.push(b'\n');
    write
        .write_all(&bytes)
        .await
        .map_err(|e| Failure::protocol(format!("cannot send to the daemon: {e}")))?;
    let mut line = Vec::new();
    BufReader::new(read)
        .take((MAX_FRAME_BYTES + 1) as u64)
        .read_until(b'\n', &mut line)
        .await
        .map_err(|e| Failure::protocol(format!("cannot read the daemon's answer: {e}")))?;
    if line.is_empty() {
        return Err(
            Failure::protocol("the daemon closed the connection without answering")
                .hint("it may have crashed; see daemon.log in the state dir, then retry"),
        );
    }
    let response: ResponseFrame = serde_json::from_slice(&line)
        .map_err(|e| Failure::protocol(format!("malformed answer from the daemon: {e}")))?;
    match response.outcome {
        Outcome::Ok { result } => Ok(result),
        Outcome::Err { error } => Err(Failure(error)),
    }
}
