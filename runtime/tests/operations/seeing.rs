//! Seeing the page and putting it where the bug happens: screenshots with sensitive fields
//! masked on pixels (main frame and a cross-site iframe), emulation that reaches every frame and
//! is recorded with what it affected, drag (HTML5 and pointer-driven), and actions named by
//! the element they acted on in every output.
//!
//! The pages are served by the test on one loopback port and reached as `a.localhost` (the page)
//! and `b.localhost` (its cross-site, out-of-process iframe).

use std::path::Path;

use image::Rgb;
use serde_json::Value;

use crate::common::evidence::{debug, latest_run, operations, requests};
use crate::common::page::serve_paths;
use crate::common::snapshot::ref_in;
use crate::common::{Session, TestBsk, WAIT, wait_for, wait_until};

/// The colour of every sensitive field's background: if any pixel of it survives masking, a
/// field showed through.
const SECRET: Rgb<u8> = Rgb([255, 0, 255]);
/// The colour of a field that is not sensitive: it must stay visible.
const PLAIN: Rgb<u8> = Rgb([0, 255, 0]);

/// The order page on `a.localhost` with a password field, an email field, a button, an unnamed
/// box and a cross-site iframe holding a card field and a button.
async fn order_site() -> (String, u16) {
    let frame = r#"<!doctype html><html><head><style>
body{margin:0;font:16px sans-serif} input{width:200px;height:28px;border:0;background:#ff00ff}
</style></head><body>
<input autocomplete="cc-number" name="card" value="4111111111111111"><button id="pay">Pay</button><span id="r"></span>
<script>pay.onclick = () => fetch('/frame-api').then(() => r.textContent = 'paid', () => r.textContent = 'offline');</script>
</body></html>"#;
    // The page names its iframe's host with its own port, known only once serving.
    let page = r#"<!doctype html><html><head>
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Order</title><style>
body{margin:0;padding:16px;font:16px sans-serif}
input{display:block;width:240px;height:28px;margin:6px 0;border:0;background:#ff00ff}
#email{background:#00ff00} iframe{border:0;width:320px;height:40px;display:block}
</style></head><body>
<h1>Order</h1>
<input id="email" name="email" value="ada@example.com" aria-label="Email">
<input id="pw" type="password" name="password" value="hunter2" aria-label="Password">
<button id="place">Place order</button>
<div id="plain">Unnamed box</div>
<p id="out"></p>
<script>
const frame = document.createElement('iframe');
frame.src = 'http://b.localhost:' + location.port + '/frame';
document.body.append(frame);
place.onclick = () => fetch('/api/order', { method: 'POST' })
  .then(r => out.textContent = 'sent ' + r.status, () => out.textContent = 'failed');
</script></body></html>"#;
    let port = serve_paths(&[("/", page), ("/frame", frame)]).await;
    (format!("http://a.localhost:{port}/"), port)
}

/// A session on the order page with its cross-site iframe in the tree; the page's snapshot.
async fn on_order_page<'a>(bsk: &'a TestBsk, url: &str, capture: bool) -> (Session<'a>, String) {
    let s = bsk.start_session().await;
    if capture {
        s.op(&["debug", "start"]).await;
    }
    s.op(&["navigate", url]).await;
    let snapshot = wait_for("the cross-site iframe's button", WAIT, || async {
        let snapshot = s.observe().await;
        snapshot.contains("button \"Pay\"").then_some(snapshot)
    })
    .await;
    (s, snapshot)
}

fn count(picture: &image::RgbImage, colour: Rgb<u8>) -> usize {
    picture.pixels().filter(|p| **p == colour).count()
}

fn decode(path: &Path) -> image::RgbImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
        .to_rgb8()
}

#[tokio::test(flavor = "multi_thread")]
async fn screenshots_paint_over_sensitive_fields_in_every_frame() {
    let (url, _) = order_site().await;
    let bsk = TestBsk::new("screenshot");
    let (s, snapshot) = on_order_page(&bsk, &url, false).await;
    let lines: Vec<&str> = snapshot.lines().collect();
    // Unmasked, for the agent's eyes only: both secret fields show, so the check below can fail.
    let raw = bsk.home.join("raw.png");
    let shot = s
        .op(&["screenshot", "--unmasked", "-o", &raw.display().to_string()])
        .await;
    assert_eq!(shot["unmasked"], true, "{shot}");
    let picture = decode(&raw);
    assert!(
        count(&picture, SECRET) > 2 * 150 * 20,
        "the page's and the iframe's secret fields are in the unmasked picture"
    );

    // Masked: not one pixel of either secret field, the plain field intact.
    let masked = bsk.home.join("masked.png");
    let shot = s
        .op(&["screenshot", "--output", &masked.display().to_string()])
        .await;
    assert_eq!(shot["masked_fields"], 2, "{shot}");
    assert_eq!(shot["format"], "png");
    let picture = decode(&masked);
    assert_eq!(
        (picture.width(), picture.height()),
        (
            shot["width"].as_u64().unwrap_or(0) as u32,
            shot["height"].as_u64().unwrap_or(0) as u32
        )
    );
    assert_eq!(
        count(&picture, SECRET),
        0,
        "a secret field shows through the mask"
    );
    assert!(
        count(&picture, PLAIN) > 200 * 20,
        "the email field is masked too"
    );
    assert!(count(&picture, bsk_runtime::screenshot::picture::MASK) > 0);

    // One element, reached through a ref into the iframe; a JPEG by the file's extension.
    let pay = ref_in(&lines, "button \"Pay\"");
    let element = bsk.home.join("pay.jpg");
    let shot = s
        .op(&["screenshot", &pay, "-o", &element.display().to_string()])
        .await;
    assert_eq!(shot["format"], "jpeg", "{shot}");
    let picture = decode(&element);
    assert!(
        picture.width() < 120 && picture.height() < 60,
        "the button alone, not the page: {}×{}",
        picture.width(),
        picture.height()
    );

    // The full page, scaled to a width, and the email field alone (no field masked in it).
    let full = s
        .op(&[
            "screenshot",
            "--full-page",
            "--max-width",
            "400",
            "--format",
            "jpeg",
        ])
        .await;
    assert_eq!(full["width"], 400, "{full}");
    let path = full["path"].as_str().expect("a path under the state dir");
    assert!(Path::new(path).starts_with(&bsk.home), "{path}");
    let email = bsk.home.join("email.png");
    s.op(&["screenshot", "#email", "-o", &email.display().to_string()])
        .await;
    let picture = decode(&email);
    assert!(count(&picture, PLAIN) * 10 > (picture.width() * picture.height()) as usize * 8);

    // Bad input says what to do.
    let error = s.fail(&["screenshot", "-o", "shot.gif"]).await;
    assert!(
        error["hint"].as_str().is_some_and(|h| h.contains(".png")),
        "{error}"
    );
    let error = s.fail(&["screenshot", "#nothing-here"]).await;
    assert_eq!(error["code"], "not_found", "{error}");

    // Without a capture too, a page with a cross-site iframe settles: the iframe's document
    // request, which ends on the iframe's own session, is seen to end.
    let again = s.op(&["navigate", &url]).await;
    assert_eq!(again["settle"]["settled"], true, "{again}");
}

#[tokio::test(flavor = "multi_thread")]
async fn emulation_reaches_every_frame_and_every_record_says_what_was_in_force() {
    let (url, port) = order_site().await;
    let bsk = TestBsk::new("emulate");
    let (s, snapshot) = on_order_page(&bsk, &url, true).await;
    let lines: Vec<&str> = snapshot.lines().collect();
    let pay = ref_in(&lines, "button \"Pay\"");

    // A phone-sized viewport with touch.
    let phone = s
        .op(&["emulate", "--viewport", "390x844", "--mobile", "--touch"])
        .await;
    assert!(
        phone["summary"]
            .as_str()
            .is_some_and(|m| m.contains("390×844")),
        "{phone}"
    );
    assert_eq!(s.eval("innerWidth").await, 390);
    assert_eq!(
        s.eval("matchMedia('(pointer: coarse)').matches").await,
        true
    );

    // Offline: the page's fetch and the cross-site iframe's fetch both fail, and say so.
    s.op(&["emulate", "--network", "offline"]).await;
    assert_eq!(s.eval("navigator.onLine").await, false);
    let clicked = s.op(&["click", "#place"]).await;
    assert!(
        clicked["summary"]
            .as_str()
            .is_some_and(|m| m.starts_with("clicked button \"Place order\"")),
        "named by role and name: {clicked}"
    );
    s.op(&["click", &pay]).await;
    let frame_api = format!("http://b.localhost:{port}/frame-api");
    let failed = wait_for("both fetches to fail offline", WAIT, || async {
        let all = requests(&s).await;
        let order = all
            .iter()
            .find(|r| r["url"].as_str().is_some_and(|u| u.ends_with("/api/order")))?;
        let frame = all.iter().find(|r| r["url"] == frame_api.as_str())?;
        (order["state"] == "failed" && frame["state"] == "failed")
            .then(|| (order.clone(), frame.clone()))
    })
    .await;
    for request in [&failed.0, &failed.1] {
        assert!(
            request["failure"]
                .as_str()
                .is_some_and(|f| f.contains("INTERNET_DISCONNECTED")),
            "{request}"
        );
        assert_eq!(
            request["emulation"], "390×844 mobile touch, Offline",
            "a request that failed offline says it ran offline: {request}"
        );
    }
    let run = latest_run(&s).await;
    assert_eq!(run["emulation"]["network"]["offline"], true, "{run}");
    assert_eq!(run["emulation"]["viewport"]["width"], 390, "{run}");

    // The operations: each emulate with the values it set, each later one with what was in
    // force, and the clicks named by what they acted on, the iframe's by its frame.
    let ops = operations(&s).await;
    let emulates: Vec<&Value> = ops.iter().filter(|o| o["name"] == "emulate").collect();
    assert_eq!(emulates.len(), 2, "{ops:#?}");
    assert_eq!(emulates[1]["params"]["network"], "offline");
    let clicks: Vec<&Value> = ops.iter().filter(|o| o["name"] == "click").collect();
    assert_eq!(clicks[0]["emulation"], "390×844 mobile touch, Offline");
    let place = &clicks[0]["acted_on"][0];
    assert_eq!(
        (
            place["role"].clone(),
            place["name"].clone(),
            place["frame"].clone()
        ),
        ("button".into(), "Place order".into(), "main frame".into()),
        "{place}"
    );
    assert_eq!(place["target"], "#place");
    let pay_named = &clicks[1]["acted_on"][0];
    assert_eq!(pay_named["name"], "Pay");
    assert_eq!(
        pay_named["frame"],
        format!("http://b.localhost:{port}/frame")
    );

    // The same names in the text an agent reads and in the export.
    let text = s.run(&["debug", "operations"]).await;
    assert!(
        text.stdout.contains("click button \"Place order\""),
        "{}",
        text.stdout
    );
    let export = debug(&s, &["export"]).await;
    let exported = export["operations"]
        .as_array()
        .and_then(|ops| ops.iter().find(|o| o["name"] == "click"))
        .cloned()
        .unwrap_or_default();
    assert_eq!(exported["acted_on"][0]["name"], "Place order", "{exported}");
    assert!(export["run"]["emulation"].is_object());

    // An element with no accessible name is named by its tag, id and text, never by nothing.
    let hovered = s.op(&["hover", "#plain"]).await;
    assert!(
        hovered["summary"]
            .as_str()
            .is_some_and(|m| m.contains("div#plain \"Unnamed box\"")),
        "{hovered}"
    );

    // Preferences: colour scheme, reduced motion, locale, time zone and a slower CPU.
    s.op(&[
        "emulate",
        "--reset",
        "--color-scheme",
        "dark",
        "--reduced-motion",
        "--locale",
        "de-DE",
        "--timezone",
        "Asia/Tokyo",
        "--cpu",
        "4",
    ])
    .await;
    assert_eq!(
        s.eval("matchMedia('(prefers-color-scheme: dark)').matches")
            .await,
        true
    );
    assert_eq!(
        s.eval("matchMedia('(prefers-reduced-motion: reduce)').matches")
            .await,
        true
    );
    assert_eq!(
        s.eval("Intl.DateTimeFormat().resolvedOptions().timeZone")
            .await,
        "Asia/Tokyo"
    );
    assert_eq!(
        s.eval("Intl.DateTimeFormat().resolvedOptions().locale")
            .await,
        "de-DE"
    );
    assert_eq!(s.eval("navigator.language").await, "de-DE");
    assert_eq!(
        s.eval("navigator.onLine").await,
        true,
        "the reset cleared offline"
    );

    // Reset: the tab runs as the session started it, and the capture says so.
    s.op(&["emulate", "--reset"]).await;
    assert_eq!(
        s.eval("matchMedia('(prefers-color-scheme: dark)').matches")
            .await,
        false
    );
    assert_eq!(s.eval("navigator.onLine").await, true);
    assert_ne!(s.eval("innerWidth").await, 390);
    wait_until("the capture to say nothing is emulated", WAIT, || async {
        latest_run(&s).await.get("emulation").is_none()
    })
    .await;
    let error = s.fail(&["emulate", "--device", "Nokia 3310"]).await;
    assert!(
        error["hint"]
            .as_str()
            .is_some_and(|h| h.contains("iPhone 15")),
        "{error}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn drag_moves_html5_and_pointer_driven_elements_and_names_both() {
    let html5 = r#"<!doctype html><html><body style="margin:0;font:16px sans-serif">
<div id="card" draggable="true" style="width:120px;height:40px;background:#ccc">Card one</div>
<div id="done" aria-label="Done column" role="region" style="margin-top:60px;width:240px;height:120px;border:2px dashed #333"></div>
<script>
card.addEventListener('dragstart', e => e.dataTransfer.setData('text/plain', 'card-1'));
done.addEventListener('dragover', e => e.preventDefault());
done.addEventListener('drop', e => { e.preventDefault(); done.textContent = 'got ' + e.dataTransfer.getData('text/plain'); });
</script></body></html>"#;
    let slider = r#"<!doctype html><html><body style="margin:0">
<div id="knob" style="position:absolute;left:20px;top:100px;width:40px;height:40px;background:#333"></div>
<div id="end" style="position:absolute;left:400px;top:100px;width:60px;height:40px;border:1px solid #999">End</div>
<script>
let held = null; window.moves = 0;
knob.addEventListener('pointerdown', e => { held = e.clientX - knob.offsetLeft; });
addEventListener('pointermove', e => { if (held === null) return; moves++; knob.style.left = (e.clientX - held) + 'px'; });
addEventListener('pointerup', () => { held = null; document.title = 'released'; });
</script></body></html>"#;
    let port = serve_paths(&[("/board", html5), ("/slider", slider)]).await;
    let bsk = TestBsk::new("drag");
    let s = bsk.start_session().await;
    s.op(&["debug", "start"]).await;

    s.op(&["navigate", &format!("http://127.0.0.1:{port}/board")])
        .await;
    let dragged = s.op(&["drag", "#card", "#done"]).await;
    assert!(
        dragged["summary"]
            .as_str()
            .is_some_and(|m| m.contains("HTML5") && m.contains("region \"Done column\"")),
        "{dragged}"
    );
    assert_eq!(s.eval("done.textContent").await, "got card-1");

    s.op(&["navigate", &format!("http://127.0.0.1:{port}/slider")])
        .await;
    s.op(&["drag", "#knob", "#end"]).await;
    let left = s.eval("knob.offsetLeft").await.as_i64().unwrap_or_default();
    assert!(
        (380..=420).contains(&left),
        "the knob followed the pointer to the end: {left}"
    );
    assert!(s.eval("moves").await.as_i64().unwrap_or_default() >= 3);
    assert_eq!(s.eval("document.title").await, "released");

    // One operation per drag, naming its source and its target.
    let ops = operations(&s).await;
    let drags: Vec<&Value> = ops.iter().filter(|o| o["name"] == "drag").collect();
    assert_eq!(drags.len(), 2, "{ops:#?}");
    let named = drags[0]["acted_on"].as_array().cloned().unwrap_or_default();
    assert_eq!(named.len(), 2, "{:#}", drags[0]);
    assert_eq!(
        (named[0]["tag"].clone(), named[1]["name"].clone()),
        ("div".into(), "Done column".into())
    );
    assert_eq!(drags[1]["acted_on"][1]["element_id"], "end");
}

/// Whether a JPEG pixel is the secret fields' magenta, give or take compression.
fn magenta(p: &Rgb<u8>) -> bool {
    p[0] > 200 && p[1] < 80 && p[2] > 200
}

#[tokio::test(flavor = "multi_thread")]
async fn a_filmstrip_keeps_a_masked_picture_of_each_operation_once_it_settled() {
    let (url, _) = order_site().await;
    let bsk = TestBsk::new("filmstrip");
    let s = bsk.start_session().await;
    let run = debug(&s, &["start", "--screenshots"]).await;
    assert_eq!(run["coverage"]["screenshots"], true, "{run}");
    s.op(&["navigate", &url]).await;
    s.op(&["click", "#place"]).await;
    // The picture is encoded off the action's answer: wait for it.
    let pictured = wait_for("both operations' pictures", WAIT, || async {
        let ops = operations(&s).await;
        let pictures: Vec<Value> = ops
            .iter()
            .filter_map(|o| o.get("picture").cloned())
            .collect();
        (pictures.len() == 2).then_some(pictures)
    })
    .await;
    for picture in &pictured {
        assert_eq!(picture["mime_type"], "image/jpeg");
        assert!(
            picture["bytes"].as_u64().is_some_and(|b| b <= 48 * 1024),
            "{picture}"
        );
        assert!(
            picture.get("base64").is_none(),
            "lists never carry the bytes: {picture}"
        );
    }

    let file = bsk.home.join("o2.jpg");
    let written = s
        .run(&[
            "debug",
            "operation",
            "o2",
            "--screenshot",
            &file.display().to_string(),
        ])
        .await;
    assert_eq!(written.code, 0, "{written:#?}");
    assert!(written.stdout.contains("picture p2"), "{}", written.stdout);
    let picture = decode(&file);
    assert_eq!(
        picture.width() as u64,
        pictured[1]["width"].as_u64().unwrap_or(0)
    );
    assert_eq!(
        picture.pixels().filter(|p| magenta(p)).count(),
        0,
        "a secret field shows"
    );
    assert!(
        picture
            .pixels()
            .filter(|p| p[1] > 200 && p[0] < 80 && p[2] < 80)
            .count()
            > 1000,
        "the page is in the picture"
    );

    // The export carries each picture inline, as its description says.
    let export = debug(&s, &["export"]).await;
    let inline = &export["operations"][1]["picture"];
    let bytes = {
        use base64::Engine;
        base64::engine::general_purpose::STANDARD
            .decode(inline["base64"].as_str().unwrap_or_default())
            .expect("base64")
    };
    assert_eq!(bytes.len() as u64, inline["bytes"].as_u64().unwrap_or(0));
    let digest: String = {
        use sha2::Digest;
        sha2::Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    };
    assert_eq!(inline["sha256"], digest.as_str());
    let error = s
        .fail(&["debug", "operation", "o9", "--screenshot", "x.jpg"])
        .await;
    assert_eq!(error["code"], "not_found", "{error}");
}
