//! Request and response bodies: POST data, large bodies and their slices, UTF-16 offsets,
//! multipart parts, binary digests and whole error stacks.

use serde_json::{Value, json};

use crate::common::evidence::{
    debug, debug_fail, final_url, id, part, read_body, start_capture, utf16_len,
};
use crate::common::{Checked, Session, TestBsk, WAIT, site, wait_for, wait_until};

/// The contract's bounds, spelled as a reader of the spec would check them.
const MAX_BODY_UNITS: u64 = 64 * 1024;

#[tokio::test(flavor = "multi_thread")]
async fn post_bodies_large_bodies_slices_and_utf16_offsets() {
    let site = site().await;
    let bsk = TestBsk::new("cap-bodies");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &site.url("/post-page")]).await;

    for (n, button) in [
        "#post-json",
        "#post-form",
        "#post-multipart",
        "#post-binary",
    ]
    .iter()
    .enumerate()
    {
        s.op(&["click", button]).await;
        wait_until(&format!("{button}'s POST to be answered"), WAIT, || async {
            s.eval("window.__posts.length").await == n + 1
        })
        .await;
    }
    let echo = |kind: &'static str| {
        let url = site.url(&format!("/echo?kind={kind}"));
        let s = &s;
        async move {
            let record = final_url(s, &url).await;
            assert_eq!(record["method"], "POST", "{record}");
            assert_eq!(record["status"], 200, "{record}");
            record
        }
    };

    // JSON: retained and readable, the pointer works on it.
    let posted = echo("json").await;
    assert_eq!(posted["request_body"]["state"], "available", "{posted}");
    let read = part(&s, &id(&posted), "request", &[]).await;
    let text = read["text"].as_str().unwrap_or_else(|| panic!("{read}"));
    assert_eq!(
        serde_json::from_str::<Value>(text).ok(),
        Some(json!({"hello": "world", "n": 1, "list": [1, 2, 3]})),
        "{read}"
    );
    assert!(
        read["body"]["mime_type"]
            .as_str()
            .is_some_and(|m| m.contains("application/json")),
        "{read}"
    );
    let hello = part(&s, &id(&posted), "request", &["--pointer", "/hello"]).await;
    assert_eq!(hello["value"], "world", "{hello}");
    let echoed = part(&s, &id(&posted), "response", &["--pointer", "/body"]).await;
    assert_eq!(
        echoed["value"],
        json!(text),
        "the echo reflects the same body: {echoed}"
    );

    // URL-encoded form: retained as sent.
    let form = echo("form").await;
    assert_eq!(form["request_body"]["state"], "available", "{form}");
    let read = part(&s, &id(&form), "request", &[]).await;
    assert_eq!(read["text"], "a=1&b=two+words&c=%C3%A9", "{read}");
    assert!(
        read["body"]["mime_type"]
            .as_str()
            .is_some_and(|m| m.contains("application/x-www-form-urlencoded")),
        "{read}"
    );

    // Multipart: read as its parts (lists carry none of them), never as raw text.
    let multipart = echo("multipart").await;
    assert_eq!(
        multipart["request_body"]["state"], "available",
        "{multipart}"
    );
    assert!(
        multipart["request_body"].get("parts").is_none(),
        "{multipart}"
    );
    let read = part(&s, &id(&multipart), "request", &[]).await;
    assert!(read.get("text").is_none(), "{read}");
    assert!(
        read["body"]["parts"]
            .as_array()
            .is_some_and(|p| !p.is_empty()),
        "{read}"
    );

    // Binary: explicit (omitted as binary, or not in the event), never "available" garbage.
    let binary = echo("binary").await;
    let body = &binary["request_body"];
    let explicit = (body["state"] == "omitted" && body["reason"] == "binary")
        || body["state"] == "not_in_event";
    assert!(explicit, "binary POST body state: {binary}");
    let read = part(&s, &id(&binary), "request", &[]).await;
    assert!(read.get("text").is_none(), "{read}");
    let length = part(&s, &id(&binary), "response", &["--pointer", "/body_len"]).await;
    assert_eq!(length["value"], 256, "{length}");

    // A 100 KiB JSON response: truncated at 64 Ki units, so no pointer; slices reassemble it.
    let full_length = s
        .eval("fetch('/large?kb=100').then(r => r.text()).then(t => t.length)")
        .await;
    assert_eq!(full_length, 102_411);
    let large = final_url(&s, &site.url("/large?kb=100")).await;
    let body = &large["response_body"];
    assert_eq!(
        (
            body["state"].clone(),
            body["reason"].clone(),
            body["units"].clone(),
            body["original_units"].clone()
        ),
        (
            json!("truncated"),
            json!("body_limit"),
            json!(MAX_BODY_UNITS),
            json!(102_411)
        ),
        "{large}"
    );
    let output = s
        .run(&[
            "debug",
            "request",
            &id(&large),
            "--part",
            "response",
            "--pointer",
            "/items/0",
            "--json",
        ])
        .await;
    assert_eq!(output.code, 1, "{output:#?}");
    let error = output.json();
    assert_eq!(error["code"], "invalid_input", "{error}");
    let message = error["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("--pointer") && message.contains("truncated"),
        "the message should say the body is truncated: {error}"
    );
    assert!(
        error["hint"]
            .as_str()
            .is_some_and(|h| h.contains("--offset")),
        "{error}"
    );
    let human = s
        .run(&[
            "debug",
            "request",
            &id(&large),
            "--part",
            "response",
            "--pointer",
            "/items/0",
        ])
        .await;
    assert_eq!(human.code, 1, "{human:#?}");
    assert!(human.stderr.contains("truncated"), "{human:#?}");

    let default_read = part(&s, &id(&large), "response", &[]).await;
    assert_eq!(
        (
            default_read["text"].as_str().map(utf16_len),
            default_read["next_offset"].clone()
        ),
        (Some(4096), json!(4096)),
        "the default slice is 4096 units: {}",
        default_read["next_offset"]
    );
    let too_big = debug_fail(
        &s,
        &[
            "request",
            &id(&large),
            "--part",
            "response",
            "--max-chars",
            "16385",
        ],
    )
    .await;
    assert_eq!(too_big["exit_code"], 1, "{too_big}");
    let item = "x".repeat(1021);
    let expected: String = format!(
        "{{\"items\":[{}]}}",
        vec![format!("\"{item}\""); 100].join(",")
    );
    let reassembled = read_body(&s, &id(&large), "response", 16_384).await;
    assert_eq!(reassembled.len(), MAX_BODY_UNITS as usize);
    assert!(
        reassembled == expected[..MAX_BODY_UNITS as usize],
        "reassembled text differs"
    );

    // Non-ASCII text: sizes and offsets are UTF-16 code units (the emoji counts two).
    let units = s
        .eval("fetch('/text?chars=20000').then(r => r.text()).then(t => t.length)")
        .await;
    let pattern = "héllo wörld 😀 ";
    let expected: String = pattern.chars().cycle().take(20_000).collect();
    assert_eq!(
        units,
        json!(utf16_len(&expected)),
        "JavaScript length is UTF-16 units"
    );
    let text = final_url(&s, &site.url("/text?chars=20000")).await;
    assert_eq!(text["response_body"]["state"], "available", "{text}");
    assert_eq!(
        text["response_body"]["units"],
        json!(utf16_len(&expected)),
        "{text}"
    );
    let head = part(
        &s,
        &id(&text),
        "response",
        &["--offset", "0", "--max-chars", "14"],
    )
    .await;
    assert_eq!(
        (head["text"].clone(), head["next_offset"].clone()),
        (json!("héllo wörld 😀"), json!(14)),
        "14 units end right after the emoji: {head}"
    );
    let reassembled = read_body(&s, &id(&text), "response", 5000).await;
    assert!(reassembled == expected, "reassembled UTF-16 slices differ");
}

/// SHA-256 (hex) of what the page fetches from `url`, computed in the page.
async fn page_digest(s: &Session<'_>, url: &str) -> String {
    let expression = format!(
        "fetch({}).then(r => r.arrayBuffer()).then(b => crypto.subtle.digest('SHA-256', b)) \
         .then(d => [...new Uint8Array(d)].map(x => x.toString(16).padStart(2, '0')).join(''))",
        json!(url)
    );
    s.eval(&expression)
        .await
        .as_str()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn multipart_parts_binary_digests_and_whole_error_stacks_are_recorded() {
    use sha2::{Digest, Sha256};
    let hex = |data: &[u8]| {
        Sha256::digest(data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let site = site().await;
    let bsk = TestBsk::new("cap-bodies");
    let s = bsk.start_session().await;
    start_capture(&s, &s.tab, &[]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    // The page posts: a FormData with two text fields and a file; an ArrayBuffer, a binary Blob
    // and a beacon; and logs an Error 12 frames deep (the page allows deep stacks).
    let file_bytes: Vec<u8> = (0..=255u8).cycle().take(1500).collect();
    let buffer: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
    s.eval(
        "(async () => { \
           const fd = new FormData(); fd.append('title', 'Quarterly'); fd.append('password', 'hunter2'); \
           fd.append('doc', new File([new Uint8Array([...Array(1500).keys()].map(i => i % 256))], 'report.bin', {type: 'application/octet-stream'})); \
           await fetch('/echo?kind=multipart', {method: 'POST', body: fd}); \
           await fetch('/echo?kind=buffer', {method: 'POST', body: new Uint8Array([...Array(100000).keys()].map(i => i * 7 % 251)).buffer}); \
           await fetch('/echo?kind=blob', {method: 'POST', body: new Blob([new Uint8Array([0x89,0x50,0x4e,0x47,0x0d,0x0a,0x1a,0x0a,1,2,3])], {type: 'image/png'})}); \
           navigator.sendBeacon('/echo?kind=beacon', new Uint8Array([0, 255, 7, 7])); \
           Error.stackTraceLimit = 50; \
           const deep = (n) => n === 0 ? new Error('deep failure') : deep(n - 1); \
           console.error(deep(11)); \
           return true; })()",
    )
    .await;
    for kind in ["png", "wasm", "gzip"] {
        s.eval(&format!("fetch('/load/api/bytes?bytes=3000&type={kind}').then(r => r.arrayBuffer()).then(() => true)"))
            .await;
    }

    // Multipart: each part, the password redacted, the file by name, type, size and digest.
    let multipart = final_url(&s, &site.url("/echo?kind=multipart")).await;
    let read = part(&s, &id(&multipart), "request", &[]).await;
    let parts = read["body"]["parts"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(parts.len(), 3, "{read}");
    assert_eq!(
        (parts[0]["name"].clone(), parts[0]["value"].clone()),
        (json!("title"), json!("Quarterly"))
    );
    assert_eq!(parts[1]["value"], "[redacted]", "{read}");
    assert_eq!(
        (
            parts[2]["filename"].clone(),
            parts[2]["content_type"].clone(),
            parts[2]["bytes"].clone()
        ),
        (
            json!("report.bin"),
            json!("application/octet-stream"),
            json!(1500)
        ),
        "{read}"
    );
    assert_eq!(parts[2]["sha256"], hex(&file_bytes).as_str(), "{read}");
    assert!(parts[2].get("value").is_none(), "no file content: {read}");
    let human = s
        .run(&["debug", "request", &id(&multipart), "--part", "request"])
        .await
        .success();
    assert!(human.stdout.contains("file \"report.bin\""), "{human:#?}");

    // Binary request bodies: size and digest, never bytes.
    let identified = |record: &Value, which: &str| record[which]["binary"].clone();
    let sent = final_url(&s, &site.url("/echo?kind=buffer")).await;
    let facts = identified(&sent, "request_body");
    assert_eq!(
        (facts["bytes"].clone(), facts["sha256"].clone()),
        (json!(100_000), json!(hex(&buffer))),
        "{sent}"
    );
    let blob = final_url(&s, &site.url("/echo?kind=blob")).await;
    assert_eq!(
        identified(&blob, "request_body")["sniffed_type"],
        "image/png",
        "{blob}"
    );
    let beacon = final_url(&s, &site.url("/echo?kind=beacon")).await;
    assert_eq!(
        identified(&beacon, "request_body")["sha256"],
        hex(&[0, 255, 7, 7]).as_str(),
        "{beacon}"
    );

    // Binary responses: size, digest (as the page computes it) and sniffed type.
    for (kind, sniffed) in [
        ("png", "image/png"),
        ("wasm", "application/wasm"),
        ("gzip", "application/gzip"),
    ] {
        let url = site.url(&format!("/load/api/bytes?bytes=3000&type={kind}"));
        let record = wait_for("an identified binary response", WAIT, || async {
            let record = final_url(&s, &url).await;
            record["response_body"]["binary"]
                .is_object()
                .then_some(record)
        })
        .await;
        let facts = identified(&record, "response_body");
        assert_eq!(
            (facts["bytes"].clone(), facts["sniffed_type"].clone()),
            (json!(3000), json!(sniffed)),
            "{record}"
        );
        assert_eq!(
            facts["sha256"],
            page_digest(&s, &url).await.as_str(),
            "{record}"
        );
        assert!(record["response_body"].get("text").is_none(), "{record}");
    }

    // The Error logged whole: message and all 12 frames.
    let console = debug(&s, &["console", "--limit", "100"]).await;
    let error = console["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|e| {
            e["text"]
                .as_str()
                .is_some_and(|t| t.contains("deep failure"))
        })
        .cloned()
        .unwrap_or_else(|| panic!("no error entry: {console}"));
    let frames = error["text"]
        .as_str()
        .unwrap_or_default()
        .matches("\n    at ")
        .count();
    assert!(frames >= 12, "{frames} frames: {error}");

    // A real form submitted as multipart, its file chosen with `bsk upload`: the same parts,
    // and the field chain joins the text field by its name.
    let chosen = bsk.home.join("upload.bin");
    std::fs::write(&chosen, &file_bytes).expect("write");
    s.eval(
        "document.body.insertAdjacentHTML('afterbegin', '<form id=up method=post \
         enctype=multipart/form-data action=/echo?kind=form><input name=subject id=subject>\
         <input type=file name=attachment id=attachment><button id=send>Send</button></form>'); true",
    )
    .await;
    s.op(&["fill", "#subject", "Hello there"]).await;
    s.op(&["upload", "#attachment", &chosen.to_string_lossy()])
        .await;
    s.op(&["click", "#send"]).await;
    let form = final_url(&s, &site.url("/echo?kind=form")).await;
    let read_form = part(&s, &id(&form), "request", &[]).await;
    let form_parts = read_form["body"]["parts"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert_eq!(form_parts[0]["value"], "Hello there", "{read_form}");
    // A form navigation's file bytes are not handed to DevTools: said, not guessed (the
    // upload operation recorded the file's digest).
    assert_eq!(
        (
            form_parts[1]["filename"].clone(),
            form_parts[1]["unread"].clone()
        ),
        (json!("upload.bin"), json!(true)),
        "{read_form}"
    );
    assert!(form_parts[1].get("sha256").is_none(), "{read_form}");
    let operations = debug(&s, &["operations", "--limit", "100"]).await;
    let click = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .rfind(|o| o["name"] == "click")
        .cloned()
        .unwrap_or_default();
    let detail = debug(&s, &["operation", &id(&click)]).await;
    let chain = detail["operation"]["field_chain"].to_string();
    assert!(
        chain.contains("Hello there") && chain.contains(&id(&form)),
        "{detail}"
    );

    // The password part is nowhere in what was recorded of the requests (the page's own
    // expression held it, and /echo reflects what it got: those are the agent's and the
    // server's data).
    assert!(!read.to_string().contains("hunter2"), "{read}");
    let found = debug(&s, &["search", "hunter2", "--in", "request,headers,url"]).await;
    assert_eq!(found["items"], json!([]), "{found}");
}
