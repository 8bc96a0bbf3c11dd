//! `tool.debug`: every `bsk debug …` action, its options in one params type, and its results.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::capture::{
    Body, ConsoleEntry, ExportDocument, Headers, OperationRecord, PageLoad, RequestSummary, RunInfo,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DebugAction {
    Start,
    Stop,
    Status,
    Requests,
    Request,
    Console,
    Pages,
    Operations,
    Operation,
    Export,
    /// Find text (or a regex) in the retained, redacted evidence.
    Search,
    /// Statistics over all the traffic the capture saw, evicted requests included.
    Summary,
    /// What a person looks for first: failed and 4xx/5xx requests, console errors and
    /// exceptions, each with the server's words and the operation it followed.
    Problems,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RequestPart {
    #[default]
    Metadata,
    Request,
    Response,
    Headers,
    Timing,
    /// The request whole: metadata, redirect chain and preflight, both header sets and both
    /// bodies, the bodies sharing `maxChars`.
    All,
}

/// One `bsk debug …` call: the session, the action, and its options.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebugParams {
    pub session: String,
    pub action: DebugAction,
    #[serde(flatten)]
    pub options: DebugOptions,
}

/// The options of every `bsk debug` action, each read by the actions it names. The one source of
/// them: IPC carries this struct, the MCP `browser_inspect` tool takes it flattened into its
/// arguments, and every field has a `bsk debug` flag (a test in runtime/src/command/debug.rs ties the
/// flags to the fields).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebugOptions {
    /// A retained capture; ID reads infer it, lists and stop use the latest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_id: Option<String>,
    /// One of the session's tabs: start captures it (default: the tab the session created);
    /// the other actions read or stop that tab's latest capture. Through MCP, observe, evaluate
    /// and wait act in it too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tab_id: Option<String>,
    /// A capture's name (start).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A request or operation id (request, operation).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Request: which part (default `metadata`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub part: Option<RequestPart>,
    /// Body reads: where to start, in UTF-16 code units.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    /// Body reads: at most this many UTF-16 code units (default 4096, maximum 16384).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_chars: Option<usize>,
    /// Body reads: an RFC 6901 JSON pointer into a complete JSON body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// Lists: only records updated after this revision (a previous page's `next_since`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<u64>,
    /// Lists: at most this many (default 30, maximum 100).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// Operations, operation: count and show static resources, `data:` URLs and extension
    /// traffic in the windows, folded by default (`requests` always lists all traffic).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all: bool,
    /// Operations: each operation with what it caused (its immediate window's requests,
    /// console errors and navigation, in brief).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub caused: bool,
    /// Request: the whole redirect chain (and CORS preflight) instead of one part.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub chain: bool,
    /// Requests: one item per logical request: preflights and earlier redirect hops are left
    /// out, each final hop lists its `chain`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub logical: bool,
    /// Export: the document's format (default `json`, bsk's export document version 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<ExportFormat>,
    /// Search: the text to find (case-insensitive), or a regular expression with `regex`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// Search: `query` is a regular expression (Rust syntax; `(?i)` for case-insensitive).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub regex: bool,
    /// Search: where to look (default everywhere).
    #[serde(rename = "in", default, skip_serializing_if = "Vec::is_empty")]
    pub scopes: Vec<SearchScope>,
    /// Start: the retention profile (default: the spec's bounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<crate::capture::CaptureProfile>,
    /// Start: also record the requests of the tab's workers (dedicated and service workers
    /// that reach the page), each labelled with its worker.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub workers: bool,
    /// Start: keep a masked picture of the page after each operation.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub screenshots: bool,
    /// Operation: include its picture's base64 (`--screenshot FILE` writes it out).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub screenshot: bool,
    /// Start: retained requests (the load profile allows up to 10,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_requests: Option<usize>,
    /// Start: retained console entries (the load profile allows up to 5,000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_console: Option<usize>,
    /// Start: retained body text in UTF-16 code units (the load profile allows up to 32 Mi).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_budget: Option<usize>,
    /// Export: the daemon writes the document into this file (an absolute path, created with
    /// mode 0600, never through a symlink) and answers where; needed for documents larger than
    /// one IPC frame (load-profile captures).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
}

/// Where `search` looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SearchScope {
    /// Request URLs.
    Url,
    /// Request and response headers (raw ones included).
    Headers,
    /// Request bodies.
    Request,
    /// Response bodies.
    Response,
    /// Console messages and their source URLs.
    Console,
    /// Page URLs and the page text observed after operations.
    Pages,
}

/// Where in a record a match is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SearchPart {
    Url,
    RequestHeaders,
    ResponseHeaders,
    RequestBody,
    ResponseBody,
    ConsoleText,
    ConsoleUrl,
    PageUrl,
    PageText,
}

/// What kind of record matched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RecordKind {
    Request,
    Console,
    Page,
}

/// One match: where, and a short snippet around it (never more body text than that).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SearchHit {
    pub part: SearchPart,
    /// Where the match starts in that part, in UTF-16 code units (as `--offset` counts them);
    /// for headers, in the `name: value` line.
    pub offset: usize,
    /// The match's length in UTF-16 code units.
    #[serde(default)]
    pub length: usize,
    /// Up to 40 characters either side of the match, `…` where cut.
    pub snippet: String,
}

/// A record with matches: read it whole with `request <id>`, `console` or `pages`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SearchItem {
    pub kind: RecordKind,
    pub id: String,
    pub revision: u64,
    /// The record in one line (`GET 404 http://…`, a console message's start, a page's URL).
    pub label: String,
    /// The first match in each part, at most one per part.
    pub hits: Vec<SearchHit>,
    /// Matches in the record in all, including those not shown as hits.
    pub matches: usize,
}

/// What `export` writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// bsk's export document, version 1 (`export-document.schema.json`).
    #[default]
    Json,
    /// HAR 1.2 of the same snapshot (`har.schema.json`), for network viewers.
    Har,
}

impl DebugParams {
    pub fn new(session: impl Into<String>, action: DebugAction) -> Self {
        DebugParams {
            session: session.into(),
            action,
            options: DebugOptions::default(),
        }
    }
}

/// A page of a list. Merge by id: a record updated since the last page comes again.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ListPage<T> {
    pub run_id: String,
    pub items: Vec<T>,
    /// Pass as `--since` for the next page; absent on an empty page, which ends pagination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_since: Option<u64>,
    /// Evidence of this kind was evicted from the capture (this does not promise another page).
    pub truncated: bool,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// `request --part metadata`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RequestMetadata {
    #[serde(flatten)]
    pub summary: RequestSummary,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mime_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frame_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiator: Option<serde_json::Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encoded_data_length: Option<f64>,
    /// Ids of the later hops of this request's redirect chain, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub redirected_to: Vec<String>,
}

/// `request --chain`: one logical request, hop by hop.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RequestChain {
    pub run_id: String,
    /// The id asked for.
    pub id: String,
    /// Every hop of its redirect chain still retained, first to last, each with its status and
    /// timing.
    pub hops: Vec<RequestSummary>,
    /// The CORS preflight that guarded it, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preflight: Option<RequestSummary>,
    /// Earlier hops were evicted from the capture, so the chain starts mid-way.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub starts_evicted: bool,
}

/// `request --part headers`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RequestHeaders {
    pub id: String,
    pub request: Headers,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_raw: Option<Headers>,
    pub response: Headers,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub response_raw: Option<Headers>,
}

/// `request --part timing`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RequestTiming {
    pub id: String,
    pub started_at: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// Chrome's `ResourceTiming` (milliseconds relative to `requestTime`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timing: Option<crate::timing::ResourceTiming>,
}

/// `request --part all`: a request whole in one bounded result. The two bodies share the
/// `maxChars` budget fairly (a short one leaves the rest to the other); each says its state,
/// and `next_offset` where its text goes on (`--part request|response --offset N` reads it).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RequestWhole {
    pub metadata: RequestMetadata,
    /// Its redirect hops and CORS preflight.
    pub chain: RequestChain,
    pub headers: RequestHeaders,
    pub timing: RequestTiming,
    pub request_body: BodyRead,
    pub response_body: BodyRead,
}

/// What `request` reads, by part: one type per part, never an untyped value.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum RequestRead {
    Metadata(Box<RequestMetadata>),
    Headers(RequestHeaders),
    Timing(RequestTiming),
    Body(Box<BodyRead>),
    Whole(Box<RequestWhole>),
}

impl From<RequestRead> for DebugResult {
    fn from(read: RequestRead) -> DebugResult {
        match read {
            RequestRead::Metadata(metadata) => DebugResult::RequestMetadata(*metadata),
            RequestRead::Headers(headers) => DebugResult::RequestHeaders(headers),
            RequestRead::Timing(timing) => DebugResult::RequestTiming(timing),
            RequestRead::Body(body) => DebugResult::Body(*body),
            RequestRead::Whole(whole) => DebugResult::RequestWhole(whole),
        }
    }
}

/// `request --part request|response`: a slice of the body, or the value at `--pointer`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct BodyRead {
    pub id: String,
    pub part: RequestPart,
    /// The body's state, reason and sizes (its text is in `text`).
    pub body: Body,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
    /// Present while more text remains: pass it as `--offset`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_offset: Option<usize>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
}

/// An operation in a list, with how much evidence its windows hold.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct OperationSummary {
    #[serde(flatten)]
    pub operation: OperationRecord,
    pub immediate_requests: usize,
    pub immediate_console: usize,
    pub possibly_related_requests: usize,
    pub possibly_related_console: usize,
    /// With `caused`: the immediate window's evidence in brief.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caused: Option<crate::brief::Caused>,
}

/// Requests and console entries that started inside one window.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct WindowEvidence {
    /// Ms since the Unix epoch; the window is `[from, until)`.
    pub from: u64,
    pub until: u64,
    pub requests: Vec<RequestSummary>,
    pub console: Vec<ConsoleEntry>,
    /// Static resources, `data:` URLs and extension traffic in the window, left out of
    /// `requests` (`--all` shows them).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub folded: usize,
}

/// `bsk debug operation <id>`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct OperationDetail {
    pub run_id: String,
    pub operation: OperationRecord,
    /// Started before 1.5 s after the operation ended (or the next operation began).
    pub immediate: WindowEvidence,
    /// Started within 15 s after it ended, capped by the next operation and stop. Association
    /// by start time, not proof of cause.
    pub possibly_related: WindowEvidence,
    /// How the page text differs from before the operation to right after it; only when both
    /// page states were recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_change: Option<TextChange>,
}

/// Lines of visible page text that appeared or disappeared, at most 10 of each.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TextChange {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    /// More lines changed than are listed.
    pub truncated: bool,
}

/// `bsk debug problems`: the record's problems in time order, as the evidence page lists them
/// first.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ProblemsResult {
    pub run_id: String,
    pub problems: Vec<crate::capture::Problem>,
}

/// `bsk debug pages`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PagesResult {
    pub run_id: String,
    pub pages: Vec<PageLoad>,
    /// Older page loads evicted to keep 20.
    pub evicted: u64,
}

/// `status`, as MCP returns it (an object; the CLI's `--json` prints the bare list).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct StatusResult {
    /// The session's captures, oldest first.
    pub runs: Vec<RunInfo>,
}

/// `export` with `output`: where the daemon wrote the document.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Written {
    pub path: String,
    pub bytes: u64,
    pub requests: usize,
}

/// Nothing to say beyond success.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct Done {
    /// Always true.
    pub done: bool,
}

/// Every `tool.debug` result, one variant per shape. It crosses IPC tagged by its
/// [`DebugKind`] and is decoded by that tag; what agents see (`--json`, MCP's structured
/// content) is the variant's own shape, and MCP's output schema of `browser_inspect` is this
/// type's schema.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum DebugResult {
    /// `start`, `stop`.
    Run(RunInfo),
    Status(StatusResult),
    Requests(ListPage<RequestSummary>),
    /// `request --part metadata`.
    RequestMetadata(RequestMetadata),
    /// `request --chain`.
    RequestChain(RequestChain),
    RequestHeaders(RequestHeaders),
    RequestTiming(RequestTiming),
    /// `request --part request|response`.
    Body(BodyRead),
    /// `request --part all`.
    RequestWhole(Box<RequestWhole>),
    Console(ListPage<ConsoleEntry>),
    Pages(PagesResult),
    Operations(ListPage<OperationSummary>),
    Operation(OperationDetail),
    Export(ExportDocument),
    Har(crate::har::Har),
    Search(ListPage<SearchItem>),
    Summary(crate::capture::TrafficSummary),
    Problems(ProblemsResult),
    /// `export` with `output`.
    Written(Written),
    Done(Done),
}

/// Which [`DebugResult`] variant a reply holds: the tag it crosses IPC with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DebugKind {
    Run,
    Status,
    Requests,
    RequestMetadata,
    RequestChain,
    RequestHeaders,
    RequestTiming,
    Body,
    RequestWhole,
    Console,
    Pages,
    Operations,
    Operation,
    Export,
    Har,
    Search,
    Summary,
    Problems,
    Written,
    Done,
}

/// A [`DebugResult`] as it crosses IPC: its kind, then its content, which is what agents see
/// (`--json`, MCP's structured content).
#[derive(Debug, Serialize, Deserialize)]
pub struct TaggedDebugResult<T> {
    pub kind: DebugKind,
    pub result: T,
}

impl DebugResult {
    /// The variant's tag.
    pub fn kind(&self) -> DebugKind {
        use DebugKind as K;
        match self {
            DebugResult::Run(_) => K::Run,
            DebugResult::Status(_) => K::Status,
            DebugResult::Requests(_) => K::Requests,
            DebugResult::RequestMetadata(_) => K::RequestMetadata,
            DebugResult::RequestChain(_) => K::RequestChain,
            DebugResult::RequestHeaders(_) => K::RequestHeaders,
            DebugResult::RequestTiming(_) => K::RequestTiming,
            DebugResult::Body(_) => K::Body,
            DebugResult::RequestWhole(_) => K::RequestWhole,
            DebugResult::Console(_) => K::Console,
            DebugResult::Pages(_) => K::Pages,
            DebugResult::Operations(_) => K::Operations,
            DebugResult::Operation(_) => K::Operation,
            DebugResult::Export(_) => K::Export,
            DebugResult::Har(_) => K::Har,
            DebugResult::Search(_) => K::Search,
            DebugResult::Summary(_) => K::Summary,
            DebugResult::Problems(_) => K::Problems,
            DebugResult::Written(_) => K::Written,
            DebugResult::Done(_) => K::Done,
        }
    }

    /// The result tagged for IPC.
    pub fn tagged(&self) -> TaggedDebugResult<&DebugResult> {
        TaggedDebugResult {
            kind: self.kind(),
            result: self,
        }
    }

    /// Decodes a tagged answer into the variant its tag names, so a drift between daemon and
    /// client fails loudly instead of printing nothing.
    pub fn decode(value: serde_json::Value) -> Result<Self, String> {
        use DebugKind as K;
        use serde_json::from_value as from;
        let TaggedDebugResult { kind, result } =
            from::<TaggedDebugResult<serde_json::Value>>(value)
                .map_err(|e| format!("the daemon's debug answer carries no kind: {e}"))?;
        let decoded = match kind {
            K::Run => from(result).map(DebugResult::Run),
            K::Status => from(result).map(DebugResult::Status),
            K::Requests => from(result).map(DebugResult::Requests),
            K::RequestMetadata => from(result).map(DebugResult::RequestMetadata),
            K::RequestChain => from(result).map(DebugResult::RequestChain),
            K::RequestHeaders => from(result).map(DebugResult::RequestHeaders),
            K::RequestTiming => from(result).map(DebugResult::RequestTiming),
            K::Body => from(result).map(DebugResult::Body),
            K::RequestWhole => from(result).map(DebugResult::RequestWhole),
            K::Console => from(result).map(DebugResult::Console),
            K::Pages => from(result).map(DebugResult::Pages),
            K::Operations => from(result).map(DebugResult::Operations),
            K::Operation => from(result).map(DebugResult::Operation),
            K::Export => from(result).map(DebugResult::Export),
            K::Har => from(result).map(DebugResult::Har),
            K::Search => from(result).map(DebugResult::Search),
            K::Summary => from(result).map(DebugResult::Summary),
            K::Problems => from(result).map(DebugResult::Problems),
            K::Written => from(result).map(DebugResult::Written),
            K::Done => from(result).map(DebugResult::Done),
        };
        decoded.map_err(|e| {
            format!("the daemon's `{kind:?}` answer does not have the expected shape: {e}")
        })
    }
}
