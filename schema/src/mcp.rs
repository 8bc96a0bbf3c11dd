//! `bsk mcp`: the arguments and results of its five tools. Each tool's input schema and output
//! schema are generated from these types (and the result types they name), so MCP clients,
//! `schema/json/` and the server never disagree.
//!
//! Options are camelCase, as the spec's agent interface has them (`runId`, `tabId`,
//! `maxChars`); results are the same types the CLI's `--json` prints.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::ErrorBody;
use crate::debug::{DebugAction, DebugOptions, DebugResult};

use crate::ipc::{SessionInfo, SessionStopResult, TabInfo};
use crate::ops::{OperationResult, WaitFor, WaitUntil};

impl InspectArgs {
    /// The wait condition the flat arguments name; `Err` when none or several are given.
    pub fn wait_for(&self) -> Result<WaitFor, &'static str> {
        let given = [
            self.text.is_some(),
            self.text_gone.is_some(),
            self.target.is_some(),
            self.target_gone.is_some(),
            self.url.is_some(),
            self.network_idle,
        ];
        if given.iter().filter(|g| **g).count() != 1 {
            return Err("exactly one of text, textGone, target, targetGone, url or networkIdle");
        }
        if self.within.is_some() && self.text.is_none() && self.text_gone.is_none() {
            return Err("within goes with text or textGone");
        }
        if self.new && self.text.is_none() {
            return Err("new goes with text");
        }
        let within = self.within.clone();
        Ok(if let Some(text) = &self.text {
            WaitFor::Text {
                text: text.clone(),
                within,
                new: self.new,
            }
        } else if let Some(text) = &self.text_gone {
            WaitFor::TextGone {
                text: text.clone(),
                within,
            }
        } else if let Some(target) = &self.target {
            WaitFor::Target {
                target: target.clone(),
            }
        } else if let Some(target) = &self.target_gone {
            WaitFor::TargetGone {
                target: target.clone(),
            }
        } else if let Some(pattern) = &self.url {
            WaitFor::Url {
                pattern: pattern.clone(),
            }
        } else {
            WaitFor::NetworkIdle
        })
    }
}

/// `browser_session`: start, stop or list sessions.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionArgs {
    pub action: SessionAction,
    /// The session to stop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    /// Start: the new session's settings.
    #[serde(flatten)]
    pub start: crate::ipc::SessionOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SessionAction {
    /// A new session with its own new tab; pass its `id` as `sessionId` to every other tool.
    Start,
    /// Stop `sessionId`: its tabs close, borrowed tabs are returned, its captures end.
    Stop,
    /// The live sessions.
    List,
}

/// `browser_tabs`: list tabs, borrow a person's tab, return it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TabsArgs {
    pub action: TabsAction,
    /// The session that borrows or returns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TabsAction {
    /// Every page tab with its owner (never another session's tabs' contents).
    List,
    /// Let `sessionId` drive the person's tab `tabId` until it is returned.
    Borrow,
    /// Give a borrowed tab back to the person, open.
    Return,
}

/// `browser_navigate`: navigate, reload, back, forward.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct NavigateArgs {
    pub session_id: String,
    /// One of the session's tabs; its own tab by default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<String>,
    #[serde(default)]
    pub action: NavigateAction,
    /// Navigate: the URL (a bare host gets `https://`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// When the page counts as arrived (default `load`).
    #[serde(default)]
    pub wait_until: WaitUntil,
    /// `false`: return once the page arrived, without waiting for it to settle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle: Option<bool>,
    /// `true`: the result's text also holds the page's tree with its @eN refs, as
    /// `browser_inspect` `observe` gives it, read once the action settled (one call, not two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observe: Option<bool>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NavigateAction {
    #[default]
    Navigate,
    Reload,
    Back,
    Forward,
}

/// `browser_act`: one input on the page. A `target` is an `@eN` ref from the latest `observe`
/// or a CSS selector in the main frame.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActArgs {
    pub session_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<String>,
    pub action: ActAction,
    /// The element: `@e12` or a CSS selector. Optional for `press` (the focused element) and
    /// `wheel` (the viewport's centre).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Fill: the text to type into the field (replacing its value); dialog_accept: a prompt's
    /// answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// Select: the option values (or labels) to select.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Vec<String>>,
    /// Press: a key such as `Enter`, `Tab`, `a`, `Control+A`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// Upload: paths of the files to choose (relative ones from `bsk mcp`'s working directory);
    /// `target` is the `<input type=file>`, or `@chooser` for the file chooser the page opened.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub files: Option<Vec<String>>,
    /// Wheel: horizontal scroll in pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dx: Option<f64>,
    /// Wheel: vertical scroll in pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dy: Option<f64>,
    /// `false`: return once the input is dispatched. By default the result waits (at most
    /// 1.5 s) for the requests the input started and a quiet DOM, and says if it settled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle: Option<bool>,
    /// `true`: the result's text also holds the page's tree with its @eN refs, as
    /// `browser_inspect` `observe` gives it, read once the action settled (one call, not two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observe: Option<bool>,
    /// Drag: where to drop `target` (`@eN` or a CSS selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Emulate: what to change; the rest stays in force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emulate: Option<crate::emulation::EmulateParams>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ActAction {
    Click,
    Fill,
    Select,
    Press,
    Hover,
    Wheel,
    ScrollTo,
    Focus,
    Blur,
    /// Choose `files` for a file input or the page's file chooser (`target: "@chooser"`).
    Upload,
    /// Answer the open JavaScript dialog with OK (`value`: a prompt's answer).
    DialogAccept,
    /// Answer the open JavaScript dialog with Cancel.
    DialogDismiss,
    /// Drag `target` onto `to` (HTML5 or pointer-driven).
    Drag,
    /// Put the tab on a device, network, CPU, color scheme, locale or time zone.
    Emulate,
}

/// `browser_inspect`: look at the page (`observe`, `evaluate`) or record and read
/// website-debugging evidence (`debug`, with `debugAction` as the CLI's `bsk debug` subcommand).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct InspectArgs {
    pub session_id: String,
    pub action: InspectAction,
    /// Evaluate: a JavaScript expression run in the main frame; promises are awaited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expression: Option<String>,
    /// Debug: which `bsk debug` action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub debug_action: Option<DebugAction>,
    /// Wait until this text is visible (one condition per wait: text, textGone, target,
    /// targetGone, url or networkIdle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Wait until this text is gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_gone: Option<String>,
    /// Wait until this `@eN` or CSS selector is in the page; screenshot: only this element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// Wait until this `@eN` or CSS selector is gone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_gone: Option<String>,
    /// Wait until the URL contains this (or matches it, with `*` wildcards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Wait until no request started or ended for 500 ms.
    #[serde(default)]
    pub network_idle: bool,
    /// Wait text/textGone: only inside this element (`@eN` or CSS selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub within: Option<String>,
    /// Wait text: only text new since your last action, not text already on the page.
    #[serde(default)]
    pub new: bool,
    /// Wait: give up after this many milliseconds (default 10 000, at most 120 000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeout_ms: Option<u64>,
    /// Screenshot: the whole page, beyond the viewport.
    #[serde(default)]
    pub full_page: bool,
    /// Screenshot: jpeg (default) or png.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image_format: Option<crate::ipc::ImageFormat>,
    /// Screenshot: at most this many pixels wide (default 1280).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_width: Option<u32>,
    /// Screenshot: leave sensitive fields unmasked.
    #[serde(default)]
    pub unmasked: bool,
    /// The session's tab (`tabId`) and every `debug` option: see [`DebugOptions`].
    #[serde(flatten)]
    pub debug: DebugOptions,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum InspectAction {
    /// The accessibility tree with `@eN` refs (iframes included). Not an operation: it never
    /// cuts an operation's evidence window.
    Observe,
    /// Run `expression` in the main frame; recorded as an operation.
    Evaluate,
    /// Wait until the page meets `until` (text, target, URL, network idle); not an operation.
    Wait,
    /// A picture of the tab (sensitive fields masked); not an operation.
    Screenshot,
    /// Website-debugging evidence: `debugAction` start, stop, status, problems, requests,
    /// request, console, pages, operations, operation, export, search, summary.
    Debug,
}

/// `browser_session` list.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SessionList {
    pub sessions: Vec<SessionInfo>,
}

/// `browser_tabs` list.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct TabList {
    pub tabs: Vec<TabInfo>,
}

/// What `browser_session` returns.
#[allow(clippy::large_enum_variant)] // only its schema is used
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum SessionOutput {
    /// start.
    Started(SessionInfo),
    Stopped(SessionStopResult),
    List(SessionList),
    /// A failed call (`isError`): the CLI's `{code, message, hint, exit_code}`.
    Error(ErrorBody),
}

/// What `browser_tabs` returns.
#[allow(clippy::large_enum_variant)] // only its schema is used
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum TabsOutput {
    /// borrow, return.
    Tab(TabInfo),
    List(TabList),
    Error(ErrorBody),
}

/// What `browser_navigate` and `browser_act` return.
#[allow(clippy::large_enum_variant)] // only its schema is used
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum OperationOutput {
    Done(OperationResult),
    Error(ErrorBody),
}

/// What `browser_inspect` returns: `observe`'s tree or `evaluate`'s value, or a debug result.
/// Only its schema is used (the server sends the parts), so its size does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum InspectOutput {
    Operation(OperationResult),
    Debug(DebugResult),
    /// `screenshot`: the picture itself is the image content block beside the text.
    Screenshot(crate::ipc::ScreenshotResult),
    Error(ErrorBody),
}
