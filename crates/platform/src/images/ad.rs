//! House-ad images (banner and pop-up): scaled down to fit [`MAX_SIDE`], proportions kept, and
//! re-encoded like avatars (PNG with transparency, else JPEG), which drops their metadata.

use super::{EncodedImage, NotAnImage};

/// The largest file an ad image may be.
pub const MAX_BYTES: usize = 2 * 1024 * 1024;
/// The largest side of a stored ad image: a 728 px leaderboard banner at twice its size.
pub const MAX_SIDE: u32 = 1456;

/// Turns an ad image into the stored one.
pub fn process(upload: &[u8]) -> Result<EncodedImage, NotAnImage> {
    super::fit_within(upload, super::SMALL_FILE_LIMITS, MAX_SIDE)
}

#[cfg(test)]
mod tests {
    use image::{ImageBuffer, ImageFormat, Rgb};

    use super::*;
    use crate::images::testing::encode;

    #[test]
    fn a_wide_banner_keeps_its_proportions() {
        let banner = encode(
            ImageBuffer::from_pixel(2912, 360, Rgb([10u8, 200, 10])).into(),
            ImageFormat::Png,
        );

        let stored = process(&banner).unwrap();

        assert_eq!(stored.extension, "jpg");
        let decoded = image::load_from_memory(&stored.bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (1456, 180));
    }

    #[test]
    fn text_is_not_an_ad_image() {
        assert!(process(b"<html>not an image</html>").is_err());
    }
}
