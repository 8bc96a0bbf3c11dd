//! CPU time and memory of the daemon and of its Chromium, read from `/proc`.
//!
//! The daemon is one process; Chromium is every process below it (browser, zygotes, renderers,
//! GPU and network services), of every browser the daemon launched. Chromium's figures include
//! `cutime`/`cstime`, so renderers that already exited and were reaped still count. A browser
//! the daemon names by pid but that is not below it (reparented) is added with its own tree.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use anyhow::Context as _;
use serde::Serialize;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// Between two samples of [`Sampler`]: often enough to see a short peak of VmRSS (VmHWM catches
/// any peak anyway), rare enough to cost nothing.
const SAMPLE_EVERY: Duration = Duration::from_millis(200);

/// One reading of the daemon and its descendants.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ProcSample {
    /// Daemon user + system CPU seconds since it started.
    pub daemon_cpu_s: f64,
    /// Daemon resident set now (`VmRSS`), KiB.
    pub daemon_rss_kib: u64,
    /// Daemon peak resident set since it started (`VmHWM`), KiB.
    pub daemon_hwm_kib: u64,
    /// Chromium's CPU seconds: every live descendant, plus the children they reaped.
    pub chromium_cpu_s: f64,
    /// Sum of the descendants' `VmRSS`, KiB (shared pages counted in each process).
    pub chromium_rss_kib: u64,
    /// How many Chromium processes are alive.
    pub chromium_processes: usize,
    /// `chromium_cpu_s` by the kind of process that spent it.
    pub chromium_by_kind: ByKind,
}

/// CPU seconds by the kind of Chromium process, known by its command line: where in the
/// browser a capture's cost lands (the floor client's too).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct ByKind {
    /// The browser process: CDP's end of the pipe or WebSocket, routing every message.
    pub browser: f64,
    /// The network service, which produces the network events.
    pub network: f64,
    /// The pages' renderers, which produce the page-side events and answer body reads.
    pub renderer: f64,
    /// The bsk extension's process (its worker takes the checkpoints).
    pub extension: f64,
    /// Everything else: GPU, zygotes, other utilities, the browser's own WebUI.
    pub other: f64,
}

impl ByKind {
    /// Names and values, in the order a report lists them.
    pub fn parts(&self) -> [(&'static str, f64); 5] {
        [
            ("browser", self.browser),
            ("network", self.network),
            ("renderers", self.renderer),
            ("extension", self.extension),
            ("other", self.other),
        ]
    }

    pub fn add(&mut self, other: &ByKind) {
        self.combine(other, |a, b| a + b);
    }

    /// `self - other`, kind by kind.
    pub fn minus(&self, other: &ByKind) -> ByKind {
        let mut out = *self;
        out.combine(other, |a, b| a - b);
        out
    }

    /// Every kind times `factor`.
    pub fn scale(&mut self, factor: f64) {
        for s in self.slots() {
            *s *= factor;
        }
    }

    fn combine(&mut self, other: &ByKind, f: impl Fn(f64, f64) -> f64) {
        let mut other = *other;
        for (s, o) in self.slots().into_iter().zip(other.slots()) {
            *s = f(*s, *o);
        }
    }

    /// Every kind, in the order of [`ByKind::parts`].
    fn slots(&mut self) -> [&mut f64; 5] {
        [
            &mut self.browser,
            &mut self.network,
            &mut self.renderer,
            &mut self.extension,
            &mut self.other,
        ]
    }

    fn slot(&mut self, cmdline: &str) -> &mut f64 {
        if !cmdline.contains("--type=") {
            &mut self.browser
        } else if cmdline.contains("--extension-process") {
            &mut self.extension
        } else if cmdline.contains("--type=renderer") && !cmdline.contains("--top-chrome-webui") {
            &mut self.renderer
        } else if cmdline.contains("--utility-sub-type=network.mojom.NetworkService") {
            &mut self.network
        } else {
            &mut self.other
        }
    }
}

impl ProcSample {
    /// Reads the daemon `pid` and its descendants.
    pub fn read(pid: u32) -> anyhow::Result<ProcSample> {
        ProcSample::read_tree(pid, &[])
    }

    /// Reads the daemon `pid`, its descendants, and the browser processes `browsers` (the
    /// daemon's own report of its browsers' pids) with theirs, each process once.
    pub fn read_tree(pid: u32, browsers: &[u32]) -> anyhow::Result<ProcSample> {
        let daemon = Stat::read(pid).with_context(|| format!("daemon {pid} is not running"))?;
        let (daemon_rss_kib, daemon_hwm_kib) = memory(pid).unwrap_or_default();
        let mut sample = ProcSample {
            daemon_cpu_s: daemon.own_ticks() as f64 / ticks_per_second(),
            daemon_rss_kib,
            daemon_hwm_kib,
            ..ProcSample::default()
        };
        for child in chromium_pids(&children_by_parent(), pid, browsers) {
            let Some(stat) = Stat::read(child) else {
                continue;
            };
            let cpu_s = (stat.own_ticks() + stat.reaped_ticks) as f64 / ticks_per_second();
            sample.chromium_cpu_s += cpu_s;
            let cmdline = std::fs::read(format!("/proc/{child}/cmdline")).unwrap_or_default();
            *sample
                .chromium_by_kind
                .slot(&String::from_utf8_lossy(&cmdline)) += cpu_s;
            sample.chromium_rss_kib += memory(child).map_or(0, |(rss, _)| rss);
            sample.chromium_processes += 1;
        }
        Ok(sample)
    }
}

/// The fields of `/proc/<pid>/stat` the samples need.
struct Stat {
    ppid: u32,
    utime: u64,
    stime: u64,
    /// `cutime + cstime`: CPU of children already reaped.
    reaped_ticks: u64,
}

impl Stat {
    fn read(pid: u32) -> Option<Stat> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // The command name is in parentheses and may hold spaces: fields follow the last ')'.
        let rest = &text[text.rfind(')')? + 2..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<u64>().ok());
        Some(Stat {
            ppid: u32::try_from(field(4)?).ok()?,
            utime: field(14)?,
            stime: field(15)?,
            reaped_ticks: field(16)? + field(17)?,
        })
    }

    fn own_ticks(&self) -> u64 {
        self.utime + self.stime
    }
}

/// `(VmRSS, VmHWM)` in KiB.
fn memory(pid: u32) -> Option<(u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kib = |key: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
    };
    Some((kib("VmRSS:")?, kib("VmHWM:")?))
}

/// Every live process by its parent.
fn children_by_parent() -> HashMap<u32, Vec<u32>> {
    let mut children: HashMap<u32, Vec<u32>> = HashMap::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for entry in entries.flatten() {
            let Some(pid) = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            if let Some(stat) = Stat::read(pid) {
                children.entry(stat.ppid).or_default().push(pid);
            }
        }
    }
    children
}

/// The daemon `root`'s Chromium: every process below it, then each of `browsers` not found
/// there (and not the daemon itself) with every process below it; each pid once.
fn chromium_pids(children: &HashMap<u32, Vec<u32>>, root: u32, browsers: &[u32]) -> Vec<u32> {
    let mut found = Vec::new();
    let below = |top: u32, found: &mut Vec<u32>| {
        let mut stack = vec![top];
        while let Some(pid) = stack.pop() {
            for &child in children.get(&pid).into_iter().flatten() {
                if !found.contains(&child) {
                    found.push(child);
                    stack.push(child);
                }
            }
        }
    };
    below(root, &mut found);
    for &browser in browsers {
        if browser != root && !found.contains(&browser) {
            found.push(browser);
            below(browser, &mut found);
        }
    }
    found
}

/// Clock ticks per second for `/proc/<pid>/stat` times (`getconf CLK_TCK`; 100 on Linux).
fn ticks_per_second() -> f64 {
    static TICKS: OnceLock<f64> = OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|t| *t > 0.0)
            .unwrap_or(100.0)
    })
}

/// The largest values seen while a [`Sampler`] ran.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Peaks {
    pub daemon_rss_kib: u64,
    pub chromium_rss_kib: u64,
    pub samples: usize,
}

/// Samples daemons every [`SAMPLE_EVERY`] in the background and keeps the peaks.
#[derive(Debug)]
pub struct Sampler {
    stop: watch::Sender<bool>,
    task: JoinHandle<Peaks>,
}

impl Sampler {
    /// Starts sampling `pids` (summing them: several daemons count together).
    pub fn start(pids: Vec<u32>) -> Sampler {
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            let mut peaks = Peaks::default();
            loop {
                let (mut daemon, mut chromium) = (0, 0);
                for &pid in &pids {
                    if let Ok(s) = ProcSample::read(pid) {
                        daemon += s.daemon_rss_kib;
                        chromium += s.chromium_rss_kib;
                    }
                }
                peaks.daemon_rss_kib = peaks.daemon_rss_kib.max(daemon);
                peaks.chromium_rss_kib = peaks.chromium_rss_kib.max(chromium);
                peaks.samples += 1;
                tokio::select! {
                    () = tokio::time::sleep(SAMPLE_EVERY) => {}
                    _ = stopped.changed() => return peaks,
                }
            }
        });
        Sampler { stop, task }
    }

    /// Stops sampling and returns the peaks.
    pub async fn finish(self) -> anyhow::Result<Peaks> {
        let _ = self.stop.send(true);
        self.task.await.context("the /proc sampler panicked")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chromium_is_every_browser_tree_counted_once() {
        // 1 is the daemon; 10 and 20 its browsers, 30 a browser reparented to init (0).
        let children: HashMap<u32, Vec<u32>> = [
            (0, vec![1, 30]),
            (1, vec![10, 20]),
            (10, vec![11, 12]),
            (20, vec![21]),
            (30, vec![31]),
        ]
        .into_iter()
        .collect();
        let mut under_daemon = chromium_pids(&children, 1, &[]);
        under_daemon.sort_unstable();
        assert_eq!(under_daemon, [10, 11, 12, 20, 21]);
        let mut all = chromium_pids(&children, 1, &[10, 20, 30, 1]);
        all.sort_unstable();
        assert_eq!(
            all,
            [10, 11, 12, 20, 21, 30, 31],
            "browsers under the daemon are not counted twice, the daemon never"
        );
    }

    #[test]
    fn reads_this_process() {
        let me = ProcSample::read(std::process::id()).expect("own /proc entry");
        assert!(me.daemon_rss_kib > 0);
        assert!(me.daemon_hwm_kib >= me.daemon_rss_kib);
        assert!(me.daemon_cpu_s >= 0.0);
    }

    #[test]
    fn processes_are_told_apart_by_their_command_line() {
        let mut by_kind = ByKind::default();
        for (cmdline, s) in [
            (
                "/usr/lib/chromium/chromium --remote-debugging-pipe --user-data-dir=/x",
                1.0,
            ),
            (
                "chromium --type=utility --utility-sub-type=network.mojom.NetworkService",
                2.0,
            ),
            ("chromium --type=renderer --renderer-client-id=7", 4.0),
            (
                "chromium --type=renderer --extension-process --renderer-client-id=5",
                8.0,
            ),
            (
                "chromium --type=renderer --top-chrome-webui --renderer-client-id=3",
                16.0,
            ),
            ("chromium --type=gpu-process", 32.0),
            ("chromium --type=zygote", 64.0),
        ] {
            *by_kind.slot(cmdline) += s;
        }
        let expected = ByKind {
            browser: 1.0,
            network: 2.0,
            renderer: 4.0,
            extension: 8.0,
            other: 112.0,
        };
        assert_eq!(by_kind, expected);
        let mut twice = expected;
        twice.add(&expected);
        twice.scale(0.5);
        assert_eq!(twice, expected);
        assert_eq!(expected.minus(&expected), ByKind::default());
    }
}
