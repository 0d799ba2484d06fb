//! SQL of recommendations. None of them returns a track the user uploaded, and all return
//! ready tracks only.

use crate::catalog::track::{TrackRow, track_columns, visible_to_all};
use crate::db::Db;
use crate::on_db;

/// Tracks the user never played, played or liked by the people who played what the user
/// played last (the user's `recent` latest listens), the most such people first.
pub async fn liked_by_similar_listeners(
    db: &Db,
    user: &str,
    recent: i64,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "WITH recent AS ( \
             SELECT track_id FROM listening_history WHERE user_id = $1 \
             ORDER BY listened_at DESC, id DESC LIMIT $2), \
         neighbours AS ( \
             SELECT DISTINCT h.user_id FROM listening_history h \
             WHERE h.track_id IN (SELECT track_id FROM recent) AND h.user_id <> $1), \
         signals AS ( \
             SELECT h.user_id, h.track_id FROM listening_history h \
             WHERE h.user_id IN (SELECT user_id FROM neighbours) \
             UNION \
             SELECT l.user_id, l.track_id FROM liked_tracks l \
             WHERE l.user_id IN (SELECT user_id FROM neighbours)), \
         scores AS ( \
             SELECT track_id, COUNT(*) AS people FROM signals GROUP BY track_id) \
         SELECT ", track_columns!(), " FROM scores s JOIN tracks t ON t.id = s.track_id \
         WHERE ", visible_to_all!(), " AND t.uploaded_by <> $1 \
           AND NOT EXISTS (SELECT 1 FROM listening_history mine \
                           WHERE mine.user_id = $1 AND mine.track_id = t.id) \
         ORDER BY s.people DESC, t.plays DESC, t.created_at DESC, t.id DESC LIMIT $3"))
        .bind(user).bind(recent).bind(limit).fetch_all(pool).await)
}

/// Tracks the user never played in the genres of what they played (case-insensitive), most
/// played first.
pub async fn popular_in_played_genres(
    db: &Db,
    user: &str,
    limit: i64,
) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t \
         WHERE ", visible_to_all!(), " AND t.uploaded_by <> $1 AND t.genre IS NOT NULL \
           AND LOWER(t.genre) IN (SELECT LOWER(g.genre) FROM listening_history h \
                                  JOIN tracks g ON g.id = h.track_id \
                                  WHERE h.user_id = $1 AND g.genre IS NOT NULL) \
           AND NOT EXISTS (SELECT 1 FROM listening_history mine \
                           WHERE mine.user_id = $1 AND mine.track_id = t.id) \
         ORDER BY t.plays DESC, t.created_at DESC, t.id DESC LIMIT $2"))
        .bind(user).bind(limit).fetch_all(pool).await)
}

/// The newest tracks of the catalog, those the user never played first.
pub async fn newest(db: &Db, user: &str, limit: i64) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM tracks t \
         WHERE ", visible_to_all!(), " AND t.uploaded_by <> $1 \
         ORDER BY CASE WHEN EXISTS (SELECT 1 FROM listening_history mine \
                                    WHERE mine.user_id = $1 AND mine.track_id = t.id) \
                  THEN 1 ELSE 0 END, \
                  t.created_at DESC, t.id DESC LIMIT $2"))
        .bind(user).bind(limit).fetch_all(pool).await)
}
