//! The pure capture model: redaction of a corpus of secrets, paging properties (no update is
//! ever skipped), and hostile input to the parsers (no panic, bounds kept, redaction
//! idempotent).

use bsk_actors::model::redact::{self, REDACTED};
use serde_json::{Value, json};

/// Which redaction a case goes through.
#[derive(Debug, Clone, Copy)]
enum Via {
    Header(&'static str),
    Url,
    Body(&'static str),
    Text,
}

/// One input, the secrets that must vanish and the neighbours that must survive unchanged.
struct Case {
    via: Via,
    input: &'static str,
    secrets: &'static [&'static str],
    kept: &'static [&'static str],
}

const CASES: &[Case] = &[
    // A repeated key: the parsed document keeps the last value, the text still holds the first.
    Case {
        via: Via::Body("application/json"),
        input: r#"{"user":"bob","password":"hunter2","password":null}"#,
        secrets: &["hunter2"],
        kept: &[r#""user":"bob""#],
    },
    Case {
        via: Via::Body("application/json"),
        input: r#"[{"auth":{"token":"tk_live_9f8e","token":""}}]"#,
        secrets: &["tk_live_9f8e"],
        kept: &[],
    },
    Case {
        via: Via::Header("Authorization"),
        input: "Bearer eyJhbGciOi.payload.sig",
        secrets: &["eyJhbGciOi", "payload"],
        kept: &["Bearer [redacted]"],
    },
    Case {
        via: Via::Header("Proxy-Authorization"),
        input: "Basic dXNlcjpwYXNz",
        secrets: &["dXNlcjpwYXNz"],
        kept: &["Basic [redacted]"],
    },
    Case {
        via: Via::Header("cookie"),
        input: "sessionid=s3cr3tS; theme=dark",
        secrets: &["s3cr3tS", "dark"],
        kept: &["sessionid=[redacted]; theme=[redacted]"],
    },
    Case {
        via: Via::Header("Set-Cookie"),
        input: "sid=abc123xyz; Path=/; HttpOnly\nlang=en; Secure",
        secrets: &["abc123xyz"],
        kept: &["sid=[redacted]; Path=/; HttpOnly\nlang=[redacted]; Secure"],
    },
    Case {
        via: Via::Header("X-Api-Key"),
        input: "k-9f8e7d",
        secrets: &["9f8e7d"],
        kept: &[],
    },
    Case {
        via: Via::Header("X-Debug"),
        input: "user=bob token=tk_live_123",
        secrets: &["tk_live_123"],
        kept: &["user=bob token=[redacted]"],
    },
    Case {
        via: Via::Header("Accept"),
        input: "application/json, text/plain",
        secrets: &[],
        kept: &["application/json, text/plain"],
    },
    Case {
        via: Via::Url,
        input: "https://api.example.com/v1/items?api_key=AKIA123&page=2&q=author#top",
        secrets: &["AKIA123"],
        kept: &["https://api.example.com/v1/items?api_key=[redacted]&page=2&q=author#top"],
    },
    Case {
        via: Via::Url,
        input: "https://app.example.com/cb#access_token=ya29.tok&token_type=Bearer&state=xyz",
        secrets: &["ya29.tok"],
        kept: &["#access_token=[redacted]&token_type=Bearer&state=xyz"],
    },
    Case {
        via: Via::Url,
        input: "https://app.example.com/#/login?refresh%5Ftoken=rt-998&next=%2Fhome",
        secrets: &["rt-998"],
        kept: &["#/login?refresh%5Ftoken=[redacted]&next=%2Fhome"],
    },
    Case {
        via: Via::Url,
        input: "postgres://admin:hunter2@db.local:5432/app?sslmode=require",
        secrets: &["hunter2"],
        kept: &["postgres://admin:[redacted]@db.local:5432/app?sslmode=require"],
    },
    Case {
        via: Via::Url,
        input: "/login?next=https://x.test/cb?token=nested77",
        secrets: &["nested77"],
        kept: &["/login?next=https://x.test/cb?token=[redacted]"],
    },
    Case {
        via: Via::Body("application/json"),
        input: r#"{"username":"bob","password":"pw-1","author":"ann","profile":{"api_token":"t-2","keyboard":"qwerty"}}"#,
        secrets: &["pw-1", "t-2"],
        kept: &[
            r#""username":"bob""#,
            r#""author":"ann""#,
            r#""keyboard":"qwerty""#,
        ],
    },
    Case {
        via: Via::Body("application/json; charset=utf-8"),
        input: r#"[{"id":1,"auth":{"refreshToken":"r-3"}},{"id":2,"card_number":4111111111111111}]"#,
        secrets: &["r-3", "4111111111111111"],
        kept: &[r#""id":1"#, r#""id":2"#],
    },
    Case {
        via: Via::Body("text/plain"),
        input: r#"{"note":"login with password=hunter2 please","user":"bob"}"#,
        secrets: &["hunter2"],
        kept: &["login with password=[redacted] please", r#""user":"bob""#],
    },
    Case {
        via: Via::Body("application/json"),
        input: r#"{"user":"bob","password":"trunc"#,
        secrets: &["trunc"],
        kept: &[r#"{"user":"bob","password":"[redacted]"#],
    },
    Case {
        via: Via::Body("application/x-www-form-urlencoded"),
        input: "username=bob&password=p%40ss&remember=1&csrfmiddlewaretoken=mw-5",
        secrets: &["p%40ss", "mw-5"],
        kept: &["username=bob&password=[redacted]&remember=1&csrfmiddlewaretoken=[redacted]"],
    },
    Case {
        via: Via::Text,
        input: "POST ok; password=hunter2, user=bob; secret = 'shh x'; token: abc123\n\"api_key\": \"ak-7\"",
        secrets: &["hunter2", "shh", "abc123", "ak-7"],
        kept: &[
            "POST ok; password=[redacted], user=bob; secret = '[redacted]'; token: [redacted]\n",
        ],
    },
    Case {
        via: Via::Text,
        input: "> Authorization: Bearer abc.def\n> Cookie: a=1; b=2\ncurl -H 'x: Bearer zz.top-9' --passenger=ok",
        secrets: &["abc.def", "zz.top-9", "=1", "=2"],
        kept: &[
            "Authorization: Bearer [redacted]\n",
            "a=[redacted]; b=[redacted]\n",
            "--passenger=ok",
        ],
    },
    // Page sources: only the secret goes, every byte around it stays.
    Case {
        via: Via::Text,
        input: "get('/api/data?access_token=' + S(3)); fetch(u, {headers: {Authorization: 'Bearer ' + S(1)}}); var q = \"password=\" + pw;",
        secrets: &[],
        kept: &[
            "get('/api/data?access_token=' + S(3)); fetch(u, {headers: {Authorization: 'Bearer ' + S(1)}}); var q = \"password=\" + pw;",
        ],
    },
    Case {
        via: Via::Text,
        input: "<a href=\"/reset?token=abc123&amp;next=%2F\">Reset</a> <script>const apiKey = \"k-77\"; init(apiKey);</script>",
        secrets: &["abc123", "k-77"],
        kept: &[
            "<a href=\"/reset?token=[redacted]&amp;next=%2F\">Reset</a>",
            "const apiKey = \"[redacted]\"; init(apiKey);</script>",
        ],
    },
    Case {
        via: Via::Text,
        input: "Don't log it: password='hunter2' (it's secret)",
        secrets: &["hunter2"],
        kept: &["Don't log it: password='[redacted]' (it's secret)"],
    },
    Case {
        via: Via::Header("Access-Control-Allow-Credentials"),
        input: "true",
        secrets: &[],
        kept: &["true"],
    },
    Case {
        via: Via::Header("WWW-Authenticate"),
        input: "Bearer realm=\"api\", error=\"invalid_token\"",
        secrets: &[],
        kept: &["Bearer realm=\"api\", error=\"invalid_token\""],
    },
    Case {
        via: Via::Header("Authorization"),
        input: "Bearer",
        secrets: &[],
        kept: &["Bearer"],
    },
];

/// An empty capture of run `run`, session `s`, tab `T`.
fn new_capture() -> bsk_actors::store::Capture {
    bsk_actors::store::Capture::new(bsk_actors::store::RunMeta {
        run_id: "run".into(),
        session: "s".into(),
        task_id: 1,
        name: None,
        tab_id: "T".into(),
        started_at: 0,
    })
}

fn apply(via: Via, input: &str) -> String {
    match via {
        Via::Header(name) => redact::header(name, input),
        Via::Url => redact::url(input),
        Via::Body(mime) => redact::body(input, mime),
        Via::Text => redact::text(input),
    }
}

#[test]
fn secrets_vanish_and_neighbours_survive() {
    for case in CASES {
        let output = apply(case.via, case.input);
        for secret in case.secrets {
            assert!(
                !output.contains(secret),
                "{:?} leaked {secret:?}: {output}",
                case.via
            );
        }
        for kept in case.kept {
            assert!(
                output.contains(kept),
                "{:?} lost {kept:?}: {output}",
                case.via
            );
        }
        assert_eq!(
            apply(case.via, &output),
            output,
            "{:?} is not idempotent",
            case.via
        );
    }
}

/// A capture redacts header values and initiator URLs once and then remembers them: every
/// request that repeats one must still read exactly as the redaction writes it.
#[test]
fn a_capture_redacts_repeated_headers_and_initiators_as_the_first_time() {
    let mut c = new_capture();
    let headers: Vec<(&str, &str)> = CASES
        .iter()
        .filter_map(|case| match case.via {
            Via::Header(name) => Some((name, case.input)),
            _ => None,
        })
        .collect();
    let urls: Vec<&str> = CASES
        .iter()
        .filter(|case| matches!(case.via, Via::Url))
        .map(|case| case.input)
        .collect();
    assert!(!headers.is_empty() && !urls.is_empty());
    let mut n = 0;
    for round in 0..3 {
        for (name, value) in &headers {
            for url in &urls {
                n += 1;
                let params = json!({
                    "requestId": format!("{round}.{n}"), "type": "Fetch", "wallTime": 1.0,
                    "request": { "url": "http://a/x", "method": "GET", "headers": { *name: *value } },
                    "initiator": { "type": "script", "url": *url, "lineNumber": 3 },
                });
                c.apply_network(
                    "T",
                    "S",
                    "Network.requestWillBeSent",
                    &params.to_string(),
                    1,
                );
                let record = c.request(&format!("r{n}")).expect("retained");
                assert_eq!(
                    record.request_headers.entries,
                    vec![((*name).into(), redact::header(name, value).into())],
                    "round {round}"
                );
                assert_eq!(
                    record.initiator.as_ref().expect("an initiator")["url"],
                    redact::url(url),
                    "round {round}"
                );
            }
        }
    }
}

/// Quotes are counted per line as the scan moves right: a minified script of many enclosing
/// strings reads as code on every line however long, and a quote on one line does not change
/// how the next is read. A line of 256 Ki such assignments is one pass (it was one pass per
/// assignment, seconds of a daemon thread for one body a page chose).
#[test]
fn long_lines_of_quoted_assignments_read_as_short_ones() {
    let code = "u='/a?password='+p+'&token='+t;";
    let line = code.repeat(256 * 1024 / code.len());
    assert_eq!(redact::text(&line), line);
    let lines = format!("{line}\nDon't: password='hunter2' x\n{code}");
    assert_eq!(
        redact::text(&lines),
        format!("{line}\nDon't: password='[redacted]' x\n{code}")
    );
    // An escaped quote is not one; an escape at a line's end does not join the lines.
    assert_eq!(
        redact::text("a = 'it\\'s'; token='tk-1' + x"),
        "a = 'it\\'s'; token='[redacted]' + x"
    );
    let joined = "say(\"it's\") \\\nq('token=' + t)";
    assert_eq!(redact::text(joined), joined);
    let values = "password='v' ".repeat(20_000);
    let redacted = redact::text(&values);
    assert_eq!(redacted, "password='[redacted]' ".repeat(20_000));
}

#[test]
fn json_counts_redactions_and_keeps_structure() {
    let mut value = json!({
        "user": {"name": "bob", "password": "x", "pin": 1234, "session": {"id": "s"}},
        "items": [{"token": "t"}, {"message": "token=abc and secret=def"}],
        "token_type": "Bearer",
        "password_hint": null,
        "otp": "",
        "author": "ann",
    });
    assert_eq!(redact::json(&mut value), 6);
    assert_eq!(value["user"]["name"], "bob");
    assert_eq!(value["user"]["password"], REDACTED);
    assert_eq!(value["user"]["pin"], REDACTED);
    assert_eq!(value["user"]["session"], REDACTED);
    assert_eq!(value["items"][0]["token"], REDACTED);
    assert_eq!(
        value["items"][1]["message"],
        "token=[redacted] and secret=[redacted]"
    );
    assert_eq!(value["token_type"], "Bearer");
    assert_eq!(value["password_hint"], Value::Null);
    assert_eq!(value["otp"], "");
    assert_eq!(value["author"], "ann");

    // An agent's `navigate` to a URL with a password in it, as its operation records it.
    let mut params = json!({"url": "https://bob:hunter2@h.test/a?q=1", "note": "mail bob@h.test"});
    assert_eq!(redact::json(&mut params), 1);
    assert_eq!(params["url"], "https://bob:[redacted]@h.test/a?q=1");
    assert_eq!(params["note"], "mail bob@h.test");
    assert_eq!(redact::json(&mut params), 0, "idempotent");
}

#[test]
fn booleans_under_credential_names_are_kept_and_numbers_are_not() {
    // A flag named like a credential says whether one is there, never what it is.
    let body = r#"{"has_cookie":true,"session":false,"password":null,"pin":1234,"token":"t-1","cookie":["a"]}"#;
    let redacted = redact::body(body, "application/json");
    let value: Value = serde_json::from_str(&redacted).expect("JSON");
    assert_eq!(value["has_cookie"], true);
    assert_eq!(value["session"], false);
    assert_eq!(value["password"], Value::Null);
    for key in ["pin", "token", "cookie"] {
        assert_eq!(value[key], REDACTED, "{key} in {redacted}");
    }
    // Nothing else to redact: the text is kept as it was.
    let flags = r#"{"has_cookie": true, "secure_session": false}"#;
    assert_eq!(redact::body(flags, "application/json"), flags);
    let mut value = json!({"has_cookie": true});
    assert_eq!(redact::json(&mut value), 0);
}

#[test]
fn unchanged_json_bodies_stay_byte_identical() {
    let body = "{ \"z\": 1,\n  \"a\": [1.50, \"author\"] }";
    assert_eq!(redact::body(body, "application/json"), body);
}

#[test]
fn sensitive_names() {
    let sensitive = [
        "password",
        "Passwd",
        "pwd",
        "pass",
        "user_pass",
        "newPassword",
        "secret",
        "client_secret",
        "token",
        "access_token",
        "refresh_token",
        "id_token",
        "accessToken",
        "XAuthToken",
        "auth",
        "Authorization",
        "proxy-authorization",
        "auth_token",
        "x-auth",
        "oauth",
        "authKey",
        "api_key",
        "apikey",
        "api-key",
        "x-api-key",
        "APIKey",
        "key",
        "private_key",
        "session",
        "sessionid",
        "session_id",
        "PHPSESSID",
        "JSESSIONID",
        "connect.sid",
        "sid",
        "cookie",
        "set-cookie",
        "csrf",
        "xsrf",
        "csrf_token",
        "X-CSRF-Token",
        "csrfmiddlewaretoken",
        "signature",
        "sig",
        "credential",
        "credentials",
        "otp",
        "pin",
        "ssn",
        "card",
        "card_number",
        "cardnumber",
        "cc-number",
        "cvv",
        "cvv2",
        "cvc",
        "aws_secret_access_key",
    ];
    for name in sensitive {
        assert!(
            redact::is_sensitive_name(name),
            "{name} should be sensitive"
        );
    }
    let innocuous = [
        "author",
        "authority",
        ":authority",
        "authored_at",
        "authentication_method",
        "keyboard",
        "monkey",
        "keyword",
        "primary_key",
        "passenger",
        "bypass",
        "tokenizer_version",
        "token_type",
        "password_required",
        "session_count",
        "spin",
        "secretary",
        "username",
        "email",
        "code",
        "error",
        "cc",
        "id",
        "name",
        "",
        "content-type",
    ];
    for name in innocuous {
        assert!(
            !redact::is_sensitive_name(name),
            "{name} should not be sensitive"
        );
    }
}

#[test]
fn headers_keep_their_shape() {
    assert_eq!(
        redact::header("Authorization", "Bearer abc"),
        "Bearer [redacted]"
    );
    assert_eq!(redact::header("authorization", "abc"), REDACTED);
    assert_eq!(
        redact::header("Cookie", "a=1; b=2"),
        "a=[redacted]; b=[redacted]"
    );
    assert_eq!(
        redact::header("Set-Cookie", "s=abc; Path=/; HttpOnly"),
        "s=[redacted]; Path=/; HttpOnly"
    );
    assert_eq!(redact::header("X-Auth-Token", "t"), REDACTED);
    assert_eq!(redact::header("Cookie", ""), "");
}

#[test]
fn text_outside_assignments_is_untouched() {
    for text in [
        "The bearer of this letter",
        "WWW-Authenticate: Bearer realm=\"api\"",
        "password reset requested",
        "{\"token\": {\"kind\": \"opaque\"}}",
        "tokens: [1, 2]",
        "ünïcode password",
    ] {
        assert_eq!(redact::text(text), text);
    }
    assert_eq!(
        redact::text("ünï password=ü€x; ok"),
        "ünï password=[redacted]; ok"
    );
}

/// Paging never skips: whatever happens to a capture and however a client pages through it
/// (`--since` the last page's `next_since`, any `--limit`, merging by id), it ends up with every
/// retained record in its final state.
mod paging {
    use std::collections::BTreeMap;

    use bsk_actors::store::Capture;
    use bsk_schema::capture::{OperationSource, StopReason};
    use proptest::prelude::*;
    use serde_json::{Value, json};

    #[derive(Debug, Clone)]
    enum Step {
        Send(u8),
        Finish(u8),
        Fail(u8),
        Log,
        Start,
        End,
        Read(usize),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            4 => (0u8..40).prop_map(Step::Send),
            3 => (0u8..40).prop_map(Step::Finish),
            1 => (0u8..40).prop_map(Step::Fail),
            2 => Just(Step::Log),
            1 => Just(Step::Start),
            1 => Just(Step::End),
            2 => (1usize..7).prop_map(Step::Read),
        ]
    }

    /// A client of one list: pages from its last `next_since`, merging by id.
    #[derive(Default)]
    struct Client {
        since: Option<u64>,
        seen: BTreeMap<String, Value>,
    }

    impl Client {
        fn read(&mut self, page: impl Fn(Option<u64>) -> Value) {
            let page = page(self.since);
            for item in page["items"].as_array().into_iter().flatten() {
                self.seen.insert(
                    item["id"].as_str().unwrap_or_default().to_string(),
                    item.clone(),
                );
            }
            if let Some(next) = page["next_since"].as_u64() {
                self.since = Some(next);
            }
        }

        fn read_to_end(&mut self, page: impl Fn(Option<u64>) -> Value) {
            loop {
                let before = self.since;
                self.read(&page);
                if self.since == before {
                    return;
                }
            }
        }
    }

    fn requests(c: &Capture, since: Option<u64>, limit: usize) -> Value {
        serde_json::to_value(c.requests_page(since, Some(limit), false).expect("a page"))
            .expect("JSON")
    }

    fn console(c: &Capture, since: Option<u64>, limit: usize) -> Value {
        serde_json::to_value(c.console_page(since, Some(limit)).expect("a page")).expect("JSON")
    }

    fn operations(c: &Capture, since: Option<u64>, limit: usize, now: u64) -> Value {
        serde_json::to_value(
            c.operations_page(since, Some(limit), true, false, now)
                .expect("a page"),
        )
        .expect("JSON")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_updates_read_with_any_limit_end_in_every_final_state(
            steps in proptest::collection::vec(step(), 1..250),
            limit in 1usize..7,
        ) {
            let mut c = super::new_capture();
            let (mut reqs, mut logs, mut ops) = (Client::default(), Client::default(), Client::default());
            let mut now = 1_000u64;
            let mut running: Option<String> = None;
            for step in steps {
                now += 37;
                match step {
                    Step::Send(n) => {
                        let params = json!({ "requestId": n.to_string(), "type": "Fetch", "wallTime": now as f64 / 1000.0,
                            "request": { "url": format!("http://a/{n}"), "method": "GET", "headers": {} } });
                        c.apply_network("T", "S", "Network.requestWillBeSent", &params.to_string(), now);
                    }
                    Step::Finish(n) => {
                        let response = json!({ "requestId": n.to_string(), "type": "Fetch", "response": {
                            "url": "x", "status": 200, "statusText": "", "headers": {}, "mimeType": "image/png" } });
                        c.apply_network("T", "S", "Network.responseReceived", &response.to_string(), now);
                        c.apply_network("T", "S", "Network.loadingFinished",
                            &json!({ "requestId": n.to_string(), "encodedDataLength": 1 }).to_string(), now);
                    }
                    Step::Fail(n) => {
                        c.apply_network("T", "S", "Network.loadingFailed",
                            &json!({ "requestId": n.to_string(), "errorText": "net::ERR_FAILED" }).to_string(), now);
                    }
                    Step::Log => {
                        let log = json!({ "type": "log", "args": [{ "type": "string", "value": "x" }] });
                        c.apply_console("T", "Runtime.consoleAPICalled", &log, now);
                    }
                    Step::Start => {
                        running = Some(c.operation_started(OperationSource::Agent, "click", json!({}), now));
                    }
                    Step::End => {
                        if let Some(id) = running.take() {
                            c.operation_ended(&id, Ok("done".into()), now);
                        }
                    }
                    Step::Read(n) => {
                        reqs.read(|since| requests(&c, since, n));
                        logs.read(|since| console(&c, since, n));
                        ops.read(|since| operations(&c, since, n, now));
                    }
                }
            }
            c.stop(StopReason::Stopped, now + 1);
            let end = now + 60_000;
            reqs.read_to_end(|since| requests(&c, since, limit));
            logs.read_to_end(|since| console(&c, since, limit));
            ops.read_to_end(|since| operations(&c, since, limit, end));
            let all = |page: Value| -> BTreeMap<String, Value> {
                page["items"].as_array().into_iter().flatten()
                    .map(|i| (i["id"].as_str().unwrap_or_default().to_string(), i.clone()))
                    .collect()
            };
            let retained = |seen: &BTreeMap<String, Value>, now: &BTreeMap<String, Value>| {
                seen.iter().filter(|(id, _)| now.contains_key(*id))
                    .map(|(id, v)| (id.clone(), v.clone())).collect::<BTreeMap<_, _>>()
            };
            let final_requests = all(requests(&c, None, 100));
            prop_assert_eq!(retained(&reqs.seen, &final_requests), final_requests);
            let final_console = all(console(&c, None, 100));
            prop_assert_eq!(retained(&logs.seen, &final_console), final_console);
            let final_operations = all(operations(&c, None, 100, end));
            prop_assert_eq!(retained(&ops.seen, &final_operations), final_operations);
        }
    }
}

/// Hostile input to the pure parts: no panic, no bound exceeded, redaction idempotent.
mod hostile {
    use bsk_actors::model::{body, redact};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn text_redaction_never_panics_and_is_idempotent(text in "\\PC{0,300}") {
            let once = redact::text(&text);
            prop_assert_eq!(redact::text(&once), once.clone());
            let header = redact::header("x-custom", &text);
            prop_assert_eq!(redact::header("x-custom", &header), header);
            let _ = redact::url(&text);
            let _ = redact::form(&text);
            let _ = redact::body(&text, "application/json");
        }

        #[test]
        fn secret_assignments_lose_their_value(value in "[A-Za-z0-9]{6,40}", sep in "[=:]") {
            let text = format!("note password{sep}{value} done");
            prop_assert!(!redact::text(&text).contains(&value));
        }

        #[test]
        fn body_slices_reassemble_the_text_within_their_bound(
            text in "\\PC{0,400}",
            max in 1usize..64,
        ) {
            let mut offset = 0;
            let mut joined = String::new();
            loop {
                let slice = body::slice(&text, offset, Some(max)).expect("a slice");
                // A one-unit window at a surrogate pair carries the pair, so reading progresses.
                prop_assert!(body::utf16_len(&slice.text) <= max.max(2));
                joined.push_str(&slice.text);
                match slice.next_offset {
                    Some(next) => { prop_assert!(next > offset); offset = next; }
                    None => break,
                }
            }
            prop_assert_eq!(joined, text);
        }

        #[test]
        fn pointers_never_panic(pointer in "\\PC{0,40}") {
            let _ = body::pointer(r#"{"a":[1,{"b~/":2}],"":{"":3}}"#, &pointer);
        }

        #[test]
        fn lenient_json_never_panics(raw in "\\PC{0,200}") {
            let mut value: serde_json::Value = serde_json::from_str(&raw).unwrap_or(serde_json::Value::String(raw));
            let _ = redact::json(&mut value);
        }
    }
}

/// The Rust rule decides every case of the hand-decided table the page observer's JavaScript
/// and the extension's tests run too (`schema/fixtures/sensitive-fields/cases.json`).
#[test]
fn sensitive_fields_are_decided_as_the_shared_table_says() {
    let table: Value = serde_json::from_str(include_str!(
        "../../schema/fixtures/sensitive-fields/cases.json"
    ))
    .expect("the table is JSON");
    let cases = table["cases"].as_array().expect("cases");
    assert!(cases.len() >= 60, "{table}");
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let a = |k: &str| case[k].as_str().unwrap_or_default();
            let said = bsk_actors::model::redact::is_secret_field(
                a("type"),
                a("autocomplete"),
                a("name"),
                a("id"),
            );
            (Some(said) != case["secret"].as_bool())
                .then(|| format!("{}: the rule says {said}", a("case")))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}
