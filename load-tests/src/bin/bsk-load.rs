//! `bsk-load`: runs the load driver and writes its report (`make bench`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use bsk_load_tests::driver::{self, Config, Scenario};

const USAGE: &str = "\
Measure bsk under load: parallel agents capturing through the real `bsk` binary against the
scenario site, side by side with Playwright's HAR recorder and chrome-devtools-mcp. Writes report.json and report.md.

Usage: bsk-load --bsk PATH [options]

Options:
  --bsk PATH            The bsk binary to measure (use a --release build).
  --out DIR             Where the report, state dirs and HAR files go (default load-tests/out).
  --quick               Fewer repetitions, 1 and 4 agents, shorter phases (a few minutes).
  --parallel LIST       Agents at once, e.g. 1,4,16 (4 per daemon; more agents, more daemons).
  --reps N              Capture-on and capture-off openings per agent and scenario (default 5;
                        3 beyond 4 agents).
  --wide-reps N         The same beyond 4 agents, where each opening takes far longer (default
                        3, or --reps when fewer).
  --scenarios LIST      Some of: traffic,burst,bodies,binary,frames,console,form.
  --chromium PATH       The browser (default $BSK_CHROMIUM or /usr/bin/chromium).
  --throttled           Launch bsk's Chromium as shipped, with background-tab throttling.
  --pool                Run each parallelism of the matrix on one daemon with a pool of
                        browsers (one per 4 agents) instead of a daemon per 4 agents.
  --no-floor            Run the matrix without the floor mode, on browsers bsk launches (CDP
                        over its pipe, as bsk runs by default) rather than ones the bench
                        launches with a DevTools port for the floor client.
  --record-cdp FILE      Only record one traffic page's CDP events into FILE (the fixture of
                        the event → store benchmark, actors/benches/store.rs), then exit.
  --scaling-browsers LIST
                        Browser counts of the scaling phase, one daemon started with
                        `--browsers B` each (default 1,2,4; the most also runs with capture).
  --scaling-agents N    Agents (sessions) on that daemon (default 16).
  --scaling-pages N     Traffic pages each agent opens in a row (default 3; 1 with --quick).
  --no-matrix, --no-latency, --no-memory, --no-load-memory, --no-scaling, --no-growth,
  --no-playwright, --no-devtools-mcp
                        Skip a phase (--no-playwright skips both comparisons; --no-load-memory
                        the load-profile capture's memory).
  -h, --help            Show this help.

Example:
  cargo build --release --workspace --bins
  target/release/bsk-load --bsk target/release/bsk";

#[tokio::main]
async fn main() -> ExitCode {
    // Stopped by a signal, the run is dropped: its daemons stop (and take their Chromiums with
    // them) and the browsers the bench launched are killed, rather than outliving the bench.
    let outcome = tokio::select! {
        outcome = run() => outcome,
        signal = interrupted() => Err(anyhow::anyhow!(
            "stopped by {signal}; the daemons and browsers this run started are stopped, no report written"
        )),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Waits for SIGINT or SIGTERM, and names it.
async fn interrupted() -> &'static str {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut terminate), Ok(mut interrupt)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = terminate.recv() => "SIGTERM",
        _ = interrupt.recv() => "SIGINT",
    }
}

fn parse(args: Vec<String>) -> anyhow::Result<Option<(Config, PathBuf)>> {
    let mut bsk = None;
    let mut out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("out");
    let mut quick = false;
    let mut edits: Vec<(String, Option<String>)> = Vec::new();
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .with_context(|| format!("{name} needs a value; see --help"))
        };
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--bsk" => bsk = Some(PathBuf::from(value("--bsk")?)),
            "--out" => out = PathBuf::from(value("--out")?),
            "--quick" => quick = true,
            "--parallel" | "--reps" | "--wide-reps" | "--scenarios" | "--chromium"
            | "--record-cdp" | "--scaling-browsers" | "--scaling-agents" | "--scaling-pages" => {
                let v = value(&arg)?;
                edits.push((arg, Some(v)));
            }
            "--throttled" | "--pool" | "--no-floor" | "--no-matrix" | "--no-latency"
            | "--no-memory" | "--no-load-memory" | "--no-scaling" | "--no-growth"
            | "--no-playwright" | "--no-devtools-mcp" => {
                edits.push((arg, None));
            }
            other => bail!("unknown argument {other:?}\n\n{USAGE}"),
        }
    }
    let bsk = bsk.context("--bsk PATH is required (e.g. --bsk target/release/bsk)")?;
    let bsk = std::fs::canonicalize(&bsk)
        .with_context(|| format!("no bsk binary at {}; build it first", bsk.display()))?;
    std::fs::create_dir_all(&out).with_context(|| format!("cannot create {}", out.display()))?;
    let out = std::fs::canonicalize(&out)?;
    let mut config = if quick {
        Config::quick(&bsk, &out)
    } else {
        Config::full(&bsk, &out)
    };
    let mut wide_reps = None;
    for (flag, value) in edits {
        let value = value.unwrap_or_default();
        match flag.as_str() {
            "--parallel" => config.parallelism = numbers(&value, "--parallel")?,
            "--reps" => {
                config.reps = value
                    .parse()
                    .with_context(|| format!("--reps {value:?} is not a number"))?;
                config.wide_reps = config.wide_reps.min(config.reps);
            }
            "--scenarios" => {
                let names: Vec<&str> = value.split(',').map(str::trim).collect();
                let pick = |list: &[Scenario]| -> Vec<Scenario> {
                    list.iter()
                        .filter(|s| names.contains(&s.name()))
                        .copied()
                        .collect()
                };
                config.scenarios = pick(&config.scenarios);
                config.wide_scenarios = pick(&config.wide_scenarios);
                if config.scenarios.is_empty() {
                    bail!(
                        "--scenarios {value:?} names none of traffic,burst,bodies,binary,frames,console,form"
                    );
                }
            }
            "--wide-reps" => {
                wide_reps = Some(
                    value
                        .parse()
                        .with_context(|| format!("--wide-reps {value:?} is not a number"))?,
                );
            }
            "--chromium" => config.chromium = PathBuf::from(value),
            "--record-cdp" => config.record_cdp = Some(PathBuf::from(value)),
            "--throttled" => config.unthrottled = false,
            "--pool" => config.matrix_pool = true,
            "--no-floor" => config.matrix_floor = false,
            "--no-matrix" => config.parallelism.clear(),
            "--no-latency" => config.latency_parallelism.clear(),
            "--no-memory" => config.memory = None,
            "--no-load-memory" => config.load_memory = None,
            "--no-scaling" => config.scaling = None,
            // With --no-scaling anywhere on the line, these change nothing.
            "--scaling-browsers" => {
                if let Some(scaling) = &mut config.scaling {
                    scaling.browsers = numbers(&value, "--scaling-browsers")?;
                }
            }
            "--scaling-agents" => {
                if let Some(scaling) = &mut config.scaling {
                    scaling.agents = number(&value, "--scaling-agents")?;
                }
            }
            "--scaling-pages" => {
                if let Some(scaling) = &mut config.scaling {
                    scaling.pages = number(&value, "--scaling-pages")?;
                }
            }
            "--no-growth" => config.growth_rates.clear(),
            "--no-playwright" => config.compare = None,
            "--no-devtools-mcp" => {
                if let Some(tools) = &mut config.compare {
                    tools.devtools_mcp = false;
                }
            }
            _ => unreachable!("every flag pushed above is handled"),
        }
    }
    // Whatever the order of the flags: `--reps` lowers the default, not an explicit value.
    if let Some(n) = wide_reps {
        config.wide_reps = n;
    }
    Ok(Some((config, out)))
}

fn numbers(list: &str, flag: &str) -> anyhow::Result<Vec<usize>> {
    list.split(',')
        .map(|n| {
            n.trim()
                .parse::<usize>()
                .ok()
                .filter(|n| *n > 0)
                .with_context(|| format!("{flag} {list:?}: {n:?} is not a positive number"))
        })
        .collect()
}

fn number(value: &str, flag: &str) -> anyhow::Result<usize> {
    let [n] = numbers(value, flag)?[..] else {
        bail!("{flag} {value:?} is not one positive number");
    };
    Ok(n)
}

async fn run() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = std::iter::once("bsk-load".to_owned())
        .chain(args.iter().cloned())
        .collect::<Vec<_>>()
        .join(" ");
    let Some((mut config, out)) = parse(args)? else {
        println!("{USAGE}");
        return Ok(());
    };
    config.command = command;
    if let Some(file) = config.record_cdp.clone() {
        driver::record_cdp(&config, &file).await?;
        eprintln!(
            "recorded one traffic page's CDP events into {}",
            file.display()
        );
        return Ok(());
    }
    let report = driver::run(&config).await?;
    let json = out.join("report.json");
    let markdown = out.join("report.md");
    std::fs::write(&json, serde_json::to_vec_pretty(&report)?)
        .with_context(|| format!("cannot write {}", json.display()))?;
    let tables = report.markdown();
    std::fs::write(&markdown, &tables)
        .with_context(|| format!("cannot write {}", markdown.display()))?;
    println!("{tables}");
    eprintln!("wrote {} and {}", json.display(), markdown.display());
    Ok(())
}
