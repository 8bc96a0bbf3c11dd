//! The fixture table shared with the extension's JavaScript (`schema/fixtures/`): export
//! documents, the HAR bsk writes for each, and searches with their results. The extension's
//! `harFromRecord` and `searchRecord` run the same table (`extension-tests/unit/fixtures.test.js`),
//! so the two implementations cannot drift. `BSK_UPDATE_FIXTURES=1` rewrites the expected outputs
//! from the Rust side after a deliberate change; review the diff.

use std::path::{Path, PathBuf};

use bsk_actors::model::har;
use bsk_actors::store::search::{Search, search_records};
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
