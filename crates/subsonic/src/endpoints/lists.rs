//! Lists: albums by kind, random songs, songs of a genre, an artist's top songs, similar songs
//! (the recommender's neighbours, then the listener's recommendations), and what is starred.

use std::collections::HashMap;

use crate::context::{Ctx, Reply};
use crate::endpoints::browse::{album_nodes, id, starred_albums};
use crate::ids::Id;
use crate::model;
use crate::protocol::{Node, SubsonicError, SubsonicResult};
use crate::store::catalog::{self, AlbumOrder};
use crate::store::library;
use backbeat_catalog::catalog::artist::service::{SINGLES, artist_tracks};
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_catalog::recommendations::{service as recommender, store as recommendations};
use backbeat_core::db::page::PageRequest;

/// The most items a list answers at once.
const MAX_SIZE: i64 = 500;

/// `getAlbumList2` (`albumList2`) and `getAlbumList` (`albumList`).
pub async fn album_list(ctx: &Ctx, element: &'static str) -> SubsonicResult<Reply> {
    let kind = ctx.params.required("type")?;
    let size = ctx.params.bounded("size", 10, MAX_SIZE)?;
    let offset = ctx.params.bounded("offset", 0, i64::MAX)?;
    let db = &ctx.services.db;
    let starred = starred_albums(ctx).await?;
    let rows = match kind {
        "random" => catalog::albums_page(db, AlbumOrder::Random, 0, size).await?,
        "newest" => catalog::albums_page(db, AlbumOrder::Newest, offset, size).await?,
        "frequent" | "highest" => {
            catalog::albums_page(db, AlbumOrder::Frequent, offset, size).await?
        }
        "alphabeticalByName" => catalog::albums_page(db, AlbumOrder::ByName, offset, size).await?,
        "alphabeticalByArtist" => {
            catalog::albums_page(db, AlbumOrder::ByArtist, offset, size).await?
        }
        "byGenre" => {
            let genre = ctx.params.required("genre")?;
            catalog::genre_albums_page(db, SINGLES, AlbumOrder::Frequent, genre, offset, size)
                .await?
        }
        "recent" => catalog::recent_albums(db, SINGLES, &ctx.user, offset, size).await?,
        "starred" => {
            let keys: Vec<&(String, String)> = {
                let mut keys: Vec<_> = starred.iter().collect();
                keys.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
                keys.into_iter().map(|(key, _)| key).collect()
            };
            let mut rows = Vec::new();
            for (artist, album) in keys
                .into_iter()
                .skip(usize::try_from(offset).unwrap_or(usize::MAX))
                .take(usize::try_from(size).unwrap_or(0))
            {
                if let Some(row) = catalog::album(db, SINGLES, artist, album).await? {
                    rows.push(row);
                }
            }
            rows
        }
        "byYear" => Vec::new(),
        _ => return Err(SubsonicError::invalid("type")),
    };
    let albums = album_nodes(&rows, &starred);
    Ok(Node::new(element).list("album", albums).into())
}

/// `getRandomSongs`.
pub async fn random_songs(ctx: &Ctx) -> SubsonicResult<Reply> {
    let size = ctx.params.bounded("size", 10, MAX_SIZE)?;
    let genre = ctx.params.get("genre");
    let tracks = catalog::random_tracks(&ctx.services.db, genre, size).await?;
    Ok(Node::new("randomSongs")
        .list("song", ctx.songs(&tracks).await?)
        .into())
}

/// `getSongsByGenre`.
pub async fn songs_by_genre(ctx: &Ctx) -> SubsonicResult<Reply> {
    let genre = ctx.params.required("genre")?;
    let count = ctx.params.bounded("count", 10, MAX_SIZE)?;
    let offset = ctx.params.bounded("offset", 0, i64::MAX)?;
    let tracks = catalog::genre_tracks(&ctx.services.db, genre, offset, count).await?;
    Ok(Node::new("songsByGenre")
        .list("song", ctx.songs(&tracks).await?)
        .into())
}

/// `getTopSongs`: the artist's most played tracks, as their page lists them.
pub async fn top_songs(ctx: &Ctx) -> SubsonicResult<Reply> {
    let artist = ctx.params.required("artist")?;
    let count = ctx.params.bounded("count", 50, 100)?;
    let page = PageRequest::first(u32::try_from(count).unwrap_or(50));
    let tracks = artist_tracks(&ctx.services.db, artist, None, &page)
        .await?
        .items;
    Ok(Node::new("topSongs")
        .list("song", ctx.songs(&tracks).await?)
        .into())
}

/// `getSimilarSongs2` (`similarSongs2`) and `getSimilarSongs` (`similarSongs`): the learnt
/// neighbours of the song (or of the artist's or album's tracks), then the listener's own
/// recommendations, never the seeds themselves.
pub async fn similar_songs(ctx: &Ctx, element: &'static str) -> SubsonicResult<Reply> {
    let count = ctx.params.bounded("count", 50, MAX_SIZE)?;
    let db = &ctx.services.db;
    let seeds: Vec<String> = match id(ctx)? {
        Id::Plain(track) => vec![track],
        Id::Artist(artist) => {
            let page = PageRequest::first(10);
            artist_tracks(db, &artist, None, &page)
                .await?
                .items
                .into_iter()
                .map(|t| String::from(t.id))
                .collect()
        }
        Id::Album { artist, album } => catalog::album_tracks(db, SINGLES, &artist, &album)
            .await?
            .into_iter()
            .take(10)
            .map(|t| String::from(t.id))
            .collect(),
    };
    let seed_refs: Vec<&str> = seeds.iter().map(String::as_str).collect();
    let mut scores: HashMap<String, f64> = HashMap::new();
    for neighbour in recommendations::neighbours(db, &seed_refs, count).await? {
        *scores.entry(neighbour.neighbour_id).or_default() += neighbour.score;
    }
    let mut ranked: Vec<(String, f64)> = scores
        .into_iter()
        .filter(|(id, _)| !seeds.contains(id))
        .collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let ids: Vec<String> = ranked.into_iter().map(|(id, _)| id).collect();
    let mut by_id: HashMap<String, TrackRow> = catalog::tracks_by_ids(db, &ids)
        .await?
        .into_iter()
        .map(|t| (t.id.to_string(), t))
        .collect();
    let mut tracks: Vec<TrackRow> = ids.iter().filter_map(|id| by_id.remove(id)).collect();
    let limit = usize::try_from(count).unwrap_or(0);
    if tracks.len() < limit {
        for track in recommender::recommend(db, &ctx.user).await? {
            if tracks.len() >= limit {
                break;
            }
            if !seeds.iter().any(|seed| track.id == *seed)
                && tracks.iter().all(|t| t.id != track.id)
            {
                tracks.push(track);
            }
        }
    }
    tracks.truncate(limit);
    Ok(Node::new(element)
        .list("song", ctx.songs(&tracks).await?)
        .into())
}

/// `getStarred2` (`starred2`) and `getStarred` (`starred`): starred artists and albums, and the
/// liked songs.
pub async fn starred(ctx: &Ctx, element: &'static str) -> SubsonicResult<Reply> {
    let db = &ctx.services.db;
    let mut artists = Vec::new();
    for (name, at) in library::starred_artists(db, &ctx.user).await? {
        if let Some(row) = catalog::artist(db, &name).await? {
            artists.push(model::artist(&row.artist, row.album_count, Some(at)));
        }
    }
    let mut albums = Vec::new();
    for (artist, album, at) in library::starred_albums(db, &ctx.user).await? {
        if let Some(row) = catalog::album(db, SINGLES, &artist, &album).await? {
            albums.push(model::album(&row, Some(at)));
        }
    }
    let audio = model::Audio::of(ctx.quality().await?);
    let songs = library::liked_tracks(db, &ctx.user, 1000)
        .await?
        .iter()
        .map(|liked| model::song(&liked.track, audio, Some(liked.liked_at)))
        .collect();
    Ok(Node::new(element)
        .list("artist", artists)
        .list("album", albums)
        .list("song", songs)
        .into())
}
