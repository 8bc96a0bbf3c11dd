//! `bsk-site`: serves the scenario site until killed. Used by `make demo`.

use std::process::ExitCode;

use anyhow::Context as _;
use bsk_load_tests::site::Site;

const DEFAULT_PORT: u16 = 8787;

const USAGE: &str = "\
Serve bsk's scenario and demo web site on 127.0.0.1 until interrupted.

Usage: bsk-site [--port N]

Options:
  --port N    Port to listen on (default 8787; 0 picks a free port).
              Any *.localhost hostname reaches the same site, e.g.
              http://b.localhost:8787/ for a cross-site frame.
  -h, --help  Show this help.";

fn parse_port(mut args: impl Iterator<Item = String>) -> anyhow::Result<Option<u16>> {
    let mut port = DEFAULT_PORT;
    while let Some(arg) = args.next() {
        let value = match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--port" => args
                .next()
                .context("--port needs a value, e.g. --port 8787")?,
            other => match other.strip_prefix("--port=") {
                Some(value) => value.to_owned(),
                None => anyhow::bail!("unknown argument {other:?}\n\n{USAGE}"),
            },
        };
        port = value
            .parse()
            .with_context(|| format!("--port {value:?} is not a port number (0 to 65535)"))?;
    }
    Ok(Some(port))
}

#[tokio::main]
async fn main() -> ExitCode {
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> anyhow::Result<()> {
    let Some(port) = parse_port(std::env::args().skip(1))? else {
        println!("{USAGE}");
        return Ok(());
    };
    let site = Site::start_on(port).await?;
    println!("serving http://127.0.0.1:{}/", site.port());
    tokio::signal::ctrl_c()
        .await
        .context("could not wait for Ctrl-C")?;
    site.shutdown().await
}
