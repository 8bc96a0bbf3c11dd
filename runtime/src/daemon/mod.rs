//! The daemon: one per state dir, auto-spawned by the CLI, serving JSON-line requests on a Unix
//! socket until it has been idle (no session, no request) for its idle period.
//!
//! # Layout
//!
//! - [`server`]: the socket, framing, the lock file, idle exit.
//! - [`handlers`]: one function per [`bsk_schema::Call`].
//! - [`browser`]: one browser of the pool, launched or attached on need; [`pool`] holds them and
//!   chooses one for a new session; [`placement`] places sessions and connects browsers;
//!   [`browser_events`] follows what each tells the daemon (new pages, tabs closed, the browser
//!   gone, the popup's requests).
//! - [`debug`] and [`evidence`]: `bsk debug …` on a session's captures, and their evidence page.
//! - [`state`]: login state for isolated sessions (`session start --state`, `session save-state`).
//!
//! Browsers: the daemon drives a pool of them (`--browsers N`, several `--cdp-url`s; one by
//! default). Each session lives in one, placed on the one with the fewest sessions; a browser
//! that dies ends only its own sessions and captures, and is launched again when next needed.

mod browser;
mod browser_events;
mod debug;
mod evidence;
mod handlers;
mod operation;
mod placement;
mod pool;
mod preferences;
pub mod server;
mod state;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use dashmap::DashMap;
use tokio::sync::watch;

use bsk_schema::capture::StopReason;
use bsk_schema::hint;
use bsk_schema::words;

use crate::browser::BrowserSource;
use crate::capture::Captures;
use crate::error::{Failure, Result};
use crate::paths::Paths;
use crate::session::Session;
use pool::Pool;

/// Sessions remembered after they end, so a late command learns why its session is gone.
const ENDED_SESSIONS_REMEMBERED: usize = 64;

/// The daemon's async worker threads for a pool of `browsers`: `BSK_DAEMON_THREADS` when set to
/// a number, else half the cores but at least one per browser. The daemon's work per event is
/// small and the browsers it drives need the cores more: measured on 2 cores
/// (`docs/performance.md#worker-threads`), one worker spent 13–19% less CPU per captured
/// request than two, because events no longer wake a second thread. But the events of every
/// browser then queue behind each other on that one thread, and so do the replies to body
/// reads: 16 agents on one daemon with 4 browsers lost 2,587 of 3,200 retained bodies to full
/// fetch queues with one worker and 142 with four.
pub fn worker_threads(browsers: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let asked = std::env::var("BSK_DAEMON_THREADS").ok();
    threads_for(cores, asked.as_deref(), browsers)
}

/// [`worker_threads`] on `cores` cores, with `asked` from `BSK_DAEMON_THREADS`.
fn threads_for(cores: usize, asked: Option<&str>, browsers: usize) -> usize {
    asked
        .and_then(|n| n.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
        .unwrap_or((cores / 2).max(browsers))
        .max(1)
}

#[cfg(test)]
mod thread_tests {
    use super::threads_for;

    #[test]
    fn half_the_cores_but_a_worker_per_browser_unless_asked() {
        assert_eq!(threads_for(2, None, 1), 1);
        assert_eq!(threads_for(1, None, 1), 1);
        assert_eq!(threads_for(16, None, 1), 8);
        assert_eq!(threads_for(2, None, 4), 4, "one per browser of the pool");
        assert_eq!(threads_for(16, None, 4), 8);
        assert_eq!(threads_for(2, Some(" 3 "), 4), 3, "the variable wins");
        assert_eq!(threads_for(2, Some("0"), 1), 1, "zero is not a count");
        assert_eq!(threads_for(2, Some("many"), 4), 4);
    }
}

/// How often the daemon checks whether a capture records, to keep or return freed memory.
const RECORDING_CHECK: std::time::Duration = std::time::Duration::from_secs(2);

/// Keeps the memory captures free with the allocator while any records, and returns it to the
/// system once none does ([`crate::heap::keep_freed_memory`]). Ends with the daemon.
async fn keep_freed_memory_while_recording(daemon: std::sync::Weak<Daemon>) {
    let mut keeping = false;
    let mut tick = tokio::time::interval(RECORDING_CHECK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        let Some(recording) = daemon.upgrade().map(|d| d.captures.any_active()) else {
            return;
        };
        if recording != keeping {
            tracing::debug!(recording, "keeping freed memory while captures record");
            crate::heap::keep_freed_memory(recording);
            keeping = recording;
        }
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    /// The pool's browsers, in order: `b1`, `b2`, ….
    pub sources: Vec<BrowserSource>,
    /// Exit after this long with no session and no request.
    pub daemon_idle: Duration,
    /// Stop a session nobody has used for this long.
    pub session_idle: Duration,
}

impl Config {
    /// Reads `BSK_DAEMON_IDLE_SECS` (default 600) and `BSK_SESSION_IDLE_SECS` (default 1800).
    pub fn from_env(sources: Vec<BrowserSource>) -> Config {
        let secs = |name: &str, default: u64| {
            Duration::from_secs(
                std::env::var(name)
                    .ok()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(default),
            )
        };
        Config {
            sources,
            daemon_idle: secs("BSK_DAEMON_IDLE_SECS", 600),
            session_idle: secs("BSK_SESSION_IDLE_SECS", 1800),
        }
    }
}

/// Why a session ended, as `bsk` says it to a command that names the session afterwards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionEnd {
    /// `bsk session stop`.
    Stopped,
    /// Idle past its timeout.
    Idle,
    /// The daemon stopped.
    DaemonStopped,
    /// The tab the session created was closed.
    TabClosed,
    /// Its browser exited or crashed; named when the daemon drives a pool of them.
    BrowserGone(Option<String>),
}

impl std::fmt::Display for SessionEnd {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SessionEnd::Stopped => f.write_str("it was stopped"),
            SessionEnd::Idle => f.write_str("it was idle past its timeout (BSK_SESSION_IDLE_SECS)"),
            SessionEnd::DaemonStopped => f.write_str("the daemon stopped"),
            SessionEnd::TabClosed => f.write_str("its tab was closed"),
            SessionEnd::BrowserGone(Some(browser)) => {
                write!(f, "its browser {browser} exited or crashed")
            }
            SessionEnd::BrowserGone(None) => f.write_str("the browser exited or crashed"),
        }
    }
}

#[derive(Debug)]
pub struct Daemon {
    pub paths: Paths,
    pub config: Config,
    /// The pool of browsers, never empty.
    pool: Pool,
    sessions: DashMap<String, Arc<Session>>,
    /// Why recently ended sessions ended, newest last.
    ended: Mutex<VecDeque<(String, SessionEnd)>>,
    /// Website-debugging captures, live and recently stopped.
    pub captures: Captures,
    shutdown: watch::Sender<bool>,
}

impl Daemon {
    pub fn new(paths: Paths, config: Config) -> Arc<Daemon> {
        let pool = Pool::new(&config.sources);
        let daemon = Arc::new(Daemon {
            paths,
            config,
            pool,
            sessions: DashMap::new(),
            ended: Mutex::new(VecDeque::new()),
            captures: Captures::new(),
            shutdown: watch::Sender::new(false),
        });
        crate::tasks::spawn_watched(
            "freed-memory keeper",
            keep_freed_memory_while_recording(Arc::downgrade(&daemon)),
        );
        daemon
    }

    pub(super) fn remember_ended(&self, id: &str, why: SessionEnd) {
        let mut ended = self.ended.lock().unwrap_or_else(|p| p.into_inner());
        ended.retain(|(ended_id, _)| ended_id != id);
        ended.push_back((id.to_string(), why));
        while ended.len() > ENDED_SESSIONS_REMEMBERED {
            ended.pop_front();
        }
    }

    /// The live session `id`, or an error that says why there is none.
    pub fn session(&self, id: &str) -> Result<Arc<Session>> {
        self.live_session(id).map_err(|ended| match ended {
            Some(SessionEnd::BrowserGone(_)) => Failure::browser(format!(
                "session {id} ended: {}",
                ended.as_ref().map(ToString::to_string).unwrap_or_default()
            ))
            .hint(words![
                "start a new session with ",
                hint::SESSION_START,
                "; bsk places it on a browser that runs"
            ]),
            Some(why) => Failure::not_found(format!("session {id} ended: {why}"))
                .hint(words!["start a new session with ", hint::SESSION_START]),
            None => Failure::not_found(format!("no session {id}")).hint(words![
                "list sessions with ",
                hint::SESSION_LIST,
                ", or start one with ",
                hint::SESSION_START
            ]),
        })
    }

    /// The live session `id`, or why it ended (`None`: it never existed, or ended long ago).
    pub(super) fn live_session(
        &self,
        id: &str,
    ) -> std::result::Result<Arc<Session>, Option<SessionEnd>> {
        if let Some(session) = self.sessions.get(id) {
            session.touch();
            return Ok(session.clone());
        }
        let ended = self.ended.lock().unwrap_or_else(|p| p.into_inner());
        Err(ended
            .iter()
            .rev()
            .find(|(ended_id, _)| ended_id == id)
            .map(|(_, why)| why.clone()))
    }

    /// Ends a session: closes the tab it created and returns the tabs it borrowed.
    pub(super) async fn end_session(
        &self,
        session: &Arc<Session>,
        why: SessionEnd,
        stop: StopReason,
    ) -> Vec<String> {
        if self.sessions.remove(&session.id).is_none() {
            return Vec::new();
        }
        self.remember_ended(&session.id, why);
        self.captures.stop_task(session.task_id, stop).await;
        let mut returned = Vec::new();
        for tab in session.tabs() {
            match tab.ownership {
                bsk_schema::ipc::TabOwnership::Borrowed => {
                    tab.detach().await;
                    returned.push(tab.target_id.clone());
                }
                _ => tab.close().await,
            }
            tab.mark_gone(&format!("session {} ended", session.id));
        }
        if let Ok(slot) = self.pool.slot(&session.browser)
            && let Some(conn) = slot.current().await
        {
            handlers::dispose_context(&conn.cdp, session.browser_context.as_deref()).await;
        }
        returned
    }

    /// Stops sessions idle past their timeout. Returns whether the daemon itself is idle.
    pub(super) async fn reap_idle_sessions(&self) {
        let idle: Vec<Arc<Session>> = self
            .sessions
            .iter()
            .filter(|s| s.idle_for() > self.config.session_idle)
            .map(|s| s.clone())
            .collect();
        for session in idle {
            tracing::info!(session = %session.id, "stopping idle session");
            self.end_session(&session, SessionEnd::Idle, StopReason::SessionEnded)
                .await;
        }
    }

    /// Whether the daemon launched a browser with windows that is still running.
    pub async fn has_visible_browser(&self) -> bool {
        for slot in self.pool.iter() {
            if slot
                .current()
                .await
                .is_some_and(|conn| conn.is_visible(&slot.effective_source()))
            {
                return true;
            }
        }
        false
    }

    pub fn has_sessions(&self) -> bool {
        !self.sessions.is_empty()
    }

    pub fn session_count(&self) -> usize {
        self.sessions.len()
    }

    pub fn request_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    pub fn shutdown_signal(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    /// Ends every session and the launched browser.
    pub async fn shutdown(&self) {
        let sessions: Vec<Arc<Session>> = self.sessions.iter().map(|s| s.clone()).collect();
        for session in sessions {
            self.end_session(
                &session,
                SessionEnd::DaemonStopped,
                StopReason::DaemonShutdown,
            )
            .await;
        }
        for slot in self.pool.iter() {
            // The extension's pages say "stopped" at once, not after the stale limit.
            if let Some(link) = slot.extension.link() {
                link.goodbye().await;
            }
            if let Some(conn) = slot.conn.lock().await.take() {
                conn.shutdown().await;
            }
        }
    }
}
