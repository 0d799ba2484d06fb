//! SQL of payouts: the ledger, the cached balances and the earnings.

use futures_util::TryStreamExt;

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{HistoryId, TrackId, UserId, WithdrawalId};
use backbeat_core::money::Units;
use backbeat_core::{on_db, on_tx};

/// A ledger row to append.
#[derive(Clone, Debug)]
pub struct NewEntry<'a> {
    pub id: &'a str,
    pub user_id: &'a UserId,
    pub kind: &'static str,
    pub amount_units: Units,
    pub history_id: Option<&'a HistoryId>,
    pub withdrawal_id: Option<&'a WithdrawalId>,
    pub track_id: Option<&'a TrackId>,
    pub created_at: Timestamp,
}

pub async fn insert_entry(tx: &mut Tx, entry: &NewEntry<'_>) -> sqlx::Result<()> {
    let day = entry
        .created_at
        .as_datetime()
        .format("%Y-%m-%d")
        .to_string();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO ledger_entries \
         (id, user_id, kind, amount_units, history_id, withdrawal_id, track_id, day, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
        .bind(entry.id).bind(entry.user_id).bind(entry.kind).bind(entry.amount_units)
        .bind(entry.history_id).bind(entry.withdrawal_id).bind(entry.track_id)
        .bind(&day).bind(entry.created_at)
        .execute(conn).await.map(drop))
}

/// Adds a credit (positive) to the user's balance, creating it; answers the new balance.
pub async fn credit_balance(
    tx: &mut Tx,
    user_id: &UserId,
    units: Units,
    now: Timestamp,
) -> sqlx::Result<Units> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "INSERT INTO balances (user_id, balance_units, updated_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE \
         SET balance_units = balances.balance_units + excluded.balance_units, \
             updated_at = excluded.updated_at \
         RETURNING balance_units")
        .bind(user_id).bind(units).bind(now).fetch_one(conn).await)
}

/// Takes a debit (positive) from the user's existing balance; answers the new balance.
pub async fn debit_balance(
    tx: &mut Tx,
    user_id: &UserId,
    units: Units,
    now: Timestamp,
) -> sqlx::Result<Units> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "UPDATE balances SET balance_units = balance_units - $2, updated_at = $3 \
         WHERE user_id = $1 RETURNING balance_units")
        .bind(user_id).bind(units).bind(now).fetch_one(conn).await)
}

/// Locks the user's balance row until the transaction ends and answers it (`None`: no money
/// ever, nothing to lock).
pub async fn lock_balance(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<Option<Units>> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "UPDATE balances SET balance_units = balance_units WHERE user_id = $1 \
         RETURNING balance_units")
        .bind(user_id).fetch_optional(conn).await)
}

/// The user's cached balance (0 without one).
pub async fn balance(db: &Db, user_id: &UserId) -> sqlx::Result<Units> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT COALESCE((SELECT balance_units FROM balances WHERE user_id = $1), 0)")
        .bind(user_id).fetch_one(pool).await)
}

/// The counted plays of the user's tracks, all time.
pub async fn total_plays(db: &Db, user_id: &UserId) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT CAST(COALESCE(SUM(plays), 0) AS BIGINT) FROM tracks WHERE uploaded_by = $1")
        .bind(user_id).fetch_one(pool).await)
}

/// Credited plays and units per UTC day (`YYYY-MM-DD`) from `since_day` on.
pub async fn earnings_by_day(
    db: &Db,
    user_id: &UserId,
    since_day: &str,
) -> sqlx::Result<Vec<(String, i64, Units)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT day, COUNT(*), CAST(SUM(amount_units) AS BIGINT) FROM ledger_entries \
         WHERE user_id = $1 AND kind = 'play_credit' AND day >= $2 GROUP BY day ORDER BY day")
        .bind(user_id).bind(since_day).fetch_all(pool).await)
}

/// One of the user's tracks with its counted plays and what it earned.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TrackEarnings {
    pub track_id: String,
    pub title: String,
    pub plays: i64,
    pub earned_units: Units,
}

/// The user's tracks, most earned first (then most played, newest), at most `limit`.
pub async fn earnings_by_track(
    db: &Db,
    user_id: &UserId,
    limit: i64,
) -> sqlx::Result<Vec<TrackEarnings>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT t.id AS track_id, t.title, t.plays, \
                CAST(COALESCE((SELECT SUM(l.amount_units) FROM ledger_entries l \
                               WHERE l.track_id = t.id AND l.kind = 'play_credit'), 0) AS BIGINT) \
                AS earned_units \
         FROM tracks t WHERE t.uploaded_by = $1 \
         ORDER BY earned_units DESC, t.plays DESC, t.created_at DESC, t.id DESC LIMIT $2")
        .bind(user_id).bind(limit).fetch_all(pool).await)
}

/// One play credit: who listened, when their account was made, and when the play was credited.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Credit {
    pub listener: Option<String>,
    pub listener_joined: Option<Timestamp>,
    pub credited_at: Timestamp,
}

/// Runs `each` on every play credit of the user after `since` up to `until` (inclusive), with
/// its listener and when their account was made, one row at a time (an artist may have
/// millions).
pub async fn each_play_credit(
    db: &Db,
    user_id: &UserId,
    since: Timestamp,
    until: Timestamp,
    mut each: impl FnMut(Credit),
) -> sqlx::Result<()> {
    // The days bound the index range; the timestamps then bound it exactly.
    let day = |at: Timestamp| at.as_datetime().format("%Y-%m-%d").to_string();
    let (first_day, last_day) = (day(since), day(until));
    on_db!(db, pool => {
        let mut rows = sqlx::query_as::<_, Credit>(
            "SELECT h.user_id AS listener, u.created_at AS listener_joined, \
                    l.created_at AS credited_at \
             FROM ledger_entries l \
             LEFT JOIN listening_history h ON h.id = l.history_id \
             LEFT JOIN users u ON u.id = h.user_id \
             WHERE l.user_id = $1 AND l.kind = 'play_credit' AND l.day >= $2 AND l.day <= $3 \
               AND l.created_at > $4 AND l.created_at <= $5")
            .bind(user_id).bind(&first_day).bind(&last_day).bind(since).bind(until)
            .fetch(pool);
        while let Some(credit) = rows.try_next().await? {
            each(credit);
        }
        Ok(())
    })
}
