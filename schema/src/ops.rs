//! The normal workflow: operations a session performs on its tab.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::brief::{Caused, OperationRef, Settle};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct OperationParams {
    pub session: String,
    /// The owned tab to act on; the session's own tab when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<String>,
    pub op: Operation,
    /// Return as soon as the input is dispatched, without waiting for the page to settle.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_settle: bool,
}

/// When `navigate` (and `reload`, `back`, `forward`) consider the page arrived.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum WaitUntil {
    #[default]
    Load,
    Domcontentloaded,
    /// No request in flight for 500 ms.
    Networkidle,
}

/// One agent operation. A `target` is an `@eN` ref from the latest `observe`, or a CSS selector
/// evaluated in the main frame.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum Operation {
    Navigate {
        url: String,
        #[serde(default)]
        wait_until: WaitUntil,
    },
    Reload {
        #[serde(default)]
        wait_until: WaitUntil,
    },
    Back,
    Forward,
    /// Accessibility snapshot with `@eN` refs, iframes included.
    Observe,
    Click {
        target: String,
    },
    Fill {
        target: String,
        value: String,
    },
    Select {
        target: String,
        values: Vec<String>,
    },
    Press {
        key: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
    },
    Hover {
        target: String,
    },
    Wheel {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        #[serde(default)]
        dx: f64,
        dy: f64,
    },
    ScrollTo {
        target: String,
    },
    Focus {
        target: String,
    },
    Blur {
        target: String,
    },
    Evaluate {
        expression: String,
    },
    /// Sets files on an `<input type=file>` (or the file chooser the page opened, target
    /// `@chooser`), as a person choosing them would; the page gets its input and change events.
    Upload {
        target: String,
        /// Absolute paths of readable regular files. As recorded: `name size sha256` per file,
        /// never a path or a byte of content.
        files: Vec<String>,
    },
    /// Drags `source` onto `target` with the mouse: HTML5 drag and drop and pointer-driven drag
    /// libraries alike.
    Drag {
        source: String,
        target: String,
    },
    /// Puts the tab under a device, network or preference (`bsk emulate`); every target of the
    /// tab gets it, iframes attached later too, until reset or the session ends.
    Emulate(crate::emulation::EmulateParams),
    /// Answers the JavaScript dialog open on the tab.
    Dialog {
        accept: bool,
        /// A prompt's answer (accept only); its default text when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        prompt_text: Option<String>,
    },
    /// Waits until the page meets a condition (not an operation: it never cuts a window).
    Wait {
        until: WaitFor,
        /// At most this long (default 10 000 ms, maximum 120 000 ms).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeout_ms: Option<u64>,
    },
}

/// What `wait` waits for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "for", rename_all = "snake_case")]
pub enum WaitFor {
    /// The text appears in the page's visible text (main frame), or in `within`'s text. With
    /// `new`, it must be new since the session's last action: it occurs more often than it did
    /// on the page just before that action, so text already standing elsewhere does not count.
    Text {
        text: String,
        /// Only this element's text (`@eN` or a CSS selector).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        new: bool,
    },
    /// The text is no longer in the page's visible text (or in `within`'s).
    TextGone {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<String>,
    },
    /// A CSS selector matches an element in the main frame, or an `@eN` ref's element is in
    /// the page.
    Target { target: String },
    /// The selector matches nothing, or the ref's element is gone.
    TargetGone { target: String },
    /// The page's URL contains `pattern`, or matches it whole where it has `*` wildcards.
    Url { pattern: String },
    /// No request of the page started or ended for 500 ms, none in flight (requests open for
    /// more than 10 s, such as long polls, do not count).
    NetworkIdle,
}

impl Operation {
    /// Whether capture records this as an agent operation. `observe` and `wait` only read the
    /// page: they are not agent inputs and never cut another operation's evidence window.
    pub fn is_recorded(&self) -> bool {
        !matches!(self, Operation::Observe | Operation::Wait { .. })
    }

    /// The targets it acts on, as the agent gave them (a drag's source first).
    pub fn targets(&self) -> Vec<&str> {
        match self {
            Operation::Click { target }
            | Operation::Fill { target, .. }
            | Operation::Select { target, .. }
            | Operation::Hover { target }
            | Operation::ScrollTo { target }
            | Operation::Focus { target }
            | Operation::Blur { target }
            | Operation::Upload { target, .. } => vec![target],
            Operation::Press { target, .. } | Operation::Wheel { target, .. } => {
                target.as_deref().into_iter().collect()
            }
            Operation::Drag { source, target } => vec![source, target],
            Operation::Navigate { .. }
            | Operation::Reload { .. }
            | Operation::Back
            | Operation::Forward
            | Operation::Observe
            | Operation::Evaluate { .. }
            | Operation::Dialog { .. }
            | Operation::Emulate(_)
            | Operation::Wait { .. } => Vec::new(),
        }
    }

    /// Whether it loads a document (and leaves a load pending if cancelled).
    pub fn navigates(&self) -> bool {
        matches!(
            self,
            Operation::Navigate { .. }
                | Operation::Reload { .. }
                | Operation::Back
                | Operation::Forward
        )
    }

    /// The operation's name as the CLI spells it.
    pub fn name(&self) -> &'static str {
        match self {
            Operation::Navigate { .. } => "navigate",
            Operation::Reload { .. } => "reload",
            Operation::Back => "back",
            Operation::Forward => "forward",
            Operation::Observe => "observe",
            Operation::Click { .. } => "click",
            Operation::Fill { .. } => "fill",
            Operation::Select { .. } => "select",
            Operation::Press { .. } => "press",
            Operation::Hover { .. } => "hover",
            Operation::Wheel { .. } => "wheel",
            Operation::ScrollTo { .. } => "scroll_to",
            Operation::Focus { .. } => "focus",
            Operation::Blur { .. } => "blur",
            Operation::Evaluate { .. } => "evaluate",
            Operation::Wait { .. } => "wait",
            Operation::Dialog { .. } => "dialog",
            Operation::Upload { .. } => "upload",
            Operation::Drag { .. } => "drag",
            Operation::Emulate(_) => "emulate",
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct OperationResult {
    /// One line a person can read: what happened.
    pub summary: String,
    /// The tab the operation ran on.
    pub tab_id: String,
    /// The page's URL after the operation.
    pub url: String,
    /// `evaluate`'s value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    /// `observe`'s snapshot: the page's accessibility tree as text, with refs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub snapshot: Option<String>,
    /// A JavaScript dialog the operation opened: answered by the session's policy, or open
    /// and waiting for `bsk dialog accept|dismiss` (the operation returned when it opened).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dialog: Option<Box<crate::dialog::DialogInfo>>,
    /// The elements it acted on, named when it acted (a drag: source, then target).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted_on: Vec<crate::capture::ActedOn>,
    /// What `emulate` left in force.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emulation: Option<crate::emulation::Emulation>,
    /// The operation the running capture recorded this action as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<OperationRef>,
    /// Why an action was not recorded as an operation (no capture runs on the tab).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation_not_recorded: Option<String>,
    /// Whether the page settled after the input before this result was sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle: Option<Settle>,
    /// What the operation caused so far: the requests, console errors and navigation in its
    /// immediate window when this result was sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caused: Option<Caused>,
    /// What to do next, when the page waits on the agent (an open dialog or file chooser) or
    /// the result has a caveat; its commands are data, said in each surface's words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<crate::hint::Words>,
}

impl OperationResult {
    /// A result with what every operation has; the rest is filled in as it is known.
    pub fn new(summary: String, tab_id: String, url: String) -> OperationResult {
        OperationResult {
            summary,
            tab_id,
            url,
            value: None,
            snapshot: None,
            dialog: None,
            acted_on: Vec::new(),
            emulation: None,
            operation: None,
            operation_not_recorded: None,
            settle: None,
            caused: None,
            next: None,
        }
    }

    /// Adds to what to do next, after what is there.
    pub fn and_next(&mut self, words: crate::hint::Words) {
        match &mut self.next {
            Some(next) => {
                next.push("; ");
                next.0.extend(words.0);
            }
            None => self.next = Some(words),
        }
    }
}
