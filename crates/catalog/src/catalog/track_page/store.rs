//! SQL of the track page.

use crate::catalog::track::{TrackRow, track_columns, visible_to, visible_to_all};
use backbeat_core::db::Db;
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::on_db;

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

/// The track `$1` with its waveform and uploader if the viewer `$2` may see it: three primary
/// key lookups.
pub const FIND_VISIBLE: &str = concat!(
    "SELECT ",
    track_columns!(),
    ", w.peaks, t.loudness_lufs, \
            p.name AS uploader_name, p.avatar_key AS uploader_avatar_key \
     FROM tracks t LEFT JOIN profiles p ON p.id = t.uploaded_by \
          LEFT JOIN track_waveforms w ON w.track_id = t.id \
     WHERE t.id = $1 AND ",
    visible_to!("$2")
);

/// The track if `viewer` may see it: ready, or uploaded by the viewer.
pub async fn find_visible(
    db: &Db,
    track_id: &TrackId,
    viewer: &UserId,
) -> sqlx::Result<Option<TrackDetailRow>> {
    on_db!(db, pool => sqlx::query_as(FIND_VISIBLE)
        .bind(track_id).bind(viewer).fetch_optional(pool).await)
}

/// Up Next: ready tracks (other than `$1`) by the artist `$2` or on the album `$3`, most
/// played first, at most `$4`. Each side reads its own index (`tracks_artist_ready`,
/// `tracks_album_ready`) in order and stops after `$4` rows; only those few are merged and sorted,
/// never the catalog.
pub const RELATED: &str = concat!(
    "SELECT * FROM (SELECT ",
    track_columns!(),
    " FROM tracks t \
       WHERE t.artist = $2 AND ",
    visible_to_all!(),
    " AND t.id <> $1 \
       ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $4) by_artist \
     UNION \
     SELECT * FROM (SELECT ",
    track_columns!(),
    " FROM tracks t \
       WHERE t.album = $3 AND ",
    visible_to_all!(),
    " AND t.id <> $1 \
       ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $4) on_album \
     ORDER BY plays DESC, created_at DESC, id DESC LIMIT $4"
);

/// Up to `limit` ready tracks by the same artist or on the same album, most played first.
pub async fn related(
    db: &Db,
    track_id: &TrackId,
    artist: &str,
    album: Option<&str>,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(RELATED)
        .bind(track_id).bind(artist).bind(album).bind(limit).fetch_all(pool).await)
}
