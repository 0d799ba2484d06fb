//! Listening: what listeners do all day. Likes, their own playlists, plays (listening history
//! and the counting that pays artists), friends' activity (with its live stream) and
//! recommendations.

pub mod activity;
mod error;
pub mod likes;
pub mod playlists;
pub mod plays;
pub mod recommendations;
mod store;

use utoipa_axum::router::OpenApiRouter;

pub use error::ListeningError;

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(likes::routes::router())
        .merge(playlists::routes::router())
        .merge(plays::routes::router())
        .merge(activity::routes::router())
        .merge(recommendations::routes::router())
}
