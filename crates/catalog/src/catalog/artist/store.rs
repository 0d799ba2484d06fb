//! SQL of the artist page.

use crate::catalog::track::{TrackRow, track_columns};
use backbeat_core::db::Db;
use backbeat_core::db::page::Position;
use backbeat_core::ids::UserId;
use backbeat_core::on_db;

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

/// The header of the artist page in one statement: what all the artist's (`$1`) ready tracks
/// add up to, read from the totals the database keeps up to date (migration 0011), not added
/// up; and the profile named exactly like the artist, when there is one (when several are, the
/// one that uploaded the artist's tracks, else the oldest). The profile's id is a subquery on
/// `$1` alone, evaluated once (PostgreSQL: an InitPlan).
pub const ARTIST_HEADER: &str = "SELECT COALESCE(f.track_count, 0) AS track_count, \
            COALESCE(f.total_plays, 0) AS total_plays, \
            COALESCE(f.verified_count, 0) > 0 AS verified, \
            p.id AS profile_id, p.bio AS profile_bio, p.avatar_key AS profile_avatar_key \
     FROM (SELECT 1 AS one) o \
     LEFT JOIN artist_totals f ON f.artist = $1 \
     LEFT JOIN profiles p ON p.id = ( \
         SELECT q.id FROM profiles q WHERE q.name = $1 \
         ORDER BY CASE WHEN EXISTS (SELECT 1 FROM tracks t \
                                    WHERE t.uploaded_by = q.id AND t.artist = $1) \
                  THEN 0 ELSE 1 END, q.created_at, q.id \
         LIMIT 1)";

#[derive(sqlx::FromRow)]
struct ArtistHeaderRow {
    #[sqlx(flatten)]
    facts: ArtistFactsRow,
    profile_id: Option<String>,
    profile_bio: Option<String>,
    profile_avatar_key: Option<String>,
}

/// The header of the artist page ([`ARTIST_HEADER`]): the totals of the artist's ready tracks
/// (zero without any) and the profile of that name.
pub async fn artist_header(
    db: &Db,
    artist: &str,
) -> sqlx::Result<(ArtistFactsRow, Option<ArtistProfileRow>)> {
    let row: ArtistHeaderRow = on_db!(db, pool => sqlx::query_as(ARTIST_HEADER)
        .bind(artist).fetch_one(pool).await)?;
    let profile = row.profile_id.map(|id| ArtistProfileRow {
        id,
        bio: row.profile_bio.unwrap_or_default(),
        avatar_key: row.profile_avatar_key,
    });
    Ok((row.facts, profile))
}

/// Whether `viewer` follows the artist's profile `profile_id` (the Follow button of the page).
pub async fn follows_profile(db: &Db, viewer: &UserId, profile_id: &UserId) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND following_id = $2)")
        .bind(viewer).bind(profile_id).fetch_one(pool).await)
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

/// Whether a verified track has `$1` or `$2` as its lowercased artist, and whether one of those
/// is `$3`'s: both read the partial index of verified tracks (migration 0018).
pub const VERIFIED_NAME: &str = "SELECT \
    EXISTS (SELECT 1 FROM tracks WHERE artist_lower IN ($1, $2) AND verified), \
    EXISTS (SELECT 1 FROM tracks WHERE artist_lower IN ($1, $2) AND verified AND uploaded_by = $3)";

/// Whether an artist name is verified, and whose: `None` when no verified track has one of
/// `keys` as its lowercased artist, else whether one of them is `uploader`'s.
pub async fn verified_name_owned_by(
    db: &Db,
    keys: &[String; 2],
    uploader: &UserId,
) -> sqlx::Result<Option<bool>> {
    let [plain, key] = keys;
    let (verified, own): (bool, bool) = on_db!(db, pool => sqlx::query_as(VERIFIED_NAME)
        .bind(plain).bind(key).bind(uploader).fetch_one(pool).await)?;
    Ok(verified.then_some(own))
}
