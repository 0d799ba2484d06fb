//! One-time tokens: the links and codes of recovery and confirmation mail.

use crate::db::{Timestamp, Tx};
use crate::on_tx;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OneTimeKind {
    Recovery,
    Confirmation,
}

impl OneTimeKind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Recovery => "recovery",
            Self::Confirmation => "confirmation",
        }
    }
}

/// Replaces the user's pending token of this kind.
pub async fn replace_one_time_token(
    tx: &mut Tx,
    user_id: &str,
    kind: OneTimeKind,
    token_hash: &str,
    code_hash: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM one_time_tokens WHERE user_id = $1 AND token_type = $2")
        .bind(user_id).bind(kind.as_str()).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO one_time_tokens (token_hash, code_hash, user_id, token_type, created_at) \
         VALUES ($1, $2, $3, $4, $5)")
        .bind(token_hash).bind(code_hash).bind(user_id).bind(kind.as_str()).bind(now)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Counts a wrong code against the pending token of this kind of the user with `email`, and
/// removes the token once it has had `max` wrong codes (the code is burnt: a new mail is needed).
pub async fn fail_one_time_code(
    tx: &mut Tx,
    kind: OneTimeKind,
    email: &str,
    max: i64,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE one_time_tokens SET attempts = attempts + 1 \
         WHERE token_type = $1 AND user_id IN (SELECT id FROM users WHERE email = $2)")
        .bind(kind.as_str()).bind(email).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM one_time_tokens \
         WHERE token_type = $1 AND attempts >= $3 AND user_id IN (SELECT id FROM users WHERE email = $2)")
        .bind(kind.as_str()).bind(email).bind(max).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Removes and returns (user id, created at) of the token with this link hash or code hash.
pub async fn take_one_time_token(
    tx: &mut Tx,
    kind: OneTimeKind,
    token_hash: Option<&str>,
    code_hash: Option<&str>,
) -> sqlx::Result<Option<(String, Timestamp)>> {
    on_tx!(tx, conn => sqlx::query_as::<_, (String, Timestamp)>(
        "DELETE FROM one_time_tokens WHERE token_type = $1 AND (token_hash = $2 OR code_hash = $3) \
         RETURNING user_id, created_at")
        .bind(kind.as_str()).bind(token_hash.unwrap_or("")).bind(code_hash.unwrap_or(""))
        .fetch_optional(conn).await)
}
