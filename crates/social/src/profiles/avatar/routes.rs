//! `POST /api/v1/me/avatar`.

use axum::Json;
use axum::extract::multipart::{Multipart, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, FromRef, State};
use axum::http::StatusCode;
use bytes::BytesMut;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::service::{self, AVATAR_MAX_BYTES};
use crate::profiles::profile::routes::Profile;
use backbeat_auth::AuthUser;
use backbeat_core::db::Db;
use backbeat_core::errors;
use backbeat_core::http::error::{ApiError, ApiResult, ErrorBody};
use backbeat_platform::media::MediaStore;

/// The multipart field that carries the avatar image.
const AVATAR_FIELD: &str = "avatar";
/// Room for the multipart framing around a 2 MB image; the image itself is counted exactly.
const AVATAR_BODY_LIMIT: usize = AVATAR_MAX_BYTES + 64 * 1024;

/// The avatar upload: one image file, PNG, JPEG or WebP, at most 2 MB.
#[derive(ToSchema)]
#[serde(deny_unknown_fields)]
#[allow(
    dead_code,
    reason = "describes the multipart body in the OpenAPI document"
)]
pub struct AvatarUpload {
    #[schema(value_type = String, format = Binary)]
    avatar: Vec<u8>,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
    MediaStore: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(upload_avatar))
        .layer(DefaultBodyLimit::max(AVATAR_BODY_LIMIT))
}

/// Replaces the own avatar. The image is checked by its content, re-encoded without its
/// metadata and scaled to fit 512x512.
#[utoipa::path(
    post,
    path = "/me/avatar",
    tag = "profiles",
    operation_id = "uploadAvatar",
    security(("bearer" = [])),
    request_body(content = AvatarUpload, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The profile with its new avatar", body = Profile),
        (status = 400, description = "The body is not multipart form data, or has a field other \
            than one `avatar` (`invalid_multipart`)", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 413, description = "The image is over 2 MB (`avatar_too_large`)", body = ErrorBody),
        (status = 422, description = "No PNG, JPEG or WebP image (`invalid_image`)", body = ErrorBody),
    )
)]
async fn upload_avatar(
    user: AuthUser,
    State(db): State<Db>,
    State(media): State<MediaStore>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Profile>> {
    let multipart = multipart.map_err(|rejection| {
        ApiError::detailed(errors::INVALID_MULTIPART, rejection.body_text())
    })?;
    let upload = read_avatar_field(multipart).await?;
    let profile = service::replace_avatar(&db, &media, &user.id, upload).await?;
    Ok(Json(profile.into()))
}

/// Reads the `avatar` field, counting its bytes as they arrive: the declared length is not
/// trusted, and reading stops as soon as the image is too large. The form has that field only.
async fn read_avatar_field(mut multipart: Multipart) -> ApiResult<bytes::Bytes> {
    let mut avatar = None;
    while let Some(mut field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() != Some(AVATAR_FIELD) || avatar.is_some() {
            return Err(ApiError::detailed(
                errors::INVALID_MULTIPART,
                "The form must have one field, avatar, and no other.",
            ));
        }
        let mut image = BytesMut::new();
        while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
            if image.len() + chunk.len() > AVATAR_MAX_BYTES {
                return Err(errors::AVATAR_TOO_LARGE.into());
            }
            image.extend_from_slice(&chunk);
        }
        avatar = Some(image.freeze());
    }
    avatar.ok_or_else(|| errors::NOT_AN_IMAGE.into())
}

fn multipart_error(err: MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        errors::AVATAR_TOO_LARGE.into()
    } else {
        ApiError::detailed(errors::INVALID_MULTIPART, err.body_text())
    }
}
