//! What the payout routes are served with.

use std::sync::Arc;

use axum::extract::FromRef;
use backbeat_core::db::Db;
use backbeat_platform::config::Config;

/// The state of the balance and withdrawal routes (concrete, so their handlers are compiled with
/// this crate).
#[derive(Clone, FromRef)]
pub struct PayoutsState {
    pub db: Db,
    pub config: Arc<Config>,
}
