//! The agent flow: evidence windows, the field chain through request and reload, a business
//! error, and no manual duplicates of agent input.

use serde_json::{Value, json};

use crate::common::evidence::{
    chain, debug, id, manual, names, nth_final_request, operation, operations,
};
use crate::common::manual::pass;
use crate::common::{TestBsk, WAIT, site, wait_for};

#[tokio::test(flavor = "multi_thread")]
async fn agent_save_links_fields_through_request_and_reload_without_manual_duplicates() {
    let site = site().await;
    let bsk = TestBsk::new("ops-agent");
    let s = bsk.start_session().await;
    debug(&s, &["start", "--name", "agent flow"]).await;
    let demo = site.url("/demo");
    let save_url = site.url("/api/save");
    const EMAIL: &str = "ada@example.com";

    s.op(&["navigate", &demo]).await;
    s.op(&["fill", "#name", "Ada Lovelace"]).await;
    s.op(&["fill", "#email", EMAIL]).await;
    s.op(&["select", "#plan", "pro"]).await;
    // Past the page's settling (its observation is retaken up to 2 s after load, for fields
    // that scripts fill): the page as it loaded is recorded before the click.
    let pages = debug(&s, &["pages"]).await;
    let loaded_at = pages["pages"][0]["loaded_at"]
        .as_u64()
        .unwrap_or_else(|| panic!("the demo page has loaded: {pages}"));
    pass(loaded_at + 2_500).await;
    s.op(&["click", "#save"]).await;
    let save = nth_final_request(&s, "POST", &save_url, 0).await;
    s.op(&["reload", "--wait-until", "networkidle"]).await;

    let ops = operations(&s).await;
    let agent: Vec<&str> = ops.iter().filter_map(|o| o["name"].as_str()).collect();
    assert_eq!(
        agent,
        ["navigate", "fill", "fill", "select", "click", "reload"],
        "{ops:#?}"
    );
    let (click, reload) = (&ops[4], &ops[5]);

    // The reload's settled page shows the saved email (the site prefills it after load).
    let detail = wait_for(
        "the reload's page load to supply the later email",
        WAIT,
        || async {
            let detail = operation(&s, &id(click)).await;
            (chain(&detail, "email")["later"]["value"] == EMAIL).then_some(detail)
        },
    )
    .await;
    assert_eq!(detail["operation"]["state"], "completed", "{detail}");
    let immediate = detail["immediate"]["requests"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(
        immediate
            .iter()
            .any(|r| r["id"] == save["id"] && r["method"] == "POST"),
        "POST /api/save in the click's immediate window: {detail}"
    );

    let email = chain(&detail, "email");
    let original = email.clone();
    assert_eq!(email["operation_time"]["value"], EMAIL, "{email}");
    assert_eq!(
        (
            email["submitted"]["value"].clone(),
            email["submitted"]["request_id"].clone()
        ),
        (json!(EMAIL), save["id"].clone()),
        "submitted in the POST body: {email}"
    );
    // The response, {"ok":true,"id":42}, has no email: unlinked, and no value is invented.
    assert_eq!(email["response"]["unlinked"], "not_found", "{email}");
    assert!(email["response"].get("value").is_none(), "{email}");
    let pages = debug(&s, &["pages"]).await;
    let reload_page = pages["pages"]
        .as_array()
        .and_then(|p| p.last())
        .cloned()
        .unwrap_or_else(|| panic!("no page loads: {pages}"));
    assert!(
        reload_page["at"].as_u64() > reload["started_at"].as_u64(),
        "the last page load is the reload's: {pages}"
    );
    assert_eq!(email["later"]["page_id"], reload_page["id"], "{email}");
    assert_eq!(
        email["later"]["intervening_operations"],
        json!([id(reload)]),
        "the reload happened between the click and the later load: {email}"
    );
    let plan = chain(&detail, "plan");
    assert_eq!(
        (
            plan["operation_time"]["value"].clone(),
            plan["submitted"]["value"].clone()
        ),
        (json!("pro"), json!("pro")),
        "{plan}"
    );
    let name = chain(&detail, "name");
    assert_eq!(name["submitted"]["value"], "Ada Lovelace", "{name}");

    // The agent's own trusted input reached the page observer: suppressed and counted, never
    // recorded as manual operations.
    for (op, what) in [(&ops[1], "fill"), (&ops[2], "fill"), (click, "click")] {
        assert!(
            op["suppressed_manual_events"].as_u64() > Some(0),
            "the {what}'s input events were suppressed: {op}"
        );
    }
    assert!(
        reload["suppressed_manual_events"].as_u64() > Some(0),
        "the reload's navigation report was suppressed: {reload}"
    );
    assert_eq!(manual(&ops), Vec::<Value>::new(), "{:?}", names(&ops));

    // A rejected save: HTTP 200, the business error in the body.
    s.op(&["fill", "#email", "taken@example.com"]).await;
    let taken_click = s.op(&["click", "#save"]).await;
    assert!(taken_click["summary"].is_string(), "{taken_click}");
    let taken = nth_final_request(&s, "POST", &save_url, 1).await;
    assert_eq!(taken["status"], 200, "{taken}");
    let code = debug(
        &s,
        &[
            "request",
            &id(&taken),
            "--part",
            "response",
            "--pointer",
            "/error/code",
        ],
    )
    .await;
    assert_eq!(code["value"], "EMAIL_TAKEN", "{code}");
    let ops = operations(&s).await;
    let last = ops.last().cloned().unwrap_or_default();
    assert_eq!(
        (last["source"].clone(), last["name"].clone()),
        (json!("agent"), json!("click")),
        "{:?}",
        names(&ops)
    );
    let detail = operation(&s, &id(&last)).await;
    let email = chain(&detail, "email");
    assert_eq!(
        (
            email["submitted"]["value"].clone(),
            email["submitted"]["request_id"].clone()
        ),
        (json!("taken@example.com"), taken["id"].clone()),
        "{email}"
    );
    assert_eq!(manual(&ops), Vec::<Value>::new(), "{:?}", names(&ops));

    // The page as it loaded had an empty email (no profile was saved yet); the agent's fills
    // came later and must not become the "original" value.
    assert_eq!(
        original["original"]["value"], "",
        "the original value is the page as loaded, not the agent's fill: {original}"
    );
}
