//! SQL of withdrawals: requested, listed, settled by the operator.

use super::status::Status;
use backbeat_core::db::page::Position;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::{UserId, WithdrawalId};
use backbeat_core::money::Units;
use backbeat_core::{on_db, on_tx};

/// How many withdrawals the user requested at or after `since`.
pub async fn withdrawals_since(
    tx: &mut Tx,
    user_id: &UserId,
    since: Timestamp,
) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar(
        "SELECT COUNT(*) FROM withdrawals WHERE user_id = $1 AND created_at >= $2")
        .bind(user_id).bind(since).fetch_one(conn).await)
}

/// A withdrawal as stored.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct WithdrawalRow {
    pub id: WithdrawalId,
    pub user_id: UserId,
    pub amount_units: Units,
    pub method: String,
    pub details: String,
    pub status: Status,
    pub reason: Option<String>,
    pub idempotency_key: Option<String>,
    pub created_at: Timestamp,
    pub processed_at: Option<Timestamp>,
}

macro_rules! withdrawal_columns {
    () => {
        "id, user_id, amount_units, method, details, status, reason, idempotency_key, \
         created_at, processed_at"
    };
}

pub async fn insert_withdrawal(tx: &mut Tx, row: &WithdrawalRow) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(concat!(
        "INSERT INTO withdrawals (", withdrawal_columns!(), ") \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)"))
        .bind(&row.id).bind(&row.user_id).bind(row.amount_units).bind(&row.method)
        .bind(&row.details).bind(row.status).bind(&row.reason).bind(&row.idempotency_key)
        .bind(row.created_at).bind(row.processed_at)
        .execute(conn).await.map(drop))
}

/// The user's withdrawal made with this idempotency key.
pub async fn withdrawal_by_key(
    tx: &mut Tx,
    user_id: &UserId,
    key: &str,
) -> sqlx::Result<Option<WithdrawalRow>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(
        "SELECT ", withdrawal_columns!(), " FROM withdrawals \
         WHERE user_id = $1 AND idempotency_key = $2"))
        .bind(user_id).bind(key).fetch_optional(conn).await)
}

/// A page of the user's withdrawals after `after`, newest first.
pub async fn withdrawals_of(
    db: &Db,
    user_id: &UserId,
    after: &Position,
    limit: i64,
) -> sqlx::Result<Vec<WithdrawalRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", withdrawal_columns!(), " FROM withdrawals \
         WHERE user_id = $1 AND (created_at, id) < ($2, $3) \
         ORDER BY created_at DESC, id DESC LIMIT $4"))
        .bind(user_id).bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await)
}

/// Every withdrawal (of one status when given), newest first, with the artist's email.
pub async fn all_withdrawals(
    db: &Db,
    status: Option<Status>,
) -> sqlx::Result<Vec<(WithdrawalRow, String)>> {
    let rows: Vec<WithdrawalWithEmail> = on_db!(db, pool => sqlx::query_as(
        "SELECT w.id, w.user_id, w.amount_units, w.method, w.details, w.status, w.reason, \
                w.idempotency_key, w.created_at, w.processed_at, u.email \
         FROM withdrawals w JOIN users u ON u.id = w.user_id \
         WHERE $1 IS NULL OR w.status = $1 ORDER BY w.created_at DESC, w.id DESC")
        .bind(status).fetch_all(pool).await)?;
    Ok(rows.into_iter().map(|r| (r.row, r.email)).collect())
}

#[derive(sqlx::FromRow)]
struct WithdrawalWithEmail {
    #[sqlx(flatten)]
    row: WithdrawalRow,
    email: String,
}

/// Moves a pending withdrawal to `status` (one way); `None` when it is not pending (or unknown).
pub async fn settle(
    tx: &mut Tx,
    id: &str,
    status: Status,
    reason: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<Option<WithdrawalRow>> {
    on_tx!(tx, conn => sqlx::query_as(concat!(
        "UPDATE withdrawals SET status = $2, reason = $3, processed_at = $4 \
         WHERE id = $1 AND status = 'pending' RETURNING ", withdrawal_columns!()))
        .bind(id).bind(status).bind(reason).bind(now).fetch_optional(conn).await)
}

/// When the user's latest withdrawal before `withdrawal` that was not rejected was requested:
/// where the credits `withdrawal` pays begin.
pub async fn previous_paid_withdrawal_at(
    db: &Db,
    withdrawal: &WithdrawalRow,
) -> sqlx::Result<Option<Timestamp>> {
    on_db!(db, pool => sqlx::query_scalar(
        "SELECT created_at FROM withdrawals \
         WHERE user_id = $1 AND status <> 'rejected' AND (created_at, id) < ($2, $3) \
         ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(&withdrawal.user_id).bind(withdrawal.created_at).bind(&withdrawal.id)
        .fetch_optional(pool).await)
}

/// The status of a withdrawal, when it exists.
pub async fn status_of(db: &Db, id: &str) -> sqlx::Result<Option<Status>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT status FROM withdrawals WHERE id = $1")
        .bind(id).fetch_optional(pool).await)
}

/// The email of a user's account.
pub async fn email_of(db: &Db, user_id: &UserId) -> sqlx::Result<Option<String>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT email FROM users WHERE id = $1")
        .bind(user_id).fetch_optional(pool).await)
}
