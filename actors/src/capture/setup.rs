//! What a capture turns on in each target it records, as CDP commands the runtime sends.

use serde_json::{Value, json};

use crate::bounds::{BROWSER_BUFFER_PER_RESOURCE, BROWSER_BUFFER_PER_TARGET};

/// `Network.enable` with the contract's buffers ("2 MiB per target, 256 KiB per resource") and
/// durable messages, so bodies survive the navigation that follows a form submit.
pub fn network_enable() -> Value {
    json!({
        "maxTotalBufferSize": BROWSER_BUFFER_PER_TARGET,
        "maxResourceBufferSize": BROWSER_BUFFER_PER_RESOURCE,
        "enableDurableMessages": true,
    })
}

/// The commands that set capture up on a worker target: its requests when the capture records
/// workers, and its console always (from `Runtime`, at the levels the worker used; the page's
/// `Log` copy of a worker's console is not recorded).
pub fn worker_setup(records_workers: bool) -> Vec<(&'static str, Value)> {
    let mut setup = Vec::new();
    if records_workers {
        setup.push(("Network.enable", network_enable()));
    }
    setup.push(("Runtime.enable", json!({})));
    setup
}

/// The commands that set capture up on an iframe target.
pub fn target_setup() -> Vec<(&'static str, Value)> {
    vec![
        ("Network.enable", network_enable()),
        ("Runtime.enable", json!({})),
        ("Log.enable", json!({})),
    ]
}
