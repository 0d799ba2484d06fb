//! `POST /api/v1/tracks/{id}/plays`: the player reports each playback start.

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, PlayRules};
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::ids::TrackId;
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::config::Config;
use backbeat_platform::events::EventBus;

/// The outcome of a reported play.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlayRecorded {
    /// Whether the play raised the track's play count: not when the listener uploaded the
    /// track, nor when they already had a counted play of it within the play-count window
    /// (30 minutes unless configured), nor when their previous counted play (of any track)
    /// started less than 30 seconds ago (unless configured), or less than that track's length
    /// if it is shorter.
    pub counted: bool,
    /// The track's plays, this one included when counted.
    pub plays: i64,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Config>: FromRef<S>,
    Db: FromRef<S>,
    EventBus: FromRef<S>,
    RateLimiter: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(record_play))
}

/// Records a playback start in the listening history, counts it by the rules of plays, and
/// shows it live to the listener's followers. Each user may report 120 plays a minute (unless
/// configured); more are refused with 429 and not recorded.
#[utoipa::path(
    post,
    path = "/tracks/{id}/plays",
    tag = "listening",
    operation_id = "recordPlay",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "The play is recorded", body = PlayRecorded),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not visible to the caller (`not_found`)", body = ErrorBody),
        (status = 409, description = "The track is still processing (`not_ready`) or could not \
            be processed (`processing_failed`)", body = ErrorBody),
        (status = 429, description = "More play reports than the user's budget per minute \
            (`too_many_play_reports`)", body = ErrorBody),
    )
)]
async fn record_play(
    user: AuthUser,
    State(db): State<Db>,
    State(events): State<EventBus>,
    State(config): State<Arc<Config>>,
    State(limiter): State<RateLimiter>,
    Path(id): Path<TrackId>,
) -> ApiResult<Json<PlayRecorded>> {
    let rules = PlayRules::of(&config);
    let play = service::record_play(&db, &events, &limiter, &rules, &user.id, &id).await?;
    Ok(Json(PlayRecorded {
        counted: play.counted,
        plays: play.plays,
    }))
}
