//! Reading a capture back through `bsk debug … --json`: the lists followed page by page, records
//! by id, bodies slice by slice, and waits for a record to reach its final state.

use serde_json::{Value, json};

use super::{Checked, Session, WAIT, wait_for};

/// `bsk debug args… --session S --json`, asserting success.
pub async fn debug(s: &Session<'_>, args: &[&str]) -> Value {
    let mut full = vec!["debug"];
    full.extend_from_slice(args);
    s.op(&full).await
}

/// `bsk debug args… --session S --json`, asserting failure; the checked error body.
pub async fn debug_fail(s: &Session<'_>, args: &[&str]) -> Value {
    let mut full = vec!["debug"];
    full.extend_from_slice(args);
    s.fail(&full).await
}

/// Every record of a paged list of the latest capture (`requests` with static ones included,
/// `operations`): pages of 100 followed by `next_since` until an empty page, merged by id, in id
/// (creation) order.
pub async fn list(s: &Session<'_>, what: &str) -> Vec<Value> {
    let mut merged: Vec<Value> = Vec::new();
    let mut since: Option<u64> = None;
    loop {
        let since_arg = since.map(|n| n.to_string());
        let mut args = vec![what, "--limit", "100"];
        if what == "requests" {
            args.push("--all");
        }
        if let Some(since) = &since_arg {
            args.extend(["--since", since]);
        }
        let page = debug(s, &args).await;
        let items = page["items"].as_array().cloned().unwrap_or_default();
        if items.is_empty() {
            assert!(
                page.get("next_since").is_none(),
                "an empty page ends: {page}"
            );
            break;
        }
        // A page holds the records changed earliest after `since`, listed in creation order:
        // `next_since` is the latest revision among them, wherever it is listed.
        let next = page["next_since"].as_u64();
        assert_eq!(
            next,
            items.iter().filter_map(|r| r["revision"].as_u64()).max(),
            "next_since is the page's latest revision: {page}"
        );
        for item in items {
            match merged.iter_mut().find(|r| r["id"] == item["id"]) {
                Some(known) => *known = item,
                None => merged.push(item),
            }
        }
        since = next;
    }
    merged.sort_by_key(id_number);
    merged
}

/// Every retained request of the latest capture, static ones included, in id order.
pub async fn requests(s: &Session<'_>) -> Vec<Value> {
    list(s, "requests").await
}

/// Every operation of the latest capture, in id order.
pub async fn operations(s: &Session<'_>) -> Vec<Value> {
    list(s, "operations").await
}

/// `debug operation <id>`.
pub async fn operation(s: &Session<'_>, operation: &str) -> Value {
    debug(s, &["operation", operation]).await
}

/// The first page (up to 100) of the latest capture's console entries.
pub async fn console(s: &Session<'_>) -> Vec<Value> {
    let page = debug(s, &["console", "--limit", "100"]).await;
    page["items"].as_array().cloned().unwrap_or_default()
}

/// A record's id's number (`r12` → 12), for ordering.
pub fn id_number(record: &Value) -> u64 {
    record["id"]
        .as_str()
        .and_then(|id| id.trim_start_matches(char::is_alphabetic).parse().ok())
        .unwrap_or(u64::MAX)
}

pub fn id(record: &Value) -> String {
    record["id"]
        .as_str()
        .unwrap_or_else(|| panic!("record without an id: {record}"))
        .to_string()
}

/// Checks that `bsk debug status`, as a person reads it, says `words`.
pub async fn status_says(s: &Session<'_>, words: &str) {
    let human = s.run(&["debug", "status"]).await.success();
    assert!(
        human.stdout.contains(words),
        "debug status does not say {words:?}:\n{}",
        human.stdout
    );
}

/// Stops the capture and checks that no retained request is left pending.
pub async fn stop_leaves_nothing_pending(s: &Session<'_>) {
    debug(s, &["stop"]).await;
    for record in requests(s).await {
        assert!(is_final(&record), "nothing pending after stop: {record}");
    }
}

/// A request, its request body and its response body are all past `pending`.
pub fn is_final(record: &Value) -> bool {
    record["state"] != "pending"
        && record["request_body"]["state"] != "pending"
        && record["response_body"]["state"] != "pending"
}

/// Waits for the first retained request matching `matches` to reach a final state.
pub async fn final_request(s: &Session<'_>, what: &str, matches: impl Fn(&Value) -> bool) -> Value {
    wait_for(what, WAIT, || async {
        requests(s)
            .await
            .into_iter()
            .find(|r| matches(r) && is_final(r))
    })
    .await
}

/// Waits for the first retained request whose URL contains `needle` to reach a final state.
pub async fn final_with_url(s: &Session<'_>, needle: &str) -> Value {
    let what = format!("a final record of a URL with {needle}");
    final_request(s, &what, |r| {
        r["url"].as_str().is_some_and(|u| u.contains(needle))
    })
    .await
}

/// Waits for the request whose URL is exactly `url` to reach a final state.
pub async fn final_url(s: &Session<'_>, url: &str) -> Value {
    final_request(s, &format!("a final record of {url}"), |r| r["url"] == url).await
}

/// Waits for the `nth` retained request to `url` with `method` to reach a final state.
pub async fn nth_final_request(s: &Session<'_>, method: &str, url: &str, nth: usize) -> Value {
    wait_for(
        &format!("{method} {url} #{nth} to finish"),
        WAIT,
        || async {
            let matching: Vec<Value> = requests(s)
                .await
                .into_iter()
                .filter(|r| r["url"] == url && r["method"] == method)
                .collect();
            matching.get(nth).cloned().filter(is_final)
        },
    )
    .await
}

/// The retained records whose URL contains `needle`.
pub fn with_url<'r>(records: &'r [Value], needle: &str) -> Vec<&'r Value> {
    records
        .iter()
        .filter(|r| r["url"].as_str().is_some_and(|u| u.contains(needle)))
        .collect()
}

/// The session's captures, oldest first.
pub async fn status(s: &Session<'_>) -> Vec<Value> {
    let runs = debug(s, &["status"]).await;
    runs.as_array()
        .cloned()
        .unwrap_or_else(|| panic!("debug status is not a list: {runs}"))
}

/// The latest capture of the session, as `debug status` lists it.
pub async fn latest_run(s: &Session<'_>) -> Value {
    status(s)
        .await
        .pop()
        .unwrap_or_else(|| panic!("no capture in debug status"))
}

/// Capture `run_id` as `debug status` lists it.
pub async fn run_info(s: &Session<'_>, run_id: &str) -> Value {
    status(s)
        .await
        .into_iter()
        .find(|r| r["run_id"] == run_id)
        .unwrap_or_else(|| panic!("run {run_id} missing from debug status"))
}

/// `debug start`; returns the run id after checking it is active on the expected tab.
pub async fn start_capture(s: &Session<'_>, tab: &str, extra: &[&str]) -> String {
    let mut args = vec!["start"];
    args.extend_from_slice(extra);
    let run = debug(s, &args).await;
    assert_eq!(
        (run["state"].clone(), run["tab_id"].clone()),
        (json!("active"), json!(tab)),
        "{run}"
    );
    assert_eq!(run["requests"], 0, "capture starts empty: {run}");
    run["run_id"]
        .as_str()
        .unwrap_or_else(|| panic!("debug start gave no run_id: {run}"))
        .to_string()
}

/// `request <id> --part part [extra…]`.
pub async fn part(s: &Session<'_>, request: &str, part: &str, extra: &[&str]) -> Value {
    let mut args = vec!["request", request, "--part", part];
    args.extend_from_slice(extra);
    debug(s, &args).await
}

/// Reads a whole retained body in slices of `max_chars`, following `next_offset`; checks that
/// each slice starts where the previous one said to.
pub async fn read_body(s: &Session<'_>, request: &str, which: &str, max_chars: usize) -> String {
    let max = max_chars.to_string();
    let mut text = String::new();
    let mut offset = 0u64;
    loop {
        let at = offset.to_string();
        let read = part(s, request, which, &["--offset", &at, "--max-chars", &max]).await;
        assert_eq!(read["offset"].as_u64(), Some(offset), "{read}");
        let slice = read["text"]
            .as_str()
            .unwrap_or_else(|| panic!("a body slice without text: {read}"));
        assert!(
            utf16_len(slice) <= max_chars,
            "slice longer than --max-chars {max_chars}: {read}"
        );
        text.push_str(slice);
        match read["next_offset"].as_u64() {
            Some(next) => {
                assert_eq!(
                    next,
                    offset + utf16_len(slice) as u64,
                    "next_offset counts UTF-16 code units: {read}"
                );
                offset = next;
            }
            None => break,
        }
    }
    text
}

pub fn utf16_len(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The manual operations, in order.
pub fn manual(operations: &[Value]) -> Vec<Value> {
    operations
        .iter()
        .filter(|o| o["source"] == "manual")
        .cloned()
        .collect()
}

/// The manual `type` operations, in order.
pub fn typed(operations: &[Value]) -> Vec<Value> {
    operations
        .iter()
        .filter(|o| o["source"] == "manual" && o["name"] == "type")
        .cloned()
        .collect()
}

/// `source:name:state` of each operation, for messages and sequence checks.
pub fn names(operations: &[Value]) -> Vec<String> {
    operations
        .iter()
        .map(|o| format!("{}:{}:{}", o["source"], o["name"], o["state"]).replace('"', ""))
        .collect()
}

/// The chain of `field` in an operation detail.
pub fn chain<'a>(detail: &'a Value, field: &str) -> &'a Value {
    detail["operation"]["field_chain"]
        .as_array()
        .and_then(|c| c.iter().find(|f| f["name"] == field))
        .unwrap_or_else(|| panic!("no field chain for {field}: {detail}"))
}

/// The snapshot of `field` in a page observation.
pub fn field<'a>(observation: &'a Value, name: &str) -> Option<&'a Value> {
    observation["fields"]
        .as_array()?
        .iter()
        .find(|f| f["name"] == name)
}
