//! The emulation in force over a capture's life (`bsk emulate`): what each request and
//! operation is stamped with, by when it started.

use std::collections::VecDeque;
use std::sync::Arc;

use bsk_schema::emulation::Emulation;

use crate::bounds::MAX_EMULATION_CHANGES;

/// The changes of emulation a capture saw, newest last. A request is stamped by its start
/// time, not by when its event reached the capture: the browser's events may trail an
/// `emulate` that changed the conditions after the request started.
#[derive(Debug, Default)]
pub struct InForce {
    /// `(from, label)`: from this time (ms since the epoch) on, `label` was in force (`None`:
    /// no emulation).
    changes: VecDeque<(u64, Option<Arc<str>>)>,
    current: Option<Emulation>,
}

impl InForce {
    /// From `at` on, `emulation` is in force (`None` or a default one: nothing is).
    pub fn set(&mut self, at: u64, emulation: Option<Emulation>) {
        let emulation = emulation.filter(|e| !e.is_default());
        let label = emulation.as_ref().map(|e| Arc::from(e.label()));
        if self.changes.len() == MAX_EMULATION_CHANGES {
            self.changes.pop_front();
        }
        self.changes.push_back((at, label));
        self.current = emulation;
    }

    /// What was in force at `at`, by [`Emulation::label`]. Before the oldest change kept, the
    /// oldest kept is taken (a capture starts with what was in force then).
    pub fn label_at(&self, at: u64) -> Option<Arc<str>> {
        self.changes
            .iter()
            .rev()
            .find(|(from, _)| *from <= at)
            .or(self.changes.front())
            .and_then(|(_, label)| label.clone())
    }

    /// What is in force now.
    pub fn current(&self) -> Option<&Emulation> {
        self.current.as_ref()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bsk_schema::emulation::NetworkPreset;

    fn offline() -> Emulation {
        Emulation {
            network: NetworkPreset::Offline.conditions(),
            ..Emulation::default()
        }
    }

    #[test]
    fn a_request_carries_what_was_in_force_when_it_started() {
        let mut in_force = InForce::default();
        assert_eq!(in_force.label_at(5), None);
        in_force.set(100, Some(offline()));
        in_force.set(200, None);
        assert_eq!(in_force.label_at(150).as_deref(), Some("Offline"));
        assert_eq!(in_force.label_at(200), None);
        // Started before the first change the capture saw: what it started with.
        assert_eq!(in_force.label_at(50).as_deref(), Some("Offline"));
        assert!(in_force.current().is_none());
        in_force.set(300, Some(Emulation::default()));
        assert!(in_force.current().is_none(), "a default emulation is none");
    }

    #[test]
    fn changes_are_bounded() {
        let mut in_force = InForce::default();
        for at in 0..(MAX_EMULATION_CHANGES as u64 + 5) {
            in_force.set(at * 10, Some(offline()));
        }
        assert_eq!(in_force.changes.len(), MAX_EMULATION_CHANGES);
    }
}
