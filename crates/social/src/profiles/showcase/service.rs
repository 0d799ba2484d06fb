//! A profile's public playlists and ready tracks, newest first, a page at a time. Both are the
//! same for every viewer, the user themselves included; an unknown user is not found.

use crate::library::playlists::store::{PlaylistRow, public_playlists_of};
use crate::profiles::profile::store::profile_exists;
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_catalog::catalog::upload::store::uploaded_by;
use backbeat_core::db::Db;
use backbeat_core::db::page::{Page, PageRequest, Position};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;

async fn require_profile(db: &Db, id: &UserId) -> Result<(), Failure> {
    if profile_exists(db, id).await? {
        Ok(())
    } else {
        Err(errors::PROFILE_NOT_FOUND.into())
    }
}

/// A page of the user's public playlists, newest first, as `viewer` sees them.
pub async fn public_playlists(
    db: &Db,
    viewer: &UserId,
    profile_id: &UserId,
    page: &PageRequest,
) -> Result<Page<PlaylistRow>, Failure> {
    require_profile(db, profile_id).await?;
    let after = page.after_descending();
    let rows = public_playlists_of(db, profile_id, viewer, &after, page.fetch()).await?;
    Ok(Page::cut(rows, page, |p| {
        Position::new(0, p.created_at, &p.id)
    }))
}

/// A page of the user's ready tracks, newest first.
pub async fn public_tracks(
    db: &Db,
    profile_id: &UserId,
    page: &PageRequest,
) -> Result<Page<TrackRow>, Failure> {
    require_profile(db, profile_id).await?;
    let after = page.after_descending();
    let rows = uploaded_by(db, profile_id, true, &after, page.fetch()).await?;
    Ok(Page::cut(rows, page, |t| {
        Position::new(0, t.created_at, &t.id)
    }))
}
