//! `POST /api/v1/tracks/{id}/stems` (start AutoMix) and `GET /api/v1/tracks/{id}/stems` (its
//! state, with the stems' signed URLs when ready).

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, Path, State};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{Automix, Start, StemsView};
use super::status::StemStatus;
use backbeat_auth::{AuthService, AuthUser};
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::ids::TrackId;

/// A track's stems: `none` (never separated), `loading` (with progress), `ready` (with the
/// URLs) or `error` (with the message). Every field is always present.
#[derive(Debug, Serialize, ToSchema)]
pub struct Stems {
    pub status: StemStatus,
    /// Whole percent 0 to 100: how far the separation is (100 when ready).
    pub progress: i64,
    /// A signed URL of the vocals in the listener's plan's quality; null unless ready.
    #[schema(required = true)]
    pub vocals_url: Option<String>,
    /// A signed URL of the accompaniment ('Music'); null unless ready.
    #[schema(required = true)]
    pub accompaniment_url: Option<String>,
    /// Why the separation failed; null unless `status` is `error`.
    #[schema(required = true)]
    pub error: Option<String>,
}

impl From<StemsView> for Stems {
    fn from(view: StemsView) -> Self {
        Self {
            status: view.status,
            progress: view.progress,
            vocals_url: view.vocals_url,
            accompaniment_url: view.accompaniment_url,
            error: view.error,
        }
    }
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Automix: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(get_stems, start_stems))
}

/// The stems of a track: their state, and when ready signed URLs of the vocals and the
/// accompaniment (lasting as stream URLs do).
#[utoipa::path(
    get,
    path = "/tracks/{id}/stems",
    tag = "automix",
    operation_id = "getStems",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "The stems' state", body = Stems),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not visible (`not_found`)", body = ErrorBody),
    )
)]
async fn get_stems(
    user: AuthUser,
    State(automix): State<Automix>,
    State(auth): State<Arc<AuthService>>,
    Path(id): Path<TrackId>,
) -> ApiResult<Json<Stems>> {
    let view = automix.stems(auth.keys(), &user.id, &id).await?;
    Ok(Json(view.into()))
}

/// Starts separating the track into vocals and accompaniment (AutoMix). Stems already loading
/// or ready are answered as they are (200, not counted); otherwise a separation starts (202),
/// counted against the limit of separations a user may start per 24 hours.
#[utoipa::path(
    post,
    path = "/tracks/{id}/stems",
    tag = "automix",
    operation_id = "startStems",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "The stems were already loading or ready", body = Stems),
        (status = 202, description = "The separation started (`loading`)", body = Stems),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not visible (`not_found`)", body = ErrorBody),
        (status = 409, description = "The track is still processing (`not_ready`) or could not \
            be processed (`processing_failed`)", body = ErrorBody),
        (status = 429, description = "The user's limit of separations per 24 hours is reached \
            (`automix_limit_reached`)", body = ErrorBody),
        (status = 503, description = "No separator is installed (`automix_unavailable`); the \
            server's log and `backbeat models status` say how to install one", body = ErrorBody),
    )
)]
async fn start_stems(
    user: AuthUser,
    State(automix): State<Automix>,
    State(auth): State<Arc<AuthService>>,
    Path(id): Path<TrackId>,
) -> ApiResult<(StatusCode, Json<Stems>)> {
    let (start, view) = automix.start(auth.keys(), &user.id, &id).await?;
    let status = match start {
        Start::Started => StatusCode::ACCEPTED,
        Start::Existing => StatusCode::OK,
    };
    Ok((status, Json(view.into())))
}
