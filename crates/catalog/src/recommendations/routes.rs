//! `GET /api/v1/recommendations`.

use axum::Json;
use axum::extract::{FromRef, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::kept::KeptLists;
use super::service;
use crate::catalog::track::Track;
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};

/// Tracks recommended to the caller.
#[derive(Debug, Serialize, ToSchema)]
pub struct Recommendations {
    /// Up to 10, best first; empty only when the catalog has no ready track but the caller's.
    pub tracks: Vec<Track>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
    KeptLists: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(recommendations))
}

/// Up to 10 tracks for the caller, best first: neighbours (learnt from co-listens and co-likes
/// by a background job) of the caller's latest listens and likes and popular tracks of their
/// main genres and artists, ranked by similarity, taste and popularity; never the caller's own
/// uploads nor what they played in the last 30 days; at most two per artist while others can
/// fill the ten; then the newest tracks of the catalog. Without history: the newest tracks.
#[utoipa::path(
    get,
    path = "/recommendations",
    tag = "listening",
    operation_id = "getRecommendations",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Recommended tracks", body = Recommendations),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn recommendations(
    user: AuthUser,
    State(db): State<Db>,
    State(kept): State<KeptLists>,
) -> ApiResult<Json<Recommendations>> {
    let tracks = service::recommend_kept(&db, &kept, &user.id).await?;
    Ok(Json(Recommendations {
        tracks: tracks.into_iter().map(Track::from).collect(),
    }))
}
