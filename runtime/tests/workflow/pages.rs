//! Operations on a page: every operation of the ops page has its effect, refs stay with their
//! element, waits, and a deeply nested page observed within bounds.

use serde_json::{Value, json};

use crate::common::snapshot::ref_in;
use crate::common::{Checked, TestBsk, WAIT, site, wait_for, wait_until};
use crate::strings;

#[tokio::test(flavor = "multi_thread")]
async fn every_operation_on_the_ops_page_has_its_effect() {
    let site = site().await;
    let bsk = TestBsk::new("ops");
    let s = bsk.start_session().await;
    let ops = site.url("/ops");

    let arrived = s.op(&["navigate", &ops, "--wait-until", "load"]).await;
    assert_eq!(arrived["url"], ops.as_str());
    assert!(
        arrived["summary"]
            .as_str()
            .is_some_and(|m| m.ends_with("(load)")),
        "{arrived}"
    );
    assert_eq!(s.eval("document.readyState").await, "complete");

    // observe: refs and the heading.
    let snapshot = s.observe().await;
    assert!(snapshot.contains("heading \"Operations\""), "{snapshot}");
    assert!(snapshot.contains("[@e"), "{snapshot}");
    let lines: Vec<&str> = snapshot.lines().collect();
    let button = ref_in(&lines, "button \"Click me\"");

    // click, by ref and by selector.
    s.op(&["click", &button]).await;
    s.op(&["click", "#btn"]).await;
    assert_eq!(
        s.eval("document.getElementById('count').textContent").await,
        "2"
    );

    // fill replaces the text; an empty value clears it.
    s.op(&["fill", "#text", "old"]).await;
    s.op(&["fill", "#text", "hello world"]).await;
    assert_eq!(
        s.eval("document.getElementById('text').value").await,
        "hello world"
    );
    assert_eq!(
        s.eval("document.getElementById('text-echo').textContent")
            .await,
        "hello world"
    );

    // select by value and by label.
    s.op(&["select", "#sel", "b"]).await;
    assert_eq!(s.eval("document.getElementById('sel').value").await, "b");
    s.op(&["select", "#sel", "C"]).await;
    assert_eq!(
        s.eval("document.getElementById('sel-echo').textContent")
            .await,
        "c"
    );

    // press: on a target, then on whatever has focus, then chords (modifiers must arrive).
    s.eval("window.__keys = []; document.addEventListener('keydown', e => __keys.push([e.key, e.shiftKey, e.ctrlKey])); 0").await;
    s.op(&["press", "a", "--target", "#focusme"]).await;
    assert_eq!(s.eval("document.activeElement.id").await, "focusme");
    s.op(&["press", "b"]).await;
    assert_eq!(
        s.eval("document.getElementById('focusme').value").await,
        "ab"
    );
    s.op(&["press", "Shift+Tab"]).await;
    assert_ne!(
        s.eval("document.activeElement.id").await,
        "focusme",
        "Shift+Tab should move focus away"
    );
    assert_eq!(
        s.eval("document.getElementById('focus-state').textContent")
            .await,
        "blurred"
    );
    s.op(&["press", "Control+a", "--target", "#text"]).await;
    s.op(&["press", "Backspace"]).await;
    assert_eq!(
        s.eval("document.getElementById('text').value").await,
        "",
        "Control+a then Backspace clears all"
    );
    assert_eq!(
        s.eval("__keys").await,
        json!([
            ["a", false, false],
            ["b", false, false],
            ["Tab", true, false],
            ["a", false, true],
            ["Backspace", false, false]
        ])
    );

    // hover.
    s.op(&["hover", "#hover-target"]).await;
    assert_eq!(
        s.eval("document.getElementById('hover-state').textContent")
            .await,
        "hovered"
    );

    // wheel: over an element, and over the middle of the viewport (down, then back up).
    s.op(&["wheel", "--target", "#scroller", "--dy", "300"])
        .await;
    wait_until("the scroller to scroll", WAIT, || async {
        s.eval("document.getElementById('scroller').scrollTop")
            .await
            .as_f64()
            .is_some_and(|top| top > 0.0)
    })
    .await;
    s.eval("scrollTo(0, 0)").await;
    wait_until("the page to be at the top", WAIT, || async {
        s.eval("scrollY").await == json!(0)
    })
    .await;
    s.op(&["wheel", "--dy", "400"]).await;
    // Past 300 of the 400 px, a later read is within 100 px of where the wheel ends, so the
    // wheel up below must bring it under this mark even if scrolling is animated.
    let down = wait_for("the page to scroll down", WAIT, || async {
        s.eval("scrollY").await.as_f64().filter(|y| *y > 300.0)
    })
    .await;
    s.op(&["wheel", "--dy", "-100"]).await;
    wait_until("the page to scroll back up", WAIT, || async {
        s.eval("scrollY").await.as_f64().is_some_and(|y| y < down)
    })
    .await;

    // scroll-to brings a far element into the viewport.
    s.op(&["scroll-to", "#far"]).await;
    let far = s.eval("(() => { const r = document.getElementById('far').getBoundingClientRect(); return [r.top, innerHeight, scrollY]; })()").await;
    let (top, height, y) = (far[0].as_f64(), far[1].as_f64(), far[2].as_f64());
    assert!(
        top.zip(height).is_some_and(|(t, h)| t >= 0.0 && t < h),
        "#far not in view: {far}"
    );
    assert!(
        y.is_some_and(|y| y > 2000.0),
        "page did not scroll down to #far: {far}"
    );

    // focus and blur.
    s.op(&["focus", "#focusme"]).await;
    assert_eq!(s.eval("document.activeElement.id").await, "focusme");
    assert_eq!(
        s.eval("document.getElementById('focus-state').textContent")
            .await,
        "focused"
    );
    s.op(&["blur", "#focusme"]).await;
    assert_eq!(
        s.eval("document.activeElement === document.body").await,
        true
    );
    assert_eq!(
        s.eval("document.getElementById('focus-state').textContent")
            .await,
        "blurred"
    );

    // The page saw every effect, in order.
    let events = strings(&s.eval("window.__events").await);
    let expected_in_order = [
        "click",
        "click",
        "input:old",
        "input:hello world",
        "change:b",
        "change:c",
        "focus",
        "key:a",
        "key:b",
        "key:Tab",
        "blur",
        "key:a",
        "key:Backspace",
        "input:",
        "mouseenter",
        "wheel",
        "focus",
        "blur",
    ];
    let mut rest = events.iter();
    for expected in expected_in_order {
        assert!(
            rest.any(|e| e == expected),
            "event {expected:?} missing or out of order in {events:?}"
        );
    }

    // evaluate: JSON values (human output is the JSON), promises awaited, undefined is null.
    let human = s
        .run(&["evaluate", "({a: 1, b: [true, 'x']})"])
        .await
        .success();
    assert_eq!(
        serde_json::from_str::<Value>(&human.stdout).expect("evaluate prints JSON"),
        json!({"a": 1, "b": [true, "x"]})
    );
    let result = s
        .op(&[
            "evaluate",
            "new Promise(r => setTimeout(() => r(6 * 7), 20))",
        ])
        .await;
    assert_eq!(result["value"], 42);
    assert_eq!(result["url"], ops.as_str());
    assert_eq!(s.eval("undefined").await, Value::Null);

    // reload starts a fresh document.
    s.eval("window.__marker = 'before reload'").await;
    let reloaded = s.op(&["reload"]).await;
    assert_eq!(reloaded["url"], ops.as_str());
    assert_eq!(s.eval("window.__marker ?? null").await, Value::Null);
    assert_eq!(
        s.eval("document.getElementById('count').textContent").await,
        "0"
    );
    // (Chromium restores the scroll position on reload, which the page logs as a scroll.)
    assert_eq!(
        s.eval("window.__events.filter(e => !e.startsWith('window-scroll'))")
            .await,
        json!([]),
        "a reloaded page starts with no events"
    );
    s.op(&["reload", "--wait-until", "domcontentloaded"]).await;
    assert_eq!(
        s.eval("document.getElementById('title').textContent").await,
        "Operations"
    );

    // A click that navigates; then back and forward through the history.
    s.op(&["click", "#link"]).await;
    wait_until("the link to load /ops2", WAIT, || async {
        s.eval("location.pathname").await == "/ops2"
    })
    .await;
    let back = s.op(&["back"]).await;
    assert_eq!(back["url"], ops.as_str());
    assert_eq!(s.eval("document.title").await, "Operations");
    let forward = s.op(&["forward"]).await;
    assert_eq!(forward["url"], site.url("/ops2").as_str());
    assert_eq!(s.eval("document.title").await, "Second");
    let ops2_snapshot = s.observe().await;
    assert!(
        ops2_snapshot.contains("heading \"Second\""),
        "{ops2_snapshot}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn refs_stay_with_their_element_across_observes_and_names_read_as_text() {
    let site = site().await;
    let bsk = TestBsk::new("refs");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;
    let first = s.observe().await;
    let button = ref_in(&first.lines().collect::<Vec<_>>(), "button \"Click me\"");

    // The page changes before the button: observe again, and the button keeps its ref.
    s.eval(
        "const b = document.createElement('button'); b.textContent = 'get \\u200b/users\\nnow'; \
         document.body.prepend(b); true",
    )
    .await;
    let second = s.observe().await;
    let lines: Vec<&str> = second.lines().collect();
    assert_eq!(ref_in(&lines, "button \"Click me\""), button, "{second}");
    let added = ref_in(&lines, "button \"get /users now\"");
    assert_ne!(added, button);
    assert!(!second.contains("\\u{"), "no Rust escapes: {second}");
    s.op(&["click", &button]).await;

    // Its element removed, the ref is refused with what to do.
    s.eval("document.querySelectorAll('button').forEach(b => b.textContent === 'Click me' && b.remove()), true")
        .await;
    let gone = s.fail(&["click", &button]).await;
    assert_eq!(gone["code"], "not_found", "{gone}");
    assert!(
        gone["message"]
            .as_str()
            .is_some_and(|m| m.contains("no longer in the page")),
        "{gone}"
    );
    s.op(&["click", &added]).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn wait_returns_when_the_page_meets_its_condition_and_times_out_clearly() {
    let site = site().await;
    let bsk = TestBsk::new("wait");
    let s = bsk.start_session().await;
    let run = s.bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;

    // Each change happens later in the page; wait sees it happen.
    s.eval(
        "setTimeout(() => { const p = document.createElement('p'); p.id = 'late'; \
         p.textContent = 'Saved at last'; document.body.append(p); }, 400); true",
    )
    .await;
    let text = s.op(&["wait", "--text", "Saved at last"]).await;
    assert!(
        text["summary"]
            .as_str()
            .is_some_and(|t| t.contains("appeared")),
        "{text}"
    );
    assert_eq!(
        s.eval("!!document.querySelector('#late')").await,
        json!(true)
    );
    s.op(&["wait", "--target", "#late"]).await;
    s.eval("setTimeout(() => document.querySelector('#late').remove(), 300); true")
        .await;
    s.op(&["wait", "--text-gone", "Saved at last"]).await;
    s.op(&["wait", "--target-gone", "#late"]).await;
    s.eval("setTimeout(() => history.pushState({}, '', '/ops/users/42'), 300); true")
        .await;
    s.op(&["wait", "--url", "*/users/*"]).await;
    // Without settling, the evaluate answers while its fetch is out; the wait sees it end.
    let fetch = format!("fetch({}); true", json!(site.url("/slow?ms=700")));
    s.op(&["evaluate", &fetch, "--no-settle"]).await;
    let idle = s.op(&["wait", "--network-idle"]).await;
    let waited: f64 = idle["summary"]
        .as_str()
        .and_then(|t| t.strip_prefix("waited "))
        .and_then(|t| t.split('s').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or_default();
    assert!(
        waited >= 0.7,
        "idle only after the slow request ended: {idle}"
    );

    // A condition that never holds: exit 4 with what was awaited.
    let never = s
        .fail(&["wait", "--text", "never there", "--timeout", "0.5"])
        .await;
    assert_eq!(
        (never["code"].clone(), never["exit_code"].clone()),
        (json!("timeout"), json!(4)),
        "{never}"
    );
    assert!(
        never["message"]
            .as_str()
            .is_some_and(|m| m.contains("never there")),
        "{never}"
    );
    let bad = s.fail(&["wait", "--target", "##", "--timeout", "1"]).await;
    assert_eq!(bad["code"], "invalid_input", "{bad}");
    let none = bsk.run(&["wait", "--session", &s.id]).await;
    assert_eq!(none.code, 1, "wait needs a condition: {none:#?}");

    // Waiting is not an operation: only navigate and the evaluates are recorded.
    let operations = s
        .bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let names: Vec<&str> = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["name"].as_str())
        .collect();
    assert!(
        !names.contains(&"wait") && names.contains(&"navigate"),
        "{names:?} in {run}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_nested_a_thousand_deep_is_observed_within_bounds() {
    let site = site().await;
    let bsk = TestBsk::new("deep");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/demo")]).await;
    // 1,000 nested elements with a button at the bottom: deeper than anyone reads. (Far deeper
    // pages overflowed a recursive walk; Chromium itself then takes long to build the tree.)
    s.eval(
        "(() => { let at = document.body; for (let i = 0; i < 1000; i++) { const d = document.createElement('section'); d.setAttribute('aria-label', 'level ' + i); at.appendChild(d); at = d; } const b = document.createElement('button'); b.textContent = 'deep'; at.appendChild(b); return true; })()",
    )
    .await;
    let snapshot = s.observe().await;
    assert!(
        snapshot.contains("nested deeper than 200 levels not shown"),
        "the depth bound is said: {}",
        &snapshot[snapshot.len().saturating_sub(300)..]
    );
    assert!(snapshot.lines().count() <= 1002, "the line bound holds");
    // The daemon is still there and answering.
    assert!(bsk.json(&["status"]).await["pid"].is_u64());
}
