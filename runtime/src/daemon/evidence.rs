//! `bsk evidence`: the extension's evidence page for one of a session's captures, and a
//! screenshot of it as it renders that record (for headless machines, CI artifacts and an agent
//! that wants to show a person what it found).
//!
//! Without `--screenshot` the page opens in front in the browser a person can see. Only a capture
//! the session holds can be named, as with `bsk debug` reads; with no session the page opens on
//! the history list, which a person reads and no agent is shown.

use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use bsk_schema::ipc::{EvidenceParams, EvidenceResult};
use serde_json::{Value, json};

use super::Daemon;
use crate::browser::BrowserSource;
use crate::cdp::CdpClient;
use crate::error::{Failure, Result};
use crate::extension::files;

/// The page is rendered at this size; the screenshot takes its full height up to
/// [`MAX_SCREENSHOT_HEIGHT`].
const VIEWPORT: (u32, u32) = (1280, 900);
const MAX_SCREENSHOT_HEIGHT: f64 = 6000.0;

/// How long the evidence page may take to show the record.
const RENDER_DEADLINE: Duration = Duration::from_secs(15);

impl Daemon {
    pub(super) async fn evidence(
        self: &Arc<Self>,
        params: EvidenceParams,
    ) -> Result<EvidenceResult> {
        let evidence_page = format!("chrome-extension://{}/evidence.html", files::id());
        let Some(session) = params.session.as_deref() else {
            if params.screenshot {
                return Err(Failure::usage(
                    "--screenshot needs --session: only a session's own captures can be rendered",
                )
                .hint("pass --session <id> (or set BSK_SESSION); the history list is for the person at the browser"));
            }
            if params.request.is_some() || params.part.is_some() || params.tab.is_some() {
                return Err(Failure::usage(
                    "--request, --part and --tab show one capture: they need --session",
                )
                .hint("pass --session <id> (or set BSK_SESSION)"));
            }
            let url = match params.search.as_deref() {
                Some(text) => format!("{evidence_page}#q={}", encode_component(text)),
                None => evidence_page,
            };
            let (slot, conn) = self.first_browser().await?;
            return open_for_person(&slot.effective_source(), &conn.cdp, None, url).await;
        };
        let session = self.session(session)?;
        let held = self
            .captures
            .get(&session, params.run_id.as_deref(), None)?;
        let run_id = held.run_id.clone();
        let request = match params.request.as_deref() {
            Some(id) => {
                // `r9`, or `<run>/r9` naming this capture.
                let short = id
                    .split_once('/')
                    .filter(|(run, _)| *run == run_id)
                    .map_or(id, |(_, short)| short);
                let found = held.capture.lock().request(short).map(|r| r.id.clone());
                Some(found.ok_or_else(|| {
                    Failure::not_found(format!("capture {run_id} has no request {id}"))
                        .hint("`bsk debug requests --session <id>` lists its requests")
                })?)
            }
            None => None,
        };
        let url = format!(
            "{evidence_page}{}",
            fragment(&run_id, &params, request.as_deref())
        );
        let slot = self.pool.slot(&session.browser)?;
        let conn = self.connect(&slot).await?;
        if !params.screenshot {
            return open_for_person(&slot.effective_source(), &conn.cdp, Some(run_id), url).await;
        }
        let history = held.capture.lock().run_info().history;
        if history.checkpoints == 0 {
            return Err(Failure::browser(format!(
                "capture {run_id} has no checkpoint in the browser's history yet: {}",
                history.reason.as_deref().unwrap_or("none was saved")
            ))
            .hint("`bsk status` shows whether the bsk extension is connected; the evidence stays readable with `bsk debug …`"));
        }
        let look = Look::of(&params)?;
        let png = screenshot(&conn.cdp, &url, &run_id, look).await?;
        Ok(EvidenceResult {
            run_id: Some(run_id),
            url,
            opened: false,
            note: None,
            png_base64: Some(png),
        })
    }
}

/// Opens `url` in a new tab in front, where a person can see it: in a browser bsk launched with
/// windows, or one it attached to (a person's own Chrome). In a headless browser it says how to
/// see the record instead.
async fn open_for_person(
    source: &BrowserSource,
    cdp: &CdpClient,
    run_id: Option<String>,
    url: String,
) -> Result<EvidenceResult> {
    let headless = matches!(source, BrowserSource::Launch(v) if v.headless);
    if headless {
        let what = match &run_id {
                Some(run) => format!(
                    "`bsk evidence --screenshot evidence.png` renders it here; to browse it, export it \
                     (`bsk debug export --run-id {run} > run.json`), load the extension in your own Chrome \
                     from `bsk extension path` and import the file in its evidence page"
                ),
                None => "start the daemon with --headful on a desktop (or attach your own Chrome with --cdp-url) \
                         to browse its history; records exported with `bsk debug export` can be imported \
                         in the evidence page of your own Chrome"
                    .into(),
            };
        return Ok(EvidenceResult {
            run_id,
            url,
            opened: false,
            note: Some(format!(
                "the browser is headless, so no one can see a page opened in it: {what}"
            )),
            png_base64: None,
        });
    }
    let target = cdp
        .call(None, "Target.createTarget", json!({ "url": url }))
        .await?;
    if let Some(target) = target["targetId"].as_str() {
        let _ = cdp
            .call(None, "Target.activateTarget", json!({ "targetId": target }))
            .await;
    }
    Ok(EvidenceResult {
        run_id,
        url,
        opened: true,
        note: None,
        png_base64: None,
    })
}

/// How the rendered evidence page looks: its width and colour scheme.
#[derive(Debug, Clone, Copy)]
struct Look {
    width: u32,
    theme: Option<bsk_schema::emulation::ColorScheme>,
}

/// The narrowest and widest evidence page rendered: a phone, and a 4K screen.
const WIDTHS: std::ops::RangeInclusive<u32> = 360..=3840;

impl Look {
    fn of(params: &EvidenceParams) -> Result<Look> {
        let width = params.width.unwrap_or(VIEWPORT.0);
        if !WIDTHS.contains(&width) {
            return Err(
                Failure::invalid_input(format!("--width {width} is out of range")).hint(
                    "give a width from 360 (a phone) to 3840 CSS pixels; the default is 1280",
                ),
            );
        }
        Ok(Look {
            width,
            theme: params.theme,
        })
    }
}

/// Opens `url` in a tab of the default browser context (extension pages do not load
/// in a session's own context), waits until it shows `run_id`, captures it, and closes the tab.
async fn screenshot(cdp: &CdpClient, url: &str, run_id: &str, look: Look) -> Result<String> {
    // The page may rewrite its fragment as it opens what it names; `#run=<id>` stays first.
    let shown_url = url.split_once('#').map_or(url.to_string(), |(page, _)| {
        format!("{page}#run={}", encode_component(run_id))
    });
    let target = cdp
        .call(
            None,
            "Target.createTarget",
            json!({ "url": "about:blank", "background": true }),
        )
        .await?;
    let target_id = target["targetId"].as_str().unwrap_or_default().to_string();
    let result = async {
        let attach = cdp
            .call(None, "Target.attachToTarget", json!({ "targetId": target_id, "flatten": true }))
            .await?;
        let page = attach["sessionId"].as_str().unwrap_or_default().to_string();
        let page = Some(page.as_str());
        cdp.call(page, "Emulation.setDeviceMetricsOverride", json!({
            "width": look.width, "height": VIEWPORT.1, "deviceScaleFactor": 1, "mobile": false,
        }))
        .await?;
        if let Some(theme) = look.theme {
            let scheme = match theme {
                bsk_schema::emulation::ColorScheme::Dark => "dark",
                bsk_schema::emulation::ColorScheme::Light => "light",
            };
            cdp.call(page, "Emulation.setEmulatedMedia", json!({
                "features": [{ "name": "prefers-color-scheme", "value": scheme }],
            }))
            .await?;
        }
        cdp.call(page, "Page.navigate", json!({ "url": url })).await?;
        // A tab that is not in front gets no frames, and its screenshot never comes.
        cdp.call(page, "Page.bringToFront", json!({})).await?;
        // Rendered when the page names the record and no longer says it is loading.
        // The page itself waits until it shows the record (a MutationObserver, no polling); an
        // evaluation that lands in the document being replaced is asked again in the new one.
        let shown = format!(
            "new Promise((resolve) => {{ \
               const ready = () => document.readyState === 'complete' && location.href.startsWith({shown_url}) \
                 && document.body.innerText.includes({run}) && !document.querySelector('[aria-busy=\"true\"]'); \
               if (ready()) return resolve(true); \
               const seen = new MutationObserver(() => {{ if (ready()) {{ seen.disconnect(); resolve(true); }} }}); \
               seen.observe(document, {{ subtree: true, childList: true, characterData: true, attributes: true }}); \
               addEventListener('load', () => {{ if (ready()) resolve(true); }}); \
             }})",
            shown_url = Value::String(shown_url.to_string()),
            run = Value::String(run_id.to_string()),
        );
        let deadline = tokio::time::Instant::now() + RENDER_DEADLINE;
        let mut rendered = false;
        // A few attempts at most: each waits in the page; only a replaced document ends one early.
        for _ in 0..5 {
            if rendered || tokio::time::Instant::now() >= deadline {
                break;
            }
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let reply = cdp
                .call_within(
                    page,
                    "Runtime.evaluate",
                    json!({ "expression": shown, "awaitPromise": true, "returnByValue": true }),
                    left,
                )
            .await;
            rendered = reply.is_ok_and(|v| v["result"]["value"] == true);
        }
        if !rendered {
            return Err(Failure::timeout(format!(
                "the evidence page did not show {run_id} within {RENDER_DEADLINE:?}"
            ))
            .hint("check `bsk status` (history extension connected?) and open the page yourself: `bsk evidence --session <id>` prints its URL"));
        }
        // Two animation frames: the last layout is painted.
        let _ = cdp
            .call(page, "Runtime.evaluate", json!({
                "expression": "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))",
                "awaitPromise": true,
            }))
            .await;
        let metrics = cdp.call(page, "Page.getLayoutMetrics", json!({})).await?;
        let height = metrics["cssContentSize"]["height"]
            .as_f64()
            .unwrap_or(f64::from(VIEWPORT.1))
            .clamp(f64::from(VIEWPORT.1), MAX_SCREENSHOT_HEIGHT);
        let shot = cdp
            .call(page, "Page.captureScreenshot", json!({
                "format": "png",
                "captureBeyondViewport": true,
                "clip": { "x": 0, "y": 0, "width": look.width, "height": height, "scale": 1 },
            }))
            .await?;
        let data = shot["data"].as_str().unwrap_or_default().to_string();
        // Decoding checks that what comes back is base64 before a client writes it to a file.
        base64::engine::general_purpose::STANDARD
            .decode(&data)
            .map_err(|e| Failure::browser(format!("the screenshot is not base64: {e}")))?;
        Ok(data)
    }
    .await;
    let _ = cdp
        .call(None, "Target.closeTarget", json!({ "targetId": target_id }))
        .await;
    result
}

/// The evidence page's fragment for one capture: `#run=<id>`, then what to open it at
/// (`&q=<text>`, `&request=<rN>`, `&part=problems`, `&tab=<name>`), each value
/// percent-encoded as `encodeURIComponent` does. `run=` always comes first.
fn fragment(run_id: &str, params: &EvidenceParams, request: Option<&str>) -> String {
    let mut out = format!("#run={}", encode_component(run_id));
    let values = [
        ("q", params.search.as_deref()),
        ("request", request),
        ("part", params.part.map(|p| p.as_str())),
        ("tab", params.tab.map(|t| t.as_str())),
    ];
    for (key, value) in values {
        if let Some(value) = value {
            out.push_str(&format!("&{key}={}", encode_component(value)));
        }
    }
    out
}

/// `encodeURIComponent` for a run id (letters, digits and `-_.` pass; everything else is
/// percent-encoded).
fn encode_component(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_schema::ipc::{EvidencePart, EvidenceTab};

    fn params() -> EvidenceParams {
        EvidenceParams {
            session: Some("s1".into()),
            run_id: None,
            screenshot: false,
            width: None,
            theme: None,
            search: None,
            request: None,
            part: None,
            tab: None,
        }
    }

    #[test]
    fn the_fragment_names_the_run_first_then_the_place() {
        let run = "run-20261206-021500-abcde";
        assert_eq!(fragment(run, &params(), None), format!("#run={run}"));
        let mut all = params();
        all.search = Some("EMAIL_TAKEN & 100%".into());
        all.part = Some(EvidencePart::Problems);
        all.tab = Some(EvidenceTab::Requests);
        assert_eq!(
            fragment(run, &all, Some("r9")),
            format!(
                "#run={run}&q=EMAIL_TAKEN%20%26%20100%25&request=r9&part=problems&tab=requests"
            )
        );
        let mut unicode = params();
        unicode.search = Some("café=1".into());
        assert_eq!(
            fragment(run, &unicode, None),
            format!("#run={run}&q=caf%C3%A9%3D1")
        );
    }
}
