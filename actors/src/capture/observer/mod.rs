//! The observer actor: installs the page observer (`observer.js`) in a named CDP isolated world
//! of the main frame, turns its reports into manual operations, and takes page observations —
//! after each page load, after each operation, and as follow-ups for up to 15 s after it.
//!
//! - Manual input, clicks, submissions and navigations are recorded as `manual` operations.
//!   Events that fall inside an agent operation (or just after it) are the agent's own input:
//!   they are suppressed and counted on that operation.
//! - Typing into one field is one operation, `running` until 350 ms pass without input; its
//!   parameters hold the latest value snapshot.
//! - Follow-ups: the page's own change reports (coalesced at 700 ms) and fixed checkpoints catch
//!   changes, including silent field-property updates; only changing observations are kept.
//! - On stop: timers are cancelled, pending typing is completed only on a clean stop, and the
//!   binding, the new-document script and the page-side listeners are removed.

use crate::cdp::EventKind;
use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use bsk_schema::capture::PageObservation;
use kameo::actor::{Actor, ActorRef, WeakActorRef};
use kameo::error::ActorStopReason;
use kameo::message::{Context, Message};
use serde_json::{Value, json};
use tokio::task::JoinHandle;

mod manual;

use super::{ActorKind, Panic, SharedCapture};
use crate::bounds::FOLLOW_UP_WINDOW;
use crate::cdp::{Commander, Event};
use crate::store::now_ms;

/// The isolated world the observer lives in.
pub const WORLD: &str = "bsk-observer";
/// The binding it reports through, visible only in [`WORLD`].
pub const BINDING: &str = "__bskObserverEvent";
/// How long after an agent operation its own input may still arrive as page events.
const AGENT_INPUT_GRACE: u64 = 300;
/// Navigations follow an agent operation later than its input does (a click on a link).
const AGENT_NAVIGATION_GRACE: u64 = 1_500;
/// Fixed follow-up checkpoints after an operation, within the 15 s follow-up window.
const CHECKPOINTS: [Duration; 4] = [
    Duration::from_millis(700),
    Duration::from_secs(2),
    Duration::from_secs(5),
    Duration::from_secs(15),
];
/// After `load`, the page is observed again while it settles (fields filled by script).
const SETTLE_CHECKPOINTS: [Duration; 2] = [Duration::from_millis(700), Duration::from_secs(2)];
/// Agent operations remembered for suppression.
const RECENT_AGENT_OPERATIONS: usize = 16;
/// Deadline of one CDP command the observer sends.
const COMMAND_DEADLINE: Duration = Duration::from_secs(5);

/// `observer.js` with the binding's name and the bounds of `bounds.rs` filled in.
fn script() -> String {
    use crate::bounds::{
        FOLLOW_UP_COALESCE, MAX_ACCESSIBILITY_LINES, MAX_CANDIDATE_CONTROLS, MAX_FIELD_VALUE_CHARS,
        MAX_FIELDS, MAX_PAGE_TEXT_CHARS,
    };
    [
        ("__BINDING__", BINDING.to_string()),
        ("__MAX_CANDIDATES__", MAX_CANDIDATE_CONTROLS.to_string()),
        ("__MAX_FIELDS__", MAX_FIELDS.to_string()),
        ("__MAX_VALUE__", MAX_FIELD_VALUE_CHARS.to_string()),
        ("__MAX_TEXT__", MAX_PAGE_TEXT_CHARS.to_string()),
        ("__MAX_LINES__", MAX_ACCESSIBILITY_LINES.to_string()),
        (
            "__COALESCE_MS__",
            FOLLOW_UP_COALESCE.as_millis().to_string(),
        ),
        ("__SECRET_FIELD__", crate::model::redact::secret_field_js()),
    ]
    .iter()
    .fold(
        include_str!("observer.js").to_string(),
        |script, (placeholder, value)| script.replace(placeholder, value),
    )
}

#[cfg(test)]
mod script_tests {
    #[test]
    fn every_placeholder_of_the_observer_is_filled() {
        let script = super::script();
        assert!(
            !script.contains("__MAX_")
                && !script.contains("_MS__")
                && !script.contains("__BINDING__"),
            "an unfilled placeholder in observer.js"
        );
        assert!(script.contains("const MAX_CANDIDATES = 80, MAX_FIELDS = 16, MAX_VALUE = 256;"));
    }
}

#[derive(Debug)]
struct Typing {
    operation: String,
    field: Option<String>,
    /// Bumped on every input; a debounce timer of an older generation is stale.
    generation: u64,
}

#[derive(Debug)]
pub struct ObserverActor {
    capture: SharedCapture,
    /// This actor's tracing span, inside its capture's (run id, session).
    span: tracing::Span,
    cdp: Arc<dyn Commander>,
    session: String,
    me: ActorRef<ObserverActor>,
    main_frame: Option<String>,
    /// The observer world's execution context in the current main-frame document.
    context: Option<i64>,
    script_id: Option<String>,
    /// Set once it has left the page, so it leaves once.
    uninstalled: bool,
    /// Recent agent operations: (record id, started, ended).
    agent: VecDeque<(String, u64, Option<u64>)>,
    typing: Option<Typing>,
    /// The operation whose follow-ups are being taken, and until when.
    following: Option<(String, u64)>,
    /// Debounce and checkpoint timers; aborted on stop.
    timers: Vec<JoinHandle<()>>,
    generation: u64,
    /// Bumped on every page load; a settle checkpoint of an older load is stale.
    page_generation: u64,
}

#[derive(Debug)]
pub struct ObserverArgs {
    pub capture: SharedCapture,
    pub cdp: Arc<dyn Commander>,
    pub root_session: String,
}

/// An event of the tab's own session that the observer needs.
#[derive(Debug)]
pub struct PageEvent(pub Event);

/// An agent operation started (record id, time).
#[derive(Debug)]
pub struct AgentStarted(pub String, pub u64);

/// An agent operation ended (record id, time).
#[derive(Debug)]
pub struct AgentEnded(pub String, pub u64);

/// End observing; `flush` completes pending typing (a clean stop).
#[derive(Debug)]
pub struct Stop {
    pub flush: bool,
}

#[derive(Debug)]
struct TypingDue(u64);

#[derive(Debug)]
struct Checkpoint(String);

/// What asks for a follow-up observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FollowUp {
    /// The page reported a change.
    PageReport,
    /// One of [`CHECKPOINTS`], scheduled when the operation completed.
    Checkpoint,
}

/// Whether a follow-up of `operation` is taken now: only while it is the operation being
/// followed; a page report only within the window, a scheduled checkpoint always.
fn follow_up_due(
    following: Option<&(String, u64)>,
    operation: &str,
    now: u64,
    trigger: FollowUp,
) -> bool {
    match following {
        Some((id, until)) if id == operation => trigger == FollowUp::Checkpoint || now <= *until,
        _ => false,
    }
}

/// When the follow-ups of an operation observed at `observed` end: the spec's 15 s window.
fn follow_ups_until(observed: u64) -> u64 {
    observed + FOLLOW_UP_WINDOW.as_millis() as u64
}

#[cfg(test)]
mod follow_up_tests {
    use super::*;

    #[test]
    fn the_fifteen_second_checkpoint_is_taken_though_it_fires_after_the_window() {
        let observed = 1_000_000;
        let until = follow_ups_until(observed);
        assert_eq!(until - observed, 15_000, "the spec's 15 s follow-up window");
        assert_eq!(
            CHECKPOINTS.last().map(|last| last.as_millis() as u64),
            Some(until - observed),
            "the last checkpoint is the window's end"
        );
        let following = ("o1".to_string(), until);
        // The 15 s timer fires a few milliseconds after the window's end.
        assert!(follow_up_due(
            Some(&following),
            "o1",
            until + 4,
            FollowUp::Checkpoint
        ));
        assert!(!follow_up_due(
            Some(&following),
            "o1",
            until + 4,
            FollowUp::PageReport
        ));
        assert!(follow_up_due(
            Some(&following),
            "o1",
            until,
            FollowUp::PageReport
        ));
        // The next operation ends the previous one's follow-ups, checkpoints included.
        assert!(!follow_up_due(
            Some(&following),
            "o0",
            observed + 10_000,
            FollowUp::Checkpoint
        ));
        assert!(!follow_up_due(
            None,
            "o1",
            observed + 10_000,
            FollowUp::Checkpoint
        ));
    }
}

/// A settle checkpoint of the page load of this generation.
#[derive(Debug)]
struct PageSettled(u64);

impl Actor for ObserverActor {
    type Args = ObserverArgs;
    type Error = Infallible;

    async fn on_start(args: ObserverArgs, me: ActorRef<Self>) -> Result<Self, Infallible> {
        let mut observer = ObserverActor {
            span: args.capture.span(ActorKind::Observer),
            capture: args.capture,
            cdp: args.cdp,
            session: args.root_session,
            me,
            main_frame: None,
            context: None,
            script_id: None,
            uninstalled: false,
            agent: VecDeque::new(),
            typing: None,
            following: None,
            timers: Vec::new(),
            generation: 0,
            page_generation: 0,
        };
        observer.install().await;
        Ok(observer)
    }

    async fn on_stop(
        &mut self,
        _: WeakActorRef<Self>,
        _: ActorStopReason,
    ) -> Result<(), Infallible> {
        for timer in self.timers.drain(..) {
            timer.abort();
        }
        // However the capture ended (a stop, or a panic anywhere in its actors), the observer
        // leaves the page; after a normal stop it is already gone and this sends nothing.
        self.uninstall().await;
        Ok(())
    }
}

impl ObserverActor {
    async fn command(&self, method: &str, params: Value) -> Option<Value> {
        let reply = self
            .cdp
            .command(&self.session, method, params, COMMAND_DEADLINE);
        match tokio::time::timeout(COMMAND_DEADLINE, reply).await {
            Ok(Ok(value)) => Some(value),
            Ok(Err(e)) => {
                tracing::debug!(parent: &self.span, method, error = %e, "observer command failed");
                None
            }
            Err(_) => {
                tracing::debug!(parent: &self.span, method, "observer command timed out");
                None
            }
        }
    }

    /// Binding first (so the world has it from its first moment), then the script for every new
    /// document, then the world in the document already there.
    async fn install(&mut self) {
        let source = script();
        self.command(
            "Runtime.addBinding",
            json!({ "name": BINDING, "executionContextName": WORLD }),
        )
        .await;
        let added = self
            .command(
                "Page.addScriptToEvaluateOnNewDocument",
                json!({ "source": source, "worldName": WORLD }),
            )
            .await;
        self.script_id = added.and_then(|v| v["identifier"].as_str().map(str::to_string));
        let tree = self.command("Page.getFrameTree", json!({})).await;
        self.main_frame =
            tree.and_then(|t| t["frameTree"]["frame"]["id"].as_str().map(str::to_string));
        let Some(frame) = self.main_frame.clone() else {
            return;
        };
        let world = self
            .command(
                "Page.createIsolatedWorld",
                json!({ "frameId": frame, "worldName": WORLD }),
            )
            .await;
        self.context = world.and_then(|w| w["executionContextId"].as_i64());
        if let Some(context) = self.context {
            self.command(
                "Runtime.evaluate",
                json!({ "expression": source, "contextId": context }),
            )
            .await;
        }
    }

    async fn uninstall(&mut self) {
        if std::mem::replace(&mut self.uninstalled, true) {
            return;
        }
        if let Some(context) = self.context.take() {
            let stop = "globalThis.__bskObserver && globalThis.__bskObserver.stop()";
            self.command(
                "Runtime.evaluate",
                json!({ "expression": stop, "contextId": context }),
            )
            .await;
        }
        if let Some(id) = self.script_id.take() {
            self.command(
                "Page.removeScriptToEvaluateOnNewDocument",
                json!({ "identifier": id }),
            )
            .await;
        }
        self.command("Runtime.removeBinding", json!({ "name": BINDING }))
            .await;
    }

    async fn observe(&self) -> Option<PageObservation> {
        let context = self.context?;
        let reply = self
            .command(
                "Runtime.evaluate",
                json!({
                    "expression": "globalThis.__bskObserver && globalThis.__bskObserver.observe()",
                    "contextId": context,
                    "returnByValue": true,
                }),
            )
            .await?;
        serde_json::from_value(reply["result"]["value"].clone()).ok()
    }

    async fn observe_page(&self) {
        if let Some(observation) = self.observe().await {
            self.capture.lock().page_observed(observation);
        }
    }

    fn schedule<M>(&mut self, after: Duration, message: M)
    where
        ObserverActor: Message<M>,
        M: Send + 'static + std::fmt::Debug,
    {
        let me = self.me.clone();
        self.timers.retain(|t| !t.is_finished());
        self.timers.push(tokio::spawn(async move {
            tokio::time::sleep(after).await;
            let _ = me.tell(message).await;
        }));
    }

    /// Takes the operation-time observation of `operation` and starts its follow-ups.
    async fn after_operation(&mut self, operation: String) {
        if let Some(observation) = self.observe().await {
            self.capture
                .lock()
                .operation_observed(&operation, observation);
        }
        self.following = Some((operation.clone(), follow_ups_until(now_ms())));
        for delay in CHECKPOINTS {
            self.schedule(delay, Checkpoint(operation.clone()));
        }
    }

    /// Observes the page again for `operation`'s follow-ups: for a page's change report while
    /// the 15 s window is open, and for each scheduled checkpoint (those are set within the
    /// window; the last one, at 15 s, fires just after `until` and must not be dropped for it).
    async fn follow_up(&mut self, operation: &str, trigger: FollowUp) {
        if !follow_up_due(self.following.as_ref(), operation, now_ms(), trigger) {
            return;
        }
        if let Some(observation) = self.observe().await {
            self.capture
                .lock()
                .operation_observed(operation, observation);
        }
    }
}

impl Message<PageEvent> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, PageEvent(event): PageEvent, _: &mut Context<Self, ()>) {
        let params = &event.value();
        match event.kind {
            EventKind::BindingCalled if params["name"] == BINDING => {
                if let Ok(report) =
                    serde_json::from_str(params["payload"].as_str().unwrap_or_default())
                {
                    self.on_report(report).await;
                }
            }
            EventKind::ExecutionContextCreated => {
                let context = &params["context"];
                let frame = context["auxData"]["frameId"].as_str();
                if context["name"] == WORLD
                    && frame.is_some()
                    && frame == self.main_frame.as_deref()
                {
                    self.context = context["id"].as_i64();
                }
            }
            EventKind::ExecutionContextsCleared => self.context = None,
            EventKind::FrameNavigated if params["frame"].get("parentId").is_none() => {
                self.main_frame = params["frame"]["id"].as_str().map(str::to_string);
            }
            EventKind::LoadEventFired => {
                // The page reports itself at `load` (see observer.js); these checkpoints catch it
                // settling afterwards.
                self.page_generation += 1;
                for delay in SETTLE_CHECKPOINTS {
                    self.schedule(delay, PageSettled(self.page_generation));
                }
            }
            _ => {}
        }
    }
}

impl Message<AgentStarted> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, AgentStarted(id, at): AgentStarted, _: &mut Context<Self, ()>) {
        // A new operation ends manual typing and caps the previous one's follow-ups.
        self.finish_typing().await;
        self.following = None;
        self.agent.push_back((id, at, None));
        while self.agent.len() > RECENT_AGENT_OPERATIONS {
            self.agent.pop_front();
        }
    }
}

impl Message<AgentEnded> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, AgentEnded(id, at): AgentEnded, _: &mut Context<Self, ()>) {
        if let Some(entry) = self.agent.iter_mut().find(|(agent, _, _)| *agent == id) {
            entry.2 = Some(at);
        }
        self.after_operation(id).await;
    }
}

impl Message<TypingDue> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, TypingDue(generation): TypingDue, _: &mut Context<Self, ()>) {
        if self
            .typing
            .as_ref()
            .is_some_and(|t| t.generation == generation)
        {
            self.finish_typing().await;
        }
    }
}

impl Message<PageSettled> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, PageSettled(generation): PageSettled, _: &mut Context<Self, ()>) {
        if generation == self.page_generation {
            self.observe_page().await;
        }
    }
}

impl Message<Checkpoint> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, Checkpoint(operation): Checkpoint, _: &mut Context<Self, ()>) {
        self.follow_up(&operation, FollowUp::Checkpoint).await;
    }
}

impl Message<Stop> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, Stop { flush }: Stop, ctx: &mut Context<Self, ()>) {
        for timer in self.timers.drain(..) {
            timer.abort();
        }
        self.following = None;
        if flush && let Some(typing) = self.typing.take() {
            self.capture.lock().operation_ended(
                &typing.operation,
                Ok("typing flushed at stop".into()),
                now_ms(),
            );
        }
        self.uninstall().await;
        ctx.stop();
    }
}

impl Message<Panic> for ObserverActor {
    type Reply = ();

    async fn handle(&mut self, panic: Panic, _: &mut Context<Self, ()>) {
        panic.strike()
    }
}
