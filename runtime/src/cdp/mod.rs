//! The one CDP client per browser.
//!
//! One connection per browser: a pipe to the browser the daemon launches
//! (`--remote-debugging-pipe`, NUL-delimited JSON), or a WebSocket to one it attaches to with
//! `--cdp-url` ([`socket`]). One reader task reads it in wire order, hands each reply to the
//! caller waiting on its id and each event to the owner of its `sessionId` over a bounded channel.
//! Commands carry `sessionId` (flattened sessions), so iframe and worker targets are commanded
//! directly. Events are parsed leniently: an event's params stay the browser's JSON text, read by
//! their owner, so nothing is lost when Chrome's schema moves. See
//! `docs/decisions/0002-own-cdp-client.md` for why this is not chromiumoxide's handler.

mod client;
mod socket;
mod wire;

pub use client::{
    CONTROL_QUEUE_CAPACITY, CdpClient, CdpError, DEFAULT_COMMAND_DEADLINE, EVENT_QUEUE_CAPACITY,
    EventReceiver, EventSink, PendingReply, Urgency, Windows, is_control,
};
pub use wire::CdpEvent;
