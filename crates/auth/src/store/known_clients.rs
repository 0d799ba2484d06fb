//! The client addresses that signed in to an account before (as MACs): their sign-in attempts
//! draw on a budget of their own, so strangers cannot spend the owner's.

use backbeat_core::db::{Db, Timestamp, Tx};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// Records that `client` signed in to the account now.
pub async fn remember_client(
    tx: &mut Tx,
    user_id: &UserId,
    client: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO known_sign_in_clients (user_id, client, last_seen_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, client) DO UPDATE SET last_seen_at = $3")
        .bind(user_id).bind(client).bind(now).execute(conn).await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Whether `client` signed in to the account since `since`.
pub async fn is_known_client(
    db: &Db,
    user_id: &UserId,
    client: &str,
    since: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar::<_, bool>(
        "SELECT EXISTS (SELECT 1 FROM known_sign_in_clients \
         WHERE user_id = $1 AND client = $2 AND last_seen_at >= $3)")
        .bind(user_id).bind(client).bind(since).fetch_one(pool).await)
}
