//! Page loads and what the main page showed at one moment.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::is_false;

/// One main-frame page load, for context.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PageLoad {
    pub id: String,
    pub revision: u64,
    pub url: String,
    /// When the navigation committed, ms since the Unix epoch.
    pub at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dom_content_loaded_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loaded_at: Option<u64>,
    /// The page as it stood after `load`, when the observer could read it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<PageObservation>,
}

/// One conventional form field as the observer saw it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct FieldSnapshot {
    /// The field's `name`, else its `id`: a stable identity, never guessed.
    pub name: String,
    /// The form's id, name or action; absent for a field outside a form.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
    /// `text`, `email`, `select`, `textarea`, `checkbox`, …
    pub kind: String,
    /// The value, redacted, at most 256 characters; absent when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// A credential, payment or file field: its value is never recorded.
    #[serde(default, skip_serializing_if = "is_false")]
    pub omitted: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub truncated: bool,
}

/// What the main page showed at one moment: bounded visible text and up to 16 fields. Shadow DOM
/// and iframes are not covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PageObservation {
    /// Ms since the Unix epoch.
    pub at: u64,
    pub url: String,
    /// The document's title, redacted, at most 300 characters; absent in observations made
    /// before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Visible main-page text, redacted, at most 6000 characters.
    pub text: String,
    #[serde(default, skip_serializing_if = "is_false")]
    pub text_truncated: bool,
    /// `dom` (the page's rendered text) or `accessibility` (accessible names, at most 100 lines,
    /// when the page has no rendered text).
    pub text_source: String,
    pub fields: Vec<FieldSnapshot>,
    /// Controls looked at (at most 80).
    pub candidates_scanned: u64,
    /// More controls existed than were scanned.
    #[serde(default, skip_serializing_if = "is_false")]
    pub candidates_over_limit: bool,
    /// Fields left out: no usable name or id, a duplicate, an overly long or custom identity.
    #[serde(default)]
    pub unidentified: u64,
    /// Fields past the 16 kept.
    #[serde(default)]
    pub fields_over_limit: u64,
}
