//! The same scenarios through what a user would pick instead of bsk: Playwright's HAR recorder
//! (`load-tests/playwright/har.mjs`) and chrome-devtools-mcp (`devtools-mcp.mjs`). Both run
//! their own headless Chromium from the same executable, one agent, and are matched against
//! the same server log.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, bail};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::Config;
use super::scenario::Scenario;
use super::stats::{median, ratio};
use crate::site::Site;

/// Where the scripts and their `node_modules` live, and the `node` to run them with.
#[derive(Debug, Clone)]
pub struct NodeTools {
    pub dir: PathBuf,
    pub node: PathBuf,
    /// Also run chrome-devtools-mcp.
    pub devtools_mcp: bool,
}

/// A tool compared with bsk.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Playwright's HAR recorder: recording on or off per browser context.
    PlaywrightHar,
    /// chrome-devtools-mcp: always records the selected page; no off switch.
    DevtoolsMcp,
}

impl Tool {
    fn script(self) -> &'static str {
        match self {
            Tool::PlaywrightHar => "har.mjs",
            Tool::DevtoolsMcp => "devtools-mcp.mjs",
        }
    }

    fn package(self) -> &'static str {
        match self {
            Tool::PlaywrightHar => "playwright-core",
            Tool::DevtoolsMcp => "chrome-devtools-mcp",
        }
    }

    fn short(self) -> &'static str {
        match self {
            Tool::PlaywrightHar => "pw",
            Tool::DevtoolsMcp => "mcp",
        }
    }

    /// Whether recording can be turned off, so an overhead ratio exists.
    fn has_off(self) -> bool {
        self == Tool::PlaywrightHar
    }

    /// Whether the driver can perform the form scenario's operations through it.
    fn drives_forms(self) -> bool {
        self == Tool::PlaywrightHar
    }
}

/// One scenario through one tool.
#[derive(Debug, Clone, Serialize)]
pub struct ToolScenario {
    pub name: String,
    /// Median page-complete time with recording on, ms.
    pub page_ms_on: Option<f64>,
    /// Median page-complete time with recording off, ms (tools that can turn it off).
    pub page_ms_off: Option<f64>,
    /// `page_ms_on / page_ms_off`.
    pub overhead: Option<f64>,
    /// Requests the server saw during the recording runs.
    pub server_seen: u64,
    /// Of those, how many the tool recorded (matched by method and URL).
    pub recorded: u64,
    /// Recorded with response body text.
    pub recorded_with_body: u64,
    pub runs: usize,
    pub errors: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub struct ToolResult {
    pub tool: String,
    pub version: String,
    pub scenarios: Vec<ToolScenario>,
}

#[derive(Debug, Deserialize)]
struct Answer {
    version: String,
    results: Vec<RunAnswer>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RunAnswer {
    tag: String,
    /// HAR runs say whether they recorded; chrome-devtools-mcp always does.
    #[serde(default = "yes")]
    har: bool,
    page_ms: Option<f64>,
    error: Option<String>,
    entries: Vec<Entry>,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
struct Entry {
    method: String,
    url: String,
    body: bool,
}

/// Runs `scenarios` through `tool`: a warm-up, then `config.reps` recording runs (interleaved
/// with as many non-recording runs when the tool has an off switch).
pub async fn run(
    config: &Config,
    tools: &NodeTools,
    tool: Tool,
    site: &Site,
    scenarios: &[Scenario],
) -> anyhow::Result<ToolResult> {
    config.progress(&format!("{}: the same scenarios, 1 agent", tool.package()));
    if !tools.dir.join("node_modules").join(tool.package()).exists() {
        bail!(
            "{} is not installed in {}; run `npm ci` there (or `make bench`)",
            tool.package(),
            tools.dir.display()
        );
    }
    site.clear_requests();
    let har_dir = config.work_dir.join("har");
    std::fs::create_dir_all(&har_dir)
        .with_context(|| format!("cannot create {}", har_dir.display()))?;
    let scenarios: Vec<Scenario> = scenarios
        .iter()
        .filter(|s| tool.drives_forms() || **s != Scenario::Form)
        .copied()
        .collect();
    let mut runs = Vec::new();
    for scenario in &scenarios {
        let mut add = |round: String, on: bool| {
            let tag = format!(
                "{}-{}-{}-{round}",
                config.run_tag,
                tool.short(),
                scenario.name()
            );
            let url = format!("http://a0.localhost:{}{}", site.port(), scenario.path(&tag));
            runs.push(json!({
                "tag": tag, "url": url, "har": on, "form": *scenario == Scenario::Form,
                "deadlineMs": scenario.deadline().as_millis() as u64,
            }));
        };
        add("warm".into(), !tool.has_off());
        for rep in 0..config.reps {
            if !tool.has_off() {
                add(format!("r{rep}-on"), true);
                continue;
            }
            let order = if rep % 2 == 0 {
                [true, false]
            } else {
                [false, true]
            };
            for on in order {
                add(format!("r{rep}-{}", if on { "on" } else { "off" }), on);
            }
        }
    }
    let job_path = config.work_dir.join(format!("{}-job.json", tool.short()));
    let job = json!({"chromium": config.chromium, "harDir": har_dir, "runs": runs});
    std::fs::write(&job_path, serde_json::to_vec_pretty(&job)?)
        .with_context(|| format!("cannot write {}", job_path.display()))?;

    let budget: Duration =
        scenarios.iter().map(|s| s.deadline()).sum::<Duration>() * (2 * config.reps as u32 + 1);
    let output = tokio::time::timeout(
        budget,
        tokio::process::Command::new(&tools.node)
            .arg(tools.dir.join(tool.script()))
            .arg(&job_path)
            .kill_on_drop(true)
            .output(),
    )
    .await
    .with_context(|| format!("{} did not finish within {budget:?}", tool.script()))?
    .with_context(|| format!("could not run {}", tools.node.display()))?;
    if !output.status.success() {
        bail!(
            "{} failed ({}): {}",
            tool.script(),
            output.status,
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let answer: Answer = serde_json::from_slice(&output.stdout)
        .with_context(|| format!("{} printed something unexpected", tool.script()))?;
    Ok(ToolResult {
        tool: tool.package().to_owned(),
        version: answer.version,
        scenarios: scenarios
            .iter()
            .map(|scenario| summarize(config, tool, site, scenario, &answer.results))
            .collect(),
    })
}

fn summarize(
    config: &Config,
    tool: Tool,
    site: &Site,
    scenario: &Scenario,
    results: &[RunAnswer],
) -> ToolScenario {
    let prefix = format!("{}-{}-{}-r", config.run_tag, tool.short(), scenario.name());
    let mine: Vec<&RunAnswer> = results
        .iter()
        .filter(|r| r.tag.starts_with(&prefix))
        .collect();
    let times = |on: bool| -> Vec<f64> {
        mine.iter()
            .filter(|r| r.har == on && r.error.is_none())
            .filter_map(|r| r.page_ms)
            .collect()
    };
    let (on, off) = (median(&times(true)), median(&times(false)));
    let mut result = ToolScenario {
        name: scenario.name().to_owned(),
        page_ms_on: on,
        page_ms_off: off,
        overhead: ratio(on, off),
        server_seen: 0,
        recorded: 0,
        recorded_with_body: 0,
        runs: mine.len(),
        errors: mine
            .iter()
            .filter_map(|r| r.error.as_ref().map(|e| format!("{}: {e}", r.tag)))
            .collect(),
    };
    if site.requests_dropped() > 0 {
        result.errors.push(format!(
            "the site's request log is full ({} requests not logged): counts are incomplete",
            site.requests_dropped()
        ));
    }
    for run in mine.iter().filter(|r| r.har) {
        let mut seen: HashMap<(String, String), u64> = HashMap::new();
        for request in site.requests_tagged(&run.tag) {
            result.server_seen += 1;
            *seen
                .entry((request.method.clone(), request.url()))
                .or_default() += 1;
        }
        for entry in &run.entries {
            if let Some(left) = seen.get_mut(&(entry.method.clone(), entry.url.clone()))
                && *left > 0
            {
                *left -= 1;
                result.recorded += 1;
                result.recorded_with_body += u64::from(entry.body);
            }
        }
    }
    result
}
