//! Serves the React app: files of the Vite build by path, `index.html` for every other path so
//! that client-side routes load the app.
//!
//! Release builds embed `web/dist`, so one file deploys. `web_dir` in the configuration serves a
//! folder instead (development, tests). Hashed files under `assets/` never change and are cached
//! for a year; everything else, `index.html` first, is revalidated on every use by its ETag.
//! A missing file under `assets/` is a 404, never the index page.

use std::borrow::Cow;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "$BACKBEAT_WEB_DIST"]
#[allow_missing = true]
struct EmbeddedWeb;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// Where the web app's files come from.
#[derive(Clone, Debug)]
pub enum WebAssets {
    Embedded,
    Dir(Arc<PathBuf>),
}

struct Asset {
    bytes: Cow<'static, [u8]>,
    e_tag: String,
}

impl WebAssets {
    pub fn new(dir: Option<PathBuf>) -> Self {
        match dir {
            Some(dir) => Self::Dir(Arc::new(dir)),
            None => Self::Embedded,
        }
    }

    /// Whether the app's `index.html` is available.
    pub fn is_built(&self) -> bool {
        self.load("index.html").is_some()
    }

    fn load(&self, path: &str) -> Option<Asset> {
        match self {
            Self::Embedded => EmbeddedWeb::get(path).map(|file| Asset {
                e_tag: format!("\"{}\"", hex(&file.metadata.sha256_hash()[..16])),
                bytes: file.data,
            }),
            Self::Dir(root) => {
                let file = root.join(safe_relative(path)?);
                let meta = std::fs::metadata(&file).ok().filter(|m| m.is_file())?;
                let modified = meta
                    .modified()
                    .ok()
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .map_or(0, |d| d.as_nanos());
                Some(Asset {
                    e_tag: format!("\"{:x}-{:x}\"", meta.len(), modified),
                    bytes: Cow::Owned(std::fs::read(file).ok()?),
                })
            }
        }
    }
}

/// Fallback handler for every path no other route matched.
pub async fn serve(
    State(assets): State<WebAssets>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = uri.path().trim_start_matches('/');
    if !path.is_empty()
        && let Some(asset) = assets.load(path)
    {
        let cache = if path.starts_with("assets/") {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        return respond(&method, &headers, path, asset, cache);
    }
    // A missing build file (a client still running an older deploy) must not get the HTML page,
    // which the browser would try to run as a script.
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    match assets.load("index.html") {
        Some(index) => respond(&method, &headers, "index.html", index, REVALIDATE),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "The Backbeat web app is not part of this build. Run `make build`, or set BACKBEAT_WEB_DIR.\n",
        )
            .into_response(),
    }
}

fn respond(
    method: &Method,
    request: &HeaderMap,
    path: &str,
    asset: Asset,
    cache: &'static str,
) -> Response {
    let not_modified = request
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|tags| tags.split(',').any(|tag| tag.trim() == asset.e_tag));
    let content_type = mime_guess::from_path(path).first_or_octet_stream();
    let mut response = if not_modified {
        StatusCode::NOT_MODIFIED.into_response()
    } else if method == Method::HEAD {
        let mut head = Response::new(Body::empty());
        head.headers_mut()
            .insert(header::CONTENT_LENGTH, HeaderValue::from(asset.bytes.len()));
        head
    } else {
        Response::new(Body::from(asset.bytes))
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(tag) = HeaderValue::from_str(&asset.e_tag) {
        headers.insert(header::ETAG, tag);
    }
    if let Ok(value) = HeaderValue::from_str(content_type.essence_str()) {
        let value = if content_type.type_() == mime_guess::mime::TEXT
            || content_type.subtype() == mime_guess::mime::JAVASCRIPT
        {
            HeaderValue::from_str(&format!("{}; charset=utf-8", content_type.essence_str()))
                .unwrap_or(value)
        } else {
            value
        };
        headers.insert(header::CONTENT_TYPE, value);
    }
    response
}

/// A path inside the served folder, or `None` for anything that could leave it.
fn safe_relative(path: &str) -> Option<&Path> {
    let path = Path::new(path);
    path.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then_some(path)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_outside_the_folder_are_refused() {
        assert!(safe_relative("assets/app.js").is_some());
        assert!(safe_relative("../secret").is_none());
        assert!(safe_relative("/etc/passwd").is_none());
        assert!(safe_relative("a/../../b").is_none());
    }
}
