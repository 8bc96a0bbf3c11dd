//! The normal workflow end to end: the real `bsk` binary, its auto-spawned daemon, a real
//! headless Chromium and the scenario [`Site`](bsk_load_tests::site::Site). Each test has its own
//! state dir, so its own daemon and browser; effects are checked in the page (`window.__events`,
//! the DOM, the accessibility snapshot), not only through exit codes.

#[path = "../common/mod.rs"]
mod common;

mod daemon;
mod errors;
mod forms;
mod pages;
mod pool;
mod prompt;
mod sessions;
mod tabs;
mod user_tabs;

use serde_json::Value;

pub fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|v| v.as_str().map(str::to_string))
        .collect()
}
