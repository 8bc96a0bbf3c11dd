//! The capture runtime's actors and the pure capture model they own.
//!
//! # Layout
//!
//! - [`bounds`]: every bound of the contract, named once.
//! - [`model`]: pure functions with no browser and no clock: redaction, body reads in UTF-16
//!   code units and RFC 6901 pointers, list pagination, binary and multipart bodies, HAR, the
//!   calendar arithmetic of run ids and HAR times, and the rule for awaited worker scripts (its
//!   keepers bring their own clock).
//! - [`store`]: the evidence of one capture (bounded, every eviction counted), how browser events
//!   change it, and every read of it, search and the traffic summary included.
//! - [`capture`]: the actors of one capture (tab supervisor, iframe target, body pool,
//!   checkpoint writer, observer) and their supervision; see
//!   `docs/decisions/0001-actors-with-kameo.md`.
//! - [`cdp`]: what the actors need from the browser connection, as a trait the runtime
//!   implements, and the taking apart of an event's text.

pub mod bounds;
pub mod capture;
pub mod cdp;
pub mod model;
pub mod store;
pub mod words;
