//! What a CDP command can fail with.

use std::time::Duration;

#[derive(Debug, Clone, thiserror::Error)]
pub enum CdpError {
    #[error("the browser connection is closed")]
    Closed,
    #[error("{method} did not answer within {deadline:?}")]
    Timeout { method: String, deadline: Duration },
    #[error("{method} failed: {message}")]
    Remote {
        method: String,
        code: i64,
        message: String,
    },
    #[error("could not connect to the browser at {url}: {reason}")]
    Connect { url: String, reason: String },
    #[error("{method} answered something unexpected: {reason}")]
    Decode { method: String, reason: String },
    #[error("{method}'s answer was larger than {limit} bytes and was skipped")]
    TooLarge { method: String, limit: usize },
}
