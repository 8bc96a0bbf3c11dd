//! Sessions (tasks) and the tabs they own.
//!
//! A session owns the tab it created and any user tab it borrowed. Its operations run one at a
//! time (`op_lock`); different sessions run in parallel. Short ids can come back after a session
//! ends; `task_id` never does, so evidence keyed by it cannot leak to a later session.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use bsk_actors::store::now_ms;

use bsk_schema::hint::Verb;
use bsk_schema::ipc::{SessionInfo, TabInfo};
use bsk_schema::mcp::TabsAction;
use bsk_schema::words;

use crate::error::{Failure, Result};
use crate::tab::Tab;

#[derive(Debug)]
pub struct Session {
    pub id: String,
    /// Unique for the daemon's lifetime, unlike `id`.
    pub task_id: u64,
    pub name: Option<String>,
    pub started_at: u64,
    /// The created tab first, then borrowed ones.
    tabs: Mutex<Vec<Arc<Tab>>>,
    /// The private browser context its tab lives in, disposed of when the session ends; `None`
    /// with `--shared-profile`.
    pub browser_context: Option<String>,
    /// The browser of the daemon's pool it runs in.
    pub browser: String,
    /// How its tabs answer JavaScript dialogs.
    pub dialogs: bsk_schema::dialog::DialogPolicy,
    /// Its tabs open HTTPS pages whose certificate is not trusted.
    pub ignore_certificate_errors: std::sync::atomic::AtomicBool,
    /// Held for the whole of one operation: a session's operations never interleave.
    pub op_lock: tokio::sync::Mutex<()>,
    last_used: Mutex<Instant>,
}

static NEXT_TASK: AtomicU64 = AtomicU64::new(1);

impl Session {
    pub fn new(
        id: String,
        name: Option<String>,
        tab: Arc<Tab>,
        browser: String,
        browser_context: Option<String>,
        dialogs: bsk_schema::dialog::DialogPolicy,
    ) -> Session {
        Session {
            browser,
            browser_context,
            dialogs,
            ignore_certificate_errors: std::sync::atomic::AtomicBool::new(false),
            id,
            task_id: NEXT_TASK.fetch_add(1, Ordering::Relaxed),
            name,
            started_at: now_ms(),
            tabs: Mutex::new(vec![tab]),
            op_lock: tokio::sync::Mutex::new(()),
            last_used: Mutex::new(Instant::now()),
        }
    }

    pub fn ignores_certificate_errors(&self) -> bool {
        self.ignore_certificate_errors.load(Ordering::Relaxed)
    }

    pub fn tabs(&self) -> Vec<Arc<Tab>> {
        self.tabs.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    pub fn touch(&self) {
        *self.last_used.lock().unwrap_or_else(|p| p.into_inner()) = Instant::now();
    }

    pub fn idle_for(&self) -> std::time::Duration {
        self.last_used
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .elapsed()
    }

    pub fn add_tab(&self, tab: Arc<Tab>) {
        self.tabs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(tab);
    }

    pub fn remove_tab(&self, tab_id: &str) -> Option<Arc<Tab>> {
        let mut tabs = self.tabs.lock().unwrap_or_else(|p| p.into_inner());
        let index = tabs.iter().position(|t| t.target_id == tab_id)?;
        Some(tabs.remove(index))
    }

    pub fn owns(&self, tab_id: &str) -> bool {
        self.tabs().iter().any(|t| t.target_id == tab_id)
    }

    /// The tab an operation runs on: `tab_id` if given (and owned), else the created tab.
    pub fn tab(&self, tab_id: Option<&str>) -> Result<Arc<Tab>> {
        let tabs = self.tabs();
        match tab_id {
            None => tabs
                .first()
                .cloned()
                .ok_or_else(|| Failure::internal(format!("session {} has no tab", self.id))),
            Some(tab_id) => tabs
                .into_iter()
                .find(|t| t.target_id == tab_id)
                .ok_or_else(|| {
                    Failure::permission(format!("session {} does not own tab {tab_id}", self.id))
                        .hint(words![
                            "borrow it first with ",
                            Verb::Tab(TabsAction::Borrow)
                                .with("tabId", tab_id)
                                .with("sessionId", self.id.as_str())
                        ])
                }),
        }
    }

    pub fn info(&self) -> SessionInfo {
        SessionInfo {
            id: self.id.clone(),
            name: self.name.clone(),
            started_at: self.started_at,
            tabs: self
                .tabs()
                .iter()
                .map(|t| TabInfo {
                    browser: self.browser.clone(),
                    ..tab_info(t, Some(&self.id))
                })
                .collect(),
            shared_profile: self.browser_context.is_none(),
            run_id: None,
            ignore_certificate_errors: self.ignores_certificate_errors(),
            browser: self.browser.clone(),
        }
    }
}

pub fn tab_info(tab: &Tab, session: Option<&str>) -> TabInfo {
    let state = tab.state();
    TabInfo {
        tab_id: tab.target_id.clone(),
        url: state.url,
        title: String::new(),
        ownership: tab.ownership,
        session: session.map(str::to_string),
        events_dropped: state.events_dropped,
        dialog: state.dialog,
        opener: tab.opener().map(str::to_string),
        browser: String::new(),
    }
}

/// A short id that is not in use: `s` and four base-36 characters.
pub fn short_id(taken: impl Fn(&str) -> bool) -> String {
    const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    // A counter of its own, so two calls in the same millisecond start from different seeds.
    static CALLS: AtomicU64 = AtomicU64::new(1);
    let mut seed = now_ms()
        ^ (u64::from(std::process::id()) << 20)
        ^ CALLS
            .fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    loop {
        // xorshift: ids need to be distinct, not unpredictable.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let id: String = std::iter::once('s')
            .chain((0..4).map(|i| ALPHABET[((seed >> (i * 6)) % 36) as usize] as char))
            .collect();
        if !taken(&id) {
            return id;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::short_id;

    #[test]
    fn short_ids_avoid_taken_ones() {
        let first = short_id(|_| false);
        assert_eq!(first.len(), 5);
        let second = short_id(|id| id == first);
        assert_ne!(first, second);
    }
}
