//! The application's state: every service, built once from the configuration and shared by the
//! requests and the background tasks. Handlers never name [`AppState`]: each crate serves its
//! routes with a state of its own (`CatalogState`, ...), which the impls here take from it.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use axum::extract::FromRef;

use crate::activity::service::LiveActivity;
use crate::auth::{AuthService, Keys, Mailer};
use crate::automix::job::{self as automix_job, Separation};
use crate::automix::live::LiveStems;
use crate::automix::separator::{BuiltinSeparator, Engine, ExternalSeparator};
use crate::automix::service::Automix;
use crate::catalog::search::facts::SearchFacts;
use crate::catalog::upload::processing::Processing;
use crate::catalog::upload::reservations::UploadGate;
use crate::catalog::upload::service::Uploads;
use crate::config::{Config, MediaRedirect};
use crate::db::{Db, Timestamp};
use crate::events::{EventBus, StreamSlots};
use crate::http::metrics::HttpMetrics;
use crate::jobs::worker::WorkerContext;
use crate::jobs::{self, JobHandlers, JobQueue};
use crate::media::MediaStore;
use crate::net::ClientAddressRule;
use crate::payments::Payments;
use crate::rate_limits::RateLimiter;
use crate::recommendations::kept::KeptLists;
use crate::recommendations::neighbours::UpdateNeighbours;
use crate::secrets::{NodeSecrets, fingerprints};
use crate::shutdown::Shutdown;
use crate::spa::WebAssets;
use crate::streaming::Streams;
use backbeat_auth::{AuthServices, AuthState};
use backbeat_catalog::{CatalogServices, CatalogState};
use backbeat_commerce::{CommerceServices, CommerceState};
use backbeat_offline::{OfflineServices, OfflineState};
use backbeat_payouts::{PayoutsServices, PayoutsState};
use backbeat_social::{SocialServices, SocialState};
use backbeat_subsonic::cover_cache::CoverCache;
use backbeat_subsonic::store::sync::SyncPositions;
use backbeat_subsonic::{SubsonicServices, SubsonicState};

/// What every handler can reach. Cloned for every request, so it is one shared pointer.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

/// The services behind [`AppState`]; each is also a handler's `State<T>` of its own.
pub struct Services {
    pub config: Arc<Config>,
    /// This node's name (`BACKBEAT_NODE_ID`), in the jobs it holds and its logs.
    pub node_id: String,
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
    pub live_stems: LiveStems,
    pub stream_slots: StreamSlots,
    pub upload_gate: UploadGate,
    pub payments: Payments,
    /// Limits that hold for every node (play reports, checkouts), kept in the database.
    pub limiter: RateLimiter,
    /// Each listener's last recommendations, kept between requests.
    pub kept_recommendations: KeptLists,
    /// What recent searches learnt about their queries' plans and counts.
    pub search_facts: SearchFacts,
    /// The stem separator, or why there is none.
    pub stem_engine: Engine,
    /// Covers resized for Subsonic apps.
    pub subsonic_covers: CoverCache,
    /// Where Subsonic apps' sync pages ended.
    pub subsonic_sync: SyncPositions,
}

impl std::ops::Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

// What the composition root serves itself: probes and the web app.
impl FromRef<AppState> for Db {
    fn from_ref(state: &AppState) -> Self {
        state.db.clone()
    }
}

impl FromRef<AppState> for WebAssets {
    fn from_ref(state: &AppState) -> Self {
        state.web.clone()
    }
}

impl AppState {
    /// Connects the database (applying migrations), opens media storage and loads the keys,
    /// which must be those the database's other nodes use: what the server and the
    /// command-line tasks work with.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let (db, media) = open_storage(&config).await?;
        media
            .check()
            .await
            .with_context(|| format!("cannot reach the media storage at {}", media.location()))?;
        let mut media = media.with_hot_files(config.stream_cache_mb.saturating_mul(1024 * 1024));
        if config.media.redirect == MediaRedirect::Presigned {
            media = media
                .with_redirected_streams()
                .await
                .context("cannot redirect streams to presigned URLs")?;
        }
        let node_id = config.node_id();
        let secrets = NodeSecrets::load(&config).context("cannot load this node's secrets")?;
        fingerprints::on_start(&db, &secrets.fingerprints(), &node_id, Timestamp::now())
            .await
            .context("refusing to start")?;
        let keys = Keys::from_secrets(&secrets).context("cannot load the signing keys")?;
        let limiter = RateLimiter::new(db.clone(), keys.secret().clone());
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
        let live_stems = LiveStems::start(db.clone(), &events, shutdown.clone());
        let payments = Payments::build(
            &config,
            db.clone(),
            events.clone(),
            limiter.clone(),
            shutdown.clone(),
        )
        .context("cannot set up the payment provider")?;
        let metrics = Arc::new(HttpMetrics::default());
        let stem_engine = stem_engine(&config)?;
        Ok(Self(Arc::new(Services {
            web: WebAssets::new(config.web_dir.clone()),
            stream_slots: StreamSlots::new(config.event_streams_per_user),
            upload_gate: UploadGate::new(
                config.uploads_in_progress_per_user,
                config.audio_checks_at_once,
                metrics.audio_checks.clone(),
            ),
            config: Arc::new(config),
            node_id,
            db,
            media,
            metrics,
            auth: Arc::new(auth),
            jobs: JobQueue::default(),
            streams: Streams::default(),
            shutdown,
            events,
            live_activity,
            live_stems,
            payments,
            limiter,
            kept_recommendations: KeptLists::default(),
            search_facts: SearchFacts::default(),
            stem_engine,
            subsonic_covers: CoverCache::default(),
            subsonic_sync: SyncPositions::default(),
        })))
    }

    /// How many workers each lane of jobs gets in this process.
    pub fn job_lanes(&self) -> [(&'static str, usize); 2] {
        [
            (jobs::DEFAULT_LANE, self.config.job_workers),
            (automix_job::LANE, self.config.automix.concurrency),
        ]
    }
}

/// The stem separator: the configured external command, else the built-in separator with the
/// model in the models folder; without either, AutoMix answers why (the rest of Backbeat runs).
fn stem_engine(config: &Config) -> anyhow::Result<Engine> {
    if let Some(argv) = config.automix.command_argv() {
        let separator = ExternalSeparator::new(argv, job_timeout(config))
            .context("invalid BACKBEAT_AUTOMIX_COMMAND")?;
        return Ok(Engine::available(separator));
    }
    Ok(
        match BuiltinSeparator::new(
            &config.automix.models_dir(),
            config.automix.separation_threads(),
        ) {
            Ok(separator) => Engine::available(separator),
            Err(err) => {
                tracing::warn!("AutoMix is unavailable: {err}");
                Engine::unavailable(err.to_string())
            }
        },
    )
}

/// The database (migrated) and the media storage of the configuration, with the scratch
/// folder: what the server and the command-line tasks (`backbeat ads`) work on.
pub async fn open_storage(config: &Config) -> anyhow::Result<(Db, MediaStore)> {
    let db = Db::connect_with(&config.database_url(), config.pool_settings())
        .await
        .context("cannot connect to the database")?;
    db.migrate()
        .await
        .context("cannot apply database migrations")?;
    if let Err(err) = db.optimize().await {
        tracing::warn!(error = %err, "cannot refresh the database statistics");
    }
    let location = config.media_location()?;
    let media = MediaStore::open(&location)
        .with_context(|| format!("cannot open the media storage at {location}"))?;
    std::fs::create_dir_all(config.tmp_dir())
        .with_context(|| format!("cannot create {}", config.tmp_dir().display()))?;
    Ok((db, media))
}

/// The job handlers of every kind of background work, by the concern that owns it.
impl From<&AppState> for JobHandlers {
    fn from(state: &AppState) -> Self {
        JobHandlers::default()
            .with(Processing {
                db: state.db.clone(),
                media: state.media.clone(),
                tmp_dir: state.config.tmp_dir(),
                audio_limits: state.config.audio_limits(),
                job_timeout: job_timeout(&state.config),
            })
            .with(Separation {
                db: state.db.clone(),
                events: state.events.clone(),
                media: state.media.clone(),
                engine: state.stem_engine.clone(),
                tmp_dir: state.config.tmp_dir(),
                audio_limits: state.config.audio_limits(),
                job_timeout: job_timeout(&state.config),
            })
            .with(UpdateNeighbours {
                db: state.db.clone(),
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
            lease: state.config.job_lease(),
            node: state.node_id.clone(),
        }
    }
}

/// Which client address a request is limited and logged by.
fn client_addresses(config: &Config) -> ClientAddressRule {
    ClientAddressRule {
        trust_forwarded_for: config.trust_forwarded_for,
        proxies: config.trusted_proxies.clone(),
    }
}

fn job_timeout(config: &Config) -> Duration {
    Duration::from_secs(config.job_timeout_secs)
}

impl FromRef<AppState> for AuthState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(AuthServices {
            auth: state.auth.clone(),
            config: state.config.clone(),
            client_addresses: client_addresses(&state.config),
        })
    }
}

impl FromRef<AppState> for PayoutsState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(PayoutsServices {
            db: state.db.clone(),
            config: state.config.clone(),
        })
    }
}

impl FromRef<AppState> for CatalogState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(CatalogServices {
            auth: state.auth.clone(),
            config: state.config.clone(),
            db: state.db.clone(),
            media: state.media.clone(),
            events: state.events.clone(),
            limiter: state.limiter.clone(),
            streams: state.streams.clone(),
            uploads: Uploads::from_ref(state),
            automix: Automix {
                db: state.db.clone(),
                jobs: state.jobs.clone(),
                engine: state.stem_engine.clone(),
                user_limit: state.config.automix.user_limit,
            },
            kept_recommendations: state.kept_recommendations.clone(),
            search_facts: state.search_facts.clone(),
        })
    }
}

impl FromRef<AppState> for SocialState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(SocialServices {
            auth: state.auth.clone(),
            db: state.db.clone(),
            media: state.media.clone(),
            events: state.events.clone(),
            shutdown: state.shutdown.clone(),
            live_activity: state.live_activity.clone(),
            live_stems: state.live_stems.clone(),
            stream_slots: state.stream_slots.clone(),
        })
    }
}

impl FromRef<AppState> for CommerceState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(CommerceServices {
            auth: state.auth.clone(),
            config: state.config.clone(),
            db: state.db.clone(),
            payments: state.payments.clone(),
        })
    }
}

impl FromRef<AppState> for OfflineState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(OfflineServices {
            auth: state.auth.clone(),
            config: state.config.clone(),
            db: state.db.clone(),
            events: state.events.clone(),
            limiter: state.limiter.clone(),
            streams: state.streams.clone(),
        })
    }
}

impl FromRef<AppState> for SubsonicState {
    fn from_ref(state: &AppState) -> Self {
        Self::new(SubsonicServices {
            auth: state.auth.clone(),
            config: state.config.clone(),
            db: state.db.clone(),
            media: state.media.clone(),
            events: state.events.clone(),
            limiter: state.limiter.clone(),
            streams: state.streams.clone(),
            client_addresses: client_addresses(&state.config),
            covers: state.subsonic_covers.clone(),
            search_facts: state.search_facts.clone(),
            sync_positions: state.subsonic_sync.clone(),
        })
    }
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
