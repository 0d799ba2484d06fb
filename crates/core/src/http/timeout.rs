//! Request time limits: a request still unanswered after its limit is answered 408 and
//! dropped. The upload routes get a limit of their own, long enough for a 50 MB track over a
//! slow link; which routes those are is decided by the route that matched, never by what the
//! request says of itself (a `Content-Type` any client can set). The limit covers the handler
//! (reading the request body included), not the sending of a response body, so long streams
//! are not cut.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

#[derive(Clone, Debug)]
pub struct TimeLimits {
    pub request: Duration,
    pub upload: Duration,
    /// The routes (method and route pattern) that take uploads.
    pub upload_routes: Arc<[(Method, &'static str)]>,
}

impl TimeLimits {
    fn for_request(&self, request: &Request) -> Duration {
        let route = request.extensions().get::<MatchedPath>();
        let is_upload = route.is_some_and(|route| {
            self.upload_routes
                .iter()
                .any(|(method, path)| method == request.method() && *path == route.as_str())
        });
        if is_upload { self.upload } else { self.request }
    }
}

/// Middleware (added with `Router::layer`, so it runs once a route matched) applying the
/// limits.
pub async fn limit(State(limits): State<TimeLimits>, request: Request, next: Next) -> Response {
    let limit = limits.for_request(&request);
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => StatusCode::REQUEST_TIMEOUT.into_response(),
    }
}
