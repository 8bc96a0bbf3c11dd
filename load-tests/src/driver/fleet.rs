//! Daemons and the agents on them, started together and sampled together.

use std::path::Path;

use futures_util::future::join_all;

use super::Config;
use super::agent::Agent;
use super::cli::{Bsk, Daemon};
use super::procfs::ProcSample;

/// The spec's "Live in-memory captures: 4", counted per browser: a browser refuses a fifth
/// active capture (`busy`).
pub const LIVE_CAPTURES_PER_BROWSER: usize = 4;

/// The fleet's daemons launch one browser each, so this many capturing agents share one
/// daemon, and more agents need more daemons.
pub const LIVE_CAPTURES_PER_DAEMON: usize = LIVE_CAPTURES_PER_BROWSER;

/// How long an abandoned daemon of a run lives on (`BSK_DAEMON_IDLE_SECS`).
const DAEMON_IDLE_SECS: u64 = 120;

/// `daemons` daemons, each in its own state dir, with agents spread over them in order.
#[derive(Debug)]
pub struct Fleet {
    pub daemons: Vec<Daemon>,
    pub agents: Vec<Agent>,
}

/// Who launches a fleet's browsers, and how many each daemon has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Browsers {
    /// Each daemon launches this many (`--browsers`; a pool when more than one), as bsk runs by
    /// default.
    Launched(usize),
    /// The bench launches this many per daemon with a DevTools port and the daemon attaches
    /// (`--cdp-url`), so the floor mode can drive them with a second CDP client.
    Attached(usize),
}

impl Fleet {
    /// Starts `agents` agents, at most `per_daemon` on each daemon, under `config.work_dir`;
    /// each daemon launches one browser.
    pub async fn start(
        config: &Config,
        name: &str,
        port: u16,
        agents: usize,
        per_daemon: usize,
    ) -> anyhow::Result<Fleet> {
        Fleet::start_with(
            config,
            name,
            port,
            agents,
            per_daemon,
            Browsers::Launched(1),
        )
        .await
    }

    /// Starts `agents` agents, at most `per_daemon` on each daemon (all on one with
    /// `per_daemon = agents`, which places each session on one of its browsers).
    pub async fn start_with(
        config: &Config,
        name: &str,
        port: u16,
        agents: usize,
        per_daemon: usize,
        browsers: Browsers,
    ) -> anyhow::Result<Fleet> {
        let count = agents.div_ceil(per_daemon.max(1));
        let chromium = config.chromium_for_bsk()?;
        let starts = (0..count).map(|d| {
            let home = config.work_dir.join("homes").join(format!("{name}-d{d}"));
            let bsk = bsk_at(&config.bsk, &home, &chromium);
            let chromium = &chromium;
            async move {
                match browsers {
                    Browsers::Launched(1) => Daemon::start(bsk, &[]).await,
                    Browsers::Launched(n) => {
                        Daemon::start(bsk, &["--browsers", n.to_string().as_str()]).await
                    }
                    Browsers::Attached(n) => Daemon::start_attached(bsk, chromium, n).await,
                }
            }
        });
        let daemons = join_all(starts)
            .await
            .into_iter()
            .collect::<anyhow::Result<Vec<_>>>()?;
        // Sessions start one after another on each daemon (the first launches Chromium), and
        // in parallel across daemons.
        let per_daemon_starts = daemons.iter().enumerate().map(|(d, daemon)| {
            let bsk = daemon.bsk.clone();
            let indexes: Vec<usize> = (0..agents).filter(|a| a / per_daemon.max(1) == d).collect();
            async move {
                let mut started = Vec::new();
                for index in indexes {
                    started.push(Agent::start(bsk.clone(), index, port).await?);
                }
                anyhow::Ok(started)
            }
        });
        let mut all = Vec::new();
        for started in join_all(per_daemon_starts).await {
            all.extend(started?);
        }
        Ok(Fleet {
            daemons,
            agents: all,
        })
    }

    /// Every daemon's and Chromium's figures, summed.
    pub fn sample(&self) -> ProcSample {
        let mut sum = ProcSample::default();
        for daemon in &self.daemons {
            if let Ok(s) = ProcSample::read_tree(daemon.pid, &daemon.browser_pids()) {
                sum.daemon_cpu_s += s.daemon_cpu_s;
                sum.daemon_rss_kib += s.daemon_rss_kib;
                sum.daemon_hwm_kib += s.daemon_hwm_kib;
                sum.chromium_cpu_s += s.chromium_cpu_s;
                sum.chromium_rss_kib += s.chromium_rss_kib;
                sum.chromium_processes += s.chromium_processes;
                sum.chromium_by_kind.add(&s.chromium_by_kind);
            }
        }
        sum
    }

    /// Every daemon's heap in use (`bsk daemon status`), summed, KiB; 0 where unreadable.
    pub async fn heap_kib(&self) -> u64 {
        let mut sum = 0;
        for daemon in &self.daemons {
            if let Ok(status) = daemon.bsk.json(&["daemon", "status"]).await {
                sum += status["memory"]["heap_in_use_bytes"].as_u64().unwrap_or(0) / 1024;
            }
        }
        sum
    }

    pub fn pids(&self) -> Vec<u32> {
        self.daemons.iter().map(|d| d.pid).collect()
    }

    /// Stops every daemon (sessions, captures, Chromium).
    pub async fn shutdown(self) -> anyhow::Result<()> {
        for result in join_all(self.daemons.into_iter().map(Daemon::stop)).await {
            result?;
        }
        Ok(())
    }
}

fn bsk_at(binary: &Path, home: &Path, chromium: &Path) -> Bsk {
    Bsk::launching(binary, home, chromium, DAEMON_IDLE_SECS)
}
