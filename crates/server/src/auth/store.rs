//! SQL for users, sessions, refresh tokens, factors, challenges and one-time tokens.

use sqlx::FromRow;

use crate::db::{Db, Timestamp, Tx};
use crate::{on_db, on_tx};

#[derive(Clone, Debug, FromRow)]
pub struct UserRow {
    pub id: String,
    pub identity_id: String,
    pub email: String,
    pub encrypted_password: String,
    pub user_metadata: String,
    pub email_confirmed_at: Option<Timestamp>,
    pub confirmation_sent_at: Option<Timestamp>,
    pub recovery_sent_at: Option<Timestamp>,
    pub last_sign_in_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

#[derive(Clone, Debug, FromRow)]
pub struct SessionRow {
    pub id: String,
    pub user_id: String,
    pub aal: String,
    pub amr: String,
    pub factor_id: Option<String>,
}

#[derive(Clone, Debug, FromRow)]
pub struct RefreshTokenRow {
    pub id: String,
    pub session_id: String,
    pub parent_id: Option<String>,
    pub revoked: bool,
    pub updated_at: Timestamp,
}

#[derive(Clone, Debug, FromRow)]
pub struct FactorRow {
    pub id: String,
    pub user_id: String,
    pub friendly_name: String,
    pub factor_type: String,
    pub status: String,
    pub secret: String,
    pub last_used_step: Option<i64>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

// ---- users

pub async fn find_user(db: &Db, id: &str) -> sqlx::Result<Option<UserRow>> {
    on_db!(db, pool => sqlx::query_as::<_, UserRow>(
        "SELECT id, identity_id, email, encrypted_password, user_metadata, email_confirmed_at, \
         confirmation_sent_at, recovery_sent_at, last_sign_in_at, created_at, updated_at \
         FROM users WHERE id = $1")
        .bind(id).fetch_optional(pool).await)
}

pub async fn find_user_by_email(db: &Db, email: &str) -> sqlx::Result<Option<UserRow>> {
    on_db!(db, pool => sqlx::query_as::<_, UserRow>(
        "SELECT id, identity_id, email, encrypted_password, user_metadata, email_confirmed_at, \
         confirmation_sent_at, recovery_sent_at, last_sign_in_at, created_at, updated_at \
         FROM users WHERE email = $1")
        .bind(email).fetch_optional(pool).await)
}

pub async fn insert_user(tx: &mut Tx, user: &UserRow) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO users (id, identity_id, email, encrypted_password, user_metadata, email_confirmed_at, \
         confirmation_sent_at, recovery_sent_at, last_sign_in_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)")
        .bind(&user.id).bind(&user.identity_id).bind(&user.email).bind(&user.encrypted_password)
        .bind(&user.user_metadata).bind(user.email_confirmed_at).bind(user.confirmation_sent_at)
        .bind(user.recovery_sent_at).bind(user.last_sign_in_at).bind(user.created_at).bind(user.updated_at)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn set_user_metadata(
    db: &Db,
    id: &str,
    metadata: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query("UPDATE users SET user_metadata = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(metadata).bind(now).execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn set_password(tx: &mut Tx, id: &str, hash: &str, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE users SET encrypted_password = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(hash).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn record_sign_in(tx: &mut Tx, id: &str, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Marks the email confirmed (once) and records the sign-in the confirmation starts.
pub async fn confirm_email(tx: &mut Tx, id: &str, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, $2), updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Records that a recovery or confirmation mail went out, unless one went out after `not_before`
/// (per-address send interval); answers whether this send may proceed.
pub async fn claim_mail_slot(
    db: &Db,
    id: &str,
    kind: OneTimeKind,
    now: Timestamp,
    not_before: Timestamp,
) -> sqlx::Result<bool> {
    let sql = match kind {
        OneTimeKind::Recovery => {
            "UPDATE users SET recovery_sent_at = $2 WHERE id = $1 \
             AND (recovery_sent_at IS NULL OR recovery_sent_at <= $3)"
        }
        OneTimeKind::Confirmation => {
            "UPDATE users SET confirmation_sent_at = $2 WHERE id = $1 \
             AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= $3)"
        }
    };
    let result = on_db!(db, pool => sqlx::query(sql).bind(id).bind(now).bind(not_before).execute(pool).await
        .map(|r| r.rows_affected()))?;
    Ok(result == 1)
}

// ---- sessions

pub async fn insert_session(
    tx: &mut Tx,
    session: &SessionRow,
    user_agent: Option<&str>,
    ip: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO auth_sessions (id, user_id, aal, amr, factor_id, user_agent, ip, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)")
        .bind(&session.id).bind(&session.user_id).bind(&session.aal).bind(&session.amr)
        .bind(&session.factor_id).bind(user_agent).bind(ip).bind(now)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn find_session(db: &Db, id: &str) -> sqlx::Result<Option<SessionRow>> {
    on_db!(db, pool => sqlx::query_as::<_, SessionRow>(
        "SELECT id, user_id, aal, amr, factor_id FROM auth_sessions WHERE id = $1 AND not_after IS NULL")
        .bind(id).fetch_optional(pool).await)
}

/// Ends a session whose refresh token was replayed: its access tokens stop working and every
/// refresh token it had is revoked, so later refreshes keep failing as reuse.
pub async fn end_session(tx: &mut Tx, id: &str, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE auth_sessions SET not_after = $2, updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    revoke_refresh_tokens(tx, id, now).await
}

/// Locks the session row for the rest of the transaction (an UPDATE locks on both backends),
/// serializing concurrent refreshes of one session. Returns the session if it still exists.
pub async fn lock_session(
    tx: &mut Tx,
    id: &str,
    now: Timestamp,
) -> sqlx::Result<Option<SessionRow>> {
    on_tx!(tx, conn => sqlx::query_as::<_, SessionRow>(
        "UPDATE auth_sessions SET refreshed_at = $2, updated_at = $2 WHERE id = $1 \
         RETURNING id, user_id, aal, amr, factor_id")
        .bind(id).bind(now).fetch_optional(conn).await)
}

pub async fn raise_session(
    tx: &mut Tx,
    id: &str,
    aal: &str,
    amr: &str,
    factor_id: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE auth_sessions SET aal = $2, amr = $3, factor_id = $4, updated_at = $5 WHERE id = $1")
        .bind(id).bind(aal).bind(amr).bind(factor_id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Which of a user's sessions to end.
#[derive(Clone, Copy, Debug)]
pub enum SessionScope<'a> {
    All,
    Only(&'a str),
    AllBut(&'a str),
    /// Every other session that has not reached `aal2`.
    BelowAal2Except(&'a str),
}

pub async fn delete_sessions(
    tx: &mut Tx,
    user_id: &str,
    scope: SessionScope<'_>,
) -> sqlx::Result<u64> {
    let (sql, session) = match scope {
        SessionScope::All => (
            "DELETE FROM auth_sessions WHERE user_id = $1 AND $2 = ''",
            "",
        ),
        SessionScope::Only(id) => (
            "DELETE FROM auth_sessions WHERE user_id = $1 AND id = $2",
            id,
        ),
        SessionScope::AllBut(id) => (
            "DELETE FROM auth_sessions WHERE user_id = $1 AND id <> $2",
            id,
        ),
        SessionScope::BelowAal2Except(id) => (
            "DELETE FROM auth_sessions WHERE user_id = $1 AND id <> $2 AND aal <> 'aal2'",
            id,
        ),
    };
    on_tx!(tx, conn => sqlx::query(sql).bind(user_id).bind(session).execute(conn).await.map(|r| r.rows_affected()))
}

// ---- refresh tokens

pub async fn insert_refresh_token(
    tx: &mut Tx,
    id: &str,
    session_id: &str,
    parent_id: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO refresh_tokens (id, session_id, parent_id, revoked, created_at, updated_at) \
         VALUES ($1, $2, $3, FALSE, $4, $4)")
        .bind(id).bind(session_id).bind(parent_id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn find_refresh_token(db: &Db, id: &str) -> sqlx::Result<Option<RefreshTokenRow>> {
    on_db!(db, pool => sqlx::query_as::<_, RefreshTokenRow>(
        "SELECT id, session_id, parent_id, revoked, updated_at FROM refresh_tokens WHERE id = $1")
        .bind(id).fetch_optional(pool).await)
}

pub async fn find_refresh_token_in(tx: &mut Tx, id: &str) -> sqlx::Result<Option<RefreshTokenRow>> {
    on_tx!(tx, conn => sqlx::query_as::<_, RefreshTokenRow>(
        "SELECT id, session_id, parent_id, revoked, updated_at FROM refresh_tokens WHERE id = $1")
        .bind(id).fetch_optional(conn).await)
}

/// The session's newest unrevoked token.
pub async fn active_refresh_token(
    tx: &mut Tx,
    session_id: &str,
) -> sqlx::Result<Option<RefreshTokenRow>> {
    on_tx!(tx, conn => sqlx::query_as::<_, RefreshTokenRow>(
        "SELECT id, session_id, parent_id, revoked, updated_at FROM refresh_tokens \
         WHERE session_id = $1 AND revoked = FALSE ORDER BY created_at DESC, id DESC LIMIT 1")
        .bind(session_id).fetch_optional(conn).await)
}

pub async fn revoke_refresh_tokens(
    tx: &mut Tx,
    session_id: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE refresh_tokens SET revoked = TRUE, updated_at = $2 WHERE session_id = $1 AND revoked = FALSE")
        .bind(session_id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn revoke_refresh_token(tx: &mut Tx, id: &str, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE refresh_tokens SET revoked = TRUE, updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

// ---- factors and challenges

pub async fn list_factors(db: &Db, user_id: &str) -> sqlx::Result<Vec<FactorRow>> {
    on_db!(db, pool => sqlx::query_as::<_, FactorRow>(
        "SELECT id, user_id, friendly_name, factor_type, status, secret, last_used_step, created_at, updated_at \
         FROM mfa_factors WHERE user_id = $1 ORDER BY created_at, id")
        .bind(user_id).fetch_all(pool).await)
}

pub async fn find_factor(db: &Db, user_id: &str, id: &str) -> sqlx::Result<Option<FactorRow>> {
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
        .bind(&factor.status).bind(&factor.secret).bind(factor.created_at).bind(factor.updated_at)
        .execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Unverified factors older than `before` are abandoned enrolments.
pub async fn delete_stale_unverified_factors(
    db: &Db,
    user_id: &str,
    before: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM mfa_factors WHERE user_id = $1 AND status = 'unverified' AND created_at < $2")
        .bind(user_id).bind(before).execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn delete_factor(db: &Db, user_id: &str, id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query("DELETE FROM mfa_factors WHERE user_id = $1 AND id = $2")
        .bind(user_id).bind(id).execute(pool).await.map(|r| r.rows_affected() == 1))
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

/// Removes the challenge and returns when it was issued: each challenge is answered at most once.
pub async fn take_challenge(
    tx: &mut Tx,
    id: &str,
    factor_id: &str,
) -> sqlx::Result<Option<Timestamp>> {
    on_tx!(tx, conn => sqlx::query_scalar::<_, Timestamp>(
        "DELETE FROM mfa_challenges WHERE id = $1 AND factor_id = $2 RETURNING created_at")
        .bind(id).bind(factor_id).fetch_optional(conn).await)
}

// ---- one-time tokens (recovery and confirmation mail)

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

// ---- housekeeping

/// Deletes what can no longer be used: ended sessions, refresh tokens revoked before `before`,
/// expired one-time tokens, challenges and abandoned enrolments. Returns the rows removed.
pub async fn sweep(
    db: &Db,
    before: Timestamp,
    one_time_before: Timestamp,
    mfa_before: Timestamp,
) -> sqlx::Result<u64> {
    let mut tx = db.begin().await?;
    let mut removed = 0;
    removed += on_tx!(&mut tx, conn => sqlx::query("DELETE FROM auth_sessions WHERE not_after IS NOT NULL AND not_after < $1")
        .bind(before).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    removed += on_tx!(&mut tx, conn => sqlx::query("DELETE FROM refresh_tokens WHERE revoked = TRUE AND updated_at < $1")
        .bind(before).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    removed += on_tx!(&mut tx, conn => sqlx::query("DELETE FROM one_time_tokens WHERE created_at < $1")
        .bind(one_time_before).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    removed += on_tx!(&mut tx, conn => sqlx::query("DELETE FROM mfa_challenges WHERE created_at < $1")
        .bind(mfa_before).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    removed += on_tx!(&mut tx, conn => sqlx::query("DELETE FROM mfa_factors WHERE status = 'unverified' AND created_at < $1")
        .bind(mfa_before).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(removed)
}
