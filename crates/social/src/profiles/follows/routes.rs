//! `PUT|DELETE /api/v1/profiles/{id}/follow`.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service;
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::ids::UserId;

/// Whether the caller follows a profile (or a playlist) after a follow or unfollow, and how
/// many follow it now.
#[derive(Debug, Serialize, ToSchema)]
pub struct FollowState {
    pub following: bool,
    pub follower_count: i64,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(follow_profile, unfollow_profile))
}

/// Follows a user; following again changes nothing.
#[utoipa::path(
    put,
    path = "/profiles/{id}/follow",
    tag = "profiles",
    operation_id = "followProfile",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The id of the user to follow")),
    responses(
        (status = 200, description = "Now following", body = FollowState),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such profile", body = ErrorBody),
        (status = 409, description = "The caller's own profile (`cannot_follow_self`)", body = ErrorBody),
    )
)]
async fn follow_profile(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<UserId>,
) -> ApiResult<Json<FollowState>> {
    let outcome = service::follow(&db, &user.id, &id).await?;
    Ok(Json(FollowState {
        following: outcome.following,
        follower_count: outcome.follower_count,
    }))
}

/// Stops following a user; unfollowing again changes nothing.
#[utoipa::path(
    delete,
    path = "/profiles/{id}/follow",
    tag = "profiles",
    operation_id = "unfollowProfile",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The id of the user to unfollow")),
    responses(
        (status = 200, description = "Not following", body = FollowState),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such profile", body = ErrorBody),
    )
)]
async fn unfollow_profile(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<UserId>,
) -> ApiResult<Json<FollowState>> {
    let outcome = service::unfollow(&db, &user.id, &id).await?;
    Ok(Json(FollowState {
        following: outcome.following,
        follower_count: outcome.follower_count,
    }))
}
