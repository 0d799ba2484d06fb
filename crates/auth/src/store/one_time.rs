//! One-time tokens: the links and codes of recovery and confirmation mail.
//!
//! A user may hold a few tokens of a kind at once, each from its own mail, so a newer mail never
//! voids the link of an older one (strangers asking for mail cannot void the owner's). Only the
//! newest carries a usable code: a six-digit code is guessable, a link is not.

use backbeat_core::db::{Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::on_tx;

/// The unexpired links of one kind a user may hold at once; older ones are dropped.
pub const TOKENS_KEPT: i64 = 5;

/// A code that can no longer match any code's hash (a hash is hexadecimal).
const BURNT_CODE: &str = "burnt";

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

/// The credentials a sign-up chose, activated only by the confirmation mailed for it.
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct SignupCredentials {
    pub password_hash: Option<String>,
    pub user_metadata: Option<String>,
}

/// A token taken by its link or code.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct TakenToken {
    pub user_id: UserId,
    pub created_at: Timestamp,
    #[sqlx(flatten)]
    pub credentials: SignupCredentials,
}

/// Adds a token of this kind for the user: the codes of the older ones stop working, and only
/// the newest [`TOKENS_KEPT`] are kept.
pub async fn add_one_time_token(
    tx: &mut Tx,
    user_id: &UserId,
    kind: OneTimeKind,
    token_hash: &str,
    code_hash: &str,
    credentials: &SignupCredentials,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE one_time_tokens SET code_hash = $3 WHERE user_id = $1 AND token_type = $2")
        .bind(user_id).bind(kind.as_str()).bind(BURNT_CODE).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO one_time_tokens (token_hash, code_hash, user_id, token_type, created_at, password_hash, user_metadata) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(token_hash).bind(code_hash).bind(user_id).bind(kind.as_str()).bind(now)
        .bind(&credentials.password_hash).bind(&credentials.user_metadata)
        .execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM one_time_tokens WHERE user_id = $1 AND token_type = $2 AND token_hash NOT IN \
         (SELECT token_hash FROM one_time_tokens WHERE user_id = $1 AND token_type = $2 \
          ORDER BY created_at DESC, token_hash DESC LIMIT $3)")
        .bind(user_id).bind(kind.as_str()).bind(TOKENS_KEPT).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Counts a wrong code against the pending code of this kind of the user with `email`, and
/// burns it once it has had `max` wrong codes (a new mail is needed for a code; the links of
/// the mails sent still work, so a stranger's guesses cannot void the owner's mail).
pub async fn fail_one_time_code(
    tx: &mut Tx,
    kind: OneTimeKind,
    email: &str,
    max: i64,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE one_time_tokens SET attempts = attempts + 1 \
         WHERE token_type = $1 AND code_hash <> $2 AND user_id IN (SELECT id FROM users WHERE email = $3)")
        .bind(kind.as_str()).bind(BURNT_CODE).bind(email).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    on_tx!(tx, conn => sqlx::query(
        "UPDATE one_time_tokens SET code_hash = $2 \
         WHERE token_type = $1 AND attempts >= $4 AND user_id IN (SELECT id FROM users WHERE email = $3)")
        .bind(kind.as_str()).bind(BURNT_CODE).bind(email).bind(max).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Removes and returns the token with this link hash or code hash.
pub async fn take_one_time_token(
    tx: &mut Tx,
    kind: OneTimeKind,
    token_hash: Option<&str>,
    code_hash: Option<&str>,
) -> sqlx::Result<Option<TakenToken>> {
    on_tx!(tx, conn => sqlx::query_as::<_, TakenToken>(
        "DELETE FROM one_time_tokens WHERE token_type = $1 AND (token_hash = $2 OR code_hash = $3) \
         RETURNING user_id, created_at, password_hash, user_metadata")
        .bind(kind.as_str()).bind(token_hash).bind(code_hash)
        .fetch_optional(conn).await)
}

/// Removes every token of this kind of the user (one of them was used).
pub async fn delete_one_time_tokens(
    tx: &mut Tx,
    user_id: &UserId,
    kind: OneTimeKind,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM one_time_tokens WHERE user_id = $1 AND token_type = $2")
        .bind(user_id).bind(kind.as_str()).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}
