//! What a listener keeps: stars (a starred song is a like; artists and albums are kept apart),
//! ratings, and the play queue an app saves to go on elsewhere.

use std::collections::HashSet;

use crate::context::{Ctx, Reply, done};
use crate::ids::Id;
use crate::model;
use crate::protocol::{Node, SubsonicError, SubsonicResult};
use crate::store::{catalog, library};
use backbeat_catalog::catalog::artist::service::SINGLES;
use backbeat_catalog::catalog::track::visible_track;
use backbeat_core::db::Timestamp;
use backbeat_core::ids::TrackId;
use backbeat_social::library::likes::service as likes;

/// Every id of the request: `id`, `albumId` and `artistId`, each may repeat.
fn ids(ctx: &Ctx) -> SubsonicResult<Vec<Id>> {
    let params = &ctx.params;
    let raw: Vec<&str> = ["id", "albumId", "artistId"]
        .into_iter()
        .flat_map(|name| params.all(name))
        .collect();
    if raw.is_empty() {
        return Err(SubsonicError::missing("id"));
    }
    raw.into_iter()
        .map(|id| Id::parse(id).ok_or_else(|| SubsonicError::not_found("Item")))
        .collect()
}

/// Refuses an id that names nothing the user may see (error 70).
async fn check_exists(ctx: &Ctx, id: &Id) -> SubsonicResult<()> {
    let db = &ctx.services.db;
    let found = match id {
        Id::Artist(name) => catalog::artist(db, name).await?.is_some(),
        Id::Album { artist, album } => catalog::album(db, SINGLES, artist, album).await?.is_some(),
        Id::Plain(track) => visible_track(db, &TrackId::from(track.as_str()), &ctx.user)
            .await?
            .is_some(),
    };
    if found {
        Ok(())
    } else {
        Err(SubsonicError::not_found("Item"))
    }
}

/// `star` (`on`) and `unstar`: every id is checked before anything changes.
pub async fn star(ctx: &Ctx, on: bool) -> SubsonicResult<Reply> {
    let ids = ids(ctx)?;
    for id in &ids {
        check_exists(ctx, id).await?;
    }
    let db = &ctx.services.db;
    let now = Timestamp::now();
    for id in &ids {
        match (id, on) {
            (Id::Plain(track), true) => {
                likes::like(db, &ctx.user, &TrackId::from(track.as_str())).await?
            }
            (Id::Plain(track), false) => {
                likes::unlike(db, &ctx.user, &TrackId::from(track.as_str())).await?
            }
            (Id::Artist(artist), true) => library::star_artist(db, &ctx.user, artist, now).await?,
            (Id::Artist(artist), false) => library::unstar_artist(db, &ctx.user, artist).await?,
            (Id::Album { artist, album }, true) => {
                library::star_album(db, &ctx.user, artist, album, now).await?
            }
            (Id::Album { artist, album }, false) => {
                library::unstar_album(db, &ctx.user, artist, album).await?
            }
        }
    }
    done()
}

/// `setRating`: 1 to 5, 0 removes it.
pub async fn set_rating(ctx: &Ctx) -> SubsonicResult<Reply> {
    let raw = ctx.params.required("id")?;
    let rating = ctx
        .params
        .int("rating")?
        .ok_or_else(|| SubsonicError::missing("rating"))?;
    if !(0..=5).contains(&rating) {
        return Err(SubsonicError::invalid("rating"));
    }
    let id = Id::parse(raw).ok_or_else(|| SubsonicError::not_found("Item"))?;
    check_exists(ctx, &id).await?;
    library::set_rating(
        &ctx.services.db,
        &ctx.user,
        raw,
        (rating > 0).then_some(rating),
        Timestamp::now(),
    )
    .await?;
    done()
}

/// `getPlayQueue` and `getPlayQueueByIndex` (`by_index`): the saved queue, none when empty.
pub async fn play_queue(ctx: &Ctx, by_index: bool) -> SubsonicResult<Reply> {
    let db = &ctx.services.db;
    let Some(queue) = library::queue(db, &ctx.user).await? else {
        return done();
    };
    let tracks = library::queue_tracks(db, &ctx.user).await?;
    let current = queue.current_track_id.as_deref();
    let node = Node::new(if by_index {
        "playQueueByIndex"
    } else {
        "playQueue"
    });
    let node = if by_index {
        let index = current
            .and_then(|id| tracks.iter().position(|t| t.id == id))
            .and_then(|i| i64::try_from(i).ok());
        node.attr_opt("currentIndex", index)
    } else {
        node.attr_opt("current", current.map(str::to_owned))
    };
    Ok(node
        .attr("position", queue.position_ms)
        .attr("username", ctx.user.to_string())
        .attr("changed", model::time(queue.changed_at))
        .attr("changedBy", queue.changed_by)
        .list("entry", ctx.songs(&tracks).await?)
        .into())
}

/// `savePlayQueue` and `savePlayQueueByIndex` (`by_index`): replaces the queue; no `id` clears
/// it. Every track must be one the user may play, or nothing is saved.
pub async fn save_play_queue(ctx: &Ctx, by_index: bool) -> SubsonicResult<Reply> {
    let params = &ctx.params;
    let ids: Vec<String> = params.all("id").into_iter().map(str::to_owned).collect();
    if ids.len() > 10_000 {
        return Err(SubsonicError::invalid("id"));
    }
    let found: HashSet<String> = catalog::tracks_by_ids(&ctx.services.db, &ids)
        .await?
        .into_iter()
        .map(|t| String::from(t.id))
        .collect();
    if let Some(missing) = ids.iter().find(|id| !found.contains(*id)) {
        return Err(SubsonicError::not_found(&format!("Song {missing}")));
    }
    let current = if by_index {
        match params.int("currentIndex")? {
            Some(index) => Some(
                usize::try_from(index)
                    .ok()
                    .and_then(|i| ids.get(i))
                    .cloned()
                    .ok_or_else(|| SubsonicError::invalid("currentIndex"))?,
            ),
            None => None,
        }
    } else {
        match params.get("current") {
            Some(current) if ids.iter().any(|id| id == current) => Some(current.to_owned()),
            Some(_) => return Err(SubsonicError::invalid("current")),
            None => None,
        }
    };
    let position = params.int("position")?.unwrap_or(0).max(0);
    let client: String = params.get("c").unwrap_or("").chars().take(100).collect();
    library::save_queue(
        &ctx.services.db,
        &ctx.user,
        &ids,
        current.as_deref(),
        position,
        &client,
        Timestamp::now(),
    )
    .await?;
    done()
}
