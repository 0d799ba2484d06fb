//! `GET /api/v1/artists/{name}` and `GET /api/v1/artists/{name}/tracks`: the artist page.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service;
use super::store::AlbumRow;
use crate::catalog::track::{Track, TrackList, tracks};
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::http::page::PageQuery;
use backbeat_platform::media::routes::public_path;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ArtistTracksFilter {
    /// An album's name, as `albums` of the artist lists it: that album's tracks in upload
    /// order ('Singles': the tracks without an album). Without it, the top tracks.
    pub album: Option<String>,
}

/// An album on the artist page. Its tracks are at `GET /artists/{name}/tracks?album=`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ArtistAlbum {
    /// The album's name; 'Singles' for tracks without one.
    pub name: String,
    /// The album's ready tracks.
    pub track_count: i64,
    /// The cover (list size) of the album's first track in upload order; null when it has
    /// none.
    #[schema(required = true)]
    pub cover_url: Option<String>,
}

impl From<AlbumRow> for ArtistAlbum {
    fn from(row: AlbumRow) -> Self {
        Self {
            cover_url: row.cover_key.as_deref().map(public_path),
            name: row.name,
            track_count: row.track_count,
        }
    }
}

/// An artist's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct Artist {
    pub name: String,
    /// All the artist's ready tracks.
    pub track_count: i64,
    /// The plays of all the artist's ready tracks.
    pub total_plays: i64,
    /// Whether any of the artist's tracks is verified.
    pub verified: bool,
    /// The first page (50) of the top tracks: most played first, then newest.
    pub tracks: Vec<Track>,
    /// Pass as `cursor` to `GET /artists/{name}/tracks` for the next page of top tracks; null
    /// when `tracks` are all of them.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    /// Up to 100 albums, the one with the newest upload first, 'Singles' last.
    pub albums: Vec<ArtistAlbum>,
    /// The bio of the user named like the artist; null when none.
    #[schema(required = true)]
    pub bio: Option<String>,
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    /// The id of the user named like the artist, for a link to their profile (and its
    /// Follow, `PUT|DELETE /profiles/{profile_id}/follow`).
    #[schema(required = true)]
    pub profile_id: Option<String>,
    /// Whether the caller follows that profile; false when there is none.
    pub is_following: bool,
    /// Whether that profile is the caller's own (which they cannot follow).
    pub is_me: bool,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_artist))
        .routes(routes!(get_artist_tracks))
}

/// An artist by exact name: what their ready tracks add up to, the first page of their top
/// tracks, their albums, and the bio and avatar of the user of that name, with whether the
/// caller follows them.
#[utoipa::path(
    get,
    path = "/artists/{name}",
    tag = "tracks",
    operation_id = "getArtist",
    security(("bearer" = [])),
    params(("name" = String, Path, description = "The artist's name, URL-encoded")),
    responses(
        (status = 200, description = "The artist", body = Artist),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No ready tracks and no user of that name (`not_found`)", body = ErrorBody),
    )
)]
async fn get_artist(
    user: AuthUser,
    State(db): State<Db>,
    Path(name): Path<String>,
) -> ApiResult<Json<Artist>> {
    let page = service::artist_page(&db, &name, &user.id).await?;
    let profile = page.profile;
    Ok(Json(Artist {
        name: page.name,
        track_count: page.facts.track_count,
        total_plays: page.facts.total_plays,
        verified: page.facts.verified,
        tracks: tracks(page.top_tracks.items),
        next_cursor: page.top_tracks.next_cursor,
        albums: page.albums.into_iter().map(ArtistAlbum::from).collect(),
        bio: profile
            .as_ref()
            .map(|p| p.bio.clone())
            .filter(|bio| !bio.is_empty()),
        avatar_url: profile
            .as_ref()
            .and_then(|p| p.avatar_key.as_deref())
            .map(public_path),
        is_me: profile.as_ref().is_some_and(|p| p.id == user.id),
        profile_id: profile.map(|p| p.id),
        is_following: page.is_following,
    }))
}

/// A page of an artist's ready tracks by exact name: without `album` the top tracks (most
/// played first, then newest), with `album` that album's tracks in upload order. An unknown
/// artist or album has no tracks.
#[utoipa::path(
    get,
    path = "/artists/{name}/tracks",
    tag = "tracks",
    operation_id = "getArtistTracks",
    security(("bearer" = [])),
    params(
        ("name" = String, Path, description = "The artist's name, URL-encoded"),
        ArtistTracksFilter,
        PageQuery,
    ),
    responses(
        (status = 200, description = "A page of the artist's tracks", body = TrackList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn get_artist_tracks(
    _user: AuthUser,
    State(db): State<Db>,
    Path(name): Path<String>,
    Query(filter): Query<ArtistTracksFilter>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<TrackList>> {
    let page =
        service::artist_tracks(&db, &name, filter.album.as_deref(), &page.request()?).await?;
    Ok(Json(page.into()))
}
