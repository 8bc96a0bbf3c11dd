//! `bsk`: a CLI and a local daemon that drive a real Chromium tab a session owns.
//!
//! # Layout
//!
//! - [`cli`]: the command line (clap); [`command`] runs it against the daemon; [`output`]
//!   prints results and errors for people (`--json` for programs).
//! - [`client`]: the CLI's side of the Unix socket, starting the daemon when needed.
//! - [`mcp`]: `bsk mcp`, the MCP server on stdio, another client of the same daemon.
//! - [`daemon`]: the daemon (socket server, handlers, the pool of browsers, `bsk debug`, the
//!   evidence page, login state).
//! - [`browser`]: finding and launching Chromium, or resolving `--cdp-url`.
//! - [`extension`]: the bsk extension's embedded files and the link that stores history in it.
//! - [`cdp`]: the one ordered CDP client per browser (over a pipe or a WebSocket) and its session
//!   router.
//! - [`session`] and [`tab`]: sessions, the tabs they own, and each tab's event pump.
//! - [`capture`]: the daemon's side of capture: the registry of live captures, ownership of
//!   reads, and the adapter through which the capture actors command the browser.
//! - [`ops`]: the normal workflow operations (navigate, observe, click, fill, drag, emulate, …).
//! - [`screenshot`]: pictures of a session's tab, sensitive fields masked.
//! - [`events`]: operation started/ended events for the capture runtime.
//! - [`heap`]: the daemon's own memory (a counting allocator and RSS), for `daemon status`.
//! - [`state_file`]: the login-state files of `session start --state` and `session save-state`.
//! - [`logfile`]: the daemon's log, rotated at a bound.
//! - [`paths`], [`error`]: the state dir and the failure type.
//! - [`tasks`]: spawning background work whose end is always watched.

pub mod browser;
pub mod capture;
pub mod cdp;
pub mod cli;
pub mod client;
pub mod command;
pub mod daemon;
pub mod error;
pub mod extension;
pub mod heap;
pub mod logfile;
pub mod mcp;
pub mod ops;
pub mod output;
pub mod paths;
pub mod screenshot;
pub mod session;
pub mod state_file;
pub mod tab;
pub mod tasks;
pub mod test_hooks;
