//! The rules of likes: a user likes only tracks they may see (ready, or their own upload), at
//! most once; liking again or unliking again changes nothing.

use super::store;
use crate::catalog::store::TrackRow;
use crate::db::{Db, Timestamp};
use crate::listening::ListeningError;
use crate::listening::store::track_is_visible;

/// Likes a track; a liked track stays liked once.
pub async fn like(db: &Db, user: &str, track_id: &str) -> Result<(), ListeningError> {
    if store::insert_like(db, user, track_id, Timestamp::now()).await? {
        return Ok(());
    }
    // Nothing was added: either it was liked already, or the user may not see it.
    if track_is_visible(db, track_id, user).await? {
        Ok(())
    } else {
        Err(ListeningError::TrackNotFound)
    }
}

/// Removes a like; a track that is not liked stays so.
pub async fn unlike(db: &Db, user: &str, track_id: &str) -> Result<(), ListeningError> {
    if store::delete_like(db, user, track_id).await? || track_is_visible(db, track_id, user).await?
    {
        Ok(())
    } else {
        Err(ListeningError::TrackNotFound)
    }
}

pub async fn liked_tracks(db: &Db, user: &str) -> Result<Vec<TrackRow>, ListeningError> {
    Ok(store::liked_tracks(db, user).await?)
}

pub async fn liked_track_ids(db: &Db, user: &str) -> Result<Vec<String>, ListeningError> {
    Ok(store::liked_track_ids(db, user).await?)
}
