//! SQL of plays: listening history and the tracks' play counts.

use backbeat_core::db::{Timestamp, Tx};
use backbeat_core::on_tx;

/// A listening history row to write.
#[derive(Clone, Debug)]
pub struct NewListen<'a> {
    pub id: &'a str,
    pub listener: &'a str,
    pub track_id: &'a str,
    pub listened_at: Timestamp,
    pub counted: bool,
}

/// Whether the listener has a counted play of the track after `since`.
pub async fn counted_since(
    tx: &mut Tx,
    listener: &str,
    track_id: &str,
    since: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM listening_history \
                        WHERE user_id = $1 AND track_id = $2 AND listened_at > $3 AND counted)")
        .bind(listener).bind(track_id).bind(since).fetch_one(conn).await)
}

/// The listener's latest counted play: when it started, and its track's length in seconds
/// (`None` once the track is gone).
pub async fn last_counted_play(
    tx: &mut Tx,
    listener: &str,
) -> sqlx::Result<Option<(Timestamp, Option<i64>)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT h.listened_at, t.duration_secs FROM listening_history h \
         LEFT JOIN tracks t ON t.id = h.track_id \
         WHERE h.user_id = $1 AND h.counted ORDER BY h.listened_at DESC LIMIT 1")
        .bind(listener).fetch_optional(conn).await)
}

pub async fn insert_listen(tx: &mut Tx, listen: &NewListen<'_>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO listening_history (id, user_id, track_id, listened_at, counted) \
         VALUES ($1, $2, $3, $4, $5)")
        .bind(listen.id).bind(listen.listener).bind(listen.track_id)
        .bind(listen.listened_at).bind(listen.counted)
        .execute(conn).await.map(drop))
}

/// Adds one to the track's plays; answers the new count.
pub async fn add_play(tx: &mut Tx, track_id: &str) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "UPDATE tracks SET plays = plays + 1 WHERE id = $1 RETURNING plays")
        .bind(track_id).fetch_one(conn).await)
}
