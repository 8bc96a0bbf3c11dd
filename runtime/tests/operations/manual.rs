//! Manual input as operations: typing bursts, clicks, submission and reload.

use std::sync::atomic::{AtomicBool, Ordering};

use serde_json::{Value, json};

use crate::common::evidence::{
    debug, id, manual, names, nth_final_request, operation, operations, typed,
};
use crate::common::manual::{KEY_GAP, Manual, centre, pass};
use crate::common::{TestBsk, WAIT, site, wait_for};
use crate::{AGENT_GRACE_MS, last_agent_end};

#[tokio::test(flavor = "multi_thread")]
async fn manual_typing_bursts_clicks_submit_and_reload_are_operations() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("ops-manual").await;
    let s = bsk.start_session().await;
    debug(&s, &["start"]).await;
    s.load(&site.url("/demo")).await;
    let name = centre(&s, "#name").await;
    let email = centre(&s, "#email").await;
    let save = centre(&s, "#save").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    let agent_ops = operations(&s).await.len();
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;

    // A click into the field.
    person.click(name).await;
    let clicked = wait_for("the manual click", WAIT, || async {
        manual(&operations(&s).await).into_iter().next()
    })
    .await;
    assert_eq!(clicked["name"], "click", "{clicked}");
    assert_eq!(clicked["state"], "completed", "{clicked}");
    assert_eq!(clicked["params"]["target"]["id"], "name", "{clicked}");

    // First burst: "Grace" in five quick keys, one operation with the final snapshot. The time
    // just before the last key is sent bounds the debounce from below.
    person.type_burst("Grac").await;
    tokio::time::sleep(KEY_GAP).await;
    let last_key = crate::common::manual::now_ms();
    person.key('e').await;
    // Second burst four debounces after the last key, typed without waiting for the first to
    // complete: a debounce much longer than 350 ms (1.4 s or more) would still be running and
    // merge the two into one operation.
    let debounce = bsk_actors::bounds::TYPING_DEBOUNCE.as_millis() as u64;
    pass(last_key + 4 * debounce).await;
    person.type_burst(" Hop").await;
    let both = wait_for("both bursts to complete", WAIT, || async {
        let ops = typed(&operations(&s).await);
        (ops.len() >= 2 && ops.iter().all(|o| o["state"] == "completed")).then_some(ops)
    })
    .await;
    assert_eq!(both.len(), 2, "two bursts, two operations: {both:#?}");
    let first = &both[0];
    assert_eq!(
        first["params"]["value"], "Grace",
        "the final snapshot: {first}"
    );
    assert_eq!(first["params"]["field"], "name", "{first}");
    assert_eq!(first["params"]["form"], "profile", "{first}");
    let typed_for = first["ended_at"].as_u64().unwrap_or_default()
        - first["started_at"].as_u64().unwrap_or_default();
    assert!(
        typed_for >= 4 * KEY_GAP.as_millis() as u64,
        "one operation spans the whole burst ({typed_for} ms): {first}"
    );
    let ended = first["ended_at"].as_u64().unwrap_or_default();
    assert!(
        ended + 1 >= last_key + debounce,
        "complete no sooner than the debounce after the last key (ended {ended}, last key {last_key}): {first}"
    );
    assert_eq!(both[1]["params"]["value"], "Grace Hop", "{both:#?}");

    // While keys keep coming the operation is running, its value the latest snapshot; once
    // they stop it completes.
    person.click(email).await;
    let done = AtomicBool::new(false);
    let watch = async {
        let running = wait_for("a running type operation for the email", WAIT, || async {
            typed(&operations(&s).await)
                .into_iter()
                .find(|o| o["params"]["field"] == "email" && o["state"] == "running")
        })
        .await;
        done.store(true, Ordering::SeqCst);
        running
    };
    let (running, keys) = tokio::join!(watch, person.type_until('z', &done));
    let value = running["params"]["value"].as_str().unwrap_or_default();
    assert!(
        !value.is_empty() && value.len() <= keys && value.chars().all(|c| c == 'z'),
        "a running snapshot is what was typed so far: {running}"
    );
    let completed = wait_for("the email typing to complete", WAIT, || async {
        operations(&s)
            .await
            .into_iter()
            .find(|o| o["id"] == running["id"] && o["state"] == "completed")
    })
    .await;
    assert_eq!(
        completed["params"]["value"],
        "z".repeat(keys),
        "the final snapshot: {completed}"
    );

    // A manual click on Save submits the form: a click, then a submit with the POST.
    person.click(save).await;
    let submit = wait_for("the manual submit", WAIT, || async {
        manual(&operations(&s).await)
            .into_iter()
            .find(|o| o["name"] == "submit")
    })
    .await;
    assert_eq!(submit["params"]["form"], "profile", "{submit}");
    let post = nth_final_request(&s, "POST", &site.url("/api/save"), 0).await;
    let detail = operation(&s, &id(&submit)).await;
    assert!(
        detail["immediate"]["requests"]
            .as_array()
            .is_some_and(|r| r.iter().any(|r| r["id"] == post["id"])),
        "the POST follows the manual submit: {detail}"
    );
    let sent = debug(
        &s,
        &[
            "request",
            &id(&post),
            "--part",
            "request",
            "--pointer",
            "/name",
        ],
    )
    .await;
    assert_eq!(sent["value"], "Grace Hop", "{sent}");

    // A reload from the browser, not from the agent.
    person.call("Page.reload", json!({})).await;
    let reload = wait_for("the manual reload", WAIT, || async {
        manual(&operations(&s).await)
            .into_iter()
            .find(|o| o["name"] == "reload")
    })
    .await;
    assert!(
        reload["params"]["url"]
            .as_str()
            .is_some_and(|u| u.ends_with("/demo")),
        "{reload}"
    );
    // The reload's own document request is in its window, not in the earlier operations'.
    let holds = |detail: &Value, window: &str, request: &Value| {
        detail[window]["requests"]
            .as_array()
            .is_some_and(|r| r.iter().any(|r| r["id"] == request["id"]))
    };
    let reloaded = nth_final_request(&s, "GET", &site.url("/demo"), 1).await;
    let detail = operation(&s, &id(&reload)).await;
    assert!(
        holds(&detail, "immediate", &reloaded),
        "the reload's GET /demo is in its immediate window: {reloaded}\n{detail}"
    );
    assert!(
        reload["started_at"].as_u64() <= reloaded["started_at"].as_u64(),
        "the reload began before its document request: {reload} {reloaded}"
    );
    for earlier in operations(&s)
        .await
        .iter()
        .filter(|o| o["id"] != reload["id"])
    {
        let detail = operation(&s, &id(earlier)).await;
        assert!(
            !holds(&detail, "immediate", &reloaded)
                && !holds(&detail, "possibly_related", &reloaded),
            "the reload's GET /demo is not another operation's: {detail}"
        );
    }

    // A URL the person typed: a navigation, with its document request in its window.
    person
        .call("Page.navigate", json!({ "url": site.url("/demo?typed=1") }))
        .await;
    let typed_url = wait_for("the manual navigation", WAIT, || async {
        manual(&operations(&s).await)
            .into_iter()
            .find(|o| o["name"] == "navigate")
    })
    .await;
    let document = nth_final_request(&s, "GET", &site.url("/demo?typed=1"), 0).await;
    let detail = operation(&s, &id(&typed_url)).await;
    assert!(
        holds(&detail, "immediate", &document),
        "the typed URL's document request is in its window: {document}\n{detail}"
    );

    let ops = operations(&s).await;
    assert_eq!(
        names(&ops[agent_ops..]),
        [
            "manual:click:completed",
            "manual:type:completed",
            "manual:type:completed",
            "manual:click:completed",
            "manual:type:completed",
            "manual:click:completed",
            "manual:submit:completed",
            "manual:reload:completed",
            "manual:navigate:completed",
        ],
        "{ops:#?}"
    );
    assert_eq!(ops[agent_ops + 3]["params"]["target"]["id"], "email");
    assert_eq!(ops[agent_ops + 5]["params"]["target"]["id"], "save");
    assert!(
        ops[..agent_ops].iter().all(|o| o["source"] == "agent"),
        "{:?}",
        names(&ops)
    );
}
