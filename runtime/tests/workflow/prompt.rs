//! The popup's prompt for an agent (`agentPrompt` in extension/popup/prompt.js) lists `bsk`
//! command lines: each one, with sample values (schema/fixtures/prompt/lines.json, kept equal to
//! a fresh render by extension-tests/unit/prompt-lines.test.js), is a command bsk's own
//! command-line definition accepts.

use bsk_runtime::cli::Cli;
use clap::Parser;
use clap::error::ErrorKind;
use serde_json::Value;

/// Fewer lines than this means the fixture lost the prompt's workflow, not that it passed.
const AT_LEAST: usize = 15;

fn prompt_lines() -> Vec<(String, Vec<String>)> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../schema/fixtures/prompt/lines.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let fixture: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    fixture["lines"]
        .as_array()
        .unwrap_or_else(|| panic!("no lines in {}", path.display()))
        .iter()
        .map(|entry| {
            let line = entry["line"].as_str().unwrap_or_default().to_string();
            let argv = entry["argv"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|word| word.as_str().unwrap_or_default().to_string())
                .collect();
            (line, argv)
        })
        .collect()
}

#[test]
fn every_command_line_of_the_popup_prompt_parses_as_a_bsk_command() {
    let lines = prompt_lines();
    assert!(
        lines.len() >= AT_LEAST,
        "the prompt's fixture holds {} lines",
        lines.len()
    );
    let refused: Vec<String> = lines
        .iter()
        .filter_map(|(line, argv)| {
            assert_eq!(argv.first().map(String::as_str), Some("bsk"), "{line}");
            match Cli::try_parse_from(argv) {
                Ok(_) => None,
                // `bsk debug --help`: clap knows the command and prints its help.
                Err(e) if e.kind() == ErrorKind::DisplayHelp => None,
                Err(e) => Some(format!("`{line}`: {}", e.render())),
            }
        })
        .collect();
    assert!(
        refused.is_empty(),
        "the popup's prompt gives agents lines bsk refuses:\n{}",
        refused.join("\n")
    );
}

#[test]
fn the_prompt_lines_name_the_session_they_act_on() {
    // Every line past `session start` acts on the session the prompt started, by its id: a
    // `--session` that clap took as something else would send the agent to the wrong place.
    for (line, argv) in prompt_lines().iter().skip(1) {
        if argv.iter().any(|word| word == "--help") {
            continue;
        }
        let Ok(cli) = Cli::try_parse_from(argv) else {
            continue; // reported by the test above
        };
        let parsed = format!("{:?}", cli.command);
        assert!(
            parsed.contains("\"s1\""),
            "`{line}` does not reach session s1: {parsed}"
        );
    }
}
