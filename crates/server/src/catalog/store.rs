//! SQL of the catalog. A track that is not ready is visible to its uploader only: every query
//! that can return one says so in its WHERE clause (`status = 'ready' OR uploaded_by = $viewer`).

use super::TrackStatus;
use crate::db::{Db, Timestamp, Tx};
use crate::{on_db, on_tx};

/// The columns of [`TrackRow`], for `concat!` into queries (alias `t`).
macro_rules! track_columns {
    () => {
        "t.id, t.uploaded_by, t.title, t.artist, t.album, t.genre, t.duration_secs, t.plays, \
         t.verified, t.status, t.failure_reason, t.cover_key, t.cover_large_key, t.created_at"
    };
}
pub(crate) use track_columns;

/// A track as lists show it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackRow {
    pub id: String,
    pub uploaded_by: String,
    pub title: String,
    pub artist: String,
    pub album: Option<String>,
    pub genre: Option<String>,
    pub duration_secs: i64,
    pub plays: i64,
    pub verified: bool,
    pub status: String,
    pub failure_reason: Option<String>,
    pub cover_key: Option<String>,
    pub cover_large_key: Option<String>,
    pub created_at: Timestamp,
}

/// A track found by a search, with its rank (0: the title or artist is the query).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RankedTrackRow {
    #[sqlx(flatten)]
    pub track: TrackRow,
    pub match_rank: i64,
}

/// What the track page adds to a track.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackDetailRow {
    #[sqlx(flatten)]
    pub track: TrackRow,
    pub peaks: Option<String>,
    pub loudness_lufs: Option<f64>,
    pub uploader_name: Option<String>,
    pub uploader_avatar_key: Option<String>,
}

/// A new track, as the upload stores it.
#[derive(Clone, Debug)]
pub struct NewTrack {
    pub id: String,
    pub uploaded_by: String,
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

/// The original file of a track, as processing and streaming read it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackSource {
    pub id: String,
    pub status: String,
    pub duration_secs: i64,
    pub audio_key: String,
    pub audio_content_type: String,
    pub audio_size_bytes: i64,
    pub lossless_source: bool,
}

/// A stored rendition.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RenditionRow {
    pub quality: String,
    pub media_key: String,
    pub content_type: String,
    pub size_bytes: i64,
}

/// The profile whose name is an artist's name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ArtistProfileRow {
    pub id: String,
    pub bio: String,
    pub avatar_key: Option<String>,
}

/// A position in a list ordered by rank, then newest first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListPosition {
    pub rank: i64,
    pub created_at: Timestamp,
    pub id: String,
}

// ---- the upload

/// Takes the uploader's profile row lock until the transaction ends, so that two uploads of
/// one user count and insert one after the other. False when the profile does not exist.
pub async fn lock_uploader(tx: &mut Tx, uploader: &str) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query("UPDATE profiles SET updated_at = updated_at WHERE id = $1")
        .bind(uploader).execute(conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn plan_of(tx: &mut Tx, uploader: &str) -> sqlx::Result<Option<String>> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT subscription_plan FROM profiles WHERE id = $1")
        .bind(uploader).fetch_optional(conn).await)
}

/// Tracks the uploader created at or after `since`, in the upload's transaction.
pub async fn count_uploads_since_in(
    tx: &mut Tx,
    uploader: &str,
    since: Timestamp,
) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM tracks WHERE uploaded_by = $1 AND created_at >= $2")
        .bind(uploader).bind(since).fetch_one(conn).await)
}

pub async fn count_uploads_since(db: &Db, uploader: &str, since: Timestamp) -> sqlx::Result<i64> {
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
        .bind(TrackStatus::Processing.as_str()).bind(&track.audio_key)
        .bind(&track.audio_content_type).bind(track.audio_size_bytes)
        .bind(track.lossless_source).bind(&track.cover_key).bind(&track.cover_large_key)
        .bind(now)
        .execute(conn).await.map(drop))
}

/// Whether the uploader already has a track with this title by this artist (the demo content
/// is not added twice).
pub async fn uploader_has_track(
    db: &Db,
    uploader: &str,
    title: &str,
    artist: &str,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM tracks \
                        WHERE uploaded_by = $1 AND title = $2 AND artist = $3)")
        .bind(uploader).bind(title).bind(artist).fetch_one(pool).await)
}

// ---- processing

pub async fn find_source(db: &Db, track_id: &str) -> sqlx::Result<Option<TrackSource>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, status, duration_secs, audio_key, audio_content_type, audio_size_bytes, \
                lossless_source \
         FROM tracks WHERE id = $1")
        .bind(track_id).fetch_optional(pool).await)
}

pub async fn insert_rendition(
    tx: &mut Tx,
    track_id: &str,
    rendition: &RenditionRow,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO renditions (track_id, quality, media_key, content_type, size_bytes, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(track_id).bind(&rendition.quality).bind(&rendition.media_key)
        .bind(&rendition.content_type).bind(rendition.size_bytes).bind(now)
        .execute(conn).await.map(drop))
}

/// Marks a processing track ready with what processing measured; false when it was not
/// processing any more.
pub async fn mark_ready(
    tx: &mut Tx,
    track_id: &str,
    peaks: &str,
    loudness_lufs: Option<f64>,
    true_peak_dbtp: Option<f64>,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE tracks SET status = 'ready', failure_reason = NULL, peaks = $2, \
                loudness_lufs = $3, true_peak_dbtp = $4, updated_at = $5 \
         WHERE id = $1 AND status = 'processing'")
        .bind(track_id).bind(peaks).bind(loudness_lufs).bind(true_peak_dbtp).bind(now)
        .execute(conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn mark_failed(
    tx: &mut Tx,
    track_id: &str,
    reason: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE tracks SET status = 'failed', failure_reason = $2, updated_at = $3 \
         WHERE id = $1 AND status = 'processing'")
        .bind(track_id).bind(reason).bind(now).execute(conn).await.map(drop))
}

// ---- reading

/// The track if `viewer` may see it: ready, or uploaded by the viewer.
pub async fn find_visible(
    db: &Db,
    track_id: &str,
    viewer: &str,
) -> sqlx::Result<Option<TrackDetailRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), ", t.peaks, t.loudness_lufs, \
                p.name AS uploader_name, p.avatar_key AS uploader_avatar_key \
         FROM tracks t LEFT JOIN profiles p ON p.id = t.uploaded_by \
         WHERE t.id = $1 AND (t.status = 'ready' OR t.uploaded_by = $2)"))
        .bind(track_id).bind(viewer).fetch_optional(pool).await)
}

/// A track's original file and state if `viewer` may see it.
pub async fn find_visible_source(
    db: &Db,
    track_id: &str,
    viewer: &str,
) -> sqlx::Result<Option<TrackSource>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, status, duration_secs, audio_key, audio_content_type, audio_size_bytes, \
                lossless_source \
         FROM tracks WHERE id = $1 AND (status = 'ready' OR uploaded_by = $2)")
        .bind(track_id).bind(viewer).fetch_optional(pool).await)
}

pub async fn renditions(db: &Db, track_id: &str) -> sqlx::Result<Vec<RenditionRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT quality, media_key, content_type, size_bytes FROM renditions \
         WHERE track_id = $1 ORDER BY quality")
        .bind(track_id).fetch_all(pool).await)
}

/// Ready tracks, newest first, after `after` when given.
pub async fn newest(
    db: &Db,
    after: Option<&ListPosition>,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    match after {
        None => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), " FROM tracks t WHERE t.status = 'ready' \
             ORDER BY t.created_at DESC, t.id DESC LIMIT $1"))
            .bind(limit).fetch_all(pool).await),
        Some(after) => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), " FROM tracks t WHERE t.status = 'ready' \
               AND (t.created_at < $1 OR (t.created_at = $1 AND t.id < $2)) \
             ORDER BY t.created_at DESC, t.id DESC LIMIT $3"))
            .bind(after.created_at).bind(&after.id).bind(limit).fetch_all(pool).await),
    }
}

/// The rank of a search match: 0 when the title or the artist is the query, else 1.
macro_rules! match_rank {
    () => {
        "CAST(CASE WHEN t.title_lower = $1 OR t.artist_lower = $1 THEN 0 ELSE 1 END AS BIGINT)"
    };
}

/// Ready tracks whose search text contains `needle` (lowercase), exact title or artist
/// matches first, then newest first; after `after` when given.
pub async fn search(
    db: &Db,
    needle: &str,
    after: Option<&ListPosition>,
    limit: i64,
) -> sqlx::Result<Vec<RankedTrackRow>> {
    let pattern = format!("%{}%", escape_like(needle));
    match after {
        None => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), ", ", match_rank!(), " AS match_rank \
             FROM tracks t \
             WHERE t.status = 'ready' AND t.search_text LIKE $2 ESCAPE '\\' \
             ORDER BY match_rank, t.created_at DESC, t.id DESC LIMIT $3"))
            .bind(needle).bind(&pattern).bind(limit).fetch_all(pool).await),
        Some(after) => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), ", ", match_rank!(), " AS match_rank \
             FROM tracks t \
             WHERE t.status = 'ready' AND t.search_text LIKE $2 ESCAPE '\\' \
               AND (", match_rank!(), " > $3 OR (", match_rank!(), " = $3 \
                    AND (t.created_at < $4 OR (t.created_at = $4 AND t.id < $5)))) \
             ORDER BY match_rank, t.created_at DESC, t.id DESC LIMIT $6"))
            .bind(needle).bind(&pattern).bind(after.rank).bind(after.created_at)
            .bind(&after.id).bind(limit).fetch_all(pool).await),
    }
}

/// `%`, `_` and `\` match themselves in a LIKE pattern with `ESCAPE '\'`.
fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Up to `limit` ready tracks by the same artist or on the same album, most played first.
pub async fn related(
    db: &Db,
    track_id: &str,
    artist: &str,
    album: Option<&str>,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t \
         WHERE t.status = 'ready' AND t.id <> $1 AND (t.artist = $2 OR t.album = $3) \
         ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $4"))
        .bind(track_id).bind(artist).bind(album).bind(limit).fetch_all(pool).await)
}

/// The artist's ready tracks, most played first.
pub async fn by_artist(db: &Db, artist: &str) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t \
         WHERE t.status = 'ready' AND t.artist = $1 \
         ORDER BY t.plays DESC, t.created_at DESC, t.id DESC"))
        .bind(artist).fetch_all(pool).await)
}

/// The profile named exactly like the artist; when several are, the one that uploaded the
/// artist's tracks, else the oldest.
pub async fn artist_profile(db: &Db, artist: &str) -> sqlx::Result<Option<ArtistProfileRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT p.id, p.bio, p.avatar_key FROM profiles p WHERE p.name = $1 \
         ORDER BY CASE WHEN EXISTS (SELECT 1 FROM tracks t \
                                    WHERE t.uploaded_by = p.id AND t.artist = $1) \
                  THEN 0 ELSE 1 END, p.created_at, p.id \
         LIMIT 1")
        .bind(artist).fetch_optional(pool).await)
}

/// The uploader's tracks in every state, newest first.
pub async fn uploaded_by(db: &Db, uploader: &str) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t WHERE t.uploaded_by = $1 \
         ORDER BY t.created_at DESC, t.id DESC"))
        .bind(uploader).fetch_all(pool).await)
}

pub async fn count_uploaded_by(db: &Db, uploader: &str) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM tracks WHERE uploaded_by = $1")
        .bind(uploader).fetch_one(pool).await)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_wildcards_in_a_query_match_literally() {
        assert_eq!(escape_like("100%_a\\b"), "100\\%\\_a\\\\b");
    }
}
