//! JavaScript dialogs: how a session answers them, and one a page opened.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// How a session's tabs answer JavaScript dialogs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DialogPolicy {
    /// Leave it open: the operation that opened it reports it, and `bsk dialog accept|dismiss`
    /// answers it. Other operations are refused until then.
    #[default]
    Ask,
    /// Accept at once (a prompt gets its default text).
    Accept,
    /// Dismiss at once (cancel).
    Dismiss,
}

/// A JavaScript dialog a page opened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct DialogInfo {
    /// `alert`, `confirm`, `prompt` or `beforeunload`.
    pub kind: String,
    pub message: String,
    /// A prompt's default text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_prompt: Option<String>,
    /// The page that opened it.
    pub url: String,
    /// Ms since the Unix epoch.
    pub opened_at: u64,
    /// How it was answered by the session's dialog policy (`accepted`, `dismissed`); absent
    /// while it waits for the agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answered: Option<String>,
}

impl DialogInfo {
    /// `an alert dialog`, `a confirm dialog`.
    pub fn a_kind(&self) -> String {
        let an = self.kind.starts_with(['a', 'e', 'i', 'o', 'u']);
        format!("{} {} dialog", if an { "an" } else { "a" }, self.kind)
    }
}
