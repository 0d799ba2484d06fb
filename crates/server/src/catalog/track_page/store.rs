//! SQL of the track page.

use crate::catalog::track::{TrackRow, track_columns, visible_to, visible_to_all};
use crate::db::Db;
use crate::on_db;

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
         WHERE t.id = $1 AND ", visible_to!("$2")))
        .bind(track_id).bind(viewer).fetch_optional(pool).await)
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
         WHERE ", visible_to_all!(), " AND t.id <> $1 AND (t.artist = $2 OR t.album = $3) \
         ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $4"))
        .bind(track_id).bind(artist).bind(album).bind(limit).fetch_all(pool).await)
}
