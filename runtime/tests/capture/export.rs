//! The export document: its schema checked in and current, and operations linked to their
//! requests in a complete export.

use serde_json::{Value, json};

use crate::common::evidence::{debug, final_url, id, start_capture};
use crate::common::{Checked, TestBsk, WAIT, site, wait_until};

fn export_schema_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../schema/json/export-document.schema.json")
}

/// The export document's schema as the schema crate writes it (annotations included).
fn generated_export_schema() -> Value {
    let (_, schema) = bsk_schema::schemas()
        .into_iter()
        .find(|(name, _)| *name == "export-document.schema.json")
        .expect("the export document's schema");
    serde_json::to_value(schema).expect("the generated schema is JSON")
}

/// The checked-in schema when there is one, else the one generated from the Rust type.
fn export_schema() -> Value {
    match std::fs::read_to_string(export_schema_path()) {
        Ok(text) => serde_json::from_str(&text).expect("the export schema file is JSON"),
        Err(_) => generated_export_schema(),
    }
}

#[test]
fn the_export_document_schema_is_checked_in_and_current() {
    let path = export_schema_path();
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "{} is missing ({e}): the export document has no checked-in JSON Schema",
            path.display()
        )
    });
    let checked_in: Value = serde_json::from_str(&text).expect("the schema file is JSON");
    let generated = generated_export_schema();
    assert_eq!(checked_in, generated, "{} is stale", path.display());
}

#[tokio::test(flavor = "multi_thread")]
async fn operations_link_to_their_requests_and_the_export_is_complete() {
    let site = site().await;
    let bsk = TestBsk::new("cap-export");
    let s = bsk.start_session().await;
    let run_id = start_capture(&s, &s.tab, &["--name", "Save fails"]).await;
    s.op(&["navigate", &site.url("/demo")]).await;
    wait_until("the demo's profile fetch", WAIT, || async {
        s.eval("window.__profileLoaded").await == true
    })
    .await;
    s.op(&["fill", "#name", "Ada"]).await;
    s.op(&["fill", "#email", "ada@example.com"]).await;
    s.op(&["click", "#save"]).await;
    // An agent observes after almost every step: `observe` only reads the page, so it is no
    // operation and leaves the click's window open to its 1.5 s end.
    s.op(&["observe"]).await;
    let save = final_url(&s, &site.url("/api/save")).await;
    assert_eq!(save["method"], "POST", "{save}");

    let operations = debug(&s, &["operations"]).await;
    let items = operations["items"].as_array().cloned().unwrap_or_default();
    // Waiting for the profile fetch evaluated once or more.
    let names: Vec<&str> = items
        .iter()
        .filter_map(|o| o["name"].as_str())
        .filter(|n| *n != "evaluate")
        .collect();
    assert_eq!(names, ["navigate", "fill", "fill", "click"], "{operations}");
    assert!(items.iter().all(|o| o["source"] == "agent"), "{operations}");
    let click = items.last().cloned().unwrap_or_default();
    assert_eq!(click["state"], "completed", "{click}");
    assert!(click["immediate_requests"].as_u64() >= Some(1), "{click}");
    let detail = debug(&s, &["operation", &id(&click)]).await;
    assert_eq!(detail["operation"]["id"], click["id"], "{detail}");
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
    let (from, until) = (
        detail["immediate"]["from"].as_u64().unwrap_or_default(),
        detail["immediate"]["until"].as_u64().unwrap_or_default(),
    );
    let started = save["started_at"].as_u64().unwrap_or_default();
    assert!(
        from <= started && started < until,
        "{from} ≤ {started} < {until}: {detail}"
    );
    let email_fill = items
        .iter()
        .find(|o| o["name"] == "fill" && o["params"]["target"] == "#email")
        .unwrap_or_else(|| panic!("no fill of #email: {operations}"));
    let fill_detail = debug(&s, &["operation", &id(email_fill)]).await;
    assert!(
        !fill_detail["immediate"]["requests"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|r| r["id"] == save["id"]),
        "the fill's window ends when the click starts: {fill_detail}"
    );
    let human = s.run(&["debug", "operation", &id(&click)]).await.success();
    assert!(human.stdout.contains("/api/save"), "{human:#?}");

    let stopped = debug(&s, &["stop"]).await;
    assert_eq!(stopped["state"], "stopped");

    // The export: version 1, every section, bodies and headers included.
    let raw = s.run(&["debug", "export"]).await.success();
    let document: Value = serde_json::from_str(&raw.stdout)
        .unwrap_or_else(|e| panic!("debug export is not JSON ({e}): {}", raw.stdout));
    // A stopped capture no longer changes: the two exports differ only in when they were saved.
    let mut with_json = debug(&s, &["export"]).await;
    with_json["saved_at"] = document["saved_at"].clone();
    assert_eq!(
        document, with_json,
        "--json and plain export print the same document"
    );
    // --output writes the same document to a file only the user can read.
    let file = bsk.home.join("export.json");
    s.run(&["debug", "export", "--output", &file.to_string_lossy()])
        .await
        .success();
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file)
            .expect("written")
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, 0o600);
    }
    let mut written: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("read")).expect("JSON");
    written["saved_at"] = document["saved_at"].clone();
    assert_eq!(written, document, "--output holds what stdout prints");
    assert_eq!(document["version"], 1);
    let saved_at = document["saved_at"].as_u64().unwrap_or_default();
    assert!(saved_at >= document["run"]["started_at"].as_u64().unwrap_or(u64::MAX));
    assert_eq!(document["run"]["run_id"], run_id.as_str());
    assert_eq!(document["run"]["name"], "Save fails");
    assert_eq!(document["run"]["stop_reason"], json!({"kind": "stopped"}));
    for section in ["requests", "operations", "console", "pages"] {
        assert!(
            document[section].as_array().is_some_and(|a| !a.is_empty()),
            "export section {section}: {document}"
        );
    }
    // Each operation lists the ids in its windows, so the document stands alone.
    let exported_click = document["operations"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["id"] == click["id"])
        .cloned()
        .unwrap_or_default();
    assert!(
        exported_click["windows"]["immediate"]["requests"]
            .as_array()
            .is_some_and(|ids| ids.contains(&save["id"])),
        "{exported_click}"
    );
    assert_eq!(
        exported_click["windows"]["immediate"]["from"], detail["immediate"]["from"],
        "{exported_click}"
    );
    let exported = document["requests"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|r| r["id"] == save["id"])
        .cloned()
        .unwrap_or_else(|| panic!("POST /api/save missing from the export"));
    assert!(
        exported["request_headers"]["entries"]
            .as_array()
            .is_some_and(|e| e.iter().any(|h| h[0]
                .as_str()
                .is_some_and(|n| n.eq_ignore_ascii_case("content-type")))),
        "{exported}"
    );
    assert!(
        exported["response_headers"]["entries"]
            .as_array()
            .is_some_and(|e| !e.is_empty()),
        "{exported}"
    );
    let sent: Value =
        serde_json::from_str(exported["request_body"]["text"].as_str().unwrap_or("null"))
            .unwrap_or_default();
    assert_eq!(
        sent,
        json!({"name": "Ada", "email": "ada@example.com", "plan": "free"})
    );
    let answered: Value =
        serde_json::from_str(exported["response_body"]["text"].as_str().unwrap_or("null"))
            .unwrap_or_default();
    assert_eq!(answered, json!({"ok": true, "id": 42}));
    assert_eq!(
        document["operations"].as_array().map(Vec::len),
        Some(items.len()),
        "{document}"
    );
    assert!(
        document["console"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|c| c["text"].as_str().is_some_and(|t| t.starts_with("saving"))),
        "{}",
        document["console"]
    );
    assert!(
        document["pages"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|p| p["url"] == site.url("/demo").as_str() && p["loaded_at"].is_u64()),
        "{}",
        document["pages"]
    );
    assert!(
        document["user_agent"]
            .as_str()
            .is_some_and(|ua| ua.contains("Chrome"))
    );

    // It is an ExportDocument, and valid against the export schema.
    let typed: bsk_schema::capture::ExportDocument = serde_json::from_value(document.clone())
        .unwrap_or_else(|e| panic!("the export is not an ExportDocument: {e}"));
    assert_eq!(typed.version, 1);
    let schema = export_schema();
    for key in schema["required"].as_array().into_iter().flatten() {
        let key = key.as_str().unwrap_or_default();
        assert!(document.get(key).is_some(), "required key {key} missing");
    }
    let validator = jsonschema::validator_for(&schema).expect("the export schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&document)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "the export violates its schema:\n{}",
        errors.join("\n")
    );
}

/// `value` read as `T` and written again is `value`: every field the CLI printed has its type.
fn round_trips<T: serde::de::DeserializeOwned + serde::Serialize>(what: &str, value: &Value) {
    let typed: T = serde_json::from_value(value.clone())
        .unwrap_or_else(|e| panic!("{what}: not the type it promises: {e}\n{value:#}"));
    let again = serde_json::to_value(&typed).expect("encodes");
    assert_eq!(
        &again, value,
        "{what}: a field was lost or added in the round trip"
    );
}

/// Every debug action's answer crosses from the store to the CLI typed: the daemon tags it by
/// its kind, the client decodes it by that tag, and what `--json` prints reads back as the
/// action's own type with nothing lost, one action (and part, and format) at a time.
#[tokio::test(flavor = "multi_thread")]
async fn every_debug_action_crosses_typed_from_the_store_to_the_cli() {
    use bsk_schema::capture::{
        ConsoleEntry, ExportDocument, RequestSummary, RunInfo, TrafficSummary,
    };
    use bsk_schema::debug::*;
    let site = site().await;
    let bsk = TestBsk::new("typed-reads");
    let s = bsk.start_session().await;
    let started = debug(&s, &["start", "--name", "typed"]).await;
    round_trips::<RunInfo>("start", &started);
    s.load(&site.url("/ops")).await;
    s.eval(
        "fetch('/echo?typed=1', {method: 'POST', headers: {'content-type': 'application/json'}, \
         body: JSON.stringify({plan: 'pro'})}).then(r => r.text()).then(() => console.warn('typed'))",
    )
    .await;
    let requests = crate::common::wait_for("the echo and its body", WAIT, || async {
        let page = debug(&s, &["requests"]).await;
        let id = page["items"].as_array()?.iter().find_map(|r| {
            (r["url"].as_str()?.contains("/echo?typed=1")
                && r["response_body"]["state"] != "pending")
                .then(|| r["id"].as_str().map(str::to_string))
                .flatten()
        })?;
        Some((page, id))
    })
    .await;
    let (page, id) = requests;
    round_trips::<ListPage<RequestSummary>>("requests", &page);
    for part in [
        "metadata", "headers", "timing", "request", "response", "all",
    ] {
        let read = debug(&s, &["request", &id, "--part", part]).await;
        match part {
            "metadata" => round_trips::<RequestMetadata>(part, &read),
            "headers" => round_trips::<RequestHeaders>(part, &read),
            "timing" => round_trips::<RequestTiming>(part, &read),
            "all" => round_trips::<RequestWhole>(part, &read),
            _ => round_trips::<BodyRead>(part, &read),
        }
    }
    round_trips::<RequestChain>("chain", &debug(&s, &["request", &id, "--chain"]).await);
    let pointer = debug(
        &s,
        &["request", &id, "--part", "request", "--pointer", "/plan"],
    )
    .await;
    round_trips::<BodyRead>("pointer", &pointer);
    round_trips::<ListPage<ConsoleEntry>>("console", &debug(&s, &["console"]).await);
    round_trips::<PagesResult>("pages", &debug(&s, &["pages"]).await);
    let operations = debug(&s, &["operations"]).await;
    round_trips::<ListPage<OperationSummary>>("operations", &operations);
    let first = operations["items"][0]["id"].as_str().expect("an operation");
    round_trips::<OperationDetail>("operation", &debug(&s, &["operation", first]).await);
    round_trips::<ListPage<SearchItem>>("search", &debug(&s, &["search", "plan"]).await);
    round_trips::<TrafficSummary>("summary", &debug(&s, &["summary"]).await);
    round_trips::<ProblemsResult>("problems", &debug(&s, &["problems"]).await);
    round_trips::<ExportDocument>("export", &debug(&s, &["export"]).await);
    round_trips::<bsk_schema::har::Har>("har", &debug(&s, &["export", "--format", "har"]).await);
    let file = bsk.home.join("typed.json");
    let written = debug(&s, &["export", "--output", file.to_str().expect("utf-8")]).await;
    round_trips::<Written>("written", &written);
    round_trips::<Vec<RunInfo>>("status", &debug(&s, &["status"]).await);
    round_trips::<RunInfo>("stop", &debug(&s, &["stop"]).await);
}
