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

/// What an ad network needs of the page: its script, the images and frames it shows, and the
/// requests it makes.
const AD_NETWORK_DIRECTIVES: [&str; 4] = ["script-src", "img-src", "frame-src", "connect-src"];

/// [`CONTENT_SECURITY_POLICY`], widened by the origin of a configured ad network (in
/// [`AD_NETWORK_DIRECTIVES`] only), by the origin streams redirect to (media on S3 with
/// presigned redirects; in `media-src` only) and by nothing else.
pub fn content_security_policy(
    ad_network_origin: Option<&str>,
    media_origin: Option<&str>,
) -> String {
    let mut directives: Vec<String> = CONTENT_SECURITY_POLICY
        .split("; ")
        .map(str::to_owned)
        .collect();
    let widened = ad_network_origin
        .into_iter()
        .flat_map(|origin| AD_NETWORK_DIRECTIVES.map(|name| (name, origin)))
        .chain(media_origin.map(|origin| ("media-src", origin)));
    for (name, origin) in widened {
        match directives
            .iter_mut()
            .find(|d| d.split(' ').next() == Some(name))
        {
            Some(directive) => {
                directive.push(' ');
                directive.push_str(origin);
            }
            // A directive the policy leaves to `default-src` starts from it: 'self'.
            None => directives.push(format!("{name} 'self' {origin}")),
        }
    }
    directives.join("; ")
}

/// The headers added to every response that does not set its own value.
#[derive(Clone)]
pub struct SecurityHeaders(Arc<Vec<(HeaderName, HeaderValue)>>);

impl SecurityHeaders {
    /// `https` adds Strict-Transport-Security (only meaningful when users reach us over TLS);
    /// an ad network's origin and the media's widen the Content-Security-Policy
    /// ([`content_security_policy`]).
    pub fn new(https: bool, ad_network_origin: Option<&str>, media_origin: Option<&str>) -> Self {
        let policy =
            HeaderValue::from_str(&content_security_policy(ad_network_origin, media_origin))
                .expect("an origin is header-safe ASCII");
        let mut headers = vec![
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
        let mut headers: Vec<(HeaderName, HeaderValue)> = headers
            .into_iter()
            .map(|(name, value)| (name, HeaderValue::from_static(value)))
            .collect();
        headers.insert(0, (header::CONTENT_SECURITY_POLICY, policy));
        Self(Arc::new(headers))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn without_an_ad_network_the_policy_is_the_apps_own() {
        assert_eq!(content_security_policy(None, None), CONTENT_SECURITY_POLICY);
    }

    #[test]
    fn an_ad_network_widens_exactly_its_directives_by_its_origin() {
        assert_eq!(
            content_security_policy(Some("https://ads.example"), None),
            "default-src 'self'; \
             script-src 'self' https://ads.example; \
             style-src 'self' 'unsafe-inline'; \
             img-src 'self' data: blob: https://ads.example; \
             media-src 'self' blob:; \
             font-src 'self'; \
             connect-src 'self' https://ads.example; \
             worker-src 'self' blob:; \
             manifest-src 'self'; \
             object-src 'none'; \
             base-uri 'self'; \
             form-action 'self'; \
             frame-ancestors 'none'; \
             frame-src 'self' https://ads.example"
        );
    }

    #[test]
    fn redirected_streams_widen_media_src_by_their_origin_only() {
        let policy = content_security_policy(None, Some("https://s3.eu-west-1.amazonaws.com"));

        assert_eq!(
            policy,
            CONTENT_SECURITY_POLICY.replace(
                "media-src 'self' blob:",
                "media-src 'self' blob: https://s3.eu-west-1.amazonaws.com"
            )
        );
    }
}
