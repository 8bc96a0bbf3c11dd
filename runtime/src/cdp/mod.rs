//! The one CDP client per browser.
//!
//! One connection per browser: a pipe to the browser the daemon launches
//! (`--remote-debugging-pipe`, NUL-delimited JSON), or a WebSocket to one it attaches to with
//! `--cdp-url` ([`socket`]). One reader task reads it in wire order, hands each reply to the
//! caller waiting on its id and each event to the owner of its `sessionId` over a bounded channel.
//! Commands carry `sessionId` (flattened sessions), so iframe and worker targets are commanded
//! directly. Events are parsed leniently: an event's params stay the browser's JSON text, read by
//! their owner, so nothing is lost when Chrome's schema moves. See
//! `docs/decisions/0002-own-cdp-client.md` for why bsk has its own client.
//!
//! Its parts, from the caller down: [`client`] (the command API), [`router`] (the state the
//! reader and callers share: replies awaited, owners by session), [`lanes`] (each owner's
//! bounded event channel), [`transport`] (pipe and WebSocket readers and writers),
//! [`gathering`] (when the reader lets messages gather) and [`socket`] (the WebSocket's
//! gathering TCP stream), with [`wire`] for the messages' layout.

mod client;
mod error;
mod gathering;
mod lanes;
mod router;
mod socket;
mod transport;
mod wire;

pub use client::{CdpClient, DEFAULT_COMMAND_DEADLINE, PendingReply, Urgency};
pub use error::CdpError;
pub use gathering::Windows;
pub use lanes::{CONTROL_QUEUE_CAPACITY, EVENT_QUEUE_CAPACITY, EventReceiver, EventSink};
pub use wire::CdpEvent;

#[cfg(test)]
mod tests;
