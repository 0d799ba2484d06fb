//! `POST /api/v1/tracks` (the upload), `GET /api/v1/me/tracks` (my uploads) and
//! `GET /api/v1/me/upload-limit`.

use axum::Json;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::form::{self, AUDIO_MAX_BYTES, COVER_MAX_BYTES};
use super::limit::{self, UploadAllowance};
use super::service::{self, Uploads};
use super::track_text;
use crate::catalog::track::{Track, tracks};
use backbeat_auth::AuthUser;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors;
use backbeat_core::http::error::{ApiError, ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::http::page::PageQuery;
use backbeat_platform::plans::Plan;

/// The upload's body: both files at their limits and the form around them.
const UPLOAD_BODY_LIMIT: usize = (AUDIO_MAX_BYTES + COVER_MAX_BYTES) as usize + 1024 * 1024;

/// A page of the signed-in user's uploads.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyTracks {
    /// Every state, newest first.
    pub tracks: Vec<Track>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

/// The monthly upload limit of the signed-in user.
#[derive(Debug, Serialize, ToSchema)]
pub struct UploadLimit {
    /// Uploads this calendar month (UTC).
    pub used: i64,
    /// Uploads the plan allows per month; null when unlimited.
    #[schema(required = true)]
    pub limit: Option<u32>,
    pub plan: Plan,
    /// When the count starts again: the first of next month, 00:00 UTC.
    pub resets_at: Timestamp,
}

impl From<UploadAllowance> for UploadLimit {
    fn from(allowance: UploadAllowance) -> Self {
        Self {
            used: allowance.used,
            limit: allowance.limit,
            plan: allowance.plan,
            resets_at: allowance.resets_at,
        }
    }
}

/// The upload form.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(
    dead_code,
    reason = "describes the multipart body in the OpenAPI document"
)]
pub struct TrackUpload {
    /// MP3, WAV, OGG (Vorbis) or FLAC, at most 50 MB; checked by decoding it.
    #[schema(value_type = String, format = Binary)]
    audio: Vec<u8>,
    /// JPEG, PNG or WebP, at most 5 MB.
    #[schema(value_type = Option<String>, format = Binary)]
    cover: Option<Vec<u8>>,
    #[schema(schema_with = required_text_schema)]
    title: String,
    #[schema(schema_with = required_text_schema)]
    artist: String,
    #[schema(schema_with = optional_text_schema)]
    album: Option<String>,
    #[schema(schema_with = optional_text_schema)]
    genre: Option<String>,
}

fn required_text_schema() -> Object {
    track_text::REQUIRED_RULES.schema(
        "Control characters count as spaces; trimmed, 1 to 200 characters (`title_required`, \
         `artist_required`, `too_long`).",
    )
}

fn optional_text_schema() -> Object {
    track_text::OPTIONAL_RULES.schema(
        "Control characters count as spaces; trimmed, at most 200 characters; empty for none.",
    )
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Uploads: FromRef<S>,
    Db: FromRef<S>,
{
    let upload = OpenApiRouter::new()
        .routes(routes!(upload_track))
        .layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(my_tracks))
        .routes(routes!(upload_limit))
        .merge(upload)
}

/// Uploads a track. The audio is checked by decoding it (never by its name or type), the
/// cover by decoding it; files are counted as they arrive. The track starts `processing`;
/// it turns `ready` once its renditions exist. When any check fails nothing is stored.
#[utoipa::path(
    post,
    path = "/tracks",
    tag = "tracks",
    operation_id = "uploadTrack",
    security(("bearer" = [])),
    request_body(content = TrackUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "The new track, processing", body = Track),
        (status = 400, description = "The body is not multipart form data", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "The artist name is a verified artist's and the caller \
            is not their account (`artist_name_verified`), or the monthly upload limit is \
            reached (`upload_limit_reached`)", body = ErrorBody),
        (status = 429, description = "The caller has as many uploads in progress as allowed \
            (`too_many_uploads`); the body is read past, nothing is stored or decoded", body = ErrorBody),
        (status = 413, description = "The audio is over 50 MB (`audio_too_large`) or the cover \
            over 5 MB (`cover_too_large`)", body = ErrorBody),
        (status = 422, description = "No audio (`audio_required`), not audio (`not_audio`), \
            audio that does not decode (`undecodable_audio`), a cover that is not an image \
            (`invalid_image`), no title (`title_required`), no artist (`artist_required`), or \
            a field over 200 characters (`too_long`)", body = ErrorBody),
    )
)]
async fn upload_track(
    user: AuthUser,
    State(uploads): State<Uploads>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Track>)> {
    let mut multipart = multipart.map_err(|rejection| {
        ApiError::detailed(errors::INVALID_MULTIPART, rejection.body_text())
    })?;
    // A user's uploads beyond the few in progress are refused before anything is stored or
    // decoded; their body is only read past, so the client sees the answer.
    let _in_progress = match uploads.gate.enter(&user.id) {
        Ok(ticket) => ticket,
        Err(refused) => {
            form::discard(&mut multipart).await;
            return Err(refused.into());
        }
    };
    let form = form::read(multipart, &uploads.tmp_dir).await?;
    let track = uploads.upload(&user.id, form).await?;
    Ok((StatusCode::CREATED, Json(track.into())))
}

/// A page of the signed-in user's uploads in every state, newest first.
#[utoipa::path(
    get,
    path = "/me/tracks",
    tag = "tracks",
    operation_id = "getMyTracks",
    security(("bearer" = [])),
    params(PageQuery),
    responses(
        (status = 200, description = "A page of my uploads", body = MyTracks),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_tracks(
    user: AuthUser,
    State(db): State<Db>,
    Query(page): Query<PageQuery>,
) -> ApiResult<Json<MyTracks>> {
    let page = service::my_tracks(&db, &user.id, &page.request()?).await?;
    Ok(Json(MyTracks {
        tracks: tracks(page.items),
        next_cursor: page.next_cursor,
    }))
}

/// Uploads used this calendar month (UTC) and the plan's limit.
#[utoipa::path(
    get,
    path = "/me/upload-limit",
    tag = "tracks",
    operation_id = "getUploadLimit",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The upload limit", body = UploadLimit),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn upload_limit(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<UploadLimit>> {
    Ok(Json(limit::upload_allowance(&db, &user.id).await?.into()))
}
