//! What the home page shows.

use crate::library::likes::store as likes;
use crate::library::playlists::store as playlists;
use backbeat_catalog::catalog::browse::store as browse;
use backbeat_catalog::catalog::track::TrackRow;
use backbeat_catalog::catalog::upload::store as uploads;
use backbeat_core::db::Db;
use backbeat_core::ids::UserId;
use backbeat_platform::plans::{self, Plan};

/// Home shows 8 recent tracks.
const HOME_RECENT: i64 = 8;

/// The home page: the stat cards and the newest tracks.
#[derive(Clone, Debug)]
pub struct HomeSummary {
    pub your_tracks: i64,
    pub liked_songs: i64,
    pub playlists: i64,
    pub plan: Plan,
    pub recent: Vec<TrackRow>,
}

pub async fn home(db: &Db, user: &UserId) -> sqlx::Result<HomeSummary> {
    Ok(HomeSummary {
        your_tracks: uploads::count_uploaded_by(db, user).await?,
        liked_songs: likes::count_likes(db, user).await?,
        playlists: playlists::count_playlists(db, user).await?,
        plan: plans::plan_of(db, user).await?,
        recent: browse::newest(db, None, HOME_RECENT).await?,
    })
}
