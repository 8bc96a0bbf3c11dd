//! The CLI's words in MCP's: the daemon's errors and the evidence renderings name CLI commands
//! and flags (`bsk debug start --session s1`, `next: --since 162`); an agent that speaks MCP is
//! told the tool, action and arguments to use instead (`browser_inspect {"action":"debug",
//! "debugAction":"start","sessionId":"s1"}`, `next: since: 162`). Commands with no tool (the
//! daemon, the evidence page) are left as shell commands.

use serde_json::{Map, Value, json};

/// `text` with every backticked `bsk …` command and every `--flag value` said in MCP's words.
pub fn in_mcp_words(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let Some(len) = rest[open + 1..].find('`') else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        out.push_str(&flags(&rest[..open]));
        match inner.strip_prefix("bsk ").and_then(command) {
            Some(call) => out.push_str(&call),
            None if inner.starts_with("bsk ") => {
                out.push('`');
                out.push_str(inner);
                out.push_str("` (in a shell)");
            }
            None => {
                out.push('`');
                out.push_str(&flags(inner));
                out.push('`');
            }
        }
        rest = &rest[open + len + 2..];
    }
    out.push_str(&flags(rest));
    out
}

/// `--since 162` → `since: 162`, `--all` → `all: true` outside commands.
fn flags(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        // Punctuation around a flag stays where it is: `(--part response)`.
        let lead = &word[..word.len() - word.trim_start_matches(['(', '[']).len()];
        let Some(flag) = word[lead.len()..]
            .strip_prefix("--")
            .filter(|f| f.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        else {
            out.push(word.to_string());
            i += 1;
            continue;
        };
        let (flag, tail) = split_tail(flag);
        let name = argument(flag);
        if takes_value(flag) && tail.is_empty() && i + 1 < words.len() {
            let (value, tail) = split_tail(words[i + 1]);
            out.push(format!("{lead}{name}: {}{tail}", literal(flag, value)));
            i += 2;
        } else if flag == "no-settle" {
            out.push(format!("{lead}settle: false{tail}"));
            i += 1;
        } else {
            out.push(format!("{lead}{name}: true{tail}"));
            i += 1;
        }
    }
    out.join(" ")
}

fn split_tail(word: &str) -> (&str, &str) {
    let end = word.trim_end_matches([')', ',', ';', '.', ']', ':']).len();
    word.split_at(end)
}

/// The MCP argument a CLI flag is: camelCase, `session` → `sessionId`.
fn argument(flag: &str) -> String {
    match flag {
        "session" => "sessionId".into(),
        "timeout" => "timeoutMs".into(),
        _ => {
            let mut name = String::new();
            let mut upper = false;
            for c in flag.chars() {
                if c == '-' {
                    upper = true;
                } else if upper {
                    name.extend(c.to_uppercase());
                    upper = false;
                } else {
                    name.push(c);
                }
            }
            name
        }
    }
}

/// Whether `--flag` takes a value, as the command line defines it: read from clap's definition
/// of every `bsk` command, so no list here can drift from the CLI.
fn takes_value(flag: &str) -> bool {
    static VALUED: std::sync::OnceLock<std::collections::HashSet<String>> =
        std::sync::OnceLock::new();
    VALUED
        .get_or_init(|| {
            let mut valued = std::collections::HashSet::new();
            long_flags(
                &<crate::cli::Cli as clap::CommandFactory>::command(),
                &mut |arg| {
                    if arg.get_action().takes_values()
                        && let Some(long) = arg.get_long()
                    {
                        valued.insert(long.to_string());
                    }
                },
            );
            valued
        })
        .contains(flag)
}

/// Calls `each` on every argument of `command` and of its subcommands, all the way down.
fn long_flags(command: &clap::Command, each: &mut impl FnMut(&clap::Arg)) {
    command.get_arguments().for_each(&mut *each);
    for sub in command.get_subcommands() {
        long_flags(sub, each);
    }
}

/// A flag's value as JSON: numbers stay numbers, the rest are strings; `--timeout` seconds
/// become milliseconds.
fn literal(flag: &str, value: &str) -> String {
    let value = value.trim_matches(|c| c == '\'' || c == '"');
    if flag == "timeout"
        && let Ok(seconds) = value.parse::<f64>()
    {
        return ((seconds * 1000.0).round() as u64).to_string();
    }
    match value.parse::<u64>() {
        Ok(n) if NUMERIC.contains(&flag) => n.to_string(),
        _ => Value::String(value.to_string()).to_string(),
    }
}

const NUMERIC: &[&str] = &[
    "since",
    "limit",
    "offset",
    "max-chars",
    "max-requests",
    "max-console",
    "text-budget",
];

/// Splits a command line into words, honouring single and double quotes.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (None, ' ') => {
                if started || !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
                started = false;
            }
            (None, c) => word.push(c),
        }
    }
    if started || !word.is_empty() {
        words.push(word);
    }
    words
}

/// One `bsk …` command (without `bsk`) as the tool call that does the same; `None` for commands
/// with no tool.
fn command(line: &str) -> Option<String> {
    let words = words(line);
    let (verb, rest) = words.split_first()?;
    let mut positional: Vec<String> = Vec::new();
    let mut flags = Map::new();
    let mut i = 0;
    while i < rest.len() {
        let word = &rest[i];
        if let Some(flag) = word.strip_prefix("--") {
            if takes_value(flag) && i + 1 < rest.len() {
                let value: Value =
                    serde_json::from_str(&literal(flag, &rest[i + 1])).unwrap_or(Value::Null);
                flags.insert(argument(flag), value);
                i += 2;
                continue;
            }
            match flag {
                "no-settle" => flags.insert("settle".into(), json!(false)),
                _ => flags.insert(argument(flag), json!(true)),
            };
        } else {
            positional.push(word.clone());
        }
        i += 1;
    }
    // Positional arguments first, then the flags, as the command line has them.
    let mut args = Map::new();
    let first = |args: &mut Map<String, Value>, name: &str, positional: &[String]| {
        if let Some(value) = positional.first() {
            args.insert(name.into(), json!(value));
        }
    };
    let (tool, mut head) = match verb.as_str() {
        "debug" => {
            let (action, positional) = positional.split_first()?;
            let name = if action == "search" { "query" } else { "id" };
            first(&mut args, name, positional);
            (
                "browser_inspect",
                json!({ "action": "debug", "debugAction": action }),
            )
        }
        "session" => {
            let (action, positional) = positional.split_first()?;
            first(&mut args, "sessionId", positional);
            ("browser_session", json!({ "action": action }))
        }
        "tab" => {
            let (action, positional) = positional.split_first()?;
            first(&mut args, "tabId", positional);
            ("browser_tabs", json!({ "action": action }))
        }
        "navigate" => {
            first(&mut args, "url", &positional);
            ("browser_navigate", json!({}))
        }
        "reload" | "back" | "forward" => ("browser_navigate", json!({ "action": verb })),
        "observe" | "snapshot" => ("browser_inspect", json!({ "action": "observe" })),
        "evaluate" => {
            first(&mut args, "expression", &positional);
            ("browser_inspect", json!({ "action": "evaluate" }))
        }
        "wait" => ("browser_inspect", json!({ "action": "wait" })),
        "click" | "hover" | "focus" | "blur" | "scroll-to" | "fill" | "select" | "upload" => {
            first(&mut args, "target", &positional);
            match verb.as_str() {
                "fill" => {
                    if let Some(value) = positional.get(1) {
                        args.insert("value".into(), json!(value));
                    }
                }
                "select" => {
                    args.insert("values".into(), json!(positional.get(1..).unwrap_or(&[])));
                }
                "upload" => {
                    args.insert("files".into(), json!(positional.get(1..).unwrap_or(&[])));
                }
                _ => {}
            }
            ("browser_act", json!({ "action": verb.replace('-', "_") }))
        }
        "press" => {
            first(&mut args, "key", &positional);
            ("browser_act", json!({ "action": "press" }))
        }
        "dialog" => {
            let action = positional.first()?;
            (
                "browser_act",
                json!({ "action": format!("dialog_{action}") }),
            )
        }
        _ => return None,
    };
    if let Value::Object(head) = &mut head {
        head.extend(args);
        head.extend(flags);
    }
    Some(format!("{tool} {head}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_become_tool_calls() {
        assert_eq!(
            in_mcp_words("start one with `bsk debug start --session s1`"),
            r#"start one with browser_inspect {"action":"debug","debugAction":"start","sessionId":"s1"}"#
        );
        assert_eq!(
            in_mcp_words("`bsk debug request r7 --part response --max-chars 100 --session s1`"),
            r#"browser_inspect {"action":"debug","debugAction":"request","id":"r7","part":"response","maxChars":100,"sessionId":"s1"}"#
        );
        assert_eq!(
            in_mcp_words("`bsk fill @e2 'ada lovelace' --session s1`"),
            r#"browser_act {"action":"fill","target":"@e2","value":"ada lovelace","sessionId":"s1"}"#
        );
        assert_eq!(
            in_mcp_words("`bsk session start`"),
            r#"browser_session {"action":"start"}"#
        );
        assert_eq!(
            in_mcp_words("answer it with `bsk dialog accept`"),
            r#"answer it with browser_act {"action":"dialog_accept"}"#
        );
        assert_eq!(
            in_mcp_words("run `bsk daemon stop` and retry"),
            "run `bsk daemon stop` (in a shell) and retry"
        );
    }

    #[test]
    fn flags_become_arguments() {
        assert_eq!(in_mcp_words("next: --since 162"), "next: since: 162");
        assert_eq!(
            in_mcp_words("2 static, data: or extension requests folded; --all shows them"),
            "2 static, data: or extension requests folded; all: true shows them"
        );
        assert_eq!(
            in_mcp_words("read the response body (--part response)"),
            r#"read the response body (part: "response")"#
        );
        assert_eq!(
            in_mcp_words("[complete; more: --offset 4096]"),
            "[complete; more: offset: 4096]"
        );
        assert_eq!(
            in_mcp_words("plain text — no flags"),
            "plain text — no flags"
        );
    }

    /// A flag is a value-taking flag everywhere or nowhere, so `--flag word` reads one way.
    #[test]
    fn every_flag_takes_a_value_everywhere_or_nowhere() {
        let mut valued = std::collections::BTreeSet::new();
        let mut boolean = std::collections::BTreeSet::new();
        long_flags(
            &<crate::cli::Cli as clap::CommandFactory>::command(),
            &mut |arg| {
                if let Some(long) = arg.get_long() {
                    if arg.get_action().takes_values() {
                        valued.insert(long.to_string());
                    } else {
                        boolean.insert(long.to_string());
                    }
                }
            },
        );
        let both: Vec<_> = valued.intersection(&boolean).collect();
        assert!(both.is_empty(), "flags both ways: {both:?}");
        assert!(takes_value("max-chars") && takes_value("wait-until"));
        assert!(!takes_value("all") && !takes_value("no-settle"));
    }
}
