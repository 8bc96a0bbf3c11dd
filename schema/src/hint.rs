//! Words that name what to run next. An error's message and hint, and a few results, tell the
//! reader which command to run ("run `bsk observe` again"). The command is data, an
//! [`Invocation`], so each surface says it its own way: the CLI as a command line, MCP as the tool
//! call that does the same (`browser_inspect {"action":"observe","sessionId":"s1"}`). Nothing
//! parses prose to find a command.
//!
//! Arguments are named as MCP names them (`sessionId`, `maxChars`, `timeoutMs`); the command line's
//! flag is derived from that name (`--session`, `--max-chars`, `--timeout` in seconds), and a
//! verb's positional arguments are listed in [`Verb::positional`]. A test in `bsk-runtime` parses
//! every verb's command line with the CLI's own parser and checks every verb's tool call against
//! the tool's input schema, so neither rendering can drift from what it names.

use std::fmt::Write as _;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::debug::DebugAction;
use crate::mcp::{ActAction, InspectAction, NavigateAction, SessionAction, TabsAction};

/// Who reads the words: a person or agent at the command line, or an agent through `bsk mcp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    Cli,
    Mcp,
}

/// Prose in which commands and flags are data. Plain text converts into it (`"…".into()`).
///
/// On the wire, words that are all text are one string, as every bsk before them sent an error;
/// words that name a command are a list of pieces. Either form reads back.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(from = "WireWords", into = "WireWords")]
pub struct Words(pub Vec<Piece>);

#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
enum WireWords {
    Plain(String),
    Pieces(Vec<Piece>),
}

impl From<WireWords> for Words {
    fn from(wire: WireWords) -> Self {
        match wire {
            WireWords::Plain(text) => Words(vec![Piece::Text(text)]),
            WireWords::Pieces(pieces) => Words(pieces),
        }
    }
}

impl From<Words> for WireWords {
    fn from(words: Words) -> Self {
        if words.0.iter().all(|p| matches!(p, Piece::Text(_))) {
            WireWords::Plain(words.said(Surface::Cli))
        } else {
            WireWords::Pieces(words.0)
        }
    }
}

impl JsonSchema for Words {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Words".into()
    }

    fn json_schema(generator: &mut schemars::SchemaGenerator) -> schemars::Schema {
        WireWords::json_schema(generator)
    }
}

/// One piece of [`Words`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Piece {
    Text(String),
    /// A whole command: `bsk debug requests --session s1`.
    Run {
        run: Invocation,
    },
    /// One argument named in prose: `--since 162` (`since: 162` in MCP).
    Flag {
        flag: Arg,
    },
}

/// A command with its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Invocation {
    pub verb: Verb,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<Arg>,
}

/// An argument by its MCP name, with its value; `true` alone is a switch (`--all`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Arg {
    pub name: String,
    pub value: Value,
}

/// Every command a hint can name: the MCP tools' actions, and the commands that only a shell runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Verb {
    Session(SessionAction),
    Tab(TabsAction),
    Navigate(NavigateAction),
    Act(ActAction),
    Inspect(InspectAction),
    Debug(DebugAction),
    Shell(ShellCommand),
}

/// Commands with no MCP tool: MCP says them as shell commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ShellCommand {
    Status,
    DaemonStart,
    DaemonStop,
    DaemonRun,
    ExtensionPath,
    Evidence,
    SessionSaveState,
}

/// The verbs hints name most, by their command line's name.
pub const OBSERVE: Verb = Verb::Inspect(InspectAction::Observe);
pub const EVALUATE: Verb = Verb::Inspect(InspectAction::Evaluate);
pub const WAIT: Verb = Verb::Inspect(InspectAction::Wait);
pub const NAVIGATE: Verb = Verb::Navigate(NavigateAction::Navigate);
pub const RELOAD: Verb = Verb::Navigate(NavigateAction::Reload);
pub const SESSION_START: Verb = Verb::Session(SessionAction::Start);
pub const SESSION_LIST: Verb = Verb::Session(SessionAction::List);
pub const SESSION_STOP: Verb = Verb::Session(SessionAction::Stop);
pub const TAB_LIST: Verb = Verb::Tab(TabsAction::List);
pub const STATUS: Verb = Verb::Shell(ShellCommand::Status);
pub const DAEMON_START: Verb = Verb::Shell(ShellCommand::DaemonStart);
pub const DAEMON_STOP: Verb = Verb::Shell(ShellCommand::DaemonStop);

impl Verb {
    /// An invocation of this verb with no arguments.
    pub fn run(self) -> Invocation {
        Invocation {
            verb: self,
            args: Vec::new(),
        }
    }

    /// The same with one argument.
    pub fn with(self, name: &str, value: impl Into<Value>) -> Invocation {
        self.run().with(name, value)
    }

    /// The command line's words after `bsk`: `debug request`, `dialog accept`, `scroll-to`.
    pub fn command_line(self) -> String {
        fn name(value: impl Serialize) -> String {
            match serde_json::to_value(value) {
                Ok(Value::String(name)) => name.replace('_', "-"),
                _ => String::new(),
            }
        }
        match self {
            Verb::Session(action) => format!("session {}", name(action)),
            Verb::Tab(action) => format!("tab {}", name(action)),
            Verb::Navigate(action) => name(action),
            Verb::Act(ActAction::DialogAccept) => "dialog accept".into(),
            Verb::Act(ActAction::DialogDismiss) => "dialog dismiss".into(),
            Verb::Act(action) => name(action),
            Verb::Inspect(InspectAction::Debug) => "debug".into(),
            Verb::Inspect(action) => name(action),
            Verb::Debug(action) => format!("debug {}", name(action)),
            Verb::Shell(ShellCommand::Status) => "status".into(),
            Verb::Shell(ShellCommand::DaemonStart) => "daemon start".into(),
            Verb::Shell(ShellCommand::DaemonStop) => "daemon stop".into(),
            Verb::Shell(ShellCommand::DaemonRun) => "daemon run".into(),
            Verb::Shell(ShellCommand::ExtensionPath) => "extension path".into(),
            Verb::Shell(ShellCommand::Evidence) => "evidence".into(),
            Verb::Shell(ShellCommand::SessionSaveState) => "session save-state".into(),
        }
    }

    /// The arguments the command line takes by position, in order; the last may take several
    /// values (`bsk select @e3 red blue`).
    pub fn positional(self) -> &'static [&'static str] {
        use ActAction as A;
        match self {
            Verb::Session(SessionAction::Stop) => &["sessionId"],
            Verb::Tab(TabsAction::Borrow | TabsAction::Return) => &["tabId"],
            Verb::Navigate(NavigateAction::Navigate) => &["url"],
            Verb::Act(A::Click | A::Hover | A::Focus | A::Blur | A::ScrollTo | A::Wheel) => {
                &["target"]
            }
            Verb::Act(A::Fill) => &["target", "value"],
            Verb::Act(A::Select) => &["target", "values"],
            Verb::Act(A::Upload) => &["target", "files"],
            Verb::Act(A::Drag) => &["target", "to"],
            Verb::Act(A::Press) => &["key"],
            Verb::Inspect(InspectAction::Evaluate) => &["expression"],
            Verb::Debug(DebugAction::Request | DebugAction::Operation) => &["id"],
            Verb::Debug(DebugAction::Search) => &["query"],
            Verb::Shell(ShellCommand::SessionSaveState) => &["file"],
            _ => &[],
        }
    }

    /// The MCP tool and the arguments that name this verb in it; `None` for shell commands.
    pub fn tool(self) -> Option<(&'static str, Map<String, Value>)> {
        fn head(pairs: &[(&str, Value)]) -> Map<String, Value> {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_string(), v.clone()))
                .collect()
        }
        fn action(value: impl Serialize) -> Value {
            serde_json::to_value(value).unwrap_or(Value::Null)
        }
        Some(match self {
            Verb::Session(a) => ("browser_session", head(&[("action", action(a))])),
            Verb::Tab(a) => ("browser_tabs", head(&[("action", action(a))])),
            Verb::Navigate(NavigateAction::Navigate) => ("browser_navigate", Map::new()),
            Verb::Navigate(a) => ("browser_navigate", head(&[("action", action(a))])),
            Verb::Act(a) => ("browser_act", head(&[("action", action(a))])),
            Verb::Inspect(a) => ("browser_inspect", head(&[("action", action(a))])),
            Verb::Debug(a) => (
                "browser_inspect",
                head(&[("action", "debug".into()), ("debugAction", action(a))]),
            ),
            Verb::Shell(_) => return None,
        })
    }
}

impl Invocation {
    pub fn with(mut self, name: &str, value: impl Into<Value>) -> Self {
        self.args.push(Arg::new(name, value));
        self
    }

    /// As the surface says it: a backticked command line, or a tool call.
    pub fn said(&self, surface: Surface) -> String {
        match (surface, self.tool_call()) {
            (Surface::Mcp, Some((tool, arguments))) => {
                format!("{tool} {}", Value::Object(arguments))
            }
            (Surface::Mcp, None) => format!("`{}` (in a shell)", self.command_line()),
            (Surface::Cli, _) => format!("`{}`", self.command_line()),
        }
    }

    /// `bsk debug request r7 --part response`.
    pub fn command_line(&self) -> String {
        let mut line = format!("bsk {}", self.verb.command_line());
        let positional = self.verb.positional();
        for name in positional {
            for arg in self.args.iter().filter(|a| a.name == *name) {
                match &arg.value {
                    Value::Array(values) => values.iter().for_each(|v| {
                        let _ = write!(line, " {}", cli_value(v));
                    }),
                    value => {
                        let _ = write!(line, " {}", cli_value(value));
                    }
                }
            }
        }
        for arg in self
            .args
            .iter()
            .filter(|a| !positional.contains(&a.name.as_str()))
        {
            line.push(' ');
            line.push_str(&arg.cli());
        }
        line
    }

    /// The MCP tool and its arguments; `None` for a shell command.
    pub fn tool_call(&self) -> Option<(&'static str, Map<String, Value>)> {
        let (tool, mut arguments) = self.verb.tool()?;
        // `browser_act` `emulate` takes the emulation as one object.
        let nested = self.verb == Verb::Act(ActAction::Emulate);
        let mut emulate = Map::new();
        for arg in &self.args {
            let into = if nested && arg.name != "sessionId" {
                &mut emulate
            } else {
                &mut arguments
            };
            into.insert(arg.name.clone(), arg.value.clone());
        }
        if nested {
            arguments.insert("emulate".into(), Value::Object(emulate));
        }
        Some((tool, arguments))
    }
}

impl Arg {
    pub fn new(name: &str, value: impl Into<Value>) -> Self {
        Arg {
            name: name.to_string(),
            value: value.into(),
        }
    }

    /// An argument named without a value: `--timeout`, `timeoutMs`.
    pub fn named(name: &str) -> Self {
        Arg::new(name, Value::Null)
    }

    /// A switch: `--all`, `all: true`.
    pub fn switch(name: &str) -> Self {
        Arg::new(name, true)
    }

    /// As the surface says it in prose: `--since 162`, `since: 162`.
    pub fn said(&self, surface: Surface) -> String {
        match surface {
            Surface::Cli => self.cli(),
            Surface::Mcp if self.value.is_null() => self.name.clone(),
            Surface::Mcp => format!("{}: {}", self.name, self.value),
        }
    }

    /// `--since 162`, `--all`, `--no-settle`, `--timeout 5` (from `timeoutMs: 5000`).
    fn cli(&self) -> String {
        let flag = self.flag();
        match &self.value {
            Value::Null | Value::Bool(true) => format!("--{flag}"),
            Value::Bool(false) => format!("--no-{flag}"),
            Value::Number(ms) if self.name == "timeoutMs" => match ms.as_f64() {
                Some(ms) => format!("--{flag} {}", ms / 1000.0),
                None => format!("--{flag} {ms}"),
            },
            Value::Array(values) => values
                .iter()
                .map(|v| format!("--{flag} {}", cli_value(v)))
                .collect::<Vec<_>>()
                .join(" "),
            value => format!("--{flag} {}", cli_value(value)),
        }
    }

    /// The command line's flag for this argument: `sessionId` → `session`, `maxChars` → `max-chars`.
    pub fn flag(&self) -> String {
        match self.name.as_str() {
            "sessionId" => "session".into(),
            "timeoutMs" => "timeout".into(),
            // `bsk emulate`'s figures (its MCP object keeps serde's names).
            "latency_ms" => "latency".into(),
            "download_kbps" => "download".into(),
            "upload_kbps" => "upload".into(),
            name => {
                let mut flag = String::with_capacity(name.len() + 2);
                for c in name.chars() {
                    if c.is_ascii_uppercase() {
                        flag.push('-');
                        flag.push(c.to_ascii_lowercase());
                    } else if c == '_' {
                        flag.push('-');
                    } else {
                        flag.push(c);
                    }
                }
                flag
            }
        }
    }
}

/// A value on a command line: quoted when a shell would split it.
fn cli_value(value: &Value) -> String {
    match value {
        Value::String(s) if s.is_empty() || s.contains([' ', '\'', '"', '$', '&', ';', '|']) => {
            format!("'{}'", s.replace('\'', r"'\''"))
        }
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl Words {
    /// As the surface says it.
    pub fn said(&self, surface: Surface) -> String {
        let mut out = String::new();
        for piece in &self.0 {
            match piece {
                Piece::Text(text) => out.push_str(text),
                Piece::Run { run } => out.push_str(&run.said(surface)),
                Piece::Flag { flag } => out.push_str(&flag.said(surface)),
            }
        }
        out
    }

    /// Whether the plain text holds `needle` (for errors from the browser, which are all text).
    pub fn contains(&self, needle: &str) -> bool {
        self.0
            .iter()
            .any(|piece| matches!(piece, Piece::Text(text) if text.contains(needle)))
    }

    pub fn push(&mut self, piece: impl Into<Piece>) {
        self.0.push(piece.into());
    }

    /// The same words with `more` after them (a piece, or other words).
    pub fn then(mut self, more: impl IntoWords) -> Self {
        self.0.extend(more.into_words().0);
        self
    }

    /// Arguments named as a list: `--dpr, --mobile and --touch` (`dpr, mobile and touch` in
    /// MCP), with `last` (`and`, `or`) before the last.
    pub fn args(names: &[&str], last: &str) -> Words {
        let mut words = Words::default();
        for (i, name) in names.iter().enumerate() {
            match i {
                0 => {}
                i if i + 1 == names.len() => words.push(format!(" {last} ")),
                _ => words.push(", "),
            }
            words.push(Arg::named(name));
        }
        words
    }
}

/// The command line's words: for logs and for the person at the browser.
impl std::fmt::Display for Words {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.said(Surface::Cli))
    }
}

impl From<&str> for Piece {
    fn from(text: &str) -> Self {
        Piece::Text(text.to_string())
    }
}
impl From<String> for Piece {
    fn from(text: String) -> Self {
        Piece::Text(text)
    }
}
impl From<&String> for Piece {
    fn from(text: &String) -> Self {
        Piece::Text(text.clone())
    }
}
impl From<Invocation> for Piece {
    fn from(run: Invocation) -> Self {
        Piece::Run { run }
    }
}
impl From<Verb> for Piece {
    fn from(verb: Verb) -> Self {
        Piece::Run { run: verb.run() }
    }
}
impl From<Arg> for Piece {
    fn from(flag: Arg) -> Self {
        Piece::Flag { flag }
    }
}
/// What becomes [`Words`]: text, a piece, a command, an argument, or other words.
pub trait IntoWords {
    fn into_words(self) -> Words;
}

macro_rules! into_words {
    ($($t:ty),*) => {$(
        impl IntoWords for $t {
            fn into_words(self) -> Words {
                Words(vec![self.into()])
            }
        }
    )*};
}
into_words!(&str, String, &String, Invocation, Verb, Arg, Piece);

impl IntoWords for Words {
    fn into_words(self) -> Words {
        self
    }
}

/// [`Words`] from pieces (text, a verb or invocation, an argument) and other words:
/// `words!["run ", OBSERVE, " again"]`.
#[macro_export]
macro_rules! words {
    ($($piece:expr),* $(,)?) => {{
        let mut pieces = ::std::vec::Vec::new();
        $(pieces.extend($crate::hint::IntoWords::into_words($piece).0);)*
        $crate::hint::Words(pieces)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_said_per_surface() {
        let words = words![
            "read it with ",
            Verb::Debug(DebugAction::Request)
                .with("id", "r7")
                .with("part", "response")
                .with("maxChars", 100)
                .with("sessionId", "s1"),
            "; next: ",
            Arg::new("since", 162),
        ];
        assert_eq!(
            words.said(Surface::Cli),
            "read it with `bsk debug request r7 --part response --max-chars 100 --session s1`; next: --since 162"
        );
        assert_eq!(
            words.said(Surface::Mcp),
            r#"read it with browser_inspect {"action":"debug","debugAction":"request","id":"r7","part":"response","maxChars":100,"sessionId":"s1"}; next: since: 162"#
        );
    }

    #[test]
    fn values_are_quoted_and_switches_stand_alone() {
        let fill = Verb::Act(ActAction::Fill)
            .with("target", "@e2")
            .with("value", "ada lovelace");
        assert_eq!(fill.command_line(), "bsk fill @e2 'ada lovelace'");
        let wait = Verb::Inspect(InspectAction::Wait)
            .with("text", "Saved")
            .with("timeoutMs", 5000)
            .with("settle", false);
        assert_eq!(
            wait.command_line(),
            "bsk wait --text Saved --timeout 5 --no-settle"
        );
        assert_eq!(
            Verb::Shell(ShellCommand::DaemonStop)
                .run()
                .said(Surface::Mcp),
            "`bsk daemon stop` (in a shell)"
        );
        assert_eq!(Arg::switch("all").said(Surface::Cli), "--all");
        let listed = Words::args(&["dpr", "mobile", "touch"], "and").then(" change a viewport");
        assert_eq!(
            listed.said(Surface::Cli),
            "--dpr, --mobile and --touch change a viewport"
        );
        assert_eq!(
            listed.said(Surface::Mcp),
            "dpr, mobile and touch change a viewport"
        );
        assert_eq!(Arg::switch("all").said(Surface::Mcp), "all: true");
    }

    #[test]
    fn plain_words_cross_the_wire_as_a_string() {
        let words = "the tab is gone".into_words();
        assert_eq!(
            serde_json::to_string(&words).expect("writes"),
            r#""the tab is gone""#
        );
        assert_eq!(
            serde_json::from_str::<Words>(r#""the tab is gone""#).expect("reads"),
            words
        );
    }

    #[test]
    fn words_cross_the_wire_as_data() {
        let words = words!["run ", Verb::Inspect(InspectAction::Observe), " again"];
        let wire = serde_json::to_string(&words).expect("writes");
        assert_eq!(
            wire,
            r#"["run ",{"run":{"verb":{"inspect":"observe"}}}," again"]"#
        );
        assert_eq!(serde_json::from_str::<Words>(&wire).expect("reads"), words);
    }
}
