//! The rules of streaming: a listener hears the rendition of their plan (standard MP3 128 for
//! free, high MP3 320 for basic, lossless FLAC for premium when the upload was lossless, else
//! the original), of a ready track they may see. Signed URLs last long enough to play the track
//! twice, and at least 15 minutes. A track's stems (AutoMix) stream the same way: the stem's
//! rendition of the plan's quality (the best below it when the stems have no lossless one).

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use sha2::{Digest, Sha256};

use super::signature;
use crate::catalog::renditions::{self as catalog, RenditionRow, TrackSource};
use crate::catalog::stems::{self, Stem};
use backbeat_auth::Keys;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_platform::media::MediaKey;
use backbeat_platform::plans::{self, StreamQuality};

/// The shortest life of a signed URL.
pub const MIN_URL_LIFETIME_SECS: i64 = 15 * 60;
/// Files remembered by [`Streams`]; past this the memory starts over.
const CACHE_MAX_ENTRIES: usize = 10_000;

/// A file to stream, with what the response says about it before reading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamFile {
    pub key: MediaKey,
    pub content_type: String,
    pub size: u64,
    /// A strong validator: stored objects are never overwritten, so the key names the bytes.
    pub e_tag: String,
}

impl StreamFile {
    fn new(key: &str, content_type: &str, size: i64) -> Result<Self, Failure> {
        let key = MediaKey::parse(key)?;
        let digest = Sha256::digest(key.as_str().as_bytes());
        let e_tag = format!(
            "\"{}\"",
            digest[..12]
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect::<String>()
        );
        Ok(Self {
            key,
            content_type: content_type.to_owned(),
            size: u64::try_from(size).map_err(Failure::unexpected)?,
            e_tag,
        })
    }
}

/// The file that plays `quality` of a track: its rendition of that quality, else (lossless
/// of a lossy upload) the original.
pub fn choose(
    source: &TrackSource,
    renditions: &[RenditionRow],
    quality: StreamQuality,
) -> Result<StreamFile, Failure> {
    match renditions.iter().find(|r| r.quality == quality.as_str()) {
        Some(rendition) => StreamFile::new(
            &rendition.media_key,
            &rendition.content_type,
            rendition.size_bytes,
        ),
        None => StreamFile::new(
            &source.audio_key,
            &source.audio_content_type,
            source.audio_size_bytes,
        ),
    }
}

/// The file that plays `quality` of a stem: its rendition of that quality, else the best one
/// below it.
pub fn choose_stem(
    renditions: &[RenditionRow],
    quality: StreamQuality,
) -> Result<StreamFile, Failure> {
    StreamQuality::ALL
        .into_iter()
        .rev()
        .filter(|candidate| *candidate <= quality)
        .find_map(|candidate| renditions.iter().find(|r| r.quality == candidate.as_str()))
        .ok_or_else(|| Failure::from(errors::STEMS_NOT_FOUND))
        .and_then(|r| StreamFile::new(&r.media_key, &r.content_type, r.size_bytes))
}

/// How long a signed URL for a track of `duration_secs` lasts.
pub fn url_lifetime(duration_secs: i64) -> chrono::Duration {
    chrono::Duration::seconds(MIN_URL_LIFETIME_SECS.max(2 * duration_secs))
}

fn check_ready(source: &TrackSource) -> Result<(), Failure> {
    source.status.require_ready()
}

/// A signed URL and what it plays.
#[derive(Clone, Debug)]
pub struct SignedStream {
    pub url: String,
    pub expires_at: Timestamp,
    pub content_type: String,
    pub quality: StreamQuality,
}

/// Finds stream files and remembers them: a ready track's renditions never change, so the
/// requests of a playing track need no database query.
#[derive(Clone, Debug, Default)]
pub struct Streams {
    files: Arc<RwLock<FilesByQuality>>,
}

/// Stream files by track id, stem (none for the track's mix) and quality name.
type FilesByQuality = HashMap<(TrackId, Option<Stem>, &'static str), Arc<StreamFile>>;

impl Streams {
    /// The file that plays `quality` of a ready track.
    pub async fn file(
        &self,
        db: &Db,
        track_id: &TrackId,
        quality: StreamQuality,
    ) -> Result<Arc<StreamFile>, Failure> {
        let key = (track_id.to_owned(), None, quality.as_str());
        if let Some(file) = self.remembered(&key) {
            return Ok(file);
        }
        let source = catalog::find_source(db, track_id)
            .await?
            .ok_or(errors::TRACK_NOT_FOUND)?;
        check_ready(&source)?;
        let renditions = catalog::renditions(db, track_id).await?;
        Ok(self.remember(key, choose(&source, &renditions, quality)?))
    }

    /// The file that plays `quality` of a stem of a track whose stems are ready (they never
    /// change once ready).
    pub async fn stem_file(
        &self,
        db: &Db,
        track_id: &TrackId,
        stem: Stem,
        quality: StreamQuality,
    ) -> Result<Arc<StreamFile>, Failure> {
        let key = (track_id.to_owned(), Some(stem), quality.as_str());
        if let Some(file) = self.remembered(&key) {
            return Ok(file);
        }
        let renditions = stems::stem_renditions(db, track_id, stem).await?;
        Ok(self.remember(key, choose_stem(&renditions, quality)?))
    }

    fn remembered(&self, key: &(TrackId, Option<Stem>, &'static str)) -> Option<Arc<StreamFile>> {
        self.files.read().expect("not poisoned").get(key).cloned()
    }

    fn remember(
        &self,
        key: (TrackId, Option<Stem>, &'static str),
        file: StreamFile,
    ) -> Arc<StreamFile> {
        let file = Arc::new(file);
        let mut files = self.files.write().expect("not poisoned");
        if files.len() >= CACHE_MAX_ENTRIES {
            files.clear();
        }
        files.insert(key, file.clone());
        file
    }

    /// The file a signed-in listener hears of a stem of a track they may see.
    pub async fn stem_file_for_listener(
        &self,
        db: &Db,
        listener: &UserId,
        track_id: &TrackId,
        stem: Stem,
    ) -> Result<Arc<StreamFile>, Failure> {
        catalog::find_visible_source(db, track_id, listener)
            .await?
            .ok_or(errors::TRACK_NOT_FOUND)?;
        let quality = listener_quality(db, listener).await?;
        self.stem_file(db, track_id, stem, quality).await
    }

    /// The file a signed stem URL plays, when its signature holds at `now`.
    pub async fn file_for_stem_signature(
        &self,
        db: &Db,
        keys: &Keys,
        track_id: &TrackId,
        stem: Stem,
        grant: &StreamGrant<'_>,
        now: i64,
    ) -> Result<Arc<StreamFile>, Failure> {
        let quality = signature::verify_stem(
            keys,
            track_id,
            stem,
            (grant.quality, grant.expires, grant.sig),
            now,
        )
        .map_err(|_| errors::INVALID_STREAM_SIGNATURE)?;
        self.stem_file(db, track_id, stem, quality).await
    }

    /// The file a signed-in listener hears of a track they may see: their plan's quality.
    pub async fn file_for_listener(
        &self,
        db: &Db,
        listener: &UserId,
        track_id: &TrackId,
    ) -> Result<Arc<StreamFile>, Failure> {
        let source = catalog::find_visible_source(db, track_id, listener)
            .await?
            .ok_or(errors::TRACK_NOT_FOUND)?;
        check_ready(&source)?;
        self.file(db, track_id, listener_quality(db, listener).await?)
            .await
    }

    /// A signed URL that plays the track in the listener's plan's quality.
    pub async fn signed_url(
        &self,
        db: &Db,
        keys: &Keys,
        listener: &UserId,
        track_id: &TrackId,
    ) -> Result<SignedStream, Failure> {
        let source = catalog::find_visible_source(db, track_id, listener)
            .await?
            .ok_or(errors::TRACK_NOT_FOUND)?;
        check_ready(&source)?;
        let quality = listener_quality(db, listener).await?;
        self.sign(db, keys, &source.id, source.duration_secs, quality)
            .await
    }

    /// The signed URL of a ready track the caller has already found visible to the listener,
    /// in `quality` (the listener's plan's): for those that read the track and the plan in
    /// their own transaction (download grants), so neither is read again per track.
    pub async fn sign(
        &self,
        db: &Db,
        keys: &Keys,
        track_id: &TrackId,
        duration_secs: i64,
        quality: StreamQuality,
    ) -> Result<SignedStream, Failure> {
        let file = self.file(db, track_id, quality).await?;
        let expires_at = Timestamp::now() + url_lifetime(duration_secs);
        let expires = expires_at.unix_seconds();
        let sig = signature::sign(keys, track_id, quality, expires);
        Ok(SignedStream {
            url: format!(
                "/api/v1/tracks/{track_id}/stream?exp={expires}&q={}&sig={sig}",
                quality.as_str()
            ),
            expires_at,
            content_type: file.content_type.clone(),
            quality,
        })
    }

    /// The file a signed URL plays, when its signature holds at `now`.
    pub async fn file_for_signature(
        &self,
        db: &Db,
        keys: &Keys,
        track_id: &TrackId,
        grant: &StreamGrant<'_>,
        now: i64,
    ) -> Result<Arc<StreamFile>, Failure> {
        let quality =
            signature::verify(keys, track_id, grant.quality, grant.expires, grant.sig, now)
                .map_err(|_| errors::INVALID_STREAM_SIGNATURE)?;
        self.file(db, track_id, quality).await
    }
}

/// The query of a signed URL, as sent.
#[derive(Clone, Copy, Debug)]
pub struct StreamGrant<'a> {
    pub expires: &'a str,
    pub quality: &'a str,
    pub sig: &'a str,
}

/// A signed URL of a stem in `quality`, lasting as a track's URL does; with its expiry.
pub fn signed_stem_url(
    keys: &Keys,
    track_id: &TrackId,
    stem: Stem,
    quality: StreamQuality,
    duration_secs: i64,
) -> (String, Timestamp) {
    let expires_at = Timestamp::now() + url_lifetime(duration_secs);
    let expires = expires_at.unix_seconds();
    let sig = signature::sign_stem(keys, track_id, stem, quality, expires);
    let url = format!(
        "/api/v1/tracks/{track_id}/stems/{}/stream?exp={expires}&q={}&sig={sig}",
        stem.as_str(),
        quality.as_str()
    );
    (url, expires_at)
}

/// The stream quality of `listener`'s plan.
pub async fn listener_quality(db: &Db, listener: &UserId) -> sqlx::Result<StreamQuality> {
    Ok(plans::plan_of(db, listener).await?.stream_quality())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::track::TrackStatus;

    fn source() -> TrackSource {
        TrackSource {
            id: "t1".into(),
            status: TrackStatus::Ready,
            duration_secs: 200,
            audio_key: "tracks/u1/1_song.mp3".into(),
            audio_content_type: "audio/mpeg".into(),
            audio_size_bytes: 9_000,
            lossless_source: false,
        }
    }

    fn rendition(quality: &str, content_type: &str) -> RenditionRow {
        RenditionRow {
            quality: quality.into(),
            media_key: format!("renditions/t1/r/{quality}.x"),
            content_type: content_type.into(),
            size_bytes: 100,
        }
    }

    #[test]
    fn each_quality_plays_its_rendition() {
        let renditions = [
            rendition("standard", "audio/mpeg"),
            rendition("high", "audio/mpeg"),
            rendition("lossless", "audio/flac"),
        ];
        for quality in StreamQuality::ALL {
            let file = choose(&source(), &renditions, quality).unwrap();
            assert_eq!(
                file.key.as_str(),
                format!("renditions/t1/r/{}.x", quality.as_str())
            );
        }
    }

    #[test]
    fn lossless_of_a_lossy_upload_is_the_original() {
        let renditions = [
            rendition("standard", "audio/mpeg"),
            rendition("high", "audio/mpeg"),
        ];

        let file = choose(&source(), &renditions, StreamQuality::Lossless).unwrap();

        assert_eq!(file.key.as_str(), "tracks/u1/1_song.mp3");
        assert_eq!(file.size, 9_000);
        assert_eq!(file.content_type, "audio/mpeg");
    }

    #[test]
    fn a_stem_plays_its_quality_or_the_best_below() {
        let renditions = [
            rendition("standard", "audio/mpeg"),
            rendition("high", "audio/mpeg"),
        ];

        let lossless = choose_stem(&renditions, StreamQuality::Lossless).unwrap();
        let standard = choose_stem(&renditions, StreamQuality::Standard).unwrap();

        assert_eq!(lossless.key.as_str(), "renditions/t1/r/high.x");
        assert_eq!(standard.key.as_str(), "renditions/t1/r/standard.x");
        assert!(
            choose_stem(&[], StreamQuality::High)
                .unwrap_err()
                .is(errors::STEMS_NOT_FOUND)
        );
    }

    #[test]
    fn urls_last_two_plays_and_at_least_15_minutes() {
        assert_eq!(url_lifetime(30), chrono::Duration::minutes(15));
        assert_eq!(url_lifetime(600), chrono::Duration::minutes(20));
    }

    #[test]
    fn e_tags_are_quoted_and_differ_by_file() {
        let a = StreamFile::new("renditions/a.mp3", "audio/mpeg", 1).unwrap();
        let b = StreamFile::new("renditions/b.mp3", "audio/mpeg", 1).unwrap();
        assert!(a.e_tag.starts_with('"') && a.e_tag.ends_with('"'));
        assert_ne!(a.e_tag, b.e_tag);
    }
}
