//! SQL of app passwords. Every statement names the owner, or finds it by the account's email.

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// An app password as its owner's list shows it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AppPasswordRow {
    pub id: String,
    pub name: String,
    pub created_at: Timestamp,
    pub last_used_at: Option<Timestamp>,
}

/// What signing in with an app password reads: the sealed secret and when it was last used.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SealedRow {
    pub id: String,
    pub user_id: UserId,
    pub sealed: String,
    pub last_used_at: Option<Timestamp>,
}

pub struct NewAppPassword<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub name: &'a str,
    pub sealed: &'a str,
    pub lookup: &'a str,
    pub created_at: Timestamp,
}

pub async fn count(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<i64> {
    on_tx!(tx, conn => sqlx::query_scalar("SELECT COUNT(*) FROM app_passwords WHERE user_id = $1")
        .bind(user_id).fetch_one(conn).await)
}

pub async fn insert(tx: &mut Tx, new: &NewAppPassword<'_>) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO app_passwords (id, user_id, name, sealed, lookup, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(new.id).bind(new.user_id).bind(new.name).bind(new.sealed).bind(new.lookup)
        .bind(new.created_at).execute(conn).await.map(drop))
}

/// The user's app passwords, newest first.
pub async fn list(db: &Db, user_id: &UserId) -> sqlx::Result<Vec<AppPasswordRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT id, name, created_at, last_used_at FROM app_passwords \
         WHERE user_id = $1 ORDER BY created_at DESC, id DESC")
        .bind(user_id).fetch_all(pool).await)
}

/// Deletes the user's app password `id`; answers whether there was one.
pub async fn delete(db: &Db, user_id: &UserId, id: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query("DELETE FROM app_passwords WHERE id = $1 AND user_id = $2")
        .bind(id).bind(user_id).execute(pool).await.map(|r| r.rows_affected() == 1))
}

/// Revokes every app password of the user.
pub async fn delete_all(tx: &mut Tx, user_id: &UserId) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM app_passwords WHERE user_id = $1")
        .bind(user_id).execute(conn).await.map(drop))
}

/// Every app password of the account with this (normalised) email.
pub async fn sealed_of_email(db: &Db, email: &str) -> sqlx::Result<Vec<SealedRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT a.id, a.user_id, a.sealed, a.last_used_at FROM app_passwords a \
         JOIN users u ON u.id = a.user_id WHERE u.email = $1")
        .bind(email).fetch_all(pool).await)
}

/// The app password whose MAC is `lookup`, of the account with this email when one is given.
pub async fn sealed_by_lookup(
    db: &Db,
    lookup: &str,
    email: Option<&str>,
) -> sqlx::Result<Option<SealedRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT a.id, a.user_id, a.sealed, a.last_used_at FROM app_passwords a \
         JOIN users u ON u.id = a.user_id \
         WHERE a.lookup = $1 AND ($2 IS NULL OR u.email = $2)")
        .bind(lookup).bind(email).fetch_optional(pool).await)
}

/// Records a use of the user's app password `id` at `now`, unless one was recorded since
/// `since` (another node may have done it).
pub async fn touch(
    db: &Db,
    user_id: &UserId,
    id: &str,
    now: Timestamp,
    since: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "UPDATE app_passwords SET last_used_at = $3 \
         WHERE id = $1 AND user_id = $2 AND (last_used_at IS NULL OR last_used_at < $4)")
        .bind(id).bind(user_id).bind(now).bind(since).execute(pool).await.map(drop))
}
