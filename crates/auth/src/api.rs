//! What this crate serves: `/auth/v1` and the account routes under `/api/v1`, and the state
//! they are served with.

use std::sync::Arc;

use axum::Router;
use backbeat_core::net::ClientAddressRule;
use backbeat_platform::config::Config;
use utoipa_axum::router::OpenApiRouter;

use crate::service::AuthService;

backbeat_core::shared_state! {
    /// The state of `/auth/v1` and of the account routes under `/api/v1`. A concrete type, so their
    /// handlers are compiled with this crate rather than where the application is assembled.
    pub struct AuthState(AuthServices) {
        pub auth: Arc<AuthService>,
        pub config: Arc<Config>,
        pub client_addresses: ClientAddressRule,
    }
}

/// `/auth/v1`: the GoTrue API.
pub fn router() -> Router<AuthState> {
    crate::routes::router::<AuthState>()
}

/// The account routes under `/api/v1` (recovery codes, sessions), with their OpenAPI
/// description.
pub fn api_router() -> OpenApiRouter<AuthState> {
    crate::account_routes::router::<AuthState>()
        .merge(crate::app_passwords::routes::router::<AuthState>())
}
