//! The daemon's checkpoint sink: the extension of the current browser, over its link.

use std::sync::{Arc, Mutex};

use bsk_actors::capture::{CheckpointSink, SaveFuture};
use bsk_schema::capture::ExportDocument;
use bsk_schema::link::LinkState;

use super::link::{ExtensionLink, unavailable};

/// The daemon's checkpoint sink: the link of the current browser, whichever that is (a browser
/// that crashed and was launched again has a new link).
#[derive(Debug, Clone, Default)]
pub struct ExtensionSink {
    slot: Arc<Mutex<Option<Arc<ExtensionLink>>>>,
}

impl ExtensionSink {
    pub fn set(&self, link: Option<Arc<ExtensionLink>>) {
        *self.slot.lock().unwrap_or_else(|p| p.into_inner()) = link;
    }

    pub fn link(&self) -> Option<Arc<ExtensionLink>> {
        self.slot.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl CheckpointSink for ExtensionSink {
    fn save(&self, snapshot: ExportDocument) -> SaveFuture {
        let link = self.link();
        Box::pin(async move {
            match link {
                Some(link) => link.checkpoint(snapshot).await,
                None => Err("history storage is unavailable: no browser is connected".into()),
            }
        })
    }

    fn unavailable(&self) -> Option<String> {
        let status = self.link()?.status();
        matches!(
            status.state,
            LinkState::Missing | LinkState::Incompatible | LinkState::Broken
        )
        .then(|| unavailable(&status))
    }
}
