//! `GET /api/v1/me/offline` (the check-in), `POST /api/v1/me/offline/grants` (download),
//! `DELETE /api/v1/me/offline/grants/{track_id}` and `DELETE /api/v1/me/offline/grants`.

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::grant::{OfflineDownload, OfflineStatus};
use super::service;
use backbeat_auth::{AuthService, AuthUser};
use backbeat_catalog::streaming::Streams;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract;
use backbeat_core::ids::TrackId;

/// The tracks to download.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfflineGrantRequest {
    /// 1 to 500 track ids; duplicates are ignored.
    #[schema(value_type = Vec<String>, min_items = 1, max_items = 500)]
    pub track_ids: Vec<TrackId>,
}

/// The grant: the status after it, and every asked track with its download URL.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfflineDownloads {
    pub status: OfflineStatus,
    /// In the order asked, each track once.
    pub downloads: Vec<OfflineDownload>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Db: FromRef<S>,
    Streams: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(get_offline_status))
        .routes(routes!(grant_offline_tracks, remove_all_offline_tracks))
        .routes(routes!(remove_offline_track))
}

/// The check-in of the installed app: ends the downloads the plan no longer allows (all of them
/// on Free; on Basic past 10 hours after a downgrade, the newest until the rest fits) and lists
/// those that remain, with the plan's allowance and until when the app may play them offline
/// (30 days after this check-in). The app deletes the downloads of tracks not listed.
#[utoipa::path(
    get,
    path = "/me/offline",
    tag = "offline",
    operation_id = "getOfflineStatus",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "What the caller may keep downloaded", body = OfflineStatus),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn get_offline_status(
    user: AuthUser,
    State(db): State<Db>,
) -> ApiResult<Json<OfflineStatus>> {
    Ok(Json(service::check_in(&db, &user.id).await?))
}

/// Grants tracks for download, all or none, and answers a signed URL of each in the plan's
/// quality. Basic allows 10 hours of audio in total, Premium is unlimited, Free none. Tracks
/// granted already are answered again (a fresh URL) without counting twice.
#[utoipa::path(
    post,
    path = "/me/offline/grants",
    tag = "offline",
    operation_id = "grantOfflineTracks",
    security(("bearer" = [])),
    request_body = OfflineGrantRequest,
    responses(
        (status = 200, description = "Granted: the status after the grant and the downloads", body = OfflineDownloads),
        (status = 400, description = "No track ids or more than 500 (`invalid_batch`), or the \
            body is not JSON (`invalid_json`); nothing was granted", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The plan has no downloads (`offline_not_in_plan`), or the \
            new tracks would pass its allowance (`offline_limit_reached`); nothing was granted", body = ErrorBody),
        (status = 404, description = "A track that does not exist or is not visible to the \
            caller (`not_found`); nothing was granted", body = ErrorBody),
        (status = 409, description = "A track of the caller's own still processing \
            (`not_ready`) or that could not be processed (`processing_failed`); nothing was \
            granted", body = ErrorBody),
    )
)]
async fn grant_offline_tracks(
    user: AuthUser,
    State(db): State<Db>,
    State(auth): State<Arc<AuthService>>,
    State(streams): State<Streams>,
    extract::Json(body): extract::Json<OfflineGrantRequest>,
) -> ApiResult<Json<OfflineDownloads>> {
    let (status, downloads) =
        service::grant(&db, auth.keys(), &streams, &user.id, &body.track_ids).await?;
    Ok(Json(OfflineDownloads { status, downloads }))
}

/// Ends the caller's download grant of a track; nothing changes when there is none.
#[utoipa::path(
    delete,
    path = "/me/offline/grants/{track_id}",
    tag = "offline",
    operation_id = "removeOfflineTrack",
    security(("bearer" = [])),
    params(("track_id" = String, Path, description = "The track's id")),
    responses(
        (status = 204, description = "Not granted (any more)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn remove_offline_track(
    user: AuthUser,
    State(db): State<Db>,
    Path(track_id): Path<TrackId>,
) -> ApiResult<StatusCode> {
    service::remove(&db, &user.id, &track_id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Ends every download grant of the caller; nothing changes when there is none.
#[utoipa::path(
    delete,
    path = "/me/offline/grants",
    tag = "offline",
    operation_id = "removeAllOfflineTracks",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "No grants (any more)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn remove_all_offline_tracks(user: AuthUser, State(db): State<Db>) -> ApiResult<StatusCode> {
    service::remove_all(&db, &user.id).await?;
    Ok(StatusCode::NO_CONTENT)
}
