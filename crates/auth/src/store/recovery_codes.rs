//! Two-factor recovery codes: one-time stand-ins for a TOTP code, stored as MACs.

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// Replaces every recovery code of the user (used or not) with `hashes`.
pub async fn replace_recovery_codes(
    tx: &mut Tx,
    user_id: &UserId,
    hashes: &[String],
    now: Timestamp,
) -> sqlx::Result<()> {
    delete_recovery_codes(tx, user_id).await?;
    for hash in hashes {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO mfa_recovery_codes (id, user_id, code_hash, created_at) VALUES ($1, $2, $3, $4)")
            .bind(uuid::Uuid::now_v7().to_string()).bind(user_id).bind(hash).bind(now)
            .execute(conn).await.map(|r| r.rows_affected()))?;
    }
    Ok(())
}

pub async fn delete_recovery_codes(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<u64> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM mfa_recovery_codes WHERE user_id = $1")
        .bind(user_id).execute(conn).await.map(|r| r.rows_affected()))
}

/// Uses up the user's unused code with this hash: answers whether there was one.
pub async fn use_recovery_code(
    tx: &mut Tx,
    user_id: &UserId,
    hash: &str,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE mfa_recovery_codes SET used_at = $3 \
         WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL")
        .bind(user_id).bind(hash).bind(now).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// How many of the user's recovery codes are still unused.
pub async fn unused_recovery_codes(db: &Db, user_id: &UserId) -> sqlx::Result<i64> {
    on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM mfa_recovery_codes WHERE user_id = $1 AND used_at IS NULL")
        .bind(user_id).fetch_one(pool).await)
}
