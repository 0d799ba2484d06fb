//! SQL of follows. Every write names the follower, bound to the signed-in user's id.

use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::on_db;

pub async fn is_following(
    db: &Db,
    follower_id: &UserId,
    following_id: &UserId,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM follows WHERE follower_id = $1 AND following_id = $2)")
        .bind(follower_id).bind(following_id).fetch_one(pool).await)
}

pub async fn follower_count(db: &Db, id: &UserId) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar("SELECT COUNT(*) FROM follows WHERE following_id = $1")
        .bind(id).fetch_one(pool).await)
}

/// Records that the follower follows `following_id`; an existing follow is kept as it is.
pub async fn insert_follow(
    db: &Db,
    follower_id: &UserId,
    following_id: &UserId,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO follows (follower_id, following_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (follower_id, following_id) DO NOTHING")
        .bind(follower_id).bind(following_id).bind(now).execute(pool).await.map(drop))
}

pub async fn delete_follow(
    db: &Db,
    follower_id: &UserId,
    following_id: &UserId,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM follows WHERE follower_id = $1 AND following_id = $2")
        .bind(follower_id).bind(following_id).execute(pool).await.map(drop))
}
