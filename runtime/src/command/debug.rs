//! `bsk debug …`: the command line read into one [`DebugParams`], one `tool.debug` call, and
//! its answer printed per action.

use bsk_schema::Call;
use bsk_schema::debug::{
    DebugAction as A, DebugOptions, DebugParams, DebugResult, ExportFormat, RequestPart,
    SearchScope,
};
use bsk_schema::hint::Surface;
use bsk_schema::ipc::TestFaultParams;
use serde_json::Value;

use super::request;
use crate::cli::{DebugCommand, DebugOn, PageArgs, schema_value};
use crate::error::{Failure, Result};
use crate::output::{self, Style};
use crate::paths::Paths;

/// `bsk debug …`: one `tool.debug` call, printed per action.
pub(super) async fn run(command: DebugCommand, paths: &Paths, style: Style) -> Result<()> {
    if let DebugCommand::Fault { actor, on } = command {
        let call = Call::TestFault(TestFaultParams {
            session: on.session,
            run_id: on.run_id,
            actor,
        });
        let value = request(paths, call).await?;
        output::result(style, &value, |_| Some("done".into()));
        return Ok(());
    }
    let picture_file = match &command {
        DebugCommand::Operation { screenshot, .. } => screenshot.clone(),
        _ => None,
    };
    let params = params(command)?;
    let quiet_run_id = style.quiet && matches!(params.action, A::Start | A::Stop);
    let mut result = call(paths, params).await?;
    let mut picture = None;
    if let (Some(file), DebugResult::Operation(detail)) = (picture_file, &mut result) {
        // The picture's bytes go to the file, out of what is printed.
        let written = write_picture(&file, &mut detail.operation)?;
        // Beside the operation's own output, on stderr: stdout stays the result alone.
        if !style.quiet {
            eprintln!("{written}");
        }
        picture = Some(file);
    }
    let mut value = printed(&result)?;
    if let Some(file) = picture {
        value["screenshot"] = Value::String(file.display().to_string());
    }
    if quiet_run_id && !style.json {
        // The one essential output of start and stop: the run id.
        output::line(value["run_id"].as_str().unwrap_or_default());
        return Ok(());
    }
    match output::debug::render(&result, Surface::Cli) {
        // A document (an export, a HAR) is its own rendering, whatever the output style.
        None => output::line(&serde_json::to_string_pretty(&value).unwrap_or_default()),
        Some(text) => output::result(style, &value, |_| Some(text)),
    }
    Ok(())
}

/// Writes an operation's filmstrip picture to `file` (mode 0600, never through a symlink) and
/// takes its bytes out of what is printed; says what was written.
fn write_picture(
    file: &std::path::Path,
    operation: &mut bsk_schema::capture::OperationRecord,
) -> Result<String> {
    use base64::Engine;
    let Some(picture) = operation.picture.as_mut() else {
        return Err(Failure::not_found(format!(
            "operation {} has no picture",
            operation.id
        ))
        .hint("pictures are kept by captures started with `bsk debug start --screenshots`, once an agent operation settled"));
    };
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(picture.base64.take().as_deref().unwrap_or_default())
        .map_err(|e| Failure::protocol(format!("the picture is not base64: {e}")))?;
    crate::state_file::write_private(file, &bytes)?;
    Ok(format!(
        "wrote {} ({}×{} JPEG, {} KiB): the page once {} settled",
        file.display(),
        picture.width,
        picture.height,
        bytes.len().div_ceil(1024),
        operation.id
    ))
}

/// One `tool.debug` call, its answer decoded by its tag into the shape it holds.
async fn call(paths: &Paths, params: DebugParams) -> Result<DebugResult> {
    let value = request(paths, Call::Debug(Box::new(params))).await?;
    DebugResult::decode(value).map_err(|message| {
        Failure::protocol(message)
            .hint("the CLI and the daemon are different builds: run `bsk daemon stop` and retry")
    })
}

/// What `--json` prints: the result's own shape (`status`: the bare list of captures).
fn printed(result: &DebugResult) -> Result<Value> {
    let encoded = match result {
        DebugResult::Status(status) => serde_json::to_value(&status.runs),
        other => serde_json::to_value(other),
    };
    encoded.map_err(|e| Failure::internal(format!("cannot encode the result: {e}")))
}

/// The call a `bsk debug` command line makes: its action, and each flag in its option.
fn params(command: DebugCommand) -> Result<DebugParams> {
    let (on, action, page, options) = match command {
        DebugCommand::Start {
            on,
            name,
            profile,
            workers,
            screenshots,
            max_requests,
            max_console,
            text_budget,
        } => {
            let profile = schema_value(profile);
            let options = DebugOptions {
                name,
                profile: Some(profile),
                workers,
                screenshots,
                max_requests,
                max_console,
                text_budget,
                ..DebugOptions::default()
            };
            (on, A::Start, None, options)
        }
        DebugCommand::Stop { on } => (on, A::Stop, None, DebugOptions::default()),
        DebugCommand::Status { on } => (on, A::Status, None, DebugOptions::default()),
        DebugCommand::Requests {
            on,
            page,
            all: _, // accepted and ignored: the list holds all traffic
            logical,
        } => {
            let options = DebugOptions {
                logical,
                ..DebugOptions::default()
            };
            (on, A::Requests, Some(page), options)
        }
        DebugCommand::Request {
            id,
            on,
            part,
            offset,
            max_chars,
            pointer,
            chain,
        } => {
            let part: RequestPart = schema_value(part);
            let options = DebugOptions {
                id: Some(id),
                part: Some(part),
                offset,
                max_chars,
                pointer,
                chain,
                ..DebugOptions::default()
            };
            (on, A::Request, None, options)
        }
        DebugCommand::Console { on, page } => (on, A::Console, Some(page), DebugOptions::default()),
        DebugCommand::Pages { on } => (on, A::Pages, None, DebugOptions::default()),
        DebugCommand::Operations {
            on,
            page,
            all,
            caused,
        } => {
            let options = DebugOptions {
                all,
                caused,
                ..DebugOptions::default()
            };
            (on, A::Operations, Some(page), options)
        }
        DebugCommand::Operation {
            id,
            on,
            all,
            screenshot,
        } => {
            let options = DebugOptions {
                id: Some(id),
                all,
                screenshot: screenshot.is_some(),
                ..DebugOptions::default()
            };
            (on, A::Operation, None, options)
        }
        DebugCommand::Export { on, format, output } => {
            let format: ExportFormat = schema_value(format);
            let output = match output {
                // The daemon writes the file as it serializes: a load-profile export can be
                // larger than one message, and never has to fit in one.
                Some(path) => Some(
                    std::path::absolute(&path)
                        .map_err(|e| crate::state_file::cannot_write(&path, e))?
                        .display()
                        .to_string(),
                ),
                None => None,
            };
            let options = DebugOptions {
                format: Some(format),
                output,
                ..DebugOptions::default()
            };
            (on, A::Export, None, options)
        }
        DebugCommand::Search {
            query,
            regex,
            scopes,
            on,
            page,
        } => {
            let scopes: Vec<SearchScope> = scopes.into_iter().map(schema_value).collect();
            let options = DebugOptions {
                query: Some(query),
                regex,
                scopes,
                ..DebugOptions::default()
            };
            (on, A::Search, Some(page), options)
        }
        DebugCommand::Summary { on } => (on, A::Summary, None, DebugOptions::default()),
        DebugCommand::Problems { on } => (on, A::Problems, None, DebugOptions::default()),
        DebugCommand::Fault { .. } => {
            return Err(Failure::usage("fault is not a debug action"));
        }
    };
    Ok(with_on(on, action, page, options))
}

/// Adds what every action takes (`--session`, `--run-id`, `--tab-id`) and a list's page.
fn with_on(
    on: DebugOn,
    action: A,
    page: Option<PageArgs>,
    mut options: DebugOptions,
) -> DebugParams {
    options.run_id = on.run_id;
    options.tab_id = on.tab_id;
    if let Some(page) = page {
        options.since = page.since;
        options.limit = page.limit;
    }
    DebugParams {
        session: on.session,
        action,
        options,
    }
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};
    use serde_json::Value;

    use super::*;
    use crate::cli::{Cli, Command};

    /// A value clap accepts for `arg`: its last possible value (not the default), or a number.
    fn sample(arg: &clap::Arg) -> Option<String> {
        if !arg.get_action().takes_values() {
            return None;
        }
        let values = arg.get_possible_values();
        Some(match values.last() {
            Some(value) => value.get_name().to_string(),
            None => "5".to_string(),
        })
    }

    /// The `DebugOptions` field a flag sets: its long name in camelCase (`--in` is `in`).
    fn field(long: &str) -> String {
        let mut out = String::new();
        let mut upper = false;
        for c in long.chars() {
            if c == '-' {
                upper = true;
            } else if upper {
                out.push(c.to_ascii_uppercase());
                upper = false;
            } else {
                out.push(c);
            }
        }
        out
    }

    /// Every flag of every `bsk debug` action reaches the call's options, and every option
    /// has a flag: the command line, IPC and MCP (which takes `DebugOptions` whole) cannot drift.
    #[test]
    fn every_debug_flag_reaches_its_option_and_every_option_has_a_flag() {
        let cli = Cli::command();
        let debug = cli
            .find_subcommand("debug")
            .expect("the debug command")
            .clone();
        let mut reached = std::collections::BTreeSet::new();
        for action in debug.get_subcommands().filter(|c| !c.is_hide_set()) {
            let name = action.get_name();
            let positionals: Vec<String> =
                action.get_positionals().map(|_| "x1".to_string()).collect();
            for arg in action.get_arguments() {
                let Some(long) = arg.get_long() else { continue };
                if ["session", "help"].contains(&long) {
                    continue;
                }
                // Each value clap offers (every one of an enum), or a sample, or none (a switch).
                let values: Vec<Option<String>> = match sample(arg) {
                    None => vec![None],
                    Some(_) if !arg.get_possible_values().is_empty() => arg
                        .get_possible_values()
                        .iter()
                        .map(|v| Some(v.get_name().to_string()))
                        .collect(),
                    Some(sample) => vec![Some(sample)],
                };
                for value in values {
                    let mut line = vec!["bsk".to_string(), "debug".into(), name.into()];
                    line.extend(positionals.iter().cloned());
                    line.extend(["--session".into(), "s1".into(), format!("--{long}")]);
                    line.extend(value.clone());
                    let cli = Cli::try_parse_from(&line)
                        .unwrap_or_else(|e| panic!("{}: {e}", line.join(" ")));
                    let Command::Debug(command) = cli.command else {
                        panic!("not a debug command")
                    };
                    let params = params(command).expect("params");
                    let json = serde_json::to_value(&params.options).expect("json");
                    let key = field(long);
                    // `requests --all` is accepted and changes nothing: the list holds all
                    // traffic.
                    if name == "requests" && long == "all" {
                        assert_eq!(json.get("all"), None, "{}", line.join(" "));
                        continue;
                    }
                    let set = json
                        .get(&key)
                        .is_some_and(|v| !matches!(v, Value::Null | Value::Bool(false)));
                    assert!(set, "`{}` did not set `{key}`: {json}", line.join(" "));
                    // An enum's value reaches the option under the same name.
                    if let Some(value) = value.filter(|_| !arg.get_possible_values().is_empty()) {
                        let got = &json[&key];
                        let same = got == value.as_str()
                            || got
                                .as_array()
                                .is_some_and(|a| a.iter().any(|v| v == value.as_str()));
                        assert!(same, "`{}` set `{key}` to {got}", line.join(" "));
                    }
                    reached.insert(key);
                }
            }
            if !positionals.is_empty() {
                let key = if name == "search" { "query" } else { "id" };
                reached.insert(key.to_string());
            }
        }
        let schema = serde_json::to_value(schemars::schema_for!(DebugOptions)).expect("schema");
        let options: std::collections::BTreeSet<String> = schema["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .cloned()
            .collect();
        let missing: Vec<_> = options.difference(&reached).collect();
        assert!(missing.is_empty(), "options without a flag: {missing:?}");
    }
}
