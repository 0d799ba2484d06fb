//! The rules of likes: a user likes only tracks they may see (ready, or their own upload), at
//! most once; liking again or unliking again changes nothing.

use super::store;
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_catalog::catalog::track::visible_track;
use backbeat_catalog::recommendations::neighbours;
use backbeat_core::db::page::{Page, PageRequest, Position};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{TrackId, UserId};

/// Likes a track; a liked track stays liked once.
pub async fn like(db: &Db, user: &UserId, track_id: &TrackId) -> Result<(), Failure> {
    if store::insert_like(db, user, track_id, Timestamp::now()).await? {
        // The recommender learns from likes; the like stands if queueing that fails.
        if let Err(err) = neighbours::enqueue_soon(db).await {
            tracing::warn!(error = %err, "cannot queue the neighbours update after a like");
        }
        return Ok(());
    }
    // Nothing was added: either it was liked already, or the user may not see it.
    if visible_track(db, track_id, user).await?.is_some() {
        Ok(())
    } else {
        Err(errors::TRACK_NOT_FOUND.into())
    }
}

/// Removes a like; a track that is not liked stays so.
pub async fn unlike(db: &Db, user: &UserId, track_id: &TrackId) -> Result<(), Failure> {
    if store::delete_like(db, user, track_id).await?
        || visible_track(db, track_id, user).await?.is_some()
    {
        Ok(())
    } else {
        Err(errors::TRACK_NOT_FOUND.into())
    }
}

/// Liked ids per page unless asked otherwise, and at most: the web app marks the like buttons
/// of every list with them, so their pages are larger than others.
pub const LIKED_IDS_PAGE: u32 = 1000;

/// A page of the tracks the user liked and may see, newest like first.
pub async fn liked_tracks(
    db: &Db,
    user: &UserId,
    page: &PageRequest,
) -> Result<Page<TrackRow>, Failure> {
    let rows = store::liked_tracks(db, user, &page.after_descending(), page.fetch()).await?;
    Ok(Page::cut(rows, page, |row| {
        Position::new(0, row.liked_at, &row.track.id)
    })
    .map(|row| row.track))
}

/// A page of the ids of the tracks the user liked and may see, newest like first.
pub async fn liked_track_ids(
    db: &Db,
    user: &UserId,
    page: &PageRequest,
) -> Result<Page<String>, Failure> {
    let rows = store::liked_track_ids(db, user, &page.after_descending(), page.fetch()).await?;
    Ok(Page::cut(rows, page, |row| {
        Position::new(0, row.liked_at, &row.track_id)
    })
    .map(|row| row.track_id))
}
