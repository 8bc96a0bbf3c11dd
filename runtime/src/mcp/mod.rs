//! `bsk mcp`: a Model Context Protocol server on stdio (the official Rust SDK, `rmcp`), talking
//! to the same daemon as the CLI and starting it the same way.
//!
//! Five tools cover the workflow: `browser_session`, `browser_tabs`, `browser_navigate`,
//! `browser_act` and `browser_inspect` (observe, evaluate, and `debug` with `debugAction` as the
//! CLI's `bsk debug` subcommand). Each call is one daemon call, so sessions, ownership, the
//! per-session queue and operation records are exactly the CLI's. A call the client cancels
//! closes its daemon connection, which cancels the operation in the daemon.
//!
//! Input schemas are generated from `bsk_schema::mcp` and made portable ([`schema`]); output
//! schemas are small, naming the full shapes in `schema/json/`. Arguments are checked against the
//! input schema before they are decoded ([`args`]), so errors speak JSON, not Rust. Results are
//! structured content plus a short text rendering that keeps every id (`observe`'s tree stays in
//! the text, where agents read it); errors are tool errors carrying the CLI's
//! `{code, message, hint, exit_code}`, with CLI commands and flags said as tools and arguments
//! ([`words`]).

mod args;
#[cfg(test)]
mod hints;
mod schema;

use std::sync::{Arc, LazyLock};

use bsk_schema::Call;
use bsk_schema::debug::{DebugParams, DebugResult};
use bsk_schema::hint::Surface;
use bsk_schema::ipc::{ImageFormat, SessionStartParams, SessionStopParams, TabParams};
use bsk_schema::mcp::{
    ActAction, ActArgs, InspectAction, InspectArgs, InspectOutput, NavigateAction, NavigateArgs,
    OperationOutput, SessionAction, SessionArgs, SessionOutput, TabsAction, TabsArgs, TabsOutput,
};
use bsk_schema::ops::{Operation, OperationParams};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};

use crate::client;
use crate::error::{Failure, Result};
use crate::output;
use crate::paths::Paths;

const INSTRUCTIONS: &str = "bsk drives a real Chromium tab that your session owns and records \
website-debugging evidence while you reproduce a bug.\n\
1. browser_session {action:'start'} → pass its `id` as sessionId everywhere.\n\
2. browser_inspect {action:'debug', debugAction:'start'} BEFORE reproducing: traffic before it is \
not recorded.\n\
3. browser_navigate, then browser_inspect {action:'observe'} for the page's @eN refs, then \
browser_act (click, fill, select, press, …) to reproduce. Each action returns once the page \
settled, with `operation` (its id) and `caused` (the requests, console errors and navigation it \
caused); pass observe:true to get the page's tree with it, in one call. \
browser_inspect {action:'wait', text:'Saved', new:true} waits for new text (also within, \
textGone, target, url, networkIdle) instead of polling observe. browser_inspect \
{action:'screenshot'} shows the page (sensitive fields masked); browser_act 'emulate' puts it on \
a phone or a slow network ({emulate:{device:'iPhone 15', network:'slow-3g'}}), 'drag' drags \
target onto `to`.\n\
4. Read the evidence with browser_inspect action 'debug': debugAction 'problems' first (every \
failed or 4xx/5xx request with the server's error code and message, every console error and \
exception, each with the action it followed), 'operations' (what you did, \
with the requests and console entries after each; caused:true lists them), 'operation' + id (one \
operation's windows), \
'requests' (no bodies; page with since/limit until an empty page), 'request' + id + part \
(metadata, request, response, headers, timing; bodies in slices with offset/maxChars, or a \
JSON value at pointer), 'console', 'pages', 'status' (counts, drops, evictions), 'export' \
(format 'json' or 'har'), 'search' (query: where a token, id or message occurs), 'summary' \
(every request since start, evicted ones too, per method and route: counts, statuses, failures, \
p50/p95/p99).\n\
A 2xx status does not mean success: read the response body. Secrets are redacted before \
anything is stored. Stop with browser_session {action:'stop'} when done.";

/// Serves MCP on stdin/stdout until the client closes it.
pub async fn serve(paths: Paths) -> Result<()> {
    let server = BskMcp {
        paths: Arc::new(paths),
    };
    let running = server
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| Failure::protocol(format!("the MCP client did not initialize: {e}")))?;
    running
        .waiting()
        .await
        .map_err(|e| Failure::internal(format!("the MCP server ended abnormally: {e}")))?;
    Ok(())
}

#[derive(Debug, Clone)]
struct BskMcp {
    paths: Arc<Paths>,
}

/// A tool's result: its structured content and the text the CLI would print.
struct Reply {
    structured: Value,
    text: String,
    /// A picture, sent as an image content block after the text (never in `structured`).
    image: Option<Image>,
}

/// A picture as MCP carries it: base64 and its MIME type.
#[derive(Debug)]
struct Image {
    base64: String,
    mime: &'static str,
}

impl ServerHandler for BskMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("bsk", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(TOOLS.clone()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        TOOLS.iter().find(|tool| tool.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> std::result::Result<CallToolResponse, ErrorData> {
        let CallToolRequestParams {
            name, arguments, ..
        } = request;
        let arguments = Value::Object(arguments.unwrap_or_default());
        // Cancelled: the call's future is dropped, which closes its daemon connection; the
        // daemon then cancels the operation. The client discards whatever is answered.
        let outcome = tokio::select! {
            outcome = self.call(&name, arguments) => outcome,
            () = context.ct.cancelled() => Err(Failure::timeout("the client cancelled the call")),
        };
        Ok(match outcome {
            Ok(reply) => {
                let mut result = CallToolResult::structured(reply.structured);
                result.content = vec![ContentBlock::text(reply.text)];
                if let Some(image) = reply.image {
                    result
                        .content
                        .push(ContentBlock::image(image.base64, image.mime));
                }
                result.into()
            }
            Err(failure) => {
                let said = failure.said(Surface::Mcp);
                let text = match &said.hint {
                    Some(hint) => format!("error: {}\nhint: {hint}", said.message),
                    None => format!("error: {}", said.message),
                };
                let mut result = CallToolResult::structured_error(
                    serde_json::to_value(&said).unwrap_or_default(),
                );
                result.content = vec![ContentBlock::text(text)];
                result.into()
            }
        })
    }
}

impl BskMcp {
    async fn call(&self, tool: &str, mut arguments: Value) -> Result<Reply> {
        if let Some(tool) = TOOLS.iter().find(|t| t.name == tool) {
            args::check(&tool.name, &tool.input_schema, &mut arguments)?;
        }
        match tool {
            "browser_session" => self.session(parse(tool, arguments)?).await,
            "browser_tabs" => self.tabs(parse(tool, arguments)?).await,
            "browser_navigate" => self.navigate(parse(tool, arguments)?).await,
            "browser_act" => self.act(parse(tool, arguments)?).await,
            "browser_inspect" => self.inspect(parse(tool, arguments)?).await,
            other => Err(Failure::not_found(format!("no tool {other}"))
                .hint("the tools are browser_session, browser_tabs, browser_navigate, browser_act and browser_inspect")),
        }
    }

    async fn request(&self, call: Call) -> Result<Value> {
        client::request(&self.paths, call).await
    }

    async fn session(&self, args: SessionArgs) -> Result<Reply> {
        match args.action {
            SessionAction::Start => {
                let value = self
                    .request(Call::SessionStart(SessionStartParams {
                        options: args.start,
                        ..SessionStartParams::default()
                    }))
                    .await?;
                let text = output::session_list(&Value::Array(vec![value.clone()]), Surface::Mcp);
                Ok(reply(value, text))
            }
            SessionAction::Stop => {
                let session = required(args.session_id, "sessionId", "stop")?;
                let value = self
                    .request(Call::SessionStop(SessionStopParams {
                        session: Some(session),
                        all: false,
                    }))
                    .await?;
                let text = output::session_stopped(&value);
                Ok(reply(value, text))
            }
            SessionAction::List => {
                let value = self.request(Call::SessionList).await?;
                let text = output::session_list(&value, Surface::Mcp);
                Ok(reply(json!({ "sessions": value }), text))
            }
        }
    }

    async fn tabs(&self, args: TabsArgs) -> Result<Reply> {
        let tab = |args: TabsArgs, verb: &str| -> Result<TabParams> {
            Ok(TabParams {
                session: required(args.session_id, "sessionId", verb)?,
                tab_id: required(args.tab_id, "tabId", verb)?,
            })
        };
        let value = match args.action {
            TabsAction::List => {
                let mut value = self.request(Call::TabList).await?;
                if let (Some(session), Value::Array(tabs)) = (&args.session_id, &mut value) {
                    tabs.retain(|tab| tab["session"] == session.as_str());
                }
                let text = output::tab_list(&value);
                return Ok(reply(json!({ "tabs": value }), text));
            }
            TabsAction::Borrow => self.request(Call::TabBorrow(tab(args, "borrow")?)).await?,
            TabsAction::Return => self.request(Call::TabReturn(tab(args, "return")?)).await?,
        };
        let text = output::tab_changed(&value);
        Ok(reply(value, text))
    }

    async fn operate(
        &self,
        session: String,
        tab_id: Option<String>,
        op: Operation,
        settle: Option<bool>,
    ) -> Result<Reply> {
        let value = self
            .request(Call::Operation(OperationParams {
                session,
                tab_id,
                op,
                no_settle: settle == Some(false),
            }))
            .await?;
        let text = operation_text(&value);
        Ok(reply(value, text))
    }

    /// An action (navigation or input), then, with `observe`, the page's tree once it settled:
    /// its text follows the action's. The action happened whatever the look gives, so a look
    /// that fails is said in the text, not as the call's error.
    async fn act_and_observe(
        &self,
        session: String,
        tab_id: Option<String>,
        op: Operation,
        settle: Option<bool>,
        observe: Option<bool>,
    ) -> Result<Reply> {
        if observe != Some(true) {
            return self.operate(session, tab_id, op, settle).await;
        }
        let mut reply = self
            .operate(session.clone(), tab_id.clone(), op, settle)
            .await?;
        let look = match self
            .operate(session, tab_id, Operation::Observe, None)
            .await
        {
            Ok(observed) => observed.text,
            Err(failure) => format!("observe failed: {}", failure.0.message),
        };
        reply.text = format!("{}\n\n{look}", reply.text);
        Ok(reply)
    }

    async fn navigate(&self, args: NavigateArgs) -> Result<Reply> {
        let wait_until = args.wait_until;
        let op = match args.action {
            NavigateAction::Navigate => Operation::Navigate {
                url: required(args.url, "url", "navigate")?,
                wait_until,
            },
            NavigateAction::Reload => Operation::Reload { wait_until },
            NavigateAction::Back => Operation::Back,
            NavigateAction::Forward => Operation::Forward,
        };
        self.act_and_observe(args.session_id, args.tab_id, op, args.settle, args.observe)
            .await
    }

    async fn act(&self, args: ActArgs) -> Result<Reply> {
        let verb = serde_json::to_value(args.action)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        let target = |target: Option<String>| required(target, "target", &verb);
        let op = match args.action {
            ActAction::Click => Operation::Click {
                target: target(args.target)?,
            },
            ActAction::Fill => Operation::Fill {
                target: target(args.target)?,
                value: required(args.value, "value", &verb)?,
            },
            ActAction::Select => Operation::Select {
                target: target(args.target)?,
                values: required(args.values, "values", &verb)?,
            },
            ActAction::Press => Operation::Press {
                key: required(args.key, "key", &verb)?,
                target: args.target,
            },
            ActAction::Hover => Operation::Hover {
                target: target(args.target)?,
            },
            ActAction::Wheel => Operation::Wheel {
                target: args.target,
                dx: args.dx.unwrap_or(0.0),
                dy: args.dy.unwrap_or(0.0),
            },
            ActAction::ScrollTo => Operation::ScrollTo {
                target: target(args.target)?,
            },
            ActAction::Focus => Operation::Focus {
                target: target(args.target)?,
            },
            ActAction::Blur => Operation::Blur {
                target: target(args.target)?,
            },
            ActAction::Upload => Operation::Upload {
                target: target(args.target)?,
                files: required(args.files, "files", &verb)?
                    .iter()
                    .map(|file| {
                        std::path::absolute(file)
                            .map(|p| p.to_string_lossy().into_owned())
                            .map_err(|e| Failure::invalid_input(format!("{file}: {e}")))
                    })
                    .collect::<Result<Vec<String>>>()?,
            },
            ActAction::DialogAccept => Operation::Dialog {
                accept: true,
                prompt_text: args.value,
            },
            ActAction::DialogDismiss => Operation::Dialog {
                accept: false,
                prompt_text: None,
            },
            ActAction::Drag => Operation::Drag {
                source: target(args.target)?,
                target: required(args.to, "to", &verb)?,
            },
            ActAction::Emulate => Operation::Emulate(required(args.emulate, "emulate", &verb)?),
        };
        self.act_and_observe(args.session_id, args.tab_id, op, args.settle, args.observe)
            .await
    }

    async fn inspect(&self, args: InspectArgs) -> Result<Reply> {
        match args.action {
            InspectAction::Observe => {
                // The tree is sent once, in the text, where agents read it.
                let mut reply = self
                    .operate(
                        args.session_id,
                        args.debug.tab_id.clone(),
                        Operation::Observe,
                        None,
                    )
                    .await?;
                if let Value::Object(result) = &mut reply.structured {
                    result.remove("snapshot");
                }
                Ok(reply)
            }
            InspectAction::Evaluate => {
                let expression = required(args.expression, "expression", "evaluate")?;
                self.operate(
                    args.session_id,
                    args.debug.tab_id.clone(),
                    Operation::Evaluate { expression },
                    None,
                )
                .await
            }
            InspectAction::Wait => {
                let until = args.wait_for().map_err(|what| {
                    Failure::usage(format!("`wait` takes {what}"))
                        .hint("e.g. {\"action\":\"wait\",\"text\":\"Saved\",\"new\":true}")
                })?;
                let op = Operation::Wait {
                    until,
                    timeout_ms: args.timeout_ms,
                };
                self.operate(args.session_id, args.debug.tab_id.clone(), op, None)
                    .await
            }
            InspectAction::Screenshot => {
                let params = bsk_schema::ipc::ScreenshotParams {
                    session: args.session_id,
                    tab_id: args.debug.tab_id.clone(),
                    target: args.target,
                    full_page: args.full_page,
                    format: Some(args.image_format.unwrap_or(ImageFormat::Jpeg)),
                    quality: None,
                    max_width: Some(args.max_width.unwrap_or(MCP_SCREENSHOT_WIDTH)),
                    unmasked: args.unmasked,
                };
                let value = self.request(Call::Screenshot(params)).await?;
                let mut shot: bsk_schema::ipc::ScreenshotResult = serde_json::from_value(value)
                    .map_err(|e| Failure::protocol(format!("unexpected screenshot result: {e}")))?;
                // The picture travels once, as an image block: never base64 in the
                // structured content.
                let base64 = std::mem::take(&mut shot.data_base64);
                let text = screenshot_text(&shot);
                let structured = serde_json::to_value(&shot)
                    .map_err(|e| Failure::internal(format!("cannot encode the result: {e}")))?;
                Ok(Reply {
                    structured,
                    text,
                    image: Some(Image {
                        base64,
                        mime: shot.format.mime(),
                    }),
                })
            }
            InspectAction::Debug => {
                let action = args.debug_action.ok_or_else(|| {
                    Failure::usage("action `debug` needs `debugAction`").hint(
                        "start, stop, status, problems, requests, request, console, pages, operations, operation, export, search or summary",
                    )
                })?;
                let params = DebugParams {
                    session: args.session_id,
                    action,
                    options: args.debug,
                };
                let value = self.request(Call::Debug(Box::new(params))).await?;
                let decoded = DebugResult::decode(value).map_err(|message| {
                    Failure::protocol(message).hint(bsk_schema::words![
                        "bsk mcp and the daemon are different builds: run ",
                        bsk_schema::hint::DAEMON_STOP,
                        " and retry"
                    ])
                })?;
                let structured = serde_json::to_value(&decoded)
                    .map_err(|e| Failure::internal(format!("cannot encode the result: {e}")))?;
                let text = match (output::debug::render(&decoded, Surface::Mcp), &decoded) {
                    (Some(text), _) => text,
                    // The document is the structured content; the text says what it holds.
                    (None, DebugResult::Export(document)) => format!(
                        "export (version {}) of {}: {} requests, {} operations, {} console entries, {} pages — the document is the structured content",
                        document.version,
                        document.run.run_id,
                        document.requests.len(),
                        document.operations.len(),
                        document.console.len(),
                        document.pages.len()
                    ),
                    (None, DebugResult::Har(har)) => format!(
                        "HAR 1.2 with {} entries — the document is the structured content",
                        har.log.entries.len()
                    ),
                    (None, _) => "done".into(),
                };
                Ok(Reply {
                    structured,
                    text,
                    image: None,
                })
            }
        }
    }
}

fn reply(structured: Value, text: Option<String>) -> Reply {
    let text = text.unwrap_or_else(|| "done".into());
    Reply {
        structured,
        text,
        image: None,
    }
}

/// The widest picture `browser_inspect` `screenshot` returns unless asked: about what one of
/// Playwright MCP's costs an agent.
const MCP_SCREENSHOT_WIDTH: u32 = 1280;

/// One line beside the picture: its size, and what was masked.
fn screenshot_text(shot: &bsk_schema::ipc::ScreenshotResult) -> String {
    let masked = if shot.unmasked {
        "sensitive fields NOT masked".to_string()
    } else if shot.masked_frames > 0 {
        format!(
            "{} sensitive field(s) masked, {} frame(s) masked whole (their fields could not be located)",
            shot.masked_fields, shot.masked_frames
        )
    } else {
        format!("{} sensitive field(s) masked", shot.masked_fields)
    };
    format!(
        "screenshot of {}: {}×{} {}, {} KiB; {masked}",
        shot.url,
        shot.width,
        shot.height,
        shot.format.mime(),
        shot.bytes.div_ceil(1024)
    )
}

/// An operation's text: `observe`'s summary and tree, `evaluate`'s value, or an action's
/// summary, operation, settling and what it caused.
fn operation_text(value: &Value) -> Option<String> {
    let result: bsk_schema::ops::OperationResult = serde_json::from_value(value.clone()).ok()?;
    if let Some(tree) = &result.snapshot {
        return Some(format!("{}\n{tree}", result.summary));
    }
    Some(match &result.value {
        // `evaluate`: its summary is the value, cut at 200 characters.
        Some(other) => {
            let whole = serde_json::to_string(other).unwrap_or_default();
            let text = output::action_text(&result, Surface::Mcp);
            if whole == result.summary {
                text
            } else {
                format!("{text}\nvalue: {whole}")
            }
        }
        None => output::action_text(&result, Surface::Mcp),
    })
}

/// Decodes checked arguments. [`args::check`] has already said what is wrong in JSON's words;
/// what is left (a value the type refuses, such as a negative size) is said without Rust's.
fn parse<T: serde::de::DeserializeOwned>(tool: &str, arguments: Value) -> Result<T> {
    serde_json::from_value(arguments).map_err(|e| {
        let message = e
            .to_string()
            .replace("usize", "a whole number")
            .replace("u64", "a whole number")
            .replace("f64", "a number");
        Failure::invalid_input(format!("{tool}: {message}"))
            .hint(format!("see {tool}'s inputSchema in tools/list"))
    })
}

fn required<T>(value: Option<T>, field: &str, action: &str) -> Result<T> {
    value.ok_or_else(|| {
        Failure::usage(format!("`{action}` needs `{field}`"))
            .hint(format!("pass {field} in the tool's arguments"))
    })
}

/// The tools, built once: [`args::check`] reads their input schemas on every call.
static TOOLS: LazyLock<Vec<Tool>> = LazyLock::new(tools);

/// The tools, their schemas and annotations.
fn tools() -> Vec<Tool> {
    let tool = |name: &'static str,
                title: &'static str,
                description: &'static str,
                input: JsonObject,
                output: JsonObject,
                annotations: ToolAnnotations| {
        Tool::new(name, description, Arc::new(input))
            .with_title(title)
            .with_raw_output_schema(Arc::new(output))
            .with_annotations(annotations)
    };
    use schema::{portable_input, small_output};
    use schemars::schema_for;
    vec![
        tool(
            "browser_session",
            "Browser sessions",
            "Start a session (its own new tab, private profile), stop one, or list them. Pass its \
             `id` as `sessionId` to every other tool. `capture` starts recording before anything \
             loads. Stopping closes its tabs and ends its captures: export evidence first.",
            portable_input(schema_for!(SessionArgs)),
            small_output(schema_for!(SessionOutput), "mcp-session-result.schema.json"),
            ToolAnnotations::with_title("Browser sessions")
                .destructive(true)
                .open_world(false),
        ),
        tool(
            "browser_tabs",
            "Browser tabs",
            "List the browser's tabs with their owner; borrow a person's tab (`tabId`) so the \
             session can drive it, or return it.",
            portable_input(schema_for!(TabsArgs)),
            small_output(schema_for!(TabsOutput), "mcp-tabs-result.schema.json"),
            ToolAnnotations::with_title("Browser tabs")
                .destructive(false)
                .open_world(false),
        ),
        tool(
            "browser_navigate",
            "Navigate",
            "Navigate to `url`, reload, go back or forward; waits for `waitUntil`, then for the \
             page to settle. Result as browser_act's (`observe: true` adds the tree).",
            portable_input(schema_for!(NavigateArgs)),
            small_output(schema_for!(OperationOutput), "operation-result.schema.json"),
            ToolAnnotations::with_title("Navigate")
                .destructive(false)
                .open_world(true),
        ),
        tool(
            "browser_act",
            "Act on the page",
            "One input: click, fill (value), select (values), press (key), hover, wheel (dx, dy), \
             scroll_to, focus, blur, upload (files), dialog_accept (value) or dialog_dismiss. \
             `target`: an @eN ref from observe, or a CSS selector. Returns once the page settled \
             (requests answered, DOM quiet; at most 1.5 s): `settle` says if it did, `operation` \
             names the recorded operation (`o5`) and `caused` lists its requests (id, method, \
             url, status or failure), console errors and navigation so far. `observe: true`: the \
             text also holds the page's tree after it, as observe gives it.",
            portable_input(schema_for!(ActArgs)),
            small_output(schema_for!(OperationOutput), "operation-result.schema.json"),
            ToolAnnotations::with_title("Act on the page")
                .destructive(true)
                .open_world(true),
        ),
        tool(
            "browser_inspect",
            "Inspect and debug",
            "observe: the accessibility tree with @eN refs. evaluate: `expression` in the page. \
             wait: until text (with `within`, `new`), textGone, target, targetGone, url or \
             networkIdle. screenshot: a picture (sensitive fields masked). debug (`debugAction`, \
             as the CLI's `bsk debug`): start before reproducing; stop; status; problems (what \
             failed, the server's words, after which action); requests; request (id, part, \
             offset, maxChars, pointer, chain); console; pages; operations (caused); operation \
             (id); export (format); search (query, regex, in); summary. Lists page with \
             since/limit: pass `next_since` until a page is empty. Not operations: observe, wait \
             and screenshot never cut an operation's window.",
            portable_input(schema_for!(InspectArgs)),
            small_output(schema_for!(InspectOutput), "mcp-inspect-result.schema.json"),
            ToolAnnotations::with_title("Inspect and debug")
                .destructive(false)
                .open_world(true),
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What an agent pays before its first call: the whole tool list, as compact JSON.
    const MAX_TOOL_LIST_BYTES: usize = 18_000;

    #[test]
    fn the_tool_list_is_small_portable_and_free_of_test_hooks() {
        let tools = tools();
        assert!(tools.len() <= 6);
        let listed = serde_json::to_string(&tools).expect("the tools encode");
        assert!(
            listed.len() <= MAX_TOOL_LIST_BYTES,
            "tools/list is {} bytes",
            listed.len()
        );
        assert!(
            !listed.contains("\"fault\"") && !listed.to_lowercase().contains("test-only"),
            "a test hook in the public schema"
        );
        for tool in &tools {
            assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
            let output = tool.output_schema.as_ref().expect("an output schema");
            assert_eq!(output["type"], "object", "{}", tool.name);
            for (kind, schema) in [("input", &*tool.input_schema), ("output", &**output)] {
                let problems =
                    schema::portability_problems(&Value::Object(schema.clone()), &tool.name);
                assert!(problems.is_empty(), "{kind}: {problems:?}");
                let text = serde_json::to_string(schema).unwrap_or_default();
                assert!(!text.contains("\"uint"), "{}: {text:.200}", tool.name);
            }
        }
    }

    #[test]
    fn every_integer_argument_accepts_a_json_number_and_a_numeric_string() {
        for tool in tools() {
            let Some(properties) = tool.input_schema["properties"].as_object() else {
                continue;
            };
            for (name, property) in properties {
                if property["type"] != "integer" {
                    continue;
                }
                for given in [json!(5), json!("5")] {
                    let mut arguments = json!({ name.as_str(): given });
                    // Only this argument is looked at: a missing required one is another error.
                    let outcome = args::check(&tool.name, &tool.input_schema, &mut arguments);
                    if let Err(failure) = outcome {
                        assert!(
                            failure.0.message.contains("is required"),
                            "{} {name}: {}",
                            tool.name,
                            failure.0.message
                        );
                    }
                    assert_eq!(arguments[name.as_str()], json!(5), "{} {name}", tool.name);
                }
            }
        }
    }
}
