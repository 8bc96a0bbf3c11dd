//! The event → store path on recorded CDP traffic: what the daemon does for every browser event
//! of a capture, without the browser. `traffic.jsonl` is one traffic page's events as Chromium
//! sent them (`bsk-load --record-cdp actors/benches/traffic.jsonl`); each iteration reads every
//! message as the daemon does (the envelope, then a network event's typed view) and applies it
//! to a capture, under request ids made fresh outside the measured time, so that every iteration
//! records new requests (and, past 200, evicts). Run with `cargo bench -p bsk-actors`; the figure to
//! watch is the time per request.

use std::hint::black_box;

use bsk_actors::store::{Capture, NETWORK_EVENTS, RunMeta};
use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use serde::Deserialize;
use serde_json::value::RawValue;

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

/// One CDP message as the daemon's reader takes it: the method, and the params left as text.
#[derive(Deserialize)]
struct Message<'a> {
    method: Option<&'a str>,
    #[serde(borrow)]
    params: Option<&'a RawValue>,
}

/// Applies one raw CDP message as the daemon does: the reader's envelope, then a network
/// event read into its typed view and applied to the store.
fn apply(capture: &mut Capture, line: &str) {
    let message: Message = serde_json::from_str(line).expect("a recorded CDP message");
    let (Some(method), Some(params)) = (message.method, message.params) else {
        return;
    };
    if !NETWORK_EVENTS.contains(&method) {
        return;
    }
    let jobs = capture.apply_network("TAB", "S", method, params.get(), 0);
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
