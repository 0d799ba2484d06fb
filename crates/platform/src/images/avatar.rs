//! Avatars: scaled down to fit [`MAX_SIDE`] and re-encoded, PNG when the picture has an alpha
//! channel, else JPEG.

use super::{DecodeLimits, EncodedImage, NotAnImage};

/// The largest side of a stored avatar.
pub const MAX_SIDE: u32 = 512;
const LIMITS: DecodeLimits = super::SMALL_FILE_LIMITS;

/// Turns an uploaded image into the stored avatar.
pub fn process(upload: &[u8]) -> Result<EncodedImage, NotAnImage> {
    super::fit_within(upload, LIMITS, MAX_SIDE)
}

#[cfg(test)]
mod tests {
    use image::{ImageBuffer, ImageFormat, Luma, Rgb, Rgba};

    use super::*;
    use crate::images::testing::encode;

    #[test]
    fn an_opaque_image_becomes_a_jpeg_and_a_transparent_one_a_png() {
        let opaque = encode(
            ImageBuffer::from_pixel(40, 30, Rgb([200u8, 10, 10])).into(),
            ImageFormat::Png,
        );
        let transparent = encode(
            ImageBuffer::from_pixel(40, 30, Rgba([0u8, 0, 200, 128])).into(),
            ImageFormat::Png,
        );

        let jpeg = process(&opaque).unwrap();
        let png = process(&transparent).unwrap();

        assert_eq!(jpeg.extension, "jpg");
        assert_eq!(image::guess_format(&jpeg.bytes).unwrap(), ImageFormat::Jpeg);
        assert_eq!(png.extension, "png");
        assert_eq!(image::guess_format(&png.bytes).unwrap(), ImageFormat::Png);
        let decoded = image::load_from_memory(&png.bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (40, 30));
    }

    #[test]
    fn a_large_image_is_scaled_down_to_fit_512_pixels() {
        let wide = encode(
            ImageBuffer::from_pixel(1024, 256, Luma([90u8])).into(),
            ImageFormat::Jpeg,
        );

        let avatar = process(&wide).unwrap();

        let decoded = image::load_from_memory(&avatar.bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (512, 128));
    }

    #[test]
    fn an_image_claiming_a_huge_canvas_is_refused() {
        let bomb = encode(
            ImageBuffer::from_pixel(LIMITS.max_side + 1, 1, Luma([0u8])).into(),
            ImageFormat::Png,
        );

        assert!(process(&bomb).is_err());
    }

    #[test]
    fn only_png_jpeg_and_webp_bytes_are_images() {
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        let truncated_png = &encode(
            ImageBuffer::from_pixel(8, 8, Rgb([1u8, 2, 3])).into(),
            ImageFormat::Png,
        )[..40];

        for bytes in [&b"hello, not an image"[..], &gif[..], truncated_png, b""] {
            assert!(process(bytes).is_err());
        }
    }
}
