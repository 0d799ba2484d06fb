//! SQL of friends activity.

use backbeat_catalog::catalog::track::{TrackRow, track_columns, visible_to_all};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::ids::{HistoryId, UserId};
use backbeat_core::on_db;

/// A listen with who listened and the track.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ListenRow {
    pub history_id: String,
    pub listened_at: Timestamp,
    pub listener_id: String,
    pub listener_name: String,
    pub listener_avatar_key: Option<String>,
    #[sqlx(flatten)]
    pub track: TrackRow,
}

/// The columns of [`ListenRow`] (aliases `h` history, `p` profile, `t` track).
macro_rules! listen_columns {
    () => {
        concat!(
            "h.id AS history_id, h.listened_at, p.id AS listener_id, p.name AS listener_name, \
             p.avatar_key AS listener_avatar_key, ",
            track_columns!()
        )
    };
}

/// The latest listens of the people `follower` follows, newest first.
pub async fn listens_of_followed(
    db: &Db,
    follower: &UserId,
    limit: i64,
) -> sqlx::Result<Vec<ListenRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", listen_columns!(), " FROM listening_history h \
         JOIN profiles p ON p.id = h.user_id \
         JOIN tracks t ON t.id = h.track_id \
         WHERE h.user_id IN (SELECT f.following_id FROM follows f WHERE f.follower_id = $1) \
           AND ", visible_to_all!(), " \
         ORDER BY h.listened_at DESC, h.id DESC LIMIT $2"))
        .bind(follower).bind(limit).fetch_all(pool).await)
}

/// The latest listen of `user`.
pub async fn latest_listen_of(db: &Db, user: &UserId) -> sqlx::Result<Option<ListenRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", listen_columns!(), " FROM listening_history h \
         JOIN profiles p ON p.id = h.user_id \
         JOIN tracks t ON t.id = h.track_id \
         WHERE h.user_id = $1 AND ", visible_to_all!(), " \
         ORDER BY h.listened_at DESC, h.id DESC LIMIT 1"))
        .bind(user).fetch_optional(pool).await)
}

pub async fn listen(db: &Db, history_id: &HistoryId) -> sqlx::Result<Option<ListenRow>> {
    on_db!(db, pool => sqlx::query_as(concat!(
        "SELECT ", listen_columns!(), " FROM listening_history h \
         JOIN profiles p ON p.id = h.user_id \
         JOIN tracks t ON t.id = h.track_id \
         WHERE h.id = $1 AND ", visible_to_all!()))
        .bind(history_id).fetch_optional(pool).await)
}

/// The ids of the users who follow `user`.
pub async fn follower_ids(db: &Db, user: &UserId) -> sqlx::Result<Vec<UserId>> {
    on_db!(db, pool => sqlx::query_scalar("SELECT follower_id FROM follows WHERE following_id = $1")
        .bind(user).fetch_all(pool).await)
}
