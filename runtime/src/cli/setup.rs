//! Sessions, tabs, the daemon and its pool of browsers, and the extension.

use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Subcommand)]
pub enum ExtensionCommand {
    /// Write the unpacked extension under the state dir and print its folder.
    Path,
    /// Print the extension's id (fixed by the key in its manifest).
    Id,
}

#[derive(Debug, Subcommand)]
pub enum DaemonCommand {
    /// Start the daemon in the background (commands also start it on demand).
    #[command(
        long_about = "Start the daemon in the background (commands also start it on demand).\n\nOne daemon can drive a pool of browsers: --browsers N launches N Chromiums (b1 … bN), and \
--cdp-url, given once per browser, attaches to browsers that run elsewhere (a browser grid, \
headless-Chromium containers). Each new session goes to the browser with the fewest sessions \
(`bsk session start --browser b2` pins it); each browser holds at most 4 running captures; a \
browser that dies ends only its own sessions and is launched again when next needed. \
`config.json` in the state dir may set `\"browsers\": N` or `\"cdp_url\"` as one URL or a list."
    )]
    Start {
        #[command(flatten)]
        pool: PoolFlags,
        #[command(flatten)]
        display: DisplayFlags,
    },
    /// Stop the daemon, its sessions and the browser it launched.
    Stop,
    /// Is the daemon running? Prints what `bsk status` does, or `daemon not running`; unlike
    /// `bsk status`, it never starts a daemon.
    Status,
    /// Run the daemon in the foreground (what `start` runs in the background).
    #[command(hide = true)]
    Run {
        #[command(flatten)]
        pool: PoolFlags,
        #[command(flatten)]
        display: DisplayFlags,
    },
}

/// The daemon's browsers: launched ones, or ones that run elsewhere.
#[derive(Debug, Clone, Default, Args)]
pub struct PoolFlags {
    /// Attach to a running browser (ws://…/devtools/browser/… or http://host:port) instead of
    /// launching Chromium. Give it once per browser for a pool of them.
    #[arg(long, value_name = "URL")]
    pub cdp_url: Vec<String>,
    /// Launch this many Chromiums (1 to 16) and spread sessions over them.
    #[arg(long, value_name = "N", conflicts_with = "cdp_url",
          value_parser = clap::value_parser!(u8).range(1..=16))]
    pub browsers: Option<u8>,
}

impl PoolFlags {
    /// Whether any was given.
    pub fn given(&self) -> bool {
        !self.cdp_url.is_empty() || self.browsers.is_some()
    }

    /// The same flags, to pass on to `bsk daemon run`.
    pub fn args(&self) -> Vec<String> {
        let mut args: Vec<String> = self
            .cdp_url
            .iter()
            .flat_map(|url| ["--cdp-url".to_string(), url.clone()])
            .collect();
        if let Some(n) = self.browsers {
            args.extend(["--browsers".to_string(), n.to_string()]);
        }
        args
    }
}

/// Whether the Chromium bsk launches shows its windows. By default it does exactly when there is
/// a display (`DISPLAY` or `WAYLAND_DISPLAY`), so a person next to the agent can watch it and
/// open the extension; `"headless": true|false` in the state dir's `config.json` sets a default.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct DisplayFlags {
    /// Launch Chromium without windows, even with a display.
    #[arg(long, conflicts_with = "headful")]
    pub headless: bool,
    /// Launch Chromium with windows (needs a display).
    #[arg(long)]
    pub headful: bool,
}

impl DisplayFlags {
    /// `Some(headless)` when a flag was given.
    pub fn choice(self) -> Option<bool> {
        match (self.headless, self.headful) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        }
    }

    /// The same flags, to pass on to `bsk daemon run`.
    pub fn args(self) -> Vec<String> {
        match self.choice() {
            Some(true) => vec!["--headless".into()],
            Some(false) => vec!["--headful".into()],
            None => Vec::new(),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum SessionCommand {
    /// Create a session with a new tab and print its id.
    #[command(long_about = "Create a session with a new tab and print its id.\n\n\
Each session's tab gets a private browser profile of its own: cookies, storage and cache live in \
memory and end with the session, so two sessions can log in to the same site as different users \
and nothing they saw stays on disk. --shared-profile uses the browser's own profile instead (its \
logins and cookies), for a person who wants the agent to work as them.")]
    Start {
        /// A label shown in lists.
        #[arg(long)]
        name: Option<String>,
        /// Use the browser's own profile (logins, cookies, cache) instead of a private one.
        /// Without this or --private-profile, the bsk extension's preference decides (private
        /// when none is set).
        #[arg(long, conflicts_with = "private_profile")]
        shared_profile: bool,
        /// A private profile for the session's tab, whatever the extension's preference says.
        #[arg(long)]
        private_profile: bool,
        /// JavaScript dialogs (alert, confirm, prompt, beforeunload): `ask` leaves each open for
        /// `bsk dialog accept|dismiss` (the operation that opened it says so); `accept` and
        /// `dismiss` answer at once. Without it, the bsk extension's preference decides (`ask`
        /// when none is set).
        #[arg(long, value_enum)]
        dialogs: Option<DialogsArg>,
        /// Start a capture of the new tab before anything loads in it, optionally named: the
        /// first request is recorded (`bsk debug start` later misses what came before it).
        #[arg(long, value_name = "NAME", num_args = 0..=1, default_missing_value = "")]
        capture: Option<String>,
        /// Start logged in: cookies and local storage from a storage-state file (written by
        /// `bsk session save-state`, or by Playwright's `storageState`).
        #[arg(long, value_name = "FILE")]
        state: Option<std::path::PathBuf>,
        /// Open HTTPS pages whose certificate the browser does not trust, such as a dev server's
        /// self-signed one on https://localhost. This session's private profile only (not with
        /// --shared-profile); captured responses are marked `untrusted_certificate`.
        #[arg(long)]
        ignore_certificate_errors: bool,
        /// Run in this browser of the daemon's pool (`b1`, `b2`, …; see `bsk status`) rather than
        /// the one with the fewest sessions.
        #[arg(long, value_name = "NAME")]
        browser: Option<String>,
    },
    /// Save a session's login state (cookies, and the local storage of the origins open in its
    /// tabs) to a file, mode 0600, in Playwright's storage-state shape.
    SaveState {
        file: std::path::PathBuf,
        #[arg(long, env = "BSK_SESSION")]
        session: String,
    },
    /// Stop a session: close its tab and return borrowed tabs.
    Stop {
        id: Option<String>,
        /// Stop every session.
        #[arg(long, conflicts_with = "id")]
        all: bool,
    },
    /// List sessions and their tabs.
    List,
}

#[derive(Debug, Subcommand)]
pub enum TabCommand {
    /// List the browser's tabs: created (by a session, popups it opened included, with their
    /// opener), borrowed, or user (no session).
    List {
        /// Only this session's tabs.
        #[arg(long)]
        session: Option<String>,
    },
    /// Let a session drive a user tab until it is returned or the session stops.
    Borrow {
        tab_id: String,
        #[arg(long, env = "BSK_SESSION")]
        session: String,
    },
    /// Hand a borrowed tab back to its user (it stays open).
    Return {
        tab_id: String,
        #[arg(long, env = "BSK_SESSION")]
        session: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialogsArg {
    Ask,
    Accept,
    Dismiss,
}
