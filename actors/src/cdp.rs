//! What the capture actors need from the browser connection, as a trait the runtime implements,
//! so this crate stays free of the CDP client and its tests can script a browser.

use std::fmt::Debug;
use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

use serde_json::Value;

/// A browser event as the actors receive it, already routed to the capture of its tab.
#[derive(Debug, Clone)]
pub struct Event {
    /// The CDP session it arrived on: the tab's, or an iframe target's.
    pub session_id: String,
    pub method: String,
    pub params: Value,
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum CommandError {
    /// The browser answered with an error.
    #[error("{0}")]
    Remote(String),
    #[error("no answer within the deadline")]
    Deadline,
    #[error("the browser connection is closed")]
    Closed,
    /// The answer was too large to read, and was skipped.
    #[error("the answer was too large and was skipped")]
    TooLarge,
}

pub type CommandFuture = Pin<Box<dyn Future<Output = Result<Value, CommandError>> + Send>>;

/// Sends one CDP command to one session with a deadline.
pub trait Commander: Send + Sync + Debug + 'static {
    fn command(
        &self,
        session_id: &str,
        method: &str,
        params: Value,
        deadline: Duration,
    ) -> CommandFuture;
}
