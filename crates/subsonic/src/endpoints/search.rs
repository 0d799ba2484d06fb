//! `search3` and `search2`: the web's search for songs (its tiers and order), artists and
//! albums by a part of their name. The empty query (`""`, which apps send to sync) lists
//! everything page by page in a stable order.

use crate::context::{Ctx, Reply};
use crate::endpoints::browse::{album_nodes, starred_albums};
use crate::model;
use crate::protocol::{Node, SubsonicError, SubsonicResult};
use crate::store::{catalog, sync};
use backbeat_catalog::catalog::browse::service::list_tracks;
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_core::db::page::PageRequest;

/// The most results of one kind a request answers.
const MAX_COUNT: i64 = 500;
/// How deep a text search pages (its results come in the web's keyset pages).
const MAX_SEARCH_DEPTH: i64 = 5_000;

/// The query, without the quotes some apps put around it; empty lists everything.
fn query_text(raw: &str) -> &str {
    let trimmed = raw.trim();
    trimmed
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or(trimmed)
        .trim()
}

pub async fn search(ctx: &Ctx, element: &'static str) -> SubsonicResult<Reply> {
    let params = &ctx.params;
    let query = query_text(params.get("query").unwrap_or(""));
    let artist_count = params.bounded("artistCount", 20, MAX_COUNT)?;
    let artist_offset = params.bounded("artistOffset", 0, i64::MAX)?;
    let album_count = params.bounded("albumCount", 20, MAX_COUNT)?;
    let album_offset = params.bounded("albumOffset", 0, i64::MAX)?;
    let song_count = params.bounded("songCount", 20, MAX_COUNT)?;
    let song_offset = params.bounded("songOffset", 0, i64::MAX)?;
    let db = &ctx.services.db;
    let needle = query.to_lowercase();

    let artists = if artist_count == 0 {
        Vec::new()
    } else {
        catalog::artists_matching(db, &needle, artist_offset, artist_count).await?
    };
    let albums = if album_count == 0 {
        Vec::new()
    } else {
        catalog::albums_matching(db, &needle, album_offset, album_count).await?
    };
    let songs = if song_count == 0 {
        Vec::new()
    } else if query.is_empty() {
        sync_page(ctx, song_offset, song_count).await?
    } else {
        search_songs(ctx, query, song_offset, song_count).await?
    };

    let starred = starred_albums(ctx).await?;
    let artists = artists
        .iter()
        .map(|row| model::artist(&row.artist, row.album_count, None))
        .collect();
    let albums = album_nodes(&albums, &starred);
    Ok(Node::new(element)
        .list("artist", artists)
        .list("album", albums)
        .list("song", ctx.songs(&songs).await?)
        .into())
}

/// `count` songs of the empty search after the first `offset`: after where the previous page
/// ended when this node served it, else by the offset.
async fn sync_page(ctx: &Ctx, offset: i64, count: i64) -> SubsonicResult<Vec<TrackRow>> {
    let db = &ctx.services.db;
    let positions = &ctx.services.sync_positions;
    let songs = match positions.before(&ctx.user, offset) {
        Some(after) => sync::tracks_after(db, &after, count).await?,
        None => catalog::tracks_page(db, offset, count).await?,
    };
    if let Some(last) = songs.last() {
        let next = offset.saturating_add(i64::try_from(songs.len()).unwrap_or(i64::MAX));
        positions.ended(&ctx.user, next, last);
    }
    Ok(songs)
}

/// `count` songs of the web's search for `query` after the first `offset`.
async fn search_songs(
    ctx: &Ctx,
    query: &str,
    offset: i64,
    count: i64,
) -> SubsonicResult<Vec<TrackRow>> {
    if offset.saturating_add(count) > MAX_SEARCH_DEPTH {
        return Ok(Vec::new());
    }
    let mut skip = offset;
    let mut songs = Vec::new();
    let mut page = PageRequest::first(100);
    loop {
        let listing = list_tracks(
            &ctx.services.db,
            &ctx.services.search_facts,
            Some(query),
            &page,
        )
        .await?;
        for track in listing.page.items {
            if skip > 0 {
                skip -= 1;
            } else if i64::try_from(songs.len()).unwrap_or(i64::MAX) < count {
                songs.push(track);
            }
        }
        let full = i64::try_from(songs.len()).unwrap_or(i64::MAX) >= count;
        match listing.page.next_cursor {
            Some(cursor) if !full => {
                page = PageRequest::parse(Some(&cursor), Some(100))
                    .map_err(|_| SubsonicError::invalid("songOffset"))?;
            }
            _ => return Ok(songs),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::query_text;

    #[test]
    fn quotes_around_the_query_are_not_part_of_it() {
        assert_eq!(query_text("\"\""), "");
        assert_eq!(query_text(" \"love\" "), "love");
        assert_eq!(query_text("love"), "love");
        assert_eq!(query_text(""), "");
    }
}
