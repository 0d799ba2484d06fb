//! `PUT|DELETE /api/v1/tracks/{id}/like`, `GET /api/v1/me/likes` and `GET /api/v1/me/likes/ids`.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, LIKED_IDS_PAGE};
use backbeat_auth::AuthUser;
use backbeat_catalog::catalog::track::Track;
use backbeat_core::db::Db;
use backbeat_core::db::page::{InvalidCursor, PageRequest};
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::http::page::PageQuery;
use backbeat_core::ids::TrackId;

/// Whether the caller likes the track after a like or unlike.
#[derive(Debug, Serialize, ToSchema)]
pub struct LikeState {
    pub liked: bool,
}

/// A page of the caller's liked tracks.
#[derive(Debug, Serialize, ToSchema)]
pub struct LikedTracks {
    /// Newest like first.
    pub tracks: Vec<Track>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// A page of the ids of the caller's liked tracks, to mark like buttons in any list.
#[derive(Debug, Serialize, ToSchema)]
pub struct LikedTrackIds {
    /// Newest like first.
    pub track_ids: Vec<String>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// `cursor` and `limit` of the liked ids, whose pages are larger than other lists'.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LikedIdsQuery {
    /// `next_cursor` of the previous page; omit (or leave empty) for the first page.
    pub cursor: Option<String>,
    /// Ids per page: 1000 by default; any number is taken, clamped to 1..=1000.
    pub limit: Option<i64>,
}

impl LikedIdsQuery {
    fn request(&self) -> Result<PageRequest, InvalidCursor> {
        PageRequest::parse_sized(
            self.cursor.as_deref(),
            self.limit,
            LIKED_IDS_PAGE,
            LIKED_IDS_PAGE,
        )
    }
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
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
    Path(id): Path<TrackId>,
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
    Path(id): Path<TrackId>,
) -> ApiResult<Json<LikeState>> {
    service::unlike(&db, &user.id, &id).await?;
    Ok(Json(LikeState { liked: false }))
}

/// A page of the caller's liked tracks, newest like first.
#[utoipa::path(
    get,
    path = "/me/likes",
    tag = "likes",
    operation_id = "getMyLikes",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of my liked tracks", body = LikedTracks),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_likes(
    user: AuthUser,
    State(db): State<Db>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<LikedTracks>> {
    let page = service::liked_tracks(&db, &user.id, &page.request()?).await?;
    Ok(Json(LikedTracks {
        tracks: page.items.into_iter().map(Track::from).collect(),
        next_cursor: page.next_cursor,
    }))
}

/// A page of the ids of the caller's liked tracks, newest like first; pages hold up to 1000.
#[utoipa::path(
    get,
    path = "/me/likes/ids",
    tag = "likes",
    operation_id = "getMyLikedTrackIds",
    security(("bearer" = [])),
    params(LikedIdsQuery),
    responses(
        (status = 200, description = "A page of my liked track ids", body = LikedTrackIds),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_liked_track_ids(
    user: AuthUser,
    State(db): State<Db>,
    Query(page): Query<LikedIdsQuery>,
) -> ApiResult<Json<LikedTrackIds>> {
    let page = service::liked_track_ids(&db, &user.id, &page.request()?).await?;
    Ok(Json(LikedTrackIds {
        track_ids: page.items,
        next_cursor: page.next_cursor,
    }))
}
