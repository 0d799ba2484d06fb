//! The composition root: the one place that merges every concern's router (and so the OpenAPI
//! document), wraps them in the middleware every request passes through, and serves them with
//! graceful shutdown, beside the background workers and housekeeping. Tests build the same
//! [`App`] on port 0 with a fresh database.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef, Request};
use axum::http::{HeaderName, Method};
use axum::middleware::{from_fn_with_state, map_response_with_state};
use axum::response::IntoResponse;
use axum::routing::{any, get};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use utoipa_axum::router::OpenApiRouter;

use crate::catalog::upload::reservations;
use crate::config::Config;
use crate::http::error::{ApiError, api_method_not_allowed, api_not_found};
use crate::http::metrics::{self, PublicMetrics};
use crate::http::request_id::MakeProcessRequestId;
use crate::http::security::{self, SecurityHeaders};
use crate::http::serve::serve;
use crate::http::timeout::{self, TimeLimits};
use crate::http::{health, openapi};
use crate::jobs::worker::{WorkerContext, Workers};
use crate::spa;
use crate::state::AppState;
use crate::{auth, automix, media, payouts, plans, recommendations};
use backbeat_auth::AuthState;
use backbeat_catalog::CatalogState;
use backbeat_commerce::CommerceState;
use backbeat_offline::OfflineState;
use backbeat_payouts::PayoutsState;
use backbeat_social::SocialState;
use backbeat_subsonic::SubsonicState;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// A configured application bound to its address (and its metrics address, when it has
/// one), ready to serve.
pub struct App {
    listener: TcpListener,
    metrics_listener: Option<TcpListener>,
    state: AppState,
}

impl App {
    /// Builds the state and binds the address, after warning of risky settings.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        for warning in config.start_warnings() {
            tracing::warn!("{warning}");
        }
        let listener = TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("cannot listen on {}", config.addr))?;
        let metrics_listener = match config.metrics_addr {
            Some(addr) => Some(
                TcpListener::bind(addr)
                    .await
                    .with_context(|| format!("cannot listen for metrics on {addr}"))?,
            ),
            None => None,
        };
        let state = AppState::build(config).await?;
        // The sandbox payment provider delivers its webhook events to this server.
        state.payments.serving_on(listener.local_addr()?);
        if !state.web.is_built() {
            tracing::warn!("the web app is not part of this build; only the API is served");
        }
        Ok(Self {
            listener,
            metrics_listener,
            state,
        })
    }

    /// Where `/metrics` is served on its own, if anywhere.
    pub fn metrics_addr(&self) -> Option<SocketAddr> {
        self.metrics_listener.as_ref().map(|listener| {
            listener
                .local_addr()
                .expect("a bound listener has an address")
        })
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound listener has an address")
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves and runs background jobs until `shutdown` completes, then lets in-flight
    /// requests finish (event streams end at once); a job in progress goes back to the queue.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let router = router(self.state.clone());
        let housekeeping = tokio::spawn(housekeeping(self.state.clone()));
        let metrics_server = self.metrics_listener.map(|listener| {
            let metrics = Router::new()
                .route("/metrics", get(metrics::serve))
                .with_state(self.state.metrics.clone());
            let stopping = self.state.shutdown.clone();
            tokio::spawn(async move {
                serve(listener, metrics, async move { stopping.stopped().await }).await
            })
        });
        let workers = Workers::start(WorkerContext::from(&self.state), &self.state.job_lanes());
        let stopping = self.state.shutdown.clone();
        let shutdown = async move {
            shutdown.await;
            stopping.trigger();
        };
        let result = serve(self.listener, router, shutdown).await;
        // Also when serving failed: the event relays stop with the server.
        self.state.shutdown.trigger();
        workers.stop().await;
        housekeeping.abort();
        if let Some(metrics_server) = metrics_server
            && let Ok(Err(err)) = metrics_server.await
        {
            tracing::warn!(error = %err, "the metrics server failed");
        }
        self.state.db.close().await;
        result
    }
}

/// Finished jobs are kept this long for inspection.
const KEEP_FINISHED_JOBS: chrono::Duration = chrono::Duration::days(7);
/// Who asked for a track's stems is remembered this long once they no longer load.
const KEEP_STEM_WATCHERS: chrono::Duration = chrono::Duration::days(1);
/// Temporary files older than this belong to no upload or job in progress (a crash left them).
const STALE_TEMP_FILE: Duration = Duration::from_secs(24 * 3600);

/// Periodic clean-up of rows that can no longer be used, fresh planner statistics and the search
/// index merged into one segment.
async fn housekeeping(state: AppState) {
    let mut every = tokio::time::interval(Duration::from_secs(3600));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        match state.auth.sweep().await {
            Ok(removed) => tracing::debug!(removed, "auth housekeeping"),
            Err(err) => tracing::warn!(error = %err, "auth housekeeping failed"),
        }
        let finished_before = crate::db::Timestamp::now() - KEEP_FINISHED_JOBS;
        match crate::jobs::store::sweep_finished(&state.db, finished_before).await {
            Ok(removed) => tracing::debug!(removed, "job housekeeping"),
            Err(err) => tracing::warn!(error = %err, "job housekeeping failed"),
        }
        let watched_before = crate::db::Timestamp::now() - KEEP_STEM_WATCHERS;
        match automix::store::sweep_watchers(&state.db, watched_before).await {
            Ok(removed) => tracing::debug!(removed, "AutoMix watcher housekeeping"),
            Err(err) => tracing::warn!(error = %err, "AutoMix watcher housekeeping failed"),
        }
        match reservations::sweep_expired(&state.db, crate::db::Timestamp::now()).await {
            Ok(removed) => tracing::debug!(removed, "upload reservation housekeeping"),
            Err(err) => tracing::warn!(error = %err, "upload reservation housekeeping failed"),
        }
        match recommendations::neighbours::enqueue_if_behind(&state.db).await {
            Ok(queued) => tracing::debug!(queued, "recommendation neighbours housekeeping"),
            Err(err) => tracing::warn!(error = %err, "cannot queue the neighbours update"),
        }
        match state.db.optimize().await {
            Ok(()) => tracing::debug!("database statistics housekeeping"),
            Err(err) => tracing::warn!(error = %err, "database statistics housekeeping failed"),
        }
        match crate::catalog::search::index::merge_segments(&state.db).await {
            Ok(steps) => tracing::debug!(steps, "search index housekeeping"),
            Err(err) => tracing::warn!(error = %err, "search index housekeeping failed"),
        }
        let tmp_dir = state.config.tmp_dir();
        match tokio::task::spawn_blocking(move || remove_stale_files(&tmp_dir)).await {
            Ok(Ok(removed)) => tracing::debug!(removed, "temporary file housekeeping"),
            Ok(Err(err)) => tracing::warn!(error = %err, "temporary file housekeeping failed"),
            Err(err) => tracing::warn!(error = %err, "temporary file housekeeping failed"),
        }
    }
}

/// Removes the entries of `dir` not modified for [`STALE_TEMP_FILE`].
fn remove_stale_files(dir: &std::path::Path) -> std::io::Result<usize> {
    let mut removed = 0;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let stale = entry
            .metadata()?
            .modified()?
            .elapsed()
            .is_ok_and(|age| age > STALE_TEMP_FILE);
        if !stale {
            continue;
        }
        let path = entry.path();
        let result = if entry.file_type()?.is_dir() {
            std::fs::remove_dir_all(&path)
        } else {
            std::fs::remove_file(&path)
        };
        match result {
            Ok(()) => removed += 1,
            Err(err) => {
                tracing::warn!(path = %path.display(), error = %err, "cannot remove a stale temporary file")
            }
        }
    }
    Ok(removed)
}

/// Every `/api/v1` route of every concern with its OpenAPI description: the one place they are
/// merged. Each concern's router is served with its own state, taken from `state`; without a state
/// only the description is kept (for `backbeat openapi`, which builds no app).
fn api_router(state: Option<&AppState>) -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(openapi::base()).nest(
        "/api/v1",
        OpenApiRouter::new()
            .merge(served(auth::api_router(), state.map(AuthState::from_ref)))
            .merge(served(plans::routes::router(), state.map(|_| ())))
            .merge(served(
                backbeat_social::api_router(),
                state.map(SocialState::from_ref),
            ))
            .merge(served(
                backbeat_catalog::api_router(),
                state.map(CatalogState::from_ref),
            ))
            .merge(served(
                backbeat_commerce::api_router(),
                state.map(CommerceState::from_ref),
            ))
            .merge(served(
                backbeat_offline::api_router(),
                state.map(OfflineState::from_ref),
            ))
            .merge(served(
                payouts::api_router(),
                state.map(PayoutsState::from_ref),
            )),
    )
}

/// A concern's router served with its state, or only its description when there is none.
fn served<S: Clone + Send + Sync + 'static>(
    router: OpenApiRouter<S>,
    state: Option<S>,
) -> OpenApiRouter<AppState> {
    match state {
        Some(state) => router.with_state(state),
        None => OpenApiRouter::with_openapi(router.into_openapi()),
    }
}

/// The `/api/v1` router and its OpenAPI document, completed with what every operation can
/// answer (`http::openapi::complete`).
fn api_parts(state: Option<&AppState>) -> (Router<AppState>, utoipa::openapi::OpenApi) {
    let (api, mut document) = api_router(state).split_for_parts();
    openapi::complete(&mut document);
    (api, document)
}

/// The OpenAPI document, without building an app (for `backbeat openapi`).
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    api_parts(None).1
}

/// The routes that take uploads, which get the upload time limit.
const UPLOAD_ROUTES: [(Method, &str); 2] = [
    (Method::POST, "/api/v1/tracks"),
    (Method::POST, "/api/v1/me/avatar"),
];

/// The whole router: `/api/v1`, the OpenAPI document, probes, metrics and the web app.
pub fn router(state: AppState) -> Router {
    let (api, document) = api_parts(Some(&state));
    let document = Arc::new(document);
    let api = api
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(from_fn_with_state(state.auth.clone(), auth::guard_api))
        .layer(DefaultBodyLimit::max(state.config.max_json_body_bytes));

    let https = state.config.public_url().starts_with("https://");
    let time_limits = TimeLimits {
        request: Duration::from_secs(state.config.request_timeout_secs),
        upload: Duration::from_secs(state.config.upload_timeout_secs),
        upload_routes: Arc::new(UPLOAD_ROUTES),
    };
    let compress_when = SizeAbove::new(256)
        .and(NotForContentType::const_new("audio/"))
        .and(NotForContentType::const_new("image/"))
        .and(NotForContentType::const_new("text/event-stream"));

    Router::new()
        .merge(api)
        .route(
            "/api/openapi.json",
            get(move || async move { axum::Json(document.as_ref().clone()) }),
        )
        .route("/api/{*rest}", any(api_not_found))
        .nest(
            "/auth/v1",
            auth::router().with_state(AuthState::from_ref(&state)),
        )
        .merge(backbeat_subsonic::router().with_state(SubsonicState::from_ref(&state)))
        .merge(media::routes::router().with_state(state.media.clone()))
        .merge(backbeat_commerce::sandbox_router().with_state(state.payments.clone()))
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route(
            "/metrics",
            get(metrics::serve_public).with_state(PublicMetrics::new(
                state.metrics.clone(),
                state.config.metrics_token.as_deref(),
            )),
        )
        .fallback(spa::serve)
        .route_layer(from_fn_with_state(
            state.metrics.clone(),
            metrics::label_route,
        ))
        // Later layers wrap earlier ones: the request id is set first, panics are caught last.
        .layer(CatchPanicLayer::custom(|_panic| {
            ApiError::internal(anyhow::anyhow!("a request handler panicked")).into_response()
        }))
        .layer(from_fn_with_state(time_limits, timeout::limit))
        .layer(CompressionLayer::new().compress_when(compress_when))
        .layer(map_response_with_state(
            SecurityHeaders::new(
                https,
                state.config.ad_network_origin().as_deref(),
                state.media.stream_redirect_origin(),
            ),
            security::add_headers,
        ))
        .layer(from_fn_with_state(state.metrics.clone(), metrics::track))
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &Request| {
                    let request_id = request
                        .headers()
                        .get(REQUEST_ID)
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("-");
                    // The path only: query strings may carry signed tokens.
                    tracing::info_span!(
                        "request",
                        method = %request.method(),
                        path = %request.uri().path(),
                        request_id,
                    )
                })
                .on_response(DefaultOnResponse::new().level(Level::INFO)),
        )
        .layer(SetRequestIdLayer::new(
            REQUEST_ID,
            MakeProcessRequestId::default(),
        ))
        .with_state(state)
}
