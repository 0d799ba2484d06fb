//! SQL of likes. Every query names the liking user, bound to the signed-in user's id.

use backbeat_catalog::catalog::track::{TrackRow, track_columns, visible_to};
use backbeat_core::db::page::Position;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::on_db;

/// Likes the track if `user` may see it; answers whether a like was added (false when the
/// track is not visible or already liked).
pub async fn insert_like(
    db: &Db,
    user: &UserId,
    track_id: &TrackId,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(concat!(
        "INSERT INTO liked_tracks (user_id, track_id, created_at) \
         SELECT $1, t.id, $3 FROM tracks t \
         WHERE t.id = $2 AND ", visible_to!("$1"), " \
         ON CONFLICT (user_id, track_id) DO NOTHING"))
        .bind(user).bind(track_id).bind(now)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Answers whether a like was removed.
pub async fn delete_like(db: &Db, user: &UserId, track_id: &TrackId) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query("DELETE FROM liked_tracks WHERE user_id = $1 AND track_id = $2")
        .bind(user).bind(track_id)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// A liked track and when it was liked.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LikedTrackRow {
    #[sqlx(flatten)]
    pub track: TrackRow,
    pub liked_at: Timestamp,
}

/// The id of a liked track and when it was liked.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LikedIdRow {
    pub track_id: String,
    pub liked_at: Timestamp,
}

/// The likes of `user` (`$1`) of tracks they may see, after the like at `($2, $3)` in newest
/// like first order.
macro_rules! likes_after {
    () => {
        concat!(
            " FROM liked_tracks l JOIN tracks t ON t.id = l.track_id \
             WHERE l.user_id = $1 AND ",
            visible_to!("$1"),
            " AND (l.created_at, t.id) < ($2, $3) \
             ORDER BY l.created_at DESC, t.id DESC LIMIT $4"
        )
    };
}

/// A page of the tracks `user` liked and may see after `after`, newest like first.
pub async fn liked_tracks(
    db: &Db,
    user: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<LikedTrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), ", l.created_at AS liked_at", likes_after!()))
        .bind(user).bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await)
}

/// A page of the ids of the tracks `user` liked and may see after `after`, newest like first.
pub async fn liked_track_ids(
    db: &Db,
    user: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<LikedIdRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT t.id AS track_id, l.created_at AS liked_at", likes_after!()))
        .bind(user).bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await)
}

/// How many tracks `user` liked and may see (the home page's Liked Songs).
pub async fn count_likes(db: &Db, user: &UserId) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(concat!(
        "SELECT COUNT(*) FROM liked_tracks l JOIN tracks t ON t.id = l.track_id \
         WHERE l.user_id = $1 AND ", visible_to!("$1")))
        .bind(user).fetch_one(pool).await)
}
