//! The daemon's pool of browsers (`b1`, `b2`, …, never empty) and the choice of one for a new
//! session: the least loaded that is not down. Connecting a browser and counting its sessions
//! are the daemon's ([`super::placement`]); the choice itself is pure and tested here.

use bsk_schema::hint;
use bsk_schema::words;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};

use super::browser::BrowserSlot;
use crate::browser::{BrowserSource, Visibility};
use crate::error::{Failure, Result};

#[derive(Debug)]
pub(super) struct Pool {
    browsers: Vec<Arc<BrowserSlot>>,
    /// Held while choosing a browser for a new session, so the loads it compares are current.
    choosing: Mutex<()>,
}

impl Pool {
    /// One browser per source, in order; a launched one when none is given.
    pub(super) fn new(sources: &[BrowserSource]) -> Pool {
        let browsers = if sources.is_empty() {
            let launched = BrowserSource::Launch(Visibility::decide(None, None));
            vec![Arc::new(BrowserSlot::new(0, launched))]
        } else {
            sources
                .iter()
                .enumerate()
                .map(|(index, source)| Arc::new(BrowserSlot::new(index, source.clone())))
                .collect()
        };
        Pool {
            browsers,
            choosing: Mutex::new(()),
        }
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = &Arc<BrowserSlot>> {
        self.browsers.iter()
    }

    /// Whether the pool has more than one browser (messages then name which one).
    pub(super) fn is_shared(&self) -> bool {
        self.browsers.len() > 1
    }

    /// The first browser: where the history list opens for a person.
    pub(super) fn first(&self) -> Arc<BrowserSlot> {
        self.browsers[0].clone()
    }

    /// The browser named `name`.
    pub(super) fn slot(&self, name: &str) -> Result<Arc<BrowserSlot>> {
        self.browsers
            .iter()
            .find(|slot| slot.name == name)
            .cloned()
            .ok_or_else(|| {
                let names: Vec<&str> = self.browsers.iter().map(|b| b.name.as_str()).collect();
                Failure::not_found(format!("no browser {name} in this daemon's pool")).hint(words![
                    format!("its browsers are {}; ", names.join(", ")),
                    hint::STATUS,
                    " shows each one's sessions"
                ])
            })
    }

    /// Chooses the browser for a new session among those not `tried`: one that is not down
    /// before one that is, then the fewest sessions (`sessions` of it plus those being placed on
    /// it), then the pool's order. The guard counts the session as being placed until dropped,
    /// so sessions started at once spread.
    pub(super) fn choose(
        &self,
        sessions: impl Fn(&BrowserSlot) -> usize,
        tried: &[String],
    ) -> Option<(Arc<BrowserSlot>, Placing)> {
        let _choosing = self.choosing.lock().unwrap_or_else(|p| p.into_inner());
        self.browsers
            .iter()
            .enumerate()
            .filter(|(_, slot)| !tried.contains(&slot.name))
            .min_by_key(|(index, slot)| {
                let load = sessions(slot) + slot.placing.load(Ordering::Relaxed);
                (slot.is_down(), load, *index)
            })
            .map(|(_, slot)| (slot.clone(), Placing::new(slot)))
    }
}

/// Counts a session as being placed on a browser until dropped.
pub(super) struct Placing(Arc<BrowserSlot>);

impl Placing {
    pub(super) fn new(slot: &Arc<BrowserSlot>) -> Placing {
        slot.placing.fetch_add(1, Ordering::Relaxed);
        Placing(slot.clone())
    }
}

impl Drop for Placing {
    fn drop(&mut self) {
        self.0.placing.fetch_sub(1, Ordering::Relaxed);
    }
}

/// No browser of the pool could be started: each one's reason.
pub(super) fn no_browser(mut failures: Vec<(String, Failure)>) -> Failure {
    if failures.len() == 1 {
        return failures.remove(0).1;
    }
    let reasons: Vec<String> = failures
        .iter()
        .map(|(name, failure)| format!("{name}: {}", failure.0.message))
        .collect();
    Failure::browser(format!(
        "no browser of the pool could be started ({})",
        reasons.join("; ")
    ))
    .hint(words![
        hint::STATUS,
        " shows each browser; check the daemon's --cdp-url endpoints, or ",
        hint::DAEMON_STOP,
        " and start again"
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(n: usize) -> Pool {
        let sources: Vec<BrowserSource> = (0..n)
            .map(|i| BrowserSource::Attach(format!("ws://127.0.0.1:1/devtools/browser/{i}")))
            .collect();
        Pool::new(&sources)
    }

    fn chosen(pool: &Pool, sessions: &[usize], tried: &[&str]) -> Option<String> {
        let tried: Vec<String> = tried.iter().map(|t| t.to_string()).collect();
        let by_name = |slot: &BrowserSlot| {
            let index: usize = slot.name[1..].parse().expect("bN");
            sessions[index - 1]
        };
        pool.choose(by_name, &tried)
            .map(|(slot, _placing)| slot.name.clone())
    }

    #[test]
    fn a_new_session_goes_to_the_browser_with_the_fewest_sessions_first_in_order_on_a_tie() {
        let pool = pool(3);
        assert_eq!(chosen(&pool, &[2, 1, 1], &[]).as_deref(), Some("b2"));
        assert_eq!(chosen(&pool, &[0, 0, 0], &[]).as_deref(), Some("b1"));
        assert_eq!(chosen(&pool, &[1, 1, 0], &[]).as_deref(), Some("b3"));
    }

    #[test]
    fn sessions_being_placed_count_so_starts_at_once_spread() {
        let pool = pool(2);
        let (first, _placing_first) = pool.choose(|_| 0, &[]).expect("a browser");
        let (second, placing_second) = pool.choose(|_| 0, &[]).expect("a browser");
        assert_eq!((first.name.as_str(), second.name.as_str()), ("b1", "b2"));
        drop(placing_second);
        assert_eq!(
            second.placing.load(Ordering::Relaxed),
            0,
            "the guard let go"
        );
        assert_eq!(first.placing.load(Ordering::Relaxed), 1);
    }

    #[test]
    fn a_browser_that_is_down_or_already_tried_is_passed_over() {
        let pool = pool(2);
        pool.slot("b1")
            .expect("b1")
            .mark_down("cannot launch".into());
        assert_eq!(chosen(&pool, &[0, 5], &[]).as_deref(), Some("b2"));
        assert_eq!(
            chosen(&pool, &[0, 0], &["b2"]).as_deref(),
            Some("b1"),
            "down, but the only one left"
        );
        assert_eq!(chosen(&pool, &[0, 0], &["b1", "b2"]), None);
    }

    #[test]
    fn an_unknown_browser_name_lists_the_pool() {
        let failure = pool(2).slot("b9").expect_err("no b9");
        assert!(failure.0.message.contains("no browser b9"), "{failure:?}");
        assert!(
            failure
                .0
                .hint
                .as_ref()
                .is_some_and(|h| h.contains("b1, b2")),
            "{failure:?}"
        );
        assert_eq!(
            pool(0).first().name,
            "b1",
            "an empty list of sources launches one"
        );
    }
}
