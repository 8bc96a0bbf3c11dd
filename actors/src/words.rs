//! The words a person reads for a body's state and reason, and the bounds the extension's pages
//! name, generated once from here into `extension/lib/generated/` (a test fails while the
//! checked-in files differ; `BSK_UPDATE_SCHEMA=1` rewrites them, as for the JSON schemas). The
//! person's pages say "characters" for the spec's UTF-16 code units.

use bsk_schema::capture::{BodyReason, BodyState};

use crate::bounds as b;

/// "64 Ki" for 65,536: binary sizes as the spec writes them.
fn ki(units: usize) -> String {
    if units.is_multiple_of(1024 * 1024) {
        format!("{} Mi", units / (1024 * 1024))
    } else if units.is_multiple_of(1024) {
        format!("{} Ki", units / 1024)
    } else {
        units.to_string()
    }
}

/// Seconds as a person reads them: "2.5 s", "15 s".
fn seconds(duration: std::time::Duration) -> String {
    let ms = duration.as_millis();
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{} s", ms as f64 / 1000.0)
    }
}

/// A body state in words, with what it means where that is not plain.
pub fn body_state(state: BodyState) -> String {
    match state {
        BodyState::Pending => "pending — asked for, not yet answered".into(),
        BodyState::Available => "available".into(),
        BodyState::Empty => "empty — the browser reported no body".into(),
        BodyState::Truncated => "truncated".into(),
        BodyState::Unavailable => "unavailable".into(),
        BodyState::Omitted => "omitted".into(),
        BodyState::Evicted => format!(
            "evicted — dropped to stay within the text budget of {} characters per capture",
            ki(b::MAX_CAPTURE_TEXT_UNITS)
        ),
        BodyState::NotInEvent => {
            "not in event — the request event carried no POST data and none could be fetched".into()
        }
    }
}

/// Why a body is not (wholly) there, in words.
pub fn body_reason(reason: BodyReason) -> String {
    match reason {
        BodyReason::Binary => "binary".into(),
        BodyReason::Multipart => "multipart content".into(),
        BodyReason::OversizedStructured => "oversized structured body".into(),
        BodyReason::Saturated => format!("the body queue ({}) was full", b::BODY_FETCH_QUEUE),
        BodyReason::MissingBrowserBuffer => "the browser no longer had the body".into(),
        BodyReason::Deadline => format!(
            "the browser did not answer within {}",
            seconds(b::BODY_FETCH_DEADLINE)
        ),
        BodyReason::CaptureStopped => "capture stopped before the body arrived".into(),
        BodyReason::RequestFailed => "the request failed or never finished loading".into(),
        BodyReason::BodyLimit => format!(
            "over the body limit of {} characters",
            ki(b::MAX_BODY_UNITS)
        ),
        BodyReason::CaptureBudget => format!(
            "over the text budget of {} characters per capture",
            ki(b::MAX_CAPTURE_TEXT_UNITS)
        ),
        BodyReason::ReadFailed => {
            "bsk failed while reading it (an internal error, in the daemon log)".into()
        }
        BodyReason::Streaming => {
            "a stream (server-sent events) that had not ended: what arrived is counted".into()
        }
        BodyReason::WorkerNotCaptured => {
            "a worker's script, finished on the worker, which this capture does not record (bsk debug start --workers does)"
                .into()
        }
    }
}

const STATES: [BodyState; 8] = [
    BodyState::Pending,
    BodyState::Available,
    BodyState::Empty,
    BodyState::Truncated,
    BodyState::Unavailable,
    BodyState::Omitted,
    BodyState::Evicted,
    BodyState::NotInEvent,
];

const REASONS: [BodyReason; 13] = [
    BodyReason::Binary,
    BodyReason::Multipart,
    BodyReason::OversizedStructured,
    BodyReason::Saturated,
    BodyReason::MissingBrowserBuffer,
    BodyReason::Deadline,
    BodyReason::CaptureStopped,
    BodyReason::RequestFailed,
    BodyReason::BodyLimit,
    BodyReason::CaptureBudget,
    BodyReason::ReadFailed,
    BodyReason::Streaming,
    BodyReason::WorkerNotCaptured,
];

/// The bounds the extension's pages name, by the name they use there.
fn bounds() -> Vec<(&'static str, serde_json::Value)> {
    use serde_json::json;
    vec![
        ("maxRequests", json!(b::MAX_REQUESTS)),
        ("maxConsole", json!(b::MAX_CONSOLE_ENTRIES)),
        ("textBudget", json!(ki(b::MAX_CAPTURE_TEXT_UNITS))),
        ("bodyLimit", json!(ki(b::MAX_BODY_UNITS))),
        ("bodyQueue", json!(b::BODY_FETCH_QUEUE)),
        ("bodyFetchers", json!(b::BODY_FETCH_CONCURRENCY)),
        ("bodyDeadline", json!(seconds(b::BODY_FETCH_DEADLINE))),
        ("immediateWindow", json!(seconds(b::IMMEDIATE_WINDOW))),
        (
            "possiblyRelatedWindow",
            json!(seconds(b::POSSIBLY_RELATED_WINDOW)),
        ),
        ("maxIframeTargets", json!(b::MAX_IFRAME_TARGETS)),
        ("maxWorkerTargets", json!(b::MAX_WORKER_TARGETS)),
        ("maxFields", json!(b::MAX_FIELDS)),
        ("maxPageTextChars", json!(b::MAX_PAGE_TEXT_CHARS)),
        ("maxRoutes", json!(crate::store::summary::MAX_ROUTES)),
        ("maxPictures", json!(b::MAX_PICTURES)),
        ("staticTypes", json!(crate::store::windows::STATIC_TYPES)),
    ]
}

/// `extension/lib/generated/words.js`: the body words and the bounds, as ES module constants.
pub fn extension_module() -> String {
    let object = |pairs: Vec<(String, serde_json::Value)>| {
        let map: serde_json::Map<String, serde_json::Value> = pairs.into_iter().collect();
        serde_json::to_string_pretty(&map).unwrap_or_default()
    };
    let name = |value: serde_json::Value| value.as_str().unwrap_or_default().to_string();
    let states = object(
        STATES
            .iter()
            .map(|s| (name(serde_json::json!(s)), body_state(*s).into()))
            .collect(),
    );
    let reasons = object(
        REASONS
            .iter()
            .map(|r| (name(serde_json::json!(r)), body_reason(*r).into()))
            .collect(),
    );
    let bounds = object(
        bounds()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    );
    format!(
        "// Generated from actors/src/words.rs and actors/src/bounds.rs by `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-actors`;\n\
         // do not edit.\n\
         // @ts-check\n\
         \n\
         /** Every body state, in the words a person reads. @type {{Readonly<Record<string, string>>}} */\n\
         export const BODY_STATES = Object.freeze({states});\n\
         \n\
         /** Every body reason, in words. @type {{Readonly<Record<string, string>>}} */\n\
         export const BODY_REASONS = Object.freeze({reasons});\n\
         \n\
         /** The bounds the pages name: counts as numbers, sizes and times as they are read. */\n\
         export const BOUNDS = Object.freeze({bounds});\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A new state or reason must be in the lists the module is generated from: each list is
    /// checked against the schema's own enumeration.
    #[test]
    fn every_state_and_reason_has_words() {
        let schema: serde_json::Value = serde_json::from_str(include_str!(
            "../../schema/json/export-document.schema.json"
        ))
        .expect("the export schema");
        let listed = |def: &str| -> Vec<String> {
            let def = &schema["$defs"][def];
            let values = def["enum"].as_array().cloned().unwrap_or_else(|| {
                def["oneOf"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .flat_map(|v| match v.get("const") {
                        Some(one) => vec![one.clone()],
                        None => v["enum"].as_array().cloned().unwrap_or_default(),
                    })
                    .collect()
            });
            values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        };
        let ours = |values: Vec<serde_json::Value>| -> Vec<String> {
            values
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        };
        assert_eq!(
            listed("BodyState"),
            ours(STATES.iter().map(|s| serde_json::json!(s)).collect())
        );
        assert_eq!(
            listed("BodyReason"),
            ours(REASONS.iter().map(|r| serde_json::json!(r)).collect())
        );
    }

    #[test]
    fn the_extensions_words_are_current() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../extension/lib/generated/words.js");
        let fresh = extension_module();
        if std::env::var_os("BSK_UPDATE_SCHEMA").is_some() {
            std::fs::write(&path, &fresh).expect("write words.js");
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            checked_in == fresh,
            "extension/lib/generated/words.js is stale: run `BSK_UPDATE_SCHEMA=1 cargo test -p bsk-actors`"
        );
    }

    #[test]
    fn figures_read_as_the_spec_writes_them() {
        assert_eq!(ki(512 * 1024), "512 Ki");
        assert_eq!(ki(32 * 1024 * 1024), "32 Mi");
        assert_eq!(seconds(std::time::Duration::from_millis(2500)), "2.5 s");
        assert_eq!(seconds(std::time::Duration::from_secs(15)), "15 s");
    }
}
