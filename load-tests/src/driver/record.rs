//! `bsk-load --record-cdp FILE`: records the CDP events of one traffic page, exactly as the
//! browser sends them, for the event → store benchmark (`actors/benches/store.rs`). A
//! recording client attaches beside bsk (as the floor client does), the page runs without a
//! capture, and every event message becomes one line of the file.

use std::path::Path;

use anyhow::Context as _;

use super::Config;
use super::fleet::{Browsers, Fleet};
use super::floor::Floor;
use super::scenario::Scenario;
use crate::site::Site;

/// The page recorded: a burst of 100 fetches, then 50 fetches/s for 1 s (about 150 requests).
pub const RECORDED: Scenario = Scenario::Traffic {
    bursts: 1,
    burst: 100,
    rate: 50,
    secs: 1,
    bytes: 256,
};

/// Records [`RECORDED`] into `out`.
pub async fn record_cdp(config: &Config, out: &Path) -> anyhow::Result<()> {
    let site = Site::start().await?;
    let fleet =
        Fleet::start_with(config, "record", site.port(), 1, 1, Browsers::Attached(1)).await?;
    let agent = &fleet.agents[0];
    agent.op(&["navigate", "about:blank"]).await?;
    let file =
        std::fs::File::create(out).with_context(|| format!("cannot create {}", out.display()))?;
    let floor = Floor::attach_recording(&agent.bsk, &agent.session, Some(file)).await?;
    agent.page(&RECORDED, "rec").await?;
    // Let the last events arrive.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    drop(floor);
    fleet.shutdown().await?;
    site.shutdown().await?;
    Ok(())
}
