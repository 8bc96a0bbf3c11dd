//! The event → store path on recorded CDP traffic: what the daemon does for every browser event
//! of a capture, without the browser. `traffic.jsonl` is one traffic page's events as Chromium
//! sent them (`bsk-load --record-cdp actors/benches/traffic.jsonl`); each iteration reads every
//! message as the daemon does (the envelope, then a network event's typed view) and applies it
//! to a capture, under request ids made fresh outside the measured time, so that every iteration
//! records new requests (and, past 200, evicts). Run with `cargo bench -p bsk-actors`; the figure to
//! watch is the time per request. `reader_envelope` times the reader's share alone, and
//! `body_redaction` the redaction of retained JSON bodies.

use std::hint::black_box;

use bsk_actors::cdp::{EventKind, Records};
use bsk_actors::cdp::{Params, event_parts};
use bsk_actors::store::{Capture, RunMeta};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};

const RECORDED: &str = include_str!("traffic.jsonl");

fn capture() -> Capture {
    Capture::new(RunMeta {
        run_id: "bench".into(),
        session: "s".into(),
        task_id: 1,
        name: None,
        tab_id: "TAB".into(),
        started_at: 0,
    })
}

/// Applies one raw CDP message as the daemon does: the reader finds the event's parts by their
/// places, then a network event is read into its typed view and applied to the store.
fn apply(capture: &mut Capture, line: &str) {
    let event = event_parts(line).expect("a recorded CDP event");
    let kind = EventKind::parse(event.method);
    if kind.roles().records != Some(Records::Network) {
        return;
    }
    let jobs = capture.apply_network("TAB", "S", kind, event.params, 0);
    black_box(jobs);
}

/// The recorded messages with every request id made unique to `round`, so that each iteration
/// records new requests (outside the measured time).
fn round_of(lines: &[&str], round: u64) -> Vec<String> {
    let unique = format!("\"requestId\":\"{round}.");
    lines
        .iter()
        .map(|line| line.replace("\"requestId\":\"", &unique))
        .collect()
}

fn bench(c: &mut Criterion) {
    let lines: Vec<&str> = RECORDED.lines().filter(|l| !l.is_empty()).collect();
    let requests = lines
        .iter()
        .filter(|l| l.contains("\"Network.requestWillBeSent\""))
        .count() as u64;
    let mut group = c.benchmark_group("event_to_store");
    group.throughput(Throughput::Elements(requests));
    let mut store = capture();
    let mut round = 0;
    group.bench_function("recorded_traffic_page", |b| {
        b.iter_batched(
            || {
                round += 1;
                round_of(&lines, round)
            },
            |messages| {
                for line in &messages {
                    apply(&mut store, line);
                }
            },
            BatchSize::LargeInput,
        )
    });
    group.finish();

    // The reader's share: taking each message it parses apart into an owned method, params
    // text and session, as the daemon's reader hands them over. By layout is what it does;
    // parsed whole (params checked as JSON, then copied as text) is what it did before, kept
    // here as the yardstick. `Network.dataReceived`, which the reader drops unread, is left out.
    let read: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.starts_with(r#"{"method":"Network.dataReceived","#))
        .collect();
    let mut group = c.benchmark_group("reader_envelope");
    group.throughput(Throughput::Elements(requests));
    group.bench_function("by_layout", |b| {
        b.iter(|| {
            for line in &read {
                let event = event_parts(black_box(line)).expect("Chromium's layout");
                black_box((
                    event.method.to_string(),
                    Params::from_text(event.params),
                    event.session_id.map(str::to_string),
                ));
            }
        })
    });
    group.bench_function("parsed_whole", |b| {
        b.iter(|| {
            for line in &read {
                black_box(serde_json::from_str::<Envelope>(black_box(line)).ok());
            }
        })
    });
    group.finish();
}

/// A message parsed whole, as the reader did before it read events by their layout.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
struct Envelope {
    method: Option<String>,
    params: Option<Box<serde_json::value::RawValue>>,
    session_id: Option<String>,
}

/// Retained JSON bodies redacted (`redact::body`): most hold nothing to redact, and are read
/// without building the document; one that does is built, redacted and written again.
fn body_redaction(c: &mut Criterion) {
    use bsk_actors::model::redact;
    // The traffic page's API answer, as the scenario site sends it.
    let small = format!(
        r#"{{"i":"999","method":"POST","received":94,"pad":"{}"}}"#,
        "x".repeat(256)
    );
    // A listing of 40 objects, about 8 KB: ids, names, URLs, nested objects, a null or two.
    let items: Vec<String> = (0..40)
        .map(|i| {
            format!(
                r#"{{"id":{i},"uuid":"7c9e6679-7425-40de-944b-e07fc1f90a{i:02}","name":"Item {i}","url":"https://shop.example.com/items/{i}?ref=list","price":{{"amount":{}.99,"currency":"EUR"}},"tags":["new","sale"],"owner":null}}"#,
                i * 3
            )
        })
        .collect();
    let listing = format!(r#"{{"page":1,"items":[{}]}}"#, items.join(","));
    let secret = listing.replacen(r#""owner":null"#, r#""password":"hunter2""#, 1);
    let mut group = c.benchmark_group("body_redaction");
    for (name, body) in [
        ("small_clean", &small),
        ("listing_clean", &listing),
        ("listing_with_a_secret", &secret),
    ] {
        group.throughput(Throughput::Bytes(body.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| black_box(redact::body(black_box(body), "application/json")))
        });
    }
    group.finish();
}

criterion_group!(benches, bench, body_redaction);
criterion_main!(benches);
