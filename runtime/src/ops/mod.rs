//! The normal workflow: every agent operation on a tab, one function each.

mod drag;
pub mod emulate;
mod input;
mod keys;
mod navigation;
pub mod settle;
mod snapshot;
pub mod target;
mod upload;
mod wait;

pub use navigation::normalize_url;
pub use target::Aimed;

use bsk_schema::hint::Verb;
use bsk_schema::mcp::ActAction;
use bsk_schema::ops::{Operation, OperationResult};
use bsk_schema::words;
use serde_json::{Value, json};

use crate::error::{Failure, Result};
use crate::tab::Tab;

/// Runs one operation on `tab`, which [`ready`] accepted: to completion, or until it opens a JavaScript dialog that waits
/// for the agent (the page's script is blocked until it is answered, so nothing else would
/// complete either). An operation is refused while a dialog is open, except the one that
/// answers it.
/// `aimed` holds the operation's targets, resolved and named before it runs ([`Aimed::at`]).
pub async fn run(tab: &Tab, op: &Operation, aimed: &Aimed) -> Result<OperationResult> {
    // What the browser said before the operation (a file chooser the last click opened, a
    // dialog) is read before the operation looks at it.
    tab.caught_up().await;
    let before = tab.state();
    let mut state = tab.state_watch();
    let opened = state.wait_for(|s| s.dialog.is_some() && s.dialogs_opened > before.dialogs_opened);
    let mut result = tokio::select! {
        result = run_to_end(tab, op, aimed) => result?,
        Ok(now) = opened => {
            let dialog = now.dialog.clone();
            drop(now);
            let (kind, message) = dialog
                .as_ref()
                .map(|d| (d.a_kind(), quote(&d.message)))
                .unwrap_or_default();
            let mut result = OperationResult::new(
                format!("{} opened {kind}: {message}", op.name()),
                tab.target_id.clone(),
                tab.state().url,
            );
            result.dialog = dialog.map(Box::new);
            result.and_next(words![
                "answer it with ",
                Verb::Act(ActAction::DialogAccept).run(),
                " or ",
                Verb::Act(ActAction::DialogDismiss).run()
            ]);
            return Ok(result);
        }
    };
    // A dialog the session's policy answered while the operation ran.
    tab.caught_up().await;
    let after = tab.state();
    if after.file_choosers_opened > before.file_choosers_opened && after.file_chooser.is_some() {
        result.and_next(words![
            "the page opened a file chooser: answer it with ",
            Verb::Act(ActAction::Upload)
                .with("target", "@chooser")
                .with("files", vec!["<file>…"])
        ]);
    }
    if after.dialogs_opened > before.dialogs_opened
        && let Some(dialog) = after.last_dialog
    {
        result.summary.push_str(&format!(
            "; {} opened and was {}: {}",
            dialog.a_kind(),
            dialog.answered.as_deref().unwrap_or("answered"),
            quote(&dialog.message)
        ));
        result.dialog = Some(Box::new(dialog));
    }
    Ok(result)
}

/// Refuses an operation on a tab that is gone, or whose page waits on a dialog (its script is
/// blocked, so the operation could only hang): checked before anything touches the page.
pub fn ready(tab: &Tab, op: &Operation) -> Result<()> {
    tab.ensure_alive()?;
    match (tab.state().dialog, op) {
        (Some(dialog), op) if !matches!(op, Operation::Dialog { .. }) => {
            Err(Failure::busy(format!(
                "{} is open on the page: {}",
                dialog.a_kind(),
                quote(&dialog.message)
            ))
            .hint(words![
                "answer it first: ",
                Verb::Act(ActAction::DialogAccept).run(),
                " (with text for a prompt) or ",
                Verb::Act(ActAction::DialogDismiss).run()
            ]))
        }
        _ => Ok(()),
    }
}

/// A dialog's message in quotes, on one line.
fn quote(text: &str) -> String {
    format!("\"{}\"", text.replace(['\n', '\r'], " "))
}

async fn run_to_end(tab: &Tab, op: &Operation, aimed: &Aimed) -> Result<OperationResult> {
    let mut value = None;
    let mut observed = None;
    let mut emulation = None;
    let on = |target: &str| Ok::<_, Failure>((aimed.node(target)?, aimed.label(target)));
    let summary = match op {
        Operation::Navigate { url, wait_until } => {
            navigation::navigate(tab, url, *wait_until).await?
        }
        Operation::Reload { wait_until } => navigation::reload(tab, *wait_until).await?,
        Operation::Back => navigation::history(tab, -1).await?,
        Operation::Forward => navigation::history(tab, 1).await?,
        Operation::Observe => {
            let snapshot = snapshot::observe(tab).await?;
            observed = Some(snapshot.text);
            format!("observed {} with {} refs", tab.state().url, snapshot.refs)
        }
        Operation::Click { target } => {
            let (node, label) = on(target)?;
            input::click(tab, &node, &label).await?
        }
        Operation::Fill { target, value } => {
            let (node, label) = on(target)?;
            input::fill(tab, &node, &label, value).await?
        }
        Operation::Select { target, values } => {
            let (node, label) = on(target)?;
            input::select(tab, &node, &label, values).await?
        }
        Operation::Press { key, target } => {
            let on = match target {
                Some(target) => Some(on(target)?),
                None => None,
            };
            input::press(tab, key, on.as_ref().map(|(n, l)| (n, l.clone()))).await?
        }
        Operation::Hover { target } => {
            let (node, label) = on(target)?;
            input::hover(tab, &node, &label).await?
        }
        Operation::Wheel { target, dx, dy } => {
            let node = match target {
                Some(target) => Some(aimed.node(target)?),
                None => None,
            };
            input::wheel(tab, node.as_ref(), *dx, *dy).await?
        }
        Operation::ScrollTo { target } => {
            let (node, label) = on(target)?;
            input::scroll_to(tab, &node, &label).await?
        }
        Operation::Focus { target } => {
            let (node, label) = on(target)?;
            input::focus(tab, &node, &label).await?
        }
        Operation::Blur { target } => {
            let (node, label) = on(target)?;
            input::blur(tab, &node, &label).await?
        }
        Operation::Drag { source, target } => {
            let (from, from_label) = on(source)?;
            let (to, to_label) = on(target)?;
            drag::drag(tab, (&from, &from_label), (&to, &to_label)).await?
        }
        Operation::Emulate(params) => {
            let (summary, now) = emulate::emulate(tab, params).await?;
            emulation = Some(now);
            summary
        }
        Operation::Wait { until, timeout_ms } => wait::wait(tab, until, *timeout_ms).await?,
        Operation::Upload { target, files } => {
            let (node, label) = on(target)?;
            upload::upload(tab, target, &node, &label, files).await?
        }
        Operation::Dialog {
            accept,
            prompt_text,
        } => answer_dialog(tab, *accept, prompt_text.as_deref()).await?,
        Operation::Evaluate { expression } => {
            let result = evaluate(tab, expression).await?;
            let summary = short_json(&result);
            value = Some(result);
            summary
        }
    };
    let mut result = OperationResult::new(summary, tab.target_id.clone(), tab.state().url);
    result.value = value;
    result.snapshot = observed;
    if let Some(caveat) = emulation
        .as_ref()
        .and_then(|now| emulate::workers_caveat(tab, now))
    {
        result.and_next(caveat);
    }
    result.emulation = emulation;
    result.acted_on = aimed.named().to_vec();
    Ok(result)
}

async fn answer_dialog(tab: &Tab, accept: bool, prompt_text: Option<&str>) -> Result<String> {
    let Some(dialog) = tab.state().dialog else {
        return Err(Failure::not_found("no dialog is open on this tab")
            .hint("a dialog that opens during an operation is reported by that operation"));
    };
    let mut params = json!({ "accept": accept });
    if let (true, Some(text)) = (accept, prompt_text) {
        params["promptText"] = json!(text);
    }
    tab.call("Page.handleJavaScriptDialog", params).await?;
    tab.dialog_answered();
    Ok(format!(
        "{} the {} dialog {}",
        if accept { "accepted" } else { "dismissed" },
        dialog.kind,
        quote(&dialog.message)
    ))
}

/// The operation as capture records it: `fill`'s value is replaced with `[redacted]` when the
/// target is a credential, payment or file field, or cannot be checked (the same rules as the
/// page observer's); `upload`'s files are their names, sizes and SHA-256, never a path.
pub async fn as_recorded(tab: &Tab, op: &Operation, aimed: &Aimed) -> Operation {
    if let Operation::Upload { target, files } = op {
        return Operation::Upload {
            target: target.clone(),
            files: upload::described(files).await,
        };
    }
    let Operation::Fill { target, value } = op else {
        return op.clone();
    };
    // Decided from the element's attributes as the browser reports them, never by running
    // anything in the page, whose scripts could lie; unknown counts as secret.
    let secret = match aimed.node(target) {
        Ok(node) => target::attributes(tab, &node)
            .await
            .is_none_or(|attributes| {
                let attribute = |name: &str| attributes.get(name).map_or("", String::as_str);
                bsk_actors::model::redact::is_secret_field(
                    attribute("type"),
                    attribute("autocomplete"),
                    attribute("name"),
                    attribute("id"),
                )
            }),
        Err(_) => true,
    };
    let value = if secret {
        bsk_actors::model::redact::REDACTED.to_string()
    } else {
        value.clone()
    };
    Operation::Fill {
        target: target.clone(),
        value,
    }
}

/// Evaluates in the main frame, awaiting promises, and returns the JSON value.
async fn evaluate(tab: &Tab, expression: &str) -> Result<Value> {
    let reply = tab
        .call(
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true, "userGesture": true }),
        )
        .await
        .map_err(|e| {
            // The value exists but cannot travel as JSON (a window, a DOM node, a cycle).
            let message = &e.0.message;
            if message.contains("reference chain") || message.contains("could not be cloned") || message.contains("serializ") {
                Failure::invalid_input(format!("the expression's value cannot be returned as JSON: {message}"))
                    .hint("return plain data, e.g. `document.title`, `el.textContent` or `JSON.stringify(...)`")
            } else {
                e
            }
        })?;
    if let Some(exception) = reply.get("exceptionDetails") {
        return Err(Failure::invalid_input(format!(
            "the expression threw: {}",
            target::exception_text(exception)
        ))
        .hint("check the expression in the page's context; it runs in the main frame"));
    }
    let result = &reply["result"];
    Ok(match result.get("value") {
        Some(value) => value.clone(),
        None if result["type"] == "undefined" => Value::Null,
        None => result["description"].clone(),
    })
}

fn short_json(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 200 {
        format!("{}…", text.chars().take(200).collect::<String>())
    } else {
        text
    }
}
