//! The state `/rest` is served with: the services its endpoints take.

use std::sync::Arc;

use crate::cover_cache::CoverCache;
use crate::store::sync::SyncPositions;
use backbeat_auth::AuthService;
use backbeat_catalog::catalog::search::facts::SearchFacts;
use backbeat_catalog::streaming::Streams;
use backbeat_core::db::Db;
use backbeat_core::net::ClientAddressRule;
use backbeat_core::rate_limits::RateLimiter;
use backbeat_platform::config::Config;
use backbeat_platform::events::EventBus;
use backbeat_platform::media::MediaStore;

backbeat_core::shared_state! {
    /// The state of `/rest` (concrete, so its handlers are compiled with this crate; one
    /// shared pointer).
    pub struct SubsonicState(SubsonicServices) {
        pub auth: Arc<AuthService>,
        pub config: Arc<Config>,
        pub db: Db,
        pub media: MediaStore,
        pub events: EventBus,
        pub limiter: RateLimiter,
        pub streams: Streams,
        pub client_addresses: ClientAddressRule,
        pub covers: CoverCache,
        pub search_facts: SearchFacts,
        pub sync_positions: SyncPositions,
    }
}

impl SubsonicState {
    /// The services behind the state.
    pub fn services(&self) -> Arc<SubsonicServices> {
        self.0.clone()
    }
}
