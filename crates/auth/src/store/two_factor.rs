//! Two-factor factors and their challenges.

use sqlx::FromRow;

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

backbeat_core::text_enum! {
    /// Whether a factor has been proven: `unverified` from its enrolment until a first code is
    /// accepted, then `verified` (GoTrue's words).
    #[derive(serde::Serialize)]
    #[serde(rename_all = "lowercase")]
    pub enum FactorStatus {
        Unverified = "unverified",
        Verified = "verified",
    }
}

#[derive(Clone, Debug, FromRow)]
pub struct FactorRow {
    pub id: String,
    pub user_id: UserId,
    pub friendly_name: String,
    pub factor_type: String,
    pub status: FactorStatus,
    pub secret: String,
    pub last_used_step: Option<i64>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

impl FactorRow {
    pub fn is_verified(&self) -> bool {
        self.status == FactorStatus::Verified
    }
}

/// A user's factors, oldest first.
const LIST_FACTORS: &str = "SELECT id, user_id, friendly_name, factor_type, status, secret, \
     last_used_step, created_at, updated_at FROM mfa_factors WHERE user_id = $1 ORDER BY created_at, id";

pub async fn list_factors(db: &Db, user_id: &UserId) -> sqlx::Result<Vec<FactorRow>> {
    on_db!(db, pool => sqlx::query_as::<_, FactorRow>(LIST_FACTORS)
        .bind(user_id).fetch_all(pool).await)
}

/// [`list_factors`] inside a transaction.
pub async fn list_factors_in(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<Vec<FactorRow>> {
    on_tx!(tx, conn => sqlx::query_as::<_, FactorRow>(LIST_FACTORS)
        .bind(user_id).fetch_all(conn).await)
}

pub async fn find_factor(db: &Db, user_id: &UserId, id: &str) -> sqlx::Result<Option<FactorRow>> {
    on_db!(db, pool => sqlx::query_as::<_, FactorRow>(
        "SELECT id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at \
         FROM mfa_factors WHERE user_id = $1 AND id = $2")
        .bind(user_id).bind(id).fetch_optional(pool).await)
}

pub async fn insert_factor(db: &Db, factor: &FactorRow) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(&factor.id).bind(&factor.user_id).bind(&factor.friendly_name).bind(&factor.factor_type)
        .bind(factor.status).bind(&factor.secret).bind(factor.created_at).bind(factor.updated_at)
        .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Unverified factors older than `before` are abandoned enrolments.
pub async fn delete_stale_unverified_factors(
    db: &Db,
    user_id: &UserId,
    before: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM mfa_factors WHERE user_id = $1 AND status = 'unverified' AND created_at < $2")
        .bind(user_id).bind(before).execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn delete_factor(tx: &mut Tx, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM mfa_factors WHERE user_id = $1 AND id = $2")
        .bind(user_id).bind(id).execute(conn).await.map(|r| r.rows_affected() == 1))
}

/// Removes the user's factors created at or after `since` (every factor when `None`); answers
/// how many.
pub async fn delete_factors_since(
    tx: &mut Tx,
    user_id: &UserId,
    since: Option<Timestamp>,
) -> sqlx::Result<u64> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM mfa_factors WHERE user_id = $1 AND ($2 IS NULL OR created_at >= $2)")
        .bind(user_id).bind(since).execute(conn).await.map(|r| r.rows_affected()))
}

/// Marks the factor verified and records the code's time step, unless that step (or a later
/// one) was already used: a code is good once. Answers whether the code was accepted.
pub async fn use_factor_step(
    tx: &mut Tx,
    id: &str,
    step: i64,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE mfa_factors SET status = 'verified', last_used_step = $2, updated_at = $3 \
         WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2)")
        .bind(id).bind(step).bind(now).execute(conn).await.map(|r| r.rows_affected() == 1))
}

pub async fn insert_challenge(
    db: &Db,
    id: &str,
    factor_id: &str,
    ip: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => async {
        sqlx::query("INSERT INTO mfa_challenges (id, factor_id, ip, created_at) VALUES ($1, $2, $3, $4)")
            .bind(id).bind(factor_id).bind(ip).bind(now).execute(pool).await?;
        sqlx::query("UPDATE mfa_factors SET last_challenged_at = $2 WHERE id = $1")
            .bind(factor_id).bind(now).execute(pool).await?;
        Ok(())
    }.await)
}

/// Locks the challenge for the rest of the transaction and returns when it was issued.
pub async fn lock_challenge(
    tx: &mut Tx,
    id: &str,
    factor_id: &str,
) -> sqlx::Result<Option<Timestamp>> {
    on_tx!(tx, conn => sqlx::query_scalar::<_, Timestamp>(
        "UPDATE mfa_challenges SET attempts = attempts WHERE id = $1 AND factor_id = $2 RETURNING created_at")
        .bind(id).bind(factor_id).fetch_optional(conn).await)
}

/// Removes a challenge: answered, expired, or out of attempts.
pub async fn delete_challenge(tx: &mut Tx, id: &str) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM mfa_challenges WHERE id = $1")
        .bind(id).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Counts a wrong code against the challenge and removes it once it has had `max` wrong
/// codes. Answers whether the challenge is still usable.
pub async fn fail_challenge(tx: &mut Tx, id: &str, max: i64) -> sqlx::Result<bool> {
    let attempts = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "UPDATE mfa_challenges SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts")
        .bind(id).fetch_optional(conn).await)?;
    match attempts {
        Some(attempts) if attempts < max => Ok(true),
        Some(_) => {
            delete_challenge(tx, id).await?;
            Ok(false)
        }
        None => Ok(false),
    }
}

#[cfg(test)]
mod tests {
    use super::FactorStatus;
    use backbeat_core::text_enum::testing::{assert_stored_as, read_from_sqlite};

    #[test]
    fn a_status_is_stored_and_said_as_gotrue_says_it_and_no_other_word_reads() {
        assert_stored_as(&[
            (FactorStatus::Unverified, "unverified"),
            (FactorStatus::Verified, "verified"),
        ]);
        assert!(read_from_sqlite::<FactorStatus>("Verified").is_err());
    }
}
