//! `/api/v1/playlists`: the signed-in user's own playlists, and other users' public ones. Any
//! signed-in user reads a public playlist; only its owner changes it (another user is refused
//! with 403 `not_playlist_owner`). Another user's private playlist answers 404 on every verb,
//! exactly like an id that does not exist. The list of playlists and a playlist's tracks come in
//! pages (`cursor`, `limit`).

use axum::Json;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{
    self, DESCRIPTION_RULES, NAME_RULES, PlaylistChanges, PlaylistDescription, PlaylistDetail,
    PlaylistName, Visibility,
};
use super::store::PlaylistRow;
use backbeat_auth::AuthUser;
use backbeat_catalog::catalog::track::Track;
use backbeat_core::db::page::Page;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::{self, Query};
use backbeat_core::http::page::PageQuery;
use backbeat_core::ids::{PlaylistId, TrackId};
use backbeat_platform::media::routes::public_path;

/// A playlist as its card shows it, to the caller.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaylistSummary {
    pub id: String,
    pub name: String,
    /// Empty when none.
    pub description: String,
    /// Private: only the owner opens it. Public: any signed-in user opens, plays and follows it.
    pub visibility: Visibility,
    /// The owner's user id (their profile is `/profiles/{owner_id}`).
    pub owner_id: String,
    /// The owner's display name.
    pub owner_name: String,
    /// Whether the caller owns it (and may change it).
    pub is_owner: bool,
    /// Whether the caller follows it (never their own).
    pub is_following: bool,
    /// How many users follow it.
    pub follower_count: i64,
    /// The tracks the caller may see: ready ones, and the caller's own uploads in any state.
    pub track_count: i64,
    /// The cover of the first track the caller may see (list size); null when it has none or
    /// the playlist is empty.
    #[schema(required = true)]
    pub cover_url: Option<String>,
    /// Whether this is the featured playlist of the owner's profile.
    pub is_featured: bool,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
}

/// A playlist with a page of its tracks in order.
#[derive(Debug, Serialize, ToSchema)]
pub struct Playlist {
    #[serde(flatten)]
    pub summary: PlaylistSummary,
    /// A page of the tracks in playlist order: the first (50 tracks) unless `GET` asked for
    /// another.
    pub tracks: Vec<Track>,
    /// Pass as `cursor` to `GET /playlists/{id}` for the next page of tracks; null on the last
    /// page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A page of playlists: the signed-in user's own, those they follow, or a profile's public ones.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaylistList {
    /// Newest first; the playlists followed, newest follow first.
    pub playlists: Vec<PlaylistSummary>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A new playlist.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewPlaylist {
    #[schema(schema_with = name_schema)]
    pub name: String,
    #[schema(schema_with = description_schema)]
    pub description: Option<String>,
}

/// A change to a playlist: only the fields present (and not null) change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaylistUpdate {
    #[schema(schema_with = name_or_null_schema)]
    pub name: Option<String>,
    #[schema(schema_with = description_schema)]
    pub description: Option<String>,
    /// `public` lets any signed-in user open, play and follow it; `private` makes it the
    /// owner's alone again, and its followers stop following it. Null leaves it unchanged.
    #[schema(nullable)]
    pub visibility: Option<Visibility>,
}

fn name_schema() -> Object {
    NAME_RULES.schema("Trimmed; 1 to 100 characters, no control characters.")
}

fn name_or_null_schema() -> Object {
    NAME_RULES.nullable_schema(
        "Trimmed; 1 to 100 characters, no control characters. Null leaves it unchanged.",
    )
}

fn description_schema() -> Object {
    DESCRIPTION_RULES.nullable_schema(
        "Trimmed; at most 500 characters, line breaks and tabs but no other control \
         characters; \"\" or null when none (in a change, \"\" clears it and null leaves it).",
    )
}

/// A track to add at the end of a playlist.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaylistTrackAddition {
    #[schema(value_type = String)]
    pub track_id: TrackId,
}

/// Where a track of a playlist moves to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaylistTrackMove {
    /// The 0-based index in the playlist's order that the track moves to; the tracks in
    /// between move one place towards where it was. An integer (`3.0` is one too).
    #[serde(deserialize_with = "whole_number")]
    #[schema(minimum = 0)]
    pub position: i64,
}

/// An integer as JSON allows it: `3` or `3.0` (a number with no fraction is an integer).
fn whole_number<'de, D: serde::Deserializer<'de>>(value: D) -> Result<i64, D::Error> {
    let number = serde_json::Number::deserialize(value)?;
    if let Some(n) = number.as_i64() {
        return Ok(n);
    }
    match number.as_f64() {
        Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(f as i64),
        _ => Err(serde::de::Error::custom(format!(
            "invalid value: {number}, expected a whole number"
        ))),
    }
}

/// The new order of a playlist's tracks.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PlaylistOrder {
    /// Every track id of the playlist, each exactly once, in the new order.
    pub track_ids: Vec<String>,
}

impl From<PlaylistRow> for PlaylistSummary {
    fn from(row: PlaylistRow) -> Self {
        Self {
            cover_url: row.cover_key.as_deref().map(public_path),
            visibility: Visibility::from_stored(&row.visibility),
            id: row.id,
            name: row.name,
            description: row.description,
            owner_id: row.owner_id,
            owner_name: row.owner_name,
            is_owner: row.is_owner,
            is_following: row.is_following,
            follower_count: row.follower_count,
            track_count: row.track_count,
            is_featured: row.is_featured,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

impl From<PlaylistDetail> for Playlist {
    fn from(detail: PlaylistDetail) -> Self {
        Self {
            summary: detail.playlist.into(),
            tracks: detail.tracks.items.into_iter().map(Track::from).collect(),
            next_cursor: detail.tracks.next_cursor,
        }
    }
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(list_playlists, create_playlist))
        .routes(routes!(get_playlist, update_playlist, delete_playlist))
        .routes(routes!(add_playlist_track, reorder_playlist_tracks))
        .routes(routes!(remove_playlist_track, move_playlist_track))
}

/// A page of the signed-in user's playlists, newest first.
#[utoipa::path(
    get,
    path = "/playlists",
    tag = "playlists",
    operation_id = "listPlaylists",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of my playlists", body = PlaylistList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list_playlists(
    user: AuthUser,
    State(db): State<Db>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<PlaylistList>> {
    let Page { items, next_cursor } = service::playlists(&db, &user.id, &page.request()?).await?;
    Ok(Json(PlaylistList {
        playlists: items.into_iter().map(PlaylistSummary::from).collect(),
        next_cursor,
    }))
}

/// Creates an empty playlist.
#[utoipa::path(
    post,
    path = "/playlists",
    tag = "playlists",
    operation_id = "createPlaylist",
    security(("bearer" = [])),
    request_body = NewPlaylist,
    responses(
        (status = 201, description = "The new playlist", body = Playlist),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "No name, a name over 100 characters (`invalid_name`), a \
            description over 500 characters (`invalid_description`), or an unknown field \
            (`invalid_json`)", body = ErrorBody),
    )
)]
async fn create_playlist(
    user: AuthUser,
    State(db): State<Db>,
    extract::Json(body): extract::Json<NewPlaylist>,
) -> ApiResult<(StatusCode, Json<Playlist>)> {
    let name = PlaylistName::parse(&body.name)?;
    let description = PlaylistDescription::parse(body.description.as_deref().unwrap_or(""))?;
    let playlist = service::create(&db, &user.id, &name, &description).await?;
    Ok((StatusCode::CREATED, Json(playlist.into())))
}

/// A playlist of the signed-in user, or another user's public playlist, with a page of its
/// tracks in order.
#[utoipa::path(
    get,
    path = "/playlists/{id}",
    tag = "playlists",
    operation_id = "getPlaylist",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id"), PageQuery),
    responses(
        (status = 200, description = "The playlist with a page of its tracks", body = Playlist),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one (`not_found`)", body = ErrorBody),
    )
)]
async fn get_playlist(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<Playlist>> {
    let detail = service::playlist(&db, &user.id, &id, &page.request()?).await?;
    Ok(Json(detail.into()))
}

/// Renames a playlist, changes its description, or makes it public or private; fields not sent
/// stay as they are. Only the owner changes a playlist.
#[utoipa::path(
    patch,
    path = "/playlists/{id}",
    tag = "playlists",
    operation_id = "updatePlaylist",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id")),
    request_body = PlaylistUpdate,
    responses(
        (status = 200, description = "The updated playlist (first page)", body = Playlist),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's public playlist, which only its owner \
            changes (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one (`not_found`)", body = ErrorBody),
        (status = 422, description = "An invalid name (`invalid_name`), description \
            (`invalid_description`) or visibility, or an unknown field (`invalid_json`); \
            nothing was changed", body = ErrorBody),
    )
)]
async fn update_playlist(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
    extract::Json(body): extract::Json<PlaylistUpdate>,
) -> ApiResult<Json<Playlist>> {
    let changes = PlaylistChanges::parse(
        body.name.as_deref(),
        body.description.as_deref(),
        body.visibility,
    )?;
    Ok(Json(
        service::update(&db, &user.id, &id, &changes).await?.into(),
    ))
}

/// Deletes a playlist: it leaves its followers' libraries too. When it was featured on the
/// profile, the profile features none.
#[utoipa::path(
    delete,
    path = "/playlists/{id}",
    tag = "playlists",
    operation_id = "deletePlaylist",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's public playlist, which only its owner \
            changes (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one (`not_found`)", body = ErrorBody),
    )
)]
async fn delete_playlist(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
) -> ApiResult<StatusCode> {
    service::delete(&db, &user.id, &id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Adds a track at the end of a playlist; a track already in it changes nothing.
#[utoipa::path(
    post,
    path = "/playlists/{id}/tracks",
    tag = "playlists",
    operation_id = "addPlaylistTrack",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id")),
    request_body = PlaylistTrackAddition,
    responses(
        (status = 200, description = "The playlist with the track (first page)", body = Playlist),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's public playlist, which only its owner \
            changes (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one, or no such track \
            visible to the caller (`not_found`)", body = ErrorBody),
        (status = 422, description = "No `track_id` or an unknown field (`invalid_json`)", body = ErrorBody),
    )
)]
async fn add_playlist_track(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
    extract::Json(body): extract::Json<PlaylistTrackAddition>,
) -> ApiResult<Json<Playlist>> {
    Ok(Json(
        service::add_track(&db, &user.id, &id, &body.track_id)
            .await?
            .into(),
    ))
}

/// Puts a playlist's tracks in a new order, given in full. To move one track, `PATCH
/// /playlists/{id}/tracks/{track_id}` needs no list.
#[utoipa::path(
    put,
    path = "/playlists/{id}/tracks",
    tag = "playlists",
    operation_id = "reorderPlaylistTracks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id")),
    request_body = PlaylistOrder,
    responses(
        (status = 200, description = "The playlist in its new order (first page)", body = Playlist),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's public playlist, which only its owner \
            changes (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one (`not_found`)", body = ErrorBody),
        (status = 409, description = "The ids are not exactly the playlist's tracks, each once \
            (`invalid_order`); nothing was changed", body = ErrorBody),
    )
)]
async fn reorder_playlist_tracks(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
    extract::Json(body): extract::Json<PlaylistOrder>,
) -> ApiResult<Json<Playlist>> {
    Ok(Json(
        service::reorder(&db, &user.id, &id, &body.track_ids)
            .await?
            .into(),
    ))
}

/// Removes a track from a playlist; a track not in it changes nothing.
#[utoipa::path(
    delete,
    path = "/playlists/{id}/tracks/{track_id}",
    tag = "playlists",
    operation_id = "removePlaylistTrack",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The playlist's id"),
        ("track_id" = String, Path, description = "The track's id"),
    ),
    responses(
        (status = 200, description = "The playlist without the track (first page)", body = Playlist),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's public playlist, which only its owner \
            changes (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one (`not_found`)", body = ErrorBody),
    )
)]
async fn remove_playlist_track(
    user: AuthUser,
    State(db): State<Db>,
    Path((id, track_id)): Path<(PlaylistId, TrackId)>,
) -> ApiResult<Json<Playlist>> {
    Ok(Json(
        service::remove_track(&db, &user.id, &id, &track_id)
            .await?
            .into(),
    ))
}

/// Moves one track of a playlist to another place in its order.
#[utoipa::path(
    patch,
    path = "/playlists/{id}/tracks/{track_id}",
    tag = "playlists",
    operation_id = "movePlaylistTrack",
    security(("bearer" = [])),
    params(
        ("id" = String, Path, description = "The playlist's id"),
        ("track_id" = String, Path, description = "The track's id"),
    ),
    request_body = PlaylistTrackMove,
    responses(
        (status = 200, description = "The playlist in its new order (first page)", body = Playlist),
        (status = 400, description = "The body is not JSON (`invalid_json`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's public playlist, which only its owner \
            changes (`not_playlist_owner`); nothing was changed", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one, or the track is not in \
            it (`not_found`)", body = ErrorBody),
        (status = 409, description = "The position is past the playlist's end \
            (`invalid_position`); nothing was changed", body = ErrorBody),
        (status = 422, description = "The position is negative (`invalid_position`), or there \
            is no `position` (`invalid_json`); nothing was changed", body = ErrorBody),
    )
)]
async fn move_playlist_track(
    user: AuthUser,
    State(db): State<Db>,
    Path((id, track_id)): Path<(PlaylistId, TrackId)>,
    extract::Json(body): extract::Json<PlaylistTrackMove>,
) -> ApiResult<Json<Playlist>> {
    Ok(Json(
        service::move_track(&db, &user.id, &id, &track_id, body.position)
            .await?
            .into(),
    ))
}
