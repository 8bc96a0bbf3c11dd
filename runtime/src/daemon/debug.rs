//! `tool.debug`: the `bsk debug …` actions. Reads take no session lock, so they never wait behind
//! a running operation, and they read only what the capture retained: no network request is
//! repeated.

use std::sync::Arc;

use bsk_actors::store::now_ms;
use bsk_actors::store::reads::ReadError;
use bsk_schema::capture::{CaptureLimits, CaptureProfile, ExportDocument, StopReason};
use bsk_schema::debug::DebugAction as A;
use bsk_schema::debug::{
    DebugAction, DebugParams, DebugResult as R, ExportFormat, RequestPart, StatusResult,
};
use bsk_schema::hint::{Arg, Verb};
use bsk_schema::words;

use super::Daemon;
use crate::error::{Failure, Result};
use crate::session::Session;

impl From<ReadError> for Failure {
    fn from(error: ReadError) -> Self {
        let message = error.to_string();
        match error {
            ReadError::NoRequest(_) => Failure::not_found(message)
                .hint(words!["request ids come from ", Verb::Debug(A::Requests)]),
            ReadError::NoOperation(_) => Failure::not_found(message).hint(words![
                "operation ids come from ",
                Verb::Debug(A::Operations)
            ]),
            ReadError::PointerNeedsCompleteBody { .. } => {
                Failure::invalid_input(message).hint(words![
                    "read the body in slices with ",
                    Arg::named("offset"),
                    " and ",
                    Arg::named("maxChars"),
                    " instead"
                ])
            }
            ReadError::OffsetOnWhole => Failure::invalid_input(message).hint(words![
                Arg::new("part", "all"),
                " reads the request whole; page one body with ",
                Arg::new("part", "response"),
                " (or request) and ",
                Arg::new("offset", "N"),
                " (next_offset says where)"
            ]),
            ReadError::PointerOnPart("all") => Failure::invalid_input(message).hint(words![
                "a pointer reads one body: ",
                Arg::new("part", "response"),
                " ",
                Arg::new("pointer", "/error/code")
            ]),
            ReadError::BadQuery(_) => Failure::invalid_input(message).hint(words![
                "plain text is found case-insensitively; with ",
                Arg::switch("regex"),
                " the query is a Rust regular expression"
            ]),
            _ => Failure::invalid_input(message),
        }
    }
}

impl Daemon {
    /// The live session a debug action names. Once its task has ended, nobody reads its
    /// captures here: the record lives on in the extension's history.
    fn debug_session(&self, params: &DebugParams) -> Result<Arc<Session>> {
        let ended = matches!(self.live_session(&params.session), Err(Some(_)));
        self.session(&params.session).map_err(|failure| {
            if !ended {
                return failure;
            }
            let mut failure = failure;
            failure.0.hint = Some(words![
                "captures of an ended session are not readable by agents; a person can open and export the saved \
                 record from the extension's history (the bsk button → Website debugging → Open history). \
                 Export before stopping the session next time: ",
                Verb::Debug(A::Export)
                    .with("sessionId", "<id>")
                    .with("output", "run.json")
            ]);
            failure
        })
    }

    pub async fn debug(self: &Arc<Self>, params: DebugParams) -> Result<R> {
        let session = self.debug_session(&params)?;
        let run_id = params.options.run_id.as_deref();
        let tab_id = params.options.tab_id.as_deref();
        let captures = &self.captures;
        match params.action {
            DebugAction::Start => {
                let host = self.capture_host(&session).await?;
                let tab = session.tab(params.options.tab_id.as_deref())?;
                let recording = crate::capture::Recording {
                    name: params.options.name.clone(),
                    limits: limits(&params)?,
                    workers: params.options.workers,
                    // The flag asks for pictures; without it, the person's preference decides.
                    screenshots: params.options.screenshots
                        || self
                            .pool
                            .slot(&session.browser)?
                            .prefers_screenshots()
                            .await,
                };
                Ok(R::Run(
                    captures.start(&host, &session, &tab, recording).await?,
                ))
            }
            DebugAction::Stop => Ok(R::Run(
                captures
                    .stop(&session, run_id, tab_id, StopReason::Stopped)
                    .await?,
            )),
            DebugAction::Status => {
                let mut runs = captures.status(&session);
                runs.retain(|run| tab_id.is_none_or(|tab| run.tab_id == tab));
                Ok(R::Status(StatusResult { runs }))
            }
            DebugAction::Requests => {
                let held = captures.get(&session, run_id, tab_id)?;
                let page = held.capture.lock().requests_page(
                    params.options.since,
                    params.options.limit,
                    params.options.logical,
                )?;
                Ok(R::Requests(page))
            }
            DebugAction::Console => {
                let held = captures.get(&session, run_id, tab_id)?;
                let page = held
                    .capture
                    .lock()
                    .console_page(params.options.since, params.options.limit)?;
                Ok(R::Console(page))
            }
            DebugAction::Pages => {
                let held = captures.get(&session, run_id, tab_id)?;
                let pages = held.capture.lock().pages();
                Ok(R::Pages(pages))
            }
            DebugAction::Operations => {
                let held = captures.get(&session, run_id, tab_id)?;
                let page = held.capture.lock().operations_page(
                    params.options.since,
                    params.options.limit,
                    params.options.all,
                    params.options.caused,
                    now_ms(),
                )?;
                Ok(R::Operations(page))
            }
            DebugAction::Operation => {
                let id = required_id(&params)?;
                let (held, id) =
                    captures.find(&session, run_id, tab_id, id, |c, id| c.has_operation(id))?;
                let detail = held.capture.lock().operation_detail(
                    &id,
                    params.options.all,
                    params.options.screenshot,
                    now_ms(),
                )?;
                Ok(R::Operation(detail))
            }
            DebugAction::Request => {
                let id = required_id(&params)?;
                let (held, id) = captures.find(&session, run_id, tab_id, id, |c, id| {
                    c.request(id).is_some()
                })?;
                if params.options.chain {
                    return Ok(R::RequestChain(held.capture.lock().request_chain(&id)?));
                }
                let part = params.options.part.unwrap_or(RequestPart::Metadata);
                let read = held.capture.lock().request_part(
                    &id,
                    part,
                    params.options.offset,
                    params.options.max_chars,
                    params.options.pointer.as_deref(),
                )?;
                Ok(read.into())
            }
            DebugAction::Export => {
                let held = captures.get(&session, run_id, tab_id)?;
                let document = held.capture.lock().export(now_ms());
                let format = params.options.format.unwrap_or_default();
                if let Some(path) = &params.options.output {
                    return write_export(path, document, format).await;
                }
                if document.run.limits.profile != CaptureProfile::Default {
                    return Err(Failure::invalid_input(format!(
                        "capture {} uses the load profile: its export can be larger than one \
                         message to the CLI",
                        document.run.run_id
                    ))
                    .hint(words![
                        "write it to a file: ",
                        Verb::Debug(A::Export).with("output", "run.json")
                    ]));
                }
                match format {
                    ExportFormat::Json => Ok(R::Export(document)),
                    ExportFormat::Har => Ok(R::Har(bsk_actors::model::har::from_export(
                        &document,
                        env!("CARGO_PKG_VERSION"),
                    ))),
                }
            }
            DebugAction::Search => {
                let query = params.options.query.as_deref().unwrap_or_default();
                let search = bsk_actors::store::search::Search::new(
                    query,
                    params.options.regex,
                    &params.options.scopes,
                )?;
                let held = captures.get(&session, run_id, tab_id)?;
                let page = held.capture.lock().search(
                    &search,
                    params.options.since,
                    params.options.limit,
                )?;
                Ok(R::Search(page))
            }
            DebugAction::Summary => {
                let held = captures.get(&session, run_id, tab_id)?;
                let summary = held.capture.lock().summary();
                Ok(R::Summary(summary))
            }
            DebugAction::Problems => {
                let held = captures.get(&session, run_id, tab_id)?;
                let problems = held.capture.lock().problems(now_ms());
                Ok(R::Problems(bsk_schema::debug::ProblemsResult {
                    run_id: held.run_id.clone(),
                    problems,
                }))
            }
        }
    }
}

/// The retention limits `debug start` asks for: the spec's bounds unless `--profile load`, which
/// opens up to its maxima; `--max-requests`, `--max-console` and `--text-budget` set each one
/// within the profile's maximum.
fn limits(params: &DebugParams) -> Result<CaptureLimits> {
    use bsk_actors::bounds as b;
    let profile = params.options.profile.unwrap_or_default();
    let (requests, console, text) = match profile {
        CaptureProfile::Default => (
            b::MAX_REQUESTS,
            b::MAX_CONSOLE_ENTRIES,
            b::MAX_CAPTURE_TEXT_UNITS,
        ),
        CaptureProfile::Load => (
            b::LOAD_MAX_REQUESTS,
            b::LOAD_MAX_CONSOLE_ENTRIES,
            b::LOAD_MAX_TEXT_UNITS,
        ),
    };
    let pick = |name: &str, asked: Option<usize>, max: usize| -> Result<usize> {
        match asked {
            None => Ok(max),
            Some(0) => Err(Failure::usage(words![
                Arg::named(name),
                " must be at least 1"
            ])),
            Some(n) if n <= max => Ok(n),
            Some(n) if profile == CaptureProfile::Default => Err(Failure::usage(words![
                Arg::new(name, n),
                format!(" is beyond the default bound of {max}")
            ])
            .hint(words![
                "larger retention is the load profile's: add ",
                Arg::new("profile", "load")
            ])),
            Some(n) => Err(Failure::usage(words![
                Arg::new(name, n),
                format!(" is beyond the load profile's maximum of {max}")
            ])),
        }
    };
    Ok(b::limits(
        profile,
        pick("maxRequests", params.options.max_requests, requests)?,
        pick("maxConsole", params.options.max_console, console)?,
        pick("textBudget", params.options.text_budget, text)?,
    ))
}

/// Writes an export document into `path` as it serializes (no copy of the whole text in
/// memory), with mode 0600 and never through a symlink; answers where and how much.
async fn write_export(path: &str, document: ExportDocument, format: ExportFormat) -> Result<R> {
    let target = std::path::PathBuf::from(path);
    if !target.is_absolute() {
        return Err(
            Failure::usage(format!("the export path {path} is not absolute"))
                .hint("the CLI passes an absolute path; over MCP give one too"),
        );
    }
    let requests = document.requests.len();
    let written = tokio::task::spawn_blocking(move || -> Result<u64> {
        use std::io::Write as _;
        let file = crate::state_file::create_private(&target)?;
        let cannot = |e: std::io::Error| crate::state_file::cannot_write(&target, e);
        let mut out = std::io::BufWriter::new(file);
        let encoded = match format {
            ExportFormat::Json => serde_json::to_writer_pretty(&mut out, &document),
            ExportFormat::Har => serde_json::to_writer_pretty(
                &mut out,
                &bsk_actors::model::har::from_export(&document, env!("CARGO_PKG_VERSION")),
            ),
        };
        encoded.map_err(|e| cannot(e.into()))?;
        out.write_all(b"\n").map_err(cannot)?;
        let file = out.into_inner().map_err(|e| cannot(e.into_error()))?;
        file.sync_all().map_err(cannot)?;
        Ok(file.metadata().map_err(cannot)?.len())
    })
    .await
    .map_err(|e| Failure::internal(format!("the export writer failed: {e}")))??;
    Ok(R::Written(bsk_schema::debug::Written {
        path: path.to_string(),
        bytes: written,
        requests,
    }))
}

/// The id a `request` or `operation` read names.
fn required_id(params: &DebugParams) -> Result<&str> {
    params
        .options
        .id
        .as_deref()
        .filter(|id| !id.is_empty())
        .ok_or_else(|| {
            let read = Verb::Debug(params.action);
            let what = read.command_line();
            Failure::usage(format!("name the {}", what.trim_start_matches("debug "))).hint(words![
                "e.g. ",
                read.with("id", "<id>").with("sessionId", "<id>")
            ])
        })
}
