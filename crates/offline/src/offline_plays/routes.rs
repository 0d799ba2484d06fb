//! `POST /api/v1/me/offline-plays`: the app sends the plays it queued offline.

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, State};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::outcome::OfflinePlayOutcome;
use super::service::{self, OfflinePlay};
use backbeat_auth::AuthUser;
use backbeat_catalog::plays::service::PlayRules;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract;
use backbeat_core::ids::TrackId;
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::config::Config;
use backbeat_platform::events::EventBus;

/// A play the app queued while offline.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfflinePlayReport {
    /// The id the app gave the play (a UUID), 1 to 64 characters: a play sent again with the
    /// same id answers its first outcome and changes nothing.
    #[schema(min_length = 1, max_length = 64)]
    pub id: String,
    #[schema(value_type = String)]
    pub track_id: TrackId,
    /// When playback started (RFC 3339).
    pub played_at: Timestamp,
}

/// The plays the app queued while offline.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OfflinePlaysReport {
    /// 1 to 500 plays, in any order.
    #[schema(min_items = 1, max_items = 500)]
    pub plays: Vec<OfflinePlayReport>,
}

/// What became of each play, in the order sent.
#[derive(Debug, Serialize, ToSchema)]
pub struct OfflinePlaysRecorded {
    pub plays: Vec<OfflinePlayOutcome>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<Config>: FromRef<S>,
    Db: FromRef<S>,
    EventBus: FromRef<S>,
    RateLimiter: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(record_offline_plays))
}

/// Records the plays made offline, each once per id, at the time it started: in the listening
/// history, counted under the rules of plays at that time (not the uploader's own, once per
/// listener and track within the window around it, at most what time allows), the uploader
/// credited, and shown to the listener's followers as it arrives. Refused (and not recorded):
/// plays older than 30 days (`too_old`), more than 2 minutes in the future (`in_the_future`),
/// or of a track the listener cannot play (`not_found`). A batch is one report in the user's
/// budget of play reports (120 a minute unless configured); past it, 429 and nothing recorded.
#[utoipa::path(
    post,
    path = "/me/offline-plays",
    tag = "offline",
    operation_id = "recordOfflinePlays",
    security(("bearer" = [])),
    request_body = OfflinePlaysReport,
    responses(
        (status = 200, description = "Each play's outcome, in the order sent", body = OfflinePlaysRecorded),
        (status = 400, description = "No plays or more than 500 (`invalid_batch`), a play id \
            empty or longer than 64 characters (`invalid_play_id`), or the body is not JSON \
            (`invalid_json`); nothing was recorded", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 429, description = "More play reports than the user's budget per minute \
            (`too_many_play_reports`); nothing was recorded", body = ErrorBody),
    )
)]
async fn record_offline_plays(
    user: AuthUser,
    State(db): State<Db>,
    State(events): State<EventBus>,
    State(config): State<Arc<Config>>,
    State(limiter): State<RateLimiter>,
    extract::Json(body): extract::Json<OfflinePlaysReport>,
) -> ApiResult<Json<OfflinePlaysRecorded>> {
    let batch: Vec<OfflinePlay> = body
        .plays
        .into_iter()
        .map(|play| OfflinePlay {
            id: play.id,
            track_id: play.track_id,
            // Whole microseconds, as the database keeps times.
            played_at: Timestamp::from(play.played_at.as_datetime()),
        })
        .collect();
    let rules = PlayRules::of(&config);
    let plays =
        service::record_offline_plays(&db, &events, &limiter, &rules, &user.id, &batch).await?;
    Ok(Json(OfflinePlaysRecorded { plays }))
}
