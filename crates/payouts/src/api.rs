//! What this crate serves: the balance and withdrawal routes under `/api/v1`, and the state
//! they are served with.

use std::sync::Arc;

use backbeat_core::db::Db;
use backbeat_platform::config::Config;
use utoipa_axum::router::OpenApiRouter;

backbeat_core::shared_state! {
    /// The state of the balance and withdrawal routes (concrete, so their handlers are compiled with
    /// this crate).
    pub struct PayoutsState(PayoutsServices) {
        pub db: Db,
        pub config: Arc<Config>,
    }
}

/// The balance and withdrawal routes, with their OpenAPI description.
pub fn api_router() -> OpenApiRouter<PayoutsState> {
    crate::routes::router::<PayoutsState>()
}
