//! `GET /api/v1/profiles/{id}/playlists` and `GET /api/v1/profiles/{id}/tracks`: what a user's
//! profile page lists below its header.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service;
use crate::library::playlists::routes::{PlaylistList, PlaylistSummary};
use backbeat_auth::AuthUser;
use backbeat_catalog::catalog::track::TrackList;
use backbeat_core::db::Db;
use backbeat_core::db::page::Page;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::http::page::PageQuery;
use backbeat_core::ids::UserId;

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(profile_playlists))
        .routes(routes!(profile_tracks))
}

/// A page of a user's public playlists, newest first (their private ones are never listed, not
/// even to themselves here).
#[utoipa::path(
    get,
    path = "/profiles/{id}/playlists",
    tag = "profiles",
    operation_id = "getProfilePlaylists",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id"), PageQuery),
    responses(
        (status = 200, description = "A page of the user's public playlists", body = PlaylistList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such profile (`not_found`)", body = ErrorBody),
    )
)]
async fn profile_playlists(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<UserId>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<PlaylistList>> {
    let Page { items, next_cursor } =
        service::public_playlists(&db, &user.id, &id, &page.request()?).await?;
    Ok(Json(PlaylistList {
        playlists: items.into_iter().map(PlaylistSummary::from).collect(),
        next_cursor,
    }))
}

/// A page of a user's ready tracks (their uploads everyone may play), newest first.
#[utoipa::path(
    get,
    path = "/profiles/{id}/tracks",
    tag = "profiles",
    operation_id = "getProfileTracks",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id"), PageQuery),
    responses(
        (status = 200, description = "A page of the user's tracks", body = TrackList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such profile (`not_found`)", body = ErrorBody),
    )
)]
async fn profile_tracks(
    _user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<UserId>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<TrackList>> {
    let page = service::public_tracks(&db, &id, &page.request()?).await?;
    Ok(Json(page.into()))
}
