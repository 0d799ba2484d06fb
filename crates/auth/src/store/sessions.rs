//! Sessions and their refresh tokens.

use sqlx::FromRow;

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

#[derive(Clone, Debug, FromRow)]
pub struct SessionRow {
    pub id: String,
    pub user_id: UserId,
    pub aal: String,
    pub amr: String,
    pub factor_id: Option<String>,
    /// Set on a session started by a password-recovery link: until then it may set a new
    /// password without the current one (once).
    pub recovery_until: Option<Timestamp>,
}

/// A session that has not ended, with what the API's guard needs to know about its user.
#[derive(Clone, Debug, FromRow)]
pub struct LiveSession {
    #[sqlx(flatten)]
    pub session: SessionRow,
    /// The user has a verified second factor, so their API calls need an `aal2` session.
    pub mfa_enabled: bool,
}

/// A session row locked for a refresh.
#[derive(Clone, Debug, FromRow)]
pub struct LockedSession {
    #[sqlx(flatten)]
    pub session: SessionRow,
    /// Set when reuse detection ended the session: no token of it refreshes again.
    pub not_after: Option<Timestamp>,
}

#[derive(Clone, Debug, FromRow)]
pub struct RefreshTokenRow {
    pub id: String,
    pub session_id: String,
    pub parent_id: Option<String>,
    pub revoked: bool,
    pub updated_at: Timestamp,
}

pub async fn insert_session(
    tx: &mut Tx,
    session: &SessionRow,
    user_agent: Option<&str>,
    ip: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO auth_sessions (id, user_id, aal, amr, factor_id, recovery_until, user_agent, ip, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)")
        .bind(&session.id).bind(&session.user_id).bind(&session.aal).bind(&session.amr)
        .bind(&session.factor_id).bind(session.recovery_until).bind(user_agent).bind(ip).bind(now)
        .execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn find_session(db: &Db, id: &str) -> sqlx::Result<Option<LiveSession>> {
    on_db!(db, pool => sqlx::query_as::<_, LiveSession>(
        "SELECT s.id, s.user_id, s.aal, s.amr, s.factor_id, s.recovery_until, \
         EXISTS (SELECT 1 FROM mfa_factors f WHERE f.user_id = s.user_id AND f.status = 'verified') AS mfa_enabled \
         FROM auth_sessions s WHERE s.id = $1 AND s.not_after IS NULL")
        .bind(id).fetch_optional(pool).await)
}

/// Whether the session exists and has not ended (for long-lived streams that re-check).
pub async fn session_is_live(db: &Db, id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar::<_, String>(
        "SELECT id FROM auth_sessions WHERE id = $1 AND not_after IS NULL")
        .bind(id).fetch_optional(pool).await.map(|row| row.is_some()))
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
) -> sqlx::Result<Option<LockedSession>> {
    on_tx!(tx, conn => sqlx::query_as::<_, LockedSession>(
        "UPDATE auth_sessions SET refreshed_at = $2, updated_at = $2 WHERE id = $1 \
         RETURNING id, user_id, aal, amr, factor_id, recovery_until, not_after")
        .bind(id).bind(now).fetch_optional(conn).await)
}

/// Uses up the session's permission to set a password without the current one: answers
/// whether it still held at `now` (recovery sessions only, once).
pub async fn take_recovery_grant(tx: &mut Tx, id: &str, now: Timestamp) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE auth_sessions SET recovery_until = NULL WHERE id = $1 AND recovery_until >= $2")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected() == 1))
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
    user_id: &UserId,
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
