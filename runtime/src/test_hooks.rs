//! Test hooks: the only place that reads a `BSK_TEST_*` variable. They are read once, when the
//! process starts ([`TestHooks::install`] from `main`), and honoured only with
//! `BSK_TEST_FAULTS=1`, so a daemon or CLI a person runs never changes its behaviour because of
//! a stray variable. Code that needs one asks [`hooks`]; nothing else names the variables.
//!
//! | variable | what it does |
//! |---|---|
//! | `BSK_TEST_FAULTS=1` | turns the hooks on; the daemon accepts `bsk debug fault` |
//! | `BSK_TEST_SLOW_PUMP_MS` | each tab's event pump pauses this long per evidence event |
//! | `BSK_TEST_SLOW_BODY_MS` | each body read waits this long first (a slow browser) |
//! | `BSK_TEST_REFUSE_METHODS` | the daemon refuses these calls (comma-separated) as unknown |
//! | `BSK_TEST_PROTOCOL_VERSION` | the client or daemon speaks this protocol version |

use std::sync::OnceLock;
use std::time::Duration;

/// What a test asked of this process.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TestHooks {
    /// Fault injection (`bsk debug fault`) is accepted.
    pub faults: bool,
    /// A pump slow on evidence, standing in for a tab that cannot keep up.
    pub slow_pump: Option<Duration>,
    /// A delay before each body read, standing in for a slow browser so tests can fill the
    /// body queue.
    pub slow_bodies: Option<Duration>,
    /// Calls the daemon refuses as unknown, to check that a client meets an older daemon
    /// gracefully.
    pub refuse_methods: Vec<String>,
    /// The protocol version this process claims, to make a client or daemon of "another
    /// version".
    pub protocol_version: Option<u32>,
}

static HOOKS: OnceLock<TestHooks> = OnceLock::new();

impl TestHooks {
    /// The hooks `var` names, honoured only when `BSK_TEST_FAULTS` is `1`.
    pub fn read(var: impl Fn(&str) -> Option<String>) -> TestHooks {
        if var("BSK_TEST_FAULTS").as_deref() != Some("1") {
            return TestHooks::default();
        }
        let millis = |name: &str| {
            var(name)
                .and_then(|ms| ms.trim().parse().ok())
                .map(Duration::from_millis)
        };
        TestHooks {
            faults: true,
            slow_pump: millis("BSK_TEST_SLOW_PUMP_MS"),
            slow_bodies: millis("BSK_TEST_SLOW_BODY_MS"),
            refuse_methods: var("BSK_TEST_REFUSE_METHODS")
                .map(|methods| {
                    methods
                        .split(',')
                        .map(|m| m.trim().to_string())
                        .filter(|m| !m.is_empty())
                        .collect()
                })
                .unwrap_or_default(),
            protocol_version: var("BSK_TEST_PROTOCOL_VERSION").and_then(|v| v.trim().parse().ok()),
        }
    }

    /// Reads the hooks from this process's environment, once; call it first thing in `main`.
    pub fn install() {
        HOOKS.get_or_init(|| TestHooks::read(|name| std::env::var(name).ok()));
    }
}

/// This process's hooks: none unless [`TestHooks::install`] found `BSK_TEST_FAULTS=1`.
pub fn hooks() -> &'static TestHooks {
    HOOKS.get_or_init(TestHooks::default)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(pairs: &[(&str, &str)]) -> TestHooks {
        TestHooks::read(|name| {
            pairs
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn hooks_are_honoured_only_with_faults_on() {
        let asked = [
            ("BSK_TEST_SLOW_PUMP_MS", "40"),
            ("BSK_TEST_SLOW_BODY_MS", "900"),
            ("BSK_TEST_REFUSE_METHODS", "tool.debug, tool.evidence,"),
            ("BSK_TEST_PROTOCOL_VERSION", "99"),
        ];
        assert_eq!(from(&asked), TestHooks::default());
        let mut on = asked.to_vec();
        on.push(("BSK_TEST_FAULTS", "1"));
        assert_eq!(
            from(&on),
            TestHooks {
                faults: true,
                slow_pump: Some(Duration::from_millis(40)),
                slow_bodies: Some(Duration::from_millis(900)),
                refuse_methods: vec!["tool.debug".into(), "tool.evidence".into()],
                protocol_version: Some(99),
            }
        );
        assert_eq!(
            from(&[
                ("BSK_TEST_FAULTS", "yes"),
                ("BSK_TEST_PROTOCOL_VERSION", "99")
            ]),
            TestHooks::default()
        );
    }
}
