//! The normal workflow: every agent operation on a tab, one function each.

mod input;
mod navigation;
mod snapshot;
mod target;
mod wait;

pub use navigation::normalize_url;

use bsk_schema::ops::{Operation, OperationResult};
use serde_json::{Value, json};

use crate::error::{Failure, Result};
use crate::tab::Tab;

/// Runs one operation to completion on `tab`.
pub async fn run(tab: &Tab, op: &Operation) -> Result<OperationResult> {
    tab.ensure_alive()?;
    let mut value = None;
    let summary = match op {
        Operation::Navigate { url, wait_until } => {
            navigation::navigate(tab, url, *wait_until).await?
        }
        Operation::Reload { wait_until } => navigation::reload(tab, *wait_until).await?,
        Operation::Back => navigation::history(tab, -1).await?,
        Operation::Forward => navigation::history(tab, 1).await?,
        Operation::Observe => {
            let snapshot = snapshot::observe(tab).await?;
            value = Some(Value::String(snapshot.text));
            format!("observed {} with {} refs", tab.state().url, snapshot.refs)
        }
        Operation::Click { target } => input::click(tab, target).await?,
        Operation::Fill { target, value } => input::fill(tab, target, value).await?,
        Operation::Select { target, values } => input::select(tab, target, values).await?,
        Operation::Press { key, target } => input::press(tab, key, target.as_deref()).await?,
        Operation::Hover { target } => input::hover(tab, target).await?,
        Operation::Wheel { target, dx, dy } => {
            input::wheel(tab, target.as_deref(), *dx, *dy).await?
        }
        Operation::ScrollTo { target } => input::scroll_to(tab, target).await?,
        Operation::Focus { target } => input::focus(tab, target).await?,
        Operation::Blur { target } => input::blur(tab, target).await?,
        Operation::Wait { until, timeout_ms } => wait::wait(tab, until, *timeout_ms).await?,
        Operation::Evaluate { expression } => {
            let result = evaluate(tab, expression).await?;
            let summary = short_json(&result);
            value = Some(result);
            summary
        }
    };
    Ok(OperationResult {
        summary,
        tab_id: tab.target_id.clone(),
        url: tab.state().url,
        value,
    })
}

/// Whether an element holds a credential, payment or file value.
const IS_SECRET_FIELD: &str = r#"function() {
  const name = (this.getAttribute('name') || this.id || '') + ' ' + (this.autocomplete || '');
  return this.type === 'password' || this.type === 'file'
    || /^(cc-|current-password|new-password|one-time-code)/.test(this.autocomplete || '')
    || /pass|pwd|secret|token|card|cc-?num|cvv|cvc|ssn|iban|otp/i.test(name);
}"#;

/// The operation as capture records it: `fill`'s value is replaced with `[redacted]` when the
/// target is a credential, payment or file field, or cannot be checked. The same rules as the
/// page observer's.
pub async fn as_recorded(tab: &Tab, op: &Operation) -> Operation {
    let Operation::Fill { target, value } = op else {
        return op.clone();
    };
    let secret = match target::resolve(tab, target).await {
        Ok(node) => target::call_on(tab, &node, IS_SECRET_FIELD, vec![])
            .await
            .map_or(true, |v| v != Value::Bool(false)),
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
