//! The catalog listing: ready tracks, newest first, or those matching a search.

use super::store;
use crate::catalog::track::TrackRow;
use crate::db::Db;
use crate::db::page::{Page, PageRequest, Position};

/// Ready tracks, newest first; with a query, those whose title, artist, album or genre
/// contains it (case-insensitive), exact title or artist matches first. Keyset-paginated.
pub async fn list_tracks(
    db: &Db,
    query: Option<&str>,
    page: &PageRequest,
) -> sqlx::Result<Page<TrackRow>> {
    let needle = query
        .map(|q| q.chars().filter(|c| !c.is_control()).collect::<String>())
        .map(|q| q.trim().to_lowercase())
        .filter(|q| !q.is_empty());
    let ranked: Vec<(i64, TrackRow)> = match &needle {
        None => store::newest(db, page.after.as_ref(), page.fetch())
            .await?
            .into_iter()
            .map(|track| (0, track))
            .collect(),
        Some(needle) => store::search(db, needle, page.after.as_ref(), page.fetch())
            .await?
            .into_iter()
            .map(|row| (row.match_rank, row.track))
            .collect(),
    };
    Ok(Page::cut(ranked, page, |(rank, track)| {
        Position::new(*rank, track.created_at, &track.id)
    })
    .map(|(_, track)| track))
}
