//! Uploaded images (track covers, avatars, ad images): checked by their bytes (JPEG, PNG or
//! WebP only), decoded within limits that stop decompression bombs, turned upright by their
//! EXIF orientation, and re-encoded, which drops every piece of metadata the upload carried
//! (EXIF, GPS, comments). Everything here is CPU-bound: callers run it off the async threads.

pub mod ad;
pub mod avatar;
pub mod cover;

use std::io::Cursor;

use bytes::Bytes;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

/// The upload is not a JPEG, PNG or WebP image that decodes within the limits.
#[derive(Debug, thiserror::Error)]
#[error("not a JPEG, PNG or WebP image that decodes within the limits")]
pub struct NotAnImage;

/// How large a picture an upload may claim: a few megabytes of file can describe a huge canvas.
#[derive(Clone, Copy, Debug)]
pub struct DecodeLimits {
    pub max_side: u32,
    pub max_alloc: u64,
}

/// What a file of at most 2 MB (an avatar, an ad image) may claim.
const SMALL_FILE_LIMITS: DecodeLimits = DecodeLimits {
    max_side: 8000,
    max_alloc: 128 * 1024 * 1024,
};

/// Decodes an upload by its bytes within `limits` and applies its EXIF orientation.
pub fn decode(upload: &[u8], limits: DecodeLimits) -> Result<DynamicImage, NotAnImage> {
    let format = image::guess_format(upload).map_err(|_| NotAnImage)?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP
    ) {
        return Err(NotAnImage);
    }
    let mut guard = Limits::default();
    guard.max_image_width = Some(limits.max_side);
    guard.max_image_height = Some(limits.max_side);
    guard.max_alloc = Some(limits.max_alloc);

    let mut reader = ImageReader::with_format(Cursor::new(upload), format);
    reader.limits(guard.clone());
    let mut decoder = reader.into_decoder().map_err(|_| NotAnImage)?;
    // The decoder checks the dimensions; the output buffer is checked here, as `decode` would.
    guard
        .reserve(decoder.total_bytes())
        .map_err(|_| NotAnImage)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(|_| NotAnImage)?;
    if image.width() == 0 || image.height() == 0 {
        return Err(NotAnImage);
    }
    image.apply_orientation(orientation);
    Ok(image)
}

/// An image re-encoded for storing: PNG when the picture has an alpha channel, else JPEG.
#[derive(Clone, Debug)]
pub struct EncodedImage {
    pub bytes: Bytes,
    /// `png` or `jpg`.
    pub extension: &'static str,
}

const JPEG_QUALITY: u8 = 85;

/// Decodes an upload within `limits`, scales it down (keeping its proportions) to fit
/// `max_side`, and re-encodes it ([`EncodedImage`]).
pub fn fit_within(
    upload: &[u8],
    limits: DecodeLimits,
    max_side: u32,
) -> Result<EncodedImage, NotAnImage> {
    let mut image = decode(upload, limits)?;
    if image.width() > max_side || image.height() > max_side {
        image = image.thumbnail(max_side, max_side);
    }
    let mut out = Vec::new();
    let extension = if image.color().has_alpha() {
        DynamicImage::from(image.to_rgba8())
            .write_with_encoder(PngEncoder::new(&mut out))
            .map_err(|_| NotAnImage)?;
        "png"
    } else {
        DynamicImage::from(image.to_rgb8())
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY))
            .map_err(|_| NotAnImage)?;
        "jpg"
    };
    Ok(EncodedImage {
        bytes: Bytes::from(out),
        extension,
    })
}

#[cfg(test)]
pub mod testing {
    use std::io::Cursor;

    use image::{DynamicImage, ImageFormat};

    /// `image` encoded in `format`.
    pub fn encode(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, format).unwrap();
        out.into_inner()
    }
}
