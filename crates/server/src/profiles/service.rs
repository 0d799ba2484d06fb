//! The rules of profiles: what a display name, a bio, a social link and an avatar may be, parsed
//! once into values that cannot be invalid; reading (and, when missing, creating) the own
//! profile; changing it; replacing the avatar; following and unfollowing.

use std::io::Cursor;

use bytes::Bytes;
use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::PngEncoder;
use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use serde_json::Value;
use tokio::sync::Semaphore;

use super::store::{self, ProfileRow};
use crate::db::{Db, Timestamp};
use crate::media::{MediaError, MediaKey, MediaStore};

pub const NAME_MAX_CHARS: usize = 80;
pub const BIO_MAX_CHARS: usize = 500;
pub const SOCIAL_LINK_MAX_CHARS: usize = 2048;
/// The largest avatar upload accepted (SPEC section 5: "at most 2 MB").
pub const AVATAR_MAX_BYTES: usize = 2 * 1024 * 1024;
/// Stored avatars fit in this square; larger images are scaled down.
pub const AVATAR_MAX_SIDE: u32 = 512;
/// Decompression-bomb guards: a small file may claim a huge canvas.
const AVATAR_DECODE_MAX_SIDE: u32 = 8000;
const AVATAR_DECODE_MAX_ALLOC: u64 = 128 * 1024 * 1024;
const AVATAR_JPEG_QUALITY: u8 = 85;
/// Decoding may take up to `AVATAR_DECODE_MAX_ALLOC` of memory; this bounds how many run at once.
static AVATAR_DECODES: Semaphore = Semaphore::const_new(4);

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("Please enter a display name.")]
    EmptyName,
    #[error("Display name must be at most 80 characters.")]
    NameTooLong,
    #[error("Display name cannot contain control characters.")]
    NameHasControlCharacters,
    #[error("Bio must be at most 500 characters.")]
    BioTooLong,
    #[error("Bio cannot contain control characters.")]
    BioHasControlCharacters,
    #[error("Social links must start with http:// or https://")]
    InvalidSocialLink,
    #[error("Social links must be at most 2048 characters.")]
    SocialLinkTooLong,
    #[error("Email cannot be changed here.")]
    EmailReadOnly,
    #[error("Image must be less than 2MB.")]
    AvatarTooLarge,
    #[error("Please select an image file.")]
    InvalidImage,
    #[error("Profile not found.")]
    NotFound,
    #[error("You cannot follow yourself.")]
    CannotFollowSelf,
    #[error("Playlist not found")]
    FeaturedPlaylistNotFound,
    #[error("database failure: {0}")]
    Database(#[from] sqlx::Error),
    #[error("media failure: {0}")]
    Media(#[from] MediaError),
    #[error("{0:#}")]
    Internal(anyhow::Error),
}

/// A display name: trimmed, not empty, at most 80 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DisplayName(String);

impl DisplayName {
    pub fn parse(raw: &str) -> Result<Self, ProfileError> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(ProfileError::EmptyName);
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err(ProfileError::NameTooLong);
        }
        if name.chars().any(char::is_control) {
            return Err(ProfileError::NameHasControlCharacters);
        }
        Ok(Self(name.to_owned()))
    }

    /// The name a profile created after sign-up starts with: the `name` given at sign-up, else
    /// the email's local part, cut to the allowed length.
    pub fn for_new_profile(signup_name: Option<&str>, email: &str) -> Self {
        let cut = |s: &str| s.trim().chars().take(NAME_MAX_CHARS).collect::<String>();
        let local_part = email.split('@').next().unwrap_or(email);
        signup_name
            .and_then(|name| Self::parse(&cut(name)).ok())
            .or_else(|| Self::parse(&cut(local_part)).ok())
            .unwrap_or_else(|| Self(cut(email)))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A bio: trimmed, at most 500 characters; line breaks and tabs allowed, other control
/// characters not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bio(String);

impl Bio {
    pub fn parse(raw: &str) -> Result<Self, ProfileError> {
        let bio = raw.trim();
        if bio.chars().count() > BIO_MAX_CHARS {
            return Err(ProfileError::BioTooLong);
        }
        if bio
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            return Err(ProfileError::BioHasControlCharacters);
        }
        Ok(Self(bio.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// An absolute http or https URL with a host and no credentials, in normalised form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SocialLink(String);

impl SocialLink {
    pub fn parse(raw: &str) -> Result<Self, ProfileError> {
        let raw = raw.trim();
        if raw.chars().count() > SOCIAL_LINK_MAX_CHARS {
            return Err(ProfileError::SocialLinkTooLong);
        }
        // Browsers repair `http:x.com` and `http:///x.com`; a link must be written out in full.
        let lower = raw.to_ascii_lowercase();
        let rest = lower
            .strip_prefix("https://")
            .or_else(|| lower.strip_prefix("http://"))
            .ok_or(ProfileError::InvalidSocialLink)?;
        if rest.starts_with(['/', '\\']) {
            return Err(ProfileError::InvalidSocialLink);
        }
        let url = url::Url::parse(raw).map_err(|_| ProfileError::InvalidSocialLink)?;
        let web = matches!(url.scheme(), "http" | "https");
        let has_host = url.host_str().is_some_and(|h| !h.is_empty());
        // `https://twitter.com@evil.example` reads as Twitter but leads elsewhere.
        let has_credentials = !url.username().is_empty() || url.password().is_some();
        if !web || !has_host || has_credentials {
            return Err(ProfileError::InvalidSocialLink);
        }
        let link = String::from(url);
        if link.chars().count() > SOCIAL_LINK_MAX_CHARS {
            return Err(ProfileError::SocialLinkTooLong);
        }
        Ok(Self(link))
    }

    /// A link field of an update: null or blank clears the link.
    pub fn parse_or_clear(raw: Option<&str>) -> Result<Option<Self>, ProfileError> {
        match raw.map(str::trim) {
            None | Some("") => Ok(None),
            Some(link) => Self::parse(link).map(Some),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A validated change to a profile. `None` leaves a field as it is; for links and the
/// featured playlist `Some(None)` clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileChanges {
    pub name: Option<DisplayName>,
    pub bio: Option<Bio>,
    pub twitter: Option<Option<SocialLink>>,
    pub instagram: Option<Option<SocialLink>>,
    pub spotify: Option<Option<SocialLink>>,
    /// The id of one of the owner's playlists (checked when the change is written).
    pub featured_playlist: Option<Option<String>>,
}

/// An update as the client sent it, before validation.
#[derive(Clone, Debug, Default)]
pub struct ProfileInput {
    pub name: Option<String>,
    pub bio: Option<String>,
    pub twitter: Option<Option<String>>,
    pub instagram: Option<Option<String>>,
    pub spotify: Option<Option<String>>,
    pub featured_playlist: Option<Option<String>>,
}

impl ProfileChanges {
    /// Validates every provided field; the first invalid one (name, bio, then the links in
    /// order) is the error.
    pub fn parse(input: ProfileInput) -> Result<Self, ProfileError> {
        let link = |raw: Option<Option<String>>| {
            raw.map(|value| SocialLink::parse_or_clear(value.as_deref()))
                .transpose()
        };
        Ok(Self {
            name: input.name.as_deref().map(DisplayName::parse).transpose()?,
            bio: input.bio.as_deref().map(Bio::parse).transpose()?,
            twitter: link(input.twitter)?,
            instagram: link(input.instagram)?,
            spotify: link(input.spotify)?,
            featured_playlist: input.featured_playlist,
        })
    }

    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

/// The signed-in user's profile. A user without one (a profile row lost or never written)
/// gets a free-plan profile made from their account, as the original app did on PGRST116.
pub async fn my_profile(db: &Db, user_id: &str) -> Result<ProfileRow, ProfileError> {
    if let Some(profile) = store::find_profile(db, user_id).await? {
        return Ok(profile);
    }
    let account = store::find_account(db, user_id)
        .await?
        .ok_or(ProfileError::NotFound)?;
    let metadata: Value = serde_json::from_str(&account.user_metadata).unwrap_or(Value::Null);
    let name =
        DisplayName::for_new_profile(metadata.get("name").and_then(Value::as_str), &account.email);
    store::insert_default_profile(db, user_id, &name, &account.email, Timestamp::now()).await?;
    store::find_profile(db, user_id)
        .await?
        .ok_or(ProfileError::NotFound)
}

/// Applies `changes` to the signed-in user's own profile.
pub async fn update_my_profile(
    db: &Db,
    user_id: &str,
    changes: &ProfileChanges,
) -> Result<ProfileRow, ProfileError> {
    let profile = my_profile(db, user_id).await?;
    if changes.is_empty() {
        return Ok(profile);
    }
    let features_a_playlist = matches!(changes.featured_playlist, Some(Some(_)));
    match store::update_profile(db, user_id, changes, Timestamp::now()).await {
        Ok(1) => {}
        // The profile exists (read above), so the playlist is not one of the user's.
        Ok(_) if features_a_playlist => return Err(ProfileError::FeaturedPlaylistNotFound),
        Ok(_) => return Err(ProfileError::NotFound),
        // The playlist was deleted while it was being featured.
        Err(err) if is_foreign_key_violation(&err) => {
            return Err(ProfileError::FeaturedPlaylistNotFound);
        }
        Err(err) => return Err(err.into()),
    }
    store::find_profile(db, user_id)
        .await?
        .ok_or(ProfileError::NotFound)
}

/// Another user's profile as `viewer_id` sees it.
pub async fn public_profile(
    db: &Db,
    viewer_id: &str,
    profile_id: &str,
) -> Result<(ProfileRow, bool), ProfileError> {
    let profile = store::find_profile(db, profile_id)
        .await?
        .ok_or(ProfileError::NotFound)?;
    let following = store::is_following(db, viewer_id, profile_id).await?;
    Ok((profile, following))
}

/// The outcome of a follow or unfollow: whether the caller now follows, and the new count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowOutcome {
    pub following: bool,
    pub follower_count: i64,
}

/// Makes `follower_id` follow `profile_id`; following again changes nothing.
pub async fn follow(
    db: &Db,
    follower_id: &str,
    profile_id: &str,
) -> Result<FollowOutcome, ProfileError> {
    if follower_id == profile_id {
        return Err(ProfileError::CannotFollowSelf);
    }
    if !store::profile_exists(db, profile_id).await? {
        return Err(ProfileError::NotFound);
    }
    match store::insert_follow(db, follower_id, profile_id, Timestamp::now()).await {
        // The account went away between the check and the insert.
        Err(err) if is_foreign_key_violation(&err) => return Err(ProfileError::NotFound),
        other => other?,
    };
    Ok(FollowOutcome {
        following: true,
        follower_count: store::follower_count(db, profile_id).await?,
    })
}

/// Makes `follower_id` stop following `profile_id`; unfollowing again changes nothing.
pub async fn unfollow(
    db: &Db,
    follower_id: &str,
    profile_id: &str,
) -> Result<FollowOutcome, ProfileError> {
    if !store::profile_exists(db, profile_id).await? {
        return Err(ProfileError::NotFound);
    }
    store::delete_follow(db, follower_id, profile_id).await?;
    Ok(FollowOutcome {
        following: false,
        follower_count: store::follower_count(db, profile_id).await?,
    })
}

/// An avatar ready to store: re-encoded, so no metadata of the upload survives.
#[derive(Clone, Debug)]
pub struct AvatarImage {
    pub bytes: Bytes,
    pub extension: &'static str,
}

/// Checks an upload by its bytes (never its name or declared type), decodes it within the
/// decompression-bomb limits, applies its EXIF orientation, scales it down to fit
/// [`AVATAR_MAX_SIDE`], and re-encodes it: PNG when it has an alpha channel, else JPEG.
/// CPU-bound; run it off the async threads.
pub fn process_avatar(upload: &[u8]) -> Result<AvatarImage, ProfileError> {
    if upload.len() > AVATAR_MAX_BYTES {
        return Err(ProfileError::AvatarTooLarge);
    }
    let format = image::guess_format(upload).map_err(|_| ProfileError::InvalidImage)?;
    if !matches!(
        format,
        ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP
    ) {
        return Err(ProfileError::InvalidImage);
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(AVATAR_DECODE_MAX_SIDE);
    limits.max_image_height = Some(AVATAR_DECODE_MAX_SIDE);
    limits.max_alloc = Some(AVATAR_DECODE_MAX_ALLOC);

    let mut reader = ImageReader::with_format(Cursor::new(upload), format);
    reader.limits(limits.clone());
    let mut decoder = reader
        .into_decoder()
        .map_err(|_| ProfileError::InvalidImage)?;
    // The decoder checks the dimensions; the output buffer is checked here, as `decode` would.
    limits
        .reserve(decoder.total_bytes())
        .map_err(|_| ProfileError::InvalidImage)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut image = DynamicImage::from_decoder(decoder).map_err(|_| ProfileError::InvalidImage)?;

    if image.width() > AVATAR_MAX_SIDE || image.height() > AVATAR_MAX_SIDE {
        image = image.thumbnail(AVATAR_MAX_SIDE, AVATAR_MAX_SIDE);
    }
    image.apply_orientation(orientation);

    let mut out = Vec::new();
    let extension = if image.color().has_alpha() {
        DynamicImage::from(image.to_rgba8())
            .write_with_encoder(PngEncoder::new(&mut out))
            .map_err(|e| ProfileError::Internal(e.into()))?;
        "png"
    } else {
        DynamicImage::from(image.to_rgb8())
            .write_with_encoder(JpegEncoder::new_with_quality(&mut out, AVATAR_JPEG_QUALITY))
            .map_err(|e| ProfileError::Internal(e.into()))?;
        "jpg"
    };
    Ok(AvatarImage {
        bytes: Bytes::from(out),
        extension,
    })
}

/// Replaces the signed-in user's avatar with `upload`. The new file is stored under a name of
/// its own, then the profile points at it, then the previous file is deleted; when the profile
/// cannot be updated the new file is deleted, so a failure leaves nothing behind.
pub async fn replace_avatar(
    db: &Db,
    media: &MediaStore,
    user_id: &str,
    upload: Bytes,
) -> Result<ProfileRow, ProfileError> {
    my_profile(db, user_id).await?;
    let avatar = {
        let _permit = AVATAR_DECODES
            .acquire()
            .await
            .map_err(|e| ProfileError::Internal(e.into()))?;
        tokio::task::spawn_blocking(move || process_avatar(&upload))
            .await
            .map_err(|e| ProfileError::Internal(e.into()))??
    };

    // Storing and pointing the profile at the file run to completion even if the client goes
    // away (a dropped request future would otherwise strand the new file).
    let (db_task, media_task, user) = (db.clone(), media.clone(), user_id.to_owned());
    tokio::spawn(async move { swap_avatar(&db_task, &media_task, &user, avatar).await })
        .await
        .map_err(|e| ProfileError::Internal(e.into()))??;

    store::find_profile(db, user_id)
        .await?
        .ok_or(ProfileError::NotFound)
}

async fn swap_avatar(
    db: &Db,
    media: &MediaStore,
    user_id: &str,
    avatar: AvatarImage,
) -> Result<(), ProfileError> {
    let key = store_new_avatar(media, user_id, &avatar).await?;
    let previous = match point_profile_at(db, user_id, &key).await {
        Ok(previous) => previous,
        Err(err) => {
            if let Err(cleanup) = media.delete(&key).await {
                tracing::warn!(key = %key, error = %cleanup, "cannot delete an unused avatar");
            }
            return Err(err);
        }
    };
    if let Some(previous) = previous {
        match MediaKey::parse(&previous) {
            Ok(previous) => {
                if let Err(err) = media.delete(&previous).await {
                    tracing::warn!(key = %previous, error = %err, "cannot delete a replaced avatar");
                }
            }
            Err(err) => tracing::warn!(error = %err, "a replaced avatar had an invalid key"),
        }
    }
    Ok(())
}

/// Stores the avatar at `avatars/{userId}/{userId}-{unix_millis}.{ext}`, never over an existing
/// file: a name already taken (two uploads in one millisecond) moves on to the next millisecond.
async fn store_new_avatar(
    media: &MediaStore,
    user_id: &str,
    avatar: &AvatarImage,
) -> Result<MediaKey, ProfileError> {
    let millis = chrono::Utc::now().timestamp_millis();
    let mut last_error = None;
    for offset in 0..5 {
        let key = MediaKey::parse(&avatar_key(user_id, millis + offset, avatar.extension))?;
        match media.put_new(&key, avatar.bytes.clone()).await {
            Ok(()) => return Ok(key),
            Err(err @ MediaError::AlreadyExists(_)) => last_error = Some(err),
            Err(err) => return Err(err.into()),
        }
    }
    Err(last_error
        .map(ProfileError::from)
        .unwrap_or_else(|| ProfileError::Internal(anyhow::anyhow!("no avatar key was free"))))
}

fn is_foreign_key_violation(err: &sqlx::Error) -> bool {
    matches!(err, sqlx::Error::Database(e) if e.is_foreign_key_violation())
}

pub fn avatar_key(user_id: &str, unix_millis: i64, extension: &str) -> String {
    format!("avatars/{user_id}/{user_id}-{unix_millis}.{extension}")
}

/// Points the profile at `key` and returns the key it pointed at before. The update only
/// succeeds if the previous key is still the one read, so two concurrent uploads cannot both
/// claim the same previous file (and strand one of theirs).
async fn point_profile_at(
    db: &Db,
    user_id: &str,
    key: &MediaKey,
) -> Result<Option<String>, ProfileError> {
    for _ in 0..5 {
        let Some(previous) = store::avatar_key(db, user_id).await? else {
            return Err(ProfileError::NotFound);
        };
        if store::set_avatar_key(
            db,
            user_id,
            key.as_str(),
            previous.as_deref(),
            Timestamp::now(),
        )
        .await?
        {
            return Ok(previous);
        }
    }
    Err(ProfileError::Internal(anyhow::anyhow!(
        "the avatar kept changing while it was being replaced"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{ImageBuffer, Luma, Rgb, Rgba};

    #[test]
    fn a_display_name_is_trimmed_and_required() {
        assert_eq!(
            DisplayName::parse("  Ana Lima ").unwrap().as_str(),
            "Ana Lima"
        );
        for blank in ["", "   ", "\n\t"] {
            assert!(matches!(
                DisplayName::parse(blank),
                Err(ProfileError::EmptyName)
            ));
        }
        assert_eq!(
            ProfileError::EmptyName.to_string(),
            "Please enter a display name."
        );
    }

    #[test]
    fn a_display_name_has_at_most_80_characters_and_no_control_characters() {
        assert!(DisplayName::parse(&"é".repeat(80)).is_ok());
        assert!(matches!(
            DisplayName::parse(&"é".repeat(81)),
            Err(ProfileError::NameTooLong)
        ));
        assert!(matches!(
            DisplayName::parse("Ana\nLima"),
            Err(ProfileError::NameHasControlCharacters)
        ));
        assert!(matches!(
            DisplayName::parse("Ana\0"),
            Err(ProfileError::NameHasControlCharacters)
        ));
    }

    #[test]
    fn a_new_profile_is_named_from_sign_up_data_else_the_email() {
        assert_eq!(
            DisplayName::for_new_profile(Some(" Bo "), "bo@x.io").as_str(),
            "Bo"
        );
        assert_eq!(
            DisplayName::for_new_profile(Some("  "), "bo@x.io").as_str(),
            "bo"
        );
        assert_eq!(DisplayName::for_new_profile(None, "bo@x.io").as_str(), "bo");
        assert_eq!(
            DisplayName::for_new_profile(Some(&"n".repeat(100)), "bo@x.io").as_str(),
            "n".repeat(80)
        );
    }

    #[test]
    fn a_bio_has_at_most_500_characters_and_may_have_line_breaks() {
        assert_eq!(
            Bio::parse("  beats\nand bass ").unwrap().as_str(),
            "beats\nand bass"
        );
        assert_eq!(Bio::parse("").unwrap().as_str(), "");
        assert!(Bio::parse(&"b".repeat(500)).is_ok());
        assert!(matches!(
            Bio::parse(&"b".repeat(501)),
            Err(ProfileError::BioTooLong)
        ));
        assert!(matches!(
            Bio::parse("nul\0"),
            Err(ProfileError::BioHasControlCharacters)
        ));
    }

    #[test]
    fn a_social_link_is_an_absolute_http_or_https_url() {
        assert_eq!(
            SocialLink::parse(" https://twitter.com/ana ")
                .unwrap()
                .as_str(),
            "https://twitter.com/ana"
        );
        assert_eq!(
            SocialLink::parse("HTTP://Instagram.com").unwrap().as_str(),
            "http://instagram.com/"
        );
        for bad in [
            "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "ftp://files.example.com/a",
            "twitter.com/ana",
            "/relative/path",
            "https://",
            "http:///path",
            "http:example.com",
            "https:\\\\example.com",
            "https://twitter.com@evil.example/",
            "https://user:pass@example.com/",
            "mailto:ana@example.com",
        ] {
            assert!(
                matches!(SocialLink::parse(bad), Err(ProfileError::InvalidSocialLink)),
                "{bad:?} was accepted"
            );
        }
        assert_eq!(
            ProfileError::InvalidSocialLink.to_string(),
            "Social links must start with http:// or https://"
        );
    }

    #[test]
    fn a_very_long_social_link_is_refused() {
        let long = format!("https://example.com/{}", "a".repeat(SOCIAL_LINK_MAX_CHARS));
        assert!(matches!(
            SocialLink::parse(&long),
            Err(ProfileError::SocialLinkTooLong)
        ));
    }

    #[test]
    fn a_null_or_blank_link_clears_it() {
        assert_eq!(SocialLink::parse_or_clear(None).unwrap(), None);
        assert_eq!(SocialLink::parse_or_clear(Some("  ")).unwrap(), None);
        assert!(
            SocialLink::parse_or_clear(Some("https://open.spotify.com/x"))
                .unwrap()
                .is_some()
        );
    }

    #[test]
    fn changes_keep_absent_fields_and_report_the_first_invalid_one() {
        let changes = ProfileChanges::parse(ProfileInput {
            bio: Some("hi".into()),
            twitter: Some(None),
            ..ProfileInput::default()
        })
        .unwrap();
        assert_eq!(changes.name, None);
        assert_eq!(changes.bio.unwrap().as_str(), "hi");
        assert_eq!(changes.twitter, Some(None));
        assert_eq!(changes.instagram, None);

        let invalid = ProfileChanges::parse(ProfileInput {
            name: Some(" ".into()),
            spotify: Some(Some("ftp://x".into())),
            ..ProfileInput::default()
        });
        assert!(matches!(invalid, Err(ProfileError::EmptyName)));
        assert!(
            ProfileChanges::parse(ProfileInput::default())
                .unwrap()
                .is_empty()
        );
    }

    fn encode(image: DynamicImage, format: ImageFormat) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        image.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

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

        let jpeg = process_avatar(&opaque).unwrap();
        let png = process_avatar(&transparent).unwrap();

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

        let avatar = process_avatar(&wide).unwrap();

        let decoded = image::load_from_memory(&avatar.bytes).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (512, 128));
    }

    #[test]
    fn an_image_claiming_a_huge_canvas_is_refused() {
        let bomb = encode(
            ImageBuffer::from_pixel(AVATAR_DECODE_MAX_SIDE + 1, 1, Luma([0u8])).into(),
            ImageFormat::Png,
        );

        assert!(matches!(
            process_avatar(&bomb),
            Err(ProfileError::InvalidImage)
        ));
    }

    #[test]
    fn only_png_jpeg_and_webp_bytes_are_images() {
        let gif = b"GIF89a\x01\x00\x01\x00\x00\x00\x00;";
        let truncated_png = &encode(
            ImageBuffer::from_pixel(8, 8, Rgb([1u8, 2, 3])).into(),
            ImageFormat::Png,
        )[..40];

        for bytes in [&b"hello, not an image"[..], &gif[..], truncated_png, b""] {
            assert!(matches!(
                process_avatar(bytes),
                Err(ProfileError::InvalidImage)
            ));
        }
    }
}
