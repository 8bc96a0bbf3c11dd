//! The commands hints name ([`bsk_schema::hint`]) are real on both surfaces: every verb's command
//! line parses with the CLI's own parser, every verb's tool call passes its tool's input schema
//! and decodes into the tool's arguments, and every argument a hint in the source names is a flag
//! of the CLI and an argument of a tool.

use bsk_schema::debug::DebugAction;
use bsk_schema::hint::{Arg, Invocation, ShellCommand, Surface, Verb};
use bsk_schema::mcp::{ActAction, InspectAction, NavigateAction, SessionAction, TabsAction};
use clap::Parser;
use serde_json::{Map, Value, json};

use super::{TOOLS, args};

/// Every verb, with the arguments it needs to be a complete command on both surfaces.
fn every_verb() -> Vec<Invocation> {
    let session = |verb: Verb| verb.with("sessionId", "s1");
    let mut all = vec![
        Verb::Session(SessionAction::Start).run(),
        Verb::Session(SessionAction::List).run(),
        Verb::Session(SessionAction::Stop).with("sessionId", "s1"),
        session(Verb::Tab(TabsAction::List)),
        session(Verb::Tab(TabsAction::Borrow)).with("tabId", "T1"),
        session(Verb::Tab(TabsAction::Return)).with("tabId", "T1"),
        session(Verb::Navigate(NavigateAction::Navigate)).with("url", "http://127.0.0.1:3000"),
    ];
    for action in [
        NavigateAction::Reload,
        NavigateAction::Back,
        NavigateAction::Forward,
    ] {
        all.push(session(Verb::Navigate(action)));
    }
    use ActAction as A;
    for action in [A::Click, A::Hover, A::Focus, A::Blur, A::ScrollTo] {
        all.push(session(Verb::Act(action)).with("target", "@e3"));
    }
    all.extend([
        session(Verb::Act(A::Fill))
            .with("target", "#email")
            .with("value", "ada lovelace"),
        session(Verb::Act(A::Select))
            .with("target", "@e4")
            .with("values", json!(["red", "blue"])),
        session(Verb::Act(A::Upload))
            .with("target", "@chooser")
            .with("files", json!(["a.txt"])),
        session(Verb::Act(A::Drag))
            .with("target", "@e1")
            .with("to", "@e2"),
        session(Verb::Act(A::Press)).with("key", "Enter"),
        session(Verb::Act(A::Wheel)).with("dy", 300),
        session(Verb::Act(A::DialogAccept)),
        session(Verb::Act(A::DialogDismiss)),
        session(Verb::Act(A::Emulate))
            .with("device", "iPhone 15")
            .with("network", "slow-3g")
            .with("latency_ms", 300),
        session(Verb::Inspect(InspectAction::Observe)),
        session(Verb::Inspect(InspectAction::Evaluate)).with("expression", "document.title"),
        session(Verb::Inspect(InspectAction::Wait))
            .with("text", "Saved")
            .with("timeoutMs", 5000),
        session(Verb::Inspect(InspectAction::Screenshot)).with("fullPage", true),
    ]);
    use DebugAction as D;
    for action in [
        D::Start,
        D::Stop,
        D::Status,
        D::Requests,
        D::Console,
        D::Pages,
        D::Operations,
        D::Export,
        D::Summary,
        D::Problems,
    ] {
        all.push(session(Verb::Debug(action)));
    }
    all.extend([
        session(Verb::Debug(D::Request))
            .with("id", "r7")
            .with("part", "response")
            .with("maxChars", 100)
            .with("offset", 4096),
        session(Verb::Debug(D::Operation)).with("id", "o2"),
        session(Verb::Debug(D::Search)).with("query", "E_TAKEN"),
        session(Verb::Debug(D::Requests))
            .with("since", 162)
            .with("all", true),
    ]);
    for shell in [
        ShellCommand::Status,
        ShellCommand::DaemonStart,
        ShellCommand::DaemonStop,
        ShellCommand::DaemonRun,
        ShellCommand::ExtensionPath,
        ShellCommand::Evidence,
    ] {
        all.push(Verb::Shell(shell).run());
    }
    all.push(
        Verb::Shell(ShellCommand::SessionSaveState)
            .with("file", "state.json")
            .with("sessionId", "s1"),
    );
    all
}

/// A command line split as a shell splits it (single quotes only: that is what hints write).
fn argv(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut quoted, mut started) = (false, false);
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn every_verb_is_a_command_line_the_cli_parses() {
    for invocation in every_verb() {
        let line = invocation.command_line();
        if let Err(error) = crate::cli::Cli::try_parse_from(argv(&line)) {
            panic!("`{line}` does not parse: {error}");
        }
    }
}

#[test]
fn every_verb_with_a_tool_is_a_call_its_tool_takes() {
    let mut tools_named = std::collections::BTreeSet::new();
    for invocation in every_verb() {
        let Some((name, arguments)) = invocation.tool_call() else {
            assert!(
                invocation.said(Surface::Mcp).ends_with("(in a shell)"),
                "{invocation:?}"
            );
            continue;
        };
        tools_named.insert(name);
        let tool = TOOLS
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("no tool {name}"));
        let mut arguments = Value::Object(arguments);
        if let Err(failure) = args::check(name, &tool.input_schema, &mut arguments) {
            panic!("{name} {arguments} is refused: {failure:?}");
        }
        let decoded = match name {
            "browser_session" => {
                serde_json::from_value::<bsk_schema::mcp::SessionArgs>(arguments.clone()).err()
            }
            "browser_tabs" => {
                serde_json::from_value::<bsk_schema::mcp::TabsArgs>(arguments.clone()).err()
            }
            "browser_navigate" => {
                serde_json::from_value::<bsk_schema::mcp::NavigateArgs>(arguments.clone()).err()
            }
            "browser_act" => {
                serde_json::from_value::<bsk_schema::mcp::ActArgs>(arguments.clone()).err()
            }
            "browser_inspect" => {
                serde_json::from_value::<bsk_schema::mcp::InspectArgs>(arguments.clone()).err()
            }
            other => panic!("a tool this test does not know: {other}"),
        };
        assert!(decoded.is_none(), "{name} {arguments}: {decoded:?}");
    }
    let every_tool: std::collections::BTreeSet<&str> = TOOLS.iter().map(|t| &*t.name).collect();
    assert_eq!(tools_named, every_tool, "a tool no verb names");
}

/// The CLI's long flags, all the way down its subcommands.
fn cli_flags() -> std::collections::BTreeSet<String> {
    fn walk(command: &clap::Command, flags: &mut std::collections::BTreeSet<String>) {
        flags.extend(
            command
                .get_arguments()
                .filter_map(|a| a.get_long().map(str::to_string)),
        );
        command.get_subcommands().for_each(|sub| walk(sub, flags));
    }
    let mut flags = std::collections::BTreeSet::new();
    walk(
        &<crate::cli::Cli as clap::CommandFactory>::command(),
        &mut flags,
    );
    flags
}

/// Every property of every tool's input schema, and of the objects in it (`emulate`).
fn tool_arguments() -> std::collections::BTreeSet<String> {
    fn walk(properties: &Map<String, Value>, names: &mut std::collections::BTreeSet<String>) {
        for (name, property) in properties {
            names.insert(name.clone());
            if let Some(inner) = property.get("properties").and_then(Value::as_object) {
                walk(inner, names);
            }
        }
    }
    let mut names = std::collections::BTreeSet::new();
    for tool in TOOLS.iter() {
        if let Some(properties) = tool
            .input_schema
            .get("properties")
            .and_then(Value::as_object)
        {
            walk(properties, &mut names);
        }
    }
    names
}

/// Every argument name a hint in `runtime/src` names: `Arg::new("x"`, `Arg::named("x"`,
/// `Arg::switch("x"`, `.with("x"`.
fn names_in_source() -> Vec<(String, String)> {
    fn walk(dir: &std::path::Path, found: &mut Vec<(String, String)>) {
        for entry in std::fs::read_dir(dir).expect("src").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, found);
            } else if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("hints.rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                for opener in ["Arg::new(\"", "Arg::named(\"", "Arg::switch(\"", ".with(\""] {
                    for (at, _) in text.match_indices(opener) {
                        let rest = &text[at + opener.len()..];
                        let name = &rest[..rest.find('"').unwrap_or(0)];
                        found.push((name.to_string(), path.display().to_string()));
                    }
                }
            }
        }
    }
    let mut found = Vec::new();
    walk(
        &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut found,
    );
    found
}

#[test]
fn every_argument_a_hint_names_is_a_flag_and_a_tool_argument() {
    let flags = cli_flags();
    let arguments = tool_arguments();
    // Positional on the command line; `file` is `session save-state`'s, a shell command's.
    let positional = [
        "id",
        "query",
        "target",
        "value",
        "values",
        "files",
        "url",
        "key",
        "expression",
        "to",
        "file",
    ];
    // Arguments of shell commands (`daemon start`, `session save-state`), which no tool has.
    let shell_only = ["cdpUrl", "browsers", "file"];
    let found = names_in_source();
    assert!(found.len() > 40, "the scan found {} names", found.len());
    for (name, file) in found {
        let flag = Arg::named(&name).flag();
        assert!(
            positional.contains(&name.as_str()) || flags.contains(&flag),
            "{file}: a hint names `{name}`, but the CLI has no --{flag}"
        );
        assert!(
            shell_only.contains(&name.as_str()) || arguments.contains(&name),
            "{file}: a hint names `{name}`, which no tool takes"
        );
    }
}

#[test]
fn an_error_says_its_commands_in_each_surface_s_words() {
    let failure = crate::error::Failure::not_found("unknown ref @e9").hint(bsk_schema::words![
        "run ",
        bsk_schema::hint::OBSERVE.with("sessionId", "s1"),
        " again"
    ]);
    assert_eq!(
        failure.said(Surface::Cli).hint.as_deref(),
        Some("run `bsk observe --session s1` again")
    );
    assert_eq!(
        failure.said(Surface::Mcp).hint.as_deref(),
        Some(r#"run browser_inspect {"action":"observe","sessionId":"s1"} again"#)
    );
}
