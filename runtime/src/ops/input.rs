//! Pointer, keyboard and form operations. Pointer and key events are trusted browser input
//! (`Input.dispatch*` on the page session, which the browser routes into iframes); `select` and
//! the value of inputs that cannot be typed into (date, color, range) are set the way a browser's
//! own picker does, with `input` and `change` events.

use bsk_schema::hint::{self, Verb};
use bsk_schema::mcp::ActAction;
use bsk_schema::words;
use serde_json::json;

use super::target::{Node, call_on, center};
use crate::error::{Failure, Result};
use crate::tab::Tab;

async fn mouse(tab: &Tab, kind: &str, x: f64, y: f64, extra: serde_json::Value) -> Result<()> {
    let mut params = json!({ "type": kind, "x": x, "y": y });
    if let (Some(params), Some(extra)) = (params.as_object_mut(), extra.as_object()) {
        params.extend(extra.clone());
    }
    tab.call("Input.dispatchMouseEvent", params).await?;
    Ok(())
}

pub async fn click(tab: &Tab, node: &Node, label: &str) -> Result<String> {
    let (x, y) = center(tab, node).await?;
    mouse(tab, "mouseMoved", x, y, json!({})).await?;
    let press = json!({ "button": "left", "buttons": 1, "clickCount": 1 });
    mouse(tab, "mousePressed", x, y, press).await?;
    mouse(
        tab,
        "mouseReleased",
        x,
        y,
        json!({ "button": "left", "buttons": 0, "clickCount": 1 }),
    )
    .await?;
    Ok(format!("clicked {label} at ({x:.0}, {y:.0})"))
}

pub async fn hover(tab: &Tab, node: &Node, label: &str) -> Result<String> {
    let (x, y) = center(tab, node).await?;
    mouse(tab, "mouseMoved", x, y, json!({})).await?;
    Ok(format!("hovered {label} at ({x:.0}, {y:.0})"))
}

pub async fn wheel(tab: &Tab, node: Option<&Node>, dx: f64, dy: f64) -> Result<String> {
    let (x, y) = match node {
        Some(node) => center(tab, node).await?,
        None => {
            let metrics = tab.call("Page.getLayoutMetrics", json!({})).await?;
            let viewport = &metrics["cssLayoutViewport"];
            (
                viewport["clientWidth"].as_f64().unwrap_or(800.0) / 2.0,
                viewport["clientHeight"].as_f64().unwrap_or(600.0) / 2.0,
            )
        }
    };
    mouse(tab, "mouseMoved", x, y, json!({})).await?;
    mouse(
        tab,
        "mouseWheel",
        x,
        y,
        json!({ "deltaX": dx, "deltaY": dy }),
    )
    .await?;
    Ok(format!("wheeled by ({dx}, {dy}) at ({x:.0}, {y:.0})"))
}

pub async fn scroll_to(tab: &Tab, node: &Node, label: &str) -> Result<String> {
    tab.call_in(
        &node.session_id,
        "DOM.scrollIntoViewIfNeeded",
        json!({ "backendNodeId": node.backend_node_id }),
    )
    .await?;
    Ok(format!("scrolled {label} into view"))
}

async fn focus_node(tab: &Tab, node: &Node) -> Result<()> {
    tab.call_in(
        &node.session_id,
        "DOM.focus",
        json!({ "backendNodeId": node.backend_node_id }),
    )
    .await
    .map_err(|e| {
        Failure::invalid_input(format!("cannot focus the element: {}", e.0.message))
            .hint("target a focusable element (input, button, link, [tabindex])")
    })?;
    Ok(())
}

pub async fn focus(tab: &Tab, node: &Node, label: &str) -> Result<String> {
    focus_node(tab, node).await?;
    Ok(format!("focused {label}"))
}

pub async fn blur(tab: &Tab, node: &Node, label: &str) -> Result<String> {
    call_on(tab, node, "function() { this.blur(); }", vec![]).await?;
    Ok(format!("blurred {label}"))
}

/// Checks the element takes text, selects its current content, and says how to set the value.
const PREPARE_FILL: &str = r#"function() {
  const typeless = ['date', 'datetime-local', 'month', 'week', 'time', 'color', 'range'];
  if (this instanceof HTMLInputElement) {
    if (['checkbox', 'radio', 'file', 'submit', 'button', 'reset', 'image', 'hidden'].includes(this.type))
      throw new Error('cannot fill an <input type=' + this.type + '>; use click (checkbox, radio, button)');
    if (this.disabled || this.readOnly) throw new Error('the input is disabled or read-only');
    if (typeless.includes(this.type)) return 'set';
    this.select();
    return 'type';
  }
  if (this instanceof HTMLTextAreaElement) {
    if (this.disabled || this.readOnly) throw new Error('the textarea is disabled or read-only');
    this.select();
    return 'type';
  }
  if (this.isContentEditable) {
    const range = document.createRange();
    range.selectNodeContents(this);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
    return 'type';
  }
  if (this instanceof HTMLSelectElement) throw new Error('this is a <select>, which fill does not set');
  throw new Error('cannot fill a <' + this.tagName.toLowerCase() + '>: it is not an input, textarea or contenteditable');
}"#;

const SET_VALUE: &str = r#"function(value) {
  this.value = value;
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
}"#;

pub async fn fill(tab: &Tab, node: &Node, label: &str, value: &str) -> Result<String> {
    tab.call_in(
        &node.session_id,
        "DOM.scrollIntoViewIfNeeded",
        json!({ "backendNodeId": node.backend_node_id }),
    )
    .await
    .ok();
    focus_node(tab, node).await?;
    let how = call_on(tab, node, PREPARE_FILL, vec![])
        .await
        .map_err(|e| {
            e.hint(words![
                "fill takes an input, textarea or contenteditable element, and ",
                Verb::Act(ActAction::Select).run(),
                " a <select>; find them with ",
                hint::OBSERVE
            ])
        })?;
    if how == "set" {
        call_on(tab, node, SET_VALUE, vec![json!(value)]).await?;
    } else if value.is_empty() {
        key(tab, "keyDown", &KeyPress::named("Delete", 0)?).await?;
        key(tab, "keyUp", &KeyPress::named("Delete", 0)?).await?;
    } else {
        tab.call("Input.insertText", json!({ "text": value }))
            .await?;
    }
    let count = value.chars().count();
    Ok(format!(
        "filled {label} with {count} character{}",
        if count == 1 { "" } else { "s" }
    ))
}

const SELECT_OPTIONS: &str = r#"function(values) {
  if (!(this instanceof HTMLSelectElement))
    throw new Error('not a <select> but a <' + this.tagName.toLowerCase() + '>; use fill or click');
  const options = [...this.options];
  const chosen = values.map(v => {
    const option = options.find(o => o.value === v) || options.find(o => o.label === v || o.text.trim() === v);
    if (!option) throw new Error('no option "' + v + '"; options are: ' + options.map(o => o.value).join(', '));
    return option;
  });
  if (!this.multiple && chosen.length > 1) throw new Error('this <select> takes one value, not ' + chosen.length);
  for (const option of options) option.selected = chosen.includes(option);
  this.dispatchEvent(new Event('input', { bubbles: true }));
  this.dispatchEvent(new Event('change', { bubbles: true }));
  return chosen.map(o => o.value);
}"#;

pub async fn select(tab: &Tab, node: &Node, label: &str, values: &[String]) -> Result<String> {
    if values.is_empty() {
        return Err(
            Failure::usage("select needs at least one value").hint("bsk select <target> <value>…")
        );
    }
    let chosen = call_on(tab, node, SELECT_OPTIONS, vec![json!(values)])
        .await
        .map_err(|e| {
            e.hint(words![
                "pass an option's value or visible label; ",
                hint::OBSERVE,
                " lists the options"
            ])
        })?;
    Ok(format!("selected {chosen} in {label}"))
}

/// One key press: a key from the US layout, with modifiers.
#[derive(Debug)]
struct KeyPress {
    key: String,
    code: String,
    key_code: i64,
    text: Option<String>,
    modifiers: i64,
}

impl KeyPress {
    fn named(name: &str, modifiers: i64) -> Result<KeyPress> {
        match super::keys::us_key(name) {
            Some(d) => {
                // With Control, Alt or Meta held a key is a shortcut and types nothing.
                let text = if modifiers & (1 | 2 | 4) != 0 { None } else { d.text };
                Ok(KeyPress { key: d.key, code: d.code, key_code: d.key_code, text, modifiers })
            }
            None if name.chars().count() == 1 => {
                Ok(KeyPress { key: name.into(), code: String::new(), key_code: 0, text: Some(name.into()), modifiers })
            }
            None => Err(Failure::invalid_input(format!("unknown key `{name}`"))
                .hint("use a key name such as Enter, Tab, Escape, Backspace, ArrowDown, a, or a chord like Control+a")),
        }
    }

    /// Parses `Enter`, `a`, `Shift+Tab`, `Control+Shift+K`.
    fn parse(spec: &str) -> Result<KeyPress> {
        let parts: Vec<&str> = if spec == "+" {
            vec!["+"]
        } else {
            spec.split('+').collect()
        };
        let (name, modifier_names) = parts
            .split_last()
            .ok_or_else(|| Failure::usage("press needs a key"))?;
        let mut modifiers = 0;
        for modifier in modifier_names {
            modifiers |= match *modifier {
                "Alt" => 1,
                "Control" | "Ctrl" => 2,
                "Meta" | "Command" | "Cmd" => 4,
                "Shift" => 8,
                other => {
                    return Err(Failure::invalid_input(format!(
                        "unknown modifier `{other}` in `{spec}`"
                    ))
                    .hint("modifiers are Alt, Control, Meta and Shift, e.g. Control+a"));
                }
            };
        }
        KeyPress::named(name, modifiers)
    }
}

async fn key(tab: &Tab, kind: &str, press: &KeyPress) -> Result<()> {
    let kind = if kind == "keyDown" && press.text.is_none() {
        "rawKeyDown"
    } else {
        kind
    };
    let mut params = json!({
        "type": kind,
        "key": press.key,
        "code": press.code,
        "windowsVirtualKeyCode": press.key_code,
        "modifiers": press.modifiers,
    });
    if kind == "keyDown"
        && let Some(text) = &press.text
    {
        params["text"] = json!(text);
        params["unmodifiedText"] = json!(text);
    }
    tab.call("Input.dispatchKeyEvent", params).await?;
    Ok(())
}

pub async fn press(tab: &Tab, spec: &str, on: Option<(&Node, String)>) -> Result<String> {
    let press = KeyPress::parse(spec)?;
    if let Some((node, _)) = &on {
        focus_node(tab, node).await?;
    }
    key(tab, "keyDown", &press).await?;
    key(tab, "keyUp", &press).await?;
    Ok(match on {
        Some((_, label)) => format!("pressed {spec} on {label}"),
        None => format!("pressed {spec}"),
    })
}

#[cfg(test)]
mod tests {
    use super::KeyPress;

    #[test]
    fn parses_keys_and_chords() {
        let enter = KeyPress::parse("Enter").expect("Enter");
        assert_eq!((enter.key_code, enter.text.as_deref()), (13, Some("\r")));
        let a = KeyPress::parse("a").expect("a");
        assert_eq!((a.code.as_str(), a.text.as_deref()), ("KeyA", Some("a")));
        let select_all = KeyPress::parse("Control+a").expect("chord");
        assert_eq!((select_all.modifiers, select_all.text), (2, None));
        assert_eq!(
            KeyPress::parse("Shift+Tab").expect("Shift+Tab").modifiers,
            8
        );
        assert!(KeyPress::parse("Hyper+a").is_err());
        assert!(KeyPress::parse("NoSuchKey").is_err());
        assert_eq!(
            KeyPress::parse("é").expect("any character").text.as_deref(),
            Some("é")
        );
    }
}
