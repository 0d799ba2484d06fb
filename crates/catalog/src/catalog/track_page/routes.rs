//! `GET /api/v1/tracks/{id}`: the track page.

use axum::Json;
use axum::extract::{FromRef, Path, State};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service;
use crate::catalog::track::{Track, tracks};
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::ids::TrackId;
use backbeat_platform::media::routes::public_path;

/// Who uploaded a track.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackUploader {
    pub id: String,
    pub name: String,
    #[schema(required = true)]
    pub avatar_url: Option<String>,
}

/// A track with what its page shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackDetail {
    #[serde(flatten)]
    pub track: Track,
    /// Waveform peaks (0-255) to draw; null until processed.
    #[schema(required = true)]
    pub waveform: Option<Vec<u8>>,
    /// EBU R128 integrated loudness; null until processed or for silence.
    #[schema(required = true)]
    pub loudness_lufs: Option<f64>,
    pub uploader: TrackUploader,
    /// Up to 5 ready tracks by the same artist or on the same album, most played first.
    pub up_next: Vec<Track>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
{
    OpenApiRouter::new().routes(routes!(get_track))
}

/// A track with its waveform, loudness, uploader and Up Next. A track that is not ready is
/// shown to its uploader only.
#[utoipa::path(
    get,
    path = "/tracks/{id}",
    tag = "tracks",
    operation_id = "getTrack",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "The track", body = TrackDetail),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not yet visible (`not_found`)", body = ErrorBody),
    )
)]
async fn get_track(
    user: AuthUser,
    State(db): State<Db>,
    Path(id): Path<TrackId>,
) -> ApiResult<Json<TrackDetail>> {
    let detail = service::track_detail(&db, &user.id, &id).await?;
    Ok(Json(TrackDetail {
        track: detail.track.into(),
        waveform: detail.waveform,
        loudness_lufs: detail.loudness_lufs,
        uploader: TrackUploader {
            id: detail.uploader.id,
            name: detail.uploader.name,
            avatar_url: detail.uploader.avatar_key.as_deref().map(public_path),
        },
        up_next: tracks(detail.up_next),
    }))
}
