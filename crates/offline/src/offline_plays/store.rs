//! SQL of plays made offline: the outcome of each play id of a user.

use super::outcome::{OfflinePlayResult, OfflineRefusal};
use backbeat_core::db::{Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::on_tx;

/// A play id's outcome to keep.
#[derive(Clone, Copy, Debug)]
pub struct KeptOutcome<'a> {
    pub user: &'a UserId,
    pub play_id: &'a str,
    pub outcome: OfflinePlayResult,
    pub reason: Option<OfflineRefusal>,
    /// The history row of a recorded play.
    pub history_id: Option<&'a str>,
    pub received_at: Timestamp,
}

/// The first outcome of the user's play id, when it was sent before.
pub async fn outcome_of(
    tx: &mut Tx,
    user: &UserId,
    play_id: &str,
) -> sqlx::Result<Option<(OfflinePlayResult, Option<OfflineRefusal>)>> {
    on_tx!(tx, conn => sqlx::query_as(
        "SELECT outcome, reason FROM offline_plays WHERE user_id = $1 AND play_id = $2")
        .bind(user).bind(play_id).fetch_optional(conn).await)
}

pub async fn insert_outcome(tx: &mut Tx, kept: &KeptOutcome<'_>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO offline_plays (user_id, play_id, outcome, reason, history_id, received_at) \
         VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(kept.user).bind(kept.play_id).bind(kept.outcome).bind(kept.reason)
        .bind(kept.history_id).bind(kept.received_at)
        .execute(conn).await.map(drop))
}
