//! The checked-in JSON Schema files must match the Rust types. Run with `BSK_UPDATE_SCHEMA=1` to
//! rewrite them after changing a type.

use std::path::PathBuf;

#[test]
fn checked_in_schemas_are_current() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("json");
    let update = std::env::var_os("BSK_UPDATE_SCHEMA").is_some();
    let mut stale = Vec::new();
    for (name, schema) in bsk_schema::schemas() {
        let fresh = serde_json::to_string_pretty(&schema).expect("schema serializes") + "\n";
        let path = dir.join(name);
        let current = std::fs::read_to_string(&path).unwrap_or_default();
        if current != fresh {
            if update {
                std::fs::write(&path, &fresh).expect("write schema file");
            } else {
                stale.push(path.display().to_string());
            }
        }
    }
    // The extension's validator and types are generated from these files
    // (`npm run generate` in extension-tests); its tests fail until they are regenerated.
    assert!(
        stale.is_empty(),
        "stale schema files: {stale:?}; run `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-schema`, then \
         `npm run generate` in extension-tests"
    );
}

/// `docs/cli.md` prints the exit-code table; every code must sit on the row of its exit code.
#[test]
fn the_documented_exit_code_table_matches_the_code() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/cli.md");
    let text = std::fs::read_to_string(docs).expect("docs/cli.md");
    for code in bsk_schema::ErrorCode::ALL {
        let name = serde_json::to_value(code).expect("code serializes");
        let name = format!("`{}`", name.as_str().expect("a string"));
        let row = text
            .lines()
            .find(|line| line.starts_with('|') && line.contains(&name))
            .unwrap_or_else(|| panic!("docs/cli.md has no exit-code row for {name}"));
        assert!(
            row.starts_with(&format!("| {} |", code.exit_code())),
            "{name} is documented as `{row}`"
        );
    }
}

/// Every stop reason kind of the export schema carries its words, and `StopReason::kinds` lists
/// every kind: a new reason cannot reach the extension without words.
#[test]
fn every_stop_reason_kind_has_its_words_in_the_schema() {
    let (_, schema) = bsk_schema::schemas()
        .into_iter()
        .find(|(name, _)| *name == "export-document.schema.json")
        .expect("the export document schema");
    let variants = schema.as_value()["$defs"]["StopReason"]["oneOf"]
        .as_array()
        .expect("StopReason is a oneOf")
        .clone();
    let kinds = bsk_schema::capture::StopReason::kinds();
    assert_eq!(
        variants.len(),
        kinds.len(),
        "StopReason::kinds lists every kind"
    );
    for (variant, reason) in variants.iter().zip(&kinds) {
        assert_eq!(
            variant["properties"]["kind"]["const"],
            reason.kind().as_str()
        );
        assert_eq!(variant["x-words"], reason.words());
    }
}
