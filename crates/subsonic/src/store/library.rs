//! SQL of what a user keeps through Subsonic apps beside likes: starred artists and albums,
//! ratings, the play queue; and the like times of songs. Every statement names the user.

use std::collections::HashMap;

use backbeat_catalog::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::UserId;
use backbeat_core::{on_db, on_tx};

/// When the user liked each of these tracks (those not liked are left out).
pub async fn liked_at(
    db: &Db,
    user: &UserId,
    track_ids: &[&str],
) -> sqlx::Result<HashMap<String, Timestamp>> {
    let mut liked = HashMap::new();
    for chunk in track_ids.chunks(100) {
        let sql = format!(
            "SELECT track_id, created_at FROM liked_tracks WHERE user_id = $1 AND track_id IN ({})",
            super::placeholders(2, chunk.len())
        );
        let rows: Vec<(String, Timestamp)> = on_db!(db, pool => {
            let mut query = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user);
            for id in chunk {
                query = query.bind(*id);
            }
            query.fetch_all(pool).await
        })?;
        liked.extend(rows);
    }
    Ok(liked)
}

/// A liked track with when it was liked.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LikedRow {
    pub liked_at: Timestamp,
    #[sqlx(flatten)]
    pub track: TrackRow,
}

/// The ready tracks the user liked, newest like first, at most `limit`.
pub async fn liked_tracks(db: &Db, user: &UserId, limit: i64) -> sqlx::Result<Vec<LikedRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT l.created_at AS liked_at, ", track_columns!(), " FROM liked_tracks l \
         JOIN tracks t ON t.id = l.track_id WHERE l.user_id = $1 AND ", visible_to_all!(), " \
         ORDER BY l.created_at DESC, t.id DESC LIMIT $2"))
        .bind(user).bind(limit).fetch_all(pool).await)
}

pub async fn star_artist(db: &Db, user: &UserId, artist: &str, now: Timestamp) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO starred_artists (user_id, artist, starred_at) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, artist) DO NOTHING")
        .bind(user).bind(artist).bind(now).execute(pool).await.map(drop))
}

pub async fn unstar_artist(db: &Db, user: &UserId, artist: &str) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM starred_artists WHERE user_id = $1 AND artist = $2")
        .bind(user).bind(artist).execute(pool).await.map(drop))
}

pub async fn star_album(
    db: &Db,
    user: &UserId,
    artist: &str,
    album: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO starred_albums (user_id, artist, album, starred_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (user_id, artist, album) DO NOTHING")
        .bind(user).bind(artist).bind(album).bind(now).execute(pool).await.map(drop))
}

pub async fn unstar_album(db: &Db, user: &UserId, artist: &str, album: &str) -> sqlx::Result<()> {
    on_db!(db, pool => sqlx::query(
        "DELETE FROM starred_albums WHERE user_id = $1 AND artist = $2 AND album = $3")
        .bind(user).bind(artist).bind(album).execute(pool).await.map(drop))
}

/// The user's starred artists (name, when), newest first.
pub async fn starred_artists(db: &Db, user: &UserId) -> sqlx::Result<Vec<(String, Timestamp)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT artist, starred_at FROM starred_artists WHERE user_id = $1 \
         ORDER BY starred_at DESC, artist")
        .bind(user).fetch_all(pool).await)
}

/// The user's starred albums (artist, album, when), newest first.
pub async fn starred_albums(
    db: &Db,
    user: &UserId,
) -> sqlx::Result<Vec<(String, String, Timestamp)>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT artist, album, starred_at FROM starred_albums WHERE user_id = $1 \
         ORDER BY starred_at DESC, artist, album")
        .bind(user).fetch_all(pool).await)
}

/// Sets the user's rating of `item_id` (1 to 5), or removes it (`None`).
pub async fn set_rating(
    db: &Db,
    user: &UserId,
    item_id: &str,
    rating: Option<i64>,
    now: Timestamp,
) -> sqlx::Result<()> {
    match rating {
        Some(rating) => on_db!(db, pool => sqlx::query(
            "INSERT INTO ratings (user_id, item_id, rating, rated_at) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (user_id, item_id) DO UPDATE SET rating = excluded.rating, \
             rated_at = excluded.rated_at")
            .bind(user).bind(item_id).bind(rating).bind(now).execute(pool).await.map(drop)),
        None => on_db!(db, pool => sqlx::query(
            "DELETE FROM ratings WHERE user_id = $1 AND item_id = $2")
            .bind(user).bind(item_id).execute(pool).await.map(drop)),
    }
}

/// The user's play queue: the current track, the position in it, who saved it and when.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct QueueRow {
    pub current_track_id: Option<String>,
    pub position_ms: i64,
    pub changed_by: String,
    pub changed_at: Timestamp,
}

pub async fn queue(db: &Db, user: &UserId) -> sqlx::Result<Option<QueueRow>> {
    on_db!(db, pool => sqlx::query_as(
        "SELECT current_track_id, position_ms, changed_by, changed_at FROM play_queues \
         WHERE user_id = $1")
        .bind(user).fetch_optional(pool).await)
}

/// The ready tracks of the user's play queue, in order.
pub async fn queue_tracks(db: &Db, user: &UserId) -> sqlx::Result<Vec<TrackRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", track_columns!(), " FROM play_queue_tracks q JOIN tracks t ON t.id = q.track_id \
         WHERE q.user_id = $1 AND ", visible_to_all!(), " ORDER BY q.position"))
        .bind(user).fetch_all(pool).await)
}

/// Replaces the user's play queue (an empty list of tracks clears it).
pub async fn save_queue(
    db: &Db,
    user: &UserId,
    track_ids: &[String],
    current: Option<&str>,
    position_ms: i64,
    changed_by: &str,
    now: Timestamp,
) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    on_tx!(&mut tx, conn => sqlx::query("DELETE FROM play_queues WHERE user_id = $1")
        .bind(user).execute(&mut *conn).await.map(drop))?;
    if !track_ids.is_empty() {
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO play_queues (user_id, current_track_id, position_ms, changed_by, changed_at) \
             VALUES ($1, $2, $3, $4, $5)")
            .bind(user).bind(current).bind(position_ms).bind(changed_by).bind(now)
            .execute(&mut *conn).await.map(drop))?;
        for (position, track_id) in track_ids.iter().enumerate() {
            let position = i64::try_from(position).unwrap_or(i64::MAX);
            on_tx!(&mut tx, conn => sqlx::query(
                "INSERT INTO play_queue_tracks (user_id, position, track_id) VALUES ($1, $2, $3)")
                .bind(user).bind(position).bind(track_id).execute(&mut *conn).await.map(drop))?;
        }
    }
    tx.commit().await
}
