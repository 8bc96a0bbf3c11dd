//! CORS preflights linked to the requests they guard, whichever of the two the browser reports
//! first.

use crate::store::Capture;
use crate::store::network_events::Initiator;
use crate::store::requests::request_id;

/// Preflights whose guarded request has not been reported yet, at most.
const MAX_PREFLIGHTS_WAITING: usize = 32;

impl Capture {
    /// Links a CORS preflight and the request it guards, whichever of the two the browser
    /// reported first (a preflight's initiator names the guarded request's CDP id).
    pub(super) fn link_preflight(
        &mut self,
        cdp_id: &str,
        id: &str,
        initiator: Option<&Initiator<'_>>,
    ) {
        let pair =
            if let Some(initiator) = initiator.filter(|i| i.kind.as_deref() == Some("preflight")) {
                let Some(guarded_cdp) = initiator.request_id.as_deref() else {
                    return;
                };
                match self.requests.latest_hop(guarded_cdp) {
                    Some(guarded) => (id.to_string(), request_id(guarded)),
                    None => {
                        if self.preflights_waiting.len() == MAX_PREFLIGHTS_WAITING {
                            self.preflights_waiting.pop_front();
                        }
                        self.preflights_waiting
                            .push_back((guarded_cdp.to_string(), id.to_string()));
                        return;
                    }
                }
            } else {
                let Some(at) = self
                    .preflights_waiting
                    .iter()
                    .position(|(guarded_cdp, _)| guarded_cdp == cdp_id)
                else {
                    return;
                };
                let Some((_, preflight)) = self.preflights_waiting.remove(at) else {
                    return;
                };
                (preflight, id.to_string())
            };
        let (preflight, guarded) = pair;
        let revision = self.bump();
        if let Some(record) = self.requests.get_mut(&preflight) {
            record.preflight_for = Some(guarded.clone());
            record.revision = revision;
        }
        if let Some(record) = self.requests.get_mut(&guarded) {
            record.preflight = Some(preflight);
            record.revision = revision;
        }
    }
}
