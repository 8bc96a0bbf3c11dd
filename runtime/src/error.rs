//! `Failure`: what every daemon handler returns when it cannot do what was asked. It is the wire
//! [`ErrorBody`] plus constructors named after the error-code table.

use bsk_schema::{ErrorBody, ErrorCode};

use crate::cdp::CdpError;

#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", .0.message)]
pub struct Failure(pub ErrorBody);

pub type Result<T, E = Failure> = std::result::Result<T, E>;

impl Failure {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Failure(ErrorBody::new(code, message))
    }

    /// Adds what the user should do next.
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.0.hint = Some(hint.into());
        self
    }

    pub fn code(&self) -> ErrorCode {
        self.0.code
    }

    pub fn usage(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Usage, message)
    }
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InvalidInput, message)
    }
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }
    pub fn permission(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::PermissionDenied, message)
    }
    pub fn protocol(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Protocol, message)
    }
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Internal, message)
    }
    pub fn browser(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Browser, message)
    }
    pub fn timeout(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Timeout, message)
    }
    pub fn unsupported(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Unsupported, message)
    }
    pub fn version_skew(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::VersionSkew, message)
    }
    pub fn busy(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::Busy, message)
    }
}

impl From<CdpError> for Failure {
    fn from(error: CdpError) -> Self {
        match &error {
            CdpError::Closed => Failure::browser(
                "the browser connection closed; the browser exited or crashed",
            )
            .hint("start a new session with `bsk session start`; bsk launches the browser again"),
            CdpError::Timeout { .. } => Failure::timeout(error.to_string())
                .hint("the page may be busy or hung; try again, or `bsk reload`"),
            CdpError::Connect { reason, .. }
                if reason.contains("401") || reason.contains("403") =>
            {
                Failure::browser(error.to_string()).hint(
                    "the endpoint refused bsk's credentials: check the token in the --cdp-url",
                )
            }
            CdpError::Connect { .. } => Failure::browser(error.to_string())
                .hint("check that the browser is running with remote debugging enabled"),
            CdpError::Remote { .. } | CdpError::Decode { .. } => {
                Failure::browser(error.to_string())
            }
            CdpError::TooLarge { .. } => Failure::browser(error.to_string())
                .hint("the page gave an answer too large to read; try a smaller part of it"),
        }
    }
}
