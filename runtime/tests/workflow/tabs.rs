//! Tabs and frames: a session drives only its own tabs and returns borrowed ones; click and fill
//! reach into same-origin and cross-site iframes.

use serde_json::{Value, json};

use crate::common::snapshot::{ref_in, subtree, text_starting};
use crate::common::{TestBsk, WAIT, site, wait_for, wait_until};

#[tokio::test(flavor = "multi_thread")]
async fn click_and_fill_reach_into_same_origin_and_cross_site_iframes() {
    let site = site().await;
    let bsk = TestBsk::new("frames");
    let s = bsk.start_session().await;

    s.op(&["navigate", &site.url("/iframe-host")]).await;
    let snapshot = wait_for("both frames in the snapshot", WAIT, || async {
        let snapshot = s.observe().await;
        (snapshot.contains("heading \"Inner frame same\"")
            && snapshot.contains("heading \"Inner frame cross\""))
        .then_some(snapshot)
    })
    .await;
    let same = subtree(&snapshot, "Iframe \"Same-origin frame\"");
    let cross = subtree(&snapshot, "Iframe \"Cross-site frame\"");
    assert!(
        same.iter().any(|l| l.contains("Inner frame same"))
            && !same.iter().any(|l| l.contains("Inner frame cross"))
    );
    assert!(cross.iter().any(|l| l.contains("Inner frame cross")));
    let (same_button, same_input) = (
        ref_in(&same, "button \"Inner button\""),
        ref_in(&same, "textbox"),
    );
    let (cross_button, cross_input) = (
        ref_in(&cross, "button \"Inner button\""),
        ref_in(&cross, "textbox"),
    );
    let main_title_line = snapshot
        .lines()
        .find(|l| l.contains("heading \"Host\""))
        .expect("main heading");
    assert!(
        !main_title_line.starts_with("    "),
        "main frame content is not nested: {main_title_line:?}"
    );

    s.op(&["click", &cross_button]).await;
    s.op(&["fill", &cross_input, "cross text"]).await;
    s.op(&["click", &same_button]).await;
    s.op(&["click", &same_button]).await;
    s.op(&["fill", &same_input, "same text"]).await;

    // The same-origin frame is reachable from the main frame: check its own state.
    assert_eq!(
        s.eval("document.getElementById('same').contentWindow.__events")
            .await,
        json!(["click", "click", "input:same text"]),
        "clicks on the cross-site frame must not land in the same-origin one"
    );
    // The cross-site one is not (the browser forbids it); observe shows what happened in it.
    let denied = s
        .fail(&[
            "evaluate",
            "document.getElementById('cross').contentWindow.__events.length",
        ])
        .await;
    assert_eq!(denied["code"], "invalid_input", "{denied}");
    let after = s.observe().await;
    let same = subtree(&after, "Iframe \"Same-origin frame\"");
    let cross = subtree(&after, "Iframe \"Cross-site frame\"");
    assert_eq!(
        text_starting(&cross, "Clicks:").as_deref(),
        Some("Clicks: 1"),
        "{after}"
    );
    assert!(
        cross
            .iter()
            .any(|l| l.contains("textbox") && l.contains("value=\"cross text\"")),
        "{after}"
    );
    assert_eq!(
        text_starting(&same, "Clicks:").as_deref(),
        Some("Clicks: 2"),
        "{after}"
    );
    assert!(
        same.iter()
            .any(|l| l.contains("textbox") && l.contains("value=\"same text\"")),
        "{after}"
    );
    // Main-frame selectors do not see inside frames.
    let missed = s.fail(&["click", "#inner-btn"]).await;
    assert_eq!(missed["code"], "not_found", "{missed}");

    // The demo page's cross-site frame (b.localhost).
    s.load(&site.url("/demo")).await;
    let demo = wait_for("the demo frame in the snapshot", WAIT, || async {
        let snapshot = s.observe().await;
        snapshot
            .contains("heading \"Inner frame demo\"")
            .then_some(snapshot)
    })
    .await;
    let frame = subtree(&demo, "Iframe \"Inner frame\"");
    s.op(&["click", &ref_in(&frame, "button \"Inner button\"")])
        .await;
    s.op(&["fill", &ref_in(&frame, "textbox"), "typed in b.localhost"])
        .await;
    let demo_after = s.observe().await;
    let frame = subtree(&demo_after, "Iframe \"Inner frame\"");
    assert_eq!(
        text_starting(&frame, "Clicks:").as_deref(),
        Some("Clicks: 1"),
        "{demo_after}"
    );
    assert!(
        frame
            .iter()
            .any(|l| l.contains("value=\"typed in b.localhost\"")),
        "{demo_after}"
    );
    // The main form was not touched.
    assert_eq!(
        s.eval("['name', 'email'].map(id => document.getElementById(id).value)")
            .await,
        json!(["", ""])
    );
    assert!(site.request_count("/frame/inner?id=demo") >= 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn sessions_drive_only_their_own_tabs_and_return_borrowed_ones() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("ownership").await;
    let a = bsk.start_session().await;
    let b = bsk.start_session().await;

    // Another session's tab is off limits, to drive or to borrow.
    let denied = a.fail_on(&b.tab, &["click", "#btn"]).await;
    assert_eq!(
        (denied["code"].clone(), denied["exit_code"].clone()),
        (json!("permission_denied"), json!(1)),
        "{denied}"
    );
    assert!(
        denied["message"]
            .as_str()
            .is_some_and(|m| m.contains(&b.id)),
        "{denied}"
    );
    let denied = bsk
        .fail(&["tab", "borrow", &b.tab, "--session", &a.id])
        .await;
    assert_eq!(denied["code"], "permission_denied", "{denied}");
    let not_borrowed = bsk
        .fail(&["tab", "return", &a.tab, "--session", &a.id])
        .await;
    assert_eq!(not_borrowed["code"], "invalid_input", "{not_borrowed}");

    // A tab the person opens in their browser belongs to no session: a user tab.
    a.op(&["navigate", &site.url("/ops")]).await;
    let popup_url = site.url("/ops2");
    crate::common::open_user_tab(&bsk, &popup_url).await;
    let user_tab = wait_for("the popup as a user tab", WAIT, || async {
        let tabs = bsk.json(&["tab", "list"]).await;
        tabs.as_array()
            .into_iter()
            .flatten()
            .find(|t| t["url"] == popup_url.as_str())
            .filter(|t| t["ownership"] == "user" && t.get("session").is_none())
            .and_then(|t| t["tab_id"].as_str().map(str::to_string))
    })
    .await;
    let human = bsk.ok(&["tab", "list"]).await.stdout;
    assert!(
        human
            .lines()
            .any(|l| l.starts_with(&user_tab) && l.contains("  user  ")),
        "{human}"
    );

    let unborrowed = a.fail_on(&user_tab, &["click", "#back"]).await;
    assert_eq!(unborrowed["code"], "permission_denied", "{unborrowed}");
    assert!(
        unborrowed["hint"]
            .as_str()
            .is_some_and(|h| h.contains("tab borrow")),
        "{unborrowed}"
    );

    // Borrow it, then drive it with --tab-id.
    let borrowed = bsk
        .json(&["tab", "borrow", &user_tab, "--session", &a.id])
        .await;
    assert_eq!(
        (borrowed["ownership"].clone(), borrowed["session"].clone()),
        (json!("borrowed"), json!(a.id))
    );
    let denied = bsk
        .fail(&["tab", "borrow", &user_tab, "--session", &b.id])
        .await;
    assert_eq!(denied["code"], "permission_denied", "{denied}");
    let denied = b.fail_on(&user_tab, &["evaluate", "1"]).await;
    assert_eq!(denied["code"], "permission_denied", "{denied}");

    assert_eq!(a.eval_on(&user_tab, "location.pathname").await, "/ops2");
    a.op_on(&user_tab, &["click", "#back"]).await;
    wait_until("the borrowed tab to follow its link", WAIT, || async {
        a.eval_on(&user_tab, "location.pathname").await == "/ops"
    })
    .await;
    a.op_on(&user_tab, &["click", "#btn"]).await;
    assert_eq!(
        a.eval_on(&user_tab, "window.__events").await,
        json!(["click"])
    );
    assert_eq!(
        a.eval("window.__events").await,
        json!([]),
        "the session's own tab was not clicked"
    );

    let sessions = bsk.json(&["session", "list"]).await;
    let info = sessions
        .as_array()
        .into_iter()
        .flatten()
        .find(|s| s["id"] == a.id.as_str())
        .expect("a listed");
    let owned: Vec<(Value, Value)> = info["tabs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|t| (t["tab_id"].clone(), t["ownership"].clone()))
        .collect();
    assert_eq!(
        owned,
        vec![
            (json!(a.tab), json!("created")),
            (json!(user_tab), json!("borrowed"))
        ]
    );

    // Stopping the session closes the tab it created and hands the borrowed one back, open.
    let stopped = bsk.json(&["session", "stop", &a.id]).await;
    assert_eq!(
        stopped,
        json!({ "stopped": [a.id], "returned_tabs": [user_tab] })
    );
    let tabs = wait_for("the created tab to close", WAIT, || async {
        let tabs = bsk.json(&["tab", "list"]).await;
        let open = tabs
            .as_array()
            .into_iter()
            .flatten()
            .any(|t| t["tab_id"] == a.tab.as_str());
        (!open).then_some(tabs)
    })
    .await;
    let returned = tabs
        .as_array()
        .into_iter()
        .flatten()
        .find(|t| t["tab_id"] == user_tab.as_str());
    let returned = returned.unwrap_or_else(|| panic!("the returned tab was closed: {tabs}"));
    assert_eq!(returned["ownership"], "user", "{returned}");
    assert!(returned.get("session").is_none(), "{returned}");
    assert_eq!(returned["url"], site.url("/ops").as_str());

    // It kept its page: another session can borrow it and finds the click still there.
    bsk.json(&["tab", "borrow", &user_tab, "--session", &b.id])
        .await;
    assert_eq!(
        b.eval_on(&user_tab, "document.getElementById('count').textContent")
            .await,
        "1"
    );
    let handed_back = bsk
        .json(&["tab", "return", &user_tab, "--session", &b.id])
        .await;
    assert_eq!(handed_back["ownership"], "user");
    let after_return = b.fail_on(&user_tab, &["evaluate", "1"]).await;
    assert_eq!(after_return["code"], "permission_denied", "{after_return}");
}
