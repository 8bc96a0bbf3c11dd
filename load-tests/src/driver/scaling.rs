//! Scaling: many agents on one daemon with a pool of browsers (`bsk daemon start --browsers B`),
//! every agent opening the traffic page a few times in a row without capture, all at once. For
//! each browser count: pages per second, page-complete times, the daemon's CPU and that of every
//! Chromium, and how the daemon spread the sessions. Then, with the most browsers only, the same
//! with a capture running on every agent (at most [`LIVE_CAPTURES_PER_BROWSER`] per browser).

use std::collections::HashMap;
use std::time::Instant;

use futures_util::future::join_all;
use serde::Serialize;
use serde_json::Value;

use super::Config;
use super::agent::{Agent, Mode, PageRun};
use super::fleet::{Browsers, Fleet, LIVE_CAPTURES_PER_BROWSER};
use super::procfs::ProcSample;
use super::scenario::Scenario;
use super::stats::Latency;
use crate::site::Site;

/// The page every agent opens: the matrix's high-traffic page.
const SCENARIO: Scenario = Scenario::HIGH_TRAFFIC;

/// A first, unmeasured opening on every agent, so each browser's renderers and caches are warm.
const WARM: Scenario = Scenario::Traffic {
    bursts: 1,
    burst: 50,
    rate: 0,
    secs: 0,
    bytes: 256,
};

/// The scaling phase's shape.
#[derive(Debug, Clone, Serialize)]
pub struct ScalingConfig {
    /// Browser counts of the one daemon, a row each (e.g. 1, 2, 4).
    pub browsers: Vec<usize>,
    /// Agents (sessions) on the daemon.
    pub agents: usize,
    /// Pages each agent opens, one after another.
    pub pages: usize,
}

/// One browser of the daemon's pool, as `bsk status --json` lists it in `browsers`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct BrowserLoad {
    /// `b1`, `b2`, …
    pub name: String,
    pub connected: bool,
    /// The sessions the daemon placed on it.
    pub sessions: Vec<String>,
    /// Its browser process, for `/proc`.
    pub pid: Option<u32>,
    /// Why it is down, when it is.
    pub down: Option<String>,
    /// Times the daemon launched it: more than 1 after it died and was launched again.
    pub connects: u64,
}

/// One browser count, capture off or on.
#[derive(Debug, Clone, Serialize)]
pub struct ScalingRow {
    pub browsers: usize,
    pub agents: usize,
    /// Agents with a capture running while the pages ran; 0: capture off.
    pub capturing: usize,
    /// Why fewer agents capture than run, when they do.
    pub note: Option<String>,
    /// The pool once the sessions had started.
    pub spread: Vec<BrowserLoad>,
    /// Pages that completed.
    pub pages: usize,
    /// From the first page's start to the last page's end, s.
    pub wall_s: f64,
    /// `pages / wall_s`.
    pub pages_per_s: Option<f64>,
    /// Page-complete times of every page (failed pages counted in `errors`).
    pub page_ms: Latency,
    /// CPU seconds from before the first page to after the last (capturing: until every
    /// capture had gone quiet): the daemon, and every process of every browser.
    pub daemon_cpu_s: f64,
    pub chromium_cpu_s: f64,
    /// Chromium processes alive at the end, every browser's.
    pub chromium_processes: usize,
    /// Requests the captures saw, summed (capturing only).
    pub captured_requests: u64,
    pub errors: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ScalingResult {
    pub config: ScalingConfig,
    pub scenario: Scenario,
    pub rows: Vec<ScalingRow>,
    /// Browser counts whose daemon or sessions did not start.
    pub errors: Vec<String>,
}

/// Runs every browser count of `shape`, then the capturing row with the most browsers.
pub async fn run(
    config: &Config,
    site: &Site,
    shape: &ScalingConfig,
) -> anyhow::Result<ScalingResult> {
    let most = shape.browsers.iter().copied().max();
    let mut result = ScalingResult {
        config: shape.clone(),
        scenario: SCENARIO,
        rows: Vec::new(),
        errors: Vec::new(),
    };
    let mut captured = false;
    for &browsers in &shape.browsers {
        let capture = !captured && Some(browsers) == most;
        captured |= capture;
        config.progress(&format!(
            "scaling: {} agents on {browsers} browsers, {} pages each{}",
            shape.agents,
            shape.pages,
            if capture { ", then capturing" } else { "" }
        ));
        match pool(config, site, shape, browsers, capture).await {
            Ok(rows) => result.rows.extend(rows),
            Err(e) => result.errors.push(format!("{browsers} browsers: {e:#}")),
        }
    }
    Ok(result)
}

/// One daemon with `browsers` browsers: the row without capture and, when `capture`, the row
/// with captures.
async fn pool(
    config: &Config,
    site: &Site,
    shape: &ScalingConfig,
    browsers: usize,
    capture: bool,
) -> anyhow::Result<Vec<ScalingRow>> {
    let name = format!("scale-b{browsers}");
    let fleet = Fleet::start_with(
        config,
        &name,
        site.port(),
        shape.agents,
        shape.agents,
        Browsers::Launched(browsers),
    )
    .await?;
    let tag = |agent: usize, round: &str| format!("{}-{name}-{round}-a{agent}", config.run_tag);
    let mut setup_errors = Vec::new();
    let warm = fleet
        .agents
        .iter()
        .enumerate()
        .map(|(i, a)| a.run_page_as(&WARM, tag(i, "warm"), Mode::Off));
    for run in join_all(warm).await {
        if let Some(e) = run.error {
            setup_errors.push(format!("{}: {e}", run.tag));
        }
    }
    let spread = match fleet.daemons[0].bsk.json(&["daemon", "status"]).await {
        Ok(status) => browser_loads(&status),
        Err(e) => {
            setup_errors.push(format!("status: {e:#}"));
            Vec::new()
        }
    };
    if spread.len() != browsers {
        setup_errors.push(format!(
            "asked for {browsers} browsers, `bsk status` lists {}",
            spread.len()
        ));
    }

    let pool = Pool {
        config,
        site,
        fleet: &fleet,
        browsers,
        spread,
        pages: shape.pages,
    };
    let mut off = pool
        .measure(&[], &|i, p| tag(i, &format!("off-p{p}")))
        .await;
    setup_errors.append(&mut off.errors);
    off.errors = setup_errors;
    let mut rows = vec![off];
    if capture {
        rows.push(pool.capturing(&|i, p| tag(i, &format!("on-p{p}"))).await);
    }
    fleet.shutdown().await?;
    Ok(rows)
}

/// The daemon of one browser count, with its agents.
struct Pool<'a> {
    config: &'a Config,
    site: &'a Site,
    fleet: &'a Fleet,
    browsers: usize,
    spread: Vec<BrowserLoad>,
    pages: usize,
}

impl Pool<'_> {
    /// The row with a capture on as many agents as the pool allows: started before the pages,
    /// stopped after them.
    async fn capturing(&self, tag: &dyn Fn(usize, usize) -> String) -> ScalingRow {
        let agents = &self.fleet.agents;
        let placements: Vec<Option<&str>> =
            agents.iter().map(|a| placement(&self.spread, a)).collect();
        let limit = self.browsers * LIVE_CAPTURES_PER_BROWSER;
        let picked = capturing_agents(&placements, LIVE_CAPTURES_PER_BROWSER, limit);
        let mut errors = Vec::new();
        let starts = picked.iter().map(|&i| async move {
            let started = agents[i]
                .debug(&["start", "--name", &format!("scaling-a{i}")])
                .await;
            (i, started)
        });
        let mut running: Vec<(usize, String)> = Vec::new();
        for (i, started) in join_all(starts).await {
            match started.map(|s| s["run_id"].as_str().map(str::to_owned)) {
                Ok(Some(run_id)) => running.push((i, run_id)),
                Ok(None) => errors.push(format!("a{i}: `debug start` gave no run_id")),
                Err(e) => errors.push(format!("a{i}: starting the capture: {e:#}")),
            }
        }
        let mut row = self.measure(&running, tag).await;
        let stops = running.iter().map(|(i, run_id)| async move {
            (*i, agents[*i].debug(&["stop", "--run-id", run_id]).await)
        });
        for (i, stopped) in join_all(stops).await {
            match stopped {
                Ok(status) => {
                    row.captured_requests +=
                        status["counters"]["requests_seen"].as_u64().unwrap_or(0);
                }
                Err(e) => errors.push(format!("a{i}: stopping the capture: {e:#}")),
            }
        }
        row.note = capture_note(agents.len(), picked.len(), self.browsers);
        if running.is_empty() {
            row.note = Some("no capture started (see the errors)".into());
        }
        errors.append(&mut row.errors);
        row.errors = errors;
        row
    }

    /// Every agent opens the page `pages` times in a row, all agents at once, while `running`
    /// captures (agent index, run id) record.
    async fn measure(
        &self,
        running: &[(usize, String)],
        tag: &dyn Fn(usize, usize) -> String,
    ) -> ScalingRow {
        // Each row's requests stay far from the site log's cap.
        self.site.clear_requests();
        let mut errors = Vec::new();
        let pids: Vec<u32> = self.spread.iter().filter_map(|b| b.pid).collect();
        let daemon = self.fleet.daemons[0].pid;
        let sample = |errors: &mut Vec<String>| {
            ProcSample::read_tree(daemon, &pids).unwrap_or_else(|e| {
                errors.push(format!("/proc: {e:#}"));
                ProcSample::default()
            })
        };
        let before = sample(&mut errors);
        let started = Instant::now();
        let agents = self
            .fleet
            .agents
            .iter()
            .enumerate()
            .map(|(i, a)| async move {
                let mut runs = Vec::new();
                for p in 0..self.pages {
                    runs.push(a.run_page_as(&SCENARIO, tag(i, p), Mode::Off).await);
                }
                runs
            });
        let runs: Vec<PageRun> = join_all(agents).await.into_iter().flatten().collect();
        let wall_s = started.elapsed().as_secs_f64();
        // A capture's work lags its page: its CPU counts until it stops moving.
        let quiet = running
            .iter()
            .map(|(i, run_id)| self.fleet.agents[*i].wait_quiet(run_id));
        for result in join_all(quiet).await {
            if let Err(e) = result {
                errors.push(format!("settle: {e:#}"));
            }
        }
        let after = sample(&mut errors);
        match self.fleet.daemons[0].bsk.json(&["daemon", "status"]).await {
            Ok(status) => errors.extend(pool_changes(&self.spread, &browser_loads(&status))),
            Err(e) => errors.push(format!("status: {e:#}")),
        }

        let mut times = Vec::new();
        for run in &runs {
            match (&run.error, run.page_ms) {
                (Some(e), _) => errors.push(format!("{}: {e}", run.tag)),
                (None, Some(ms)) => times.push(ms),
                (None, None) => {}
            }
        }
        self.config.progress(&format!(
            "scaling: {} browsers{}: {} pages in {wall_s:.1} s",
            self.browsers,
            if running.is_empty() {
                ""
            } else {
                ", capturing"
            },
            times.len()
        ));
        ScalingRow {
            browsers: self.browsers,
            agents: self.fleet.agents.len(),
            capturing: running.len(),
            note: None,
            spread: self.spread.clone(),
            pages: times.len(),
            wall_s,
            pages_per_s: per_second(times.len(), wall_s),
            page_ms: Latency::of(&times, runs.len() - times.len()),
            daemon_cpu_s: after.daemon_cpu_s - before.daemon_cpu_s,
            chromium_cpu_s: after.chromium_cpu_s - before.chromium_cpu_s,
            chromium_processes: after.chromium_processes,
            captured_requests: 0,
            errors,
        }
    }
}

/// The pool in `bsk status --json`'s `browsers`; empty when the daemon lists none.
pub fn browser_loads(status: &Value) -> Vec<BrowserLoad> {
    let Some(browsers) = status["browsers"].as_array() else {
        return Vec::new();
    };
    browsers
        .iter()
        .map(|b| BrowserLoad {
            name: b["name"].as_str().unwrap_or("?").to_owned(),
            connected: b["connected"].as_bool().unwrap_or(false),
            sessions: b["sessions"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|s| s.as_str().map(str::to_owned))
                .collect(),
            pid: b["pid"].as_u64().and_then(|p| u32::try_from(p).ok()),
            down: b["down"].as_str().map(str::to_owned),
            connects: b["connects"].as_u64().unwrap_or(0),
        })
        .collect()
}

/// What happened to the pool while a round ran that makes its numbers suspect: a browser that
/// went down or was launched again.
fn pool_changes(before: &[BrowserLoad], after: &[BrowserLoad]) -> Vec<String> {
    let mut changes = Vec::new();
    for b in after {
        let was = before.iter().find(|x| x.name == b.name);
        let was_down = was.is_some_and(|was| was.down.is_some());
        if let Some(reason) = b.down.as_ref().filter(|_| !was_down) {
            changes.push(format!("{} went down during the round: {reason}", b.name));
        }
        if let Some(was) = was.filter(|was| b.connects > was.connects) {
            changes.push(format!(
                "{} was launched again during the round ({} → {} launches)",
                b.name, was.connects, b.connects
            ));
        }
    }
    changes
}

/// The browser `agent`'s session is on: the pool's list, else what `session start` said.
fn placement<'a>(spread: &'a [BrowserLoad], agent: &'a Agent) -> Option<&'a str> {
    spread
        .iter()
        .find(|b| b.sessions.contains(&agent.session))
        .map(|b| b.name.as_str())
        .or(agent.browser.as_deref())
}

/// Which agents (by index) capture: in order, at most `per_browser` on any one browser and
/// `limit` in all. An agent whose browser is unknown counts against `limit` only.
pub fn capturing_agents(
    placements: &[Option<&str>],
    per_browser: usize,
    limit: usize,
) -> Vec<usize> {
    let mut on_browser: HashMap<&str, usize> = HashMap::new();
    let mut picked = Vec::new();
    for (i, browser) in placements.iter().enumerate() {
        if picked.len() == limit {
            break;
        }
        if let Some(browser) = browser {
            let taken = on_browser.entry(browser).or_default();
            if *taken == per_browser {
                continue;
            }
            *taken += 1;
        }
        picked.push(i);
    }
    picked
}

/// Says so when fewer agents capture than run.
fn capture_note(agents: usize, capturing: usize, browsers: usize) -> Option<String> {
    (capturing < agents).then(|| {
        format!(
            "capturing on {capturing} of {agents} agents: {browsers} browsers hold at most \
             {} live captures ({LIVE_CAPTURES_PER_BROWSER} each)",
            browsers * LIVE_CAPTURES_PER_BROWSER
        )
    })
}

/// `count / secs`, when any time passed.
fn per_second(count: usize, secs: f64) -> Option<f64> {
    (secs > 0.0).then(|| count as f64 / secs)
}

/// Sessions per browser, `4 / 4 / 4 / 4`, with any browser that is down or disconnected named.
pub fn spread_cell(spread: &[BrowserLoad]) -> String {
    if spread.is_empty() {
        return "–".into();
    }
    let counts: Vec<String> = spread
        .iter()
        .map(|b| b.sessions.len().to_string())
        .collect();
    let mut cell = counts.join(" / ");
    for b in spread {
        match (&b.down, b.connected) {
            (Some(reason), _) => cell.push_str(&format!(" ({} down: {reason})", b.name)),
            (None, false) => cell.push_str(&format!(" ({} disconnected)", b.name)),
            (None, true) => {}
        }
    }
    cell
}

impl ScalingRow {
    /// The row's cells: browsers, sessions per browser, pages/s, p50 ms, p99 ms, daemon CPU s,
    /// Chromium CPU s.
    pub fn cells(&self) -> Vec<String> {
        let browsers = match (self.capturing, &self.note) {
            (0, None) => self.browsers.to_string(),
            (n, _) if n == self.agents => {
                format!("{}, capturing on all {n} agents", self.browsers)
            }
            (n, _) => format!(
                "{}, capturing on {n} of {} agents",
                self.browsers, self.agents
            ),
        };
        let fmt = |v: Option<f64>, d: usize| v.map_or_else(|| "–".into(), |v| format!("{v:.d$}"));
        vec![
            browsers,
            spread_cell(&self.spread),
            fmt(self.pages_per_s, 2),
            fmt(self.page_ms.p50_ms, 0),
            fmt(self.page_ms.p99_ms, 0),
            format!("{:.1}", self.daemon_cpu_s),
            format!("{:.1}", self.chromium_cpu_s),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn load(name: &str, sessions: usize) -> BrowserLoad {
        BrowserLoad {
            name: name.into(),
            connected: true,
            sessions: (0..sessions).map(|s| format!("{name}-s{s}")).collect(),
            pid: None,
            down: None,
            connects: 1,
        }
    }

    #[test]
    fn a_browser_lost_during_a_round_is_reported() {
        let before = [load("b1", 8), load("b2", 8)];
        assert!(pool_changes(&before, &before).is_empty());
        let mut relaunched = load("b2", 4);
        relaunched.connects = 2;
        let mut down = load("b1", 0);
        down.down = Some("exited".into());
        let changes = pool_changes(&before, &[down, relaunched]);
        assert_eq!(
            changes,
            [
                "b1 went down during the round: exited",
                "b2 was launched again during the round (1 → 2 launches)"
            ]
        );
    }

    #[test]
    fn reads_the_pool_from_status() {
        let status = json!({
            "browser": {"mode": "launched", "connected": true},
            "browsers": [
                {"name": "b1", "connected": true, "sessions": ["s1", "s3"], "pid": 4242},
                {"name": "b2", "connected": false, "sessions": [], "down": "crashed"},
            ],
        });
        let pool = browser_loads(&status);
        assert_eq!(pool.len(), 2);
        assert_eq!(pool[0].sessions, ["s1", "s3"]);
        assert_eq!((pool[0].pid, pool[1].pid), (Some(4242), None));
        assert_eq!(pool[1].down.as_deref(), Some("crashed"));
        assert!(!pool[1].connected);
        assert!(browser_loads(&json!({"browser": {}})).is_empty());
    }

    #[test]
    fn spread_names_browsers_that_are_down() {
        assert_eq!(spread_cell(&[load("b1", 8), load("b2", 8)]), "8 / 8");
        let mut down = load("b2", 0);
        down.connected = false;
        down.down = Some("exited".into());
        let mut gone = load("b3", 0);
        gone.connected = false;
        assert_eq!(
            spread_cell(&[load("b1", 16), down, gone]),
            "16 / 0 / 0 (b2 down: exited) (b3 disconnected)"
        );
        assert_eq!(spread_cell(&[]), "–");
    }

    #[test]
    fn captures_stay_within_each_browser_bound() {
        // 16 agents spread evenly over 4 browsers: every agent captures.
        let four: Vec<Option<&str>> = (0..16)
            .map(|i| Some(["b1", "b2", "b3", "b4"][i % 4]))
            .collect();
        assert_eq!(capturing_agents(&four, 4, 16).len(), 16);
        // Over 2 browsers: 4 on each, 8 in all.
        let two: Vec<Option<&str>> = (0..16).map(|i| Some(["b1", "b2"][i % 2])).collect();
        assert_eq!(capturing_agents(&two, 4, 8), [0, 1, 2, 3, 4, 5, 6, 7]);
        // Placed unevenly: a full browser's agents are skipped, not the limit's.
        let uneven = [Some("b1"); 6]
            .into_iter()
            .chain([Some("b2"); 2])
            .collect::<Vec<_>>();
        assert_eq!(capturing_agents(&uneven, 4, 8), [0, 1, 2, 3, 6, 7]);
        // Placement unknown: only the limit applies.
        assert_eq!(capturing_agents(&[None; 10], 4, 8).len(), 8);
    }

    #[test]
    fn the_capturing_row_says_when_it_captures_on_fewer_agents() {
        assert_eq!(capture_note(16, 16, 4), None);
        let note = capture_note(16, 8, 2).expect("a note");
        assert!(
            note.contains("8 of 16") && note.contains("at most 8"),
            "{note}"
        );

        let row = ScalingRow {
            browsers: 2,
            agents: 16,
            capturing: 8,
            note: Some(note),
            spread: vec![load("b1", 8), load("b2", 8)],
            pages: 48,
            wall_s: 24.0,
            pages_per_s: per_second(48, 24.0),
            page_ms: Latency::of(&[1000.0, 2000.0, 3000.0], 0),
            daemon_cpu_s: 1.34,
            chromium_cpu_s: 30.0,
            chromium_processes: 40,
            captured_requests: 0,
            errors: Vec::new(),
        };
        assert_eq!(
            row.cells(),
            [
                "2, capturing on 8 of 16 agents",
                "8 / 8",
                "2.00",
                "2000",
                "3000",
                "1.3",
                "30.0"
            ]
        );
        let none_started = ScalingRow {
            capturing: 0,
            note: Some("no capture started".into()),
            ..row.clone()
        };
        assert_eq!(none_started.cells()[0], "2, capturing on 0 of 16 agents");
        let off = ScalingRow {
            capturing: 0,
            note: None,
            pages_per_s: per_second(0, 0.0),
            ..row
        };
        assert_eq!(off.cells()[..3], ["2", "8 / 8", "–"]);
    }
}
