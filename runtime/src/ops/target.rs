//! Turning a `target` argument (`@eN` ref or CSS selector) into a DOM node, and a node into a
//! point on the page for trusted mouse input.

use bsk_schema::capture::{ActedOn, MAIN_FRAME};
use bsk_schema::hint;
use bsk_schema::words;
use serde_json::{Value, json};

use crate::error::{Failure, Result};
use crate::tab::Tab;
use crate::tab::refs::{is_ref, valid_ref};

/// A DOM node in one of the tab's CDP sessions.
#[derive(Debug, Clone)]
pub struct Node {
    pub session_id: String,
    pub backend_node_id: i64,
    /// The URL of the frame whose document holds it; `None` for the main frame.
    pub frame_url: Option<String>,
}

/// An operation's targets, resolved once before it acts and named as a person reads them: the
/// same node is the one the operation acts on, the one capture records, and the one its result
/// names.
#[derive(Debug, Default)]
pub struct Aimed {
    resolved: Vec<(String, Result<Node>)>,
    named: Vec<ActedOn>,
}

impl Aimed {
    /// Resolves and names every target of `op` (a drag's source, then its target). A target
    /// that does not resolve keeps its failure, which the operation then returns.
    pub async fn at(tab: &Tab, op: &bsk_schema::ops::Operation) -> Aimed {
        let mut aimed = Aimed::default();
        for target in op.targets() {
            if aimed.resolved.iter().any(|(given, _)| given == target) {
                continue;
            }
            let node = if target == super::upload::CHOOSER {
                tab.state()
                    .file_chooser
                    .map(|backend_node_id| Node {
                        session_id: tab.session_id.clone(),
                        backend_node_id,
                        frame_url: None,
                    })
                    .ok_or_else(|| {
                        Failure::not_found("the page has no file chooser open").hint(
                            "click the page's upload control first, or name the <input type=file> itself",
                        )
                    })
            } else {
                resolve(tab, target).await
            };
            if let Ok(node) = &node {
                aimed.named.push(describe(tab, node, target).await);
            }
            aimed.resolved.push((target.to_string(), node));
        }
        aimed
    }

    /// The node `target` resolved to, or why it did not.
    pub fn node(&self, target: &str) -> Result<Node> {
        match self.resolved.iter().find(|(given, _)| given == target) {
            Some((_, node)) => node.clone(),
            None => Err(Failure::internal(format!(
                "target {target} was not resolved before the operation"
            ))),
        }
    }

    /// How a result names `target`: `button "Place order" [@e7]`, or the target as given when
    /// it could not be named.
    pub fn label(&self, target: &str) -> String {
        match self.named.iter().find(|n| n.target == target) {
            Some(named) => format!("{} [{target}]", named.label()),
            None => target.to_string(),
        }
    }

    /// The targets that resolved, named, in the operation's order.
    pub fn named(&self) -> &[ActedOn] {
        &self.named
    }
}

pub async fn resolve(tab: &Tab, target: &str) -> Result<Node> {
    if is_ref(target) {
        return resolve_ref(tab, target);
    }
    resolve_selector(tab, target).await
}

fn resolve_ref(tab: &Tab, target: &str) -> Result<Node> {
    if !valid_ref(target) {
        return Err(Failure::invalid_input(format!(
            "`{target}` is not a ref; refs look like @e12"
        ))
        .hint(words![
            "use a ref printed by ",
            hint::OBSERVE,
            ", or a CSS selector such as '#save'"
        ]));
    }
    let refs = tab.refs.lock().unwrap_or_else(|p| p.into_inner());
    let Some(node) = refs.get(target) else {
        let message = if refs.was_issued(target) {
            format!("ref {target} named an element of an earlier page, which is gone")
        } else {
            format!("unknown ref {target}: no observe of this tab handed it out")
        };
        return Err(Failure::not_found(message).hint(words![
            "run ",
            hint::OBSERVE,
            " and use a ref from its output"
        ]));
    };
    if node.loader_id != tab.state().loader_id {
        return Err(Failure::not_found(format!(
            "ref {target} is stale: the page navigated since the observe that handed it out"
        ))
        .hint(words!["run ", hint::OBSERVE, " again"]));
    }
    Ok(Node {
        session_id: node.session_id.clone(),
        backend_node_id: node.backend_node_id,
        frame_url: node.frame_url.clone(),
    })
}

/// How many times a selector is looked up again when the page replaced its document between
/// the steps of one lookup. The DOM agent forgets every node id it handed out when the main
/// frame commits a new document and again at its `DOMContentLoaded`, so an operation sent just
/// after a navigation committed can see its ids go stale once; three tries cover both resets.
const SELECTOR_TRIES: usize = 3;

/// A CSS selector resolved by the browser's DOM agent (`DOM.querySelector`), never by calling
/// `document.querySelector` in the page, whose scripts could answer with another element.
async fn resolve_selector(tab: &Tab, selector: &str) -> Result<Node> {
    let mut tries = 1;
    loop {
        match query_selector(tab, selector).await {
            Err(e) if is_stale(&e) && tries < SELECTOR_TRIES => tries += 1,
            Err(e) if is_stale(&e) => {
                return Err(Failure::browser(format!(
                    "the page kept replacing its document while the selector was looked up ({})",
                    e.0.message
                ))
                .hint(words![
                    "retry once the page has settled; ",
                    hint::WAIT.with("target", "SELECTOR"),
                    " waits for it"
                ]));
            }
            found => return found,
        }
    }
}

/// Whether the DOM agent no longer knows a node id of the lookup: the page replaced its
/// document meanwhile.
fn is_stale(error: &Failure) -> bool {
    error
        .0
        .message
        .contains("Could not find node with given id")
}

async fn query_selector(tab: &Tab, selector: &str) -> Result<Node> {
    let document = tab.call("DOM.getDocument", json!({ "depth": 0 })).await?;
    let root = document["root"]["nodeId"].as_i64().unwrap_or_default();
    let found = tab
        .call(
            "DOM.querySelector",
            json!({ "nodeId": root, "selector": selector }),
        )
        .await
        .map_err(|e| {
            if is_stale(&e) {
                return e;
            }
            Failure::invalid_input(format!("bad selector `{selector}`: {}", e.0.message)).hint(
                "pass a valid CSS selector (e.g. '#save', 'form button[type=submit]') or an @eN ref",
            )
        })?;
    let node_id = found["nodeId"].as_i64().unwrap_or_default();
    if node_id == 0 {
        return Err(
            Failure::not_found(format!("no element matches selector `{selector}`")).hint(words![
                "check the page with ",
                hint::OBSERVE,
                "; selectors apply to the main frame, refs reach into iframes"
            ]),
        );
    }
    let described = tab
        .call("DOM.describeNode", json!({ "nodeId": node_id }))
        .await?;
    let backend_node_id = described["node"]["backendNodeId"]
        .as_i64()
        .unwrap_or_default();
    Ok(Node {
        session_id: tab.session_id.clone(),
        backend_node_id,
        frame_url: None,
    })
}

/// The characters of an element's own text kept to name it when it has no accessible name.
const NAMING_TEXT_CHARS: usize = 40;

/// Names the element `node` as a person reads it, at the moment an operation acts on it: its
/// role and accessible name from the browser's accessibility computation (the same as
/// `observe`'s, cleaned the same way), its tag and id from the DOM agent, and the start of its
/// own text when it has no name. Nothing runs in the page, whose scripts could lie. Names and
/// text are redacted as page text is.
pub async fn describe(tab: &Tab, node: &Node, given: &str) -> ActedOn {
    let backend = node.backend_node_id;
    let (ax, dom) = tokio::join!(
        tab.call_in(
            &node.session_id,
            "Accessibility.getPartialAXTree",
            json!({ "backendNodeId": backend, "fetchRelatives": false }),
        ),
        tab.call_in(
            &node.session_id,
            "DOM.describeNode",
            json!({ "backendNodeId": backend, "depth": 1 }),
        ),
    );
    let own = ax.ok().and_then(|reply| {
        reply["nodes"].as_array().and_then(|nodes| {
            nodes
                .iter()
                .find(|n| n["backendDOMNodeId"].as_i64() == Some(backend))
                .or(nodes.first())
                .cloned()
        })
    });
    let field = |name: &str| {
        own.as_ref()
            .and_then(|n| n[name]["value"].as_str())
            .map(super::snapshot::as_read)
            .filter(|s| !s.is_empty())
    };
    let role = field("role").filter(|r| r != "none" && r != "generic");
    let name = field("name").map(|n| redacted_and_cut(&n, 120));
    let dom = dom.unwrap_or_default();
    let described = &dom["node"];
    let tag = described["localName"]
        .as_str()
        .filter(|t| !t.is_empty())
        .or(described["nodeName"].as_str())
        .unwrap_or("element")
        .to_ascii_lowercase();
    let attributes = described["attributes"].as_array();
    let element_id = attributes.and_then(|flat| {
        flat.chunks(2).find_map(|pair| match pair {
            [n, v] if n == "id" => v.as_str().filter(|v| !v.is_empty()).map(str::to_string),
            _ => None,
        })
    });
    let text = if name.is_none() {
        let own_text: String = described["children"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|c| c["nodeType"] == 3)
            .filter_map(|c| c["nodeValue"].as_str())
            .collect::<Vec<_>>()
            .join(" ");
        Some(super::snapshot::as_read(&own_text))
            .filter(|t| !t.is_empty())
            .map(|t| redacted_and_cut(&t, NAMING_TEXT_CHARS))
    } else {
        None
    };
    ActedOn {
        target: given.to_string(),
        role,
        name,
        tag,
        element_id,
        text,
        frame: node
            .frame_url
            .as_deref()
            .map(bsk_actors::model::redact::url)
            .unwrap_or_else(|| MAIN_FRAME.to_string()),
    }
}

fn redacted_and_cut(text: &str, max: usize) -> String {
    let text = bsk_actors::model::redact::text(text);
    if text.chars().count() <= max {
        text
    } else {
        format!("{}…", text.chars().take(max).collect::<String>())
    }
}

/// The message of a `Runtime` exception, as a person would want to read it.
pub fn exception_text(details: &Value) -> String {
    details["exception"]["description"]
        .as_str()
        .or_else(|| details["text"].as_str())
        .unwrap_or("exception")
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// Maps a DOM failure on a resolved node to what the user can do about it.
fn node_failure(error: Failure, what: &str) -> Failure {
    if error.0.message.contains("detached") || error.0.message.contains("No node") {
        Failure::not_found(format!("the element for {what} is no longer in the page")).hint(words![
            "run ",
            hint::OBSERVE,
            " again and use a fresh ref"
        ])
    } else {
        error
    }
}

/// Scrolls the node into view and returns its centre in the top-level page's viewport, adding
/// the offsets of the out-of-process iframes it sits in (each has its own coordinate space).
///
/// The scroll may not be over when it answers: a page that scrolls smoothly animates it, and in
/// an out-of-process iframe it reaches the pages above asynchronously. Measured at once, the
/// centre can be where the element was, and a press there lands elsewhere (the page then sees a
/// click on some parent). So the centre is measured again until it lies in the viewport and
/// holds still between two readings 20 ms apart (at most 0.5 s).
pub async fn center(tab: &Tab, node: &Node) -> Result<(f64, f64)> {
    let id = json!({ "backendNodeId": node.backend_node_id });
    let _ = tab
        .call_in(&node.session_id, "DOM.scrollIntoViewIfNeeded", id)
        .await;
    let mut at = locate(tab, node).await?;
    let viewport = viewport(tab).await;
    for _ in 0..SCROLL_READINGS {
        tokio::time::sleep(SCROLL_READING_GAP).await;
        let now = locate(tab, node).await?;
        let still = (now.0 - at.0).abs() < 0.5 && (now.1 - at.1).abs() < 0.5;
        let inside = viewport.is_none_or(|(width, height)| {
            (0.0..width).contains(&now.0) && (0.0..height).contains(&now.1)
        });
        at = now;
        if still && inside {
            break;
        }
    }
    Ok(at)
}

/// How many times, and how far apart, [`center`] measures an element again while it scrolls.
const SCROLL_READINGS: usize = 25;
const SCROLL_READING_GAP: std::time::Duration = std::time::Duration::from_millis(20);

/// The top-level page's visual viewport, width and height in CSS pixels.
async fn viewport(tab: &Tab) -> Option<(f64, f64)> {
    let metrics = tab.call("Page.getLayoutMetrics", json!({})).await.ok()?;
    let visual = &metrics["cssVisualViewport"];
    Some((
        visual["clientWidth"].as_f64()?,
        visual["clientHeight"].as_f64()?,
    ))
}

/// The node's centre in the top-level page's viewport, as it stands now.
async fn locate(tab: &Tab, node: &Node) -> Result<(f64, f64)> {
    let id = json!({ "backendNodeId": node.backend_node_id });
    let quads = tab
        .call_in(&node.session_id, "DOM.getContentQuads", id)
        .await
        .map_err(|e| node_failure(e, "this target"))?;
    let quad = quads["quads"]
        .as_array()
        .and_then(|q| q.first())
        .and_then(Value::as_array)
        .filter(|q| q.len() == 8);
    let Some(quad) = quad else {
        // A removed element has no box either; say which it is.
        let connected = call_on(tab, node, "function() { return this.isConnected; }", vec![]).await;
        return Err(if connected.is_ok_and(|c| c == Value::Bool(false)) {
            Failure::not_found("the element for this target is no longer in the page").hint(words![
                "run ",
                hint::OBSERVE,
                " again and use a fresh ref"
            ])
        } else {
            Failure::invalid_input("the element has no visible box (hidden, or not rendered)")
                .hint("make it visible first, or target another element")
        });
    };
    let coord = |i: usize| quad[i].as_f64().unwrap_or_default();
    let (dx, dy) = frame_offset(tab, &node.session_id).await?;
    Ok((
        (coord(0) + coord(2) + coord(4) + coord(6)) / 4.0 + dx,
        (coord(1) + coord(3) + coord(5) + coord(7)) / 4.0 + dy,
    ))
}

/// Where the viewport of the frame whose session is `session` sits in the top-level page's
/// viewport: the sum of the offsets of the out-of-process iframes it is nested in (each has
/// its own coordinate space); `(0, 0)` for the page's own session.
pub async fn frame_offset(tab: &Tab, session: &str) -> Result<(f64, f64)> {
    let (mut x, mut y) = (0.0, 0.0);
    let mut session = session.to_string();
    while session != tab.session_id {
        let Some(child) = tab.child(&session) else {
            return Err(
                Failure::not_found("the element's iframe is gone").hint(words![
                    "run ",
                    hint::OBSERVE,
                    " again"
                ]),
            );
        };
        let (dx, dy) = frame_origin(tab, &child.parent_session_id, &child.frame_id).await?;
        x += dx;
        y += dy;
        session = child.parent_session_id;
    }
    Ok((x, y))
}

/// The top-left of an iframe's content box in its parent's viewport.
pub async fn frame_origin(tab: &Tab, parent_session: &str, frame_id: &str) -> Result<(f64, f64)> {
    let owner = tab
        .call_in(
            parent_session,
            "DOM.getFrameOwner",
            json!({ "frameId": frame_id }),
        )
        .await?;
    let model = tab
        .call_in(
            parent_session,
            "DOM.getBoxModel",
            json!({ "backendNodeId": owner["backendNodeId"] }),
        )
        .await?;
    let content = &model["model"]["content"];
    Ok((
        content[0].as_f64().unwrap_or_default(),
        content[1].as_f64().unwrap_or_default(),
    ))
}

/// The element's attributes as the browser's DOM reports them (no page script runs), or `None`
/// when it cannot be described.
pub async fn attributes(
    tab: &Tab,
    node: &Node,
) -> Option<std::collections::HashMap<String, String>> {
    let described = tab
        .call_in(
            &node.session_id,
            "DOM.describeNode",
            json!({ "backendNodeId": node.backend_node_id }),
        )
        .await
        .ok()?;
    let flat = described["node"]["attributes"].as_array()?;
    Some(
        flat.chunks(2)
            .filter_map(|pair| match pair {
                [name, value] => Some((
                    name.as_str()?.to_ascii_lowercase(),
                    value.as_str()?.to_string(),
                )),
                _ => None,
            })
            .collect(),
    )
}

/// A `Runtime` object id for the node, for `callFunctionOn`.
pub async fn object_id(tab: &Tab, node: &Node) -> Result<String> {
    let resolved = tab
        .call_in(
            &node.session_id,
            "DOM.resolveNode",
            json!({ "backendNodeId": node.backend_node_id }),
        )
        .await
        .map_err(|e| node_failure(e, "this target"))?;
    resolved["object"]["objectId"]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| {
            Failure::not_found("the element is no longer in the page").hint(words![
                "run ",
                hint::OBSERVE,
                " again"
            ])
        })
}

/// Calls `function` with the node as `this`; a thrown error becomes an `invalid_input` failure.
pub async fn call_on(tab: &Tab, node: &Node, function: &str, args: Vec<Value>) -> Result<Value> {
    let object_id = object_id(tab, node).await?;
    let arguments: Vec<Value> = args
        .into_iter()
        .map(|value| json!({ "value": value }))
        .collect();
    let reply = tab
        .call_in(
            &node.session_id,
            "Runtime.callFunctionOn",
            json!({
                "objectId": object_id,
                "functionDeclaration": function,
                "arguments": arguments,
                "returnByValue": true,
                "awaitPromise": true,
            }),
        )
        .await?;
    let _ = tab
        .call_in(
            &node.session_id,
            "Runtime.releaseObject",
            json!({ "objectId": object_id }),
        )
        .await;
    if let Some(exception) = reply.get("exceptionDetails") {
        return Err(Failure::invalid_input(exception_text(exception)));
    }
    Ok(reply["result"]["value"].clone())
}

/// Evaluates `expression` in an isolated world of the main frame, made again when a navigation
/// has destroyed the last one.
pub async fn in_world(tab: &Tab, world: &mut Option<i64>, expression: String) -> Result<Value> {
    for _ in 0..2 {
        let context = match *world {
            Some(context) => context,
            None => {
                let created = tab
                    .call(
                        "Page.createIsolatedWorld",
                        json!({ "frameId": tab.state().main_frame_id, "worldName": "bsk" }),
                    )
                    .await?;
                let context = created["executionContextId"].as_i64().unwrap_or_default();
                *world = Some(context);
                context
            }
        };
        match tab
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "contextId": context, "returnByValue": true }),
            )
            .await
        {
            Ok(reply) => return Ok(reply["result"]["value"].clone()),
            // The document changed under us: its worlds went with it.
            Err(failure) if failure.0.message.contains("context") => *world = None,
            Err(failure) => return Err(failure),
        }
    }
    // The page is between documents; the next poll tries again.
    Ok(Value::Null)
}
