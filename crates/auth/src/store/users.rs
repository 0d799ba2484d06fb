//! Users: their accounts, passwords, sign-ins and confirmation.

use sqlx::FromRow;

use super::OneTimeKind;
use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

#[derive(Clone, Debug, FromRow)]
pub struct UserRow {
    pub id: UserId,
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

pub async fn find_user(db: &Db, id: &UserId) -> sqlx::Result<Option<UserRow>> {
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
    id: &UserId,
    metadata: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query("UPDATE users SET user_metadata = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(metadata).bind(now).execute(pool).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn set_password(
    tx: &mut Tx,
    id: &UserId,
    hash: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE users SET encrypted_password = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(hash).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn record_sign_in(tx: &mut Tx, id: &UserId, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE users SET last_sign_in_at = $2, updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Marks the email confirmed (once) and records the sign-in the confirmation starts.
pub async fn confirm_email(tx: &mut Tx, id: &UserId, now: Timestamp) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, $2), updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Records that a recovery or confirmation mail went out, unless one went out after `not_before`
/// (per-address send interval); answers whether this send may proceed.
pub async fn claim_mail_slot(
    db: &Db,
    id: &UserId,
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

/// A user's row, locked for the rest of a transaction.
#[derive(Clone, Debug, FromRow)]
pub struct LockedUser {
    pub id: UserId,
    pub email: String,
    /// `None` until the email is confirmed.
    pub email_confirmed_at: Option<Timestamp>,
}

/// Locks the user's row for the rest of the transaction; `None` when there is no such user.
pub async fn lock_user(tx: &mut Tx, id: &UserId) -> sqlx::Result<Option<LockedUser>> {
    on_tx!(tx, conn => sqlx::query_as::<_, LockedUser>(
        "UPDATE users SET updated_at = updated_at WHERE id = $1 RETURNING id, email, email_confirmed_at")
        .bind(id).fetch_optional(conn).await)
}

/// Sets the password hash and the metadata a confirmed sign-up chose.
pub async fn activate_signup(
    tx: &mut Tx,
    id: &UserId,
    password_hash: &str,
    metadata: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET encrypted_password = $2, user_metadata = $3, updated_at = $4 WHERE id = $1")
        .bind(id).bind(password_hash).bind(metadata).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Records when a recovery or confirmation mail went out (shown in the user object).
pub async fn record_mail_sent(
    tx: &mut Tx,
    id: &UserId,
    kind: OneTimeKind,
    now: Timestamp,
) -> sqlx::Result<()> {
    let sql = match kind {
        OneTimeKind::Recovery => "UPDATE users SET recovery_sent_at = $2 WHERE id = $1",
        OneTimeKind::Confirmation => "UPDATE users SET confirmation_sent_at = $2 WHERE id = $1",
    };
    on_tx!(tx, conn => sqlx::query(sql).bind(id).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}
