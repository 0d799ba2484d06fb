//! SQL of the artist page.

use crate::catalog::track::{TrackRow, track_columns};
use crate::db::Db;
use crate::db::page::Position;
use crate::on_db;

/// The profile whose name is an artist's name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ArtistProfileRow {
    pub id: String,
    pub bio: String,
    pub avatar_key: Option<String>,
}

/// What the artist page's header says about all of an artist's ready tracks.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ArtistFactsRow {
    pub track_count: i64,
    pub total_plays: i64,
    pub verified: bool,
}

/// An album of an artist's ready tracks ('Singles' for tracks without one).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AlbumRow {
    pub name: String,
    pub track_count: i64,
    /// The cover of its first track in upload order.
    pub cover_key: Option<String>,
}

/// The condition on `t` of an artist's tracks on their page: ready, by the artist `$1`.
macro_rules! artist_tracks {
    () => {
        concat!(
            $crate::catalog::track::visible_to_all!(),
            " AND t.artist = $1"
        )
    };
}

/// The header of the artist page, over all the artist's ready tracks: read from the totals the
/// database keeps up to date (migration 0011), not added up.
pub const ARTIST_FACTS: &str = "SELECT track_count, total_plays, verified_count > 0 AS verified \
     FROM artist_totals WHERE artist = $1";

/// The header of the artist page, over all the artist's ready tracks.
pub async fn artist_facts(db: &Db, artist: &str) -> sqlx::Result<ArtistFactsRow> {
    let row: Option<ArtistFactsRow> = on_db!(db, pool => sqlx::query_as(ARTIST_FACTS)
        .bind(artist).fetch_optional(pool).await)?;
    Ok(row.unwrap_or(ArtistFactsRow {
        track_count: 0,
        total_plays: 0,
        verified: false,
    }))
}

/// The artist's top tracks after a position (`$2`, `$3`, `$4`: plays, created_at, id), at most
/// `$5`: a range of the index `tracks_artist_ready` read in order.
pub const TOP_TRACKS: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t WHERE ",
    artist_tracks!(),
    " AND (t.plays, t.created_at, t.id) < ($2, $3, $4) \
     ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $5"
);

/// A page of the artist's ready tracks after `after`: most played first, then newest, then
/// by id (the position's rank is the plays).
pub async fn top_tracks(
    db: &Db,
    artist: &str,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(TOP_TRACKS)
        .bind(artist).bind(after.rank).bind(after.at).bind(&after.id).bind(limit)
        .fetch_all(pool).await)
}

/// Up to `limit` albums of the artist's ready tracks, tracks without an album grouped as
/// `singles`: the album with the newest upload first, `singles` last.
pub async fn albums(
    db: &Db,
    artist: &str,
    singles: &str,
    limit: i64,
) -> sqlx::Result<Vec<AlbumRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT a.name, a.track_count, \
                (SELECT t.cover_key FROM tracks t \
                 WHERE ", artist_tracks!(), " AND COALESCE(t.album, $2) = a.name \
                 ORDER BY t.created_at, t.id LIMIT 1) AS cover_key \
         FROM (SELECT COALESCE(t.album, $2) AS name, COUNT(*) AS track_count, \
                      MAX(t.created_at) AS newest \
               FROM tracks t WHERE ", artist_tracks!(), " GROUP BY COALESCE(t.album, $2)) a \
         ORDER BY CASE WHEN a.name = $2 THEN 1 ELSE 0 END, a.newest DESC, a.name LIMIT $3"))
        .bind(artist).bind(singles).bind(limit).fetch_all(pool).await)
}

/// A page of the tracks of one of the artist's albums (`singles`: those without one, as
/// [`albums`] groups them) after `after`, in upload order.
pub async fn album_tracks(
    db: &Db,
    artist: &str,
    album: &str,
    singles: &str,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t \
         WHERE ", artist_tracks!(), " AND COALESCE(t.album, $3) = $2 \
           AND (t.created_at, t.id) > ($4, $5) \
         ORDER BY t.created_at, t.id LIMIT $6"))
        .bind(artist).bind(album).bind(singles).bind(after.at).bind(&after.id).bind(limit)
        .fetch_all(pool).await)
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

/// How many tracks an artist has, whatever their status.
pub async fn track_count(db: &Db, artist: &str) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM tracks WHERE artist = $1")
        .bind(artist).fetch_one(pool).await)
}

/// Marks every track of the artist verified or not; answers how many tracks changed.
pub async fn set_verified(db: &Db, artist: &str, verified: bool) -> sqlx::Result<u64> {
    on_db!(db, pool => sqlx::query(
        "UPDATE tracks SET verified = $2 WHERE artist = $1 AND verified <> $2")
        .bind(artist).bind(verified).execute(pool).await.map(|done| done.rows_affected()))
}
