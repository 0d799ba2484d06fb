//! The catalog as Subsonic browses it: ready tracks (the web's rule for lists of others'
//! tracks), grouped by artist name, then by album name ('Singles' without one).

use backbeat_catalog::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::on_db;

/// An album: an artist's ready tracks of one album name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AlbumRow {
    pub artist: String,
    pub name: String,
    pub song_count: i64,
    pub duration: i64,
    pub plays: i64,
    /// Its first upload.
    pub created: Timestamp,
    pub genre: Option<String>,
    pub has_cover: bool,
}

/// An artist with how many albums their ready tracks make.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ArtistRow {
    pub artist: String,
    pub album_count: i64,
}

/// The columns of [`AlbumRow`] over `tracks t` grouped by artist and album (`$1`: 'Singles').
macro_rules! album_columns {
    () => {
        "t.artist AS artist, COALESCE(t.album, $1) AS name, COUNT(*) AS song_count, \
         CAST(SUM(t.duration_secs) AS BIGINT) AS duration, CAST(SUM(t.plays) AS BIGINT) AS plays, \
         MIN(t.created_at) AS created, MAX(t.genre) AS genre, \
         MAX(t.cover_key) IS NOT NULL AS has_cover"
    };
}

/// The columns of [`ArtistRow`] over `artist_totals a`, their albums counted in the kept totals.
const ARTIST_COLUMNS: &str = "a.artist, (SELECT COUNT(*) FROM album_totals b \
     WHERE b.artist = a.artist AND b.track_count > 0) AS album_count";

/// The columns of [`AlbumRow`] over `album_totals a` (the kept totals; no genre).
const ALBUM_TOTAL_COLUMNS: &str = "a.artist, a.album AS name, a.track_count AS song_count, \
     a.duration_secs AS duration, a.total_plays AS plays, a.first_created_at AS created, \
     CAST(NULL AS TEXT) AS genre, a.cover_count > 0 AS has_cover";

/// Every artist with a ready track, by name.
pub async fn artists(db: &Db) -> sqlx::Result<Vec<ArtistRow>> {
    let sql = format!(
        "SELECT {ARTIST_COLUMNS} FROM artist_totals a WHERE a.track_count > 0 ORDER BY a.artist"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await)
}

/// The artist of exactly this name, when they have a ready track.
pub async fn artist(db: &Db, name: &str) -> sqlx::Result<Option<ArtistRow>> {
    let sql = format!(
        "SELECT {ARTIST_COLUMNS} FROM artist_totals a WHERE a.artist = $1 AND a.track_count > 0"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(name).fetch_optional(pool).await)
}

/// Artists whose name holds `needle` (lowercased), by name, a page of them.
pub async fn artists_matching(
    db: &Db,
    needle: &str,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<ArtistRow>> {
    let sql = format!(
        "SELECT {ARTIST_COLUMNS} FROM artist_totals a \
         WHERE a.track_count > 0 AND LOWER(a.artist) LIKE $1 ESCAPE '\\' \
         ORDER BY a.artist LIMIT $2 OFFSET $3"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(like_pattern(needle))
        .bind(limit).bind(offset).fetch_all(pool).await)
}

/// `needle` as a LIKE pattern that matches it anywhere, its wildcards escaped.
pub fn like_pattern(needle: &str) -> String {
    let escaped = needle
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// The artist's albums, newest first.
pub async fn albums_of(db: &Db, singles: &str, artist: &str) -> sqlx::Result<Vec<AlbumRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", album_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " AND t.artist = $2 \
         GROUP BY t.artist, COALESCE(t.album, $1) ORDER BY MAX(t.created_at) DESC, name"))
        .bind(singles).bind(artist).fetch_all(pool).await)
}

/// One album of the artist, when it has a ready track.
pub async fn album(
    db: &Db,
    singles: &str,
    artist: &str,
    name: &str,
) -> sqlx::Result<Option<AlbumRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", album_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
         AND t.artist = $2 AND COALESCE(t.album, $1) = $3 GROUP BY t.artist, COALESCE(t.album, $1)"))
        .bind(singles).bind(artist).bind(name).fetch_optional(pool).await)
}

/// The album's ready tracks in upload order.
pub async fn album_tracks(
    db: &Db,
    singles: &str,
    artist: &str,
    name: &str,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
         AND t.artist = $2 AND COALESCE(t.album, $1) = $3 ORDER BY t.created_at, t.id"))
        .bind(singles).bind(artist).bind(name).fetch_all(pool).await)
}

/// How [`albums_page`] orders albums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlbumOrder {
    Random,
    Newest,
    Frequent,
    ByName,
    ByArtist,
}

impl AlbumOrder {
    /// The order over `album_totals a`.
    fn kept(self) -> &'static str {
        match self {
            Self::Random => "RANDOM()",
            Self::Newest => "a.newest_created_at DESC, a.artist, a.album",
            Self::Frequent => "a.total_plays DESC, a.artist, a.album",
            Self::ByName => "a.album, a.artist",
            Self::ByArtist => "a.artist, a.album",
        }
    }

    /// The order over the tracks grouped by album.
    fn grouped(self) -> &'static str {
        match self {
            Self::Random => "RANDOM()",
            Self::Newest => "MAX(t.created_at) DESC, t.artist, name",
            Self::Frequent => "CAST(SUM(t.plays) AS BIGINT) DESC, t.artist, name",
            Self::ByName => "name, t.artist",
            Self::ByArtist => "t.artist, name",
        }
    }
}

/// A page of every album in `order`, from the kept totals.
pub async fn albums_page(
    db: &Db,
    order: AlbumOrder,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<AlbumRow>> {
    let sql = format!(
        "SELECT {ALBUM_TOTAL_COLUMNS} FROM album_totals a WHERE a.track_count > 0 \
         ORDER BY {} LIMIT $1 OFFSET $2",
        order.kept()
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(limit).bind(offset)
        .fetch_all(pool).await)
}

/// A page of the albums with tracks of the genre (case-insensitive), in `order`.
pub async fn genre_albums_page(
    db: &Db,
    singles: &str,
    order: AlbumOrder,
    genre: &str,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<AlbumRow>> {
    let sql = format!(
        concat!(
            "SELECT ",
            album_columns!(),
            " FROM tracks t WHERE ",
            visible_to_all!(),
            " AND LOWER(t.genre) = LOWER($2) \
             GROUP BY t.artist, COALESCE(t.album, $1) ORDER BY {} LIMIT $3 OFFSET $4"
        ),
        order.grouped()
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(singles).bind(genre)
        .bind(limit).bind(offset).fetch_all(pool).await)
}

/// A page of the albums `user` listened to, most recently first.
pub async fn recent_albums(
    db: &Db,
    singles: &str,
    user: &UserId,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<AlbumRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", album_columns!(), " FROM tracks t \
         JOIN (SELECT h.track_id, MAX(h.listened_at) AS heard FROM listening_history h \
               WHERE h.user_id = $2 GROUP BY h.track_id) l ON l.track_id = t.id \
         WHERE ", visible_to_all!(), " GROUP BY t.artist, COALESCE(t.album, $1) \
         ORDER BY MAX(l.heard) DESC, t.artist, name LIMIT $3 OFFSET $4"))
        .bind(singles).bind(user).bind(limit).bind(offset).fetch_all(pool).await)
}

/// A page of every ready track in a stable order (oldest first): what an empty search lists.
/// Past the first page, the track before the page is found by counting in the index alone
/// (`tracks_status_created` holds the order and the id), then the page is read after it: an
/// offset counted over whole rows read every skipped track (0.5 s on PostgreSQL at 150,000).
pub async fn tracks_page(db: &Db, offset: i64, limit: i64) -> sqlx::Result<Vec<TrackRow>> {
    if offset == 0 {
        return on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
             ORDER BY t.created_at, t.id LIMIT $1"))
            .bind(limit).fetch_all(pool).await);
    }
    let before: Option<(Timestamp, String)> = on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT t.created_at, t.id FROM tracks t WHERE ", visible_to_all!(), " \
         ORDER BY t.created_at, t.id LIMIT 1 OFFSET $1"))
        .bind(offset - 1).fetch_optional(pool).await)?;
    match before {
        Some(before) => super::sync::tracks_after(db, &before, limit).await,
        None => Ok(Vec::new()),
    }
}

/// Up to `limit` random ready tracks, of the genre when one is given.
pub async fn random_tracks(
    db: &Db,
    genre: Option<&str>,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
         AND ($1 IS NULL OR LOWER(t.genre) = LOWER($1)) ORDER BY RANDOM() LIMIT $2"))
        .bind(genre).bind(limit).fetch_all(pool).await)
}

/// A page of the genre's ready tracks, most played first.
pub async fn genre_tracks(
    db: &Db,
    genre: &str,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
         AND LOWER(t.genre) = LOWER($1) ORDER BY t.plays DESC, t.created_at, t.id LIMIT $2 OFFSET $3"))
        .bind(genre).bind(limit).bind(offset).fetch_all(pool).await)
}

/// A genre with its counts.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GenreRow {
    pub genre: String,
    pub song_count: i64,
    pub album_count: i64,
}

/// Every genre of the ready tracks, by name.
pub async fn genres(db: &Db) -> sqlx::Result<Vec<GenreRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT t.genre AS genre, COUNT(*) AS song_count, \
                COUNT(DISTINCT t.artist || '/' || COALESCE(t.album, '')) AS album_count \
         FROM tracks t WHERE t.status = 'ready' AND t.genre IS NOT NULL GROUP BY t.genre \
         ORDER BY t.genre")
        .fetch_all(pool).await)
}

/// Ready tracks by these ids (in no order; missing or hidden ones are left out).
pub async fn tracks_by_ids(db: &Db, ids: &[String]) -> sqlx::Result<Vec<TrackRow>> {
    let mut rows = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(100) {
        let sql = format!(
            concat!(
                "SELECT ",
                track_columns!(),
                " FROM tracks t WHERE ",
                visible_to_all!(),
                " AND t.id IN ({})"
            ),
            super::placeholders(1, chunk.len())
        );
        let found: Vec<TrackRow> = on_db!(db, pool => {
            let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
            for id in chunk {
                query = query.bind(id);
            }
            query.fetch_all(pool).await
        })?;
        rows.extend(found);
    }
    Ok(rows)
}

/// A page of the albums whose name holds `needle` (lowercased), by name, from the kept totals.
pub async fn albums_matching(
    db: &Db,
    needle: &str,
    offset: i64,
    limit: i64,
) -> sqlx::Result<Vec<AlbumRow>> {
    let sql = format!(
        "SELECT {ALBUM_TOTAL_COLUMNS} FROM album_totals a \
         WHERE a.track_count > 0 AND LOWER(a.album) LIKE $1 ESCAPE '\\' \
         ORDER BY a.album, a.artist LIMIT $2 OFFSET $3"
    );
    on_db!(db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(like_pattern(needle))
        .bind(limit).bind(offset).fetch_all(pool).await)
}

/// What a track's original is: whether it was lossless, and its content type.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct OriginalRow {
    pub id: String,
    pub lossless_source: bool,
    pub audio_content_type: String,
}

/// The originals of these tracks (for what Premium hears of each).
pub async fn originals(db: &Db, ids: &[&str]) -> sqlx::Result<Vec<OriginalRow>> {
    let mut rows = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(100) {
        let sql = format!(
            "SELECT id, lossless_source, audio_content_type FROM tracks WHERE id IN ({})",
            super::placeholders(1, chunk.len())
        );
        let found: Vec<OriginalRow> = on_db!(db, pool => {
            let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql));
            for id in chunk {
                query = query.bind(*id);
            }
            query.fetch_all(pool).await
        })?;
        rows.extend(found);
    }
    Ok(rows)
}
