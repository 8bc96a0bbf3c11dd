//! The capture runtime's actors and the pure capture model they own.
//!
//! # Layout
//!
//! - [`bounds`]: every bound of the contract, named once.
//! - [`model`]: pure functions with no browser and no clock: redaction, body reads in UTF-16
//!   code units, RFC 6901 pointers, list pagination.
//! - [`store`]: the evidence of one capture (bounded, every eviction counted), how browser events
//!   change it, and every read of it.
//!
//! The actors themselves (tab, iframe target, body fetcher pool, checkpoint writer) and their
//! supervisor arrive with the capture runtime; see `docs/decisions/0001-actors-with-kameo.md`.

pub mod bounds;
pub mod capture;
pub mod cdp;
pub mod model;
pub mod store;
