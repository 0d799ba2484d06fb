//! SQL of likes. Every query names the liking user, bound to the signed-in user's id.

use crate::catalog::store::{TrackRow, track_columns};
use crate::db::{Db, Timestamp};
use crate::on_db;

/// Likes the track if `user` may see it; answers whether a like was added (false when the
/// track is not visible or already liked).
pub async fn insert_like(
    db: &Db,
    user: &str,
    track_id: &str,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO liked_tracks (user_id, track_id, created_at) \
         SELECT $1, t.id, $3 FROM tracks t \
         WHERE t.id = $2 AND (t.status = 'ready' OR t.uploaded_by = $1) \
         ON CONFLICT (user_id, track_id) DO NOTHING")
        .bind(user).bind(track_id).bind(now)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Answers whether a like was removed.
pub async fn delete_like(db: &Db, user: &str, track_id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query("DELETE FROM liked_tracks WHERE user_id = $1 AND track_id = $2")
        .bind(user).bind(track_id)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// The tracks `user` liked and may see, newest like first.
pub async fn liked_tracks(db: &Db, user: &str) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM liked_tracks l JOIN tracks t ON t.id = l.track_id \
         WHERE l.user_id = $1 AND (t.status = 'ready' OR t.uploaded_by = $1) \
         ORDER BY l.created_at DESC, t.id DESC"))
        .bind(user).fetch_all(pool).await)
}

/// The ids of the tracks `user` liked and may see, newest like first.
pub async fn liked_track_ids(db: &Db, user: &str) -> sqlx::Result<Vec<String>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT t.id FROM liked_tracks l JOIN tracks t ON t.id = l.track_id \
         WHERE l.user_id = $1 AND (t.status = 'ready' OR t.uploaded_by = $1) \
         ORDER BY l.created_at DESC, t.id DESC")
        .bind(user).fetch_all(pool).await)
}

/// How many tracks `user` liked and may see (the home page's Liked Songs).
pub async fn count_likes(db: &Db, user: &str) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM liked_tracks l JOIN tracks t ON t.id = l.track_id \
         WHERE l.user_id = $1 AND (t.status = 'ready' OR t.uploaded_by = $1)")
        .bind(user).fetch_one(pool).await)
}
