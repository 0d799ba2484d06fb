//! The own profile (made when missing) and its changes, and other users' profiles.

use super::ProfileChanges;
use super::store::{self, ProfileRow};
use crate::library::playlists::store::is_public;
use crate::profiles::follows::store::is_following;
use backbeat_core::db::{Db, Timestamp, is_foreign_key_violation};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::{PlaylistId, UserId};
use backbeat_platform::users;

/// The most artist names a public profile lists (links to their artist pages).
pub const ARTIST_NAMES_MAX: i64 = 5;

/// Another user's profile as a viewer sees it.
#[derive(Clone, Debug)]
pub struct PublicProfileView {
    pub profile: ProfileRow,
    pub is_following: bool,
    /// The artist names of their tracks, the one with the most tracks first.
    pub artist_names: Vec<String>,
}

/// The signed-in user's profile. A user without one (a profile row lost or never written)
/// gets a free-plan profile made from their account, as the original app did on PGRST116.
pub async fn my_profile(db: &Db, user_id: &UserId) -> Result<ProfileRow, Failure> {
    if let Some(profile) = store::find_profile(db, user_id, user_id).await? {
        return Ok(profile);
    }
    users::ensure_profile(db, user_id).await?;
    store::find_profile(db, user_id, user_id)
        .await?
        .ok_or_else(|| errors::PROFILE_NOT_FOUND.into())
}

/// Applies `changes` to the signed-in user's own profile.
pub async fn update_my_profile(
    db: &Db,
    user_id: &UserId,
    changes: &ProfileChanges,
) -> Result<ProfileRow, Failure> {
    let profile = my_profile(db, user_id).await?;
    if changes.is_empty() {
        return Ok(profile);
    }
    let featured = changes.featured_playlist.clone().flatten();
    match store::update_profile(db, user_id, changes, Timestamp::now()).await {
        Ok(1) => {}
        // The profile exists (read above), so the playlist is not one of the user's.
        Ok(_) => {
            let featured = featured.map(PlaylistId::from);
            return Err(not_featurable(db, featured.as_ref()).await?);
        }
        // The playlist was deleted while it was being featured.
        Err(err) if is_foreign_key_violation(&err) => {
            return Err(errors::FEATURED_PLAYLIST_NOT_FOUND.into());
        }
        Err(err) => return Err(err.into()),
    }
    store::find_profile(db, user_id, user_id)
        .await?
        .ok_or_else(|| errors::PROFILE_NOT_FOUND.into())
}

/// Why a change featuring `playlist` changed nothing, the profile being there: another user's
/// public playlist is theirs to feature; any other id is not found.
async fn not_featurable(db: &Db, playlist: Option<&PlaylistId>) -> Result<Failure, Failure> {
    Ok(match playlist {
        Some(id) if is_public(db, id).await? => errors::FEATURED_PLAYLIST_NOT_OWN.into(),
        Some(_) => errors::FEATURED_PLAYLIST_NOT_FOUND.into(),
        None => errors::PROFILE_NOT_FOUND.into(),
    })
}

/// A user's profile as `viewer_id` sees it.
pub async fn public_profile(
    db: &Db,
    viewer_id: &UserId,
    profile_id: &UserId,
) -> Result<PublicProfileView, Failure> {
    let profile = store::find_profile(db, profile_id, viewer_id)
        .await?
        .ok_or(errors::PROFILE_NOT_FOUND)?;
    Ok(PublicProfileView {
        is_following: is_following(db, viewer_id, profile_id).await?,
        artist_names: store::artist_names(db, profile_id, ARTIST_NAMES_MAX).await?,
        profile,
    })
}
