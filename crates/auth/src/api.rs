//! What the authentication routes are served with.

use std::sync::Arc;

use axum::extract::FromRef;
use backbeat_core::net::ClientAddressRule;
use backbeat_platform::config::Config;

use crate::AuthService;

/// The state of `/auth/v1` and of the account routes under `/api/v1`. A concrete type, so their
/// handlers are compiled with this crate rather than where the application is assembled.
#[derive(Clone, FromRef)]
pub struct AuthState {
    pub auth: Arc<AuthService>,
    pub config: Arc<Config>,
    pub client_addresses: ClientAddressRule,
}
