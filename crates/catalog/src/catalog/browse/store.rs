//! SQL of the catalog listing (the search is in `search`).

use crate::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::db::Db;
use backbeat_core::db::page::Position;
use backbeat_core::on_db;

/// The page of the listing after a position (`$1` its time, `$2` its id; `$3` the limit). The
/// keyset condition is a row comparison, which bounds a range of the index `tracks_status_created
/// (status, created_at, id)` on both databases; the same condition written as an `OR` is no index
/// bound on PostgreSQL, which then reads every newer row. Public so that a test can check the plan
/// of this very statement.
pub const NEWEST_AFTER: &str = concat!(
    "SELECT ",
    track_columns!(),
    " FROM tracks t WHERE ",
    visible_to_all!(),
    " \
       AND (t.created_at, t.id) < ($1, $2) \
     ORDER BY t.created_at DESC, t.id DESC LIMIT $3"
);

/// Ready tracks, newest first, after `after` when given.
pub async fn newest(db: &Db, after: Option<&Position>, limit: i64) -> sqlx::Result<Vec<TrackRow>> {
    match after {
        None => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
             ORDER BY t.created_at DESC, t.id DESC LIMIT $1"))
            .bind(limit).fetch_all(pool).await),
        Some(after) => on_db!(db, pool => sqlx::query_as(NEWEST_AFTER)
            .bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await),
    }
}
