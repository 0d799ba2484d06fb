//! SQL of download grants: one row per user and track.

use super::grant::OfflineGrant;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{TrackId, UserId};
use backbeat_core::{on_db, on_tx};

/// The user's grants, oldest first (ties by track id).
pub async fn grants(tx: &mut Tx, user: &UserId) -> sqlx::Result<Vec<OfflineGrant>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT track_id, duration_secs, granted_at FROM offline_grants \
         WHERE user_id = $1 ORDER BY granted_at, track_id")
        .bind(user).fetch_all(conn).await)
}

/// Grants the track, unless it is granted already (its first grant stays as it was).
pub async fn insert_grant(tx: &mut Tx, user: &UserId, grant: &OfflineGrant) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO offline_grants (user_id, track_id, duration_secs, granted_at) \
         VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, track_id) DO NOTHING")
        .bind(user).bind(&grant.track_id).bind(grant.duration_secs).bind(grant.granted_at)
        .execute(conn).await.map(drop))
}

/// Ends the user's grant of the track, inside a transaction.
pub async fn delete_grant_in(tx: &mut Tx, user: &UserId, track_id: &TrackId) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM offline_grants WHERE user_id = $1 AND track_id = $2")
        .bind(user).bind(track_id).execute(conn).await.map(drop))
}

/// Ends the user's grant of the track, if any.
pub async fn delete_grant(db: &Db, user: &UserId, track_id: &TrackId) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM offline_grants WHERE user_id = $1 AND track_id = $2")
        .bind(user).bind(track_id).execute(pool).await.map(drop))
}

/// Ends every grant of the user.
pub async fn delete_all(db: &Db, user: &UserId) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query("DELETE FROM offline_grants WHERE user_id = $1")
        .bind(user).execute(pool).await.map(drop))
}

/// When the grants were made: `now`, for tracks granted together.
pub fn new_grant(track_id: &TrackId, duration_secs: i64, now: Timestamp) -> OfflineGrant {
    OfflineGrant {
        track_id: track_id.to_owned(),
        duration_secs,
        granted_at: now,
    }
}
