//! `GET /api/v1/home`.

use axum::Json;
use axum::extract::{FromRef, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, HomeSummary};
use backbeat_auth::AuthUser;
use backbeat_catalog::catalog::track::{Track, tracks};
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_platform::plans::Plan;

/// The stat cards of the home page.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeStats {
    pub your_tracks: i64,
    pub liked_songs: i64,
    pub playlists: i64,
    pub current_plan: Plan,
}

/// The home page.
#[derive(Debug, Serialize, ToSchema)]
pub struct Home {
    pub stats: HomeStats,
    /// The 8 newest ready tracks.
    pub recent: Vec<Track>,
}

impl From<HomeSummary> for Home {
    fn from(summary: HomeSummary) -> Self {
        Self {
            stats: HomeStats {
                your_tracks: summary.your_tracks,
                liked_songs: summary.liked_songs,
                playlists: summary.playlists,
                current_plan: summary.plan,
            },
            recent: tracks(summary.recent),
        }
    }
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(home))
}

/// The home page: stat cards and the 8 newest tracks.
#[utoipa::path(
    get,
    path = "/home",
    tag = "tracks",
    operation_id = "getHome",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The home page", body = Home),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn home(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<Home>> {
    Ok(Json(service::home(&db, &user.id).await?.into()))
}
