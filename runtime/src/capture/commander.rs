//! How the capture actors command the browser: through the daemon's one CDP client.

use std::time::Duration;

use bsk_actors::cdp::{CommandError, CommandFuture, Commander, Urgency};
use serde_json::Value;

use crate::cdp::{CdpClient, CdpError};

/// Lets the capture actors command the browser through the one CDP client.
#[derive(Debug)]
pub(super) struct CdpCommander {
    client: CdpClient,
    /// Test-only: a delay before each body read, standing in for a slow browser so tests can
    /// fill the body queue.
    slow_bodies: Option<Duration>,
}

impl CdpCommander {
    pub(super) fn new(client: CdpClient) -> Self {
        CdpCommander {
            client,
            slow_bodies: crate::test_hooks::hooks().slow_bodies,
        }
    }
}

impl Commander for CdpCommander {
    fn send(
        &self,
        session_id: &str,
        method: &str,
        params: Value,
        deadline: Duration,
        urgency: Urgency,
    ) -> CommandFuture {
        let client = self.client.clone();
        let (session, method) = (session_id.to_string(), method.to_string());
        let delay = self
            .slow_bodies
            .filter(|_| method.starts_with("Network.get"));
        Box::pin(async move {
            if let Some(delay) = delay {
                tokio::time::sleep(delay).await;
            }
            let reply = client
                .send_as(Some(&session), &method, params, deadline, urgency)
                .await;
            reply.wait().await.map_err(|e| match e {
                CdpError::Timeout { .. } => CommandError::Deadline,
                CdpError::Closed => CommandError::Closed,
                CdpError::TooLarge { .. } => CommandError::TooLarge,
                other => CommandError::Remote(other.to_string()),
            })
        })
    }

    fn hurry(&self) {
        self.client.hurry();
    }
}
