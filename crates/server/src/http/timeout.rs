//! Request time limits: a request still unanswered after its limit is answered 408 and
//! dropped. Multipart uploads get a limit of their own, long enough for a 50 MB track over a
//! slow link. The limit covers the handler (reading the request body included), not the
//! sending of a response body, so long streams are not cut.

use std::time::Duration;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

#[derive(Clone, Copy, Debug)]
pub struct TimeLimits {
    pub request: Duration,
    pub upload: Duration,
}

/// `from_fn_with_state` middleware applying the limits.
pub async fn limit(State(limits): State<TimeLimits>, request: Request, next: Next) -> Response {
    let is_upload = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.trim_start()
                .to_ascii_lowercase()
                .starts_with("multipart/form-data")
        });
    let limit = if is_upload {
        limits.upload
    } else {
        limits.request
    };
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    }
}
