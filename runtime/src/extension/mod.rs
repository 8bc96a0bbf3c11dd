//! The bsk browser extension, from the daemon's side: its files (embedded in the binary and
//! written under the state dir) and the link that stores checkpoints in its history.
//!
//! # Layout
//!
//! - [`files`]: the embedded `extension/` folder, its id and version, writing it to disk.
//! - [`link`]: the daemon ↔ extension link over the browser's CDP connection.
//! - [`sink`]: the checkpoint sink built on it.
//! - [`popup`]: the popup's requests (start/stop capture) coming back over the link.

mod encode;
pub mod files;
pub mod link;
pub mod popup;
pub mod sink;

pub use link::ExtensionLink;
pub use sink::ExtensionSink;

/// Deadline of the small link calls (hello, heartbeat, the popup's answers).
const CALL_DEADLINE: std::time::Duration = std::time::Duration::from_secs(5);

/// How long one checkpoint may take to reach IndexedDB (a document of up to a few MiB). Within
/// the checkpoint writer's own deadline, so a slow save reports the link's error, not a timeout.
const SAVE_CALL_DEADLINE: std::time::Duration = std::time::Duration::from_secs(8);
