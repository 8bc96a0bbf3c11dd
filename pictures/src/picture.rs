//! The pure half of a screenshot: a PNG as Chromium wrote it, the sensitive fields' boxes
//! painted over in one flat colour, scaled down and encoded again. No browser here.

use bsk_schema::ipc::ImageFormat;
use image::{DynamicImage, ImageEncoder, Rgb, RgbImage};

/// The colour every mask is painted in: opaque, flat, unlike any field.
pub const MASK: Rgb<u8> = Rgb([60, 60, 60]);

/// Pixels added around each field's box, so anti-aliased edges and focus rings of its text go
/// too.
pub const MASK_PADDING: f64 = 2.0;

/// JPEG quality when none is asked for.
pub const DEFAULT_JPEG_QUALITY: u8 = 80;

/// A rectangle in CSS pixels of the page (document coordinates).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    /// The box around a CDP quad (`[x1, y1, … x4, y4]`), transformed or not.
    pub fn around_quad(quad: &[f64]) -> Option<Rect> {
        if quad.len() != 8 || quad.iter().any(|v| !v.is_finite()) {
            return None;
        }
        let xs = [quad[0], quad[2], quad[4], quad[6]];
        let ys = [quad[1], quad[3], quad[5], quad[7]];
        let min = |v: [f64; 4]| v.into_iter().fold(f64::INFINITY, f64::min);
        let max = |v: [f64; 4]| v.into_iter().fold(f64::NEG_INFINITY, f64::max);
        Some(Rect {
            x: min(xs),
            y: min(ys),
            width: max(xs) - min(xs),
            height: max(ys) - min(ys),
        })
    }

    pub fn offset(self, dx: f64, dy: f64) -> Rect {
        Rect {
            x: self.x + dx,
            y: self.y + dy,
            ..self
        }
    }
}

/// A picture being made: the pixels of `region` (CSS pixels of the page).
#[derive(Debug)]
pub struct Picture {
    pixels: RgbImage,
    region: Rect,
}

#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the browser's picture could not be read: {0}")]
    Decode(String),
    #[error("the picture could not be encoded: {0}")]
    Encode(String),
}

impl Picture {
    /// Chromium's PNG of `region`.
    pub fn decode(png: &[u8], region: Rect) -> Result<Picture, PictureError> {
        let image = image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .map_err(|e| PictureError::Decode(e.to_string()))?;
        Ok(Picture {
            pixels: image.to_rgb8(),
            region,
        })
    }

    /// A picture of `region` from pixels already in memory (tests, synthetic frames).
    pub fn from_pixels(pixels: RgbImage, region: Rect) -> Picture {
        Picture { pixels, region }
    }

    pub fn width(&self) -> u32 {
        self.pixels.width()
    }

    pub fn height(&self) -> u32 {
        self.pixels.height()
    }

    /// Paints `rect` (CSS pixels of the page) over, with [`MASK_PADDING`]; answers whether any
    /// of it fell in the picture.
    pub fn mask(&mut self, rect: Rect) -> bool {
        let (w, h) = (self.pixels.width(), self.pixels.height());
        if self.region.width <= 0.0 || self.region.height <= 0.0 || w == 0 || h == 0 {
            return false;
        }
        // Pixels per CSS pixel: the device pixel ratio and any zoom, as the picture shows them.
        let sx = f64::from(w) / self.region.width;
        let sy = f64::from(h) / self.region.height;
        let left = ((rect.x - MASK_PADDING - self.region.x) * sx).floor();
        let top = ((rect.y - MASK_PADDING - self.region.y) * sy).floor();
        let right = ((rect.x + rect.width + MASK_PADDING - self.region.x) * sx).ceil();
        let bottom = ((rect.y + rect.height + MASK_PADDING - self.region.y) * sy).ceil();
        let clamp = |v: f64, max: u32| v.clamp(0.0, f64::from(max)) as u32;
        let (x0, x1) = (clamp(left, w), clamp(right, w));
        let (y0, y1) = (clamp(top, h), clamp(bottom, h));
        if x0 >= x1 || y0 >= y1 {
            return false;
        }
        for y in y0..y1 {
            for x in x0..x1 {
                self.pixels.put_pixel(x, y, MASK);
            }
        }
        true
    }

    /// Paints the whole picture over (fail closed, when no field could be located at all).
    pub fn mask_all(&mut self) {
        for pixel in self.pixels.pixels_mut() {
            *pixel = MASK;
        }
    }

    /// Scales down to at most `max_width` pixels wide, keeping the aspect.
    pub fn fit_width(&mut self, max_width: u32) {
        let (w, h) = (self.pixels.width(), self.pixels.height());
        if max_width == 0 || w <= max_width {
            return;
        }
        let height = ((u64::from(h) * u64::from(max_width)) / u64::from(w)).max(1) as u32;
        self.pixels = image::imageops::resize(
            &self.pixels,
            max_width,
            height,
            image::imageops::FilterType::Triangle,
        );
    }

    /// The picture encoded as `format` (JPEG at `quality`).
    pub fn encode(&self, format: ImageFormat, quality: u8) -> Result<Vec<u8>, PictureError> {
        let mut out = Vec::new();
        let (w, h) = (self.pixels.width(), self.pixels.height());
        let result = match format {
            ImageFormat::Png => image::codecs::png::PngEncoder::new(&mut out).write_image(
                self.pixels.as_raw(),
                w,
                h,
                image::ExtendedColorType::Rgb8,
            ),
            ImageFormat::Jpeg => {
                image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality.clamp(1, 100))
                    .encode_image(&DynamicImage::ImageRgb8(self.pixels.clone()))
            }
        };
        result.map_err(|e| PictureError::Encode(e.to_string()))?;
        Ok(out)
    }

    /// The pixel at `(x, y)`, for tests.
    pub fn pixel(&self, x: u32, y: u32) -> Rgb<u8> {
        *self.pixels.get_pixel(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn white(w: u32, h: u32) -> RgbImage {
        RgbImage::from_pixel(w, h, Rgb([255, 255, 255]))
    }

    #[test]
    fn a_field_is_painted_where_it_shows_at_the_pictures_pixel_ratio() {
        // A 100×50 CSS-pixel viewport scrolled to (0, 200), pictured at 2 device pixels each.
        let region = Rect {
            x: 0.0,
            y: 200.0,
            width: 100.0,
            height: 50.0,
        };
        let mut picture = Picture::from_pixels(white(200, 100), region);
        let field = Rect {
            x: 10.0,
            y: 210.0,
            width: 30.0,
            height: 10.0,
        };
        assert!(picture.mask(field));
        // Inside the field (CSS 20, 215 → pixels 40, 30) and in its padding.
        assert_eq!(picture.pixel(40, 30), MASK);
        assert_eq!(picture.pixel(17, 17), MASK);
        // Well outside it.
        assert_eq!(picture.pixel(150, 80), Rgb([255, 255, 255]));
        // A field scrolled out of the picture paints nothing.
        assert!(!picture.mask(field.offset(0.0, -200.0)));
    }

    #[test]
    fn quads_become_their_bounding_box() {
        let rotated = [10.0, 0.0, 20.0, 10.0, 10.0, 20.0, 0.0, 10.0];
        assert_eq!(
            Rect::around_quad(&rotated),
            Some(Rect {
                x: 0.0,
                y: 0.0,
                width: 20.0,
                height: 20.0
            })
        );
        assert_eq!(Rect::around_quad(&[1.0, 2.0]), None);
    }

    #[test]
    fn scaled_and_encoded_pictures_decode_as_what_they_are() {
        let region = Rect {
            x: 0.0,
            y: 0.0,
            width: 2000.0,
            height: 1000.0,
        };
        let mut picture = Picture::from_pixels(white(2000, 1000), region);
        picture.fit_width(1280);
        assert_eq!((picture.width(), picture.height()), (1280, 640));
        let jpeg = picture.encode(ImageFormat::Jpeg, 80).expect("a JPEG");
        assert_eq!(&jpeg[..2], &[0xFF, 0xD8]);
        let png = picture.encode(ImageFormat::Png, 0).expect("a PNG");
        let back = Picture::decode(&png, region).expect("decodes");
        assert_eq!(back.width(), 1280);
    }
}
