//! `PUT|DELETE /api/v1/playlists/{id}/follow` and `GET /api/v1/me/followed-playlists`: other
//! users' public playlists in the caller's library.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, FollowOutcome};
use crate::library::playlists::routes::{PlaylistList, PlaylistSummary};
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::db::page::Page;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::http::page::PageQuery;
use backbeat_core::ids::PlaylistId;

/// Whether the caller follows a playlist after a follow or unfollow.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaylistFollowState {
    pub following: bool,
    pub follower_count: i64,
}

impl From<FollowOutcome> for PlaylistFollowState {
    fn from(outcome: FollowOutcome) -> Self {
        Self {
            following: outcome.following,
            follower_count: outcome.follower_count,
        }
    }
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(follow_playlist, unfollow_playlist))
        .routes(routes!(followed_playlists))
}

/// Follows another user's public playlist: it shows in the caller's library. Following again
/// changes nothing.
#[utoipa::path(
    put,
    path = "/playlists/{id}/follow",
    tag = "playlists",
    operation_id = "followPlaylist",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id")),
    responses(
        (status = 200, description = "Now following", body = PlaylistFollowState),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one \
            (`not_found`)", body = ErrorBody),
        (status = 409, description = "The caller's own playlist (`cannot_follow_own_playlist`)", body = ErrorBody),
    )
)]
async fn follow_playlist(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
) -> ApiResult<Json<PlaylistFollowState>> {
    Ok(Json(service::follow(&db, &user.id, &id).await?.into()))
}

/// Stops following a playlist; unfollowing again, or the caller's own playlist (never followed),
/// changes nothing.
#[utoipa::path(
    delete,
    path = "/playlists/{id}/follow",
    tag = "playlists",
    operation_id = "unfollowPlaylist",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The playlist's id")),
    responses(
        (status = 200, description = "Not following", body = PlaylistFollowState),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such playlist, or another user's private one \
            (`not_found`)", body = ErrorBody),
    )
)]
async fn unfollow_playlist(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<PlaylistId>,
) -> ApiResult<Json<PlaylistFollowState>> {
    Ok(Json(service::unfollow(&db, &user.id, &id).await?.into()))
}

/// A page of the public playlists the signed-in user follows, the newest follow first. A
/// playlist its owner deleted or made private again is no longer in it.
#[utoipa::path(
    get,
    path = "/me/followed-playlists",
    tag = "playlists",
    operation_id = "listFollowedPlaylists",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of the playlists I follow", body = PlaylistList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn followed_playlists(
    user: AuthUser,
    State(db): State<Db>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<PlaylistList>> {
    let Page { items, next_cursor } =
        service::followed_playlists(&db, &user.id, &page.request()?).await?;
    Ok(Json(PlaylistList {
        playlists: items.into_iter().map(PlaylistSummary::from).collect(),
        next_cursor,
    }))
}
