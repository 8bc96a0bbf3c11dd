//! Operation evidence end to end: agent operations and their field chains, manual input recorded
//! by the page observer, duplicate suppression, redaction of credential fields, follow-up page
//! observations and their bounds, what stopping or crashing a capture does to pending typing
//! and to the page, what an action gives back, and seeing the page: screenshots, emulation,
//! drag and actions named by what they acted on.
//!
//! Agent operations run through the real `bsk` binary. Manual input comes from a second CDP
//! client ([`Manual`](common::manual::Manual)) connected to the daemon's browser, dispatching
//! trusted `Input.*` events on the session's tab outside any agent operation — the way a person
//! at the keyboard would. Every wait polls the evidence with a deadline; the only deliberate
//! pauses are the pacing of keys within a typing burst and stepping past an agent operation's
//! suppression grace or a page's settling time.

#[path = "../common/mod.rs"]
mod common;

mod actions;
mod agent;
mod coalescing;
mod explains;
mod follow_ups;
mod manual;
mod observer;
mod observer_bounds;
mod observer_release;
mod redaction;
mod seeing;

use crate::common::Session;
use crate::common::evidence::operations;
use crate::common::manual::now_ms;
use crate::common::snapshot::ref_in;

/// Manual events this long after an agent navigation may still be taken for the agent's own
/// (the observer's navigation grace is 1.5 s; input grace is shorter). Manual phases start past it.
pub const AGENT_GRACE_MS: u64 = 1_600;

/// The latest agent operation's end: manual input must come after its grace period.
pub async fn last_agent_end(s: &Session<'_>) -> u64 {
    operations(s)
        .await
        .iter()
        .filter(|o| o["source"] == "agent")
        .filter_map(|o| o["ended_at"].as_u64())
        .max()
        .unwrap_or_else(now_ms)
}

pub fn button(snapshot: &str, name: &str) -> String {
    let lines: Vec<&str> = snapshot.lines().collect();
    ref_in(&lines, &format!("button \"{name}\""))
}
