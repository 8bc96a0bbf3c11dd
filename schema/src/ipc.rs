//! The CLI ↔ daemon protocol: one JSON [`RequestFrame`] per line, answered by one
//! [`ResponseFrame`] per line with the same `id`. Frames larger than [`MAX_FRAME_BYTES`] are
//! refused with a `protocol` error.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::dialog::{DialogInfo, DialogPolicy};
use crate::error::ErrorReport;
use crate::ops::OperationParams;

/// Largest frame either side accepts, in bytes. Body reads are capped at 16 Ki characters and
/// an export holds at most 512 Ki code units of text plus metadata, so 16 MiB leaves ample room
/// while keeping a runaway peer from exhausting memory.
pub const MAX_FRAME_BYTES: usize = 16 * 1024 * 1024;

/// Bumped when a frame or a result changes incompatibly; the daemon refuses a client of another
/// version with `version_skew`. Whatever the version, `daemon.status` and `daemon.stop` keep
/// their shape, so a client can always see whether an old daemon is busy and stop it when it is
/// not.
///
/// 2: typed `tool.debug` results, `export --format`, qualified ids, the `client` field.
/// 3: `tool.debug` results tagged by their kind (`{"kind": …, "result": …}`).
/// 4: an error's message and hint are [`Words`](crate::hint::Words): a string, or pieces that
///    name commands as data; refusals of a frame stay strings, which every version reads.
pub const PROTOCOL_VERSION: u32 = 4;

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RequestFrame {
    /// Chosen by the client; echoed in the response.
    pub id: u64,
    /// The client's [`PROTOCOL_VERSION`].
    pub version: u32,
    /// The client's bsk version, for error messages about version skew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
    pub call: Call,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ResponseFrame {
    pub id: u64,
    #[serde(flatten)]
    pub outcome: Outcome,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Outcome {
    Ok { result: serde_json::Value },
    Err { error: ErrorReport },
}

/// Every method the daemon answers. One variant per method: adding one makes the compiler point
/// at the dispatcher.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "method", content = "params")]
pub enum Call {
    /// Daemon, browser and sessions at a glance. Result: [`DaemonStatus`].
    #[serde(rename = "daemon.status")]
    DaemonStatus,
    /// Stop every session and exit. Result: `{}`.
    #[serde(rename = "daemon.stop")]
    DaemonStop,
    /// Create a session with its own new tab. Result: [`SessionInfo`].
    #[serde(rename = "session.start")]
    SessionStart(SessionStartParams),
    /// Stop one session, or all. Result: [`SessionStopResult`].
    #[serde(rename = "session.stop")]
    SessionStop(SessionStopParams),
    /// Result: `Vec<SessionInfo>`.
    #[serde(rename = "session.list")]
    SessionList,
    /// A session's cookies and the local storage of the origins open in its tabs.
    /// Result: [`StorageState`].
    #[serde(rename = "session.state")]
    SessionState(SessionStateParams),
    /// Every page tab in the browser with its owner. Result: `Vec<TabInfo>`.
    #[serde(rename = "tab.list")]
    TabList,
    /// Let a session drive a user tab until it is returned. Result: [`TabInfo`].
    #[serde(rename = "tab.borrow")]
    TabBorrow(TabParams),
    /// Give a borrowed tab back. Result: [`TabInfo`].
    #[serde(rename = "tab.return")]
    TabReturn(TabParams),
    /// A normal workflow operation on a session's tab. Result: [`crate::ops::OperationResult`].
    #[serde(rename = "tool.op")]
    Operation(OperationParams),
    /// A `bsk debug …` action on the session's captures; the result depends on the action.
    #[serde(rename = "tool.debug")]
    Debug(Box<crate::debug::DebugParams>),
    /// The evidence page of one of the session's captures, optionally as a screenshot.
    /// Result: [`EvidenceResult`].
    #[serde(rename = "evidence.show")]
    Evidence(EvidenceParams),
    /// A picture of a session's tab with its sensitive fields masked (not an operation: it never
    /// cuts an evidence window). Result: [`ScreenshotResult`].
    #[serde(rename = "tool.screenshot")]
    Screenshot(ScreenshotParams),
    /// Test-only: make one capture actor panic. Refused unless the daemon runs with
    /// `BSK_TEST_FAULTS=1`; left out of every schema. Result: [`crate::debug::Done`].
    #[serde(rename = "test.fault")]
    #[schemars(skip)]
    TestFault(TestFaultParams),
}

/// `test.fault`: which actor kind of which capture panics.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TestFaultParams {
    pub session: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// `tab`, `target`, `body_pool`, `checkpoint` or `observer`.
    pub actor: String,
}

impl Call {
    /// Every method name, as the `method` field spells it. A frame naming another method is
    /// refused as `unsupported` on its own; `every_method_is_listed` keeps this in step.
    pub const METHODS: [&str; 14] = [
        "daemon.status",
        "daemon.stop",
        "session.start",
        "session.stop",
        "session.list",
        "session.state",
        "tab.list",
        "tab.borrow",
        "tab.return",
        "tool.op",
        "tool.debug",
        "evidence.show",
        "tool.screenshot",
        "test.fault",
    ];

    /// Whether the daemon may drop this call when its client goes away. Operations and reads
    /// are cancelled; starting and stopping sessions, tabs and captures always run to the end,
    /// so nothing is left half made.
    pub fn is_cancellable(&self) -> bool {
        use crate::debug::DebugAction as A;
        match self {
            Call::Operation(_)
            | Call::Screenshot(_)
            | Call::DaemonStatus
            | Call::SessionList
            | Call::SessionState(_)
            | Call::TabList => true,
            Call::Debug(params) => !matches!(params.action, A::Start | A::Stop),
            Call::DaemonStop
            | Call::SessionStart(_)
            | Call::SessionStop(_)
            | Call::TabBorrow(_)
            | Call::TabReturn(_)
            | Call::Evidence(_)
            | Call::TestFault(_) => false,
        }
    }
}

/// `tool.screenshot`: what to picture and how to encode it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct ScreenshotParams {
    pub session: String,
    /// One of the session's tabs; its own tab by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<String>,
    /// One element (`@eN`, iframes included, or a CSS selector in the main frame) instead of
    /// the viewport.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// The whole page, beyond the viewport.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub full_page: bool,
    /// PNG by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<ImageFormat>,
    /// JPEG quality, 1–100 (default 80).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quality: Option<u8>,
    /// Scale the picture down to at most this many pixels wide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_width: Option<u32>,
    /// Leave sensitive fields unmasked: for a picture returned to the agent only, never one
    /// that is stored.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unmasked: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImageFormat {
    Png,
    Jpeg,
}

impl ImageFormat {
    pub fn mime(self) -> &'static str {
        match self {
            ImageFormat::Png => "image/png",
            ImageFormat::Jpeg => "image/jpeg",
        }
    }

    /// The format a file name's extension names (`.png`, `.jpg`, `.jpeg`).
    pub fn of_path(path: &std::path::Path) -> Option<ImageFormat> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        match extension.as_str() {
            "png" => Some(ImageFormat::Png),
            "jpg" | "jpeg" => Some(ImageFormat::Jpeg),
            _ => None,
        }
    }
}

/// A picture of the tab.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ScreenshotResult {
    pub tab_id: String,
    /// The page's URL when it was taken.
    pub url: String,
    pub format: ImageFormat,
    /// In pixels.
    pub width: u32,
    pub height: u32,
    /// The encoded picture's size.
    pub bytes: usize,
    /// Sensitive fields painted over.
    pub masked_fields: usize,
    /// Frames painted over whole because their fields could not be located (fail closed).
    #[serde(default, skip_serializing_if = "crate::capture::is_zero_usize")]
    pub masked_frames: usize,
    /// Whether masking was turned off (`unmasked`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unmasked: bool,
    /// The picture, base64-encoded. Through MCP it travels as an image content block instead,
    /// and is absent here.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub data_base64: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct EvidenceParams {
    /// The session whose capture to show; without one, the history list (never a screenshot
    /// of it: older records are for the person, not for agents).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// One of the session's captures; its latest by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// Render the page in the browser and return a PNG of it instead of opening it.
    #[serde(default)]
    pub screenshot: bool,
    /// With `screenshot`: the page's width in CSS pixels (default 1280; 360 to 3840).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    /// With `screenshot`: the page's colour scheme (default: the browser's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<crate::emulation::ColorScheme>,
    /// Open the page searching the record for this text (fragment `q=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    /// Open the page on this request of the capture, `r9` (fragment `request=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<String>,
    /// Open the page on one of its parts (fragment `part=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<EvidencePart>,
    /// Open the page on one of its tabs (fragment `tab=`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab: Option<EvidenceTab>,
}

/// A part of the evidence page `bsk evidence --part` opens at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EvidencePart {
    /// Failed requests, 4xx/5xx responses, console errors and uncaught exceptions.
    Problems,
}

/// A tab of the evidence page `bsk evidence --tab` opens on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EvidenceTab {
    Summary,
    Timeline,
    Requests,
    Console,
    Pages,
}

impl EvidencePart {
    pub fn as_str(self) -> &'static str {
        match self {
            EvidencePart::Problems => "problems",
        }
    }
}

impl EvidenceTab {
    pub fn as_str(self) -> &'static str {
        match self {
            EvidenceTab::Summary => "summary",
            EvidenceTab::Timeline => "timeline",
            EvidenceTab::Requests => "requests",
            EvidenceTab::Console => "console",
            EvidenceTab::Pages => "pages",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct EvidenceResult {
    /// The capture shown; none for the history list.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// The evidence page, in the browser that holds its history.
    pub url: String,
    /// Whether the page was opened, in front, in the browser a person can see.
    #[serde(default)]
    pub opened: bool,
    /// How to see the page when it could not be opened where a person can see it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// A PNG of the page as it rendered the record, base64-encoded (with `screenshot`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub png_base64: Option<String>,
}

/// A new session's settings, as `bsk session start` and MCP's `browser_session` `start` give
/// them (one type for both).
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionOptions {
    /// A name for the session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Use the browser's own profile (its logins, cookies and cache) instead of a private one
    /// that ends with the session.
    #[serde(default)]
    pub shared_profile: bool,
    /// What happens to a JavaScript dialog (`alert`, `confirm`, `prompt`, `beforeunload`) on the
    /// session's tabs: left open for the agent (`ask`, the default) or answered at once.
    #[serde(default)]
    pub dialogs: DialogPolicy,
    /// Also start a capture of the new tab, with this name (`""` for none), before anything
    /// loads, so the first request is recorded; its `run_id` is in the result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<String>,
    /// Open HTTPS pages whose certificate the browser does not trust (a dev server's
    /// self-signed one), in this session's private context only. Captured responses say so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignore_certificate_errors: bool,
    /// The browser of the daemon's pool to run in (`b1`, `b2`, …); by default the one with the
    /// fewest sessions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub browser: Option<String>,
}

/// `session.start`: the session's settings, and what only the CLI gives.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct SessionStartParams {
    #[serde(flatten)]
    pub options: SessionOptions,
    /// Cookies and local storage to start with (a login saved by `session save-state`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub state: Option<StorageState>,
    /// The settings the caller left to the person's preferences in the bsk extension (its
    /// popup), used when the extension has them; the others are as given (explicit flags win).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred: Vec<PreferenceKey>,
}

/// A session setting the person's preferences in the bsk extension may choose.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PreferenceKey {
    /// `dialogs`.
    Dialogs,
    /// `shared_profile` (the preference `profile`: `private` or `shared`).
    Profile,
}

/// Login state in Playwright's storage-state shape, so files interchange: cookies, and each
/// origin's local storage.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StorageState {
    #[serde(default)]
    pub cookies: Vec<StateCookie>,
    #[serde(default)]
    pub origins: Vec<StateOrigin>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateCookie {
    pub name: String,
    pub value: String,
    pub domain: String,
    #[serde(default = "root_path")]
    pub path: String,
    /// Seconds since the Unix epoch; -1 for a session cookie.
    #[serde(default = "session_cookie")]
    pub expires: f64,
    #[serde(default)]
    pub http_only: bool,
    #[serde(default)]
    pub secure: bool,
    /// `Strict`, `Lax` or `None`.
    #[serde(default = "lax")]
    pub same_site: String,
}

fn root_path() -> String {
    "/".into()
}

fn session_cookie() -> f64 {
    -1.0
}

fn lax() -> String {
    "Lax".into()
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct StateOrigin {
    /// `https://app.example.com`
    pub origin: String,
    #[serde(default)]
    pub local_storage: Vec<StateItem>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct StateItem {
    pub name: String,
    pub value: String,
}

/// `session.state`: which session's login state to read.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SessionStateParams {
    pub session: String,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct SessionStopParams {
    /// The session to stop; `None` with `all` stops every session.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    #[serde(default)]
    pub all: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SessionStopResult {
    pub stopped: Vec<String>,
    /// Borrowed tabs handed back to the user by the stop.
    pub returned_tabs: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct TabParams {
    pub session: String,
    pub tab_id: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SessionInfo {
    /// Short id the agent passes as `--session`.
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Milliseconds since the Unix epoch.
    pub started_at: u64,
    /// Every tab the session may drive; the first is the one it created.
    pub tabs: Vec<TabInfo>,
    /// Whether its tab uses the browser's own profile (`--shared-profile`) rather than a
    /// private one (cookies, storage and cache in memory, gone when the session ends).
    #[serde(default)]
    pub shared_profile: bool,
    /// The capture `session start --capture` started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// Its tabs open HTTPS pages with untrusted certificates (`--ignore-certificate-errors`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ignore_certificate_errors: bool,
    /// The browser of the daemon's pool it runs in (`b1`, `b2`, …).
    #[serde(default)]
    pub browser: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TabOwnership {
    /// Created by the session; closed when the session stops.
    Created,
    /// A user tab the session borrowed; returned (left open) when the session stops.
    Borrowed,
    /// A user tab no session holds. Sessions may not drive it until they borrow it.
    User,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct TabInfo {
    /// The browser's target id for the tab.
    pub tab_id: String,
    pub url: String,
    pub title: String,
    pub ownership: TabOwnership,
    /// The session that holds the tab, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    /// Browser events of this tab dropped because bsk could not keep up (its event channel was
    /// full); a running capture counts them too.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub events_dropped: u64,
    /// A JavaScript dialog open on the tab, waiting for `bsk dialog accept|dismiss`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialog: Option<DialogInfo>,
    /// For a popup or new tab a session's page opened: the tab that opened it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opener: Option<String>,
    /// The browser of the daemon's pool the tab is in (`b1`, `b2`, …).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub browser: String,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct DaemonStatus {
    pub pid: u32,
    pub version: String,
    pub state_dir: String,
    /// The first browser of the pool (the only one unless the daemon was started with
    /// `--browsers N` or several `--cdp-url`s); `browsers` lists them all.
    pub browser: BrowserStatus,
    /// Every browser of the daemon's pool, in order (`b1`, `b2`, …): its sessions and health.
    #[serde(default)]
    pub browsers: Vec<BrowserStatus>,
    pub sessions: Vec<SessionInfo>,
    /// The daemon's own memory.
    pub memory: DaemonMemory,
    /// Event readers running, one per live tab: a count that should fall back when tabs end.
    #[serde(default)]
    pub tab_readers: usize,
}

/// The daemon's memory: heap in use tells a leak from allocator slack, which RSS alone cannot.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
pub struct DaemonMemory {
    /// Bytes the daemon has allocated and not freed.
    pub heap_in_use_bytes: u64,
    /// The memory budget for the captures' retained evidence (`BSK_MEMORY_BUDGET_MIB`), and what
    /// the captures held now reserve of it (each the worst case at its limits). A capture that
    /// would exceed it is refused at start.
    #[serde(default)]
    pub capture_budget_bytes: u64,
    #[serde(default)]
    pub capture_reserved_bytes: u64,
    /// Resident set size (`VmRSS`), where the platform reports it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rss_bytes: Option<u64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct BrowserStatus {
    /// Its name in the daemon's pool: `b1`, `b2`, … (`session start --browser` pins to it).
    #[serde(default)]
    pub name: String,
    /// `launched` (the daemon's own Chromium) or `attached` (`--cdp-url`), or `not_started`.
    pub mode: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub executable: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ws_url: Option<String>,
    pub connected: bool,
    /// For a browser bsk launches: `headful (…)` or `headless (…)` and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<String>,
    /// The link to the bsk extension in that browser, which stores history.
    pub extension: crate::link::ExtensionStatus,
    /// Browser messages skipped: larger than bsk reads (64 MiB over the pipe; the command each
    /// answered failed with `browser`), or not JSON even when read leniently.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub messages_skipped: u64,
    /// The live sessions placed on it.
    #[serde(default)]
    pub sessions: Vec<String>,
    /// The process id of a browser bsk launched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pid: Option<u32>,
    /// How many times bsk launched or attached it: more than 1 after it died and was relaunched.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub connects: u64,
    /// Why it could not be launched or reached the last time it was needed: new sessions go to
    /// the other browsers for a while, then it is tried again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub down: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_method_is_listed() {
        let schema = serde_json::to_value(schemars::schema_for!(Call)).expect("a schema");
        let mut methods: Vec<String> = schema["oneOf"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|variant| {
                let method = &variant["properties"]["method"];
                method["const"]
                    .as_str()
                    .or_else(|| method["enum"][0].as_str())
                    .map(str::to_string)
            })
            .collect();
        methods.sort();
        // The test hook is left out of the schema on purpose.
        let mut listed: Vec<String> = Call::METHODS
            .iter()
            .filter(|m| **m != "test.fault")
            .map(|m| m.to_string())
            .collect();
        listed.sort();
        assert_eq!(methods, listed);
    }
}
