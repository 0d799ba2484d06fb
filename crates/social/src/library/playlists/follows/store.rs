//! SQL of playlist follows. Every write names the follower, bound to the signed-in user's id; a
//! follow is only ever made of a public playlist of someone else, checked in the same statement
//! that locks it.

use crate::library::playlists::store::{PlaylistRow, playlist_columns, readable_by};
use backbeat_core::db::page::Position;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{PlaylistId, UserId};
use backbeat_core::{on_db, on_tx};

/// Takes the row lock of playlist `id` until the transaction ends if it is public and not
/// `follower`'s own, so that it cannot be made private between this check and the follow.
/// False when it is not such a playlist.
pub async fn lock_followable(
    tx: &mut Tx,
    id: &PlaylistId,
    follower: &UserId,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE playlists SET updated_at = updated_at \
         WHERE id = $1 AND visibility = 'public' AND created_by <> $2")
        .bind(id).bind(follower).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Whether `viewer` owns playlist `id`, if they may read it (their own, or public); `None` when
/// there is no such playlist for them.
pub async fn owned_if_readable(
    tx: &mut Tx,
    id: &PlaylistId,
    viewer: &UserId,
) -> sqlx::Result<Option<bool>> {
    on_tx!(tx, conn => sqlx::query_scalar(concat!(
        "SELECT p.created_by = $2 FROM playlists p WHERE p.id = $1 AND ", readable_by!("p", "$2")))
        .bind(id).bind(viewer).fetch_optional(conn).await)
}

/// Records that `follower` follows the playlist; an existing follow is kept as it is.
pub async fn insert_follow(
    tx: &mut Tx,
    follower: &UserId,
    id: &PlaylistId,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO playlist_follows (follower_id, playlist_id, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (follower_id, playlist_id) DO NOTHING")
        .bind(follower).bind(id).bind(now).execute(conn).await.map(drop))
}

pub async fn delete_follow(tx: &mut Tx, follower: &UserId, id: &PlaylistId) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM playlist_follows WHERE follower_id = $1 AND playlist_id = $2")
        .bind(follower).bind(id).execute(conn).await.map(drop))
}

pub async fn follower_count(tx: &mut Tx, id: &PlaylistId) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM playlist_follows WHERE playlist_id = $1")
        .bind(id).fetch_one(conn).await)
}

/// A followed playlist and when it was followed.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct FollowedPlaylistRow {
    #[sqlx(flatten)]
    pub playlist: PlaylistRow,
    pub followed_at: Timestamp,
}

/// A page of the public playlists `follower` follows after `after`, the newest follow first.
pub async fn followed_playlists(
    db: &Db,
    follower: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<FollowedPlaylistRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", playlist_columns!("$1"), ", f.created_at AS followed_at \
         FROM playlist_follows f JOIN playlists p ON p.id = f.playlist_id \
         WHERE f.follower_id = $1 AND p.visibility = 'public' \
           AND (f.created_at, p.id) < ($2, $3) \
         ORDER BY f.created_at DESC, p.id DESC LIMIT $4"))
        .bind(follower).bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await)
}
