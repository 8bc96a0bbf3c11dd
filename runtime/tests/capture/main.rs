//! Website-debugging capture end to end: the real `bsk` binary and daemon, a real headless
//! Chromium and the scenario [`Site`](bsk_load_tests::site::Site). Each test owns a state dir, so
//! its own daemon and browser. Evidence is read back only through `bsk debug …` (mostly `--json`)
//! and compared with what the page and the site saw; every wait polls the evidence with a
//! deadline.
//!
//! One module per concern: traffic and its reads, bodies, frames and tabs, bounds, secrets,
//! the capture's lifecycle and ownership, the export, workers.

#[path = "../common/mod.rs"]
mod common;

mod bodies;
mod bounds;
mod buffers;
mod contract;
mod export;
mod frame_setup;
mod frames;
mod lifecycle;
mod network;
mod secrets;
mod workers;
