//! How bsk names what an operation acted on and the emulation in force: the Rust types against
//! the fixture table the extension's evidence page runs too
//! (`schema/fixtures/names/cases.json`, `extension-tests/unit/names.test.js`).

use bsk_schema::capture::{ActedOn, OperationRecord};
use bsk_schema::emulation::Emulation;
use serde_json::{Value, json};

fn table() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/names/cases.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).expect("the table is JSON")
}

fn cases<'a>(table: &'a Value, kind: &str) -> &'a [Value] {
    let cases = table[kind]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    assert!(!cases.is_empty(), "the table has {kind}");
    cases
}

#[test]
fn elements_are_named_as_the_table_says() {
    let table = table();
    for case in cases(&table, "elements") {
        let element: ActedOn = serde_json::from_value(case["element"].clone())
            .unwrap_or_else(|e| panic!("{}: {e}", case["case"]));
        assert_eq!(element.label(), case["label"], "{}", case["case"]);
    }
}

#[test]
fn operations_are_named_as_the_table_says() {
    let table = table();
    for case in cases(&table, "operations") {
        let mut record = json!({
            "id": "o1", "revision": 1, "source": "agent", "params": {}, "state": "completed",
            "started_at": 1_000,
        });
        for (key, value) in case["operation"].as_object().into_iter().flatten() {
            record[key] = value.clone();
        }
        let operation: OperationRecord =
            serde_json::from_value(record).unwrap_or_else(|e| panic!("{}: {e}", case["case"]));
        assert_eq!(operation.label(), case["label"], "{}", case["case"]);
    }
}

#[test]
fn emulations_are_named_as_the_table_says() {
    let table = table();
    for case in cases(&table, "emulations") {
        let emulation: Emulation = serde_json::from_value(case["emulation"].clone())
            .unwrap_or_else(|e| panic!("{}: {e}", case["case"]));
        assert_eq!(emulation.label(), case["label"], "{}", case["case"]);
    }
}
