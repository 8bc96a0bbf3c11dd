//! The checked-in JSON Schema files must match the Rust types. Run with `BSK_UPDATE_SCHEMA=1` to
//! rewrite them after changing a type.

use std::path::PathBuf;

#[test]
fn checked_in_schemas_are_current() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("json");
    let update = std::env::var_os("BSK_UPDATE_SCHEMA").is_some();
    let mut stale = Vec::new();
    for (name, schema) in bsk_schema::schemas() {
        let path = dir.join(name);
        let fresh = serde_json::to_string_pretty(&schema).expect("schema serializes") + "\n";
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current != fresh {
            if update {
                std::fs::write(&path, fresh).expect("write schema file");
            } else {
                stale.push(name);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "stale schema files under schema/json: {stale:?}; run `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-schema`"
    );
}

#[test]
fn every_error_code_has_a_documented_exit_code() {
    for code in bsk_schema::ErrorCode::ALL {
        assert!((1..=4).contains(&code.exit_code()), "{code:?}");
    }
}
