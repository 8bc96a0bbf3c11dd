//! Forms and what they bring: the demo form and navigation milestones, dialogs, uploads.

use serde_json::json;

use crate::common::snapshot::ref_in;
use crate::common::{TestBsk, WAIT, site, wait_for, wait_until};
use crate::strings;

#[tokio::test(flavor = "multi_thread")]
async fn demo_form_saves_and_navigation_waits_for_each_milestone() {
    let site = site().await;
    let bsk = TestBsk::new("demo");
    let s = bsk.start_session().await;

    // domcontentloaded returns with the document parsed.
    let ops2 = s
        .op(&[
            "navigate",
            &site.url("/ops2"),
            "--wait-until",
            "domcontentloaded",
        ])
        .await;
    assert!(
        ops2["summary"]
            .as_str()
            .is_some_and(|m| m.contains("DOMContentLoaded")),
        "{ops2}"
    );
    assert_ne!(s.eval("document.readyState").await, "loading");
    assert_eq!(s.eval("document.title").await, "Second");

    // networkidle returns after the page's own fetch of the profile settled.
    let demo = site.url("/demo");
    let arrived = s
        .op(&["navigate", &demo, "--wait-until", "networkidle"])
        .await;
    assert_eq!(arrived["url"], demo.as_str());
    assert_eq!(s.eval("window.__profileLoaded").await, true);
    assert!(site.request_count("/api/profile") >= 1);

    let snapshot = s.observe().await;
    let lines: Vec<&str> = snapshot.lines().collect();
    assert!(snapshot.contains("heading \"Save profile\""), "{snapshot}");
    let name = ref_in(&lines, "textbox \"Name\"");
    let email = ref_in(&lines, "textbox \"Email\"");
    let plan = ref_in(&lines, "combobox \"Plan\"");
    let save = ref_in(&lines, "button \"Save\"");

    s.op(&["fill", &name, "Ada Lovelace"]).await;
    s.op(&["fill", &email, "ada@example.com"]).await;
    s.op(&["select", &plan, "Pro"]).await;
    s.op(&["click", &save]).await;
    wait_until("the save to finish", WAIT, || async {
        s.eval("window.__saveResult?.ok === true").await == true
    })
    .await;
    assert_eq!(
        s.eval("document.getElementById('status').textContent")
            .await,
        "Saved"
    );
    let events = strings(&s.eval("window.__events").await);
    assert!(
        events.ends_with(&["submit".to_string(), "saved".to_string()]),
        "{events:?}"
    );
    assert_eq!(
        site.request_count("/api/save"),
        1,
        "the site received exactly one save"
    );

    // The saved profile comes back after a reload (the site prefills it).
    s.op(&["reload", "--wait-until", "networkidle"]).await;
    assert_eq!(
        s.eval("['name', 'email', 'plan'].map(id => document.getElementById(id).value)")
            .await,
        json!(["Ada Lovelace", "ada@example.com", "pro"])
    );
    let after = s.observe().await;
    assert!(after.contains("value=\"Ada Lovelace\""), "{after}");

    // A failing save shows the API's error.
    s.op(&["fill", "#email", "taken@example.com"]).await;
    s.op(&["click", "#save"]).await;
    wait_until("the failed save to finish", WAIT, || async {
        s.eval("document.getElementById('status').textContent")
            .await
            == "Error: EMAIL_TAKEN"
    })
    .await;
}

/// Buttons that open each kind of dialog and write what it answered into the title.
const DIALOG_BUTTONS: &str = "(() => { const add = (id, run) => { const b = document.createElement('button'); \
    b.id = id; b.textContent = id; b.onclick = run; document.body.prepend(b); }; \
    add('alert', () => { alert('Saved!'); document.title = 'after alert'; }); \
    add('confirm', () => { document.title = confirm('Delete it?') ? 'yes' : 'no'; }); \
    add('prompt', () => { document.title = 'name:' + prompt('Your name?', 'Ada'); }); \
    return true; })()";

#[tokio::test(flavor = "multi_thread")]
async fn dialogs_are_reported_answered_and_recorded_never_waited_for() {
    let site = site().await;
    let bsk = TestBsk::new("dialogs");
    let s = bsk.start_session().await;
    let run = bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    s.eval(DIALOG_BUTTONS).await;

    // `ask` (the default): the click returns with the dialog, which waits for the agent.
    let clicked = s.op(&["click", "#alert"]).await;
    assert_eq!(clicked["dialog"]["kind"], "alert", "{clicked}");
    assert_eq!(clicked["dialog"]["message"], "Saved!", "{clicked}");
    // What to do next is data, said per surface: the CLI's text names `bsk dialog accept`.
    assert_eq!(
        clicked["next"][1]["run"]["verb"]["act"], "dialog_accept",
        "{clicked}"
    );
    assert_eq!(
        clicked["next"][3]["run"]["verb"]["act"], "dialog_dismiss",
        "{clicked}"
    );
    let listed = bsk.json(&["session", "list"]).await;
    assert_eq!(listed[0]["tabs"][0]["dialog"]["kind"], "alert", "{listed}");
    let status = bsk.ok(&["status"]).await;
    assert!(
        status.stdout.contains("an alert dialog is open"),
        "{status:#?}"
    );
    for refused in [
        s.fail(&["evaluate", "1"]).await,
        s.fail(&["fill", "#name", "x"]).await,
    ] {
        assert_eq!(
            (refused["code"].clone(), refused["exit_code"].clone()),
            (json!("busy"), json!(4)),
            "{refused}"
        );
    }
    s.op(&["dialog", "accept"]).await;
    assert_eq!(s.eval("document.title").await, "after alert");

    // The command line says the same next step as a command to run.
    let said = s.run(&["click", "#confirm"]).await;
    assert!(
        said.stdout
            .contains("answer it with `bsk dialog accept` or `bsk dialog dismiss`"),
        "{said:#?}"
    );
    s.op(&["dialog", "dismiss"]).await;
    assert_eq!(s.eval("document.title").await, "no");
    s.op(&["click", "#prompt"]).await;
    s.op(&["dialog", "accept", "--text", "Bob"]).await;
    assert_eq!(s.eval("document.title").await, "name:Bob");
    // An expression that opens one does not hang until a deadline either.
    let evaluated = s.op(&["evaluate", "confirm('Really?')"]).await;
    assert_eq!(evaluated["dialog"]["kind"], "confirm", "{evaluated}");
    s.op(&["dialog", "accept"]).await;
    let none = s.fail(&["dialog", "dismiss"]).await;
    assert_eq!(none["code"], "not_found", "{none}");
    // Leaving a page that asks first: the navigation reports it, and accepting lets it go on.
    s.eval("window.onbeforeunload = e => { e.preventDefault(); e.returnValue = 'unsaved'; }; true")
        .await;
    let leaving = s.op(&["navigate", &site.url("/ops?left")]).await;
    assert_eq!(leaving["dialog"]["kind"], "beforeunload", "{leaving}");
    s.op(&["dialog", "accept"]).await;
    s.op(&["wait", "--url", "?left"]).await;

    // With a capture running, every dialog is evidence, in the window of the operation that
    // opened it; answering one is an operation.
    let console = bsk
        .json(&["debug", "console", "--session", &s.id, "--limit", "100"])
        .await;
    let dialogs: Vec<&str> = console["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["kind"] == "dialog")
        .filter_map(|e| e["text"].as_str())
        .collect();
    assert_eq!(
        dialogs,
        [
            "alert: Saved!",
            "confirm: Delete it?",
            "prompt: Your name? (default: Ada)",
            "confirm: Really?",
            "beforeunload: "
        ],
        "{console} in {run}"
    );
    let operations = bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let items = operations["items"].as_array().cloned().unwrap_or_default();
    let click = items
        .iter()
        .find(|o| o["name"] == "click")
        .cloned()
        .unwrap_or_default();
    assert!(click["immediate_console"].as_u64() >= Some(1), "{click}");
    assert!(items.iter().any(|o| o["name"] == "dialog"), "{operations}");

    // `accept`: answered at once, reported, never blocking.
    let auto = bsk.json(&["session", "start", "--dialogs", "accept"]).await;
    let id = auto["id"].as_str().unwrap_or_default();
    bsk.json(&["navigate", &site.url("/ops"), "--session", id])
        .await;
    bsk.json(&["evaluate", DIALOG_BUTTONS, "--session", id])
        .await;
    let clicked = bsk.json(&["click", "#confirm", "--session", id]).await;
    assert_eq!(clicked["dialog"]["answered"], "accepted", "{clicked}");
    let title = bsk
        .json(&["evaluate", "document.title", "--session", id])
        .await;
    assert_eq!(title["value"], "yes");
}

#[tokio::test(flavor = "multi_thread")]
async fn uploads_reach_the_page_byte_for_byte_and_are_recorded_by_digest() {
    use sha2::{Digest, Sha256};
    let site = site().await;
    let bsk = TestBsk::new("upload");
    let s = bsk.start_session().await;
    bsk.json(&["debug", "start", "--session", &s.id]).await;
    s.op(&["navigate", &site.url("/ops")]).await;
    // A file input, and a button that opens a chooser for a hidden one; each publishes the
    // SHA-256 of what it holds, and the form posts the text file to /echo.
    s.eval(
        "(() => { const add = (html) => document.body.insertAdjacentHTML('afterbegin', html); \
         add('<input type=file id=files multiple><input type=file id=hidden style=display:none>\
         <button id=pick>Attach</button>'); \
         document.querySelector('#pick').onclick = () => document.querySelector('#hidden').click(); \
         window.digests = async (id) => Promise.all([...document.getElementById(id).files].map(async f => \
           [f.name, f.size, [...new Uint8Array(await crypto.subtle.digest('SHA-256', await f.arrayBuffer()))] \
             .map(b => b.toString(16).padStart(2, '0')).join('')])); \
         window.changes = 0; document.querySelector('#files').onchange = () => window.changes++; \
         return true; })()",
    )
    .await;
    let dir = bsk.home.join("uploads");
    std::fs::create_dir_all(&dir).expect("a dir");
    let text = dir.join("notes.txt");
    let binary = dir.join("pixel.bin");
    std::fs::write(&text, "line one\nline two\n").expect("write");
    let bytes: Vec<u8> = (0..=255u8).cycle().take(70_000).collect();
    std::fs::write(&binary, &bytes).expect("write");
    let hex = |data: &[u8]| {
        Sha256::digest(data)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    let (text_path, binary_path) = (text.to_string_lossy(), binary.to_string_lossy());
    s.op(&["upload", "#files", &text_path, &binary_path]).await;
    assert_eq!(
        s.eval("window.digests('files')").await,
        json!([
            ["notes.txt", 18, hex(b"line one\nline two\n")],
            ["pixel.bin", 70_000, hex(&bytes)]
        ])
    );
    assert_eq!(s.eval("window.changes").await, json!(1), "one change event");
    // And the server receives them: the text file, posted as the page would, comes back whole.
    let echoed = s
        .eval(
            "(async () => { const form = new FormData(); \
             for (const f of document.querySelector('#files').files) form.append('f', f); \
             return (await (await fetch('/echo', {method: 'POST', body: form})).json()); })()",
        )
        .await;
    assert!(
        echoed["body_len"].as_u64().is_some_and(|n| n > 70_000),
        "both files reached the server: {echoed}"
    );

    // Through the chooser the page opens on a click: @chooser answers it.
    s.op(&["click", "#pick"]).await;
    s.op(&["upload", "@chooser", &text_path]).await;
    assert_eq!(s.eval("window.digests('hidden')").await[0][0], "notes.txt");
    let none = s.fail(&["upload", "@chooser", &text_path]).await;
    assert_eq!(none["code"], "not_found", "{none}");
    let missing = s.fail(&["upload", "#files", "/no/such/file"]).await;
    assert_eq!(missing["code"], "invalid_input", "{missing}");
    let not_input = s.fail(&["upload", "#pick", &text_path]).await;
    assert_eq!(not_input["code"], "invalid_input", "{not_input}");

    // Recorded as an operation with names, sizes and digests: no path, no content.
    let operations = bsk
        .json(&["debug", "operations", "--session", &s.id, "--limit", "100"])
        .await;
    let upload = operations["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|o| o["name"] == "upload")
        .cloned()
        .unwrap_or_else(|| panic!("no upload operation: {operations}"));
    assert_eq!(
        upload["params"]["files"],
        json!([
            format!(
                "notes.txt (18 bytes, sha256 {})",
                hex(b"line one\nline two\n")
            ),
            format!("pixel.bin (70000 bytes, sha256 {})", hex(&bytes)),
        ]),
        "{upload}"
    );
    assert!(
        !upload.to_string().contains(&*dir.to_string_lossy()),
        "{upload}"
    );

    // A file field holding files is observed as a field, never with its value (spec: "file
    // fields are omitted"): the page's own `value` would say `C:\fakepath\notes.txt`.
    assert_eq!(
        s.eval("document.querySelector('#files').value").await,
        "C:\\fakepath\\notes.txt",
        "the page has a value to leak"
    );
    let export = wait_for("an observation of the file field", WAIT, || async {
        let export = bsk.json(&["debug", "export", "--session", &s.id]).await;
        let seen = export.to_string().contains("\"name\":\"files\"");
        seen.then_some(export)
    })
    .await;
    let fields: Vec<&serde_json::Value> = export["operations"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|o| {
            o["observation"]["fields"]
                .as_array()
                .into_iter()
                .flatten()
                .chain(
                    o["follow_ups"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .flat_map(|f| f["fields"].as_array().into_iter().flatten()),
                )
        })
        .filter(|f| f["name"] == "files")
        .collect();
    assert!(!fields.is_empty(), "the file field is observed: {export}");
    let observed = serde_json::to_string(&fields).expect("encodes");
    assert!(!observed.contains("fakepath"), "{observed}");
    for field in fields {
        assert_eq!(
            (&field["omitted"], &field["value"]),
            (&json!(true), &serde_json::Value::Null),
            "{field}"
        );
    }
}
