//! A small run of the load driver (`bsk_load_tests::driver`, `make bench` at full size) so the
//! benchmark cannot rot: one agent, a tiny burst and a short flood, through this build's `bsk`
//! binary and real Chromium. It checks accounting and that everything was measured, never how
//! fast anything was.

use std::path::Path;

use bsk_load_tests::driver::{self, Config};

#[tokio::test(flavor = "multi_thread")]
async fn a_small_load_run_accounts_for_every_request() {
    let work = std::env::temp_dir().join(format!("bsk-load-smoke-{}", std::process::id()));
    let config = Config::smoke(Path::new(env!("CARGO_BIN_EXE_bsk")), &work);
    let report = driver::run(&config).await.expect("the driver runs");
    assert!(
        report.errors.is_empty(),
        "phase errors: {:?}",
        report.errors
    );

    let burst = &report.parallel[0].scenarios[0];
    assert!(burst.errors.is_empty(), "{:?}", burst.errors);
    assert_eq!(burst.captures, 1);
    let a = &burst.accounting;
    assert_eq!(a.server_seen, 21, "the page and its 20 fetches: {a:?}");
    assert_eq!(a.unaccounted, 0, "{a:?}");
    assert_eq!(
        a.retained, a.server_seen,
        "21 requests fit every bound: {a:?}"
    );
    assert_eq!(a.requests_seen, a.server_seen, "{a:?}");
    assert_eq!(
        (a.summary_reached, a.summary_difference),
        (a.server_seen, 0),
        "the summary counts what the server saw: {a:?}"
    );
    let overhead = burst.overhead.expect("page times with capture on and off");
    assert!(
        overhead.is_finite() && overhead > 0.0,
        "overhead {overhead}"
    );
    assert!(burst.cpu.daemon_s_per_1k.is_some_and(f64::is_finite));
    // Chromium's CPU is split by process, and the split is whole: the browser process and the
    // page's renderer are told apart by their command lines, and every process counts once.
    let by_kind = burst.cpu.on.chromium_by_kind;
    assert!(
        by_kind.browser > 0.0 && by_kind.renderer > 0.0,
        "the browser process and the page's renderer spent CPU: {by_kind:?}"
    );
    let split: f64 = by_kind.parts().iter().map(|(_, s)| s).sum();
    assert!(
        (split - burst.cpu.on.chromium_s).abs() < 1e-6,
        "{split} of {} s",
        burst.cpu.on.chromium_s
    );
    assert!(burst.cpu.chromium_s_per_1k_over_floor_by_kind.is_some());
    // bsk's whole cost over the floor, and on / floor by CPU beside the cores the floor kept
    // busy (a sign either way: one agent's tiny page leaves the machine mostly idle).
    let cpu = &burst.cpu;
    assert!(
        cpu.bsk_s_per_1k_over_floor.is_some_and(f64::is_finite),
        "{cpu:?}"
    );
    assert!(
        cpu.over_floor_by_cpu
            .is_some_and(|r| r.is_finite() && r > 0.0),
        "{cpu:?}"
    );
    assert!(
        cpu.floor_cores_busy
            .is_some_and(|c| c.is_finite() && c > 0.0),
        "{cpu:?}"
    );
    // The extension stored the capture's checkpoints: the first at start and the last at stop.
    assert!(
        burst.checkpoints >= 2,
        "checkpoints of one capture: {}",
        burst.checkpoints
    );
    // The do-nothing CDP client attached and the page still completed under it.
    assert_eq!(
        burst.runs_floor.len(),
        burst.runs_off.len(),
        "a floor time beside every off time"
    );
    assert!(
        burst
            .floor_overhead
            .is_some_and(|r| r.is_finite() && r > 0.0)
    );
    // On / floor is also paired within each repetition.
    let paired = &burst.over_floor_paired;
    assert_eq!(
        paired.by_rep.len(),
        config.reps,
        "a ratio per repetition: {paired:?}"
    );
    let (median, (min, max)) = (paired.median(), paired.range().expect("a range"));
    assert!(median.is_some_and(|m| min <= m && m <= max), "{paired:?}");

    let flood = &report.latency[0];
    assert!(flood.errors.is_empty(), "{:?}", flood.errors);
    assert!(flood.requests_flood.samples > 0 && flood.status_flood.samples > 0);
    assert!(flood.requests_flood.p99_ms.is_some() && flood.requests_idle.p50_ms.is_some());
    assert_eq!(flood.accounting.unaccounted, 0, "{:?}", flood.accounting);
    assert!(flood.accounting.server_seen > 0);

    let tables = report.markdown();
    assert!(tables.contains("| 1 (1, 1) | burst |"), "{tables}");
    let _ = std::fs::remove_dir_all(&work);
}
