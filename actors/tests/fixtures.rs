//! The fixture table shared with the extension's JavaScript (`schema/fixtures/`): export
//! documents, the HAR bsk writes for each, searches with their results, and evidence windows. The
//! extension's `harFromRecord`, `searchRecord` and `placeEvidence` run the same table
//! (`extension-tests/unit/fixtures.test.js`), so the two implementations cannot drift.
//! `BSK_UPDATE_FIXTURES=1` rewrites the expected HARs and search results from the Rust side after
//! a deliberate change; review the diff. The windows table states the spec and is written by hand.

use std::path::{Path, PathBuf};

use bsk_actors::model::har;
use bsk_actors::store::search::{Search, search_records};
use bsk_actors::store::windows::{Placement, evidence_window, is_folded};
use bsk_schema::capture::ExportDocument;
use bsk_schema::debug::SearchScope;
use serde_json::Value;

/// The creator version both sides write into fixture HARs.
const CREATOR_VERSION: &str = "fixture";

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../schema/fixtures")
}

fn updating() -> bool {
    std::env::var_os("BSK_UPDATE_FIXTURES").is_some()
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn write_json(path: &Path, value: &Value) {
    let text = serde_json::to_string_pretty(value).expect("serializes") + "\n";
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

fn record(name: &str) -> ExportDocument {
    let path = fixtures().join("records").join(format!("{name}.json"));
    serde_json::from_value(read_json(&path)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn record_names() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(fixtures().join("records"))
        .expect("schema/fixtures/records")
        .filter_map(|entry| {
            let name = entry.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(".json").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no fixture records");
    names
}

#[test]
fn har_of_each_fixture_record_is_the_checked_in_one() {
    let mut differ = Vec::new();
    for name in record_names() {
        let har = serde_json::to_value(har::from_export(&record(&name), CREATOR_VERSION))
            .expect("HAR serializes");
        let path = fixtures().join("har").join(format!("{name}.har.json"));
        if updating() {
            write_json(&path, &har);
        } else if read_json(&path) != har {
            differ.push(name);
        }
    }
    assert!(
        differ.is_empty(),
        "HAR differs from schema/fixtures/har/ for {differ:?} (BSK_UPDATE_FIXTURES=1 rewrites)"
    );
}

#[test]
fn search_cases_find_what_the_table_says() {
    let path = fixtures().join("search/cases.json");
    let mut cases = read_json(&path);
    let mut differ = Vec::new();
    for (i, case) in cases
        .as_array_mut()
        .expect("an array of cases")
        .iter_mut()
        .enumerate()
    {
        let doc = record(case["record"].as_str().expect("record"));
        let scopes: Vec<SearchScope> =
            serde_json::from_value(case.get("scopes").cloned().unwrap_or(Value::Array(vec![])))
                .expect("scopes");
        let search = Search::new(
            case["query"].as_str().expect("query"),
            case["regex"].as_bool().unwrap_or(false),
            &scopes,
        )
        .expect("a valid search");
        let items = serde_json::to_value(search_records(
            &search,
            &doc.requests,
            &doc.console,
            &doc.pages,
        ))
        .expect("items serialize");
        if updating() {
            case["items"] = items;
        } else if case.get("items") != Some(&items) {
            differ.push(i);
        }
    }
    if updating() {
        write_json(&path, &cases);
    }
    assert!(
        differ.is_empty(),
        "search results differ from schema/fixtures/search/cases.json for cases {differ:?}"
    );
}

/// Each case's windows as the store computes them: an operation's window capped by the next
/// operation's start and by stop (`Capture::window_of`), requests and console entries placed by
/// their start, folded requests counted apart (`Capture::operation_detail`).
fn windows_of(case: &Value) -> Value {
    let number = |v: &Value| v.as_u64();
    let operations = case["operations"].as_array().expect("operations");
    let requests = case["requests"].as_array().expect("requests");
    let console = case["console"].as_array().expect("console");
    let windows = operations.iter().enumerate().map(|(i, op)| {
        let window = evidence_window(
            number(&op["started_at"]).expect("started_at"),
            number(&op["ended_at"]),
            operations
                .get(i + 1)
                .and_then(|next| number(&next["started_at"])),
            number(&case["stopped_at"]),
            number(&case["now"]).expect("now"),
        );
        let part = |placement: Placement, from: u64, until: u64| {
            let placed = |items: &[Value], at: &str| -> Vec<Value> {
                items
                    .iter()
                    .filter(|item| window.place(number(&item[at]).expect("a time")) == placement)
                    .cloned()
                    .collect()
            };
            let (folded, listed): (Vec<Value>, Vec<Value>) =
                placed(requests, "started_at").into_iter().partition(|r| {
                    let failing = r["state"] == "failed"
                        || r["status"].as_u64().is_some_and(|status| status >= 400);
                    is_folded(
                        r["url"].as_str().expect("url"),
                        r["resource_type"].as_str(),
                        failing,
                    )
                });
            let ids = |items: Vec<Value>| -> Vec<Value> {
                items.into_iter().map(|item| item["id"].clone()).collect()
            };
            serde_json::json!({
                "from": from,
                "until": until,
                "requests": ids(listed),
                "folded": ids(folded),
                "console": ids(placed(console, "at")),
            })
        };
        serde_json::json!({
            "operation": op["id"],
            "immediate": part(Placement::Immediate, window.start, window.immediate_end),
            "possibly_related": part(
                Placement::PossiblyRelated,
                window.immediate_end,
                window.related_end,
            ),
        })
    });
    Value::Array(windows.collect())
}

#[test]
fn evidence_windows_hold_what_the_table_says() {
    let table = read_json(&fixtures().join("windows/cases.json"));
    let cases = table["cases"].as_array().expect("an array of cases");
    assert!(cases.len() >= 5, "the windows table has cases");
    let differ: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let computed = windows_of(case);
            (computed != case["windows"]).then(|| {
                format!(
                    "{}: computed {computed}",
                    case["name"].as_str().unwrap_or("?")
                )
            })
        })
        .collect();
    assert!(
        differ.is_empty(),
        "evidence windows differ from schema/fixtures/windows/cases.json:\n{}",
        differ.join("\n")
    );
}
