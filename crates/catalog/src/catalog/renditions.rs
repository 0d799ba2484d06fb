//! A track's files: the original upload and the renditions processing made of it, as
//! processing writes them and streaming reads them.

use super::track::{TrackStatus, visible_to};
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::{on_db, on_tx};

/// The original file of a track, as processing and streaming read it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackSource {
    pub id: TrackId,
    pub status: TrackStatus,
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

pub async fn find_source(db: &Db, track_id: &TrackId) -> sqlx::Result<Option<TrackSource>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, status, duration_secs, audio_key, audio_content_type, audio_size_bytes, \
                lossless_source \
         FROM tracks WHERE id = $1")
        .bind(track_id).fetch_optional(pool).await)
}

/// A track's original file and state if `viewer` may see it.
pub async fn find_visible_source(
    db: &Db,
    track_id: &TrackId,
    viewer: &UserId,
) -> sqlx::Result<Option<TrackSource>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT t.id, t.status, t.duration_secs, t.audio_key, t.audio_content_type, \
                t.audio_size_bytes, t.lossless_source \
         FROM tracks t WHERE t.id = $1 AND ", visible_to!("$2")))
        .bind(track_id).bind(viewer).fetch_optional(pool).await)
}

pub async fn renditions(db: &Db, track_id: &TrackId) -> sqlx::Result<Vec<RenditionRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT quality, media_key, content_type, size_bytes FROM renditions \
         WHERE track_id = $1 ORDER BY quality")
        .bind(track_id).fetch_all(pool).await)
}

pub async fn insert_rendition(
    tx: &mut Tx,
    track_id: &TrackId,
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
