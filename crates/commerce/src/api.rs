//! What this crate serves: its routes under `/api/v1` and the state they are served with.

use std::sync::Arc;

use backbeat_auth::AuthService;
use backbeat_core::db::Db;
use backbeat_platform::config::Config;
use utoipa_axum::router::OpenApiRouter;

use crate::payments::Payments;

backbeat_core::shared_state! {
    /// The state of the payment and ad routes (concrete, so their handlers are compiled with this
    /// crate).
    pub struct CommerceState(CommerceServices) {
        pub auth: Arc<AuthService>,
        pub config: Arc<Config>,
        pub db: Db,
        pub payments: Payments,
    }
}

/// Every `/api/v1` route of this crate, with its OpenAPI description.
pub fn api_router() -> OpenApiRouter<CommerceState> {
    OpenApiRouter::new()
        .merge(crate::ads::routes::router::<CommerceState>())
        .merge(crate::payments::routes::router::<CommerceState>())
}

/// The sandbox's checkout pages (`/checkout/sandbox/{session}`), outside `/api/v1`.
pub fn sandbox_router() -> axum::Router<Payments> {
    crate::payments::sandbox::routes::router::<Payments>()
}
