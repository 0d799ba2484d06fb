//! The rules of following playlists: a user follows a public playlist of someone else (never
//! their own), at most once; following again or unfollowing again changes nothing. A private
//! playlist of someone else is not found, as when reading it.

use super::store;
use crate::library::playlists::store::PlaylistRow;
use backbeat_core::db::page::{Page, PageRequest, Position};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{PlaylistId, UserId};

/// The outcome of a follow or unfollow: whether the caller now follows, and the new count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FollowOutcome {
    pub following: bool,
    pub follower_count: i64,
}

/// Makes `follower` follow the public playlist `id`; following again changes nothing.
pub async fn follow(db: &Db, follower: &UserId, id: &PlaylistId) -> Result<FollowOutcome, Failure> {
    let mut tx = db.begin().await?;
    if !store::lock_followable(&mut tx, id, follower).await? {
        return Err(
            match store::owned_if_readable(&mut tx, id, follower).await? {
                Some(true) => errors::CANNOT_FOLLOW_OWN_PLAYLIST.into(),
                _ => errors::PLAYLIST_NOT_FOUND.into(),
            },
        );
    }
    store::insert_follow(&mut tx, follower, id, Timestamp::now()).await?;
    let follower_count = store::follower_count(&mut tx, id).await?;
    tx.commit().await?;
    Ok(FollowOutcome {
        following: true,
        follower_count,
    })
}

/// Makes `follower` stop following playlist `id`; unfollowing again (or a playlist of their own,
/// which they never follow) changes nothing.
pub async fn unfollow(
    db: &Db,
    follower: &UserId,
    id: &PlaylistId,
) -> Result<FollowOutcome, Failure> {
    let mut tx = db.begin().await?;
    if store::owned_if_readable(&mut tx, id, follower)
        .await?
        .is_none()
    {
        return Err(errors::PLAYLIST_NOT_FOUND.into());
    }
    store::delete_follow(&mut tx, follower, id).await?;
    let follower_count = store::follower_count(&mut tx, id).await?;
    tx.commit().await?;
    Ok(FollowOutcome {
        following: false,
        follower_count,
    })
}

/// A page of the public playlists `follower` follows, the newest follow first.
pub async fn followed_playlists(
    db: &Db,
    follower: &UserId,
    page: &PageRequest,
) -> Result<Page<PlaylistRow>, Failure> {
    let rows =
        store::followed_playlists(db, follower, &page.after_descending(), page.fetch()).await?;
    Ok(Page::cut(rows, page, |row| {
        Position::new(0, row.followed_at, &row.playlist.id)
    })
    .map(|row| row.playlist))
}
