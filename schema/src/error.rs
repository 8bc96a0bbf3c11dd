//! The one table of error codes. Each code maps to exactly one exit code; `docs/cli.md` prints
//! the same table.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::hint::{IntoWords, Surface, Words};

/// What kind of failure an error is. The CLI's exit code is a function of this alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The command line itself is wrong (unknown flag, missing argument).
    Usage,
    /// An argument has the right shape but a value that cannot work (bad selector, bad URL).
    InvalidInput,
    /// An id (session, tab, ref, capture, request) names nothing that exists.
    NotFound,
    /// The thing exists but this session may not touch it (another session's tab).
    PermissionDenied,
    /// The CLI and the daemon could not understand each other (a malformed or oversized frame).
    Protocol,
    /// The client and the running daemon speak different protocol versions (usually right
    /// after an upgrade, while the old daemon still runs).
    VersionSkew,
    /// The daemon does not know this method (it is older than the client); every other method
    /// keeps working.
    Unsupported,
    /// A bug or an unexpected state inside bsk.
    Internal,
    /// The browser is missing, failed to start, crashed, or a CDP command failed.
    Browser,
    /// Something did not finish within its deadline.
    Timeout,
    /// The resource is occupied (another daemon holds the lock, a queue is full).
    Busy,
}

impl ErrorCode {
    /// The process exit code for this error: the table in `docs/cli.md`.
    pub fn exit_code(self) -> i32 {
        match self {
            ErrorCode::Usage
            | ErrorCode::InvalidInput
            | ErrorCode::NotFound
            | ErrorCode::PermissionDenied => 1,
            ErrorCode::Protocol
            | ErrorCode::VersionSkew
            | ErrorCode::Unsupported
            | ErrorCode::Internal => 2,
            ErrorCode::Browser => 3,
            ErrorCode::Timeout | ErrorCode::Busy => 4,
        }
    }

    /// Every code, for documentation and tests.
    pub const ALL: [ErrorCode; 11] = [
        ErrorCode::Usage,
        ErrorCode::InvalidInput,
        ErrorCode::NotFound,
        ErrorCode::PermissionDenied,
        ErrorCode::Protocol,
        ErrorCode::VersionSkew,
        ErrorCode::Unsupported,
        ErrorCode::Internal,
        ErrorCode::Browser,
        ErrorCode::Timeout,
        ErrorCode::Busy,
    ];
}

/// An error as `--json` prints it, as an MCP tool's error result carries it, and as the extension
/// shows it: its words said for one surface ([`ErrorReport::said`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorBody {
    pub code: ErrorCode,
    /// What failed and why, in one sentence.
    pub message: String,
    /// What to do next.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
    /// Always `code.exit_code()`; carried so `--json` consumers need no table.
    pub exit_code: i32,
}

/// An error as the daemon reports it: the commands its message and hint name are data, so the
/// client says them in its own surface's words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ErrorReport {
    pub code: ErrorCode,
    pub message: Words,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hint: Option<Words>,
}

impl ErrorReport {
    pub fn new(code: ErrorCode, message: impl IntoWords) -> Self {
        ErrorReport {
            code,
            message: message.into_words(),
            hint: None,
        }
    }

    /// The error in the surface's words.
    pub fn said(&self, surface: Surface) -> ErrorBody {
        ErrorBody {
            code: self.code,
            message: self.message.said(surface),
            hint: self.hint.as_ref().map(|hint| hint.said(surface)),
            exit_code: self.code.exit_code(),
        }
    }
}

impl std::fmt::Display for ErrorBody {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ErrorBody {}
