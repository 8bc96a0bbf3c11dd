//! The command line. Help text here is the agent's first documentation: say what each command
//! does, what it prints, and what to run next.

use bsk_schema::ops::WaitUntil;
use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "bsk",
    version,
    about = "Drive a real Chromium tab that your session owns, and record website-debugging evidence.",
    long_about = "Drive a real Chromium tab that your session owns, and record website-debugging evidence.\n\n\
Start a session, then run operations on its tab:\n\n  \
id=$(bsk session start --name 'Save fails')\n  \
bsk navigate http://localhost:3000 --session $id\n  \
bsk observe --session $id          # accessibility tree with @eN refs\n  \
bsk fill @e3 'ada@example.com' --session $id\n  \
bsk click @e5 --session $id\n  \
bsk session stop $id\n\n\
The daemon starts on first use and exits when idle. Targets are @eN refs from the latest \
`observe` (they reach into iframes) or CSS selectors (main frame).\n\n\
Exit codes: 0 ok; 1 usage, invalid input, not found or permission; 2 protocol or internal; \
3 browser or CDP failure; 4 timeout or busy. With --json, errors are {code, message, hint, exit_code} on stdout.",
    after_help = "Environment: BSK_HOME (state dir, default ~/.bsk), BSK_SESSION (default --session), \
BSK_CHROMIUM (browser executable), BSK_DAEMON_IDLE_SECS, BSK_SESSION_IDLE_SECS, \
BSK_MEMORY_BUDGET_MIB (the daemon's memory budget for retained capture evidence, default 1024), \
BSK_DAEMON_THREADS (the daemon's async worker threads, default half the cores but at least one \
per browser), BSK_LOG (log filter, `tracing` syntax; default warn for the CLI, info for the daemon)."
)]
pub struct Cli {
    /// Print results and errors as JSON on stdout.
    #[arg(long, global = true)]
    pub json: bool,
    /// Print only essential output (ids, values); nothing on success otherwise.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// More logging on stderr (-v info, -vv debug).
    #[arg(short, long, action = clap::ArgAction::Count, global = true)]
    pub verbose: u8,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show the daemon, its browser and the sessions.
    Status,
    /// Start, stop or inspect the background daemon (it also starts on first use).
    #[command(subcommand)]
    Daemon(DaemonCommand),
    /// Start, stop and list sessions. Each session owns one tab it created.
    #[command(subcommand)]
    Session(SessionCommand),
    /// List tabs, borrow a user tab for a session, and return it.
    #[command(subcommand)]
    Tab(TabCommand),
    /// Serve the Model Context Protocol on stdin/stdout, for agent harnesses: five tools
    /// (browser_session, browser_tabs, browser_navigate, browser_act, browser_inspect) over the
    /// same daemon as the CLI. Add it to an MCP client as the command `bsk mcp`; see docs/mcp.md.
    Mcp,
    /// The bsk browser extension: history, the evidence page and the popup.
    #[command(
        subcommand,
        long_about = "The bsk browser extension keeps captures in the browser's local history \
(IndexedDB of that profile: 30 days, 50 records, 50 MiB), and shows them in its evidence page \
and popup after the agent's session is gone.\n\n\
The Chromium that bsk launches loads it by itself. To use it in your own Chrome (or in a browser \
you attach with --cdp-url): chrome://extensions → Developer mode → Load unpacked → the folder \
that `bsk extension path` prints. Its id is the same everywhere (`bsk extension id`)."
    )]
    Extension(ExtensionCommand),
    /// Open the evidence page of a session's capture where a person can see it, or write a PNG of it.
    #[command(
        long_about = "The extension's evidence page for one of the session's captures (the \
latest by default): timeline, requests, bodies, console and page context, as a person sees them.\n\n\
Opens it in a new tab, in front, in the browser bsk drives when a person can see that browser (bsk \
launched it with windows, on a desktop; or it is your own Chrome attached with --cdp-url). Without \
--session it opens the history list. In a headless browser it says how to see the record instead. \
With --screenshot FILE.png the daemon renders the page and writes a PNG of it: for headless \
machines, CI artifacts and showing a person what you found. Only the session's own captures can \
be shown."
    )]
    Evidence {
        /// The session id printed by `bsk session start` (none: the history list).
        #[arg(long, env = "BSK_SESSION")]
        session: Option<String>,
        /// One of the session's captures (default: its latest).
        #[arg(long)]
        run_id: Option<String>,
        /// Write a PNG of the rendered page to this file.
        #[arg(long, value_name = "FILE.png")]
        screenshot: Option<std::path::PathBuf>,
        /// Open the page searching the record for this text (bodies, headers, console, pages).
        #[arg(long, value_name = "TEXT")]
        search: Option<String>,
        /// Open the page on one request of the capture (`r9`, as `bsk debug requests` lists).
        #[arg(long, value_name = "ID")]
        request: Option<String>,
        /// Open the page at one of its parts.
        #[arg(long, value_enum)]
        part: Option<EvidencePartArg>,
        /// Open the page on one of its tabs.
        #[arg(long, value_enum)]
        tab: Option<EvidenceTabArg>,
    },
    /// Record and read website-debugging evidence: requests, console, operations, page loads.
    #[command(
        subcommand,
        long_about = "Record website-debugging evidence while you reproduce a bug, then read it.\n\n\
Start capture before navigating, reproduce with the normal commands, then read:\n\n  \
bsk debug start --session $id --name 'Save fails'\n  \
bsk navigate http://localhost:3000 --session $id\n  \
bsk fill '#email' a@b.c --session $id; bsk click '#save' --session $id\n  \
bsk debug operations --caused --session $id # what you did, with the requests each caused\n  \
bsk debug operation o2 --session $id        # one operation's evidence windows\n  \
bsk debug requests --session $id            # all traffic (bodies never in lists)\n  \
bsk debug request r7 --part response --session $id\n  \
bsk debug request r7 --part response --pointer /error/code --session $id\n  \
bsk debug console --session $id\n  \
bsk debug search E_TAKEN --session $id      # where a token, code or message occurs\n  \
bsk debug request r7 --chain --session $id  # every redirect hop, and its CORS preflight\n  \
bsk debug stop --session $id\n  \
bsk debug export --session $id > website-debug.json\n  \
bsk debug export --format har --session $id > website-debug.har\n\n\
`bsk session start --capture` starts capturing before the tab loads anything. Observe and wait \
as often as you like: they are not operations and never cut an operation's window. Ids are per \
capture; with several captures, use the qualified run-…/r7 form an ambiguity error names.\n\n\
Lists page with --since (pass the previous page's next_since) and --limit (default 30, max 100); \
records updated since come again, so merge by id; an empty page ends. Bodies are read in slices \
with --offset/--max-chars (UTF-16 code units; follow next_offset). A 200 status is not success: \
read the body. Evidence is associated with operations by start time, not proven cause.\n\n\
Every capture is also checkpointed into the browser's own history by the bsk extension, so a person \
can read it after your session ends (`bsk debug status` shows `history: N checkpoints saved`). \
`bsk evidence --session $id --screenshot evidence.png` renders what they will see."
    )]
    Debug(DebugCommand),
    /// Load a URL in the session's tab and wait for it.
    Navigate {
        /// Absolute URL; `http://` is assumed when the scheme is missing.
        url: String,
        #[command(flatten)]
        on: On,
        #[command(flatten)]
        wait: Wait,
    },
    /// Reload the page and wait for it.
    Reload {
        #[command(flatten)]
        on: On,
        #[command(flatten)]
        wait: Wait,
    },
    /// Go back one page in the tab's history.
    Back {
        #[command(flatten)]
        on: On,
    },
    /// Go forward one page in the tab's history.
    Forward {
        #[command(flatten)]
        on: On,
    },
    /// Print the page's accessibility tree with @eN refs for elements you can act on; iframes
    /// (same-origin and cross-site) are nested under their <iframe>. Refs last until the page
    /// navigates.
    #[command(visible_alias = "snapshot")]
    Observe {
        #[command(flatten)]
        on: On,
    },
    /// Click an element with a real mouse press and release at its centre.
    Click {
        /// @eN ref or CSS selector.
        target: String,
        #[command(flatten)]
        on: On,
    },
    /// Replace an input's, textarea's or contenteditable's text by typing the value.
    Fill {
        /// @eN ref or CSS selector.
        target: String,
        /// The new text; an empty string clears the field.
        value: String,
        #[command(flatten)]
        on: On,
    },
    /// Choose options of a <select> by value or label.
    Select {
        /// @eN ref or CSS selector.
        target: String,
        /// One value (several for <select multiple>).
        #[arg(required = true)]
        values: Vec<String>,
        #[command(flatten)]
        on: On,
    },
    /// Press a key or chord (Enter, Tab, Escape, ArrowDown, a, Control+a, Shift+Tab).
    Press {
        key: String,
        /// Focus this element first.
        #[arg(long)]
        target: Option<String>,
        #[command(flatten)]
        on: On,
    },
    /// Move the mouse over an element.
    Hover {
        target: String,
        #[command(flatten)]
        on: On,
    },
    /// Turn the mouse wheel over an element (or the middle of the viewport).
    Wheel {
        #[arg(long)]
        target: Option<String>,
        /// Vertical pixels; positive scrolls down.
        #[arg(long, allow_hyphen_values = true)]
        dy: f64,
        /// Horizontal pixels; positive scrolls right.
        #[arg(long, default_value_t = 0.0, allow_hyphen_values = true)]
        dx: f64,
        #[command(flatten)]
        on: On,
    },
    /// Scroll an element into view.
    ScrollTo {
        target: String,
        #[command(flatten)]
        on: On,
    },
    /// Focus an element.
    Focus {
        target: String,
        #[command(flatten)]
        on: On,
    },
    /// Remove focus from an element.
    Blur {
        target: String,
        #[command(flatten)]
        on: On,
    },
    /// Evaluate a JavaScript expression in the main frame (promises are awaited) and print its
    /// JSON value.
    Evaluate {
        expression: String,
        #[command(flatten)]
        on: On,
    },
    /// Choose files for an <input type=file> (`bsk upload '#avatar' ./me.png`), or for the file
    /// chooser the page opened (`bsk upload @chooser ./a.pdf ./b.pdf`). The page gets its input
    /// and change events as when a person picks them; capture records each file's name, size and
    /// SHA-256, never its content.
    Upload {
        /// The file input (an @eN ref or a CSS selector), or @chooser.
        target: String,
        /// The files to choose (relative paths are taken from the current directory).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        #[command(flatten)]
        on: On,
    },
    /// Answer the JavaScript dialog (alert, confirm, prompt, beforeunload) open on the tab.
    #[command(subcommand)]
    Dialog(DialogCommand),
    /// Wait until the page meets one condition (instead of polling `observe`): text appears or
    /// goes, a selector or ref is present or gone, the URL matches, or the network is idle.
    /// A page too busy to answer counts as not met yet, until --timeout.
    /// Not an operation: it never cuts an operation's evidence window.
    #[command(group(clap::ArgGroup::new("until").required(true).multiple(false)))]
    Wait {
        /// Until this text is in the page's visible text.
        #[arg(long, group = "until")]
        text: Option<String>,
        /// Until this text is no longer in the page's visible text.
        #[arg(long, group = "until")]
        text_gone: Option<String>,
        /// Until a CSS selector matches (main frame) or an @eN ref's element is in the page.
        #[arg(long, group = "until")]
        target: Option<String>,
        /// Until the selector matches nothing, or the ref's element is gone.
        #[arg(long, group = "until")]
        target_gone: Option<String>,
        /// Until the URL contains this, or matches it whole where it has `*` wildcards.
        #[arg(long, group = "until")]
        url: Option<String>,
        /// Until no request started or ended for 500 ms (requests open over 10 s, such as long
        /// polls, do not count).
        #[arg(long, group = "until")]
        network_idle: bool,
        /// With --text or --text-gone: only in this element's text (@eN ref or CSS selector).
        #[arg(long, value_name = "TARGET")]
        within: Option<String>,
        /// With --text: text new since the session's last action (it occurs more often than it
        /// did on the page just before that action), not text already standing elsewhere.
        #[arg(long, requires = "text")]
        new: bool,
        /// Give up after this many seconds (default 10, at most 120); exit 4.
        #[arg(long, value_name = "SECONDS")]
        timeout: Option<f64>,
        #[command(flatten)]
        on: On,
    },
}

/// Which session (and which of its tabs) an operation runs on.
#[derive(Debug, Args)]
pub struct On {
    /// The session id printed by `bsk session start`.
    #[arg(long, env = "BSK_SESSION")]
    pub session: String,
    /// One of the session's tabs (default: the tab it created).
    #[arg(long)]
    pub tab_id: Option<String>,
    /// Actions: return once the input is dispatched. By default an action waits (at most until
    /// 1.5 s after its input) for the requests it started to answer and the page to stop
    /// changing, and says whether it settled.
    #[arg(long)]
    pub no_settle: bool,
}

#[derive(Debug, Args)]
pub struct Wait {
    /// When the page counts as arrived.
    #[arg(long, value_enum, default_value = "load")]
    pub wait_until: WaitUntilArg,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ProfileArg {
    Default,
    Load,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum WaitUntilArg {
    Load,
    Domcontentloaded,
    /// No network activity for 500 ms.
    Networkidle,
}

impl From<WaitUntilArg> for WaitUntil {
    fn from(arg: WaitUntilArg) -> Self {
        match arg {
            WaitUntilArg::Load => WaitUntil::Load,
            WaitUntilArg::Domcontentloaded => WaitUntil::Domcontentloaded,
            WaitUntilArg::Networkidle => WaitUntil::Networkidle,
        }
    }
}

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

/// Website-debugging capture. Start it before reproducing the bug; it records the session's tab
/// (and up to 16 iframe targets) until stopped.
#[derive(Debug, Subcommand)]
pub enum DebugCommand {
    /// Start capturing the session's tab (or --tab-id). Earlier traffic is not recorded.
    Start {
        #[command(flatten)]
        on: DebugOn,
        /// A name for the capture, e.g. the bug being reproduced.
        #[arg(long)]
        name: Option<String>,
        /// `load`: retention for load tests, up to 10,000 requests, 5,000 console entries and
        /// 32 Mi code units of body text, reserved against the daemon's memory budget (refused
        /// when it does not fit). History keeps the newest 200 requests and the summary; export
        /// it whole with `--output`. Default: the spec's 200 / 100 / 512 Ki.
        #[arg(long, value_enum, default_value = "default")]
        profile: ProfileArg,
        /// Also record the requests of the tab's workers (dedicated workers and the service
        /// workers that reach the page), each labelled with its worker; at most 8 worker targets
        /// at once. Without it, workers' console is recorded but not their requests.
        #[arg(long)]
        workers: bool,
        /// Retained requests (at most 200, or 10,000 with --profile load).
        #[arg(long, value_name = "N")]
        max_requests: Option<usize>,
        /// Retained console entries (at most 100, or 5,000 with --profile load).
        #[arg(long, value_name = "N")]
        max_console: Option<usize>,
        /// Retained body text in UTF-16 code units (at most 524288, or 33554432 with --profile load).
        #[arg(long, value_name = "UNITS")]
        text_budget: Option<usize>,
    },
    /// Stop the running (or --run-id) capture; its evidence stays readable until the session ends.
    Stop {
        #[command(flatten)]
        on: DebugOn,
    },
    /// List the session's captures with state, counters, coverage and history flags.
    Status {
        #[command(flatten)]
        on: DebugOn,
    },
    /// List captured requests (no bodies), oldest update first: all the traffic the capture
    /// kept, static resources, data: URLs and extension requests included (operation windows
    /// fold those).
    Requests {
        #[command(flatten)]
        on: DebugOn,
        #[command(flatten)]
        page: PageArgs,
        /// Accepted as before; the list holds all traffic.
        #[arg(long, hide = true)]
        all: bool,
        /// One line per logical request: the final hop of each redirect chain (with the chain's
        /// ids); CORS preflights are left out (the request they guard names them).
        #[arg(long)]
        logical: bool,
    },
    /// One request: metadata (default), request or response body, headers, or timing.
    Request {
        /// A request id from `bsk debug requests` (r1, r2, …), or qualified with its capture
        /// (run-…/r7) when the session has several captures.
        id: String,
        #[command(flatten)]
        on: DebugOn,
        /// Which part of the request to print.
        #[arg(long, value_enum, default_value = "metadata")]
        part: PartArg,
        /// Body reads: start here, in UTF-16 code units.
        #[arg(long)]
        offset: Option<usize>,
        /// Body reads: at most this many UTF-16 code units (default 4096, max 16384).
        #[arg(long)]
        max_chars: Option<usize>,
        /// Body reads: the value at this RFC 6901 JSON pointer (e.g. /error/code); only on a
        /// complete retained JSON body.
        #[arg(long, allow_hyphen_values = true)]
        pointer: Option<String>,
        /// The whole logical request: every hop of its redirect chain with its status and
        /// timing, and the CORS preflight that guarded it.
        #[arg(long, conflicts_with_all = ["offset", "max_chars", "pointer"])]
        chain: bool,
    },
    /// List console entries with their source (website, extension, browser, unknown).
    Console {
        #[command(flatten)]
        on: DebugOn,
        #[command(flatten)]
        page: PageArgs,
    },
    /// List page loads (up to 20) with their timing.
    Pages {
        #[command(flatten)]
        on: DebugOn,
    },
    /// List the operations performed during capture, with how many requests and console entries
    /// followed each.
    Operations {
        #[command(flatten)]
        on: DebugOn,
        #[command(flatten)]
        page: PageArgs,
        /// Count static resources, data: URLs and extension traffic in the windows too.
        #[arg(long)]
        all: bool,
        /// Show what each operation caused: its immediate window's requests (id, method, path,
        /// status or failure), console errors and navigation.
        #[arg(long)]
        caused: bool,
    },
    /// One operation with the requests and console entries in its immediate window (until 1.5 s
    /// after it ended) and possibly related ones (up to 15 s).
    Operation {
        /// An operation id from `bsk debug operations` (o1, o2, …), or qualified with its
        /// capture (run-…/o2).
        id: String,
        #[command(flatten)]
        on: DebugOn,
        /// Show static resources, data: URLs and extension traffic in the windows too.
        #[arg(long)]
        all: bool,
    },
    /// Write the capture as one document to stdout (or --output): a point-in-time snapshot.
    /// `json` is bsk's export document (version 1); `har` is HAR 1.2 of the same snapshot, for
    /// Chrome DevTools' "Import HAR" and other network viewers.
    Export {
        #[command(flatten)]
        on: DebugOn,
        /// The document to write.
        #[arg(long, value_enum, default_value = "json")]
        format: FormatArg,
        /// Write the document to this file (created with mode 0600) instead of stdout.
        #[arg(long, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
    },
    /// Find text in the retained evidence: URLs, headers, bodies, console, page text. Plain text
    /// is found case-insensitively; lists matching records with where each match is (part and
    /// UTF-16 offset, for `request --offset`) and a short snippet. Secrets were redacted before
    /// anything was stored, so they are never found.
    Search {
        /// The text to find (or a regular expression with --regex).
        query: String,
        /// Treat the query as a Rust regular expression (`(?i)` for case-insensitive).
        #[arg(long)]
        regex: bool,
        /// Where to look; repeat or separate with commas (default everywhere).
        #[arg(long = "in", value_enum, value_delimiter = ',')]
        scopes: Vec<ScopeArg>,
        #[command(flatten)]
        on: DebugOn,
        #[command(flatten)]
        page: PageArgs,
    },
    /// Statistics over ALL the traffic the capture saw since it started, evicted requests
    /// included: one row per method and route (host + path, ids as `{id}`) with its count,
    /// status classes, failures, p50/p95/p99 duration and bytes. The records keep the newest 200
    /// requests; this is the whole picture of a load test or a long reproduction.
    Summary {
        #[command(flatten)]
        on: DebugOn,
    },
    /// Test-only: make one capture actor panic (needs BSK_TEST_FAULTS=1 on the daemon).
    #[command(hide = true)]
    Fault {
        /// tab, target, body_pool or checkpoint.
        actor: String,
        #[command(flatten)]
        on: DebugOn,
    },
}

/// Which session, capture and tab a debug command is about.
#[derive(Debug, Args)]
pub struct DebugOn {
    /// The session id printed by `bsk session start`.
    #[arg(long, env = "BSK_SESSION")]
    pub session: String,
    /// A retained capture (see `bsk debug status`); by default ID reads find their capture and
    /// the rest use the latest.
    #[arg(long)]
    pub run_id: Option<String>,
    /// One of the session's tabs: start captures it (default: the tab the session created);
    /// every other action reads or stops that tab's latest capture.
    #[arg(long)]
    pub tab_id: Option<String>,
}

#[derive(Debug, Args)]
pub struct PageArgs {
    /// Only records updated after this revision: the previous page's next_since.
    #[arg(long)]
    pub since: Option<u64>,
    /// At most this many records (default 30, max 100).
    #[arg(long)]
    pub limit: Option<usize>,
}

#[derive(Debug, Subcommand)]
pub enum DialogCommand {
    /// OK: confirm, or submit a prompt (with --text, or its default text).
    Accept {
        /// A prompt's answer.
        #[arg(long)]
        text: Option<String>,
        #[command(flatten)]
        on: On,
    },
    /// Cancel.
    Dismiss {
        #[command(flatten)]
        on: On,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum EvidencePartArg {
    /// Failed requests, 4xx/5xx responses, console errors and uncaught exceptions.
    Problems,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EvidenceTabArg {
    Summary,
    Timeline,
    Requests,
    Console,
    Pages,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DialogsArg {
    Ask,
    Accept,
    Dismiss,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ScopeArg {
    /// Request URLs.
    Url,
    /// Request and response headers (the raw ones when the browser reported them).
    Headers,
    /// Request bodies.
    Request,
    /// Response bodies.
    Response,
    /// Console messages and their source URLs.
    Console,
    /// Page-load URLs and the page text observed as each page loaded.
    Pages,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum FormatArg {
    /// bsk's export document, version 1.
    Json,
    /// HAR 1.2 of the same snapshot, for Chrome DevTools' "Import HAR" and other network viewers.
    Har,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PartArg {
    /// Method, URL, type, state, status or failure, duration and each body's state, with the
    /// status text, MIME type, frame, initiator, encoded size and the later hops of its redirect
    /// chain; no body text.
    Metadata,
    /// The request body: its state and sizes, and a slice of its text (or the value at --pointer).
    Request,
    /// The response body: its state and sizes, and a slice of its text (or the value at
    /// --pointer).
    Response,
    /// Request and response headers, with the raw ones the browser reported (cookies and
    /// Set-Cookie included, redacted).
    Headers,
    /// When it started and ended, its duration, and Chrome's resource timing.
    Timing,
}
