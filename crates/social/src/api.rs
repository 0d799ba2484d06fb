//! What this crate serves: its routes under `/api/v1` and the state they are served with.

use std::sync::Arc;

use backbeat_auth::AuthService;
use backbeat_catalog::automix::live::LiveStems;
use backbeat_core::db::Db;
use backbeat_core::shutdown::Shutdown;
use backbeat_platform::events::{EventBus, StreamSlots};
use backbeat_platform::media::MediaStore;
use utoipa_axum::router::OpenApiRouter;

use crate::activity::service::LiveActivity;

backbeat_core::shared_state! {
    /// The state of every route of this crate (concrete, so their handlers are compiled with this
    /// crate rather than where the application is assembled; one shared pointer).
    pub struct SocialState(SocialServices) {
        pub auth: Arc<AuthService>,
        pub db: Db,
        pub media: MediaStore,
        pub events: EventBus,
        pub shutdown: Shutdown,
        pub live_activity: LiveActivity,
        pub live_stems: LiveStems,
        pub stream_slots: StreamSlots,
    }
}

/// Every `/api/v1` route of this crate, with its OpenAPI description.
pub fn api_router() -> OpenApiRouter<SocialState> {
    OpenApiRouter::new()
        .merge(crate::profiles::profile::routes::router::<SocialState>())
        .merge(crate::profiles::follows::routes::router::<SocialState>())
        .merge(crate::profiles::avatar::routes::router::<SocialState>())
        .merge(crate::profiles::showcase::routes::router::<SocialState>())
        .merge(crate::home::routes::router::<SocialState>())
        .merge(crate::library::likes::routes::router::<SocialState>())
        .merge(crate::library::playlists::routes::router::<SocialState>())
        .merge(crate::library::playlists::follows::routes::router::<
            SocialState,
        >())
        .merge(crate::activity::routes::router::<SocialState>())
}
