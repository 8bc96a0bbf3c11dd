//! The CLI's side of the socket: connect (starting the daemon when there is none), send one
//! request, read one response.

use std::process::Stdio;
use std::time::{Duration, Instant};

use bsk_schema::Call;
use bsk_schema::ipc::{MAX_FRAME_BYTES, Outcome, PROTOCOL_VERSION, RequestFrame, ResponseFrame};
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::UnixStream;

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
            .hint(format!(
                "see {}; or run `bsk daemon run` in the foreground",
                paths.log().display()
            )));
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

/// Sends one call on `stream` and returns its result.
pub async fn call(stream: UnixStream, call: Call) -> Result<Value> {
    let (read, mut write) = stream.into_split();
    let frame = RequestFrame {
        id: 1,
        version: PROTOCOL_VERSION,
        call,
    };
    let mut bytes = serde_json::to_vec(&frame).map_err(|e| Failure::internal(e.to_string()))?;
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
