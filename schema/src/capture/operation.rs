//! Operations: what an agent or a person did, its evidence windows and field chains.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{PageObservation, is_zero_u64};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OperationSource {
    Agent,
    Manual,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum OperationState {
    Running,
    Completed,
    Failed,
    /// The capture ended while it ran; it is not claimed to have finished.
    Interrupted,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct OperationRecord {
    pub id: String,
    pub revision: u64,
    pub source: OperationSource,
    /// `navigate`, `click`, `fill`, …
    pub name: String,
    /// The operation's parameters, values redacted.
    pub params: serde_json::Value,
    /// The elements it acted on, named when it acted (a drag names its source, then its
    /// target). Operations without a target, and records saved before names existed, have none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub acted_on: Vec<ActedOn>,
    /// The emulation in force when it started (`bsk emulate`), as [`crate::emulation::Emulation::label`]
    /// names it; absent when none was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub emulation: Option<std::sync::Arc<str>>,
    pub state: OperationState,
    pub started_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The page's visible text just before an agent input was dispatched (redacted, at most
    /// 6,000 characters): the operation's before-state, against which its text changes are
    /// read. Manual operations and captures recorded before it existed have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub before_text: Option<String>,
    /// The page right after the operation completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<PageObservation>,
    /// Later changes of the page within 15 s (coalesced at 700 ms), at most 4.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub follow_ups: Vec<PageObservation>,
    /// Changing observations beyond the 4 retained.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub follow_ups_evicted: u64,
    /// The page as it looked once the operation settled (`--screenshots`): a masked JPEG.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<Picture>,
    /// Manual input events suppressed because an agent operation was producing them.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub suppressed_manual_events: u64,
    /// Per field: original, operation-time, submitted, response and later page values. Filled
    /// by `bsk debug operation` and the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_chain: Option<Vec<FieldChain>>,
    /// The ids of the requests and console entries in the operation's evidence windows, so an
    /// export stands alone without recomputing them. Filled by the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub windows: Option<OperationWindows>,
    /// What its windows hold, counted as the record's Problems are. Filled by the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counts: Option<super::WindowCounts>,
    /// The page as it stood once the operation's window closed (see [`PageAfter`]). Filled by
    /// the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_after: Option<PageAfter>,
    /// The page text the operation added and removed: from its before-state to
    /// [`OperationRecord::page_after`], as `bsk debug operation` shows it. Filled by the export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_change: Option<crate::debug::TextChange>,
}

/// Which snapshot shows the page after an operation: the last one taken before the next
/// operation started, within the 15 s follow-up window. That is the next operation's
/// before-state when it came within the window, else the operation's latest follow-up, else its
/// observation. The text is where it is named, not copied.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PageAfter {
    /// When the snapshot was taken, ms since the Unix epoch.
    pub at: u64,
    pub from: PageAfterSource,
}

/// Where a [`PageAfter`] snapshot's text is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PageAfterSource {
    /// `before_text` of the next operation.
    NextOperation { operation_id: String },
    /// `follow_ups[index]` of this operation.
    FollowUp { index: usize },
    /// `observation` of this operation.
    Observation,
}

impl OperationRecord {
    /// The operation as a person reads it: its name and what it acted on (`click button "Place
    /// order"`, `drag div "Card" onto region "Done"`), or the URL it loaded (`navigate
    /// http://…`).
    pub fn label(&self) -> String {
        match self.acted_on.as_slice() {
            [] => match self.params.get("url").and_then(serde_json::Value::as_str) {
                Some(url) => format!("{} {url}", self.name),
                None => self.name.clone(),
            },
            [one] => format!("{} {}", self.name, one.label()),
            [from, to] if self.name == "drag" => {
                format!("{} {} onto {}", self.name, from.label(), to.label())
            }
            many => format!(
                "{} {}",
                self.name,
                many.iter()
                    .map(ActedOn::label)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// An operation's two evidence windows by id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OperationWindows {
    /// From the operation's start until 1.5 s after it completed, or the next operation.
    pub immediate: WindowIds,
    /// Up to 15 s after it completed, capped by the next operation and by stop: by start time,
    /// not proven cause.
    pub possibly_related: WindowIds,
}

/// The requests and console entries that started inside `[from, until)` (ms since the epoch).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct WindowIds {
    pub from: u64,
    pub until: u64,
    pub requests: Vec<String>,
    pub console: Vec<String>,
}

/// Where one value of a field chain came from, or why it is missing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ChainValue {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The request the value came from (submitted and response values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// The page load it came from (later values).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_id: Option<String>,
    /// Why it is not linked: `not_recorded`, `not_found`, `different_name`, `array`,
    /// `duplicate_name`, `truncated_body`, `missing_body`, `omitted`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unlinked: Option<String>,
    /// Operations that happened between this one and the later load (not a causal claim).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub intervening_operations: Vec<String>,
}

/// One field followed through an operation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldChain {
    pub name: String,
    pub original: ChainValue,
    pub operation_time: ChainValue,
    pub submitted: ChainValue,
    pub response: ChainValue,
    pub later: ChainValue,
}

/// An element an operation acted on, named as a person reads it: its accessible role and name
/// (cleaned as `observe` cleans names, and redacted), and the frame it is in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ActedOn {
    /// The `@eN` ref or CSS selector the agent gave.
    pub target: String,
    /// Its accessible role (`button`, `textbox`, `link`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<String>,
    /// Its accessible name; absent when it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its tag, lowercase (`button`, `input`, `div`).
    pub tag: String,
    /// Its `id` attribute.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub element_id: Option<String>,
    /// The start of its text, when it has no accessible name (at most 40 characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The URL of the frame it is in; `main frame` for the top document.
    pub frame: String,
}

/// What [`ActedOn::frame`] says of the top document.
pub const MAIN_FRAME: &str = "main frame";

impl ActedOn {
    /// How results and the timeline name it: `button "Place order"`, or without a name
    /// `input#email` / `div "Drop here"`, and `in frame URL` when it is not in the main frame.
    pub fn label(&self) -> String {
        let mut label = match (&self.role, &self.name) {
            (Some(role), Some(name)) => format!("{role} \"{name}\""),
            _ => {
                let mut label = self.tag.clone();
                if let Some(id) = &self.element_id {
                    label.push('#');
                    label.push_str(id);
                }
                if let Some(text) = &self.text {
                    label.push_str(&format!(" \"{text}\""));
                }
                label
            }
        };
        if self.frame != MAIN_FRAME {
            label.push_str(&format!(" in frame {}", self.frame));
        }
        label
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element(role: Option<&str>, name: Option<&str>) -> ActedOn {
        ActedOn {
            target: "@e7".into(),
            role: role.map(str::to_string),
            name: name.map(str::to_string),
            tag: "button".into(),
            element_id: None,
            text: None,
            frame: MAIN_FRAME.into(),
        }
    }

    #[test]
    fn an_element_is_named_by_role_and_name_or_else_tag_id_and_text() {
        assert_eq!(
            element(Some("button"), Some("Place order")).label(),
            "button \"Place order\""
        );
        let mut unnamed = element(Some("generic"), None);
        unnamed.tag = "div".into();
        unnamed.text = Some("Drop here".into());
        assert_eq!(unnamed.label(), "div \"Drop here\"");
        unnamed.text = None;
        unnamed.element_id = Some("zone".into());
        assert_eq!(unnamed.label(), "div#zone");
        let mut framed = element(Some("textbox"), Some("Card number"));
        framed.frame = "https://pay.example/card".into();
        assert_eq!(
            framed.label(),
            "textbox \"Card number\" in frame https://pay.example/card"
        );
    }
}

/// A picture of the page once an operation settled (`bsk debug start --screenshots`): a JPEG,
/// sensitive fields painted over (pixels are masked by field, not redacted by content), at most
/// 48 KiB. Pictures are immutable: between the daemon and the extension each travels once, by
/// id; the export carries it inline.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Picture {
    /// `p1`, `p2`, … within the capture.
    pub id: String,
    /// `image/jpeg`.
    pub mime_type: String,
    /// The encoded picture's size.
    pub bytes: u64,
    pub width: u32,
    pub height: u32,
    /// SHA-256 of the encoded bytes, hex.
    pub sha256: String,
    /// Ms since the Unix epoch.
    pub taken_at: u64,
    /// The picture itself, base64: in the export, and in memory; lists, reads and history's
    /// checkpoints leave it out (history keeps it apart, by id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base64: Option<std::sync::Arc<str>>,
}
