//! The one CDP client per browser.
//!
//! One WebSocket; one reader task reads it in wire order, hands each reply to the caller waiting
//! on its id and each event to the owner of its `sessionId` over a bounded channel. Commands carry
//! `sessionId` (flattened sessions), so iframe and worker targets are commanded directly. Events
//! are parsed leniently: method and params stay raw JSON, so nothing is lost when Chrome's schema
//! moves. See `docs/decisions/0002-own-cdp-client.md` for why this is not chromiumoxide's handler.

mod client;
mod socket;
mod wire;

pub use client::{
    CONTROL_QUEUE_CAPACITY, CdpClient, CdpError, DEFAULT_COMMAND_DEADLINE, EVENT_QUEUE_CAPACITY,
    EventReceiver, EventSink, PendingReply, Urgency, Windows, is_control,
};
pub use wire::CdpEvent;
