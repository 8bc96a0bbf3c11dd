//! `bsk debug …`: website-debugging capture and its evidence.

use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ProfileArg {
    Default,
    Load,
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
        /// Keep a picture of the page after each agent operation settled (a JPEG of at most
        /// 48 KiB; at most 40 per capture), sensitive fields masked as in `bsk screenshot`. Read
        /// one with `bsk debug operation oN --screenshot FILE`; the export carries them. Without
        /// it, the extension popup's preference decides (off by default).
        #[arg(long)]
        screenshots: bool,
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
        /// Accepted and ignored: the list holds all traffic.
        #[arg(long, hide = true)]
        all: bool,
        /// One line per logical request: the final hop of each redirect chain (with the chain's
        /// ids); CORS preflights are left out (the request they guard names them).
        #[arg(long)]
        logical: bool,
    },
    /// One request: metadata (default), request or response body, headers, timing, or all of
    /// it in one call (`--part all`).
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
        /// Write the operation's filmstrip picture (a JPEG; `debug start --screenshots`) here.
        #[arg(long, value_name = "FILE.jpg")]
        screenshot: Option<std::path::PathBuf>,
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
    /// What went wrong, first: every failed or 4xx/5xx request with the server's error code and
    /// message from its body, every console error and uncaught exception with where it was
    /// thrown, each with the operation it followed ("after click button \"Place order\""). Facts
    /// in time order, never a verdict: the operation is a time fact, not proven cause. The
    /// evidence page lists the same rows first.
    Problems {
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
    /// The request whole, in one call: metadata, redirect hops and CORS preflight, both header
    /// sets, timing and both bodies, the bodies sharing --max-chars (a short one leaves the rest
    /// to the other; each says where it goes on).
    All,
}
