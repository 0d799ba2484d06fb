//! Prometheus metrics: request counts and latency by route and status, served at `/metrics`.
//!
//! The route label is the route's pattern (`/api/v1/tracks/{id}`), never the raw path, so ids
//! do not explode the number of series. Requests that match no route (the web app's files and
//! client-side routes) are labelled `web`.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::sync::{Arc, RwLock};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::{AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::{EncodeLabelSet, EncodeLabelValue, LabelValueEncoder};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: RouteLabel,
    status: u16,
}

/// The pattern of the route that answered, carried from the router out to the metrics layer.
/// Patterns are interned, so labelling a request allocates no string.
#[derive(Clone, Debug, Hash, PartialEq, Eq)]
struct RouteLabel(Arc<str>);

impl EncodeLabelValue for RouteLabel {
    fn encode(&self, encoder: &mut LabelValueEncoder) -> std::fmt::Result {
        encoder.write_str(&self.0)
    }
}

pub struct HttpMetrics {
    registry: Registry,
    /// Uploaded audio files decoded to check them: the expensive part of an upload.
    pub audio_checks: Counter,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RequestLabels, Histogram, fn() -> Histogram>,
    routes: RwLock<HashSet<Arc<str>>>,
    web: RouteLabel,
}

impl Default for HttpMetrics {
    fn default() -> Self {
        let requests = Family::<RequestLabels, Counter>::default();
        let latency: Family<RequestLabels, Histogram, fn() -> Histogram> =
            Family::new_with_constructor(|| Histogram::new(LATENCY_BUCKETS));
        let mut registry = Registry::with_prefix("backbeat");
        registry.register(
            "http_requests",
            "HTTP requests answered, by method, route and status",
            requests.clone(),
        );
        registry.register(
            "http_request_duration_seconds",
            "Time to answer an HTTP request (until the response head), by method, route and status",
            latency.clone(),
        );
        let audio_checks = Counter::default();
        registry.register(
            "audio_checks",
            "Uploaded audio files decoded to check them",
            audio_checks.clone(),
        );
        Self {
            registry,
            audio_checks,
            requests,
            latency,
            routes: RwLock::default(),
            web: RouteLabel(Arc::from("web")),
        }
    }
}

impl HttpMetrics {
    /// The registry in Prometheus' text exposition format.
    pub fn render(&self) -> String {
        let mut out = String::new();
        prometheus_client::encoding::text::encode(&mut out, &self.registry)
            .expect("writing to a String cannot fail");
        out
    }

    fn route_label(&self, pattern: &str) -> RouteLabel {
        if let Some(route) = self.routes.read().expect("not poisoned").get(pattern) {
            return RouteLabel(route.clone());
        }
        let mut routes = self.routes.write().expect("not poisoned");
        if let Some(route) = routes.get(pattern) {
            return RouteLabel(route.clone());
        }
        let route: Arc<str> = Arc::from(pattern);
        routes.insert(route.clone());
        RouteLabel(route)
    }

    fn observe(&self, labels: RequestLabels, seconds: f64) {
        self.requests.get_or_create(&labels).inc();
        self.latency.get_or_create(&labels).observe(seconds);
    }
}

/// The method as a label; any method outside the usual ones is `other`, so a client cannot
/// create series at will.
fn method_label(method: &Method) -> &'static str {
    const KNOWN: [Method; 7] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
    ];
    const NAMES: [&str; 7] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
    KNOWN
        .iter()
        .position(|known| known == method)
        .map_or("other", |i| NAMES[i])
}

/// Inner layer (`route_layer`): records which route pattern answered.
pub async fn label_route(
    State(metrics): State<Arc<HttpMetrics>>,
    request: Request,
    next: Next,
) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|path| metrics.route_label(path.as_str()));
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(route);
    }
    response
}

/// Outer layer: counts and times every request.
pub async fn track(
    State(metrics): State<Arc<HttpMetrics>>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = method_label(request.method());
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<RouteLabel>()
        .unwrap_or(&metrics.web)
        .clone();
    metrics.observe(
        RequestLabels {
            method,
            route,
            status: response.status().as_u16(),
        },
        started.elapsed().as_secs_f64(),
    );
    response
}

/// `GET /metrics` on the metrics address of its own (`BACKBEAT_METRICS_ADDR`).
pub async fn serve(State(metrics): State<Arc<HttpMetrics>>) -> Response {
    (
        [(
            CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        metrics.render(),
    )
        .into_response()
}

/// Who may read `/metrics` on the public address: nobody, unless a token is configured
/// (`BACKBEAT_METRICS_TOKEN`); then requests bearing it.
#[derive(Clone)]
pub struct PublicMetrics {
    pub metrics: Arc<HttpMetrics>,
    /// SHA-256 of the token, compared in constant time.
    pub token_digest: Option<[u8; 32]>,
}

impl PublicMetrics {
    pub fn new(metrics: Arc<HttpMetrics>, token: Option<&str>) -> Self {
        Self {
            metrics,
            token_digest: token.map(digest),
        }
    }
}

fn digest(text: &str) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes()).into()
}

/// `GET /metrics` on the public address.
pub async fn serve_public(State(public): State<PublicMetrics>, headers: HeaderMap) -> Response {
    let Some(expected) = public.token_digest else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let presented = headers
        .get(AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| digest(token.trim()));
    let matches = presented.is_some_and(|presented| {
        presented
            .iter()
            .zip(expected.iter())
            .fold(0u8, |diff, (a, b)| diff | (a ^ b))
            == 0
    });
    if !matches {
        return (StatusCode::UNAUTHORIZED, [(WWW_AUTHENTICATE, "Bearer")]).into_response();
    }
    serve(State(public.metrics)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn methods_are_labelled_by_name_and_unusual_ones_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::DELETE), "DELETE");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "other");
    }

    #[test]
    fn a_route_pattern_is_interned_once() {
        let metrics = HttpMetrics::default();
        let a = metrics.route_label("/api/v1/tracks/{id}");
        let b = metrics.route_label("/api/v1/tracks/{id}");
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(&*a.0, "/api/v1/tracks/{id}");
    }
}
