//! The daemon's socket: one JSON request per line in, one JSON response per line out.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bsk_schema::Call;
use bsk_schema::hint;
use bsk_schema::ipc::{MAX_FRAME_BYTES, Outcome, RequestFrame, ResponseFrame};
use bsk_schema::words;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tokio::task::JoinSet;

use super::Daemon;
use crate::error::{Failure, Result};

/// How often the daemon looks for idle sessions and for its own idleness.
const REAP_INTERVAL: Duration = Duration::from_secs(1);

/// Runs the daemon until it is told to stop or has been idle for its idle period.
pub async fn serve(daemon: Arc<Daemon>) -> Result<()> {
    let paths = &daemon.paths;
    let lock = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(paths.lock())
        .map_err(|e| Failure::internal(format!("cannot open {}: {e}", paths.lock().display())))?;
    if lock.try_lock().is_err() {
        return Err(Failure::busy(format!(
            "another bsk daemon is running for {}",
            paths.state_dir.display()
        ))
        .hint(words![
            "use it (",
            hint::STATUS,
            "), or stop it with ",
            hint::DAEMON_STOP
        ]));
    }
    // The lock is ours, so any socket file left behind is stale.
    let _ = std::fs::remove_file(paths.socket());
    let listener = UnixListener::bind(paths.socket()).map_err(|e| {
        Failure::internal(format!(
            "cannot listen on {}: {e}",
            paths.socket().display()
        ))
    })?;
    tracing::info!(socket = %paths.socket().display(), pid = std::process::id(), "daemon listening");

    // SIGTERM and SIGINT stop the daemon the way `bsk daemon stop` does: captures end with
    // their final record saved (`daemon_shutdown`), sessions close, the launched browser exits.
    let stopping = daemon.clone();
    crate::tasks::spawn_watched("signal handler", async move {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut interrupt)) = (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) else {
            tracing::warn!("cannot listen for SIGTERM/SIGINT; they will end the daemon abruptly");
            return;
        };
        tokio::select! {
            _ = term.recv() => tracing::info!("SIGTERM: stopping"),
            _ = interrupt.recv() => tracing::info!("SIGINT: stopping"),
        }
        stopping.request_shutdown();
    });

    // Idle sessions are reaped beside the accept loop, never in it: ending a session (closing
    // its tab, saving its capture) must not hold up a command that is arriving.
    let reaper = daemon.clone();
    crate::tasks::spawn_watched("idle session reaper", async move {
        let mut tick = tokio::time::interval(REAP_INTERVAL);
        let mut stop = reaper.shutdown_signal();
        loop {
            let stopping = tokio::select! {
                _ = tick.tick() => false,
                _ = stop.wait_for(|stop| *stop) => true,
            };
            if stopping {
                return;
            }
            reaper.reap_idle_sessions().await;
        }
    });

    let mut connections = JoinSet::new();
    let mut last_activity = Instant::now();
    // Said once in the log when idleness would have ended the daemon but a visible browser keeps it.
    let mut kept_for_browser = false;
    let mut reap = tokio::time::interval(REAP_INTERVAL);
    let mut shutdown = daemon.shutdown_signal();
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                if let Ok((stream, _)) = accepted {
                    last_activity = Instant::now();
                    connections.spawn(serve_connection(daemon.clone(), stream));
                }
            }
            Some(finished) = connections.join_next() => {
                last_activity = Instant::now();
                if let Err(e) = finished {
                    tracing::error!(error = %e, "connection task failed");
                }
            }
            _ = reap.tick() => {
                // A visible browser is the person's too: while its windows are open (closing the
                // last one ends it), the daemon stays.
                let busy = daemon.has_sessions() || !connections.is_empty();
                if busy {
                    last_activity = Instant::now();
                } else if last_activity.elapsed() <= daemon.config.daemon_idle {
                    // Not idle for long enough yet.
                } else if daemon.has_visible_browser().await {
                    if !kept_for_browser {
                        tracing::info!("idle, but staying: the browser it launched has windows open");
                        kept_for_browser = true;
                    }
                } else {
                    tracing::info!("idle; exiting");
                    break;
                }
            }
            _ = shutdown.wait_for(|stop| *stop) => break,
        }
    }
    // Let the connection that asked for the stop get its answer.
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while connections.join_next().await.is_some() {}
    })
    .await;
    daemon.shutdown().await;
    let _ = std::fs::remove_file(paths.socket());
    drop(lock);
    Ok(())
}

async fn serve_connection(daemon: Arc<Daemon>, stream: UnixStream) {
    let (read, mut write) = stream.into_split();
    let mut reader = BufReader::new(read);
    loop {
        let mut line = Vec::new();
        let limit = (MAX_FRAME_BYTES + 1) as u64;
        match (&mut reader).take(limit).read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let response = if line.len() > MAX_FRAME_BYTES {
            let error =
                Failure::protocol(format!("request frame larger than {MAX_FRAME_BYTES} bytes"));
            let _ = write_frame(
                &mut write,
                &ResponseFrame {
                    id: 0,
                    outcome: Outcome::Err {
                        error: error.plain().0,
                    },
                },
            )
            .await;
            return;
        } else {
            match parse_frame(&line, daemon.session_count()) {
                Err(refusal) => refusal,
                Ok(frame) if frame.call.is_cancellable() => {
                    match until_client_leaves(answer(&daemon, frame), &mut reader).await {
                        Some(response) => response,
                        // The client went away (a killed CLI, a cancelled MCP call): its call
                        // was dropped, which cancels it, and nobody is left to answer.
                        None => return,
                    }
                }
                // Starting and stopping things runs to the end even if the client leaves, so no
                // half-made session or capture is left behind.
                Ok(frame) => answer(&daemon, frame).await,
            }
        };
        if write_frame(&mut write, &response).await.is_err() {
            return;
        }
    }
}

/// Runs `call` until it answers, or drops it (cancelling it) when the client closes its end of
/// the connection first. Clients send one request and wait, so anything read meanwhile is
/// either the end of the stream or a pipelined request, which waits for its turn.
async fn until_client_leaves<F: std::future::Future<Output = ResponseFrame>>(
    call: F,
    reader: &mut BufReader<tokio::net::unix::OwnedReadHalf>,
) -> Option<ResponseFrame> {
    tokio::pin!(call);
    tokio::select! {
        response = &mut call => return Some(response),
        gone = reader.fill_buf() => {
            if !matches!(gone, Ok([]) | Err(_)) {
                return Some(call.await);
            }
        }
    }
    tracing::info!("a client left before its answer: its call is cancelled");
    None
}

/// The frame in `line`, or the answer refusing it: malformed, another protocol version, or a
/// method this daemon does not know (refused alone: every other method keeps working).
/// `sessions` is how many sessions the daemon holds, for the version-skew hint.
fn parse_frame(line: &[u8], sessions: usize) -> std::result::Result<RequestFrame, ResponseFrame> {
    // A refusal's words are plain text, which a client of any version reads.
    let refuse = |id, failure: Failure| ResponseFrame {
        id,
        outcome: Outcome::Err {
            error: failure.plain().0,
        },
    };
    let head: FrameHead = serde_json::from_slice(line).map_err(|e| {
        refuse(
            0,
            Failure::protocol(format!("malformed request frame: {e}")).hint(words![
                "the CLI and daemon may be different builds; run ",
                hint::DAEMON_STOP,
                " and retry"
            ]),
        )
    })?;
    let ours = crate::client::protocol_version();
    if head.version != ours {
        let client = head
            .client
            .as_deref()
            .map_or_else(|| "a bsk client".to_string(), |v| format!("bsk {v}"));
        return Err(refuse(
            head.id,
            Failure::version_skew(format!(
                "{client} speaks protocol {} but the running daemon, bsk {}, speaks protocol {ours}",
                head.version,
                env!("CARGO_PKG_VERSION"),
            ))
            .hint(words![
                format!("the daemon holds {sessions} session(s); when they are done, "),
                hint::DAEMON_STOP,
                " lets the next command start a daemon of the client's version"
            ]),
        ));
    }
    let method = head.call["method"].as_str().unwrap_or_default().to_string();
    if !Call::METHODS.contains(&method.as_str()) || refused_for_test(&method) {
        return Err(refuse(
            head.id,
            Failure::unsupported(format!(
                "this daemon (bsk {}) does not know the method {method:?}",
                env!("CARGO_PKG_VERSION")
            ))
            .hint(words![
                "the client is newer than the daemon: ",
                hint::DAEMON_STOP,
                " when its sessions are done, then retry"
            ]),
        ));
    }
    let call: Call = serde_json::from_value(head.call).map_err(|e| {
        refuse(
            head.id,
            Failure::protocol(format!("malformed {method} request: {e}")).hint(words![
                "the CLI and daemon may be different builds; run ",
                hint::DAEMON_STOP,
                " and retry"
            ]),
        )
    })?;
    Ok(RequestFrame {
        id: head.id,
        version: head.version,
        client: head.client,
        call,
    })
}

/// What every frame of every version has: enough to refuse it properly.
#[derive(serde::Deserialize)]
struct FrameHead {
    id: u64,
    version: u32,
    #[serde(default)]
    client: Option<String>,
    call: serde_json::Value,
}

/// Methods a test daemon refuses as unknown, to check that a client meets an older daemon
/// gracefully.
fn refused_for_test(method: &str) -> bool {
    crate::test_hooks::hooks()
        .refuse_methods
        .iter()
        .any(|m| m == method)
}

async fn answer(daemon: &Arc<Daemon>, frame: RequestFrame) -> ResponseFrame {
    let outcome = match daemon.handle(frame.call).await {
        Ok(result) => Outcome::Ok { result },
        Err(failure) => Outcome::Err { error: failure.0 },
    };
    ResponseFrame {
        id: frame.id,
        outcome,
    }
}

async fn write_frame(
    write: &mut tokio::net::unix::OwnedWriteHalf,
    frame: &ResponseFrame,
) -> std::io::Result<()> {
    let mut bytes = serde_json::to_vec(frame).unwrap_or_default();
    bytes.push(b'\n');
    write.write_all(&bytes).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_schema::ErrorCode;
    use proptest::prelude::*;

    fn refused(line: &[u8]) -> Option<ErrorCode> {
        match parse_frame(line, 0) {
            Ok(_) => None,
            Err(ResponseFrame {
                outcome: Outcome::Err { error },
                ..
            }) => Some(error.code),
            Err(_) => Some(ErrorCode::Internal),
        }
    }

    #[test]
    fn frames_are_refused_for_what_is_wrong_with_them() {
        let ours = crate::client::protocol_version();
        let ok = format!(r#"{{"id":1,"version":{ours},"call":{{"method":"session.list"}}}}"#);
        assert_eq!(refused(ok.as_bytes()), None);
        let other = format!(
            r#"{{"id":1,"version":{},"call":{{"method":"session.list"}}}}"#,
            ours + 1
        );
        assert_eq!(refused(other.as_bytes()), Some(ErrorCode::VersionSkew));
        let unknown = format!(r#"{{"id":1,"version":{ours},"call":{{"method":"tool.future"}}}}"#);
        assert_eq!(refused(unknown.as_bytes()), Some(ErrorCode::Unsupported));
        let bad_params =
            format!(r#"{{"id":1,"version":{ours},"call":{{"method":"tool.op","params":7}}}}"#);
        assert_eq!(refused(bad_params.as_bytes()), Some(ErrorCode::Protocol));
        assert_eq!(refused(b"not json"), Some(ErrorCode::Protocol));
    }

    proptest! {
        #[test]
        fn any_bytes_are_answered_never_a_panic(line in proptest::collection::vec(any::<u8>(), 0..512)) {
            let _ = parse_frame(&line, 3);
        }

        #[test]
        fn any_json_shape_is_answered(id in any::<u64>(), version in any::<u32>(), method in "\\PC{0,24}", params in "\\PC{0,40}") {
            let frame = serde_json::json!({ "id": id, "version": version, "call": { "method": method, "params": params } });
            let _ = parse_frame(frame.to_string().as_bytes(), 0);
        }
    }
}
