//! Catalog and listening data for tests of lists, limits and counts: tracks stored through the
//! app's own upload store and search keys (no audio), follows and plays through the API, and
//! house ads through the inventory's own code (what `backbeat ads add` runs).

use backbeat::catalog::upload::store::{self, NewTrack, StoredAudio};
use backbeat::catalog::upload::track_text::TrackText;
use backbeat::db::Timestamp;
use reqwest::Method;
use serde_json::Value;

use super::app::TestApp;
use super::http::call_ok;
use backbeat_core::ids::{TrackId, UserId};

/// A track stored directly (no audio), ready unless told otherwise.
pub struct Seed<'a> {
    pub uploaded_by: &'a str,
    pub title: &'a str,
    pub artist: &'a str,
    pub album: Option<&'a str>,
    pub genre: Option<&'a str>,
    pub status: &'a str,
    pub plays: i64,
    pub verified: bool,
    pub created_at: Timestamp,
}

impl<'a> Seed<'a> {
    pub fn ready(uploaded_by: &'a str, title: &'a str, artist: &'a str) -> Self {
        Self {
            uploaded_by,
            title,
            artist,
            album: None,
            genre: None,
            status: "ready",
            plays: 0,
            verified: false,
            created_at: Timestamp::now(),
        }
    }
}

/// Stores the track as an upload would (its text cleaned and its search keys made by the
/// upload's own code), then gives it the seed's state, plays and badge; answers its id.
pub async fn insert_track(app: &TestApp, seed: Seed<'_>) -> String {
    let text = TrackText::parse(Some(seed.title), Some(seed.artist), seed.album, seed.genre)
        .unwrap_or_else(|_| panic!("the seed's text is an upload's: {:?}", seed.title));
    let id = uuid::Uuid::now_v7().to_string();
    let audio = StoredAudio {
        key: format!("tracks/{}/seed_{id}.mp3", seed.uploaded_by),
        content_type: "audio/mpeg".into(),
        size_bytes: 1,
        duration_secs: 180,
        lossless: false,
    };
    let track = NewTrack::new(
        TrackId::from(id.as_str()),
        &UserId::from(seed.uploaded_by),
        text,
        audio,
        None,
    );
    let mut tx = app.db.begin().await.unwrap();
    store::insert_track(&mut tx, &track, seed.created_at)
        .await
        .unwrap();
    backbeat::on_tx!(&mut tx, conn => sqlx::query(
        "UPDATE tracks SET status = $2, plays = $3, verified = $4 WHERE id = $1")
        .bind(&id).bind(seed.status).bind(seed.plays).bind(seed.verified)
        .execute(conn).await.map(drop).unwrap());
    tx.commit().await.unwrap();
    id
}

/// Puts the user on a plan (`free`, `basic` or `premium`).
pub async fn set_plan(app: &TestApp, user_id: &str, plan: &str) {
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE profiles SET subscription_plan = $2 WHERE id = $1")
        .bind(user_id).bind(plan).execute(pool).await.map(drop).unwrap());
}

/// Reports a playback start that must be recorded; answers `{counted, plays}`.
pub async fn play(app: &TestApp, token: &str, track_id: &str) -> Value {
    call_ok(
        app,
        Method::POST,
        &format!("/tracks/{track_id}/plays"),
        token,
        None,
        200,
    )
    .await
}

/// `token`'s user follows `user_id`.
pub async fn follow(app: &TestApp, token: &str, user_id: &str) {
    call_ok(
        app,
        Method::PUT,
        &format!("/profiles/{user_id}/follow"),
        token,
        None,
        200,
    )
    .await;
}

/// Adds an active house ad through the inventory, with a generated 728x90 PNG; answers its id.
pub async fn add_ad(app: &TestApp, slot: &str, title: &str, target_url: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("banner.png");
    std::fs::write(&image, super::media::png(728, 90)).unwrap();
    let new = backbeat::ads::inventory::NewAd {
        slot,
        title,
        image: &image,
        target_url,
    };
    backbeat::ads::inventory::add(&app.db, &app.media, &new)
        .await
        .unwrap()
}

/// Stops serving the ad, as `backbeat ads disable` does.
pub async fn disable_ad(app: &TestApp, id: &str) {
    backbeat::ads::inventory::disable(&app.db, id)
        .await
        .unwrap();
}
