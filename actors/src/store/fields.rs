//! The field chain: one field followed from the page before an operation, through the page right
//! after it, the bodies of the requests in its windows, to the next page load. Only exact,
//! unambiguous names in complete JSON or form bodies are joined; everything else stays unlinked
//! and says why. A join is evidence of equal names and values, never of cause.

use bsk_schema::capture::{BodyState, ChainValue, FieldChain, PageObservation, RequestRecord};
use serde_json::Value;

use super::Capture;
use super::windows::Placement;
use crate::bounds::{FIELD_CHAIN_REQUESTS, FIELD_CHAIN_SCALARS, MAX_FIELD_VALUE_CHARS};

/// Why a value is not linked.
mod unlinked {
    pub const NOT_RECORDED: &str = "not_recorded";
    /// No exact match of the name (a different name is never guessed).
    pub const NOT_FOUND: &str = "not_found";
    pub const ARRAY: &str = "array";
    pub const DUPLICATE: &str = "duplicate_name";
    pub const TRUNCATED: &str = "truncated_body";
    pub const MISSING: &str = "missing_body";
    pub const OMITTED: &str = "omitted";
    pub const NOT_SCALAR: &str = "not_scalar";
}

fn missing(reason: &str) -> ChainValue {
    ChainValue {
        value: None,
        request_id: None,
        page_id: None,
        unlinked: Some(reason.into()),
        intervening_operations: Vec::new(),
    }
}

fn value(value: String) -> ChainValue {
    let value = if value.chars().count() > MAX_FIELD_VALUE_CHARS {
        value.chars().take(MAX_FIELD_VALUE_CHARS).collect()
    } else {
        value
    };
    ChainValue {
        value: Some(value),
        request_id: None,
        page_id: None,
        unlinked: None,
        intervening_operations: Vec::new(),
    }
}

fn field_value(observation: Option<&PageObservation>, name: &str) -> ChainValue {
    let Some(observation) = observation else {
        return missing(unlinked::NOT_RECORDED);
    };
    match observation.fields.iter().find(|f| f.name == name) {
        Some(field) if field.omitted => missing(unlinked::OMITTED),
        Some(field) => value(field.value.clone().unwrap_or_default()),
        None => missing(unlinked::NOT_RECORDED),
    }
}

/// What a body says about `name`: a value, a reason, or nothing (the name is not there).
enum Lookup {
    Found(String),
    Unlinked(&'static str),
    Absent,
}

fn scalar_text(value: &Value) -> Option<String> {
    match value {
        Value::String(s) => Some(s.clone()),
        Value::Number(_) | Value::Bool(_) | Value::Null => Some(value.to_string()),
        _ => None,
    }
}

/// Finds `name` among the object keys of a JSON document, scanning at most
/// [`FIELD_CHAIN_SCALARS`] scalars.
fn lookup_json(document: &Value, name: &str) -> Lookup {
    let mut found: Vec<(&Value, bool)> = Vec::new();
    let mut scalars = 0;
    let mut stack = vec![(document, false)];
    while let Some((node, in_array)) = stack.pop() {
        match node {
            Value::Object(map) => {
                for (key, child) in map {
                    if key == name {
                        found.push((child, in_array));
                    }
                    stack.push((child, in_array));
                }
            }
            Value::Array(items) => stack.extend(items.iter().map(|item| (item, true))),
            _ => {
                scalars += 1;
                if scalars > FIELD_CHAIN_SCALARS {
                    break;
                }
            }
        }
    }
    match found.as_slice() {
        [] => Lookup::Absent,
        [(_, true)] => Lookup::Unlinked(unlinked::ARRAY),
        [(value, false)] => match scalar_text(value) {
            Some(text) => Lookup::Found(text),
            None if value.is_array() => Lookup::Unlinked(unlinked::ARRAY),
            None => Lookup::Unlinked(unlinked::NOT_SCALAR),
        },
        _ => Lookup::Unlinked(unlinked::DUPLICATE),
    }
}

fn decode_form(text: &str) -> String {
    percent_encoding::percent_decode_str(&text.replace('+', " "))
        .decode_utf8_lossy()
        .into_owned()
}

fn lookup_form(body: &str, name: &str) -> Lookup {
    let values: Vec<String> = body
        .split('&')
        .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
        .filter(|(key, _)| decode_form(key) == name)
        .map(|(_, value)| decode_form(value))
        .collect();
    match values.as_slice() {
        [] => Lookup::Absent,
        [value] => Lookup::Found(value.clone()),
        _ => Lookup::Unlinked(unlinked::DUPLICATE),
    }
}

fn lookup_body(body: &bsk_schema::capture::Body, name: &str) -> Lookup {
    match body.state {
        BodyState::Available => {}
        BodyState::Truncated => return Lookup::Unlinked(unlinked::TRUNCATED),
        BodyState::Empty => return Lookup::Absent,
        _ => return Lookup::Unlinked(unlinked::MISSING),
    }
    // A multipart body: its text parts by their exact names, like form fields.
    if let Some(parts) = &body.parts {
        let values: Vec<&str> = parts
            .iter()
            .filter(|p| p.name.as_deref() == Some(name) && p.filename.is_none())
            .filter_map(|p| p.value.as_deref())
            .collect();
        return match values.as_slice() {
            [] => Lookup::Absent,
            [value] => Lookup::Found((*value).to_string()),
            _ => Lookup::Unlinked(unlinked::DUPLICATE),
        };
    }
    let text = body.text.as_deref().unwrap_or_default();
    let mime = body
        .mime_type
        .as_deref()
        .unwrap_or_default()
        .to_ascii_lowercase();
    if mime.contains("x-www-form-urlencoded") {
        return lookup_form(text, name);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(document) if document.is_object() || document.is_array() => lookup_json(&document, name),
        _ => Lookup::Absent,
    }
}

/// The first request body (in window order) that links `name`; when none does, the reason a
/// body could not be searched, else `not_found`.
fn link_in_bodies<'a>(
    requests: &[&'a RequestRecord],
    name: &str,
    body: impl Fn(&'a RequestRecord) -> &'a bsk_schema::capture::Body,
) -> ChainValue {
    let mut reason = None;
    for request in requests {
        match lookup_body(body(request), name) {
            Lookup::Found(found) => {
                return ChainValue {
                    request_id: Some(request.id.clone()),
                    ..value(found)
                };
            }
            Lookup::Unlinked(why) => {
                if why == unlinked::DUPLICATE
                    || why == unlinked::ARRAY
                    || why == unlinked::NOT_SCALAR
                {
                    return ChainValue {
                        request_id: Some(request.id.clone()),
                        ..missing(why)
                    };
                }
                reason.get_or_insert((why, request.id.clone()));
            }
            Lookup::Absent => {}
        }
    }
    match reason {
        Some((why, request)) => ChainValue {
            request_id: Some(request),
            ..missing(why)
        },
        None => missing(unlinked::NOT_FOUND),
    }
}

impl Capture {
    /// The field chain of operation number `index`.
    pub(super) fn field_chain(&self, index: usize, now: u64) -> Vec<FieldChain> {
        let operation = &self.operations[index];
        let window = self.window_of(index, now);
        // The page as it loaded: the latest page-load observation before the operation.
        let original = self
            .pages
            .iter()
            .rev()
            .filter_map(|p| p.observation.as_ref())
            .find(|o| o.at < operation.started_at);
        let at_operation = operation.observation.as_ref();
        // The page just before the operation: the latest observation an earlier operation took
        // on it since it loaded. A click that submits a form and navigates is often observed
        // only on the next page, so its own observation may lack the form it submitted.
        let loaded_at = self
            .pages
            .iter()
            .rev()
            .map(|p| p.at)
            .find(|at| *at < operation.started_at)
            .unwrap_or(0);
        let before = self
            .operations
            .iter()
            .take(index)
            .rev()
            .flat_map(|o| o.follow_ups.iter().rev().chain(o.observation.as_ref()))
            .find(|o| o.at > loaded_at && o.at < operation.started_at);
        let observed = [at_operation, before, original];
        let requests: Vec<&RequestRecord> = self
            .requests
            .iter()
            .filter(|r| window.place(r.started_at) != Placement::Outside)
            .take(FIELD_CHAIN_REQUESTS)
            .collect();
        let after = operation.ended_at.unwrap_or(operation.started_at);
        let mut names: Vec<String> = Vec::new();
        for observation in observed.into_iter().flatten() {
            for field in &observation.fields {
                if !names.contains(&field.name) {
                    names.push(field.name.clone());
                }
            }
        }
        names
            .into_iter()
            .map(|name| {
                let omitted = observed
                    .into_iter()
                    .flatten()
                    .any(|o| o.fields.iter().any(|f| f.name == name && f.omitted));
                if omitted {
                    let none = missing(unlinked::OMITTED);
                    return FieldChain {
                        name,
                        original: none.clone(),
                        operation_time: none.clone(),
                        submitted: none.clone(),
                        response: none.clone(),
                        later: none,
                    };
                }
                let later = self
                    .pages
                    .iter()
                    .filter_map(|p| Some((p, p.observation.as_ref()?)))
                    .find(|(p, o)| p.at > after && o.fields.iter().any(|f| f.name == name));
                let later = match later {
                    Some((page, observation)) => ChainValue {
                        page_id: Some(page.id.clone()),
                        intervening_operations: self
                            .operations
                            .iter()
                            .filter(|o| {
                                o.id != operation.id
                                    && o.started_at > operation.started_at
                                    && o.started_at < page.at
                            })
                            .map(|o| o.id.clone())
                            .collect(),
                        ..field_value(Some(observation), &name)
                    },
                    None => missing(unlinked::NOT_RECORDED),
                };
                FieldChain {
                    original: field_value(original, &name),
                    operation_time: field_value(at_operation, &name),
                    submitted: link_in_bodies(&requests, &name, |r| &r.request_body),
                    response: link_in_bodies(&requests, &name, |r| &r.response_body),
                    later,
                    name,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn found(lookup: Lookup) -> Result<String, &'static str> {
        match lookup {
            Lookup::Found(v) => Ok(v),
            Lookup::Unlinked(why) => Err(why),
            Lookup::Absent => Err("absent"),
        }
    }

    #[test]
    fn json_joins_only_exact_unambiguous_scalar_names() {
        let body = json!({ "email": "a@b.c", "profile": { "name": "Ada" }, "tags": [{ "tag": "x" }], "dup": 1, "inner": { "dup": 2 }, "list": [1, 2] });
        assert_eq!(found(lookup_json(&body, "email")), Ok("a@b.c".into()));
        assert_eq!(found(lookup_json(&body, "name")), Ok("Ada".into()));
        assert_eq!(found(lookup_json(&body, "tag")), Err(unlinked::ARRAY));
        assert_eq!(found(lookup_json(&body, "dup")), Err(unlinked::DUPLICATE));
        assert_eq!(found(lookup_json(&body, "list")), Err(unlinked::ARRAY));
        assert_eq!(
            found(lookup_json(&body, "Email")),
            Err("absent"),
            "names are exact"
        );
    }

    #[test]
    fn forms_decode_and_refuse_repeated_names() {
        assert_eq!(
            found(lookup_form("user=bob&email=a%40b.c&note=hi+there", "email")),
            Ok("a@b.c".into())
        );
        assert_eq!(
            found(lookup_form("user=bob&note=hi+there", "note")),
            Ok("hi there".into())
        );
        assert_eq!(
            found(lookup_form("n%6Fte=a%2Bb+c%zz%C3%A9%4", "note")),
            Ok("a+b c%zzé%4".into()),
            "escapes decode after `+`; invalid and cut ones stay as they are"
        );
        assert_eq!(found(lookup_form("a=1&a=2", "a")), Err(unlinked::DUPLICATE));
        assert_eq!(found(lookup_form("a=1", "b")), Err("absent"));
    }

    /// "missing and truncated bodies remain unlinked".
    #[test]
    fn missing_and_truncated_bodies_stay_unlinked() {
        use bsk_schema::capture::{Body, BodyReason};
        let complete = Body {
            text: Some(r#"{"email":"a@b.c"}"#.into()),
            mime_type: Some("application/json".into()),
            ..Body::state(BodyState::Available, None)
        };
        assert_eq!(found(lookup_body(&complete, "email")), Ok("a@b.c".into()));
        let cut = Body {
            state: BodyState::Truncated,
            reason: Some(BodyReason::BodyLimit),
            ..complete.clone()
        };
        assert_eq!(found(lookup_body(&cut, "email")), Err(unlinked::TRUNCATED));
        for state in [
            BodyState::Pending,
            BodyState::Unavailable,
            BodyState::Omitted,
            BodyState::Evicted,
            BodyState::NotInEvent,
        ] {
            let gone = Body {
                state,
                ..complete.clone()
            };
            assert_eq!(
                found(lookup_body(&gone, "email")),
                Err(unlinked::MISSING),
                "{state:?}"
            );
        }
    }

    /// "Body field summaries are bounded to … 96 scalar fields": a name reached only after 96
    /// scalars is not searched for.
    #[test]
    fn a_body_is_searched_for_a_name_across_96_scalars_only() {
        let body =
            |scalars: usize| json!({ "later": { "email": "a@b.c" }, "first": vec![0; scalars] });
        assert_eq!(found(lookup_json(&body(96), "email")), Ok("a@b.c".into()));
        assert_eq!(found(lookup_json(&body(97), "email")), Err("absent"));
    }

    /// "… and 256 characters per value".
    #[test]
    fn a_linked_value_is_cut_at_256_characters() {
        let body = json!({ "note": "n".repeat(300) });
        let Lookup::Found(text) = lookup_json(&body, "note") else {
            panic!("found")
        };
        let linked = value(text);
        assert_eq!(linked.value.map(|v| v.chars().count()), Some(256));
    }

    /// "Body field summaries are bounded to 12 requests": the 13th request of a window is not
    /// searched.
    #[test]
    fn a_field_chain_searches_the_first_12_requests_of_its_windows() {
        use bsk_schema::capture::OperationSource;
        let submitted = |carrying: usize| {
            let mut c = crate::store::tests::capture();
            c.page_committed("http://a/page", 1_000);
            c.page_observed(observed(1_100, "http://a/page", &[("email", "a@b.c")]));
            let click = c.operation_started(OperationSource::Agent, "click", json!({}), 2_000);
            for n in 1..=13 {
                let data = if n == carrying {
                    json!({ "email": "a@b.c" })
                } else {
                    json!({ "other": n })
                };
                let params = json!({ "requestId": n.to_string(), "type": "Fetch",
                    "wallTime": (2_000 + n) as f64 / 1000.0,
                    "request": { "url": format!("http://a/api/{n}"), "method": "POST",
                        "postData": data.to_string(),
                        "headers": { "Content-Type": "application/json" } } });
                c.apply_network(
                    "TAB",
                    "S",
                    "Network.requestWillBeSent",
                    &params.to_string(),
                    2_000 + n as u64,
                );
            }
            c.operation_ended(&click, Ok("clicked".into()), 2_100);
            let chain = c.field_chain(0, 3_000);
            let email = chain.iter().find(|f| f.name == "email").expect("email");
            (
                email.submitted.request_id.clone(),
                email.submitted.unlinked.clone(),
            )
        };
        assert_eq!(submitted(12), (Some("r12".into()), None));
        assert_eq!(submitted(13), (None, Some(unlinked::NOT_FOUND.into())));
    }

    fn observed(at: u64, url: &str, fields: &[(&str, &str)]) -> PageObservation {
        PageObservation {
            title: None,
            at,
            url: url.into(),
            text: String::new(),
            text_truncated: false,
            text_source: "dom".into(),
            fields: fields
                .iter()
                .map(|(name, value)| bsk_schema::capture::FieldSnapshot {
                    name: (*name).into(),
                    form: None,
                    kind: "text".into(),
                    value: Some((*value).into()),
                    omitted: false,
                    truncated: false,
                })
                .collect(),
            candidates_scanned: fields.len() as u64,
            candidates_over_limit: false,
            unidentified: 0,
            fields_over_limit: 0,
        }
    }

    #[test]
    fn a_submit_observed_only_on_the_next_page_still_chains_the_form_it_submitted() {
        use bsk_schema::capture::OperationSource;
        let mut c = crate::store::tests::capture();
        let chain_of = |c: &Capture, id: &str, now: u64| {
            let index = c.operations.iter().position(|o| o.id == id);
            c.field_chain(index.expect("the operation"), now)
        };
        c.page_committed("http://a/page", 1_000);
        c.page_observed(observed(1_100, "http://a/page", &[("search", "")]));
        // A form inserted by script, then filled: the fill's observation has it.
        let fill = c.operation_started(OperationSource::Agent, "fill", json!({}), 2_000);
        c.operation_ended(&fill, Ok("filled".into()), 2_050);
        c.operation_observed(
            &fill,
            observed(2_060, "http://a/page", &[("search", ""), ("subject", "Hi")]),
        );
        // The submit navigated before its own observation was taken.
        let click = c.operation_started(OperationSource::Agent, "click", json!({}), 3_000);
        c.operation_ended(&click, Ok("clicked".into()), 3_050);
        c.operation_observed(&click, observed(3_200, "http://a/echo", &[]));
        let chain = chain_of(&c, &click, 4_000);
        let names: Vec<&str> = chain.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["search", "subject"], "{chain:?}");
        assert_eq!(
            chain[1].original.unlinked.as_deref(),
            Some(unlinked::NOT_RECORDED)
        );
        // An observation from before the page loaded is not the page the click found.
        c.page_committed("http://a/other", 5_000);
        let next = c.operation_started(OperationSource::Agent, "click", json!({}), 6_000);
        c.operation_ended(&next, Ok("clicked".into()), 6_050);
        let chain = chain_of(&c, &next, 7_000);
        assert!(chain.iter().all(|f| f.name != "subject"), "{chain:?}");
    }
}
