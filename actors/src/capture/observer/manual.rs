//! Manual operations: what a person does in the tab, from the page observer's reports.

use serde_json::{Value, json};

use super::{AGENT_INPUT_GRACE, AGENT_NAVIGATION_GRACE, ObserverActor, Typing, TypingDue};
use crate::bounds::TYPING_DEBOUNCE;
use crate::model::redact;
use crate::store::now_ms;
use bsk_schema::capture::OperationSource;

/// A manual operation's parameters as recorded: redacted again here, whatever the page did.
fn recorded(mut params: Value) -> Value {
    redact::json(&mut params);
    params
}

impl ObserverActor {
    /// The agent operation whose own input an event at `at` is, if any.
    fn agent_at(&self, at: u64, grace: u64) -> Option<String> {
        self.agent
            .iter()
            .rev()
            .find(|(_, started, ended)| {
                at + 50 >= *started && ended.is_none_or(|end| at <= end + grace)
            })
            .map(|(id, _, _)| id.clone())
    }

    pub(super) async fn finish_typing(&mut self) {
        let Some(typing) = self.typing.take() else {
            return;
        };
        let summary = match &typing.field {
            Some(field) => format!("typed into {field}"),
            None => "typed into an unnamed field".to_string(),
        };
        self.capture
            .lock()
            .operation_ended(&typing.operation, Ok(summary), now_ms());
        self.after_operation(typing.operation).await;
    }

    /// A manual operation that completes as it happens (click, submit, navigation).
    async fn instant(&mut self, name: &str, params: Value, at: u64) {
        let params = recorded(params);
        self.finish_typing().await;
        let id = self
            .capture
            .lock()
            .operation_started(OperationSource::Manual, name, params, at);
        self.capture
            .lock()
            .operation_ended(&id, Ok(format!("manual {name}")), at);
        self.after_operation(id).await;
    }

    pub(super) async fn on_report(&mut self, report: Value) {
        let at = report["at"]
            .as_f64()
            .map(|t| t as u64)
            .unwrap_or_else(now_ms);
        let kind = report["kind"].as_str().unwrap_or_default();
        if kind == "loaded" {
            // The page as it loaded, read by the page at that moment.
            if let Ok(observation) = serde_json::from_value(report["observation"].clone()) {
                self.capture.lock().page_observed(observation);
            }
            return;
        }
        let grace = if kind == "navigation" {
            AGENT_NAVIGATION_GRACE
        } else {
            AGENT_INPUT_GRACE
        };
        if kind != "changed"
            && let Some(agent) = self.agent_at(at, grace)
        {
            self.capture.lock().manual_event_suppressed(&agent);
            return;
        }
        match kind {
            "input" => self.on_input(&report["field"], at).await,
            "click" => {
                self.instant("click", json!({ "target": report["target"] }), at)
                    .await
            }
            "submit" => {
                self.instant("submit", json!({ "form": report["form"] }), at)
                    .await
            }
            "navigation" => {
                let name = match report["type"].as_str() {
                    Some("reload") => "reload",
                    Some("back_forward") => "back_forward",
                    _ => "navigate",
                };
                self.instant(name, json!({ "url": report["url"] }), at)
                    .await;
            }
            "changed" => {
                if let Some((operation, _)) = self.following.clone() {
                    self.follow_up(&operation, super::FollowUp::PageReport)
                        .await;
                }
            }
            _ => {}
        }
    }

    async fn on_input(&mut self, field: &Value, at: u64) {
        let name = field["name"].as_str().map(str::to_string);
        let omitted =
            field["omitted"] == true || name.as_deref().is_some_and(redact::is_sensitive_name);
        let params = recorded(
            json!({ "field": field["name"], "form": field["form"], "kind": field["kind"],
            "value": if omitted { Value::Null } else { field["value"].clone() },
            "omitted": omitted }),
        );
        let same_field = self.typing.as_ref().is_some_and(|t| t.field == name);
        if !same_field {
            self.finish_typing().await;
            let id =
                self.capture
                    .lock()
                    .operation_started(OperationSource::Manual, "type", params, at);
            self.typing = Some(Typing {
                operation: id,
                field: name,
                generation: 0,
            });
        } else if let Some(typing) = &self.typing {
            self.capture
                .lock()
                .operation_params(&typing.operation, params);
        }
        self.generation += 1;
        let generation = self.generation;
        if let Some(typing) = &mut self.typing {
            typing.generation = generation;
        }
        self.schedule(TYPING_DEBOUNCE, TypingDue(generation));
    }
}
