//! Raw headers (`Network.requestWillBeSentExtraInfo`, `…responseReceivedExtraInfo`) that came
//! before their request, waiting for it.
//!
//! Chromium's network service reports a request's raw headers on its own path, and in a burst
//! it runs ahead of the renderer's `requestWillBeSent` by hundreds of requests, so early raw
//! headers wait for their request, up to a bound, the oldest dropped past it. A burst larger than
//! the retention also evicts requests still in flight, whose raw headers come after: those are
//! let go at once, unread, rather than wait for a request that will not come (and push out the
//! raw headers of one that will). Should an evicted request's id come again (a redirect hop),
//! raw request headers let go for it are counted as dropped then.

use std::collections::VecDeque;

use bsk_schema::capture::Headers;

use super::CdpIdMap;
use crate::bounds::MAX_EVICTED_REMEMBERED;

/// Which of a request's raw header sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Side {
    Request,
    Response,
}

#[derive(Debug, Default)]
pub(super) struct PendingExtraInfo {
    entries: VecDeque<(String, Side, Headers)>,
    /// How many of `entries` wait for each id: most requests and responses find none, without
    /// a scan.
    waiting: CdpIdMap<u32>,
    /// Evicted requests' ids, with whether raw request headers were let go for each.
    evicted: CdpIdMap<bool>,
    evicted_order: VecDeque<String>,
}

impl PendingExtraInfo {
    /// `cdp_id`'s request was evicted: raw headers still coming for it are let go.
    pub(super) fn evicted(&mut self, cdp_id: String) {
        if self.evicted_order.len() == MAX_EVICTED_REMEMBERED
            && let Some(oldest) = self.evicted_order.pop_front()
        {
            self.evicted.remove(&oldest);
        }
        if self.evicted.insert(cdp_id.clone(), false).is_none() {
            self.evicted_order.push_back(cdp_id);
        }
    }

    /// Whether raw headers for `cdp_id`, which the capture holds no request of, are an evicted
    /// request's: then they are let go, and their caller need not read them.
    pub(super) fn let_go(&mut self, cdp_id: &str, side: Side) -> bool {
        match self.evicted.get_mut(cdp_id) {
            Some(request_headers_let_go) => {
                *request_headers_let_go |= side == Side::Request;
                true
            }
            None => false,
        }
    }

    /// A request (or redirect hop) with `cdp_id` is retained. `true` when raw request headers
    /// came for it while its id was known as evicted, and were let go: the new hop's own (raw
    /// response headers let go then were the evicted hop's).
    pub(super) fn retained(&mut self, cdp_id: &str) -> bool {
        if self.evicted.is_empty() {
            return false;
        }
        let Some(let_go) = self.evicted.remove(cdp_id) else {
            return false;
        };
        self.evicted_order.retain(|id| id != cdp_id);
        let_go
    }

    /// Keeps raw headers for `cdp_id`, whose request has not come, at most `bound` of them.
    /// Returns whether raw headers were lost: the oldest waiting, to make room.
    pub(super) fn wait(
        &mut self,
        cdp_id: &str,
        side: Side,
        headers: Headers,
        bound: usize,
    ) -> bool {
        let mut lost = false;
        while self.entries.len() >= bound.max(1) {
            let Some((id, ..)) = self.entries.pop_front() else {
                break;
            };
            self.unwait(&id);
            lost = true;
        }
        *self.waiting.entry(cdp_id.to_string()).or_default() += 1;
        self.entries.push_back((cdp_id.to_string(), side, headers));
        lost
    }

    fn unwait(&mut self, cdp_id: &str) {
        if let Some(count) = self.waiting.get_mut(cdp_id) {
            *count -= 1;
            if *count == 0 {
                self.waiting.remove(cdp_id);
            }
        }
    }

    /// Takes out the raw headers waiting for `cdp_id`, in arrival order.
    pub(super) fn take(&mut self, cdp_id: &str) -> Vec<(Side, Headers)> {
        let Some(count) = self.waiting.remove(cdp_id) else {
            return Vec::new();
        };
        let mut taken = Vec::with_capacity(count as usize);
        let mut at = 0;
        while taken.len() < count as usize
            && let Some((id, ..)) = self.entries.get(at)
        {
            if id == cdp_id {
                taken.extend(
                    self.entries
                        .remove(at)
                        .map(|(_, side, headers)| (side, headers)),
                );
            } else {
                at += 1;
            }
        }
        taken
    }
}
