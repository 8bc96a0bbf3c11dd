//! Worker scripts awaited: a dedicated worker's attach travels in the control lane, ahead of the
//! page's evidence, so it can come before the page's request for the worker's script. The script
//! is then awaited, so that its request (whose end the page never sees) is known for what it is
//! when it comes. The store (which ends its body) and settling (which stops waiting for it) keep
//! one each, on their own clocks; the rule is this one.

use std::collections::VecDeque;

use crate::bounds::MAX_AWAITED_WORKER_SCRIPTS;

/// Script URLs awaited, each with when its worker attached (`T`: the keeper's clock), oldest
/// first; at most [`MAX_AWAITED_WORKER_SCRIPTS`], the oldest let go first.
#[derive(Debug, Clone)]
pub struct AwaitedScripts<T> {
    scripts: VecDeque<(String, T)>,
}

impl<T> Default for AwaitedScripts<T> {
    fn default() -> Self {
        AwaitedScripts {
            scripts: VecDeque::new(),
        }
    }
}

impl<T: Copy> AwaitedScripts<T> {
    /// A worker of `url` attached at `at` before its script's request was seen.
    pub fn add(&mut self, url: &str, at: T) {
        if self.scripts.len() >= MAX_AWAITED_WORKER_SCRIPTS {
            self.scripts.pop_front();
        }
        self.scripts.push_back((url.to_string(), at));
    }

    /// Whether a request for `url` is an awaited script: each awaited entry accounts for one
    /// request. Entries whose attach is no longer `fresh` are let go first.
    pub fn take(&mut self, url: &str, fresh: impl Fn(T) -> bool) -> bool {
        self.scripts.retain(|(_, at)| fresh(*at));
        match self.scripts.iter().position(|(u, _)| u == url) {
            Some(at) => {
                self.scripts.remove(at);
                true
            }
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_attach_accounts_for_one_request_while_fresh_and_the_bound_lets_the_oldest_go() {
        let mut awaited = AwaitedScripts::default();
        awaited.add("a.js", 0u64);
        awaited.add("a.js", 0);
        assert!(awaited.take("a.js", |_| true));
        assert!(awaited.take("a.js", |_| true));
        assert!(
            !awaited.take("a.js", |_| true),
            "two attaches, two requests"
        );

        awaited.add("stale.js", 0);
        assert!(!awaited.take("stale.js", |at| at > 0), "past its time");

        for n in 0..=MAX_AWAITED_WORKER_SCRIPTS {
            awaited.add(&format!("w{n}.js"), 1);
        }
        assert!(!awaited.take("w0.js", |_| true), "the oldest was let go");
        assert!(awaited.take("w1.js", |_| true));
    }
}
