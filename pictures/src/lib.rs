//! Pictures of a page, without a browser: a PNG as Chromium wrote it, the sensitive fields'
//! boxes painted over in one flat colour, scaled and encoded again.
//!
//! # Layout
//!
//! - [`picture`]: a picture of a region of the page, masked, scaled and encoded.
//! - [`filmstrip`]: a filmstrip picture made to fit its size bound.
//!
//! A crate of its own so that the image code, generic and heavy, is compiled optimized in
//! every build (`profile.dev.package.bsk-pictures` in the workspace): a debug daemon masks a
//! picture in milliseconds, not in most of a second.

pub mod filmstrip;
pub mod picture;

pub use picture::{MASK, Picture, PictureError, Rect};
