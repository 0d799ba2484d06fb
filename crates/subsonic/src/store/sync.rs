//! The empty search's pages as apps sync them, one after the other: where each page ended is
//! kept a minute under the user and the offset that follows it, so the next page is read after
//! that position (an index range) instead of counting past every earlier row. Any other offset,
//! or one another node served, is read by its offset.

use backbeat_catalog::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::cache::Cache;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::on_db;

/// Where a page of the sync ended: its last track's upload time and id.
#[derive(Clone, Default)]
pub struct SyncPositions(Cache<(Timestamp, String)>);

impl SyncPositions {
    fn key(user: &UserId, offset: i64) -> String {
        format!("{user}\n{offset}")
    }

    /// Where the page that ended just before `offset` ended, if this node served it.
    pub fn before(&self, user: &UserId, offset: i64) -> Option<(Timestamp, String)> {
        self.0.get(&Self::key(user, offset))
    }

    /// Remembers that the page ending before `offset` ended at `last`.
    pub fn ended(&self, user: &UserId, offset: i64, last: &TrackRow) {
        self.0.put(
            &Self::key(user, offset),
            (last.created_at, last.id.to_string()),
        );
    }
}

/// Up to `limit` ready tracks after `after` in the sync's order (oldest first).
pub async fn tracks_after(
    db: &Db,
    after: &(Timestamp, String),
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
         AND (t.created_at, t.id) > ($1, $2) ORDER BY t.created_at, t.id LIMIT $3"))
        .bind(after.0).bind(&after.1).bind(limit).fetch_all(pool).await)
}
