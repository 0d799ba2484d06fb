//! SQL of the catalog listing and search.

use crate::catalog::track::{TrackRow, track_columns, visible_to_all};
use crate::db::Db;
use crate::db::page::Position;
use crate::on_db;

/// A track found by a search, with its rank (0: the title or artist is the query).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RankedTrackRow {
    #[sqlx(flatten)]
    pub track: TrackRow,
    pub match_rank: i64,
}

/// Ready tracks, newest first, after `after` when given.
pub async fn newest(db: &Db, after: Option<&Position>, limit: i64) -> sqlx::Result<Vec<TrackRow>> {
    match after {
        None => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
             ORDER BY t.created_at DESC, t.id DESC LIMIT $1"))
            .bind(limit).fetch_all(pool).await),
        Some(after) => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), " FROM tracks t WHERE ", visible_to_all!(), " \
               AND (t.created_at < $1 OR (t.created_at = $1 AND t.id < $2)) \
             ORDER BY t.created_at DESC, t.id DESC LIMIT $3"))
            .bind(after.at).bind(&after.id).bind(limit).fetch_all(pool).await),
    }
}

/// The rank of a search match: 0 when the title or the artist is the query, else 1.
macro_rules! match_rank {
    () => {
        "CAST(CASE WHEN t.title_lower = $1 OR t.artist_lower = $1 THEN 0 ELSE 1 END AS BIGINT)"
    };
}

/// Ready tracks whose search text contains `needle` (lowercase), exact title or artist
/// matches first, then newest first; after `after` when given.
pub async fn search(
    db: &Db,
    needle: &str,
    after: Option<&Position>,
    limit: i64,
) -> sqlx::Result<Vec<RankedTrackRow>> {
    let pattern = format!("%{}%", escape_like(needle));
    match after {
        None => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), ", ", match_rank!(), " AS match_rank \
             FROM tracks t \
             WHERE ", visible_to_all!(), " AND t.search_text LIKE $2 ESCAPE '\\' \
             ORDER BY match_rank, t.created_at DESC, t.id DESC LIMIT $3"))
            .bind(needle).bind(&pattern).bind(limit).fetch_all(pool).await),
        Some(after) => on_db!(db, pool => sqlx::query_as(concat!(
            "SELECT ", track_columns!(), ", ", match_rank!(), " AS match_rank \
             FROM tracks t \
             WHERE ", visible_to_all!(), " AND t.search_text LIKE $2 ESCAPE '\\' \
               AND (", match_rank!(), " > $3 OR (", match_rank!(), " = $3 \
                    AND (t.created_at < $4 OR (t.created_at = $4 AND t.id < $5)))) \
             ORDER BY match_rank, t.created_at DESC, t.id DESC LIMIT $6"))
            .bind(needle).bind(&pattern).bind(after.rank).bind(after.at)
            .bind(&after.id).bind(limit).fetch_all(pool).await),
    }
}

/// `%`, `_` and `\` match themselves in a LIKE pattern with `ESCAPE '\'`.
fn escape_like(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn like_wildcards_in_a_query_match_literally() {
        assert_eq!(escape_like("100%_a\\b"), "100\\%\\_a\\\\b");
    }
}
