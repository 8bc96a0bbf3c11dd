//! The filmstrip (`bsk debug start --screenshots`): after each agent operation settled, a
//! masked picture of the viewport, made small enough to keep 40 of them in a record.

use bsk_actors::bounds::MAX_PICTURE_BYTES;
use bsk_schema::capture::Picture as PictureRecord;
use bsk_schema::ipc::ImageFormat;
use sha2::{Digest, Sha256};

use crate::picture::Picture;

/// The widest a filmstrip picture starts at: enough to read a page's headings and messages.
const START_WIDTH: u32 = 1280;

/// Below this width a picture shows nothing worth keeping: past it, it is dropped.
const MIN_WIDTH: u32 = 320;

/// The JPEG quality a filmstrip picture is encoded at: text stays legible.
const QUALITY: u8 = 70;

/// The quality tried last, at [`MIN_WIDTH`], before a picture is dropped.
const LAST_QUALITY: u8 = 50;

/// Encodes `picture` as a JPEG of at most [`MAX_PICTURE_BYTES`]: at its width (up to
/// [`START_WIDTH`]) first, then scaled by what the last size says the bound needs (a JPEG's
/// size goes with its area), to [`MIN_WIDTH`] at least, with a lower quality as the last try.
/// `None` when even that does not fit. Most pictures take one encoding, a busy page two or three.
pub fn fit(mut picture: Picture, taken_at: u64) -> Option<PictureRecord> {
    let mut width = picture.width().min(START_WIDTH);
    for _ in 0..4 {
        picture.fit_width(width);
        let bytes = picture.encode(ImageFormat::Jpeg, QUALITY).ok()?;
        if bytes.len() <= MAX_PICTURE_BYTES {
            return Some(record(&bytes, &picture, taken_at));
        }
        if width <= MIN_WIDTH {
            break;
        }
        // A little under what the area ratio says, so the next try fits.
        let scale = (MAX_PICTURE_BYTES as f64 / bytes.len() as f64).sqrt() * 0.9;
        width = ((f64::from(width) * scale) as u32).clamp(MIN_WIDTH, width - 1);
    }
    picture.fit_width(MIN_WIDTH);
    let bytes = picture.encode(ImageFormat::Jpeg, LAST_QUALITY).ok()?;
    (bytes.len() <= MAX_PICTURE_BYTES).then(|| record(&bytes, &picture, taken_at))
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
    use crate::picture::Rect;
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
