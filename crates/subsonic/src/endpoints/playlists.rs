//! Playlists through the playlists service: the user's own are listed; their own and public
//! ones are read; only their own change (another's public playlist is error 50, anything else
//! not found, 70). A change is checked whole before anything is written.

use crate::context::{Ctx, Reply, done};
use crate::model;
use crate::protocol::{Node, SubsonicError, SubsonicResult};
use backbeat_catalog::catalog::track::{TrackRow, visible_track};
use backbeat_core::db::page::{MAX_SIZE, PageRequest};
use backbeat_core::errors::Failure;
use backbeat_core::ids::{PlaylistId, TrackId};
use backbeat_social::library::playlists::service::{
    self as playlists, PlaylistChanges, PlaylistDescription, PlaylistName, Visibility,
};
use backbeat_social::library::playlists::store::PlaylistRow;

/// The most tracks a Subsonic playlist answer holds.
const MAX_TRACKS: usize = 5_000;

/// A playlist; `username` is the owner's when the user owns it (apps compare it with theirs to
/// offer changes), else the owner's display name.
fn playlist_node(row: &PlaylistRow, username: &str, tracks: Option<&[TrackRow]>) -> Node {
    let duration = tracks.map_or(0, |tracks| tracks.iter().map(|t| t.duration_secs).sum());
    Node::new("playlist")
        .attr("id", row.id.clone())
        .attr("name", row.name.clone())
        .attr("comment", row.description.clone())
        .attr(
            "owner",
            if row.is_owner {
                username.to_owned()
            } else {
                row.owner_name.clone()
            },
        )
        .attr("public", row.visibility == "public")
        .attr("songCount", row.track_count)
        .attr("duration", duration)
        .attr("created", model::time(row.created_at))
        .attr("changed", model::time(row.updated_at))
        .attr_opt("coverArt", row.cover_key.as_ref().map(|_| row.id.clone()))
}

/// `getPlaylists`: the user's own playlists, newest first.
pub async fn list(ctx: &Ctx) -> SubsonicResult<Reply> {
    let mut rows = Vec::new();
    let mut page = PageRequest::first(MAX_SIZE);
    loop {
        let found = playlists::playlists(&ctx.services.db, &ctx.user, &page).await?;
        rows.extend(found.items);
        match found.next_cursor {
            Some(cursor) if rows.len() < MAX_TRACKS => {
                page = PageRequest::parse(Some(&cursor), Some(i64::from(MAX_SIZE)))
                    .map_err(|_| SubsonicError::invalid("cursor"))?;
            }
            _ => break,
        }
    }
    let username = ctx.username().await?;
    let nodes = rows
        .iter()
        .map(|row| playlist_node(row, &username, None))
        .collect();
    Ok(Node::new("playlists").list("playlist", nodes).into())
}

/// The playlist the user may read, with its tracks in order.
async fn read(ctx: &Ctx, id: &PlaylistId) -> SubsonicResult<(PlaylistRow, Vec<TrackRow>)> {
    let mut tracks = Vec::new();
    let mut page = PageRequest::first(MAX_SIZE);
    loop {
        let detail = playlists::playlist(&ctx.services.db, &ctx.user, id, &page).await?;
        tracks.extend(detail.tracks.items);
        match detail.tracks.next_cursor {
            Some(cursor) if tracks.len() < MAX_TRACKS => {
                page = PageRequest::parse(Some(&cursor), Some(i64::from(MAX_SIZE)))
                    .map_err(|_| SubsonicError::invalid("cursor"))?;
            }
            _ => return Ok((detail.playlist, tracks)),
        }
    }
}

async fn answer(ctx: &Ctx, id: &PlaylistId) -> SubsonicResult<Reply> {
    let (row, tracks) = read(ctx, id).await?;
    let songs = ctx.songs(&tracks).await?;
    let username = ctx.username().await?;
    Ok(playlist_node(&row, &username, Some(&tracks))
        .list("entry", songs)
        .into())
}

/// `getPlaylist`.
pub async fn get(ctx: &Ctx) -> SubsonicResult<Reply> {
    let id = PlaylistId::from(ctx.params.required("id")?);
    answer(ctx, &id).await
}

/// Refuses a track the user may not see (error 70), before anything is written.
async fn check_tracks(ctx: &Ctx, ids: &[&str]) -> SubsonicResult<()> {
    for id in ids {
        if visible_track(&ctx.services.db, &TrackId::from(*id), &ctx.user)
            .await?
            .is_none()
        {
            return Err(SubsonicError::not_found(&format!("Song {id}")));
        }
    }
    Ok(())
}

/// Adds the tracks at the end of the user's playlist (each once).
async fn add_tracks(ctx: &Ctx, id: &PlaylistId, track_ids: &[&str]) -> Result<(), Failure> {
    for track in track_ids {
        playlists::add_track(&ctx.services.db, &ctx.user, id, &TrackId::from(*track)).await?;
    }
    Ok(())
}

/// `createPlaylist`: a new playlist named `name` with the `songId`s, or, with `playlistId`,
/// the user's playlist with its tracks replaced by them.
pub async fn create(ctx: &Ctx) -> SubsonicResult<Reply> {
    let params = &ctx.params;
    let songs = params.all("songId");
    check_tracks(ctx, &songs).await?;
    let db = &ctx.services.db;
    let id = match params.get("playlistId") {
        Some(existing) => {
            let id = PlaylistId::from(existing);
            let (_, current) = read(ctx, &id).await?;
            if let Some(name) = params.get("name") {
                let changes = PlaylistChanges::parse(Some(name), None, None)?;
                playlists::update(db, &ctx.user, &id, &changes).await?;
            }
            for track in &current {
                playlists::remove_track(db, &ctx.user, &id, &TrackId::from(track.id.as_str()))
                    .await?;
            }
            id
        }
        None => {
            let name = PlaylistName::parse(params.required("name")?)?;
            let created =
                playlists::create(db, &ctx.user, &name, &PlaylistDescription::default()).await?;
            PlaylistId::from(created.playlist.id.as_str())
        }
    };
    add_tracks(ctx, &id, &songs).await?;
    answer(ctx, &id).await
}

/// `updatePlaylist`: name, comment, public, tracks added at the end and removed by their index.
pub async fn update(ctx: &Ctx) -> SubsonicResult<Reply> {
    let params = &ctx.params;
    let id = PlaylistId::from(params.required("playlistId")?);
    let visibility = params.flag("public").map(|public| {
        if public {
            Visibility::Public
        } else {
            Visibility::Private
        }
    });
    let changes = PlaylistChanges::parse(params.get("name"), params.get("comment"), visibility)?;
    let adds = params.all("songIdToAdd");
    check_tracks(ctx, &adds).await?;
    let (_, current) = read(ctx, &id).await?;
    let mut removals = Vec::new();
    for index in params.all("songIndexToRemove") {
        let track = index
            .trim()
            .parse::<usize>()
            .ok()
            .and_then(|i| current.get(i))
            .ok_or_else(|| SubsonicError::invalid("songIndexToRemove"))?;
        removals.push(TrackId::from(track.id.as_str()));
    }
    let db = &ctx.services.db;
    playlists::update(db, &ctx.user, &id, &changes).await?;
    for track in &removals {
        playlists::remove_track(db, &ctx.user, &id, track).await?;
    }
    add_tracks(ctx, &id, &adds).await?;
    done()
}

/// `deletePlaylist`.
pub async fn delete(ctx: &Ctx) -> SubsonicResult<Reply> {
    let id = PlaylistId::from(ctx.params.required("id")?);
    playlists::delete(&ctx.services.db, &ctx.user, &id).await?;
    done()
}
