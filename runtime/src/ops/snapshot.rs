//! `observe`: the page's accessibility tree as indented text, with `@eN` refs on the elements an
//! agent can act on. Iframes, same-origin and out-of-process alike, are nested under their
//! `<iframe>` element.

use std::collections::HashMap;

use bsk_schema::hint;
use bsk_schema::words;
use serde_json::{Value, json};

use crate::error::{Failure, Result};
use crate::tab::Tab;
use crate::tab::refs::{NodeRef, RefMap};

/// Lines in one snapshot; past this the rest is counted, not printed.
pub const MAX_SNAPSHOT_LINES: usize = 1000;
/// Characters of one line of joined sibling text.
const MAX_TEXT_RUN_CHARS: usize = 240;

/// How deep the renderer walks the accessibility tree (nested frames included). A page can nest
/// its DOM 50,000 deep; walking it recursively would overflow the daemon's stack, and no one
/// reads an outline that deep. Subtrees below are counted and said, not shown.
pub const MAX_SNAPSHOT_DEPTH: usize = 200;

/// Roles an agent acts on: each gets a ref.
const ACTIONABLE: &[&str] = &[
    "button",
    "link",
    "textbox",
    "searchbox",
    "checkbox",
    "radio",
    "combobox",
    "listbox",
    "option",
    "menuitem",
    "menuitemcheckbox",
    "menuitemradio",
    "tab",
    "slider",
    "spinbutton",
    "switch",
    "treeitem",
];

/// Roles that only wrap other nodes: their children are printed in their place.
const TRANSPARENT: &[&str] = &[
    "generic",
    "none",
    "presentation",
    "InlineTextBox",
    "LineBreak",
    // A `<select>`'s popup and a `<label>`: their options and fields say it all.
    "MenuListPopup",
    "LabelText",
];

/// One frame's document and where it hangs in the page.
#[derive(Debug)]
struct FrameDoc {
    session_id: String,
    frame_id: String,
    /// The `<iframe>` element that holds it: (session of the parent document, backend node id).
    owner: Option<(String, i64)>,
    /// The frame's URL when the snapshot read it.
    url: String,
}

/// Lists every frame's document across the tab's sessions.
async fn frame_docs(tab: &Tab) -> Result<Vec<FrameDoc>> {
    let children = tab.children();
    let out_of_process: Vec<&str> = children.iter().map(|c| c.frame_id.as_str()).collect();
    let mut docs = Vec::new();
    let mut sessions = vec![(tab.session_id.clone(), None::<(String, String)>)];
    sessions.extend(children.iter().map(|c| {
        (
            c.session_id.clone(),
            Some((c.parent_session_id.clone(), c.frame_id.clone())),
        )
    }));
    for (session, parent) in sessions {
        let Ok(tree) = tab.call_in(&session, "Page.getFrameTree", json!({})).await else {
            continue;
        };
        let mut stack = vec![(&tree["frameTree"], true)];
        while let Some((node, is_root)) = stack.pop() {
            let frame_id = node["frame"]["id"].as_str().unwrap_or_default().to_string();
            if !is_root && out_of_process.contains(&frame_id.as_str()) {
                continue;
            }
            let owner = match (&parent, is_root) {
                (None, true) => None,
                (Some((parent_session, _)), true) => owner_of(tab, parent_session, &frame_id).await,
                (_, false) => owner_of(tab, &session, &frame_id).await,
            };
            docs.push(FrameDoc {
                session_id: session.clone(),
                frame_id,
                owner,
                url: node["frame"]["url"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string(),
            });
            if let Some(kids) = node["childFrames"].as_array() {
                stack.extend(kids.iter().map(|k| (k, false)));
            }
        }
    }
    Ok(docs)
}

async fn owner_of(tab: &Tab, session: &str, frame_id: &str) -> Option<(String, i64)> {
    let owner = tab
        .call_in(session, "DOM.getFrameOwner", json!({ "frameId": frame_id }))
        .await
        .ok()?;
    Some((session.to_string(), owner["backendNodeId"].as_i64()?))
}

/// One frame's accessibility nodes, indexed for rendering.
struct AxTree {
    session_id: String,
    /// The frame's URL; `None` for the main frame.
    frame_url: Option<String>,
    nodes: HashMap<String, Value>,
    root: Option<String>,
}

pub struct Snapshot {
    pub text: String,
    pub refs: usize,
}

pub async fn observe(tab: &Tab) -> Result<Snapshot> {
    let docs = frame_docs(tab).await?;
    let mut trees = Vec::new();
    let mut unreadable = 0;
    for doc in &docs {
        let reply = tab
            .call_in(
                &doc.session_id,
                "Accessibility.getFullAXTree",
                json!({ "frameId": doc.frame_id }),
            )
            .await;
        let reply = match reply {
            Ok(reply) => reply,
            // Without the main frame there is nothing to show: say why instead of an empty
            // outline.
            Err(e) if doc.owner.is_none() => {
                return Err(Failure::browser(format!(
                    "could not read the page's accessibility tree: {}",
                    e.0.message
                ))
                .hint(words!["the page may be too large or too deeply nested for an outline; read specific elements with ", hint::EVALUATE]));
            }
            Err(_) => {
                unreadable += 1;
                continue;
            }
        };
        let list = reply["nodes"].as_array().cloned().unwrap_or_default();
        let root = list
            .iter()
            .find(|n| n.get("parentId").is_none())
            .and_then(|n| n["nodeId"].as_str())
            .map(str::to_string);
        let nodes = list
            .into_iter()
            .filter_map(|n| Some((n["nodeId"].as_str()?.to_string(), n)))
            .collect();
        trees.push((
            doc,
            AxTree {
                session_id: doc.session_id.clone(),
                frame_url: doc.owner.as_ref().map(|_| doc.url.clone()),
                nodes,
                root,
            },
        ));
    }
    let loader_id = tab.state().loader_id;
    let mut refs = tab.refs.lock().unwrap_or_else(|p| p.into_inner());
    refs.begin(&loader_id);
    let mut renderer = Renderer {
        lines: Vec::new(),
        hidden: 0,
        too_deep: 0,
        loader_id,
        refs: &mut refs,
        named: 0,
        text_run: None,
        frames: trees
            .iter()
            .enumerate()
            .filter_map(|(i, (doc, _))| Some((doc.owner.clone()?, i)))
            .collect(),
    };
    if let Some(main) = trees.iter().position(|(doc, _)| doc.owner.is_none()) {
        renderer.tree(&trees, main, 0, 0);
    }
    if renderer.hidden > 0 {
        renderer
            .lines
            .push(format!("… {} more lines not shown", renderer.hidden));
    }
    if unreadable > 0 {
        renderer.lines.push(format!(
            "… {unreadable} iframes whose accessibility tree could not be read"
        ));
    }
    if renderer.too_deep > 0 {
        renderer.lines.push(format!(
            "… {} subtrees nested deeper than {MAX_SNAPSHOT_DEPTH} levels not shown",
            renderer.too_deep
        ));
    }
    let text = renderer.lines.join("\n");
    let renderer_named = renderer.named;
    Ok(Snapshot {
        text,
        refs: renderer_named,
    })
}

struct Renderer<'a> {
    lines: Vec<String>,
    hidden: usize,
    /// Subtrees not walked because they sit deeper than [`MAX_SNAPSHOT_DEPTH`].
    too_deep: usize,
    loader_id: String,
    /// The tab's refs: elements seen before keep theirs.
    refs: &'a mut RefMap,
    /// Refs on this snapshot's lines.
    named: usize,
    /// Which tree hangs under which `<iframe>` element.
    frames: HashMap<(String, i64), usize>,
    /// The text of the last line when it is a plain `StaticText` (no ref, no properties), and
    /// its depth: a run of such siblings reads as one line (a syntax-highlighted body is a span
    /// per token, a line each otherwise).
    text_run: Option<(usize, String)>,
}

/// A node's field as a person reads it (see [`as_read`]).
fn text_of(node: &Value, field: &str) -> String {
    match &node[field]["value"] {
        Value::String(s) => as_read(s),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// Text as a person reads it on screen: zero-width and bidirectional control characters
/// removed (pages put them inside paths and ids to let them wrap, where they would stop an
/// agent from finding the path it reads), and runs of white space folded into one space.
pub fn as_read(text: &str) -> String {
    let invisible = |c: char| {
        matches!(
            c,
            '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{2064}'
                | '\u{2066}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{00AD}'
        )
    };
    let mut out = String::with_capacity(text.len());
    let mut space = false;
    for c in text.chars().filter(|c| !invisible(*c)) {
        if c.is_whitespace() {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c);
        }
    }
    out
}

impl Renderer<'_> {
    fn push(&mut self, depth: usize, line: String) {
        self.text_run = None;
        if self.lines.len() < MAX_SNAPSHOT_LINES {
            self.lines.push(format!("{}- {line}", "  ".repeat(depth)));
        } else {
            self.hidden += 1;
        }
    }

    /// A plain `StaticText` line, joined to the line before when that one is plain text at the
    /// same depth (up to [`MAX_TEXT_RUN_CHARS`]).
    fn push_text(&mut self, depth: usize, text: &str) {
        if let Some((run_depth, run)) = self.text_run.take()
            && run_depth == depth
            && run.chars().count() < MAX_TEXT_RUN_CHARS
            && let Some(last) = self.lines.last_mut()
        {
            let joined = truncate(&format!("{run} {text}"), MAX_TEXT_RUN_CHARS);
            *last = format!("{}- StaticText {}", "  ".repeat(depth), quoted(&joined));
            self.text_run = Some((depth, joined));
            return;
        }
        self.push(
            depth,
            format!("StaticText {}", quoted(&truncate(text, 120))),
        );
        if self.hidden == 0 {
            self.text_run = Some((depth, truncate(text, 120)));
        }
    }

    fn tree(&mut self, trees: &[(&FrameDoc, AxTree)], index: usize, depth: usize, level: usize) {
        let tree = &trees[index].1;
        if let Some(root) = tree.root.clone() {
            self.node(trees, index, &root, (depth, level), false);
        }
    }

    fn node(
        &mut self,
        trees: &[(&FrameDoc, AxTree)],
        index: usize,
        id: &str,
        (depth, level): (usize, usize),
        parent_named: bool,
    ) {
        // `depth` indents what is shown; `level` counts every node walked, shown or not.
        if level > MAX_SNAPSHOT_DEPTH {
            self.too_deep += 1;
            return;
        }
        let tree = &trees[index].1;
        let Some(node) = tree.nodes.get(id) else {
            return;
        };
        let role = text_of(node, "role");
        let name = text_of(node, "name");
        let ignored = node["ignored"].as_bool().unwrap_or(false);
        let backend = node["backendDOMNodeId"].as_i64();
        let children: Vec<String> = node["childIds"]
            .as_array()
            .map(|c| {
                c.iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        let mut child_depth = depth;
        let mut named = parent_named;
        // Text a named parent already says, or empty; an image with no name and nothing in it.
        let skip_text = (role == "StaticText" && (parent_named || name.trim().is_empty()))
            || (role == "image" && name.trim().is_empty() && children.is_empty());
        let plain_text = role == "StaticText" && properties(node).is_empty();
        if role == "generic" && !ignored {
            // A block of its own (a `<div>`, a `<pre>`): its text does not run on from what
            // came before it, nor what follows from its text.
            self.text_run = None;
        }
        if !ignored && !skip_text && plain_text {
            self.push_text(depth, &name);
        } else if !ignored && !TRANSPARENT.contains(&role.as_str()) && !skip_text {
            let mut line = if role == "RootWebArea" {
                "document".to_string()
            } else {
                role.clone()
            };
            if !name.is_empty() {
                line.push_str(&format!(" {}", quoted(&truncate(&name, 120))));
            }
            if ACTIONABLE.contains(&role.as_str())
                && let Some(backend) = backend
            {
                self.named += 1;
                let name = self.refs.name(NodeRef {
                    session_id: tree.session_id.clone(),
                    backend_node_id: backend,
                    loader_id: self.loader_id.clone(),
                    frame_url: tree.frame_url.clone(),
                });
                line.push_str(&format!(" [{name}]"));
            }
            line.push_str(&properties(node));
            self.push(depth, line);
            child_depth = depth + 1;
            // Its text is on this line already: its name, or the value a field shows (which
            // the field's own text node would only repeat).
            named =
                (!name.is_empty() || !text_of(node, "value").is_empty()) && role != "RootWebArea";
        }
        if let Some(backend) = backend
            && let Some(&frame) = self.frames.get(&(tree.session_id.clone(), backend))
        {
            self.tree(trees, frame, child_depth, level + 1);
        }
        for child in children {
            self.node(trees, index, &child, (child_depth, level + 1), named);
        }
        if role == "generic" && !ignored {
            self.text_run = None;
        }
    }
}

fn truncate(text: &str, max: usize) -> String {
    let text = text.trim();
    if text.chars().count() <= max {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(max).collect::<String>())
    }
}

/// The properties worth showing an agent: value, state, heading level.
fn properties(node: &Value) -> String {
    let mut out = String::new();
    let value = text_of(node, "value");
    if !value.is_empty() {
        out.push_str(&format!(" value={}", quoted(&truncate(&value, 80))));
    }
    for property in node["properties"].as_array().into_iter().flatten() {
        let name = property["name"].as_str().unwrap_or_default();
        let value = &property["value"]["value"];
        match (name, value) {
            ("level", Value::Number(n)) => out.push_str(&format!(" level={n}")),
            ("checked" | "pressed", Value::String(s)) if s != "false" => {
                out.push_str(&format!(" {name}={s}"))
            }
            (
                "checked" | "pressed" | "disabled" | "expanded" | "selected" | "required"
                | "focused",
                Value::Bool(true),
            ) => out.push_str(&format!(" {name}")),
            _ => {}
        }
    }
    out
}

/// Text in double quotes as a person reads it: quotes and backslashes escaped, line breaks and
/// tabs as spaces, invisible format characters (zero-width spaces, joiners, BOM) dropped. Never
/// Rust's `\u{200b}` escapes.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}' | '\u{00ad}' => {}
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod as_read_tests {
    use super::as_read;

    #[test]
    fn invisible_characters_go_and_white_space_folds() {
        assert_eq!(as_read("/api/\u{200B}v1/\u{200B}users"), "/api/v1/users");
        assert_eq!(as_read("\u{202E}abc\u{202C} \u{2066}x\u{2069}"), "abc x");
        assert_eq!(as_read("  Save\n\t changes  "), "Save changes");
        assert_eq!(as_read("co\u{00AD}operate\u{FEFF}"), "cooperate");
        assert_eq!(as_read(""), "");
    }
}
