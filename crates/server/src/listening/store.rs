//! SQL shared by the listening concepts.

use crate::db::{Db, Tx};
use crate::{on_db, on_tx};

const TRACK_IS_VISIBLE: &str = "SELECT EXISTS (SELECT 1 FROM tracks \
                                WHERE id = $1 AND (status = 'ready' OR uploaded_by = $2))";

/// Whether `viewer` may see the track: it is ready, or it is their own upload.
pub async fn track_is_visible(db: &Db, track_id: &str, viewer: &str) -> sqlx::Result<bool> {
    on_db!(db, pool => sqlx::query_scalar(TRACK_IS_VISIBLE)
        .bind(track_id).bind(viewer).fetch_one(pool).await)
}

/// [`track_is_visible`] inside a transaction (which must not wait for a second connection).
pub async fn track_is_visible_in(tx: &mut Tx, track_id: &str, viewer: &str) -> sqlx::Result<bool> {
    on_tx!(tx, conn => sqlx::query_scalar(TRACK_IS_VISIBLE)
        .bind(track_id).bind(viewer).fetch_one(conn).await)
}
