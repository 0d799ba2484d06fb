//! SQL of avatars: which file the owner's profile points at.

use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::on_db;

/// The owner's current avatar key: `None` when there is no profile, `Some(None)` when it has
/// no avatar.
pub async fn avatar_key(db: &Db, owner_id: &UserId) -> sqlx::Result<Option<Option<String>>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT avatar_key FROM profiles WHERE id = $1")
        .bind(owner_id).fetch_optional(pool).await)
}

/// Points the owner's profile at a new avatar if it still points at `expected`; answers
/// whether it did.
pub async fn set_avatar_key(
    db: &Db,
    owner_id: &UserId,
    key: &str,
    expected: Option<&str>,
    now: Timestamp,
) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query(
        "UPDATE profiles SET avatar_key = $2, updated_at = $4 \
         WHERE id = $1 AND avatar_key IS NOT DISTINCT FROM $3")
        .bind(owner_id).bind(key).bind(expected).bind(now)
        .execute(pool).await.map(|r| r.rows_affected() == 1))
}
