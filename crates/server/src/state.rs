//! The application's state: every service, built once from the configuration and shared by the
//! requests and the background tasks. Handlers never name [`AppState`]: each concern's router
//! asks for the parts it needs (`Db: FromRef<S>`), which the impls here provide.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::FromRef;

use crate::activity::service::LiveActivity;
use crate::auth::{AuthService, Keys, Mailer};
use crate::catalog::upload::processing::Processing;
use crate::catalog::upload::service::Uploads;
use crate::catalog::upload::slots::UploadGate;
use crate::config::Config;
use crate::db::Db;
use crate::events::{EventBus, StreamSlots};
use crate::http::metrics::HttpMetrics;
use crate::http::spa::WebAssets;
use crate::jobs::worker::WorkerContext;
use crate::jobs::{JobHandlers, JobQueue};
use crate::media::MediaStore;
use crate::payments::Payments;
use crate::shutdown::Shutdown;
use crate::streaming::Streams;

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
    pub stream_slots: StreamSlots,
    pub upload_gate: UploadGate,
    pub payments: Payments,
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
    stream_slots: StreamSlots,
    upload_gate: UploadGate,
    payments: Payments,
);

impl AppState {
    /// Connects the database (applying migrations), opens media storage and loads the keys:
    /// what the server and the command-line tasks work with.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let (db, media) = open_storage(&config).await?;
        let media = media.with_hot_files(config.stream_cache_mb.saturating_mul(1024 * 1024));
        let keys = Keys::load_or_generate(
            &config.data_dir,
            config.auth.jwt_private_key_file.as_deref(),
        )
        .context("cannot load the signing keys")?;
        let mailer = Mailer::new(&config.mail, &config.data_dir).context("cannot set up mail")?;
        let shutdown = Shutdown::default();
        let events = EventBus::start(&db, &shutdown)
            .await
            .context("cannot listen for events")?;
        let auth = AuthService::new(
            db.clone(),
            keys,
            config.auth.clone(),
            &config.public_url(),
            mailer,
            events.clone(),
        );
        let live_activity = LiveActivity::start(db.clone(), &events, shutdown.clone());
        let payments = Payments::build(&config, db.clone(), events.clone(), shutdown.clone())
            .context("cannot set up the payment provider")?;
        let metrics = Arc::new(HttpMetrics::default());
        Ok(Self(Arc::new(Services {
            web: WebAssets::new(config.web_dir.clone()),
            stream_slots: StreamSlots::new(config.event_streams_per_user),
            upload_gate: UploadGate::new(
                config.uploads_in_progress_per_user,
                config.audio_checks_at_once,
                metrics.audio_checks.clone(),
            ),
            config: Arc::new(config),
            db,
            media,
            metrics,
            auth: Arc::new(auth),
            jobs: JobQueue::default(),
            streams: Streams::default(),
            shutdown,
            events,
            live_activity,
            payments,
        })))
    }
}

/// The database (migrated) and the media storage of the configuration, with the scratch
/// folder: what the server and the command-line tasks (`backbeat ads`) work on.
pub async fn open_storage(config: &Config) -> anyhow::Result<(Db, MediaStore)> {
    let db = Db::connect(&config.database_url())
        .await
        .context("cannot connect to the database")?;
    db.migrate()
        .await
        .context("cannot apply database migrations")?;
    let media =
        MediaStore::local(&config.data_dir.join("media")).context("cannot open media storage")?;
    std::fs::create_dir_all(config.tmp_dir())
        .with_context(|| format!("cannot create {}", config.tmp_dir().display()))?;
    Ok((db, media))
}

/// The job handlers of every kind of background work, by the concern that owns it.
impl From<&AppState> for JobHandlers {
    fn from(state: &AppState) -> Self {
        JobHandlers::default().with(Processing {
            db: state.db.clone(),
            media: state.media.clone(),
            tmp_dir: state.config.tmp_dir(),
            audio_limits: state.config.audio_limits(),
            job_timeout: job_timeout(&state.config),
        })
    }
}

impl From<&AppState> for WorkerContext {
    fn from(state: &AppState) -> Self {
        Self {
            db: state.db.clone(),
            queue: state.jobs.clone(),
            handlers: JobHandlers::from(state),
            job_timeout: job_timeout(&state.config),
        }
    }
}

fn job_timeout(config: &Config) -> Duration {
    Duration::from_secs(config.job_timeout_secs)
}

impl FromRef<AppState> for Uploads {
    fn from_ref(state: &AppState) -> Self {
        Self {
            db: state.db.clone(),
            media: state.media.clone(),
            jobs: state.jobs.clone(),
            gate: state.upload_gate.clone(),
            limits: state.config.audio_limits(),
            tmp_dir: state.config.tmp_dir(),
        }
    }
}
