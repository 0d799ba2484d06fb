//! `/api/v1/tracks`, `/api/v1/artists/{name}`, `/api/v1/me/tracks`, `/api/v1/me/upload-limit`
//! and `/api/v1/home`. Every route needs a signed-in user.

use std::sync::Arc;

use axum::Json;
use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, FromRef, Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::TrackStatus;
use super::service::{
    self, AUDIO_MAX_BYTES, COVER_MAX_BYTES, CatalogError, HomeSummary, UploadAllowance, Uploads,
};
use super::store::TrackRow;
use super::upload_form::{self, FormError};
use crate::app::AppState;
use crate::auth::AuthUser;
use crate::config::Config;
use crate::db::{Db, Timestamp};
use crate::http::error::{ApiError, ApiResult, ErrorBody};
use crate::http::extract::Query;
use crate::media::routes::public_path;
use crate::plans::Plan;

/// The upload's body: both files at their limits and the form around them.
const UPLOAD_BODY_LIMIT: usize = (AUDIO_MAX_BYTES + COVER_MAX_BYTES) as usize + 1024 * 1024;

/// A track as lists show it. A missing album is null (lists show it as 'Single').
#[derive(Debug, Serialize, ToSchema)]
pub struct Track {
    pub id: String,
    pub title: String,
    pub artist: String,
    #[schema(required = true)]
    pub album: Option<String>,
    #[schema(required = true)]
    pub genre: Option<String>,
    /// Length in whole seconds.
    pub duration: i64,
    pub plays: i64,
    pub verified: bool,
    pub status: TrackStatus,
    /// Why processing failed, for the uploader; null unless `status` is `failed`.
    #[schema(required = true)]
    pub failure_reason: Option<String>,
    /// The cover at list size (256 px square); null when the track has none.
    #[schema(required = true)]
    pub cover_url: Option<String>,
    /// The cover at page size (up to 1024 px square); null when the track has none.
    #[schema(required = true)]
    pub cover_large_url: Option<String>,
    /// The uploader's user id.
    pub uploaded_by: String,
    pub created_at: Timestamp,
}

impl From<TrackRow> for Track {
    fn from(row: TrackRow) -> Self {
        Self {
            status: TrackStatus::from_stored(&row.status),
            cover_url: row.cover_key.as_deref().map(public_path),
            cover_large_url: row.cover_large_key.as_deref().map(public_path),
            id: row.id,
            title: row.title,
            artist: row.artist,
            album: row.album,
            genre: row.genre,
            duration: row.duration_secs,
            plays: row.plays,
            verified: row.verified,
            failure_reason: row.failure_reason,
            uploaded_by: row.uploaded_by,
            created_at: row.created_at,
        }
    }
}

fn tracks(rows: Vec<TrackRow>) -> Vec<Track> {
    rows.into_iter().map(Track::from).collect()
}

/// A page of tracks.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrackList {
    pub tracks: Vec<Track>,
    /// Pass as `cursor` for the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TrackQuery {
    /// Search text: matches title, artist, album or genre (case-insensitive substring).
    /// Trimmed; empty lists all tracks.
    pub q: Option<String>,
    /// `next_cursor` of the previous page.
    pub cursor: Option<String>,
    /// Tracks per page: 50 by default, at most 100.
    pub limit: Option<u32>,
}

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

/// The tracks of one album on the artist page.
#[derive(Debug, Serialize, ToSchema)]
pub struct ArtistAlbum {
    /// The album's name; 'Singles' for tracks without one.
    pub name: String,
    /// In upload order.
    pub tracks: Vec<Track>,
}

/// An artist's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct Artist {
    pub name: String,
    pub track_count: i64,
    pub total_plays: i64,
    /// Whether any of the artist's tracks is verified.
    pub verified: bool,
    /// Top tracks: most played first.
    pub tracks: Vec<Track>,
    /// Albums with the newest upload first, 'Singles' last.
    pub albums: Vec<ArtistAlbum>,
    /// The bio of the user named like the artist; null when none.
    #[schema(required = true)]
    pub bio: Option<String>,
    #[schema(required = true)]
    pub avatar_url: Option<String>,
    /// The id of the user named like the artist, for a link to their profile.
    #[schema(required = true)]
    pub profile_id: Option<String>,
}

/// The signed-in user's uploads.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyTracks {
    /// Every state, newest first.
    pub tracks: Vec<Track>,
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

/// The upload form.
#[derive(ToSchema)]
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
    title: String,
    artist: String,
    album: Option<String>,
    genre: Option<String>,
}

impl From<CatalogError> for ApiError {
    fn from(err: CatalogError) -> Self {
        let message = err.to_string();
        match err {
            CatalogError::NoAudio => ApiError::unprocessable("audio_required", message),
            CatalogError::NotAudio => ApiError::unprocessable("not_audio", message),
            CatalogError::UndecodableAudio => ApiError::unprocessable("undecodable_audio", message),
            CatalogError::AudioTooLarge => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "audio_too_large", message)
            }
            CatalogError::NotAnImage => ApiError::unprocessable("invalid_image", message),
            CatalogError::CoverTooLarge => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "cover_too_large", message)
            }
            CatalogError::MissingTitle => ApiError::unprocessable("title_required", message),
            CatalogError::MissingArtist => ApiError::unprocessable("artist_required", message),
            CatalogError::TooLong(_) => ApiError::unprocessable("too_long", message),
            CatalogError::UploadLimitReached => {
                ApiError::new(StatusCode::FORBIDDEN, "upload_limit_reached", message)
            }
            CatalogError::TrackNotFound | CatalogError::ArtistNotFound => {
                ApiError::not_found(message)
            }
            CatalogError::InvalidCursor => ApiError::bad_request("invalid_cursor", message),
            CatalogError::Database(err) => ApiError::internal(err),
            CatalogError::Media(err) => ApiError::internal(err),
            CatalogError::Internal(err) => ApiError::internal(err),
        }
    }
}

impl From<FormError> for ApiError {
    fn from(err: FormError) -> Self {
        match err {
            FormError::Catalog(err) => err.into(),
            FormError::Malformed(text) => ApiError::bad_request("invalid_multipart", text),
            FormError::BodyTooLarge => ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "The request body is too large.",
            ),
        }
    }
}

impl FromRef<AppState> for Uploads {
    fn from_ref(state: &AppState) -> Self {
        Self {
            db: state.db.clone(),
            media: state.media.clone(),
            jobs: state.jobs.clone(),
        }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    let upload = OpenApiRouter::new()
        .routes(routes!(upload_track))
        .layer(DefaultBodyLimit::max(UPLOAD_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(list_tracks))
        .routes(routes!(get_track))
        .routes(routes!(get_artist))
        .routes(routes!(my_tracks))
        .routes(routes!(upload_limit))
        .routes(routes!(home))
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
        (status = 403, description = "The monthly upload limit is reached \
            (`upload_limit_reached`)", body = ErrorBody),
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
    State(config): State<Arc<Config>>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Track>)> {
    let multipart = multipart
        .map_err(|rejection| ApiError::bad_request("invalid_multipart", rejection.body_text()))?;
    let form = upload_form::read(multipart, &config.tmp_dir()).await?;
    let track = uploads.upload(&user.id, form).await?;
    Ok((StatusCode::CREATED, Json(track.into())))
}

/// Ready tracks, newest first, or those matching a search: exact title or artist matches
/// first, then newest first.
#[utoipa::path(
    get,
    path = "/tracks",
    tag = "tracks",
    operation_id = "listTracks",
    security(("bearer" = [])),
    params(TrackQuery),
    responses(
        (status = 200, description = "A page of tracks", body = TrackList),
        (status = 400, description = "An invalid cursor (`invalid_cursor`) or limit", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn list_tracks(
    _user: AuthUser,
    State(db): State<Db>,
    Query(query): Query<TrackQuery>,
) -> ApiResult<Json<TrackList>> {
    let page = service::list_tracks(
        &db,
        query.q.as_deref(),
        query.cursor.as_deref(),
        query.limit,
    )
    .await?;
    Ok(Json(TrackList {
        tracks: tracks(page.tracks),
        next_cursor: page.next_cursor,
    }))
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
    Path(id): Path<String>,
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

/// An artist by exact name: their ready tracks, albums, plays, and the bio and avatar of the
/// user of that name.
#[utoipa::path(
    get,
    path = "/artists/{name}",
    tag = "tracks",
    operation_id = "getArtist",
    security(("bearer" = [])),
    params(("name" = String, Path, description = "The artist's name, URL-encoded")),
    responses(
        (status = 200, description = "The artist", body = Artist),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No ready tracks and no user of that name (`not_found`)", body = ErrorBody),
    )
)]
async fn get_artist(
    _user: AuthUser,
    State(db): State<Db>,
    Path(name): Path<String>,
) -> ApiResult<Json<Artist>> {
    let page = service::artist_page(&db, &name).await?;
    let profile = page.profile;
    Ok(Json(Artist {
        name: page.name,
        track_count: page.top_tracks.len() as i64,
        total_plays: page.total_plays,
        verified: page.verified,
        tracks: tracks(page.top_tracks),
        albums: page
            .albums
            .into_iter()
            .map(|album| ArtistAlbum {
                name: album.name,
                tracks: tracks(album.tracks),
            })
            .collect(),
        bio: profile
            .as_ref()
            .map(|p| p.bio.clone())
            .filter(|bio| !bio.is_empty()),
        avatar_url: profile
            .as_ref()
            .and_then(|p| p.avatar_key.as_deref())
            .map(public_path),
        profile_id: profile.map(|p| p.id),
    }))
}

/// The signed-in user's uploads in every state, newest first.
#[utoipa::path(
    get,
    path = "/me/tracks",
    tag = "tracks",
    operation_id = "getMyTracks",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "My uploads", body = MyTracks),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_tracks(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<MyTracks>> {
    Ok(Json(MyTracks {
        tracks: tracks(service::my_tracks(&db, &user.id).await?),
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
    Ok(Json(service::upload_allowance(&db, &user.id).await?.into()))
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
