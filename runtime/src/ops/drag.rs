//! `drag`: a source element dragged onto a target with the mouse, as a person would.
//!
//! Chromium starts an HTML5 drag (`draggable`, `dragstart`) from trusted mouse input only when
//! drags are intercepted: with `Input.setInterceptDrags` on, the browser reports the drag's data
//! (`Input.dragIntercepted`) instead of running its own drag loop, and `Input.dispatchDragEvent`
//! plays the enter, over and drop on the target. A page whose drag is pointer-driven (a library
//! listening to `pointermove`/`mousemove`) starts no HTML5 drag: it gets a series of mouse moves
//! between press and release, as a hand would make.

use std::time::Duration;

use serde_json::{Value, json};

use super::target::{Node, center, in_world};
use crate::error::{Failure, Result};
use crate::tab::Tab;

/// Intermediate mouse moves from source to target: pointer-driven drag libraries need several
/// (many only start a drag past a few pixels, then follow each move).
const DRAG_STEPS: usize = 12;

/// How long to wait for the browser to report a drag the page started. It follows the first
/// move at once; the bound only keeps a page that cancels its drag from holding the operation.
const DRAG_START_WAIT: Duration = Duration::from_secs(2);

/// Installed in bsk's isolated world before the press: whether the page's `dragstart` fired (the
/// DOM is shared, the flag is not visible to the page's scripts).
const WATCH_DRAGSTART: &str = "(() => { globalThis.__bskDragStarted = false; \
document.addEventListener('dragstart', () => { globalThis.__bskDragStarted = true; }, \
{ capture: true, once: true }); return true; })()";

const DRAGSTART_FIRED: &str = "globalThis.__bskDragStarted === true";

pub async fn drag(
    tab: &Tab,
    (source, source_label): (&Node, &str),
    (target, target_label): (&Node, &str),
) -> Result<String> {
    let (sx, sy) = center(tab, source).await?;
    let (tx, ty) = center(tab, target).await?;
    // Scrolling the target into view may have moved the source: measure it again.
    let (sx, sy) = if (sx, sy) == (tx, ty) {
        (sx, sy)
    } else {
        center(tab, source).await?
    };
    let mut world = None;
    let watching = in_world(tab, &mut world, WATCH_DRAGSTART.into()).await;
    let before = tab.state().drags_intercepted;
    tab.call("Input.setInterceptDrags", json!({ "enabled": true }))
        .await?;
    let played = play(
        tab,
        (sx, sy),
        (tx, ty),
        before,
        &mut world,
        watching.is_ok(),
    )
    .await;
    // Interception goes off whatever happened, or the person's own drags would stop working.
    let _ = tab
        .call("Input.setInterceptDrags", json!({ "enabled": false }))
        .await;
    let html5 = played?;
    Ok(format!(
        "dragged {source_label} onto {target_label} ({}, from ({sx:.0}, {sy:.0}) to ({tx:.0}, {ty:.0}))",
        if html5 {
            "an HTML5 drag and drop"
        } else {
            "mouse moves"
        }
    ))
}

/// Presses on the source, moves, and drops on the target; whether the page started an HTML5
/// drag.
async fn play(
    tab: &Tab,
    (sx, sy): (f64, f64),
    (tx, ty): (f64, f64),
    before: u64,
    world: &mut Option<i64>,
    watching: bool,
) -> Result<bool> {
    let mouse = |kind: &'static str, x: f64, y: f64, buttons: i64| {
        // A move with the button held names it, or the page sees a move with no button down
        // and starts no drag.
        let button = if kind != "mouseMoved" || buttons != 0 {
            "left"
        } else {
            "none"
        };
        let mut params =
            json!({ "type": kind, "x": x, "y": y, "buttons": buttons, "button": button });
        if kind != "mouseMoved" {
            params["clickCount"] = json!(1);
        }
        tab.call("Input.dispatchMouseEvent", params)
    };
    mouse("mouseMoved", sx, sy, 0).await?;
    mouse("mousePressed", sx, sy, 1).await?;
    // The first moves, a few pixels on: the distance at which browsers and libraries start a
    // drag.
    let step = |i: usize| {
        let t = i as f64 / DRAG_STEPS as f64;
        (sx + (tx - sx) * t, sy + (ty - sy) * t)
    };
    mouse("mouseMoved", sx + 5.0, sy + 5.0, 1).await?;
    let (x, y) = step(1);
    mouse("mouseMoved", x, y, 1).await?;
    // Whether the page started an HTML5 drag: its `dragstart` fired (main frame), or the
    // browser already reported the drag. In a frame bsk cannot watch, wait for the report.
    let started = tab.state().drags_intercepted > before
        || if watching {
            in_world(tab, world, DRAGSTART_FIRED.into()).await? == Value::Bool(true)
        } else {
            true
        };
    if started && let Some(data) = intercepted(tab, before).await {
        for kind in ["dragEnter", "dragOver", "drop"] {
            tab.call(
                "Input.dispatchDragEvent",
                json!({ "type": kind, "x": tx, "y": ty, "data": data, "modifiers": 0 }),
            )
            .await
            .map_err(|e| {
                Failure::browser(format!("the drop on the target failed: {}", e.0.message))
            })?;
        }
        mouse("mouseReleased", tx, ty, 0).await?;
        return Ok(true);
    }
    for i in 2..=DRAG_STEPS {
        let (x, y) = step(i);
        mouse("mouseMoved", x, y, 1).await?;
    }
    mouse("mouseReleased", tx, ty, 0).await?;
    Ok(false)
}

/// The drag data the browser reported for a drag the page started after `before`, within
/// [`DRAG_START_WAIT`].
async fn intercepted(tab: &Tab, before: u64) -> Option<Value> {
    let mut state = tab.state_watch();
    let reported = state.wait_for(|s| s.drags_intercepted > before);
    match tokio::time::timeout(DRAG_START_WAIT, reported).await {
        Ok(Ok(now)) => now.drag_data.clone(),
        _ => None,
    }
}
