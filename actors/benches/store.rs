//! The event → store path on recorded CDP traffic: what the daemon does for every browser event
//! of a capture, without the browser. `traffic.jsonl` is one traffic page's events as Chromium
//! sent them (`bsk-load --record-cdp actors/benches/traffic.jsonl`); each iteration parses every
//! message and applies it to a capture, under fresh request ids so that every iteration records
//! new requests (and, past 200, evicts). Run with `cargo bench -p bsk-actors`; the figure to
//! watch is the time per request.

use std::hint::black_box;

use bsk_actors::store::{Capture, NETWORK_EVENTS, RunMeta};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use serde_json::Value;

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

/// Applies one raw CDP message as the daemon does: parse, then hand a network event to the
/// store. `round` makes its request id unique across iterations.
fn apply(capture: &mut Capture, line: &str, round: u64) {
    let mut message: Value = serde_json::from_str(line).expect("a recorded CDP message");
    let method = message["method"].as_str().unwrap_or_default().to_string();
    if !NETWORK_EVENTS.contains(&method.as_str()) {
        return;
    }
    let params = &mut message["params"];
    if let Some(id) = params["requestId"].as_str() {
        params["requestId"] = Value::String(format!("{round}.{id}"));
    }
    let jobs = capture.apply_network("TAB", "S", &method, params, 0);
    black_box(jobs);
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
        b.iter(|| {
            round += 1;
            for line in &lines {
                apply(&mut store, line, round);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
