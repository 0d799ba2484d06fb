//! Security headers sent with every response.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{HeaderName, HeaderValue, header};
use axum::response::Response;

/// The web app loads only its own scripts, styles, images and media. Inline styles are allowed
/// because React style attributes and the toast library need them; inline scripts are not.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; \
    script-src 'self'; \
    style-src 'self' 'unsafe-inline'; \
    img-src 'self' data: blob:; \
    media-src 'self' blob:; \
    font-src 'self'; \
    connect-src 'self'; \
    worker-src 'self' blob:; \
    manifest-src 'self'; \
    object-src 'none'; \
    base-uri 'self'; \
    form-action 'self'; \
    frame-ancestors 'none'";

/// The headers added to every response that does not set its own value.
#[derive(Clone)]
pub struct SecurityHeaders(Arc<Vec<(HeaderName, HeaderValue)>>);

impl SecurityHeaders {
    /// `https` adds Strict-Transport-Security (only meaningful when users reach us over TLS).
    pub fn new(https: bool) -> Self {
        let mut headers = vec![
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
            (header::X_FRAME_OPTIONS, "DENY"),
            (
                HeaderName::from_static("permissions-policy"),
                "camera=(), microphone=(), geolocation=(), payment=()",
            ),
            (
                HeaderName::from_static("cross-origin-opener-policy"),
                "same-origin",
            ),
        ];
        if https {
            headers.push((
                header::STRICT_TRANSPORT_SECURITY,
                "max-age=63072000; includeSubDomains",
            ));
        }
        Self(Arc::new(
            headers
                .into_iter()
                .map(|(name, value)| (name, HeaderValue::from_static(value)))
                .collect(),
        ))
    }
}

/// `map_response` middleware adding the headers.
pub async fn add_headers(
    State(headers): State<SecurityHeaders>,
    mut response: Response,
) -> Response {
    let target = response.headers_mut();
    for (name, value) in headers.0.iter() {
        if !target.contains_key(name) {
            target.insert(name.clone(), value.clone());
        }
    }
    response
}
