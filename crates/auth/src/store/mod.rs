//! SQL for users, sessions, refresh tokens, factors, challenges, recovery codes, one-time tokens,
//! the clients known to have signed in, and app passwords.

pub mod app_passwords;
mod known_clients;
mod one_time;
mod recovery_codes;
mod sessions;
mod two_factor;
mod users;

pub use known_clients::*;
pub use one_time::*;
pub use recovery_codes::*;
pub use sessions::*;
pub use two_factor::*;
pub use users::*;

use backbeat_core::db::{Db, Timestamp};
use backbeat_core::on_tx;

/// Deletes what can no longer be used: ended sessions, refresh tokens revoked before `before`,
/// expired one-time tokens, challenges, abandoned enrolments and clients not seen since
/// `clients_before`. Returns the rows removed.
pub async fn sweep(
    db: &Db,
    before: Timestamp,
    one_time_before: Timestamp,
    mfa_before: Timestamp,
    clients_before: Timestamp,
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
    removed += on_tx!(&mut tx, conn => sqlx::query("DELETE FROM known_sign_in_clients WHERE last_seen_at < $1")
        .bind(clients_before).execute(&mut *conn).await.map(|r| r.rows_affected()))?;
    tx.commit().await?;
    Ok(removed)
}
