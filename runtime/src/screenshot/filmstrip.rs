//! The filmstrip (`bsk debug start --screenshots`): after each agent operation settled, a
//! masked picture of the viewport, made small enough to keep 40 of them in a record.

use bsk_actors::bounds::MAX_PICTURE_BYTES;
use bsk_schema::capture::Picture as PictureRecord;
use bsk_schema::ipc::ImageFormat;
use sha2::{Digest, Sha256};

use super::picture::Picture;

/// The widest a filmstrip picture starts at: enough to read a page's headings and messages.
const START_WIDTH: u32 = 1280;

/// Below this width a picture shows nothing worth keeping: past it, it is dropped.
const MIN_WIDTH: u32 = 320;

/// JPEG qualities tried at each width, best first.
const QUALITIES: [u8; 2] = [70, 50];

/// Encodes `picture` as a JPEG of at most [`MAX_PICTURE_BYTES`], scaling it down (by a fifth at
/// a time, to [`MIN_WIDTH`]) until it fits; `None` when even the smallest does not.
pub fn fit(mut picture: Picture, taken_at: u64) -> Option<PictureRecord> {
    let mut width = picture.width().min(START_WIDTH);
    loop {
        picture.fit_width(width);
        for quality in QUALITIES {
            let Ok(bytes) = picture.encode(ImageFormat::Jpeg, quality) else {
                return None;
            };
            if bytes.len() <= MAX_PICTURE_BYTES {
                return Some(record(&bytes, &picture, taken_at));
            }
        }
        if width <= MIN_WIDTH {
            return None;
        }
        width = (width * 4 / 5).max(MIN_WIDTH);
    }
}

fn record(bytes: &[u8], picture: &Picture, taken_at: u64) -> PictureRecord {
    use base64::Engine;
    let digest = Sha256::digest(bytes);
    PictureRecord {
        // The capture names it when it keeps it.
        id: String::new(),
        mime_type: ImageFormat::Jpeg.mime().into(),
        bytes: bytes.len() as u64,
        width: picture.width(),
        height: picture.height(),
        sha256: digest.iter().map(|b| format!("{b:02x}")).collect(),
        taken_at,
        base64: Some(
            base64::engine::general_purpose::STANDARD
                .encode(bytes)
                .into(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::screenshot::picture::Rect;
    use image::{Rgb, RgbImage};

    fn region(w: u32, h: u32) -> Rect {
        Rect {
            x: 0.0,
            y: 0.0,
            width: f64::from(w),
            height: f64::from(h),
        }
    }

    #[test]
    fn a_busy_picture_is_scaled_down_until_it_fits_the_bound() {
        // Noise compresses worst: the picture must shrink to fit 48 KiB.
        let (w, h) = (1600, 1000);
        let noise = RgbImage::from_fn(w, h, |x, y| {
            let v = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) as u8;
            Rgb([v, v.wrapping_mul(7), v.wrapping_mul(13)])
        });
        let fitted = fit(Picture::from_pixels(noise, region(w, h)), 7).expect("fits at some size");
        assert!(
            fitted.bytes as usize <= MAX_PICTURE_BYTES,
            "{} bytes",
            fitted.bytes
        );
        assert!(
            fitted.width < 1280 && fitted.width >= MIN_WIDTH,
            "{}",
            fitted.width
        );
        assert_eq!(fitted.sha256.len(), 64);
        assert_eq!(fitted.mime_type, "image/jpeg");
    }

    #[test]
    fn a_plain_picture_keeps_its_width_up_to_the_start() {
        let (w, h) = (800, 600);
        let plain = RgbImage::from_pixel(w, h, Rgb([250, 250, 250]));
        let fitted = fit(Picture::from_pixels(plain, region(w, h)), 7).expect("fits");
        assert_eq!((fitted.width, fitted.height), (800, 600));
    }
}
