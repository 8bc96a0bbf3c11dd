//! A person's own tabs while a session captures: "Opening a user tab … does not authorize
//! capture", and "ordinary browsing adds no debug subscription or page reads".

use serde_json::{Value, json};

use crate::common::evidence::{debug, final_url, requests, start_capture};
use crate::common::manual::Manual;
use crate::common::{TestBsk, WAIT, open_user_tab, site, wait_for};

/// The browser's page targets as `Target.getTargets` reports them, from a connection that
/// attaches to none: `attached` is whether any client (bsk's daemon, its extension's debugger)
/// is attached to the target.
async fn page_targets(browser: &mut Manual) -> Vec<Value> {
    let targets = browser.send(None, "Target.getTargets", json!({})).await;
    targets["targetInfos"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|t| t["type"] == "page")
        .cloned()
        .collect()
}

/// The target `id` once it has been seen with `attached == want`; panics with the last
/// reading after [`WAIT`].
async fn target_once(browser: &mut Manual, id: &str, want: bool, what: &str) -> Value {
    let browser = tokio::sync::Mutex::new(browser);
    wait_for(
        &format!("{what}: target {id} with attached == {want}"),
        WAIT,
        || async {
            let mut browser = browser.lock().await;
            page_targets(&mut browser)
                .await
                .into_iter()
                .find(|t| t["targetId"] == id && t["attached"] == want)
        },
    )
    .await
}

/// O4: a tab the person opens while a session of the same browser captures gets nothing from
/// bsk: no client stays attached to it (so no Network or Log domain is enabled in it, and no
/// observer world is added), and none of its requests, before or after it loaded, reaches any
/// capture. A bsk that followed every new page, or kept the browser-wide auto-attach session of
/// a page it does not own, fails here; the session's own tab, attached and captured, is the
/// control.
#[tokio::test(flavor = "multi_thread")]
async fn a_user_tab_gets_no_attachment_observer_or_capture() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("user-tab").await;
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.load(&site.url("/ops?o4=session")).await;

    let user_url = site.url("/ops2?o4=user");
    let user_tab = open_user_tab(&bsk, &user_url).await;
    assert_eq!(site.request_count("/ops2?o4=user"), 1);
    // The person's page fetches once loaded, through a client of the person's own that then
    // leaves; and it has no observer world of bsk's.
    {
        let mut person = Manual::connect(&bsk, &user_tab).await;
        let fetched = person
            .call(
                "Runtime.evaluate",
                json!({
                    "expression": "fetch('/status/200?o4=user-fetch').then(r => r.status)",
                    "awaitPromise": true,
                    "returnByValue": true,
                }),
            )
            .await;
        assert_eq!(fetched["result"]["value"], 200, "{fetched}");
        let worlds = person.world_names().await;
        assert!(
            !worlds.iter().any(|(name, _)| name.starts_with("bsk")),
            "bsk's observer world is in a user tab: {worlds:?}"
        );
    }
    assert_eq!(site.request_count("/status/200?o4=user-fetch"), 1);

    let mut browser = Manual::browser(&bsk).await;
    let own = target_once(&mut browser, &s.tab, true, "the session's tab").await;
    assert_eq!(own["url"], site.url("/ops?o4=session").as_str(), "{own}");
    let user = target_once(
        &mut browser,
        &user_tab,
        false,
        "the user tab, once the person's own client left",
    )
    .await;
    assert_eq!(user["url"], user_url.as_str(), "{user}");

    // The capture goes on recording its own tab, and nothing of the user tab.
    assert_eq!(
        s.eval("fetch('/status/200?o4=session-fetch').then(r => r.status)")
            .await,
        200
    );
    let own_fetch = final_url(&s, &site.url("/status/200?o4=session-fetch")).await;
    assert_eq!(own_fetch["target_id"], s.tab.as_str(), "{own_fetch}");
    let captured = requests(&s).await;
    let leaked: Vec<&Value> = captured
        .iter()
        .filter(|r| {
            r["target_id"] == user_tab.as_str()
                || r["url"].as_str().is_some_and(|u| u.contains("o4=user"))
        })
        .collect();
    assert!(
        leaked.is_empty(),
        "the user tab's requests are in the session's capture: {leaked:#?}"
    );
    let export = debug(&s, &["export"]).await.to_string();
    assert!(
        !export.contains("o4=user") && !export.contains(&user_tab),
        "the export mentions the user tab: {export}"
    );
    // Still nobody attached, after the capture was read and its tab fetched again.
    let user = target_once(&mut browser, &user_tab, false, "the user tab, later").await;
    assert_eq!(user["url"], user_url.as_str(), "{user}");
}
