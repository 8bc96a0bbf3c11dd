//! The demo app's one profile: what the form submits, and the last one saved.

use std::sync::{Mutex, PoisonError};

use serde::{Deserialize, Serialize};

/// What the demo form submits.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub(crate) struct Profile {
    pub(crate) name: String,
    pub(crate) email: String,
    pub(crate) plan: String,
}

/// The last profile saved successfully, so a reload shows it.
#[derive(Debug, Default)]
pub(crate) struct ProfileStore {
    last: Mutex<Option<Profile>>,
}

impl ProfileStore {
    pub(crate) fn set(&self, profile: Profile) {
        *self.last.lock().unwrap_or_else(PoisonError::into_inner) = Some(profile);
    }

    pub(crate) fn get(&self) -> Option<Profile> {
        self.last
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }
}
