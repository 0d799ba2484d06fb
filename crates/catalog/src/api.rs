//! What this crate serves: its routes under `/api/v1` and the state they are served with.

use std::sync::Arc;

use backbeat_auth::AuthService;
use backbeat_core::db::Db;
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::config::Config;
use backbeat_platform::events::EventBus;
use backbeat_platform::media::MediaStore;
use utoipa_axum::router::OpenApiRouter;

use crate::automix::service::Automix;
use crate::catalog::search::facts::SearchFacts;
use crate::catalog::upload::service::Uploads;
use crate::recommendations::kept::KeptLists;
use crate::streaming::Streams;

backbeat_core::shared_state! {
    /// The state of every route of this crate (concrete, so their handlers are compiled with this
    /// crate rather than where the application is assembled; one shared pointer).
    pub struct CatalogState(CatalogServices) {
        pub auth: Arc<AuthService>,
        pub config: Arc<Config>,
        pub db: Db,
        pub media: MediaStore,
        pub events: EventBus,
        pub limiter: RateLimiter,
        pub streams: Streams,
        pub uploads: Uploads,
        pub automix: Automix,
        pub kept_recommendations: KeptLists,
        pub search_facts: SearchFacts,
    }
}

/// Every `/api/v1` route of this crate, with its OpenAPI description.
pub fn api_router() -> OpenApiRouter<CatalogState> {
    OpenApiRouter::new()
        .merge(crate::catalog::upload::routes::router::<CatalogState>())
        .merge(crate::catalog::browse::routes::router::<CatalogState>())
        .merge(crate::catalog::track_page::routes::router::<CatalogState>())
        .merge(crate::catalog::artist::routes::router::<CatalogState>())
        .merge(crate::streaming::routes::router::<CatalogState>())
        .merge(crate::plays::routes::router::<CatalogState>())
        .merge(crate::recommendations::routes::router::<CatalogState>())
        .merge(crate::automix::routes::router::<CatalogState>())
}
