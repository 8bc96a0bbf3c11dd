//! Captures: their state, counters, coverage and history.

use bsk_schema::capture::RunInfo;
use bsk_schema::debug::DebugAction;
use bsk_schema::hint::{Surface, Verb};
use bsk_schema::mcp::ActAction;
use bsk_schema::words;

use super::name;

pub(super) fn run_lines(run: &RunInfo, surface: Surface) -> String {
    let c = &run.counters;
    let mut lines = vec![format!(
        "{} {}{} tab {} — {} requests, {} console, {} operations, {} pages, {} text units",
        run.run_id,
        name(run.state),
        run.stop_reason
            .as_ref()
            .map(|r| format!(" ({})", stop_reason(r)))
            .unwrap_or_default(),
        run.tab_id,
        run.requests,
        run.console,
        run.operations,
        run.pages,
        run.text_units,
    )];
    if run.coverage.screenshots {
        let read = match surface {
            Surface::Cli => Verb::Debug(DebugAction::Operation)
                .with("id", "oN")
                .with("screenshot", "FILE"),
            Surface::Mcp => Verb::Debug(DebugAction::Operation)
                .with("id", "oN")
                .with("screenshot", true),
        };
        lines.push(
            words![
                "  filmstrip: a masked picture after each agent operation (",
                read,
                ")"
            ]
            .said(surface),
        );
    }
    if let Some(emulation) = &run.emulation {
        lines.push(
            words![
                format!("  emulating: {} (", emulation.label()),
                Verb::Act(ActAction::Emulate).run(),
                ")"
            ]
            .said(surface),
        );
    }
    let counted = [
        ("requests evicted", c.requests_evicted),
        ("console evicted", c.console_evicted),
        ("operations evicted", c.operations_evicted),
        ("pages evicted", c.pages_evicted),
        ("bodies evicted", c.bodies_evicted),
        ("bodies truncated", c.bodies_truncated),
        ("bodies saturated", c.bodies_saturated),
        (
            "bodies read on a second try (the queue had been full)",
            c.bodies_refetched,
        ),
        (
            "body fetches skipped (request evicted first)",
            c.body_fetches_skipped,
        ),
        ("bodies past deadline", c.bodies_deadline),
        (
            "body reads failed in bsk (see the daemon log)",
            c.bodies_read_failed,
        ),
        ("events dropped", c.events_dropped),
        (
            "raw header sets dropped (came before their request, past the bound)",
            c.extra_info_dropped,
        ),
        (
            "iframes over the 16 limit",
            run.coverage.iframe_targets_over_limit,
        ),
        ("iframe set-up failures", run.coverage.iframe_setup_failed),
        ("iframes attached late", run.coverage.iframe_targets_late),
        (
            "workers over the 8 limit",
            run.coverage.worker_targets_over_limit,
        ),
        (
            "pictures dropped (at most 40 of 48 KiB each, or not taken)",
            c.pictures_dropped,
        ),
    ];
    let flags: Vec<String> = counted
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(what, n)| format!("{n} {what}"))
        .collect();
    if !flags.is_empty() {
        lines.push(format!("  limits: {}", flags.join(", ")));
    }
    if run.limits.profile == bsk_schema::capture::CaptureProfile::Load {
        lines.push(
            words![
                format!(
                    "  load profile: up to {} requests, {} console entries, {} text units ({} MiB reserved); \
                     history keeps the newest 200 requests, ",
                    run.limits.max_requests,
                    run.limits.max_console,
                    run.limits.text_budget,
                    run.limits.memory_reserved.div_ceil(1024 * 1024)
                ),
                Verb::Debug(DebugAction::Export).with("output", "FILE"),
                " has everything"
            ]
            .said(surface),
        );
    }
    lines.push(format!(
        "  iframes captured: {}",
        run.coverage.iframe_targets
    ));
    lines.extend(workers_line(&run.coverage, surface));
    if run.coverage.late_start {
        lines.push(
            "  late start: capture began on a page that had already loaded; its load and earlier traffic are missing"
                .into(),
        );
    }
    lines.push(match (&run.history.available, &run.history.reason) {
        (true, _) => match run.history.spacing_ms {
            Some(ms) => format!(
                "  history: {} checkpoints saved, now every {:.1} s (the browser is busy: each save waits 50× as long as the last took)",
                run.history.checkpoints,
                ms as f64 / 1000.0
            ),
            None => format!("  history: {} checkpoints saved", run.history.checkpoints),
        },
        (false, Some(reason)) => format!("  history: unavailable — {reason}"),
        (false, None) => "  history: unavailable".into(),
    });
    lines.join("\n")
}

/// Why a capture stopped, in the words the evidence page uses too ([`StopReason::words`]).
///
/// [`StopReason::words`]: bsk_schema::capture::StopReason::words
pub(super) fn stop_reason(reason: &bsk_schema::capture::StopReason) -> String {
    match reason {
        bsk_schema::capture::StopReason::ActorPanicked { actor } => {
            format!("{} (the {actor} actor)", reason.words())
        }
        other => other.words().to_string(),
    }
}

pub(super) fn status(runs: &[RunInfo], surface: Surface) -> String {
    if runs.is_empty() {
        return words![
            "no captures in this session; start one with ",
            Verb::Debug(DebugAction::Start).with("sessionId", "<id>")
        ]
        .said(surface);
    }
    runs.iter()
        .map(|run| run_lines(run, surface))
        .collect::<Vec<_>>()
        .join("\n")
}

/// What the capture says of workers: how many it captured, and whether their traffic is in it.
pub(super) fn workers_line(
    coverage: &bsk_schema::capture::Coverage,
    surface: Surface,
) -> Option<String> {
    match (coverage.workers, coverage.worker_targets) {
        (true, n) => Some(format!(
            "  workers captured: {n} (their requests and console, each labelled with its worker){}",
            if coverage.shared_workers_not_covered {
                "; shared workers not covered (the tab is in the person's own browser context)"
            } else {
                ""
            }
        )),
        (false, 0) if coverage.worker_traffic_not_recorded == 0 => None,
        (false, _) => Some(
            words![
                format!(
                    "  workers: {} seen, their traffic is not recorded (their console is); ",
                    coverage.worker_traffic_not_recorded
                ),
                Verb::Debug(DebugAction::Start).with("workers", true),
                " records it"
            ]
            .said(surface),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_actors::store::{Capture, RunMeta};

    fn history_line(history: bsk_schema::capture::HistoryStatus) -> String {
        let mut run = Capture::new(RunMeta {
            run_id: "r".into(),
            session: "s".into(),
            task_id: 1,
            name: None,
            tab_id: "TAB".into(),
            started_at: 0,
        })
        .run_info();
        run.history = history;
        let lines = run_lines(&run, Surface::Cli);
        let line = lines.lines().find(|l| l.contains("history:"));
        line.expect("a history line").trim().to_string()
    }

    #[test]
    fn the_history_line_says_when_a_busy_browser_spaces_checkpoints() {
        let saved = |spacing_ms| bsk_schema::capture::HistoryStatus {
            available: true,
            reason: None,
            checkpoints: 7,
            last_checkpoint_at: Some(1),
            spacing_ms,
        };
        assert_eq!(history_line(saved(None)), "history: 7 checkpoints saved");
        assert!(
            history_line(saved(Some(6_000)))
                .starts_with("history: 7 checkpoints saved, now every 6.0 s (the browser is busy"),
            "{}",
            history_line(saved(Some(6_000)))
        );
        let unavailable = bsk_schema::capture::HistoryStatus {
            available: false,
            reason: Some("no extension".into()),
            ..saved(None)
        };
        assert_eq!(
            history_line(unavailable),
            "history: unavailable — no extension"
        );
    }
}
