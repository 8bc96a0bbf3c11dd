//! An agent operation's life, in one place: refused early when the tab cannot take it, its
//! targets resolved and named once, registered with the tab's capture before its input, run,
//! ended by a direct call when its input was dispatched (or by its guard when its client went
//! away first), settled, filmed and summed up.
//!
//! ```text
//! ready ─ aim ─ as recorded ─ arm settling ─ register ─ run ─ end ─ settle ─ picture ─ brief
//!                                               └── guard: dropped before `end` → cancelled
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use bsk_schema::ops::{OperationParams, OperationResult};
use serde_json::json;

use super::Daemon;
use crate::capture::OperationRecording;
use crate::error::{Failure, Result};
use crate::tab::Tab;
use bsk_actors::store::now_ms;

/// Pairs a registration with its end; unique within the daemon.
static NEXT_OPERATION: AtomicU64 = AtomicU64::new(1);

impl Daemon {
    pub(super) async fn operate(&self, params: OperationParams) -> Result<OperationResult> {
        let session = self.session(&params.session)?;
        if let Some(tab_id) = params.tab_id.as_deref()
            && !session.owns(tab_id)
            && let Some((owner, _)) = self.owner_of(tab_id)
        {
            return Err(Failure::permission(format!(
                "tab {tab_id} belongs to session {}",
                owner.id
            ))
            .hint("a session drives only its own tabs"));
        }
        let tab = session.tab(params.tab_id.as_deref())?;
        let _running = session.op_lock.lock().await;
        // What the browser said before the operation (a file chooser the last click opened, a
        // dialog) is read before the operation looks at it; then it is refused, before anything
        // touches the page, if the page cannot take it.
        tab.caught_up().await;
        crate::ops::ready(&tab, &params.op)?;
        // The operation's targets, resolved and named once: what it acts on, what capture
        // records and what its result names are the same elements.
        let aimed = crate::ops::Aimed::at(&tab, &params.op).await;
        if !params.op.is_recorded() {
            let outcome = crate::ops::run(&tab, &params.op, &aimed).await;
            session.touch();
            return outcome;
        }
        let op_id = NEXT_OPERATION.fetch_add(1, Ordering::Relaxed);
        // What capture records: a value typed into a credential or payment field never leaves
        // here.
        let recorded = crate::ops::as_recorded(&tab, &params.op, &aimed).await;
        // The page just before the input: the operation's before-state, the baseline of
        // `wait --new` (left in the page), and the start of settling.
        let track_dom =
            !params.no_settle && !matches!(params.op, bsk_schema::ops::Operation::Evaluate { .. });
        let (armed, before) = crate::ops::settle::arm(&tab, track_dom).await;
        // The guard first, then the registration: should the client go away from here on (a
        // killed CLI, a cancelled MCP call), this future is dropped, and the guard ends the
        // operation as cancelled rather than leaving it running, even mid-registration.
        let (recording, not_recorded) =
            match self.captures.recording(&session, &tab.target_id, op_id) {
                Ok(recording) => (Some(recording), None),
                Err(why) => (None, Some(why)),
            };
        let guard = Unfinished {
            recording,
            navigating: params.op.navigates().then(|| tab.clone()),
        };
        let named = match &guard.recording {
            Some(recording) => {
                recording
                    .register(&recorded, before, aimed.named().to_vec())
                    .await
            }
            None => Err(not_recorded.unwrap_or_default()),
        };
        let outcome = crate::ops::run(&tab, &params.op, &aimed).await;
        if let Ok(OperationResult {
            emulation: Some(emulation),
            ..
        }) = &outcome
        {
            self.captures
                .emulated(session.task_id, &tab.target_id, now_ms(), emulation);
        }
        // The operation completes when its input is dispatched: its windows run from here.
        let completed = std::time::Instant::now();
        guard
            .end(match &outcome {
                Ok(result) => Ok(result.summary.clone()),
                Err(failure) => Err(failure.0.message.to_string()),
            })
            .await;
        session.touch();
        let mut result = outcome?;
        // A dialog left open blocks the page's scripts: nothing would settle.
        if !params.no_settle && tab.state().dialog.is_none() {
            result.settle = Some(crate::ops::settle::settle(&tab, armed, completed).await);
        }
        match named {
            Ok(operation) => {
                self.film(&tab, &operation).await;
                result.caused = self.captures.brief(&operation).await;
                result.operation = Some(operation);
            }
            Err(why) => {
                self.captures
                    .picture_not_taken(session.task_id, &tab.target_id);
                result.operation_not_recorded = Some(why.to_string());
            }
        }
        Ok(result)
    }

    /// With `--screenshots`: the page's picture once `operation` settled, taken before the
    /// session's next operation can run (the caller holds the session's operation lock), and
    /// made small and attached off this call, so the result does not wait for the encoding.
    async fn film(&self, tab: &Tab, operation: &bsk_schema::brief::OperationRef) {
        let Some(capture) = self.captures.filming(operation) else {
            return;
        };
        let taken = crate::screenshot::take(tab, crate::screenshot::Area::Viewport, true).await;
        let id = operation.id.clone();
        crate::tasks::spawn_watched("filmstrip picture", async move {
            let picture = match taken {
                Ok(shot) => {
                    let at = now_ms();
                    tokio::task::spawn_blocking(move || {
                        crate::screenshot::filmstrip::fit(shot.picture, at)
                    })
                    .await
                    .ok()
                    .flatten()
                }
                Err(e) => {
                    tracing::debug!(error = %e, "no filmstrip picture: the page did not answer");
                    None
                }
            };
            capture.lock().attach_picture(&id, picture);
        });
    }
}

/// An operation between its registration and its end. [`Unfinished::end`] ends it; dropped
/// before that (its future was dropped mid-run, or mid-registration), it ends it as cancelled,
/// off the dropped future, and stops a cancelled navigation's load.
struct Unfinished {
    recording: Option<OperationRecording>,
    /// The tab of a navigation: should it be cancelled, its load is stopped, or the tab would
    /// answer nothing else until the page arrived (a pending `Page.navigate` holds
    /// `Runtime.evaluate` back).
    navigating: Option<Arc<Tab>>,
}

impl Unfinished {
    /// Ends the operation with `outcome`, stamped now (its input was just dispatched).
    async fn end(mut self, outcome: std::result::Result<String, String>) {
        self.navigating = None;
        if let Some(recording) = self.recording.take() {
            recording.end(outcome, now_ms()).await;
        }
    }
}

impl Drop for Unfinished {
    fn drop(&mut self) {
        if let Some(recording) = self.recording.take() {
            let at = now_ms();
            crate::tasks::spawn_watched("end a cancelled operation", async move {
                recording
                    .end(
                        Err("cancelled: the client went away before it finished".to_string()),
                        at,
                    )
                    .await;
            });
        }
        if let Some(tab) = self.navigating.take() {
            crate::tasks::spawn_watched("stop a cancelled navigation", async move {
                if let Err(e) = tab.call("Page.stopLoading", json!({})).await {
                    tracing::debug!(error = %e, "could not stop a cancelled navigation");
                }
            });
        }
    }
}
