//! What this crate serves: its routes under `/api/v1` and the state they are served with.

use std::sync::Arc;

use backbeat_auth::AuthService;
use backbeat_catalog::streaming::Streams;
use backbeat_core::db::Db;
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::config::Config;
use backbeat_platform::events::EventBus;
use utoipa_axum::router::OpenApiRouter;

backbeat_core::shared_state! {
    /// The state of every route of this crate (concrete, so their handlers are compiled with this
    /// crate rather than where the application is assembled; one shared pointer).
    pub struct OfflineState(OfflineServices) {
        pub auth: Arc<AuthService>,
        pub config: Arc<Config>,
        pub db: Db,
        pub events: EventBus,
        pub limiter: RateLimiter,
        pub streams: Streams,
    }
}

/// Every `/api/v1` route of this crate, with its OpenAPI description.
pub fn api_router() -> OpenApiRouter<OfflineState> {
    OpenApiRouter::new()
        .merge(crate::grants::routes::router::<OfflineState>())
        .merge(crate::offline_plays::routes::router::<OfflineState>())
}
