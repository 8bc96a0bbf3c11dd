//! Follow-up page observations: silent updates caught by checkpoints, and every bound held.

use std::time::Duration;

use crate::common::evidence::{debug, field, id, operation, operations};
use crate::common::{TestBsk, site, wait_for};

/// The contract's bounds.
const MAX_FOLLOW_UPS: usize = 4;

const MAX_PAGE_LOADS: usize = 20;

/// "Later requests and console entries can appear for up to 15 seconds": follow-ups too.
const FOLLOW_UP_WINDOW: Duration = Duration::from_secs(15);

/// Adds to the page: an input `#silent` and buttons that, once clicked, set its value property
/// after a second without any event (`#arm-silent`), or change page text every 300 ms for 6 s
/// (`#arm-ticker`).
const INSTRUMENT: &str = r#"(() => {
  const silent = Object.assign(document.createElement('input'), { id: 'silent', name: 'silent', value: 'initial' });
  const ticker = Object.assign(document.createElement('p'), { id: 'ticker', textContent: 'tick 0' });
  const armSilent = Object.assign(document.createElement('button'), { id: 'arm-silent', textContent: 'arm silent' });
  const armTicker = Object.assign(document.createElement('button'), { id: 'arm-ticker', textContent: 'arm ticker' });
  armSilent.addEventListener('click', () => setTimeout(() => { silent.value = 'changed'; }, 1000));
  armTicker.addEventListener('click', () => {
    let n = 0;
    const timer = setInterval(() => { ticker.textContent = 'tick ' + (++n); if (n >= 20) clearInterval(timer); }, 300);
  });
  document.body.prepend(silent, armSilent, armTicker, ticker);
  return true;
})()"#;

#[tokio::test(flavor = "multi_thread")]
async fn follow_ups_catch_silent_updates_and_every_bound_holds() {
    let site = site().await;
    let bsk = TestBsk::new("ops-follow");
    let s = bsk.start_session().await;
    let page = site.url("/ops2");
    s.op(&["navigate", &page]).await;
    debug(&s, &["start"]).await;
    assert_eq!(s.eval(INSTRUMENT).await, true);

    // A field property set silently a second after the click: no event, no mutation; a
    // follow-up checkpoint still sees it.
    s.op(&["click", "#arm-silent"]).await;
    let click = operations(&s)
        .await
        .into_iter()
        .rfind(|o| o["name"] == "click")
        .unwrap_or_else(|| panic!("no click operation"));
    let detail = wait_for(
        "a follow-up showing the silent change",
        FOLLOW_UP_WINDOW,
        || async {
            let detail = operation(&s, &id(&click)).await;
            detail["operation"]["follow_ups"]
                .as_array()
                .is_some_and(|f| !f.is_empty())
                .then_some(detail)
        },
    )
    .await;
    let op = &detail["operation"];
    let at_click = field(&op["observation"], "silent")
        .cloned()
        .unwrap_or_default();
    assert_eq!(at_click["value"], "initial", "right after the click: {op}");
    let later = field(&op["follow_ups"][0], "silent")
        .cloned()
        .unwrap_or_default();
    assert_eq!(later["value"], "changed", "the follow-up: {op}");

    // A page that keeps changing for 6 s: four changes kept, the rest counted.
    s.op(&["click", "#arm-ticker"]).await;
    let ticker = operations(&s)
        .await
        .into_iter()
        .rfind(|o| o["name"] == "click")
        .unwrap_or_else(|| panic!("no click operation"));
    assert_ne!(ticker["id"], click["id"]);
    let op = wait_for("follow-ups beyond the bound", FOLLOW_UP_WINDOW, || async {
        let op = operation(&s, &id(&ticker)).await["operation"].clone();
        (op["follow_ups_evicted"].as_u64() > Some(0)).then_some(op)
    })
    .await;
    let follow_ups = op["follow_ups"].as_array().cloned().unwrap_or_default();
    assert_eq!(follow_ups.len(), MAX_FOLLOW_UPS, "{op}");
    let texts: Vec<&str> = follow_ups
        .iter()
        .filter_map(|f| f["text"].as_str())
        .collect();
    assert!(
        texts.windows(2).all(|w| w[0] != w[1]),
        "only changing observations are kept: {texts:?}"
    );
    let listed = operations(&s)
        .await
        .into_iter()
        .find(|o| o["id"] == ticker["id"])
        .unwrap_or_default();
    assert_eq!(
        listed["follow_ups"].as_array().map(Vec::len),
        Some(MAX_FOLLOW_UPS),
        "{listed}"
    );
    assert!(listed["follow_ups_evicted"].as_u64() > Some(0), "{listed}");

    // 22 page loads in a new capture: the oldest two are evicted and counted.
    debug(&s, &["stop"]).await;
    debug(&s, &["start"]).await;
    for n in 1..=MAX_PAGE_LOADS + 2 {
        s.op(&["navigate", &format!("{page}?n={n}")]).await;
    }
    let pages = debug(&s, &["pages"]).await;
    let urls: Vec<String> = pages["pages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|p| p["url"].as_str().map(str::to_string))
        .collect();
    let expected: Vec<String> = (3..=MAX_PAGE_LOADS + 2)
        .map(|n| format!("{page}?n={n}"))
        .collect();
    assert_eq!(urls, expected, "{pages}");
    assert_eq!(pages["evicted"], 2, "{pages}");
    let run = debug(&s, &["status"]).await;
    let run = run
        .as_array()
        .and_then(|r| r.last())
        .cloned()
        .unwrap_or_default();
    assert_eq!(run["counters"]["pages_evicted"], 2, "{run}");
}
