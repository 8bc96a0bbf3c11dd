//! Credential and payment fields: never recorded, one sensitive-field rule shared by the
//! observer and bsk, and a page that lies about its fields.

use serde_json::{Value, json};

use crate::common::evidence::{
    chain, debug, field, id, list, manual, operation, operations, typed,
};
use crate::common::manual::{Manual, centre, pass};
use crate::common::{Checked, TestBsk, WAIT, site, wait_for, wait_until};
use crate::{AGENT_GRACE_MS, last_agent_end};

const MANUAL_PASSWORD: &str = "MANUALPW7781";

const MANUAL_CARD: &str = "5555444433332222";

const AGENT_PASSWORD: &str = "AGENTPW9931";

/// The page's own initial values of its password and card fields.
const PAGE_SECRETS: [&str; 2] = ["SECRET_FIELD_555", "4111111111111111"];

#[tokio::test(flavor = "multi_thread")]
async fn password_and_card_values_are_never_recorded() {
    let site = site().await;
    let bsk = TestBsk::with_devtools_port("ops-secrets").await;
    let s = bsk.start_session().await;
    debug(&s, &["start"]).await;
    s.op(&["navigate", &site.url("/secrets-page")]).await;
    let password = centre(&s, "#password").await;
    let card = centre(&s, "#card-number").await;
    let mut person = Manual::connect(&bsk, &s.tab).await;
    pass(last_agent_end(&s).await + AGENT_GRACE_MS).await;

    person.click(password).await;
    person.type_burst(MANUAL_PASSWORD).await;
    person.click(card).await;
    person.type_burst(MANUAL_CARD).await;
    let manual_typing = wait_for("the manual typing to complete", WAIT, || async {
        let ops = typed(&operations(&s).await);
        let card_typed = ops.iter().any(|o| o["params"]["field"] == "card-number");
        (card_typed && ops.iter().all(|o| o["state"] == "completed")).then_some(ops)
    })
    .await;
    // Clicking a credential field that holds a typed value is recorded as a click, not the value.
    person.click(password).await;
    wait_until("the second click into the password field", WAIT, || async {
        let ops = manual(&operations(&s).await);
        ops.iter().filter(|o| o["name"] == "click").count() == 3
    })
    .await;
    s.op(&["fill", "#password", AGENT_PASSWORD]).await;
    // Only its length: an evaluate's expression and result are recorded as is.
    assert_eq!(
        s.eval("document.querySelector('#password').value.length")
            .await,
        AGENT_PASSWORD.len(),
        "the agent's fill reached the page"
    );
    let ops = operations(&s).await;
    let fill = ops
        .iter()
        .find(|o| o["name"] == "fill")
        .cloned()
        .unwrap_or_else(|| panic!("no fill: {ops:#?}"));
    // The page as the fill left it, observed before reading.
    wait_until("the fill's page observation", WAIT, || async {
        operation(&s, &id(&fill)).await["operation"]["observation"].is_object()
    })
    .await;

    // Recorded, but without values.
    assert_eq!(
        manual_typing.first().map(|o| o["params"]["field"].clone()),
        Some(json!("password")),
        "{manual_typing:#?}"
    );
    for op in &manual_typing {
        assert_eq!(op["params"]["omitted"], true, "{op}");
        assert!(op["params"]["value"].is_null(), "{op}");
    }
    assert_eq!(fill["params"]["value"], "[redacted]", "{fill}");
    let mut observations: Vec<Value> = Vec::new();
    let pages = debug(&s, &["pages"]).await;
    observations.extend(
        pages["pages"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|p| p.get("observation").cloned()),
    );
    for op in &ops {
        let detail = operation(&s, &id(op)).await;
        let op = &detail["operation"];
        observations.extend(op.get("observation").cloned());
        observations.extend(op["follow_ups"].as_array().cloned().unwrap_or_default());
        for name in ["password", "card-number"] {
            let chain = chain(&detail, name);
            for stage in [
                "original",
                "operation_time",
                "submitted",
                "response",
                "later",
            ] {
                assert_eq!(
                    chain[stage]["unlinked"], "omitted",
                    "{name} {stage}: {chain}"
                );
                assert!(chain[stage].get("value").is_none(), "{chain}");
            }
        }
    }
    assert!(observations.len() >= 3, "{observations:#?}");
    for observation in &observations {
        for name in ["password", "card-number"] {
            let snapshot =
                field(observation, name).unwrap_or_else(|| panic!("no {name}: {observation}"));
            assert_eq!(snapshot["omitted"], true, "{snapshot}");
            assert!(snapshot.get("value").is_none(), "{snapshot}");
        }
        let user = field(observation, "username").unwrap_or_else(|| panic!("{observation}"));
        assert_eq!(
            user["value"], "bob",
            "ordinary fields keep their value: {user}"
        );
    }

    // No read, in JSON or as text, holds any of the values.
    debug(&s, &["stop"]).await;
    let mut reads: Vec<(String, String)> = Vec::new();
    let mut every = vec![
        vec!["debug", "operations", "--limit", "100"],
        vec!["debug", "requests", "--all", "--limit", "100"],
        vec!["debug", "console", "--limit", "100"],
        vec!["debug", "pages"],
        vec!["debug", "status"],
        vec!["debug", "export"],
    ];
    let ids: Vec<String> = ops.iter().map(id).collect();
    every.extend(ids.iter().map(|o| vec!["debug", "operation", o.as_str()]));
    let requests: Vec<String> = list(&s, "requests").await.iter().map(id).collect();
    for request in &requests {
        for part in ["metadata", "request", "response"] {
            every.push(vec!["debug", "request", request, "--part", part]);
        }
    }
    for args in every {
        for json in [false, true] {
            let mut args = args.clone();
            if json {
                args.push("--json");
            }
            let out = s.run(&args).await.success();
            reads.push((
                format!("{args:?}"),
                format!("{}\n{}", out.stdout, out.stderr),
            ));
        }
    }
    // The page's own initial values are in its HTML (a retained response body), so they are
    // looked for only where the observer's snapshots end up.
    let export = debug(&s, &["export"]).await;
    for section in ["operations", "pages"] {
        reads.push((format!("export {section}"), export[section].to_string()));
    }
    let observer_reads = |what: &str| {
        what.starts_with("export ") || what.contains("\"operation") || what.contains("\"pages\"")
    };
    let mut leaked: Vec<String> = Vec::new();
    for (what, text) in &reads {
        let mut secrets = vec![MANUAL_PASSWORD, MANUAL_CARD, AGENT_PASSWORD];
        if observer_reads(what) {
            secrets.extend(PAGE_SECRETS);
        }
        for secret in secrets {
            if let Some(at) = text.find(secret) {
                let from = text[..at]
                    .char_indices()
                    .rev()
                    .nth(120)
                    .map_or(0, |(i, _)| i);
                let context: String = text[from..].chars().take(200).collect();
                leaked.push(format!("{secret} in {what}: …{context}…"));
            }
        }
    }
    assert!(
        leaked.is_empty(),
        "secrets recorded:\n{}",
        leaked.join("\n")
    );
}

/// The JavaScript the page observer runs decides each case of the hand-decided table
/// (`schema/fixtures/sensitive-fields/cases.json`) as the table says, in the page; the Rust rule
/// runs the same table in `actors/tests/model.rs`, and the extension's tests run it through the
/// real observer and `fill`. A drift in either language fails against the table, not against the
/// other language.
#[tokio::test(flavor = "multi_thread")]
async fn the_page_observers_sensitive_field_rule_decides_the_table_in_the_page() {
    use bsk_actors::model::redact::secret_field_js;
    let table: serde_json::Value = serde_json::from_str(include_str!(
        "../../../schema/fixtures/sensitive-fields/cases.json"
    ))
    .expect("the table is JSON");
    let cases = table["cases"].as_array().expect("cases");
    assert!(cases.len() >= 60, "{table}");
    let site = site().await;
    let bsk = TestBsk::new("ops-one-rule");
    let s = bsk.start_session().await;
    s.op(&["navigate", &site.url("/ops")]).await;
    let attributes: Vec<[&str; 4]> = cases
        .iter()
        .map(|c| {
            let a = |k: &str| c[k].as_str().unwrap_or_default();
            [a("type"), a("autocomplete"), a("name"), a("id")]
        })
        .collect();
    let expression = format!(
        "(() => {{ const secret = {}; return {}.map(([t, a, n, i]) => secret(t, a, n, i)); }})()",
        secret_field_js(),
        json!(attributes)
    );
    let in_page = s.eval(&expression).await;
    let wrong: Vec<String> = cases
        .iter()
        .zip(in_page.as_array().expect("one answer per case"))
        .filter(|(case, said)| case["secret"] != **said)
        .map(|(case, said)| format!("{}: the page's rule says {said}", case["case"]))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_that_lies_cannot_get_a_typed_password_recorded() {
    let site = site().await;
    let bsk = TestBsk::new("ops-lying-page");
    let s = bsk.start_session().await;
    bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    // The page patches what main-world scripts would use to decide or to find the field.
    s.eval(
        "(() => { document.body.insertAdjacentHTML('afterbegin', \
           '<input type=password id=pw name=pw><input id=decoy name=decoy>\
            <form action=\"/reset?token=Form-Secret-555\"><input name=who></form>'); \
         RegExp.prototype.test = () => false; \
         Object.defineProperty(HTMLInputElement.prototype, 'type', { get() { return 'text'; } }); \
         const decoy = document.getElementById('decoy'); \
         Document.prototype.querySelector = function () { return decoy; }; \
         return true; })()",
    )
    .await;
    s.op(&["fill", "#pw", "Typed-Secret-777"]).await;
    // (Checked without reading the value back: an `evaluate` that returns it would be the
    // agent's own choice to put it in evidence.)
    assert_eq!(
        s.eval(
            "[document.getElementById('pw').value.length, document.getElementById('decoy').value]"
        )
        .await,
        json!([16, ""]),
        "the real field got the text, not the page's decoy"
    );
    let operations = bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let fill = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == "fill")
        .cloned()
        .unwrap_or_default();
    assert_eq!(fill["params"]["value"], "[redacted]", "{fill}");
    // A form known by its action URL: the field's form identity is redacted as a URL.
    s.op(&["fill", "[name=who]", "bob"]).await;
    let export = bsk.ok(&["debug", "export", "--session", &s.id]).await;
    assert!(
        !export.stdout.contains("Typed-Secret-777"),
        "the typed password leaked"
    );
    assert!(
        export.stdout.contains("/reset?token=[redacted]"),
        "the form's identity is missing from the observations"
    );
    assert!(
        !export.stdout.contains("Form-Secret-555"),
        "a form's action URL leaked its token"
    );
}
