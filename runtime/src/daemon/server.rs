//! The daemon's socket: one JSON request per line in, one JSON response per line out.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bsk_schema::ipc::{MAX_FRAME_BYTES, Outcome, PROTOCOL_VERSION, RequestFrame, ResponseFrame};
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
        .hint("use it (`bsk status`), or stop it with `bsk daemon stop`"));
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
                    outcome: Outcome::Err { error: error.0 },
                },
            )
            .await;
            return;
        } else {
            answer(&daemon, &line).await
        };
        if write_frame(&mut write, &response).await.is_err() {
            return;
        }
    }
}

async fn answer(daemon: &Arc<Daemon>, line: &[u8]) -> ResponseFrame {
    let frame: RequestFrame = match serde_json::from_slice(line) {
        Ok(frame) => frame,
        Err(e) => {
            let error = Failure::protocol(format!("malformed request frame: {e}")).hint(
                "the CLI and daemon may be different versions; run `bsk daemon stop` and retry",
            );
            return ResponseFrame {
                id: 0,
                outcome: Outcome::Err { error: error.0 },
            };
        }
    };
    if frame.version != PROTOCOL_VERSION {
        let error = Failure::protocol(format!(
            "CLI speaks protocol {} but the daemon speaks {PROTOCOL_VERSION}",
            frame.version
        ))
        .hint("run `bsk daemon stop`; the next command starts a daemon of the CLI's version");
        return ResponseFrame {
            id: frame.id,
            outcome: Outcome::Err { error: error.0 },
        };
    }
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
