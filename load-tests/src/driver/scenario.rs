//! The scenarios: which load page to open, with which parameters.

use std::time::Duration;

use serde::Serialize;

/// One load page and its parameters. Every page tags each request with the run's tag and sets
/// `window.__done` when its traffic has finished (see `load-tests/site/load-*.html`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Scenario {
    /// `/load/traffic`: `bursts` bursts of `burst` parallel fetches, then `rate` fetches per
    /// second for `secs` seconds; answers of `bytes` bytes, every 10th fetch a POST.
    Traffic {
        bursts: u32,
        burst: u32,
        rate: u32,
        secs: u32,
        bytes: u32,
    },
    /// `/load/bodies`: bodies past every bound and three answers arriving after `slow_ms`.
    Bodies { slow_ms: u32 },
    /// `/load/binary`: binary downloads and uploads, multipart, form and JSON posts.
    Binary { rounds: u32 },
    /// `/load/frames`: `frames` cross-site iframes, each with `per` fetches and console logs.
    Frames { frames: u32, per: u32 },
    /// `/load/console`: `messages` console messages and a few exceptions.
    Console { messages: u32 },
    /// `/load/form`: the agent fills and submits a form (4 operations through the CLI).
    Form,
}

impl Scenario {
    /// The high-traffic page: 3 bursts of 200 fetches, then 100 fetches/s for 4 s.
    pub const HIGH_TRAFFIC: Scenario = Scenario::Traffic {
        bursts: 3,
        burst: 200,
        rate: 100,
        secs: 4,
        bytes: 256,
    };

    /// Bursts only: 5 bursts of 200 fetches, no sustained phase, so every millisecond of the
    /// page-complete time is request handling (the harshest overhead case).
    pub const BURST: Scenario = Scenario::Traffic {
        bursts: 5,
        burst: 200,
        rate: 0,
        secs: 0,
        bytes: 256,
    };

    /// The flood the responsiveness phase reads during: 2 bursts of 200, then 200/s for 10 s.
    pub const FLOOD: Scenario = Scenario::Traffic {
        bursts: 2,
        burst: 200,
        rate: 200,
        secs: 10,
        bytes: 256,
    };

    /// Every scenario at its benchmark size.
    pub fn all() -> Vec<Scenario> {
        vec![
            Scenario::HIGH_TRAFFIC,
            Scenario::BURST,
            Scenario::Bodies { slow_ms: 11_000 },
            Scenario::Binary { rounds: 4 },
            Scenario::Frames { frames: 16, per: 6 },
            Scenario::Console { messages: 1000 },
            Scenario::Form,
        ]
    }

    /// A short, stable name for tables and tags.
    pub fn name(&self) -> &'static str {
        match self {
            Scenario::Traffic { rate: 0, .. } => "burst",
            Scenario::Traffic { .. } => "traffic",
            Scenario::Bodies { .. } => "bodies",
            Scenario::Binary { .. } => "binary",
            Scenario::Frames { .. } => "frames",
            Scenario::Console { .. } => "console",
            Scenario::Form => "form",
        }
    }

    /// What the scenario does, for the report.
    pub fn describe(&self) -> String {
        match *self {
            Scenario::Traffic {
                bursts,
                burst,
                rate,
                secs,
                bytes,
            } => format!(
                "{bursts}×{burst} fetches in bursts, then {rate}/s for {secs} s ({} requests, {bytes} B answers)",
                self.requests().unwrap_or_default()
            ),
            Scenario::Bodies { slow_ms } => format!(
                "1 MiB, 300 KiB, 200 K-char and 12×48 KiB bodies, a 100 KiB upload, 3 answers after {} s",
                f64::from(slow_ms) / 1000.0
            ),
            Scenario::Binary { rounds } => format!(
                "{rounds} rounds of binary downloads (64 KiB, 1 MiB, PNG), binary/multipart/form/JSON uploads"
            ),
            Scenario::Frames { frames, per } => format!(
                "{frames} cross-site iframes (f0…f{}.localhost), {per} fetches and {per} console logs each",
                frames.saturating_sub(1)
            ),
            Scenario::Console { messages } => {
                format!("{messages} console messages in all levels, 5 exceptions, 8 fetches")
            }
            Scenario::Form => {
                "fill name and email, select a plan, click save (4 agent operations), cross-site widget"
                    .into()
            }
        }
    }

    /// The page's path and query for a run tagged `tag`.
    pub fn path(&self, tag: &str) -> String {
        let query = match *self {
            Scenario::Traffic {
                bursts,
                burst,
                rate,
                secs,
                bytes,
            } => format!(
                "/load/traffic?bursts={bursts}&burst={burst}&rate={rate}&secs={secs}&bytes={bytes}"
            ),
            Scenario::Bodies { slow_ms } => format!("/load/bodies?slow={slow_ms}"),
            Scenario::Binary { rounds } => format!("/load/binary?rounds={rounds}"),
            Scenario::Frames { frames, per } => {
                format!("/load/frames?n={frames}&per={per}&logs={per}")
            }
            Scenario::Console { messages } => format!("/load/console?n={messages}"),
            Scenario::Form => "/load/form?".into(),
        };
        let sep = if query.ends_with('?') { "" } else { "&" };
        format!("{query}{sep}tag={tag}")
    }

    /// How many requests the page makes, when fixed by its parameters (document included).
    pub fn requests(&self) -> Option<u32> {
        match *self {
            Scenario::Traffic {
                bursts,
                burst,
                rate,
                secs,
                ..
            } => Some(1 + bursts * burst + rate * secs),
            Scenario::Bodies { .. } => Some(1 + 7 + 12),
            Scenario::Binary { rounds } => Some(1 + 8 * rounds),
            Scenario::Frames { frames, per } => Some(1 + 2 + frames * (1 + per)),
            Scenario::Console { .. } => Some(1 + 8),
            Scenario::Form => None,
        }
    }

    /// Longest the page may take to finish, however loaded the machine.
    pub fn deadline(&self) -> Duration {
        match *self {
            Scenario::Traffic {
                bursts,
                burst,
                secs,
                ..
            } => Duration::from_secs(60 + u64::from(secs) * 3 + u64::from(bursts * burst) / 20),
            Scenario::Bodies { slow_ms } => Duration::from_millis(u64::from(slow_ms) + 60_000),
            _ => Duration::from_secs(90),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_carry_the_tag_last() {
        assert_eq!(
            Scenario::Console { messages: 5 }.path("t-1"),
            "/load/console?n=5&tag=t-1"
        );
        assert_eq!(Scenario::Form.path("t"), "/load/form?tag=t");
        assert!(Scenario::HIGH_TRAFFIC.path("x").ends_with("&tag=x"));
    }

    #[test]
    fn request_counts_follow_the_parameters() {
        assert_eq!(Scenario::HIGH_TRAFFIC.requests(), Some(1001));
        assert_eq!(
            Scenario::Frames { frames: 16, per: 6 }.requests(),
            Some(115)
        );
        let names: Vec<&str> = Scenario::all().iter().map(Scenario::name).collect();
        assert_eq!(
            names,
            [
                "traffic", "burst", "bodies", "binary", "frames", "console", "form"
            ]
        );
    }
}
