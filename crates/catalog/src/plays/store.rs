//! SQL of plays: listening history and the tracks' play counts.

use backbeat_core::db::{Timestamp, Tx};
use backbeat_core::ids::{HistoryId, TrackId, UserId};
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

/// Whether the listener has a counted play of the track strictly between `after` and `before`.
pub async fn counted_between(
    tx: &mut Tx,
    listener: &UserId,
    track_id: &TrackId,
    after: Timestamp,
    before: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT EXISTS (SELECT 1 FROM listening_history \
                        WHERE user_id = $1 AND track_id = $2 AND listened_at > $3 \
                          AND listened_at < $4 AND counted)")
        .bind(listener).bind(track_id).bind(after).bind(before).fetch_one(conn).await)
}

/// The listener's latest counted play started at or before `until`: when it started, and its
/// track's length in seconds (`None` once the track is gone).
pub async fn last_counted_play_until(
    tx: &mut Tx,
    listener: &UserId,
    until: Timestamp,
) -> sqlx::Result<Option<(Timestamp, Option<i64>)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT h.listened_at, t.duration_secs FROM listening_history h \
         LEFT JOIN tracks t ON t.id = h.track_id \
         WHERE h.user_id = $1 AND h.counted AND h.listened_at <= $2 \
         ORDER BY h.listened_at DESC LIMIT 1")
        .bind(listener).bind(until).fetch_optional(conn).await)
}

/// When the listener's first counted play after `after` started (a play made offline arrives
/// after the plays that followed it).
pub async fn first_counted_play_after(
    tx: &mut Tx,
    listener: &UserId,
    after: Timestamp,
) -> sqlx::Result<Option<Timestamp>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT listened_at FROM listening_history \
         WHERE user_id = $1 AND counted AND listened_at > $2 \
         ORDER BY listened_at ASC LIMIT 1")
        .bind(listener).bind(after).fetch_optional(conn).await)
}

pub async fn insert_listen(tx: &mut Tx, listen: &NewListen<'_>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO listening_history (id, user_id, track_id, listened_at, counted) \
         VALUES ($1, $2, $3, $4, $5)")
        .bind(listen.id).bind(listen.listener).bind(listen.track_id)
        .bind(listen.listened_at).bind(listen.counted)
        .execute(conn).await.map(drop))
}

/// The listener's latest uncounted playback start of the track between `from` and `until`:
/// its history id and when it started.
pub async fn uncounted_start(
    tx: &mut Tx,
    listener: &UserId,
    track_id: &TrackId,
    from: Timestamp,
    until: Timestamp,
) -> sqlx::Result<Option<(HistoryId, Timestamp)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT id, listened_at FROM listening_history \
         WHERE user_id = $1 AND track_id = $2 AND NOT counted \
           AND listened_at >= $3 AND listened_at <= $4 \
         ORDER BY listened_at DESC LIMIT 1")
        .bind(listener).bind(track_id).bind(from).bind(until).fetch_optional(conn).await)
}

/// Marks the listener's uncounted history row counted; answers whether it was.
pub async fn mark_counted(
    tx: &mut Tx,
    listener: &UserId,
    history_id: &HistoryId,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE listening_history SET counted = TRUE WHERE id = $1 AND user_id = $2 AND NOT counted")
        .bind(history_id).bind(listener).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Adds one to the track's plays; answers the new count.
pub async fn add_play(tx: &mut Tx, track_id: &TrackId) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "UPDATE tracks SET plays = plays + 1 WHERE id = $1 RETURNING plays")
        .bind(track_id).fetch_one(conn).await)
}
