//! SQL of a recommendation request. Each statement reads a bounded range of an index: the
//! user's latest listens and likes, the stored neighbours of a few tracks, the most played
//! ready tracks of one genre, the newest ready tracks, and candidates by id. None returns a
//! track the user uploaded, and all return ready tracks only.

use crate::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::on_db;

/// A track the user listened to or liked lately (a seed of the recommendation), and what it is.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Seed {
    pub track_id: String,
    pub genre: Option<String>,
    pub artist: String,
    pub album: Option<String>,
}

/// The tracks of the user's `limit` latest listens, latest first.
pub async fn latest_listens(db: &Db, user: &UserId, limit: i64) -> sqlx::Result<Vec<Seed>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT h.track_id, t.genre, t.artist, t.album FROM ( \
             SELECT track_id, listened_at, id FROM listening_history WHERE user_id = $1 \
             ORDER BY listened_at DESC, id DESC LIMIT $2) h \
         JOIN tracks t ON t.id = h.track_id ORDER BY h.listened_at DESC, h.id DESC")
        .bind(user).bind(limit).fetch_all(pool).await)
}

/// The tracks of the user's `limit` latest likes, latest first.
pub async fn latest_likes(db: &Db, user: &UserId, limit: i64) -> sqlx::Result<Vec<Seed>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT l.track_id, t.genre, t.artist, t.album FROM ( \
             SELECT track_id, created_at FROM liked_tracks WHERE user_id = $1 \
             ORDER BY created_at DESC LIMIT $2) l \
         JOIN tracks t ON t.id = l.track_id ORDER BY l.created_at DESC, l.track_id")
        .bind(user).bind(limit).fetch_all(pool).await)
}

/// A stored neighbour of a seed, with the weights of both (the norms of their similarity).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Neighbour {
    pub track_id: String,
    pub neighbour_id: String,
    pub score: f64,
    pub track_weight: f64,
    pub neighbour_weight: f64,
}

/// SQLite: the `$2` best neighbours of each seed of the JSON array `$1`, in one read (at 30
/// seeds a query each cost more than the reads themselves). Each seed has at most
/// [`super::neighbours::TOP_K`] stored neighbours, all read from `track_neighbours_track_score`
/// and numbered.
pub const SQLITE_NEIGHBOURS: &str = "\
    SELECT n.track_id, n.neighbour_id, n.score, \
           COALESCE(sw.weight, 0.0) AS track_weight, \
           COALESCE(w.weight, 0.0) AS neighbour_weight \
    FROM (SELECT track_id, neighbour_id, score, \
                 ROW_NUMBER() OVER (PARTITION BY track_id \
                                    ORDER BY score DESC, neighbour_id) AS place \
          FROM track_neighbours WHERE track_id IN (SELECT value FROM json_each($1))) n \
    LEFT JOIN track_signal_weights sw ON sw.track_id = n.track_id \
    LEFT JOIN track_signal_weights w ON w.track_id = n.neighbour_id \
    WHERE n.place <= $2 ORDER BY n.track_id, n.place";

/// PostgreSQL: the same, one index range per seed of the array `$1` (a LATERAL read with a
/// limit: with `IN` and statistics that had not yet seen the neighbours, as after a rebuild,
/// PostgreSQL scanned all 21 million rows, 4.6 s).
pub const POSTGRES_NEIGHBOURS: &str = "\
    SELECT s.track_id, n.neighbour_id, n.score, \
           COALESCE(sw.weight, 0.0) AS track_weight, \
           COALESCE(w.weight, 0.0) AS neighbour_weight \
    FROM UNNEST($1::TEXT[]) AS s (track_id) \
    CROSS JOIN LATERAL (SELECT x.neighbour_id, x.score FROM track_neighbours x \
                        WHERE x.track_id = s.track_id \
                        ORDER BY x.score DESC, x.neighbour_id LIMIT $2) n \
    LEFT JOIN track_signal_weights sw ON sw.track_id = s.track_id \
    LEFT JOIN track_signal_weights w ON w.track_id = n.neighbour_id \
    ORDER BY s.track_id, n.score DESC, n.neighbour_id";

/// The `per_seed` best neighbours of each of `seeds`, by seed id and then best first (a fixed
/// order, so the sums of similarity are the same on every call).
pub async fn neighbours(db: &Db, seeds: &[&str], per_seed: i64) -> sqlx::Result<Vec<Neighbour>> {
    if seeds.is_empty() {
        return Ok(Vec::new());
    }
    match db {
        Db::Sqlite(pool) => {
            let seeds = serde_json::to_string(seeds).expect("strings serialize");
            sqlx::query_as(SQLITE_NEIGHBOURS)
                .bind(seeds)
                .bind(per_seed)
                .fetch_all(pool)
                .await
        }
        Db::Postgres(pool) => {
            sqlx::query_as(POSTGRES_NEIGHBOURS)
                .bind(seeds)
                .bind(per_seed)
                .fetch_all(pool)
                .await
        }
    }
}

/// The tracks of `ids` that may be recommended to the user: ready, not theirs, and not played
/// by them since `since`.
pub async fn candidates(
    db: &Db,
    user: &UserId,
    ids: &[TrackId],
    since: Timestamp,
) -> sqlx::Result<Vec<TrackRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    macro_rules! sql {
        ($ids:literal) => {
            concat!(
                "SELECT ",
                track_columns!(),
                " FROM tracks t WHERE t.id IN ",
                $ids,
                " \
                   AND ",
                visible_to_all!(),
                " AND t.uploaded_by <> $1 \
                   AND NOT EXISTS (SELECT 1 FROM listening_history mine \
                                   WHERE mine.user_id = $1 AND mine.track_id = t.id \
                                     AND mine.listened_at >= $3)"
            )
        };
    }
    match db {
        Db::Sqlite(pool) => {
            let ids = serde_json::to_string(ids).expect("strings serialize");
            sqlx::query_as(sql!("(SELECT value FROM json_each($2))"))
                .bind(user)
                .bind(ids)
                .bind(since)
                .fetch_all(pool)
                .await
        }
        Db::Postgres(pool) => {
            sqlx::query_as(sql!("(SELECT UNNEST($2::TEXT[]))"))
                .bind(user)
                .bind(ids)
                .bind(since)
                .fetch_all(pool)
                .await
        }
    }
}

/// The end of [`POPULAR_IN_GENRE`] and [`POPULAR_OF_ARTIST`]: ready, not the user's (`$1`), not
/// played by them since `$3`, most played first, at most `$4`.
macro_rules! most_played_for_user {
    () => {
        concat!(
            " AND ",
            visible_to_all!(),
            " AND t.uploaded_by <> $1 \
               AND NOT EXISTS (SELECT 1 FROM listening_history mine \
                               WHERE mine.user_id = $1 AND mine.track_id = t.id \
                                 AND mine.listened_at >= $3) \
             ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $4"
        )
    };
}

/// The most played ready tracks of a genre (`$2`, lowercase), not the user's (`$1`) and not
/// played by them since `$3`; at most `$4`. Read in the order of `tracks_ready_genre_plays`
/// (ordering by `LOWER(genre)` too, equal on every row, made SQLite sort the whole genre: 2 s
/// at 1M tracks).
pub const POPULAR_IN_GENRE: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t \
     WHERE LOWER(t.genre) = $2",
    most_played_for_user!()
);

/// The most played ready tracks of an artist (`$2`, exactly this name), not the user's (`$1`)
/// and not played by them since `$3`; at most `$4`. Read in the order of `tracks_artist_ready`.
pub const POPULAR_OF_ARTIST: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t \
     WHERE t.artist = $2",
    most_played_for_user!()
);

/// [`POPULAR_IN_GENRE`].
pub async fn popular_in_genre(
    db: &Db,
    user: &UserId,
    genre: &str,
    since: Timestamp,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(POPULAR_IN_GENRE)
        .bind(user).bind(genre).bind(since).bind(limit).fetch_all(pool).await)
}

/// [`POPULAR_OF_ARTIST`].
pub async fn popular_of_artist(
    db: &Db,
    user: &UserId,
    artist: &str,
    since: Timestamp,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(POPULAR_OF_ARTIST)
        .bind(user).bind(artist).bind(since).bind(limit).fetch_all(pool).await)
}

/// A newest track and whether the user ever played it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct NewTrack {
    #[sqlx(flatten)]
    pub track: TrackRow,
    pub played: bool,
}

/// The newest ready tracks that are not the user's.
pub async fn newest(db: &Db, user: &UserId, limit: i64) -> sqlx::Result<Vec<NewTrack>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), ", EXISTS (SELECT 1 FROM listening_history mine \
                                              WHERE mine.user_id = $1 AND mine.track_id = t.id) \
                                      AS played \
         FROM tracks t WHERE ", visible_to_all!(), " AND t.uploaded_by <> $1 \
         ORDER BY t.created_at DESC, t.id DESC LIMIT $2"))
        .bind(user).bind(limit).fetch_all(pool).await)
}

/// What a listener's recommendations are computed from, in one read of a few index entries:
/// their latest listen, how many likes they have and the latest, the newest ready track of the
/// catalog and how far the neighbours job got. A kept list is served again only while this
/// stays the same ([`super::kept`]).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Stamp {
    pub last_listen: Option<String>,
    pub likes: i64,
    pub last_like: Option<String>,
    pub newest: Option<String>,
    pub learnt_listen: String,
    pub learnt_like: String,
}

pub async fn stamp(db: &Db, user: &UserId) -> sqlx::Result<Stamp> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT \
           (SELECT h.id FROM listening_history h WHERE h.user_id = $1 \
            ORDER BY h.listened_at DESC, h.id DESC LIMIT 1) AS last_listen, \
           (SELECT count(*) FROM liked_tracks l WHERE l.user_id = $1) AS likes, \
           (SELECT l.track_id FROM liked_tracks l WHERE l.user_id = $1 \
            ORDER BY l.created_at DESC, l.track_id DESC LIMIT 1) AS last_like, \
           (SELECT t.id FROM tracks t WHERE ", visible_to_all!(), " \
            ORDER BY t.created_at DESC, t.id DESC LIMIT 1) AS newest, \
           p.history_id AS learnt_listen, p.like_user || ' ' || p.like_track AS learnt_like \
         FROM recommendation_progress p WHERE p.id = 1"))
        .bind(user).fetch_one(pool).await)
}
