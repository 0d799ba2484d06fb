//! `PUT|DELETE /api/v1/tracks/{id}/like`, `GET /api/v1/me/likes` and `GET /api/v1/me/likes/ids`.

use axum::Json;
use axum::extract::{Path, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service;
use crate::app::AppState;
use crate::auth::AuthUser;
use crate::catalog::routes::Track;
use crate::db::Db;
use crate::http::error::{ApiResult, ErrorBody};

/// Whether the caller likes the track after a like or unlike.
#[derive(Debug, Serialize, ToSchema)]
pub struct LikeState {
    pub liked: bool,
}

/// The caller's liked tracks.
#[derive(Debug, Serialize, ToSchema)]
pub struct LikedTracks {
    /// Newest like first.
    pub tracks: Vec<Track>,
}

/// The ids of the caller's liked tracks, to mark like buttons in any list.
#[derive(Debug, Serialize, ToSchema)]
pub struct LikedTrackIds {
    /// Newest like first.
    pub track_ids: Vec<String>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(like_track, unlike_track))
        .routes(routes!(my_likes))
        .routes(routes!(my_liked_track_ids))
}

/// Likes a track; liking a liked track keeps it liked once.
#[utoipa::path(
    put,
    path = "/tracks/{id}/like",
    tag = "likes",
    operation_id = "likeTrack",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "Liked", body = LikeState),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not visible to the caller (`not_found`)", body = ErrorBody),
    )
)]
async fn like_track(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<String>,
) -> ApiResult<Json<LikeState>> {
    service::like(&db, &user.id, &id).await?;
    Ok(Json(LikeState { liked: true }))
}

/// Removes a like; unliking a track that is not liked changes nothing.
#[utoipa::path(
    delete,
    path = "/tracks/{id}/like",
    tag = "likes",
    operation_id = "unlikeTrack",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "Not liked", body = LikeState),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not visible to the caller (`not_found`)", body = ErrorBody),
    )
)]
async fn unlike_track(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<String>,
) -> ApiResult<Json<LikeState>> {
    service::unlike(&db, &user.id, &id).await?;
    Ok(Json(LikeState { liked: false }))
}

/// The caller's liked tracks, newest like first.
#[utoipa::path(
    get,
    path = "/me/likes",
    tag = "likes",
    operation_id = "getMyLikes",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My liked tracks", body = LikedTracks),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_likes(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<LikedTracks>> {
    let tracks = service::liked_tracks(&db, &user.id).await?;
    Ok(Json(LikedTracks {
        tracks: tracks.into_iter().map(Track::from).collect(),
    }))
}

/// The ids of the caller's liked tracks, newest like first.
#[utoipa::path(
    get,
    path = "/me/likes/ids",
    tag = "likes",
    operation_id = "getMyLikedTrackIds",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My liked track ids", body = LikedTrackIds),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_liked_track_ids(
    user: AuthUser,
    State(db): State<Db>,
) -> ApiResult<Json<LikedTrackIds>> {
    Ok(Json(LikedTrackIds {
        track_ids: service::liked_track_ids(&db, &user.id).await?,
    }))
}
