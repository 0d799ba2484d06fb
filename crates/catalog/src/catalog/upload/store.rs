//! SQL of uploads: the monthly count under the uploader's lock, the new track, the uploader's
//! own tracks, and processing's outcome.

use super::track_text::TrackText;
use crate::catalog::track::{TrackRow, TrackStatus, track_columns, visible_to_all};
use backbeat_core::db::page::Position;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::{on_db, on_tx};

/// A new track, as the upload stores it.
#[derive(Clone, Debug)]
pub struct NewTrack {
    pub id: TrackId,
    pub uploaded_by: UserId,
    pub title: String,
    pub artist: String,
    pub album: Option<String>,
    pub genre: Option<String>,
    pub title_lower: String,
    pub artist_lower: String,
    pub search_text: String,
    pub duration_secs: i64,
    pub audio_key: String,
    pub audio_content_type: String,
    pub audio_size_bytes: i64,
    pub lossless_source: bool,
    pub cover_key: Option<String>,
    pub cover_large_key: Option<String>,
}

/// A new track's stored original.
#[derive(Clone, Debug)]
pub struct StoredAudio {
    pub key: String,
    pub content_type: String,
    pub size_bytes: i64,
    pub duration_secs: i64,
    pub lossless: bool,
}

impl NewTrack {
    /// The track of `text` (with its search keys) and its files.
    pub fn new(
        id: TrackId,
        uploaded_by: &UserId,
        text: TrackText,
        audio: StoredAudio,
        covers: Option<(String, String)>,
    ) -> Self {
        let (title_lower, artist_lower, search_text) = text.search_keys();
        let (cover_key, cover_large_key) = covers.unzip();
        Self {
            id,
            uploaded_by: uploaded_by.to_owned(),
            title: text.title,
            artist: text.artist,
            album: text.album,
            genre: text.genre,
            title_lower,
            artist_lower,
            search_text,
            duration_secs: audio.duration_secs,
            audio_key: audio.key,
            audio_content_type: audio.content_type,
            audio_size_bytes: audio.size_bytes,
            lossless_source: audio.lossless,
            cover_key,
            cover_large_key,
        }
    }
}

/// Tracks the uploader created at or after `since`, in the upload's transaction.
pub async fn count_uploads_since_in(
    tx: &mut Tx,
    uploader: &UserId,
    since: Timestamp,
) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM tracks WHERE uploaded_by = $1 AND created_at >= $2")
        .bind(uploader).bind(since).fetch_one(conn).await)
}

pub async fn count_uploads_since(
    db: &Db,
    uploader: &UserId,
    since: Timestamp,
) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM tracks WHERE uploaded_by = $1 AND created_at >= $2")
        .bind(uploader).bind(since).fetch_one(pool).await)
}

pub async fn insert_track(tx: &mut Tx, track: &NewTrack, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO tracks (id, uploaded_by, title, artist, album, genre, title_lower, \
            artist_lower, search_text, duration_secs, plays, verified, status, audio_key, \
            audio_content_type, audio_size_bytes, lossless_source, cover_key, cover_large_key, \
            created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, FALSE, $11, $12, $13, $14, $15, \
            $16, $17, $18, $18)")
        .bind(&track.id).bind(&track.uploaded_by).bind(&track.title).bind(&track.artist)
        .bind(&track.album).bind(&track.genre).bind(&track.title_lower)
        .bind(&track.artist_lower).bind(&track.search_text).bind(track.duration_secs)
        .bind(TrackStatus::Processing).bind(&track.audio_key)
        .bind(&track.audio_content_type).bind(track.audio_size_bytes)
        .bind(track.lossless_source).bind(&track.cover_key).bind(&track.cover_large_key)
        .bind(now)
        .execute(conn).await.map(drop))
}

/// Whether the uploader already has a track with this title by this artist (the demo content
/// is not added twice).
pub async fn uploader_has_track(
    db: &Db,
    uploader: &UserId,
    title: &str,
    artist: &str,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM tracks \
                        WHERE uploaded_by = $1 AND title = $2 AND artist = $3)")
        .bind(uploader).bind(title).bind(artist).fetch_one(pool).await)
}

/// Marks a processing track ready with what processing measured; false when it was not
/// processing any more.
pub async fn mark_ready(
    tx: &mut Tx,
    track_id: &TrackId,
    peaks: &str,
    loudness_lufs: Option<f64>,
    true_peak_dbtp: Option<f64>,
    now: Timestamp,
) -> sqlx::Result<bool> {
    let ready = on_tx!(tx, conn => sqlx::query(
        "UPDATE tracks SET status = 'ready', failure_reason = NULL, \
                loudness_lufs = $2, true_peak_dbtp = $3, updated_at = $4 \
         WHERE id = $1 AND status = 'processing'")
        .bind(track_id).bind(loudness_lufs).bind(true_peak_dbtp).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))?;
    if ready {
        // The waveform lives beside the row (migration 0011), so scans of tracks stay small.
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO track_waveforms (track_id, peaks) VALUES ($1, $2) \
             ON CONFLICT (track_id) DO UPDATE SET peaks = excluded.peaks")
            .bind(track_id).bind(peaks).execute(conn).await.map(drop))?;
    }
    Ok(ready)
}

pub async fn mark_failed(
    tx: &mut Tx,
    track_id: &TrackId,
    reason: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE tracks SET status = 'failed', failure_reason = $2, updated_at = $3 \
         WHERE id = $1 AND status = 'processing'")
        .bind(track_id).bind(reason).bind(now).execute(conn).await.map(drop))
}

/// A page of the uploader's tracks after `after`, newest first: in every state (their own list),
/// or with `public_only` those everyone may see (their profile's list).
pub async fn uploaded_by(
    db: &Db,
    uploader: &UserId,
    public_only: bool,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t \
         WHERE t.uploaded_by = $1 AND (NOT $2 OR ", visible_to_all!(), ") \
           AND (t.created_at, t.id) < ($3, $4) \
         ORDER BY t.created_at DESC, t.id DESC LIMIT $5"))
        .bind(uploader).bind(public_only).bind(after.at).bind(&after.id).bind(limit)
        .fetch_all(pool).await)
}

pub async fn count_uploaded_by(db: &Db, uploader: &UserId) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM tracks WHERE uploaded_by = $1")
        .bind(uploader).fetch_one(pool).await)
}
