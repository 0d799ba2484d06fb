//! Public media under `/media`: avatars, track covers and house-ad images, so that an `<img>`
//! element can load them without a token. Stored names are unique and never overwritten, so a
//! response may be cached forever. Only the `avatars/`, `covers/` and `ads/` prefixes are served
//! here; track audio goes through signed stream URLs.

use axum::Router;
use axum::body::Body;
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use sha2::{Digest, Sha256};

use super::{MediaError, MediaKey, MediaStore};
use backbeat_core::errors;
use backbeat_core::http::error::ApiError;

const PUBLIC_PREFIX: &str = "/media/";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The URL path at which a publicly served media key is loaded, e.g.
/// `/media/avatars/{userId}/{userId}-{millis}.png`.
pub fn public_path(key: &str) -> String {
    format!("{PUBLIC_PREFIX}{key}")
}

/// The folders of the store served publicly, each as `/media/{folder}/{owner}/{file}`.
const PUBLIC_FOLDERS: [&str; 3] = ["avatars", "covers", "ads"];

pub fn router() -> Router<MediaStore> {
    let mut router = Router::new();
    for folder in PUBLIC_FOLDERS {
        router = router.route(
            &format!("/media/{folder}/{{owner}}/{{file}}"),
            get(
                move |State(media): State<MediaStore>,
                      path: Result<Path<(String, String)>, PathRejection>,
                      request: HeaderMap| async move {
                    public_image(&media, folder, path, &request).await
                },
            ),
        );
    }
    // Anything else under /media is a missing file, never the web app's index page.
    router.route("/media/{*rest}", any(missing))
}

/// Serves `{prefix}/{owner}/{file}` (the owner: a user, or an ad) when it is an image.
async fn public_image(
    media: &MediaStore,
    prefix: &str,
    path: Result<Path<(String, String)>, PathRejection>,
    request: &HeaderMap,
) -> Result<Response, ApiError> {
    let Ok(Path((owner, file))) = path else {
        return Err(not_found());
    };
    if owner.contains('/') || file.contains('/') {
        return Err(not_found());
    }
    let Some(content_type) = mime_guess::from_path(&file)
        .first()
        .filter(|mime| mime.type_() == mime_guess::mime::IMAGE)
    else {
        return Err(not_found());
    };
    let Ok(key) = MediaKey::parse(&format!("{prefix}/{owner}/{file}")) else {
        return Err(not_found());
    };
    let (meta, bytes) = match media.get_with_meta(&key).await {
        Ok(found) => found,
        Err(MediaError::NotFound(_)) => return Err(not_found()),
        Err(err) => return Err(err.into()),
    };

    // S3 answers quoted tags, the local store bare ones; the key identifies the bytes otherwise.
    let e_tag = format!(
        "\"{}\"",
        meta.e_tag
            .map(|tag| tag.trim_start_matches("W/").trim_matches('"').to_owned())
            .filter(|tag| !tag.is_empty())
            .unwrap_or_else(|| hex(&Sha256::digest(key.as_str().as_bytes())[..16]))
    );
    let not_modified = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| {
            tags.split(',')
                .any(|t| t.trim() == e_tag || t.trim() == "*")
        });
    let mut response = if not_modified {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        Response::new(Body::from(bytes))
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE));
    if let Ok(tag) = HeaderValue::from_str(&e_tag) {
        headers.insert(header::ETAG, tag);
    }
    if let Ok(value) = HeaderValue::from_str(content_type.essence_str()) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    Ok(response)
}

async fn missing() -> ApiError {
    not_found()
}

fn not_found() -> ApiError {
    errors::NOT_FOUND.into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_served_under_media() {
        assert_eq!(
            public_path("avatars/u1/u1-1700000000000.png"),
            "/media/avatars/u1/u1-1700000000000.png"
        );
    }
}
