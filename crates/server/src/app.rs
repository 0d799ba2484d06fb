//! The application: shared state, the router with its middleware, and serving with graceful
//! shutdown. Tests build the same [`App`] on port 0 with a fresh database.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::Router;
use axum::extract::{DefaultBodyLimit, FromRef, Request};
use axum::http::HeaderName;
use axum::middleware::{from_fn_with_state, map_response_with_state};
use axum::response::IntoResponse;
use axum::routing::{any, get};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
use tower_http::request_id::{PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::auth::{self, AuthService, Keys, Mailer};
use crate::config::Config;
use crate::db::Db;
use crate::events::EventBus;
use crate::http::error::{ApiError, api_method_not_allowed, api_not_found};
use crate::http::metrics::{self, HttpMetrics};
use crate::http::request_id::MakeProcessRequestId;
use crate::http::security::{self, SecurityHeaders};
use crate::http::spa::{self, WebAssets};
use crate::http::timeout::{self, TimeLimits};
use crate::http::{health, openapi};
use crate::jobs::JobQueue;
use crate::jobs::worker::{WorkerContext, Workers};
use crate::listening::activity::LiveActivity;
use crate::media::{self, MediaStore};
use crate::streaming::Streams;

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// What every handler can reach. Cloned for every request, so it is one shared pointer.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

/// The services behind [`AppState`]; each is also a handler's `State<T>` of its own.
pub struct Services {
    pub config: Arc<Config>,
    pub db: Db,
    pub media: MediaStore,
    pub web: WebAssets,
    pub metrics: Arc<HttpMetrics>,
    pub auth: Arc<AuthService>,
    pub jobs: JobQueue,
    pub streams: Streams,
    pub shutdown: Shutdown,
    pub events: EventBus,
    pub live_activity: LiveActivity,
}

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

macro_rules! state_parts {
    ($($field:ident: $ty:ty),* $(,)?) => {
        $(impl FromRef<AppState> for $ty {
            fn from_ref(state: &AppState) -> Self {
                state.$field.clone()
            }
        })*
    };
}

state_parts!(
    config: Arc<Config>,
    db: Db,
    media: MediaStore,
    web: WebAssets,
    metrics: Arc<HttpMetrics>,
    auth: Arc<AuthService>,
    jobs: JobQueue,
    streams: Streams,
    shutdown: Shutdown,
    events: EventBus,
    live_activity: LiveActivity,
);

/// Tells what lasts as long as the server (event streams, event relays) that it is stopping,
/// so that graceful shutdown never waits on a response that would not end by itself.
#[derive(Clone, Debug)]
pub struct Shutdown(Arc<watch::Sender<bool>>);

impl Default for Shutdown {
    fn default() -> Self {
        Self(Arc::new(watch::channel(false).0))
    }
}

impl Shutdown {
    pub fn trigger(&self) {
        self.0.send_replace(true);
    }

    /// Completes once the server is stopping (at once if it already is).
    pub async fn stopped(&self) {
        let mut stopping = self.0.subscribe();
        // Fails only when the sender is gone, and `self` holds it.
        let _ = stopping.wait_for(|stopping| *stopping).await;
    }
}

/// A configured application bound to its address, ready to serve.
pub struct App {
    listener: TcpListener,
    state: AppState,
}

impl AppState {
    /// Connects the database (applying migrations), opens media storage and loads the keys:
    /// what the server and the command-line tasks work with.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let db = Db::connect(&config.database_url())
            .await
            .context("cannot connect to the database")?;
        db.migrate()
            .await
            .context("cannot apply database migrations")?;
        let media = MediaStore::local(&config.data_dir.join("media"))
            .context("cannot open media storage")?
            .with_hot_files(config.stream_cache_mb.saturating_mul(1024 * 1024));
        std::fs::create_dir_all(config.tmp_dir())
            .with_context(|| format!("cannot create {}", config.tmp_dir().display()))?;
        let keys = Keys::load_or_generate(
            &config.data_dir,
            config.auth.jwt_private_key_file.as_deref(),
        )
        .context("cannot load the signing keys")?;
        let mailer = Mailer::new(&config.mail, &config.data_dir).context("cannot set up mail")?;
        let auth = AuthService::new(
            db.clone(),
            keys,
            config.auth.clone(),
            &config.public_url(),
            mailer,
        );
        let shutdown = Shutdown::default();
        let events = EventBus::start(&db, &shutdown)
            .await
            .context("cannot listen for events")?;
        let live_activity = LiveActivity::start(db.clone(), &events, shutdown.clone());
        Ok(Self(Arc::new(Services {
            web: WebAssets::new(config.web_dir.clone()),
            config: Arc::new(config),
            db,
            media,
            metrics: Arc::new(HttpMetrics::default()),
            auth: Arc::new(auth),
            jobs: JobQueue::default(),
            streams: Streams::default(),
            shutdown,
            events,
            live_activity,
        })))
    }
}

impl App {
    /// Builds the state and binds the address.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(config.addr)
            .await
            .with_context(|| format!("cannot listen on {}", config.addr))?;
        let state = AppState::build(config).await?;
        if !state.web.is_built() {
            tracing::warn!("the web app is not part of this build; only the API is served");
        }
        Ok(Self { listener, state })
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
        let workers = Workers::start(
            WorkerContext::from(&self.state),
            self.state.config.job_workers,
        );
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
        self.state.db.close().await;
        result
    }
}

impl From<&AppState> for WorkerContext {
    fn from(state: &AppState) -> Self {
        Self {
            db: state.db.clone(),
            media: state.media.clone(),
            queue: state.jobs.clone(),
            tmp_dir: state.config.tmp_dir(),
        }
    }
}

/// Finished jobs are kept this long for inspection.
const KEEP_FINISHED_JOBS: chrono::Duration = chrono::Duration::days(7);
/// Temporary files older than this belong to no upload or job in progress (a crash left them).
const STALE_TEMP_FILE: Duration = Duration::from_secs(24 * 3600);

/// Periodic clean-up of rows that can no longer be used.
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

/// Serves `router` on `listener` until `shutdown` completes; in-flight requests finish first.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(
        listener,
        router.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown)
    .await
}

/// The whole router: `/api/v1`, the OpenAPI document, probes, metrics and the web app.
pub fn router(state: AppState) -> Router {
    let (api, document) = openapi::api_router().split_for_parts();
    let document = Arc::new(document);
    let api = api
        .method_not_allowed_fallback(api_method_not_allowed)
        .layer(DefaultBodyLimit::max(state.config.max_json_body_bytes));

    let https = state.config.public_url().starts_with("https://");
    let time_limits = TimeLimits {
        request: Duration::from_secs(state.config.request_timeout_secs),
        upload: Duration::from_secs(state.config.upload_timeout_secs),
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
        .nest("/auth/v1", auth::router())
        .merge(media::routes::router())
        .route("/healthz", get(health::healthz))
        .route("/readyz", get(health::readyz))
        .route("/metrics", get(metrics::serve))
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
            SecurityHeaders::new(https),
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
