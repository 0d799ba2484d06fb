//! Track covers: cropped to a centred square and re-encoded as JPEG at the list size and the
//! page size.

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, Rgb, RgbImage};

use super::{DecodeLimits, NotAnImage};

/// Side of the cover in lists (`cover_url`).
pub const LIST_SIDE: u32 = 256;
/// Side of the cover on the track page (`cover_large_url`).
pub const PAGE_SIDE: u32 = 1024;
/// A 5 MB file may claim a huge canvas.
const LIMITS: DecodeLimits = DecodeLimits {
    max_side: 10_000,
    max_alloc: 320 * 1024 * 1024,
};
const JPEG_QUALITY: u8 = 85;
/// Transparent areas are laid on the app's dark background.
const BACKGROUND: [u8; 3] = [18, 18, 18];

/// A cover at both sizes, JPEG encoded.
#[derive(Clone, Debug)]
pub struct CoverImages {
    pub list: Vec<u8>,
    pub page: Vec<u8>,
}

/// Turns an uploaded image into the stored covers. CPU-bound: run it off the async threads.
pub fn process(upload: &[u8]) -> Result<CoverImages, NotAnImage> {
    let square = decode_square(upload)?;
    Ok(CoverImages {
        list: encode_at(&square, LIST_SIDE),
        page: encode_at(&square, PAGE_SIDE),
    })
}

fn decode_square(upload: &[u8]) -> Result<RgbImage, NotAnImage> {
    Ok(centre_square(super::decode(upload, LIMITS)?))
}

/// The largest centred square of the image, transparent parts laid on the background.
fn centre_square(image: DynamicImage) -> RgbImage {
    let side = image.width().min(image.height());
    let x = (image.width() - side) / 2;
    let y = (image.height() - side) / 2;
    let square = image.crop_imm(x, y, side, side);
    if !square.color().has_alpha() {
        return square.to_rgb8();
    }
    let rgba = square.to_rgba8();
    RgbImage::from_fn(side, side, |px, py| {
        let [r, g, b, a] = rgba.get_pixel(px, py).0;
        let blend = |c: u8, bg: u8| {
            ((u16::from(c) * u16::from(a) + u16::from(bg) * (255 - u16::from(a))) / 255) as u8
        };
        Rgb([
            blend(r, BACKGROUND[0]),
            blend(g, BACKGROUND[1]),
            blend(b, BACKGROUND[2]),
        ])
    })
}

/// JPEG of the square at `side` pixels, or at its own size when smaller (never upscaled).
fn encode_at(square: &RgbImage, side: u32) -> Vec<u8> {
    let resized;
    let image = if square.width() > side {
        resized = image::imageops::resize(square, side, side, FilterType::Lanczos3);
        &resized
    } else {
        square
    };
    let mut out = Vec::new();
    JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY)
        .encode_image(image)
        .expect("encoding an RGB image as JPEG into memory cannot fail");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::images::testing::encode;
    use image::{ImageBuffer, ImageFormat, Luma, Rgba};

    fn size_of(jpeg: &[u8]) -> (u32, u32) {
        assert_eq!(image::guess_format(jpeg).unwrap(), ImageFormat::Jpeg);
        let decoded = image::load_from_memory(jpeg).unwrap();
        (decoded.width(), decoded.height())
    }

    #[test]
    fn a_wide_image_is_cropped_to_a_square_at_both_sizes() {
        let wide = encode(
            ImageBuffer::from_pixel(2000, 1200, Rgb([200u8, 10, 10])).into(),
            ImageFormat::Png,
        );

        let covers = process(&wide).unwrap();

        assert_eq!(size_of(&covers.list), (256, 256));
        assert_eq!(size_of(&covers.page), (1024, 1024));
    }

    #[test]
    fn a_small_image_is_not_upscaled() {
        let small = encode(
            ImageBuffer::from_pixel(300, 500, Luma([90u8])).into(),
            ImageFormat::Jpeg,
        );

        let covers = process(&small).unwrap();

        assert_eq!(size_of(&covers.list), (256, 256));
        assert_eq!(size_of(&covers.page), (300, 300));
    }

    #[test]
    fn transparency_is_laid_on_the_background() {
        let clear = encode(
            ImageBuffer::from_pixel(10, 10, Rgba([255u8, 255, 255, 0])).into(),
            ImageFormat::Png,
        );

        let covers = process(&clear).unwrap();

        let pixel = image::load_from_memory(&covers.list).unwrap().to_rgb8();
        let [r, g, b] = pixel.get_pixel(5, 5).0;
        assert!(r < 40 && g < 40 && b < 40, "{r} {g} {b}");
    }

    #[test]
    fn only_jpeg_png_and_webp_bytes_that_decode_are_covers() {
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        let truncated_png = &encode(
            ImageBuffer::from_pixel(8, 8, Rgb([1u8, 2, 3])).into(),
            ImageFormat::Png,
        )[..40];
        let riff_wave = b"RIFF\x24\x00\x00\x00WAVEfmt ";

        for bytes in [&b"hello"[..], &gif[..], truncated_png, &riff_wave[..], b""] {
            assert!(process(bytes).is_err());
        }
    }

    #[test]
    fn an_image_claiming_a_huge_canvas_is_refused() {
        let bomb = encode(
            ImageBuffer::from_pixel(LIMITS.max_side + 1, 1, Luma([0u8])).into(),
            ImageFormat::Png,
        );

        assert!(process(&bomb).is_err());
    }
}
