//! `GET /api/v1/tracks/{id}/stream-url`, `GET|HEAD /api/v1/tracks/{id}/stream` and a stem's
//! `GET|HEAD /api/v1/tracks/{id}/stems/{stem}/stream` (its signed URL comes with the stems'
//! state, `GET /api/v1/tracks/{id}/stems`).

use std::sync::Arc;
use std::time::Duration;

use axum::Json;
use axum::body::Body;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::range::RangeRequest;
use super::service::{self, StreamFile, StreamGrant, Streams};
use super::stream_url::StreamUrl;
use crate::catalog::stems::Stem;
use backbeat_auth::{AuthService, AuthUser};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract::Query;
use backbeat_core::ids::TrackId;
use backbeat_platform::media::MediaStore;

/// Players may keep what they fetched for an hour; only this listener's cache may.
const CACHE_CONTROL: &str = "private, max-age=3600";

/// The signature of a stream URL; without it, a bearer token is needed.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StreamQuery {
    /// Expiry, unix seconds.
    pub exp: Option<String>,
    /// `standard`, `high` or `lossless`.
    pub q: Option<String>,
    pub sig: Option<String>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<AuthService>: FromRef<S>,
    Db: FromRef<S>,
    MediaStore: FromRef<S>,
    Streams: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(stream_url))
        .routes(routes!(stream))
        .routes(routes!(stream_stem))
}

/// A signed URL for the track in the listener's plan's quality: standard (MP3 128) on free,
/// high (MP3 320) on basic, lossless (FLAC, or the original of a lossy upload) on premium. It
/// lasts twice the track's length, at least 15 minutes.
#[utoipa::path(
    get,
    path = "/tracks/{id}/stream-url",
    tag = "streaming",
    operation_id = "getStreamUrl",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The track's id")),
    responses(
        (status = 200, description = "The signed URL", body = StreamUrl),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such track, or not visible (`not_found`)", body = ErrorBody),
        (status = 409, description = "Still processing (`not_ready`) or failed \
            (`processing_failed`)", body = ErrorBody),
    )
)]
async fn stream_url(
    user: AuthUser,
    State(db): State<Db>,
    State(auth): State<Arc<AuthService>>,
    State(streams): State<Streams>,
    Path(id): Path<TrackId>,
) -> ApiResult<Json<StreamUrl>> {
    let signed = streams.signed_url(&db, auth.keys(), &user.id, &id).await?;
    Ok(Json(StreamUrl::from(signed)))
}

/// The track's audio, with HTTP ranges (`bytes=a-b`, `a-`, `-n`; of several ranges the first
/// is served), `If-Range` and `If-None-Match`; HEAD answers the headers only. Authorized by
/// the signature of a stream URL, or else by a bearer token (the plan picks the quality). With
/// media on S3 and `BACKBEAT_MEDIA_REDIRECT=presigned`, a request so authorized is redirected
/// (307) to a presigned URL of the file, which answers the ranges and validators itself.
#[utoipa::path(
    get,
    path = "/tracks/{id}/stream",
    tag = "streaming",
    operation_id = "streamTrack",
    security(("bearer" = []), ()),
    params(("id" = String, Path, description = "The track's id"), StreamQuery),
    responses(
        (status = 200, description = "The whole file", content_type = "audio/*", body = Vec<u8>),
        (status = 206, description = "The requested range, with `Content-Range`", content_type = "audio/*", body = Vec<u8>),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 307, description = "Redirected to a presigned URL of the file in S3 \
            (`BACKBEAT_MEDIA_REDIRECT=presigned`), valid until the stream URL expires"),
        (status = 401, description = "Neither a signature nor a bearer token", body = ErrorBody),
        (status = 403, description = "Expired or altered signature (`invalid_signature`)", body = ErrorBody),
        (status = 404, description = "No such track (`not_found`)", body = ErrorBody),
        (status = 409, description = "Still processing (`not_ready`)", body = ErrorBody),
        (status = 416, description = "The range starts past the end; `Content-Range: bytes */<size>`"),
    )
)]
#[allow(
    clippy::too_many_arguments,
    reason = "an axum handler takes each extractor as an argument"
)]
async fn stream(
    method: Method,
    user: Option<AuthUser>,
    State(db): State<Db>,
    State(auth): State<Arc<AuthService>>,
    State(streams): State<Streams>,
    State(media): State<MediaStore>,
    Path(id): Path<TrackId>,
    Query(query): Query<StreamQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let signed = query.exp.is_some() || query.q.is_some() || query.sig.is_some();
    let now = Timestamp::now().unix_seconds();
    let file = if signed {
        let grant = StreamGrant {
            expires: query.exp.as_deref().unwrap_or_default(),
            quality: query.q.as_deref().unwrap_or_default(),
            sig: query.sig.as_deref().unwrap_or_default(),
        };
        streams
            .file_for_signature(&db, auth.keys(), &id, &grant, now)
            .await?
    } else {
        let user = user.ok_or(errors::SESSION_MISSING)?;
        streams.file_for_listener(&db, &user.id, &id).await?
    };
    let redirect_lifetime = redirect_lifetime(signed.then_some(&query), now);
    serve(&media, &file, &method, &headers, redirect_lifetime).await
}

/// A stem of the track (`vocals` or `accompaniment`), served (or redirected) as the track's
/// audio is. Authorized by the signature of the stem's URL, or else by a bearer token.
#[utoipa::path(
    get,
    path = "/tracks/{id}/stems/{stem}/stream",
    tag = "streaming",
    operation_id = "streamStem",
    security(("bearer" = []), ()),
    params(
        ("id" = String, Path, description = "The track's id"),
        ("stem" = inline(Stem), Path, description = "`vocals` or `accompaniment`"),
        StreamQuery,
    ),
    responses(
        (status = 200, description = "The whole file", content_type = "audio/*", body = Vec<u8>),
        (status = 206, description = "The requested range, with `Content-Range`", content_type = "audio/*", body = Vec<u8>),
        (status = 304, description = "Not modified (`If-None-Match`)"),
        (status = 307, description = "Redirected to a presigned URL of the file in S3 \
            (`BACKBEAT_MEDIA_REDIRECT=presigned`), valid until the stream URL expires"),
        (status = 401, description = "Neither a signature nor a bearer token", body = ErrorBody),
        (status = 403, description = "Expired or altered signature (`invalid_signature`)", body = ErrorBody),
        (status = 404, description = "No such track or stem, or the stems are not ready (`not_found`)", body = ErrorBody),
        (status = 416, description = "The range starts past the end; `Content-Range: bytes */<size>`"),
    )
)]
#[allow(
    clippy::too_many_arguments,
    reason = "an axum handler takes each extractor as an argument"
)]
async fn stream_stem(
    method: Method,
    user: Option<AuthUser>,
    State(db): State<Db>,
    State(auth): State<Arc<AuthService>>,
    State(streams): State<Streams>,
    State(media): State<MediaStore>,
    Path((id, stem)): Path<(TrackId, String)>,
    Query(query): Query<StreamQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let stem = Stem::parse(&stem).ok_or(errors::STEMS_NOT_FOUND)?;
    let signed = query.exp.is_some() || query.q.is_some() || query.sig.is_some();
    let now = Timestamp::now().unix_seconds();
    let file = if signed {
        let grant = StreamGrant {
            expires: query.exp.as_deref().unwrap_or_default(),
            quality: query.q.as_deref().unwrap_or_default(),
            sig: query.sig.as_deref().unwrap_or_default(),
        };
        streams
            .file_for_stem_signature(&db, auth.keys(), &id, stem, &grant, now)
            .await?
    } else {
        let user = user.ok_or(errors::SESSION_MISSING)?;
        streams
            .stem_file_for_listener(&db, &user.id, &id, stem)
            .await?
    };
    let redirect_lifetime = redirect_lifetime(signed.then_some(&query), now);
    serve(&media, &file, &method, &headers, redirect_lifetime).await
}

/// How long the presigned URL a stream redirects to lasts: until the signed stream URL expires
/// (its signature holds, so its expiry is a number), or for a bearer token's request as long
/// as the shortest stream URL; S3 allows at most a week.
fn redirect_lifetime(signed: Option<&StreamQuery>, now: i64) -> Duration {
    let expires = signed.and_then(|query| query.exp.as_deref()?.parse::<i64>().ok());
    let secs = match expires {
        Some(expires) => expires - now,
        None => service::MIN_URL_LIFETIME_SECS,
    };
    Duration::from_secs(secs.clamp(1, 7 * 24 * 3600).unsigned_abs())
}

/// Answers a stream request for `file`: 200, 206, 304 or 416, the body read as it is sent; or,
/// when streams redirect (media on S3, `BACKBEAT_MEDIA_REDIRECT=presigned`), 307 to a presigned
/// URL of the file lasting `redirect_lifetime`, whose answers (ranges, ETag) come from S3.
/// The Subsonic API serves its streams with it too.
pub async fn serve(
    media: &MediaStore,
    file: &StreamFile,
    method: &Method,
    request: &HeaderMap,
    redirect_lifetime: Duration,
) -> ApiResult<Response> {
    let redirect = media
        .stream_redirect(
            &file.key,
            method.clone(),
            redirect_lifetime,
            &file.content_type,
            CACHE_CONTROL,
        )
        .await?;
    if let Some(url) = redirect {
        let mut response = StatusCode::TEMPORARY_REDIRECT.into_response();
        insert(&mut response, header::LOCATION, url);
        // The presigned URL expires: a cached redirect would outlive it.
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return Ok(response);
    }
    let header_text = |name| {
        request
            .get(name)
            .and_then(|v: &HeaderValue| v.to_str().ok())
    };
    let not_modified = header_text(header::IF_NONE_MATCH).is_some_and(|tags| {
        tags.split(',')
            .any(|tag| tag.trim() == file.e_tag || tag.trim() == "*")
    });
    if not_modified {
        return Ok(with_file_headers(
            StatusCode::NOT_MODIFIED.into_response(),
            file,
        ));
    }
    // A range applies only to the version the client has (strong comparison; a date never
    // matches, we send no Last-Modified): else the whole file.
    let range = match header_text(header::IF_RANGE) {
        Some(tag) if tag.trim() != file.e_tag => None,
        _ => header_text(header::RANGE),
    };
    let (status, bytes) = match RangeRequest::parse(range, file.size) {
        RangeRequest::Full => (StatusCode::OK, 0..file.size),
        RangeRequest::Partial(bytes) => (StatusCode::PARTIAL_CONTENT, bytes),
        RangeRequest::Unsatisfiable => {
            let mut response = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
            insert(
                &mut response,
                header::CONTENT_RANGE,
                format!("bytes */{}", file.size),
            );
            return Ok(with_file_headers(response, file));
        }
    };
    let body = if method == Method::HEAD || bytes.is_empty() {
        Body::empty()
    } else {
        Body::from_stream(media.stream_range(&file.key, bytes.clone()).await?)
    };
    let mut response = Response::new(body);
    *response.status_mut() = status;
    if status == StatusCode::PARTIAL_CONTENT {
        insert(
            &mut response,
            header::CONTENT_RANGE,
            format!("bytes {}-{}/{}", bytes.start, bytes.end - 1, file.size),
        );
    }
    insert(
        &mut response,
        header::CONTENT_LENGTH,
        (bytes.end - bytes.start).to_string(),
    );
    insert(
        &mut response,
        header::CONTENT_TYPE,
        file.content_type.clone(),
    );
    Ok(with_file_headers(response, file))
}

fn with_file_headers(mut response: Response, file: &StreamFile) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static(CACHE_CONTROL),
    );
    if let Ok(tag) = HeaderValue::from_str(&file.e_tag) {
        headers.insert(header::ETAG, tag);
    }
    response
}

fn insert(response: &mut Response, name: header::HeaderName, value: String) {
    if let Ok(value) = HeaderValue::try_from(value) {
        response.headers_mut().insert(name, value);
    }
}
