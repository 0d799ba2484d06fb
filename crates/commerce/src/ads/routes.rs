//! `GET /api/v1/ads`, `POST /api/v1/ads/{id}/impressions`, and clicks: the counting redirect
//! `GET /api/v1/ads/{id}/clicks` (a signed link) and `POST /api/v1/ads/{id}/clicks` (bearer).

use std::sync::Arc;

use axum::Json;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::Slot;
use super::click_link::ClickGrant;
use super::service::{self, AdSlot};
use backbeat_auth::{AuthService, AuthUser};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_platform::config::Config;

/// Where a clicked ad leads.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClickTarget {
    pub target_url: String,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SlotQuery {
    /// `banner` or `popup` (anything else, or none, is answered 400 `invalid_slot`).
    #[param(required = true, value_type = Slot)]
    pub slot: Option<String>,
}

/// The signature of a click link.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ClickQuery {
    /// The user the ad was served to.
    pub user: Option<String>,
    /// Expiry, unix seconds.
    pub expires: Option<String>,
    pub signature: Option<String>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Arc<Config>: FromRef<S>,
    Db: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(ad_for_slot))
        .routes(routes!(record_impression))
        .routes(routes!(follow_click_link, record_click))
}

/// The ad to show in a slot. Free-plan users get one active ad of the slot (the one they have
/// seen least today) and the ad network's script when one is configured; basic and premium
/// users get neither.
#[utoipa::path(
    get,
    path = "/ads",
    tag = "ads",
    operation_id = "getAd",
    security(("bearer" = [])),
    params(SlotQuery),
    responses(
        (status = 200, description = "What to show (all null for paid plans)", body = AdSlot),
        (status = 400, description = "The slot is not `banner` or `popup` (`invalid_slot`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn ad_for_slot(
    user: AuthUser,
    State(db): State<Db>,
    State(auth): State<Arc<AuthService>>,
    State(config): State<Arc<Config>>,
    Query(query): Query<SlotQuery>,
) -> ApiResult<Json<AdSlot>> {
    let shown = service::offer(
        &db,
        auth.keys().secret(),
        config.ad_network_script_url.as_deref(),
        &user.id,
        query.slot.as_deref().unwrap_or_default(),
        Timestamp::now(),
    )
    .await?;
    Ok(Json(shown))
}

/// Reports that the ad was shown. Counted once per user, ad and UTC day, for free-plan users
/// only (a paid user's report is answered the same and not counted).
#[utoipa::path(
    post,
    path = "/ads/{id}/impressions",
    tag = "ads",
    operation_id = "recordAdImpression",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The ad's id")),
    responses(
        (status = 204, description = "Recorded (or already counted today)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such ad, or it is disabled (`not_found`)", body = ErrorBody),
    )
)]
async fn record_impression(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<String>,
) -> ApiResult<StatusCode> {
    service::record_impression(&db, &user.id, &id, Timestamp::now()).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The counting redirect of an ad's `click_url`: counts the click of the user the link was
/// signed for (once per user, ad and UTC day, free plan only) and redirects to the ad's
/// target, also when the ad has been disabled since. No bearer token needed.
#[utoipa::path(
    get,
    path = "/ads/{id}/clicks",
    tag = "ads",
    operation_id = "followAdClick",
    params(("id" = String, Path, description = "The ad's id"), ClickQuery),
    responses(
        (status = 302, description = "To the ad's target",
            headers(("Location" = String, description = "The ad's target URL"))),
        (status = 403, description = "Missing, altered or expired signature (`invalid_signature`)", body = ErrorBody),
        (status = 404, description = "No such ad (`not_found`)", body = ErrorBody),
    )
)]
async fn follow_click_link(
    State(db): State<Db>,
    State(auth): State<Arc<AuthService>>,
    Path(id): Path<String>,
    Query(query): Query<ClickQuery>,
) -> ApiResult<Response> {
    let link = ClickGrant {
        user: query.user.as_deref().unwrap_or_default(),
        expires: query.expires.as_deref().unwrap_or_default(),
        signature: query.signature.as_deref().unwrap_or_default(),
    };
    let target =
        service::follow_click_link(&db, auth.keys().secret(), &id, &link, Timestamp::now()).await?;
    let location = HeaderValue::try_from(target).map_err(|_| {
        errors::Failure::unexpected(anyhow::anyhow!("the ad {id} has an unsendable target"))
    })?;
    Ok((
        StatusCode::FOUND,
        [
            (header::LOCATION, location),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
    )
        .into_response())
}

/// Counts a click for API clients (the same rules as the redirect) and answers where the ad
/// leads.
#[utoipa::path(
    post,
    path = "/ads/{id}/clicks",
    tag = "ads",
    operation_id = "recordAdClick",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The ad's id")),
    responses(
        (status = 200, description = "Recorded (or already counted today)", body = ClickTarget),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such ad (`not_found`)", body = ErrorBody),
    )
)]
async fn record_click(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<String>,
) -> ApiResult<Json<ClickTarget>> {
    let target_url = service::record_click(&db, &user.id, &id, Timestamp::now()).await?;
    Ok(Json(ClickTarget { target_url }))
}
