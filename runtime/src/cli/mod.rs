//! The command line. Help text here is the agent's first documentation: say what each command
//! does, what it prints, and what to run next.
//!
//! This file holds the top level and the page commands; [`debug`] the `bsk debug` actions and
//! [`setup`] sessions, tabs, the daemon, its browsers and the extension.

mod debug;
mod setup;

use clap::{Args, Parser, Subcommand, ValueEnum};

pub use debug::{DebugCommand, DebugOn, FormatArg, PageArgs, PartArg, ProfileArg, ScopeArg};
pub use setup::{
    DaemonCommand, DialogsArg, DisplayFlags, ExtensionCommand, PoolFlags, SessionCommand,
    TabCommand,
};

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
        /// With --screenshot: the page's width in CSS pixels (360 to 3840; default 1280).
        #[arg(long, value_name = "PX", requires = "screenshot")]
        width: Option<u32>,
        /// With --screenshot: light or dark (default: the browser's).
        #[arg(long, value_name = "THEME", value_parser = parse_color_scheme, requires = "screenshot")]
        theme: Option<bsk_schema::emulation::ColorScheme>,
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
    /// Drag one element onto another with the mouse: HTML5 drag and drop (draggable elements)
    /// and pointer-driven drag libraries alike. Recorded as one operation naming both elements.
    Drag {
        /// What to drag: @eN ref or CSS selector.
        source: String,
        /// Where to drop it: @eN ref or CSS selector.
        target: String,
        #[command(flatten)]
        on: On,
    },
    /// Put the tab on a phone or tablet, a slow network, a slower CPU, dark mode, another
    /// locale or time zone, so the bug happens where it happens for your users.
    #[command(
        long_about = "Put the session's tab under a device, network or preference, so the \
bug happens where it happens for your users. Every target of the tab gets it: the page, its \
iframes (cross-site ones too, and those that attach later), and its workers while a capture \
records them (`bsk debug start --workers`). It lasts through navigations until `--reset` or the \
session ends; a borrowed tab goes back with none of it.\n\n\
Each call changes what it names and keeps the rest:\n\n  \
bsk emulate --device 'iPhone 15' --session $id        # viewport, pixel ratio, touch, user agent\n  \
bsk emulate --network slow-3g --session $id           # and now a slow network too\n  \
bsk emulate --viewport 390x844 --mobile --touch --session $id\n  \
bsk emulate --network offline --session $id           # requests fail; navigator.onLine is false\n  \
bsk emulate --cpu 4 --color-scheme dark --locale de-DE --timezone Europe/Berlin --session $id\n  \
bsk emulate --reset --session $id\n\n\
Devices: iPhone SE, iPhone 15, iPhone 15 Pro Max, Pixel 8, Galaxy S24, iPad Mini, iPad Pro 11.\n\
Network presets are DevTools' figures: slow-3g 2000 ms and 400 kbit/s each way; fast-3g and \
slow-4g (DevTools renamed one to the other) 562.5 ms, 1440 kbit/s down, 675 kbit/s up; fast-4g \
165 ms, 8100 kbit/s down, 1350 kbit/s up. As in DevTools, offline does not bypass the HTTP cache.\n\n\
With a capture running, each call is an operation (`emulate`) with the values it set, and every \
later operation and request carries what was in force when it started (`emulation`), so a \
request that failed offline says it ran offline. `bsk debug status` says what is in force."
    )]
    Emulate {
        /// A phone or tablet: its viewport, pixel ratio, touch screen and user agent.
        #[arg(long, value_name = "NAME")]
        device: Option<String>,
        /// The viewport in CSS pixels, WIDTHxHEIGHT.
        #[arg(long, value_name = "WxH")]
        viewport: Option<bsk_schema::emulation::Size>,
        /// Device pixel ratio (with a viewport or device).
        #[arg(long, value_name = "N")]
        dpr: Option<f64>,
        /// Lay out as a mobile browser (the page's <meta name=viewport> applies).
        #[arg(long)]
        mobile: bool,
        /// A touch screen: touch events, `pointer: coarse`.
        #[arg(long)]
        touch: bool,
        /// offline, slow-3g, fast-3g, slow-4g, fast-4g, or none (no throttling).
        #[arg(long, value_name = "PRESET", value_parser = parse_network)]
        network: Option<bsk_schema::emulation::NetworkPreset>,
        /// Custom network: latency added to each request, in ms.
        #[arg(long, value_name = "MS")]
        latency: Option<f64>,
        /// Custom network: download throughput in kbit/s.
        #[arg(long, value_name = "KBPS")]
        download: Option<f64>,
        /// Custom network: upload throughput in kbit/s.
        #[arg(long, value_name = "KBPS")]
        upload: Option<f64>,
        /// CPU slowdown factor: 4 is four times slower, 1 none.
        #[arg(long, value_name = "N")]
        cpu: Option<f64>,
        /// dark or light (`prefers-color-scheme`).
        #[arg(long, value_name = "SCHEME", value_parser = parse_color_scheme)]
        color_scheme: Option<bsk_schema::emulation::ColorScheme>,
        /// `prefers-reduced-motion: reduce`.
        #[arg(long)]
        reduced_motion: bool,
        /// A locale such as de-DE (navigator.language, Intl).
        #[arg(long)]
        locale: Option<String>,
        /// A time zone such as Asia/Tokyo.
        #[arg(long)]
        timezone: Option<String>,
        /// Back to the session's defaults first (alone: clear everything).
        #[arg(long)]
        reset: bool,
        #[command(flatten)]
        on: On,
    },
    /// Take a picture of the session's tab: the viewport, the full page, or one element
    /// (iframes included). Sensitive fields (passwords, cards, security and one-time codes,
    /// file inputs, fields named like secrets) are painted over in every frame. Not an
    /// operation: it never cuts an evidence window.
    #[command(
        long_about = "Take a picture of the session's tab: the viewport by default, \
--full-page (cut at 16,384 CSS pixels), or one element (an @eN ref, iframes included, or a CSS \
selector). Writes it to --output (PNG or JPEG by the file's extension, or --format), or to a new \
file under the state dir, and prints the path.\n\n\
Every field that bsk keeps out of text (password, card, security code, one-time code, file, and \
fields whose name or id marks a secret) is painted over with a flat box, in every frame, \
cross-site iframes included; where a frame's fields cannot be located its whole box is painted \
over. Pixels are masked by field, not redacted by content: a secret the page shows as ordinary \
text is in the picture. --unmasked leaves the fields as they are, for a picture you keep to \
yourself.\n\n\
Not an operation: it waits for a running one but never cuts an evidence window."
    )]
    Screenshot {
        /// One element instead of the viewport: @eN ref or CSS selector.
        target: Option<String>,
        /// The whole page, beyond the viewport.
        #[arg(long, conflicts_with = "target")]
        full_page: bool,
        /// Write the picture here (.png, .jpg or .jpeg).
        #[arg(long, short, value_name = "FILE")]
        output: Option<std::path::PathBuf>,
        /// png or jpeg (default: by --output's extension, else png).
        #[arg(long, value_parser = parse_image_format)]
        format: Option<bsk_schema::ipc::ImageFormat>,
        /// JPEG quality, 1-100 (default 80).
        #[arg(long, value_parser = clap::value_parser!(u8).range(1..=100))]
        quality: Option<u8>,
        /// Scale down to at most this many pixels wide.
        #[arg(long, value_name = "PX")]
        max_width: Option<u32>,
        /// Leave sensitive fields unmasked (for your eyes only; never stored).
        #[arg(long)]
        unmasked: bool,
        /// The session id printed by `bsk session start`.
        #[arg(long, env = "BSK_SESSION")]
        session: String,
        /// One of the session's tabs (default: the tab it created).
        #[arg(long)]
        tab_id: Option<String>,
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
pub enum WaitUntilArg {
    Load,
    Domcontentloaded,
    /// No network activity for 500 ms.
    Networkidle,
}

/// The schema's value for a CLI value: the same word. Each CLI value enum is tied to its
/// schema enum by that word, and a test checks both ways (every CLI value is a schema value,
/// every schema value a CLI value), so a new schema variant cannot compile without reaching
/// the CLI unnoticed.
pub fn schema_value<A: ValueEnum, T: serde::de::DeserializeOwned>(arg: A) -> T {
    let name = arg
        .to_possible_value()
        .map(|value| value.get_name().to_string())
        .unwrap_or_default();
    serde_json::from_value(serde_json::Value::String(name))
        .unwrap_or_else(|e| unreachable!("a CLI value that is not a schema value: {e}"))
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

/// A value of a schema enum as its JSON spells it (`slow-3g`, `dark`, `jpeg`): the CLI takes the
/// schema's own words, so a new variant reaches it without a second list.
fn parse_schema_enum<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, String> {
    serde_json::from_value(serde_json::Value::String(text.to_ascii_lowercase()))
        .map_err(|_| format!("`{text}` is not a {what}"))
}

fn parse_network(text: &str) -> Result<bsk_schema::emulation::NetworkPreset, String> {
    parse_schema_enum(
        text,
        "network preset (offline, slow-3g, fast-3g, slow-4g, fast-4g, none)",
    )
}

fn parse_color_scheme(text: &str) -> Result<bsk_schema::emulation::ColorScheme, String> {
    parse_schema_enum(text, "color scheme (dark, light)")
}

fn parse_image_format(text: &str) -> Result<bsk_schema::ipc::ImageFormat, String> {
    parse_schema_enum(text, "picture format (png, jpeg)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_network_preset_and_device_is_named_in_the_help() {
        use clap::CommandFactory;
        let mut cli = Cli::command();
        let help = cli
            .find_subcommand_mut("emulate")
            .expect("emulate")
            .render_long_help()
            .to_string();
        for preset in bsk_schema::emulation::NetworkPreset::ALL {
            let word = serde_json::to_value(preset).expect("a word");
            let word = word.as_str().expect("a string");
            assert!(
                help.contains(word),
                "{word} missing from `bsk emulate --help`"
            );
            assert_eq!(parse_network(word), Ok(preset));
        }
        for device in crate::ops::emulate::DEVICES {
            assert!(
                help.contains(device.name),
                "{} missing from `bsk emulate --help`",
                device.name
            );
        }
        assert!(parse_network("5g").is_err());
        assert_eq!(
            parse_image_format("JPEG"),
            Ok(bsk_schema::ipc::ImageFormat::Jpeg)
        );
    }
}

#[cfg(test)]
mod schema_values {
    use std::collections::BTreeSet;

    use clap::ValueEnum;

    use super::*;

    /// The values a schema enum takes, as its JSON Schema lists them.
    fn schema_values<T: schemars::JsonSchema>() -> BTreeSet<String> {
        let schema = serde_json::to_value(schemars::schema_for!(T)).expect("a schema");
        let one_of = schema["oneOf"].as_array().cloned().unwrap_or_default();
        let listed = schema["enum"].as_array().cloned().unwrap_or_default();
        listed
            .into_iter()
            .chain(one_of.iter().flat_map(|v| match v.get("const") {
                Some(one) => vec![one.clone()],
                None => v["enum"].as_array().cloned().unwrap_or_default(),
            }))
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    }

    fn tied<A: ValueEnum, T: schemars::JsonSchema + serde::de::DeserializeOwned>() {
        let cli: BTreeSet<String> = A::value_variants()
            .iter()
            .filter_map(|v| v.to_possible_value().map(|p| p.get_name().to_string()))
            .collect();
        assert_eq!(
            cli,
            schema_values::<T>(),
            "{} and {} take the same values",
            std::any::type_name::<A>(),
            std::any::type_name::<T>()
        );
        for value in A::value_variants() {
            let _: T = schema_value(value.clone());
        }
    }

    #[test]
    fn every_cli_value_enum_takes_its_schema_enums_values_both_ways() {
        tied::<ProfileArg, bsk_schema::capture::CaptureProfile>();
        tied::<ScopeArg, bsk_schema::debug::SearchScope>();
        tied::<FormatArg, bsk_schema::debug::ExportFormat>();
        tied::<PartArg, bsk_schema::debug::RequestPart>();
        tied::<WaitUntilArg, bsk_schema::ops::WaitUntil>();
        tied::<EvidencePartArg, bsk_schema::ipc::EvidencePart>();
        tied::<EvidenceTabArg, bsk_schema::ipc::EvidenceTab>();
        tied::<DialogsArg, bsk_schema::dialog::DialogPolicy>();
    }
}
