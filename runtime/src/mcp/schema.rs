//! The schemas `bsk mcp` declares, made small and portable.
//!
//! Input schemas are generated from the `bsk_schema::mcp` argument types, then reduced to what
//! every MCP client understands: no `$ref` (definitions are inlined), no `type` arrays (an
//! optional argument is simply not required), no boolean subschemas, enums as `enum` lists, and
//! no number formats. Output schemas are small on purpose: the top-level keys of every result
//! shape the tool can answer, each with its type where all shapes agree. The full result types
//! are in `schema/json/` (named in each description), and a test validates real results against
//! them, so the small declaration never hides a drift.

use serde_json::{Map, Value};

/// Makes a generated input schema portable (see the module doc).
pub fn portable_input(schema: schemars::Schema) -> Map<String, Value> {
    let mut value = self_contained(schema);
    simplify(&mut value);
    let mut map = match value {
        Value::Object(map) => map,
        _ => Map::new(),
    };
    map.remove("title");
    map.remove("$schema");
    map
}

/// A small output schema: an object whose listed properties are the top-level keys of every
/// result shape `schema` allows (an untagged union of result types and the error body).
pub fn small_output(schema: schemars::Schema, full: &str) -> Map<String, Value> {
    let value = self_contained(schema);
    let mut properties: Map<String, Value> = Map::new();
    let mut kinds: std::collections::BTreeMap<String, Option<String>> = Default::default();
    let mut shapes = Vec::new();
    collect_shapes(&value, &mut shapes);
    for shape in shapes {
        let Some(props) = shape.get("properties").and_then(Value::as_object) else {
            continue;
        };
        for (key, prop) in props {
            let kind = simple_type(prop);
            match kinds.get_mut(key) {
                None => {
                    kinds.insert(key.clone(), kind);
                }
                Some(existing) => {
                    if *existing != kind {
                        *existing = None;
                    }
                }
            }
        }
    }
    // Only keys of one JSON type are declared: an untyped property says nothing a client can
    // check (the Inspector warns about each), and undeclared keys are allowed as they are.
    for (key, kind) in kinds {
        if let Some(kind) = kind {
            properties.insert(key, type_schema(kind));
        }
    }
    let mut map = Map::new();
    map.insert("type".into(), "object".into());
    map.insert(
        "description".into(),
        format!("Full shape: {full} in bsk's schema/json/.").into(),
    );
    map.insert("properties".into(), Value::Object(properties));
    map
}

/// The schema with its `$defs` inlined where they are referred to, and gone.
fn self_contained(schema: schemars::Schema) -> Value {
    let mut value = schema.to_value();
    let defs = value
        .as_object_mut()
        .and_then(|root| root.remove("$defs"))
        .unwrap_or(Value::Null);
    inline_refs(&mut value, &defs);
    value
}

fn empty() -> Value {
    Value::Object(Map::new())
}

fn type_schema(kind: String) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), kind.into());
    Value::Object(map)
}

/// The object shapes of a union (`anyOf`/`oneOf` branches, flattened `allOf` parts included).
fn collect_shapes<'a>(value: &'a Value, shapes: &mut Vec<&'a Value>) {
    let Some(map) = value.as_object() else {
        return;
    };
    let mut branched = false;
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(branches) = map.get(key).and_then(Value::as_array) {
            branched = true;
            for branch in branches {
                collect_shapes(branch, shapes);
            }
        }
    }
    if map.contains_key("properties") || !branched {
        shapes.push(value);
    }
}

/// The JSON type a property always has, when it has exactly one (a property that may be
/// `null` has none: its value is not checked).
fn simple_type(prop: &Value) -> Option<String> {
    prop.get("type")?.as_str().map(str::to_string)
}

/// Replaces every `{"$ref": "#/$defs/X"}` with definition X (recursively; a definition that
/// refers to itself is cut to an empty schema at the second level).
fn inline_refs(value: &mut Value, defs: &Value) {
    inline(value, defs, &mut Vec::new());
}

fn inline(value: &mut Value, defs: &Value, seen: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::String(reference)) = map.get("$ref") {
                let name = reference.trim_start_matches("#/$defs/").to_string();
                let mut target = if seen.contains(&name) {
                    empty()
                } else {
                    defs.get(&name).cloned().unwrap_or_else(empty)
                };
                seen.push(name);
                inline(&mut target, defs, seen);
                seen.pop();
                map.remove("$ref");
                // Keywords beside the reference (a description, a default) win.
                if let Value::Object(target) = target {
                    for (key, item) in target {
                        map.entry(key).or_insert(item);
                    }
                }
            }
            for item in map.values_mut() {
                inline(item, defs, seen);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| inline(item, defs, seen)),
        _ => {}
    }
}

/// `type: [X, "null"]` → `type: X`; `anyOf: [S, {type: null}]` → S; a `oneOf` of constants
/// → `enum`; `true` subschemas → `{}`; number formats and `nullable` dropped.
fn simplify(value: &mut Value) {
    let Value::Object(map) = value else {
        if let Value::Array(items) = value {
            items.iter_mut().for_each(simplify);
        }
        return;
    };
    if let Some(Value::Array(kinds)) = map.get("type") {
        let kinds: Vec<Value> = kinds.iter().filter(|k| *k != "null").cloned().collect();
        if kinds.len() == 1 {
            map.insert("type".into(), kinds[0].clone());
        }
    }
    for key in ["anyOf", "oneOf"] {
        let Some(Value::Array(branches)) = map.get(key) else {
            continue;
        };
        let kept: Vec<Value> = branches
            .iter()
            .filter(|b| b.get("type").and_then(Value::as_str) != Some("null"))
            .cloned()
            .collect();
        if kept.len() == 1 && kept.len() < branches.len() {
            map.remove(key);
            if let Value::Object(only) = &kept[0] {
                for (k, v) in only {
                    map.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
        } else if !kept.is_empty()
            && kept
                .iter()
                .all(|b| b.get("const").is_some() || b.get("enum").is_some_and(Value::is_array))
        {
            // Unit variants: with doc comments they come as constants, without as one `enum`.
            let values: Vec<Value> = kept
                .iter()
                .flat_map(|b| match (b.get("const"), b.get("enum")) {
                    (Some(one), _) => vec![one.clone()],
                    (None, Some(Value::Array(many))) => many.clone(),
                    _ => Vec::new(),
                })
                .collect();
            let kind = kept[0].get("type").cloned();
            map.remove(key);
            map.insert("enum".into(), Value::Array(values));
            if let Some(kind) = kind {
                map.entry("type").or_insert(kind);
            }
        }
    }
    let numeric = map.get("format").and_then(Value::as_str).is_some_and(|f| {
        f.starts_with("uint") || f.starts_with("int") || f == "double" || f == "float"
    });
    if numeric {
        map.remove("format");
    }
    map.remove("nullable");
    // Doc comments wrap at 100 columns; a description is one paragraph.
    if let Some(Value::String(description)) = map.get_mut("description") {
        *description = description.replace('\n', " ");
    }
    // A default of `null` says nothing an optional property does not.
    if map.get("default") == Some(&Value::Null) {
        map.remove("default");
    }
    for item in map.values_mut() {
        if *item == Value::Bool(true) {
            *item = empty();
        }
        simplify(item);
    }
}

/// Where a schema breaks a portability rule: `type` arrays, boolean subschemas or `$ref`s.
/// Empty when it is portable.
#[cfg(test)]
pub fn portability_problems(value: &Value, at: &str) -> Vec<String> {
    let mut problems = Vec::new();
    check(value, at, &mut problems);
    problems
}

#[cfg(test)]
fn check(value: &Value, at: &str, problems: &mut Vec<String>) {
    let Value::Object(map) = value else {
        return;
    };
    if map.get("type").is_some_and(Value::is_array) {
        problems.push(format!("{at}: a type array"));
    }
    if map.contains_key("$ref") {
        problems.push(format!("{at}: a $ref"));
    }
    for (key, item) in map {
        let here = format!("{at}/{key}");
        match item {
            Value::Bool(_) if is_subschema_key(key) => {
                problems.push(format!("{here}: a boolean subschema"));
            }
            Value::Object(children) if key == "properties" || key == "$defs" => {
                for (name, child) in children {
                    if child.is_boolean() {
                        problems.push(format!("{here}/{name}: a boolean subschema"));
                    }
                    check(child, &format!("{here}/{name}"), problems);
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    if child.is_boolean() && is_subschema_key(key) {
                        problems.push(format!("{here}/{i}: a boolean subschema"));
                    }
                    check(child, &format!("{here}/{i}"), problems);
                }
            }
            other => check(other, &here, problems),
        }
    }
}

/// Keywords whose value is a subschema (so a boolean there is a boolean subschema).
#[cfg(test)]
fn is_subschema_key(key: &str) -> bool {
    matches!(
        key,
        "items"
            | "additionalProperties"
            | "not"
            | "if"
            | "then"
            | "else"
            | "contains"
            | "propertyNames"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            | "anyOf"
            | "oneOf"
            | "allOf"
            | "prefixItems"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn optional_fields_lose_their_null_and_refs_are_inlined() {
        #[derive(schemars::JsonSchema)]
        #[allow(dead_code)]
        struct Args {
            /// How many.
            limit: Option<usize>,
            part: Option<Part>,
            value: Option<serde_json::Value>,
        }
        #[derive(schemars::JsonSchema)]
        #[serde(rename_all = "snake_case")]
        #[allow(dead_code)]
        enum Part {
            /// The first.
            Metadata,
            Response,
        }
        let schema = Value::Object(portable_input(schemars::schema_for!(Args)));
        assert_eq!(portability_problems(&schema, ""), Vec::<String>::new());
        assert_eq!(schema["properties"]["limit"]["type"], "integer");
        assert_eq!(schema["properties"]["limit"].get("format"), None);
        let mut parts: Vec<String> = schema["properties"]["part"]["enum"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect();
        parts.sort();
        assert_eq!(parts, ["metadata", "response"]);
        assert_eq!(schema["properties"]["value"], json!({}));
        assert!(schema.get("$defs").is_none());
    }

    #[test]
    fn the_check_finds_each_kind_of_problem() {
        let bad = json!({
            "type": "object",
            "properties": { "a": { "type": ["string", "null"] }, "b": true, "c": { "$ref": "#/$defs/C" } },
            "additionalProperties": false
        });
        let problems = portability_problems(&bad, "");
        assert_eq!(problems.len(), 4, "{problems:?}");
    }
}
