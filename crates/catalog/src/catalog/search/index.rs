//! Upkeep of SQLite's text index (`tracks_search`, FTS5): its segments merged into one.
//!
//! FTS5 writes each transaction's new rows as a new segment and merges segments only when
//! several of the same size have piled up, so a catalogue written over time is spread over many
//! (11 after `seed-scale` of 200k tracks). Every lookup then searches each segment: the search
//! plan that looks up one row at a time ([`super::Plan::Probe`], a word in a third of the
//! catalogue) took 8.8 ms over 11 segments and 1.5 ms over one (median of 30, 200k tracks,
//! SQLite 3.51.1; the server bundles 3.51.3). Housekeeping and `seed-scale` merge them in steps of
//! [`MERGE_STEP_PAGES`] pages, each a statement of its own, so that writers wait for one step at
//! most, never for the whole merge. PostgreSQL's GIN index needs nothing of the kind.

use backbeat_core::db::Db;

/// Index pages (about 4 KB each) written by one merge step.
pub const MERGE_STEP_PAGES: i64 = 1_000;
/// The most steps of one [`merge_segments`]: enough for any catalogue (200k tracks took 12),
/// and an end even if tracks keep arriving while it runs.
const MAX_MERGE_STEPS: usize = 1_000;

/// How many segments SQLite's text index has now (0 on PostgreSQL, or when it holds nothing).
pub async fn segments(db: &Db) -> sqlx::Result<i64> {
    let Db::Sqlite(pool) = db else {
        return Ok(0);
    };
    sqlx::query_scalar("SELECT count(DISTINCT segid) FROM tracks_search_idx")
        .fetch_one(pool)
        .await
}

/// Merges the text index's segments into one, step by step; answers the steps that wrote
/// something (0 when it already was one segment, and always on PostgreSQL).
pub async fn merge_segments(db: &Db) -> sqlx::Result<usize> {
    let Db::Sqlite(pool) = db else {
        return Ok(0);
    };
    if segments(db).await? <= 1 {
        return Ok(0);
    }
    // FTS5's 'merge' with a negative page count merges segments of any size; a step that did
    // no work changes fewer than two rows (FTS5's documented test), which is the end.
    let mut conn = pool.acquire().await?;
    let mut steps = 0;
    while steps < MAX_MERGE_STEPS {
        let before: i64 = sqlx::query_scalar("SELECT total_changes()")
            .fetch_one(&mut *conn)
            .await?;
        sqlx::query("INSERT INTO tracks_search (tracks_search, rank) VALUES ('merge', $1)")
            .bind(-MERGE_STEP_PAGES)
            .execute(&mut *conn)
            .await?;
        let after: i64 = sqlx::query_scalar("SELECT total_changes()")
            .fetch_one(&mut *conn)
            .await?;
        if after - before < 2 {
            break;
        }
        steps += 1;
    }
    Ok(steps)
}
