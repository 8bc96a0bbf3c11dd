//! `Failure`: what every daemon handler returns when it cannot do what was asked. It is the wire
//! [`ErrorReport`] plus constructors named after the error-code table. Its message and hint are
//! [`Words`]: a command they name is data (`words!["run ", OBSERVE, " again"]`), said by each
//! surface in its own words when the failure is printed.

use bsk_schema::hint::{self, IntoWords, Surface};
use bsk_schema::words;
use bsk_schema::{ErrorBody, ErrorCode, ErrorReport};

use crate::cdp::CdpError;

#[derive(Debug, Clone, thiserror::Error)]
#[error("{}", .0.message)]
pub struct Failure(pub ErrorReport);

pub type Result<T, E = Failure> = std::result::Result<T, E>;

impl Failure {
    pub fn new(code: ErrorCode, message: impl IntoWords) -> Self {
        Failure(ErrorReport::new(code, message))
    }

    /// Adds what the user should do next.
    pub fn hint(mut self, hint: impl IntoWords) -> Self {
        self.0.hint = Some(hint.into_words());
        self
    }

    /// The failure in the surface's words, as it is printed.
    pub fn said(&self, surface: Surface) -> ErrorBody {
        self.0.said(surface)
    }

    /// The same failure with its words in the command line's plain text: for a refusal that a
    /// client of another version must read (any bsk reads an error whose words are strings).
    pub fn plain(self) -> Self {
        let said = self.said(Surface::Cli);
        let mut report = ErrorReport::new(said.code, said.message);
        report.hint = said.hint.map(IntoWords::into_words);
        Failure(report)
    }

    pub fn code(&self) -> ErrorCode {
        self.0.code
    }

    pub fn usage(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Usage, message)
    }
    pub fn invalid_input(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::InvalidInput, message)
    }
    pub fn not_found(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::NotFound, message)
    }
    pub fn permission(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::PermissionDenied, message)
    }
    pub fn protocol(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Protocol, message)
    }
    pub fn internal(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Internal, message)
    }
    pub fn browser(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Browser, message)
    }
    pub fn timeout(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Timeout, message)
    }
    pub fn unsupported(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Unsupported, message)
    }
    pub fn version_skew(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::VersionSkew, message)
    }
    pub fn busy(message: impl IntoWords) -> Self {
        Self::new(ErrorCode::Busy, message)
    }
}

impl From<CdpError> for Failure {
    fn from(error: CdpError) -> Self {
        match &error {
            CdpError::Closed => Failure::browser(
                "the browser connection closed; the browser exited or crashed",
            )
            .hint(words![
                "start a new session with ",
                hint::SESSION_START,
                "; bsk launches the browser again"
            ]),
            CdpError::Timeout { .. } => Failure::timeout(error.to_string())
                .hint(words!["the page may be busy or hung; try again, or ", hint::RELOAD]),
            CdpError::Connect { reason, .. }
                if reason.contains("401") || reason.contains("403") =>
            {
                Failure::browser(error.to_string()).hint(
                    "the endpoint refused bsk's credentials: check the token in the daemon's --cdp-url",
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
