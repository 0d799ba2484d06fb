//! Browsing by tags and by folders: artists (by index letter), an artist's albums, an album's
//! songs, a song, the genres, and what the artist's profile says of them.

use std::collections::{BTreeMap, HashMap};

use crate::context::{Ctx, Reply};
use crate::ids::{Id, artist_id};
use crate::model;
use crate::protocol::{Node, SubsonicError, SubsonicResult};
use crate::store::AlbumRow;
use crate::store::catalog::{self, ArtistRow};
use crate::store::library;
use backbeat_catalog::catalog::artist::service::SINGLES;
use backbeat_catalog::catalog::artist::store as artist_store;
use backbeat_catalog::catalog::track::visible_track;
use backbeat_core::db::Timestamp;
use backbeat_core::ids::TrackId;
use backbeat_platform::media::routes::public_path;

/// The id of the request, which must be there.
pub fn id(ctx: &Ctx) -> SubsonicResult<Id> {
    let raw = ctx.params.required("id")?;
    Id::parse(raw).ok_or_else(|| SubsonicError::not_found("Item"))
}

/// The user's starred artists by name.
async fn starred_artists(ctx: &Ctx) -> SubsonicResult<HashMap<String, Timestamp>> {
    Ok(library::starred_artists(&ctx.services.db, &ctx.user)
        .await?
        .into_iter()
        .collect())
}

/// The user's starred albums by (artist, album).
pub async fn starred_albums(ctx: &Ctx) -> SubsonicResult<HashMap<(String, String), Timestamp>> {
    Ok(library::starred_albums(&ctx.services.db, &ctx.user)
        .await?
        .into_iter()
        .map(|(artist, album, at)| ((artist, album), at))
        .collect())
}

/// Albums as elements, starred where the user starred them.
pub fn album_nodes(rows: &[AlbumRow], starred: &HashMap<(String, String), Timestamp>) -> Vec<Node> {
    rows.iter()
        .map(|row| {
            let at = starred
                .get(&(row.artist.clone(), row.name.clone()))
                .copied();
            model::album(row, at)
        })
        .collect()
}

fn artist_node(row: &ArtistRow, starred: &HashMap<String, Timestamp>) -> Node {
    model::artist(
        &row.artist,
        row.album_count,
        starred.get(&row.artist).copied(),
    )
}

/// `getArtists` (`artists`) and `getIndexes` (`indexes`): every artist under their letter.
pub async fn artists(ctx: &Ctx, element: &'static str) -> SubsonicResult<Reply> {
    let rows = catalog::artists(&ctx.services.db).await?;
    let starred = starred_artists(ctx).await?;
    let mut letters: BTreeMap<String, Vec<Node>> = BTreeMap::new();
    for row in &rows {
        letters
            .entry(model::index_letter(&row.artist))
            .or_default()
            .push(artist_node(row, &starred));
    }
    let indexes = letters
        .into_iter()
        .map(|(letter, artists)| {
            Node::new("index")
                .attr("name", letter)
                .list("artist", artists)
        })
        .collect();
    let node = Node::new(element).attr("ignoredArticles", "");
    let node = if element == "indexes" {
        node.attr("lastModified", 0)
    } else {
        node
    };
    Ok(node.list("index", indexes).into())
}

/// `getArtist`: the artist with their albums.
pub async fn artist(ctx: &Ctx) -> SubsonicResult<Reply> {
    let Id::Artist(name) = id(ctx)? else {
        return Err(SubsonicError::not_found("Artist"));
    };
    let (node, albums) = artist_with_albums(ctx, &name).await?;
    Ok(node.list("album", albums).into())
}

async fn artist_with_albums(ctx: &Ctx, name: &str) -> SubsonicResult<(Node, Vec<Node>)> {
    let db = &ctx.services.db;
    let row = catalog::artist(db, name)
        .await?
        .ok_or_else(|| SubsonicError::not_found("Artist"))?;
    let starred_albums = starred_albums(ctx).await?;
    let albums = album_nodes(
        &catalog::albums_of(db, SINGLES, name).await?,
        &starred_albums,
    );
    Ok((artist_node(&row, &starred_artists(ctx).await?), albums))
}

/// `getAlbum`: the album with its songs.
pub async fn album(ctx: &Ctx) -> SubsonicResult<Reply> {
    let Id::Album { artist, album } = id(ctx)? else {
        return Err(SubsonicError::not_found("Album"));
    };
    let (node, songs) = album_with_songs(ctx, &artist, &album).await?;
    Ok(node.list("song", songs).into())
}

async fn album_with_songs(
    ctx: &Ctx,
    artist: &str,
    name: &str,
) -> SubsonicResult<(Node, Vec<Node>)> {
    let db = &ctx.services.db;
    let row = catalog::album(db, SINGLES, artist, name)
        .await?
        .ok_or_else(|| SubsonicError::not_found("Album"))?;
    let tracks = catalog::album_tracks(db, SINGLES, artist, name).await?;
    let starred = starred_albums(ctx)
        .await?
        .get(&(artist.to_owned(), name.to_owned()))
        .copied();
    Ok((model::album(&row, starred), ctx.songs(&tracks).await?))
}

/// `getMusicDirectory`: the folder of an artist (their albums) or of an album (its songs).
pub async fn directory(ctx: &Ctx) -> SubsonicResult<Reply> {
    let raw = ctx.params.required("id")?.to_owned();
    let (name, parent, children) = match id(ctx)? {
        Id::Artist(name) => {
            let (_, albums) = artist_with_albums(ctx, &name).await?;
            (name, None, albums)
        }
        Id::Album { artist, album } => {
            let (_, songs) = album_with_songs(ctx, &artist, &album).await?;
            (album, Some(artist_id(&artist)), songs)
        }
        Id::Plain(_) => return Err(SubsonicError::not_found("Directory")),
    };
    Ok(Node::new("directory")
        .attr("id", raw)
        .attr_opt("parent", parent)
        .attr("name", name)
        .list("child", children)
        .into())
}

/// `getSong`: one track the user may see.
pub async fn song(ctx: &Ctx) -> SubsonicResult<Reply> {
    let Id::Plain(track_id) = id(ctx)? else {
        return Err(SubsonicError::not_found("Song"));
    };
    let track = visible_track(
        &ctx.services.db,
        &TrackId::from(track_id.as_str()),
        &ctx.user,
    )
    .await?
    .filter(|t| t.status.require_ready().is_ok())
    .ok_or_else(|| SubsonicError::not_found("Song"))?;
    let mut songs = ctx.songs(std::slice::from_ref(&track)).await?;
    Ok(songs.remove(0).into())
}

/// `getGenres`.
pub async fn genres(ctx: &Ctx) -> SubsonicResult<Reply> {
    let genres = catalog::genres(&ctx.services.db)
        .await?
        .into_iter()
        .map(|g| {
            Node::new("genre")
                .attr("songCount", g.song_count)
                .attr("albumCount", g.album_count)
                .text(g.genre)
        })
        .collect();
    Ok(Node::new("genres").list("genre", genres).into())
}

/// `getArtistInfo` / `getArtistInfo2`: the bio and picture of the profile named like the
/// artist, when there is one.
pub async fn artist_info(ctx: &Ctx, name: &str) -> SubsonicResult<Reply> {
    let element = if name == "getArtistInfo2" {
        "artistInfo2"
    } else {
        "artistInfo"
    };
    let artist = match id(ctx)? {
        Id::Artist(artist) => artist,
        Id::Album { artist, .. } => artist,
        Id::Plain(_) => return Err(SubsonicError::not_found("Artist")),
    };
    let (_, profile) = artist_store::artist_header(&ctx.services.db, &artist).await?;
    let node = Node::new(element);
    let Some(profile) = profile else {
        return Ok(node.into());
    };
    let public_url = ctx.services.config.public_url();
    let picture = profile
        .avatar_key
        .as_deref()
        .map(|key| format!("{public_url}{}", public_path(key)));
    Ok(node
        .field_opt("biography", Some(profile.bio).filter(|bio| !bio.is_empty()))
        .field_opt("smallImageUrl", picture.clone())
        .field_opt("mediumImageUrl", picture.clone())
        .field_opt("largeImageUrl", picture)
        .into())
}
