//! Prometheus metrics: request counts and latency by route and status, served at `/metrics`.
//!
//! The route label is the route's pattern (`/api/v1/tracks/{id}`), never the raw path, so ids
//! do not explode the number of series. Requests that match no route (the web app's files and
//! client-side routes) are labelled `web`.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

const LATENCY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: String,
    route: String,
    status: u16,
}

/// The pattern of the route that answered, carried from the router out to the metrics layer.
#[derive(Clone)]
struct RouteLabel(String);

pub struct HttpMetrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RequestLabels, Histogram, fn() -> Histogram>,
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
        Self {
            registry,
            requests,
            latency,
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

    fn observe(&self, labels: RequestLabels, seconds: f64) {
        self.requests.get_or_create(&labels).inc();
        self.latency.get_or_create(&labels).observe(seconds);
    }
}

/// Inner layer (`route_layer`): records which route pattern answered.
pub async fn label_route(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|path| path.as_str().to_owned());
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(RouteLabel(route));
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
    let method = request.method().to_string();
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<RouteLabel>()
        .map_or_else(|| "web".to_owned(), |label| label.0.clone());
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

/// `GET /metrics`.
pub async fn serve(State(metrics): State<Arc<HttpMetrics>>) -> impl IntoResponse {
    (
        [(
            CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        metrics.render(),
    )
}
