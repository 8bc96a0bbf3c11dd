//! `bsk screenshot`: a picture of a session's tab, taken by Chromium and masked by bsk.
//!
//! Every field that the sensitive-field rule keeps out of text (password, card, security code,
//! one-time code, file, and names that mark a secret: [`bsk_actors::model::redact::is_secret_field`])
//! is painted over in the picture, in every frame, out-of-process iframes included. The page is
//! never touched: each frame's fields are found through the browser's DOM agent on that frame's
//! own session, placed on the page through the chain of iframe boxes, and painted over in the
//! daemon (`bsk_pictures`). They are located before and after the picture is taken and the union is
//! masked, so a field that moved meanwhile is covered where it was and where it is. Where a
//! frame's fields cannot be located, its whole box is masked; where even that fails, the whole
//! picture is (fail closed).
//!
//! A screenshot is not an operation: it never cuts an evidence window.

pub use bsk_pictures::{filmstrip, picture};

use base64::Engine;
use bsk_schema::hint::Arg;
use bsk_schema::ipc::{ImageFormat, ScreenshotParams, ScreenshotResult};
use bsk_schema::words;
use serde_json::{Value, json};

use crate::error::{Failure, Result};
use crate::ops::target::{self, frame_offset};
use crate::tab::Tab;
use bsk_pictures::picture::{DEFAULT_JPEG_QUALITY, Picture, Rect};

/// The tallest full-page picture, in CSS pixels: past it the page is cut (a picture of an
/// endless feed would take gigabytes).
pub const MAX_FULL_PAGE_HEIGHT: f64 = 16_384.0;

/// What to picture.
#[derive(Debug, Clone, Copy)]
pub enum Area<'a> {
    Viewport,
    FullPage,
    /// One element, `@eN` or a CSS selector.
    Element(&'a str),
}

/// A masked picture and what was painted over.
#[derive(Debug)]
pub struct Shot {
    pub picture: Picture,
    pub masked_fields: usize,
    pub masked_frames: usize,
}

/// `tool.screenshot`: the picture, encoded as asked.
pub async fn screenshot(tab: &Tab, params: &ScreenshotParams) -> Result<ScreenshotResult> {
    tab.ensure_alive()?;
    let area = match (&params.target, params.full_page) {
        (Some(_), true) => {
            return Err(Failure::usage(
                "a screenshot is of one element or of the full page, not both",
            )
            .hint(words![
                "drop ",
                Arg::named("fullPage"),
                " to picture the element, or the target to picture the page"
            ]));
        }
        (Some(target), false) => Area::Element(target),
        (None, true) => Area::FullPage,
        (None, false) => Area::Viewport,
    };
    if params.max_width == Some(0) {
        return Err(
            Failure::invalid_input(words![Arg::new("maxWidth", 0), " leaves no picture"]).hint(
                words!["give a width in pixels, e.g. ", Arg::new("maxWidth", 1280)],
            ),
        );
    }
    if let Some(quality) = params.quality
        && !(1..=100).contains(&quality)
    {
        return Err(
            Failure::invalid_input(format!("quality {quality} is out of range"))
                .hint("JPEG quality runs from 1 to 100"),
        );
    }
    let mut shot = take(tab, area, !params.unmasked).await?;
    if let Some(max) = params.max_width {
        shot.picture.fit_width(max);
    }
    let format = params.format.unwrap_or(ImageFormat::Png);
    let bytes = shot
        .picture
        .encode(format, params.quality.unwrap_or(DEFAULT_JPEG_QUALITY))
        .map_err(|e| Failure::internal(e.to_string()))?;
    Ok(ScreenshotResult {
        tab_id: tab.target_id.clone(),
        url: bsk_actors::model::redact::url(&tab.state().url),
        format,
        width: shot.picture.width(),
        height: shot.picture.height(),
        bytes: bytes.len(),
        masked_fields: shot.masked_fields,
        masked_frames: shot.masked_frames,
        unmasked: params.unmasked,
        data_base64: base64::engine::general_purpose::STANDARD.encode(&bytes),
    })
}

/// Takes the picture of `area`, its sensitive fields painted over unless `mask` is false.
pub async fn take(tab: &Tab, area: Area<'_>, mask: bool) -> Result<Shot> {
    let region = region(tab, area).await?;
    let before = if mask { Some(locate(tab).await) } else { None };
    let mut params = json!({ "format": "png" });
    if !matches!(area, Area::Viewport) {
        params["captureBeyondViewport"] = json!(true);
        params["clip"] = json!({
            "x": region.x, "y": region.y, "width": region.width, "height": region.height, "scale": 1,
        });
    }
    let reply = tab
        .call("Page.captureScreenshot", params)
        .await
        .map_err(|e| {
            Failure::browser(format!(
                "the browser could not take the picture: {}",
                e.0.message
            ))
            .hint("a page that is still loading or was hidden can refuse; retry once it settled")
        })?;
    let png = base64::engine::general_purpose::STANDARD
        .decode(reply["data"].as_str().unwrap_or_default())
        .map_err(|e| Failure::browser(format!("the browser's picture is not base64: {e}")))?;
    let mut picture = Picture::decode(&png, region).map_err(|e| Failure::browser(e.to_string()))?;
    let (mut masked_fields, mut masked_frames) = (0, 0);
    if let Some(before) = before {
        let after = locate(tab).await;
        if before.whole || after.whole {
            picture.mask_all();
            masked_frames = 1;
        } else {
            for rect in before.fields.iter().chain(&after.fields) {
                picture.mask(*rect);
            }
            for rect in before.frames.iter().chain(&after.frames) {
                picture.mask(*rect);
            }
            masked_fields = before.fields.len().max(after.fields.len());
            masked_frames = before.frames.len().max(after.frames.len());
        }
    }
    Ok(Shot {
        picture,
        masked_fields,
        masked_frames,
    })
}

/// The page's scroll offset and what the picture shows, in CSS pixels of the page.
async fn region(tab: &Tab, area: Area<'_>) -> Result<Rect> {
    if let Area::Element(given) = area {
        let node = target::resolve(tab, given).await?;
        let _ = tab
            .call_in(
                &node.session_id,
                "DOM.scrollIntoViewIfNeeded",
                json!({ "backendNodeId": node.backend_node_id }),
            )
            .await;
        let model = tab
            .call_in(
                &node.session_id,
                "DOM.getBoxModel",
                json!({ "backendNodeId": node.backend_node_id }),
            )
            .await
            .map_err(|_| {
                Failure::invalid_input(format!(
                    "{given} has no visible box (hidden, or not rendered)"
                ))
                .hint("picture a visible element, or the page")
            })?;
        let (dx, dy) = frame_offset(tab, &node.session_id).await?;
        let (sx, sy) = scroll(tab).await?;
        let rect = quad(&model["model"]["border"])
            .ok_or_else(|| Failure::browser("the browser gave the element no box"))?;
        if rect.width < 1.0 || rect.height < 1.0 {
            return Err(
                Failure::invalid_input(format!("{given} is empty (no width or height)"))
                    .hint("picture a visible element, or the page"),
            );
        }
        return Ok(rect.offset(dx + sx, dy + sy));
    }
    let metrics = tab.call("Page.getLayoutMetrics", json!({})).await?;
    if let Area::FullPage = area {
        let content = &metrics["cssContentSize"];
        return Ok(Rect {
            x: 0.0,
            y: 0.0,
            width: content["width"].as_f64().unwrap_or(0.0).max(1.0),
            height: content["height"]
                .as_f64()
                .unwrap_or(0.0)
                .clamp(1.0, MAX_FULL_PAGE_HEIGHT),
        });
    }
    let visual = &metrics["cssVisualViewport"];
    Ok(Rect {
        x: visual["pageX"].as_f64().unwrap_or(0.0),
        y: visual["pageY"].as_f64().unwrap_or(0.0),
        width: visual["clientWidth"].as_f64().unwrap_or(0.0).max(1.0),
        height: visual["clientHeight"].as_f64().unwrap_or(0.0).max(1.0),
    })
}

/// The layout viewport's scroll offset: viewport coordinates plus this are page coordinates.
async fn scroll(tab: &Tab) -> Result<(f64, f64)> {
    let metrics = tab.call("Page.getLayoutMetrics", json!({})).await?;
    let layout = &metrics["cssLayoutViewport"];
    Ok((
        layout["pageX"].as_f64().unwrap_or(0.0),
        layout["pageY"].as_f64().unwrap_or(0.0),
    ))
}

fn quad(value: &Value) -> Option<Rect> {
    let numbers: Vec<f64> = value.as_array()?.iter().filter_map(Value::as_f64).collect();
    Rect::around_quad(&numbers)
}

/// Where the sensitive fields are, in CSS pixels of the page.
#[derive(Debug, Default)]
struct Located {
    fields: Vec<Rect>,
    /// Boxes of frames whose fields could not be located: masked whole.
    frames: Vec<Rect>,
    /// Nothing could be placed: the whole picture is masked.
    whole: bool,
}

/// Finds the sensitive fields of every frame of the tab, each on its own session.
async fn locate(tab: &Tab) -> Located {
    let mut located = Located::default();
    let Ok((sx, sy)) = scroll(tab).await else {
        located.whole = true;
        return located;
    };
    for session in tab.sessions() {
        let Ok((dx, dy)) = frame_offset(tab, &session).await else {
            // A frame bsk cannot place: a field in it could be anywhere.
            located.whole = true;
            return located;
        };
        let document = tab
            .call_in(
                &session,
                "DOM.getDocument",
                json!({ "depth": -1, "pierce": true }),
            )
            .await;
        let Ok(document) = document else {
            if session == tab.session_id {
                located.whole = true;
                return located;
            }
            match frame_box(tab, &session).await {
                Some(rect) => located.frames.push(rect.offset(sx, sy)),
                None => {
                    located.whole = true;
                    return located;
                }
            }
            continue;
        };
        let mut secret = Vec::new();
        secret_fields(&document["root"], &mut secret);
        for backend in secret {
            let model = tab
                .call_in(
                    &session,
                    "DOM.getBoxModel",
                    json!({ "backendNodeId": backend }),
                )
                .await;
            // A field with no box is not rendered: nothing of it can show.
            if let Some(rect) = model.ok().and_then(|m| quad(&m["model"]["border"])) {
                located.fields.push(rect.offset(dx + sx, dy + sy));
            }
        }
    }
    located
}

/// The box of an out-of-process iframe's `<iframe>` element in the page's viewport.
async fn frame_box(tab: &Tab, session: &str) -> Option<Rect> {
    let child = tab.child(session)?;
    let owner = tab
        .call_in(
            &child.parent_session_id,
            "DOM.getFrameOwner",
            json!({ "frameId": child.frame_id }),
        )
        .await
        .ok()?;
    let model = tab
        .call_in(
            &child.parent_session_id,
            "DOM.getBoxModel",
            json!({ "backendNodeId": owner["backendNodeId"] }),
        )
        .await
        .ok()?;
    let rect = quad(&model["model"]["border"])?;
    let (dx, dy) = frame_offset(tab, &child.parent_session_id).await.ok()?;
    Some(rect.offset(dx, dy))
}

/// The backend ids of the sensitive form fields in a `DOM.getDocument` tree (shadow roots and
/// same-process frames included), by the one sensitive-field rule.
fn secret_fields(node: &Value, out: &mut Vec<i64>) {
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        let name = node["nodeName"].as_str().unwrap_or_default();
        if matches!(name, "INPUT" | "TEXTAREA" | "SELECT") {
            let attributes = node["attributes"].as_array();
            let attribute = |wanted: &str| {
                attributes
                    .and_then(|flat| {
                        flat.chunks(2).find_map(|pair| match pair {
                            [n, v]
                                if n.as_str().is_some_and(|n| n.eq_ignore_ascii_case(wanted)) =>
                            {
                                v.as_str()
                            }
                            _ => None,
                        })
                    })
                    .unwrap_or_default()
            };
            if bsk_actors::model::redact::is_secret_field(
                attribute("type"),
                attribute("autocomplete"),
                attribute("name"),
                attribute("id"),
            ) && let Some(backend) = node["backendNodeId"].as_i64()
            {
                out.push(backend);
            }
        }
        for key in ["children", "shadowRoots"] {
            if let Some(kids) = node[key].as_array() {
                stack.extend(kids);
            }
        }
        if node["contentDocument"].is_object() {
            stack.push(&node["contentDocument"]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::secret_fields;
    use serde_json::json;

    #[test]
    fn secret_fields_are_found_in_shadow_roots_and_frames_by_the_one_rule() {
        let input = |id: i64, attributes: serde_json::Value| json!({ "nodeName": "INPUT", "backendNodeId": id, "attributes": attributes });
        let tree = json!({
            "nodeName": "#document",
            "children": [
                input(1, json!(["type", "password"])),
                input(2, json!(["type", "text", "name", "email"])),
                { "nodeName": "DIV", "shadowRoots": [
                    { "nodeName": "#document-fragment", "children": [input(3, json!(["autocomplete", "cc-number"]))] }
                ]},
                { "nodeName": "IFRAME", "contentDocument": {
                    "nodeName": "#document", "children": [input(4, json!(["name", "api_token"]))]
                }},
                input(5, json!(["TYPE", "FILE"])),
            ]
        });
        let mut found = Vec::new();
        secret_fields(&tree, &mut found);
        found.sort();
        assert_eq!(found, vec![1, 3, 4, 5]);
    }
}
