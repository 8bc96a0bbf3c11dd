//! `bsk mcp`: a Model Context Protocol server on stdio (the official Rust SDK, `rmcp`), talking
//! to the same daemon as the CLI and starting it the same way.
//!
//! Five tools cover the workflow: `browser_session`, `browser_tabs`, `browser_navigate`,
//! `browser_act` and `browser_inspect` (observe, evaluate, and `debug` with `debugAction` as the
//! CLI's `bsk debug` subcommand). Each call is one daemon call, so sessions, ownership, the
//! per-session queue and operation records are exactly the CLI's. A call the client cancels
//! closes its daemon connection, which cancels the operation in the daemon.
//!
//! Input and output schemas are generated from `bsk_schema::mcp`; results are structured content
//! plus the text the CLI would print; errors are tool errors carrying the CLI's
//! `{code, message, hint, exit_code}`.

use std::sync::Arc;

use bsk_schema::Call;
use bsk_schema::debug::{DebugAction, DebugParams, DebugResult};
use bsk_schema::ipc::{SessionStartParams, SessionStopParams, TabParams};
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
browser_act (click, fill, select, press, …) to reproduce; browser_inspect {action:'wait'} waits for \
text, an element, a URL or network idle instead of polling observe.\n\
4. Read the evidence with browser_inspect action 'debug': debugAction 'operations' (what you did, \
with the requests and console entries after each), 'operation' + id (one operation's windows), \
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
        Ok(ListToolsResult::with_all_items(tools()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        tools().into_iter().find(|tool| tool.name == name)
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
                result.into()
            }
            Err(failure) => {
                let text = match &failure.0.hint {
                    Some(hint) => format!("error: {}\nhint: {hint}", failure.0.message),
                    None => format!("error: {}", failure.0.message),
                };
                let mut result = CallToolResult::structured_error(
                    serde_json::to_value(&failure.0).unwrap_or_default(),
                );
                result.content = vec![ContentBlock::text(text)];
                result.into()
            }
        })
    }
}

impl BskMcp {
    async fn call(&self, tool: &str, arguments: Value) -> Result<Reply> {
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
                        name: args.name,
                        shared_profile: args.shared_profile,
                        dialogs: args.dialogs,
                        capture: args.capture,
                        state: None,
                        ignore_certificate_errors: args.ignore_certificate_errors,
                        browser: args.browser,
                        preferred: Vec::new(),
                    }))
                    .await?;
                let text = output::session_list(&Value::Array(vec![value.clone()]));
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
                let text = output::session_list(&value);
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
    ) -> Result<Reply> {
        let value = self
            .request(Call::Operation(OperationParams {
                session,
                tab_id,
                op,
            }))
            .await?;
        let text = operation_text(&value);
        Ok(reply(value, text))
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
        self.operate(args.session_id, args.tab_id, op).await
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
        };
        self.operate(args.session_id, args.tab_id, op).await
    }

    async fn inspect(&self, args: InspectArgs) -> Result<Reply> {
        match args.action {
            InspectAction::Observe => {
                self.operate(args.session_id, args.tab_id, Operation::Observe)
                    .await
            }
            InspectAction::Evaluate => {
                let expression = required(args.expression, "expression", "evaluate")?;
                self.operate(
                    args.session_id,
                    args.tab_id,
                    Operation::Evaluate { expression },
                )
                .await
            }
            InspectAction::Wait => {
                let until = required(args.until, "until", "wait")?;
                let op = Operation::Wait {
                    until,
                    timeout_ms: args.timeout_ms,
                };
                self.operate(args.session_id, args.tab_id, op).await
            }
            InspectAction::Debug => {
                let action = args.debug_action.ok_or_else(|| {
                    Failure::usage("action `debug` needs `debugAction`").hint(
                        "start, stop, status, requests, request, console, pages, operations, operation, export, search or summary",
                    )
                })?;
                if action == DebugAction::Fault {
                    return Err(Failure::invalid_input("`fault` is a test hook, not a debug action")
                        .hint("start, stop, status, requests, request, console, pages, operations, operation, export, search or summary"));
                }
                let params = DebugParams {
                    run_id: args.run_id,
                    tab_id: args.tab_id,
                    name: args.name,
                    id: args.id,
                    part: args.part,
                    offset: args.offset,
                    max_chars: args.max_chars,
                    pointer: args.pointer,
                    since: args.since,
                    limit: args.limit,
                    all: args.all,
                    logical: args.logical,
                    chain: args.chain,
                    format: args.format,
                    query: args.query,
                    regex: args.regex,
                    scopes: args.scopes,
                    profile: args.profile,
                    max_requests: args.max_requests,
                    max_console: args.max_console,
                    text_budget: args.text_budget,
                    output: args.output,
                    ..DebugParams::new(args.session_id, action)
                };
                let value = self.request(Call::Debug(Box::new(params.clone()))).await?;
                let text = output::debug::renderer(action)(&value);
                let decoded = DebugResult::decode(&params, value).map_err(|message| {
                    Failure::protocol(message).hint(
                        "bsk mcp and the daemon are different builds: run `bsk daemon stop` and retry",
                    )
                })?;
                let structured = serde_json::to_value(&decoded)
                    .map_err(|e| Failure::internal(format!("cannot encode the result: {e}")))?;
                let text = match (action, text) {
                    (_, Some(text)) => text,
                    // The export is the document (or, written to a file, where): its text is the
                    // JSON itself.
                    (DebugAction::Export, None) => {
                        serde_json::to_string(&structured).unwrap_or_default()
                    }
                    (_, None) => "done".into(),
                };
                Ok(Reply { structured, text })
            }
        }
    }
}

fn reply(structured: Value, text: Option<String>) -> Reply {
    let text = text.unwrap_or_else(|| serde_json::to_string(&structured).unwrap_or_default());
    Reply { structured, text }
}

/// An operation's text: its summary, then `observe`'s tree or `evaluate`'s value.
fn operation_text(value: &Value) -> Option<String> {
    let summary = value["summary"].as_str()?;
    Some(match value.get("value") {
        None => summary.to_string(),
        Some(Value::String(tree)) if summary.starts_with("observed") => {
            format!("{summary}\n{tree}")
        }
        Some(other) => format!(
            "{summary}\nvalue: {}",
            serde_json::to_string(other).unwrap_or_default()
        ),
    })
}

fn parse<T: serde::de::DeserializeOwned>(tool: &str, arguments: Value) -> Result<T> {
    serde_json::from_value(arguments).map_err(|e| {
        Failure::invalid_input(format!("{tool}: {e}"))
            .hint(format!("see {tool}'s inputSchema in tools/list"))
    })
}

fn required<T>(value: Option<T>, field: &str, action: &str) -> Result<T> {
    value.ok_or_else(|| {
        Failure::usage(format!("`{action}` needs `{field}`"))
            .hint(format!("pass {field} in the tool's arguments"))
    })
}

/// The tools, their schemas and annotations.
fn tools() -> Vec<Tool> {
    let tool = |name: &'static str,
                title: &'static str,
                description: &'static str,
                input: Arc<JsonObject>,
                output: Arc<JsonObject>,
                annotations: ToolAnnotations| {
        Tool::new(name, description, input)
            .with_title(title)
            .with_raw_output_schema(output)
            .with_annotations(annotations)
    };
    vec![
        tool(
            "browser_session",
            "Browser sessions",
            "Start a session (it gets its own new tab in a private browser context), stop one, or \
             list them. Every other tool takes the session's `id` as `sessionId`. Stopping closes \
             its tabs and ends its captures; export evidence first.",
            input_schema::<SessionArgs>(),
            output_schema::<SessionOutput>(),
            ToolAnnotations::with_title("Browser sessions")
                .destructive(true)
                .open_world(false),
        ),
        tool(
            "browser_tabs",
            "Browser tabs",
            "List the browser's tabs with their owner; borrow a person's tab so the session can \
             drive it (`tabId` from the list), or return it. A session drives only its own tabs.",
            input_schema::<TabsArgs>(),
            output_schema::<TabsOutput>(),
            ToolAnnotations::with_title("Browser tabs")
                .destructive(false)
                .open_world(false),
        ),
        tool(
            "browser_navigate",
            "Navigate",
            "Navigate the session's tab to `url`, or reload, go back or forward; waits for \
             `waitUntil` (load by default, domcontentloaded, or networkidle). Recorded as an \
             operation when a capture runs.",
            input_schema::<NavigateArgs>(),
            output_schema::<OperationOutput>(),
            ToolAnnotations::with_title("Navigate")
                .destructive(false)
                .open_world(true),
        ),
        tool(
            "browser_act",
            "Act on the page",
            "One input on the session's tab: click, fill (value), select (values), press (key, \
             e.g. Enter), hover, wheel (dx, dy), scroll_to, focus, blur; upload (files; target an <input type=file> or \
             @chooser); dialog_accept (value: a \
             prompt's answer) or dialog_dismiss to answer a JavaScript dialog the page opened. `target` is an @eN ref \
             from the latest observe, or a CSS selector. Each is recorded as an operation with \
             the requests and console entries that follow it.",
            input_schema::<ActArgs>(),
            output_schema::<OperationOutput>(),
            ToolAnnotations::with_title("Act on the page")
                .destructive(true)
                .open_world(true),
        ),
        tool(
            "browser_inspect",
            "Inspect and debug",
            "observe: the page's accessibility tree with @eN refs for browser_act (not an \
             operation). evaluate: run `expression` in the main frame. wait: until `until` holds \
             (text appears or goes, a target is present or gone, the URL matches, network idle) \
             instead of polling observe. debug: website-debugging \
             evidence, `debugAction` as the CLI's `bsk debug` subcommand: start (before \
             reproducing), stop, status, requests, request (id, part, offset, maxChars, pointer; chain for every redirect hop), \
             console, pages, operations, operation (id), export (format json|har), search \
             (query, regex, in: url|headers|request|response|console|pages), summary (all traffic \
             since start per route: counts, statuses, failures, p50/p95/p99). Lists page with \
             since/limit: pass `next_since` until a page is empty.",
            input_schema::<InspectArgs>(),
            output_schema::<InspectOutput>(),
            ToolAnnotations::with_title("Inspect and debug")
                .destructive(false)
                .open_world(true),
        ),
    ]
}

/// A generated schema as MCP carries it. schemars marks integers with formats such as `uint64`
/// that JSON Schema validators do not know (they warn about each one); `minimum` already says
/// what matters, so those formats go.
fn schema_object(schema: schemars::Schema) -> JsonObject {
    let mut value = schema.to_value();
    drop_number_formats(&mut value);
    match value {
        Value::Object(map) => map,
        _ => JsonObject::new(),
    }
}

fn drop_number_formats(value: &mut Value) {
    match value {
        Value::Object(map) => {
            let numeric = map.get("format").and_then(Value::as_str).is_some_and(|f| {
                f.starts_with("uint") || f.starts_with("int") || f == "double" || f == "float"
            });
            if numeric {
                map.remove("format");
            }
            map.values_mut().for_each(drop_number_formats);
        }
        Value::Array(items) => items.iter_mut().for_each(drop_number_formats),
        _ => {}
    }
}

fn input_schema<T: schemars::JsonSchema>() -> Arc<JsonObject> {
    let mut schema = schema_object(schemars::schema_for!(T));
    schema.remove("title");
    Arc::new(schema)
}

/// An output schema: the result shapes (and the error body) under an object root, as MCP
/// clients require.
fn output_schema<T: schemars::JsonSchema>() -> Arc<JsonObject> {
    let mut schema = schema_object(schemars::schema_for!(T));
    schema.remove("title");
    schema.insert("type".into(), Value::String("object".into()));
    Arc::new(schema)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_most_six_tools_each_with_object_schemas() {
        let tools = tools();
        assert!(tools.len() <= 6);
        for tool in &tools {
            assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
            let output = tool.output_schema.as_ref().expect("an output schema");
            assert_eq!(output["type"], "object", "{}", tool.name);
            assert!(output.contains_key("anyOf"), "{}", tool.name);
            let text = serde_json::to_string(output).unwrap_or_default();
            assert!(!text.contains("\"uint"), "{}: {text:.200}", tool.name);
        }
    }
}
