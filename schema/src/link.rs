//! The link between the daemon and the bsk browser extension. The daemon attaches to the
//! extension's service worker over its CDP connection and calls the functions of
//! `globalThis.bskLink` there (`extension/background.js`); these are their arguments and
//! answers. See `docs/decisions/0003-extension-link.md`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::capture::{CaptureState, ExportDocument, RequestState, RunInfo, StopReason};

/// Bumped when a link message changes incompatibly. Must equal `LINK_PROTOCOL` in
/// `extension/lib/constants.js` (a test checks). 2: a checkpoint travels as [`CheckpointText`].
/// 3: filmstrip pictures travel once each, as [`LinkPicture`], and checkpoints refer to them by
/// id.
pub const LINK_PROTOCOL: u32 = 3;

/// `bskLink.picture(…)`: one filmstrip picture of a record, sent once, before the first
/// checkpoint whose document refers to it (an operation's `picture`, without its `base64`).
/// Pictures are immutable; the extension stores each by `(run_id, id)`, counts it in history's
/// budget, and deletes it with its record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LinkPicture {
    pub run_id: String,
    /// The picture's id in its record (`p3`), as the operation's `picture.id` names it.
    pub id: String,
    pub mime_type: String,
    /// The encoded picture's size.
    pub bytes: u64,
    /// SHA-256 of the encoded bytes, hex.
    pub sha256: String,
    pub base64: String,
}

/// The extension's answer to [`LinkPicture`] once the picture is committed to IndexedDB.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PictureAck {
    pub run_id: String,
    pub id: String,
}

/// `bskLink.checkpoint(…)`: one already-redacted checkpoint as the JSON text of its export
/// document. Text, not an object: CDP hands a string argument to the worker as one string,
/// where an object is rebuilt there property by property, and the worker need not serialize
/// the document again to learn its size.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct CheckpointText<'a, D> {
    /// The export document, serialized.
    pub json: &'a str,
    /// Its size in UTF-8 bytes (what history's retention counts).
    pub bytes: u64,
    /// What history lists the record by, from the same document ([`CheckpointDigest`]).
    /// Optional for the extension: without it, the worker parses the text to learn the same.
    pub digest: D,
}

/// What history lists a record by, taken from the document the checkpoint carries, so that the
/// extension's worker stores the text without parsing it (a parse, and the collection of the
/// megabyte of objects it builds, were most of what a checkpoint cost the worker). The rules
/// are those of `digestOf` in `extension/lib/record.js`, which reads the same from a parsed
/// document (an imported file); the link's end-to-end test holds the two to the same answers.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct CheckpointDigest<'a> {
    pub version: u32,
    pub saved_at: u64,
    pub run: DigestRun<'a>,
    /// The page the record is about: its first page load, else its first document request,
    /// else its first request; empty without any.
    pub url: &'a str,
    /// Every page the record visited, in order: the URLs of its page loads, a reload (the same
    /// URL right after itself) once; at most [`MAX_DIGEST_PAGES`], the first ones and the last.
    pub page_urls: Vec<&'a str>,
    pub counts: DigestCounts,
    /// Requests that failed or answered with a status of 400 or more.
    pub failures: u64,
    /// How many problems the record lists (its `problems`), and the first one's line, as its
    /// history row and the popup show them; absent in digests of records without the list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problems: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_problem: Option<&'a str>,
}

/// How many page URLs a digest lists at most.
pub const MAX_DIGEST_PAGES: usize = 32;

/// The pages of a record as history lists them (`pageUrls` in `extension/lib/record.js`).
pub fn page_urls(document: &ExportDocument) -> Vec<&str> {
    let mut urls: Vec<&str> = Vec::new();
    for page in &document.pages {
        if !page.url.is_empty() && urls.last() != Some(&page.url.as_str()) {
            urls.push(&page.url);
        }
    }
    if urls.len() > MAX_DIGEST_PAGES {
        let last = urls[urls.len() - 1];
        urls.truncate(MAX_DIGEST_PAGES - 1);
        urls.push(last);
    }
    urls
}

/// The run as history lists it: the fields of [`RunInfo`] a record's metadata keeps.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct DigestRun<'a> {
    pub run_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<&'a str>,
    pub session: &'a str,
    pub state: CaptureState,
    pub started_at: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stop_reason: Option<&'a StopReason>,
}

impl<'a> From<&'a RunInfo> for DigestRun<'a> {
    fn from(run: &'a RunInfo) -> DigestRun<'a> {
        DigestRun {
            run_id: &run.run_id,
            name: run.name.as_deref(),
            session: &run.session,
            state: run.state,
            started_at: run.started_at,
            stopped_at: run.stopped_at,
            stop_reason: run.stop_reason.as_ref(),
        }
    }
}

/// How many of each kind of evidence a checkpoint holds.
#[derive(Debug, Clone, Copy, Serialize, JsonSchema)]
pub struct DigestCounts {
    pub requests: u64,
    pub console: u64,
    pub operations: u64,
    pub pages: u64,
}

impl<'a> CheckpointDigest<'a> {
    pub fn of(document: &'a ExportDocument) -> CheckpointDigest<'a> {
        let requests = &document.requests;
        let url = match document.pages.first() {
            Some(page) if !page.url.is_empty() => page.url.as_str(),
            _ => requests
                .iter()
                .find(|r| r.resource_type.as_deref() == Some("Document"))
                .or(requests.first())
                .map_or("", |r| r.url.as_str()),
        };
        let count = |n: usize| n as u64;
        CheckpointDigest {
            version: document.version,
            saved_at: document.saved_at,
            run: DigestRun::from(&document.run),
            url,
            page_urls: page_urls(document),
            counts: DigestCounts {
                requests: count(requests.len()),
                console: count(document.console.len()),
                operations: count(document.operations.len()),
                pages: count(document.pages.len()),
            },
            failures: count(
                requests
                    .iter()
                    .filter(|r| r.state == RequestState::Failed || r.status.unwrap_or(0) >= 400)
                    .count(),
            ),
            problems: document.problems.as_ref().map(|p| count(p.len())),
            first_problem: document
                .problems
                .as_ref()
                .and_then(|p| p.first())
                .map(|p| p.summary.as_str()),
        }
    }
}

/// The browser automation preferences a person set in the extension's popup
/// (`chrome.storage.local.bskPreferences`), as `bskLink.preferences()` answers them. Each is
/// absent when not set or not understood; bsk reads the ones that apply to it at session start,
/// and explicit flags win.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrowserPreferences {
    /// `headless` or `visible`: for the next browser bsk launches.
    #[serde(default, deserialize_with = "lenient")]
    pub browser: Option<BrowserPreference>,
    /// How a new session's tabs answer JavaScript dialogs.
    #[serde(default, deserialize_with = "lenient")]
    pub dialogs: Option<crate::dialog::DialogPolicy>,
    /// `private` or `shared`: the profile a new session's tab gets.
    #[serde(default, deserialize_with = "lenient")]
    pub profile: Option<ProfilePreference>,
    /// Fold static requests in the extension's pages (read there, not by bsk).
    #[serde(default, deserialize_with = "lenient")]
    pub fold_static: Option<bool>,
    /// Keep a masked picture of the page after each agent operation in new captures (what
    /// `bsk debug start --screenshots` asks for); read when a capture starts without the flag.
    #[serde(default, deserialize_with = "lenient")]
    pub screenshots: Option<bool>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum BrowserPreference {
    Headless,
    Visible,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProfilePreference {
    Private,
    Shared,
}

/// A preference the extension stored in a shape this bsk does not know reads as not set.
fn lenient<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(serde_json::from_value(value).ok())
}

/// `bskLink.hello(…)`: the daemon's first call after attaching.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LinkHello {
    pub protocol: u32,
    /// Distinguishes daemons that share one browser (their heartbeats are kept apart).
    pub daemon_id: String,
    pub daemon_version: String,
}

/// The extension's answer to [`LinkHello`].
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LinkWelcome {
    pub protocol: u32,
    pub extension_id: String,
    pub extension_version: String,
}

/// `bskLink.checkpoint(document)` answers this once the snapshot is committed to IndexedDB.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct CheckpointAck {
    pub run_id: String,
    /// Checkpoints of this record stored so far.
    pub checkpoints: u64,
    /// Size of the stored document, in bytes of UTF-8.
    pub bytes: u64,
    pub saved_at: u64,
    /// Older records that retention removed to make room (30 days / 50 records / 50 MiB).
    #[serde(default)]
    pub evicted: Vec<String>,
}

/// `bskLink.heartbeat(…)`, every 2 s while the link is up: the daemon is alive and these
/// captures are active. Records that no heartbeat names for 10 s are recovered as interrupted.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Heartbeat {
    pub daemon_id: String,
    pub daemon_version: String,
    pub pid: u32,
    /// Ms since the Unix epoch.
    pub at: u64,
    /// Run ids of the captures this daemon holds active.
    pub active_runs: Vec<String>,
    /// The daemon's live sessions, for the popup's current-task card.
    #[serde(default)]
    pub sessions: Vec<LinkSession>,
}

/// A live session as the popup shows it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LinkSession {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The URL of the tab the session created.
    pub url: String,
    /// The session's latest capture, if it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capture: Option<LinkCapture>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LinkCapture {
    pub run_id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub state: crate::capture::CaptureState,
    pub requests: usize,
    pub console: usize,
    /// How many problems the capture lists so far, and the first one's line (`POST /api/orders
    /// 422 …: QTY_EXCEEDS_STOCK …`), for the popup's task card.
    #[serde(default)]
    pub problems: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_problem: Option<String>,
}

/// `bskLink.goodbye(…)`: the daemon is stopping cleanly (`bsk daemon stop`, idle exit). The
/// extension shows it disconnected at once instead of waiting for heartbeats to go stale; its
/// active records are marked interrupted as they would be after the stale limit.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Goodbye {
    pub daemon_id: String,
    /// Ms since the Unix epoch.
    pub at: u64,
}

/// How the daemon's link to the extension stands, as `bsk status` and `bsk debug status` show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ExtensionStatus {
    pub state: LinkState,
    /// The id the extension has in every browser (its manifest carries a fixed key).
    pub extension_id: String,
    /// The version the connected extension reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Why the link is not connected, and what to do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LinkState {
    /// No browser yet, or the link is looking for the extension.
    Connecting,
    /// Attached to the extension's service worker; checkpoints are stored.
    Connected,
    /// The browser has no bsk extension (or it is disabled).
    Missing,
    /// The extension speaks another link protocol (an older or newer bsk).
    Incompatible,
    /// The extension is there but does not answer as it should.
    Broken,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same table as the extension's test of `digestOf` (extension-tests/unit/record.test.js,
    /// "takes the page URL, counts and failures by the same rules as the daemon"), on the same
    /// fixture: a rule that changes on one side fails there or here.
    #[test]
    fn a_digest_follows_the_extension_s_rules() {
        let fixture: ExportDocument = serde_json::from_str(include_str!(
            "../../extension-tests/fixtures/save-fails.json"
        ))
        .expect("the fixture is an export document");
        type Change = fn(&mut ExportDocument);
        let cases: [(&str, Change, &str, [u64; 4], u64); 5] = [
            (
                "as exported",
                |_| {},
                "http://127.0.0.1:18123/demo",
                [7, 5, 6, 1],
                2,
            ),
            (
                "a page load without a URL: the first document request",
                |d| {
                    d.pages[0].url.clear();
                    d.requests[0].resource_type = Some("Other".into());
                },
                "http://b.localhost:18123/frame/inner?id=demo",
                [7, 5, 6, 1],
                2,
            ),
            (
                "no page load and no document request: the first request",
                |d| {
                    d.pages.clear();
                    d.requests.iter_mut().for_each(|r| r.resource_type = None);
                    d.requests.remove(0);
                },
                "http://127.0.0.1:18123/api/profile",
                [6, 5, 6, 0],
                2,
            ),
            (
                "nothing at all",
                |d| {
                    d.pages.clear();
                    d.requests.clear();
                    d.console.clear();
                    d.operations.clear();
                },
                "",
                [0, 0, 0, 0],
                0,
            ),
            (
                "failed without a status counts, complete without one does not",
                |d| {
                    d.requests[1].state = RequestState::Failed;
                    d.requests[1].status = None;
                    d.requests[2].status = None;
                },
                "http://127.0.0.1:18123/demo",
                [7, 5, 6, 1],
                3,
            ),
        ];
        for (name, change, url, [requests, console, operations, pages], failures) in cases {
            let mut document = fixture.clone();
            change(&mut document);
            let digest = CheckpointDigest::of(&document);
            assert_eq!(digest.url, url, "{name}");
            let counts = digest.counts;
            assert_eq!(
                [
                    counts.requests,
                    counts.console,
                    counts.operations,
                    counts.pages
                ],
                [requests, console, operations, pages],
                "{name}"
            );
            assert_eq!(digest.failures, failures, "{name}");
            assert_eq!(digest.run.run_id, document.run.run_id, "{name}");
        }
    }

    /// The same cases as the extension's test of `pageUrls` (extension-tests/unit/record.test.js).
    #[test]
    fn a_digest_lists_every_page_visited() {
        let mut document: ExportDocument = serde_json::from_str(include_str!(
            "../../extension-tests/fixtures/save-fails.json"
        ))
        .expect("the fixture is an export document");
        let page = document.pages[0].clone();
        let visit = |url: &str| {
            let mut p = page.clone();
            p.url = url.into();
            p
        };
        document.pages = ["http://h/a", "http://h/a", "http://h/b", "", "http://h/a"]
            .into_iter()
            .map(visit)
            .collect();
        assert_eq!(
            CheckpointDigest::of(&document).page_urls,
            ["http://h/a", "http://h/b", "http://h/a"]
        );
        document.pages = (0..40).map(|i| visit(&format!("http://h/{i}"))).collect();
        let urls = CheckpointDigest::of(&document).page_urls;
        assert_eq!(urls.len(), MAX_DIGEST_PAGES);
        assert_eq!(urls[30], "http://h/30");
        assert_eq!(urls[31], "http://h/39");
    }
}
