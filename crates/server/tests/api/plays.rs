//! `POST /api/v1/tracks/{id}/plays`: every playback start is in the listening history; a play
//! counts (the track's plays, what the artist is paid on) unless the listener uploaded the
//! track, already had a counted play of it within the window, or had a counted play of any
//! track less than 30 s (or that track's length) before, however often and however
//! concurrently it is reported; reports past a user's budget are refused.

use backbeat::db::Timestamp;
use reqwest::Method;
use serde_json::json;

use crate::helpers::app::{TestApp, count, scalar, spawn_app, spawn_app_with};
use crate::helpers::http::{assert_api_error, call};
use crate::helpers::payouts::balance_units;
use crate::helpers::seed::{Seed, insert_track, play};

// ---- counting

async fn plays_of(app: &TestApp, track_id: &str) -> i64 {
    scalar(app, "SELECT plays FROM tracks WHERE id = $1", track_id).await
}

async fn history_rows(app: &TestApp, track_id: &str) -> i64 {
    scalar(
        app,
        "SELECT COUNT(*) FROM listening_history WHERE track_id = $1",
        track_id,
    )
    .await
}

async fn counted_rows(app: &TestApp, track_id: &str) -> i64 {
    scalar(
        app,
        "SELECT COUNT(*) FROM listening_history WHERE track_id = $1 AND counted",
        track_id,
    )
    .await
}

#[tokio::test]
async fn a_listeners_play_is_recorded_and_counted() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;

    let outcome = play(&app, &bo_token, &track).await;

    assert_eq!(outcome, json!({ "counted": true, "plays": 1 }));
    assert_eq!(plays_of(&app, &track).await, 1);
    let listener: String = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT user_id FROM listening_history WHERE track_id = $1")
        .bind(&track).fetch_one(pool).await.unwrap());
    assert_eq!(listener, bo);
}

#[tokio::test]
async fn the_uploaders_own_play_is_recorded_but_not_counted() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let track = insert_track(
        &app,
        Seed {
            plays: 4,
            ..Seed::ready(&ana, "Tide", "Ana")
        },
    )
    .await;

    let outcome = play(&app, &ana_token, &track).await;

    assert_eq!(outcome, json!({ "counted": false, "plays": 4 }));
    assert_eq!(plays_of(&app, &track).await, 4);
    assert_eq!(history_rows(&app, &track).await, 1);
    assert_eq!(counted_rows(&app, &track).await, 0);
}

#[tokio::test]
async fn a_second_play_within_the_window_is_recorded_but_not_counted() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;

    play(&app, &bo_token, &track).await;
    let second = play(&app, &bo_token, &track).await;

    assert_eq!(second, json!({ "counted": false, "plays": 1 }));
    assert_eq!(history_rows(&app, &track).await, 2);
    assert_eq!(counted_rows(&app, &track).await, 1);
}

#[tokio::test]
async fn a_play_after_the_30_minute_window_counts_again() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    play(&app, &bo_token, &track).await;
    play(&app, &bo_token, &track).await;
    // Both earlier plays happened 31 minutes ago; the uncounted one does not restart the window.
    let earlier = Timestamp::now() - chrono::Duration::minutes(31);
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE listening_history SET listened_at = $2 WHERE track_id = $1")
        .bind(&track).bind(earlier).execute(pool).await.map(drop).unwrap());

    let later = play(&app, &bo_token, &track).await;

    assert_eq!(later, json!({ "counted": true, "plays": 2 }));
    assert_eq!(counted_rows(&app, &track).await, 2);
}

#[tokio::test]
async fn the_window_follows_the_configuration() {
    let app = spawn_app_with(|config| config.play_count_window_secs = 1).await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    play(&app, &bo_token, &track).await;

    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let after_the_window = play(&app, &bo_token, &track).await;

    assert_eq!(after_the_window, json!({ "counted": true, "plays": 2 }));
}

#[tokio::test]
async fn ten_concurrent_reports_of_one_play_count_exactly_once() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;

    let reports = (0..10).map(|_| play(&app, &bo_token, &track));
    let outcomes = futures_util::future::join_all(reports).await;

    let counted = outcomes.iter().filter(|o| o["counted"] == true).count();
    assert_eq!(counted, 1, "{outcomes:?}");
    assert_eq!(plays_of(&app, &track).await, 1);
    assert_eq!(counted_rows(&app, &track).await, 1);
    assert_eq!(history_rows(&app, &track).await, 10);
}

#[tokio::test]
async fn concurrent_plays_of_different_listeners_each_count() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let mut tokens = Vec::new();
    for i in 0..6 {
        tokens.push(app.user(&format!("Listener {i}")).await.1);
    }

    let reports = tokens.iter().map(|token| play(&app, token, &track));
    futures_util::future::join_all(reports).await;

    assert_eq!(plays_of(&app, &track).await, 6);
    assert_eq!(counted_rows(&app, &track).await, 6);
}

#[tokio::test]
async fn a_track_still_processing_cannot_be_played() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let track = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Tide", "Ana")
        },
    )
    .await;
    let path = format!("/tracks/{track}/plays");

    let by_uploader = call(&app, Method::POST, &path, &ana_token, None).await;
    let by_someone_else = call(&app, Method::POST, &path, &bo_token, None).await;

    let message = assert_api_error(by_uploader, 409, "not_ready").await;
    assert_eq!(message, "This track is still processing.");
    assert_eq!(
        assert_api_error(by_someone_else, 404, "not_found").await,
        "Track Not Found"
    );
    assert_eq!(history_rows(&app, &track).await, 0);
}

#[tokio::test]
async fn an_unknown_track_cannot_be_played() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bo").await;

    let response = call(&app, Method::POST, "/tracks/nope/plays", &token, None).await;

    assert_eq!(
        assert_api_error(response, 404, "not_found").await,
        "Track Not Found"
    );
}

#[tokio::test]
async fn a_play_needs_a_signed_in_listener() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;

    let response = app
        .client
        .post(app.url(&format!("/api/v1/tracks/{track}/plays")))
        .send()
        .await
        .unwrap();

    assert_api_error(response, 401, "unauthorized").await;
    assert_eq!(history_rows(&app, &track).await, 0);
}

// ---- time between counted plays, and the budget of reports

/// The app with counted plays at least 30 s apart (the production default the test app turns
/// off).
async fn spawn_app_with_the_time_rule() -> TestApp {
    spawn_app_with(|config| config.min_secs_between_counted_plays = 30).await
}

/// Moves every play `listener` reported `secs` into the past.
async fn listened_secs_ago(app: &TestApp, listener: &str, secs: i64) {
    let earlier = Timestamp::now() - chrono::Duration::seconds(secs);
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE listening_history SET listened_at = $2 WHERE user_id = $1")
        .bind(listener).bind(earlier).execute(pool).await.map(drop).unwrap());
}

#[tokio::test]
async fn fresh_accounts_playing_every_track_at_once_earn_one_play_each() {
    let app = spawn_app_with_the_time_rule().await;
    let (ana, ana_token) = app.user("Ana").await;
    let mut tracks = Vec::new();
    for i in 0..5 {
        tracks.push(insert_track(&app, Seed::ready(&ana, &format!("Track {i}"), "Ana")).await);
    }
    let mut farm = Vec::new();
    for i in 0..3 {
        farm.push(app.user(&format!("Farm {i}")).await);
    }

    let mut outcomes = Vec::new();
    for (_, token) in &farm {
        for track in &tracks {
            outcomes.push(play(&app, token, track).await["counted"] == true);
        }
    }

    // Each account's first play counts; the 4 that follow within seconds are only history.
    assert_eq!(outcomes.iter().filter(|counted| **counted).count(), 3);
    for chunk in outcomes.chunks(5) {
        assert_eq!(chunk, [true, false, false, false, false]);
    }
    assert_eq!(balance_units(&app, &ana_token).await, 3 * 21);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM listening_history").await,
        15,
        "every report is in the history"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM listening_history WHERE counted").await,
        3
    );
}

#[tokio::test]
async fn a_play_counts_again_once_the_previous_counted_one_started_30_seconds_earlier() {
    let app = spawn_app_with_the_time_rule().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let first = insert_track(&app, Seed::ready(&ana, "First", "Ana")).await;
    let second = insert_track(&app, Seed::ready(&ana, "Second", "Ana")).await;
    assert_eq!(play(&app, &bo_token, &first).await["counted"], true);
    listened_secs_ago(&app, &bo, 29).await;
    assert_eq!(play(&app, &bo_token, &second).await["counted"], false);
    // The uncounted report does not move the mark: only counted plays do.
    listened_secs_ago(&app, &bo, 31).await;

    let later = play(&app, &bo_token, &second).await;

    assert_eq!(later, json!({ "counted": true, "plays": 1 }));
    assert_eq!(balance_units(&app, &ana_token).await, 2 * 21);
}

#[tokio::test]
async fn after_a_track_shorter_than_the_gap_the_next_play_counts_after_its_length() {
    let app = spawn_app_with_the_time_rule().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let short = insert_track(&app, Seed::ready(&ana, "Interlude", "Ana")).await;
    let next = insert_track(&app, Seed::ready(&ana, "Next", "Ana")).await;
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE tracks SET duration_secs = 10 WHERE id = $1")
        .bind(&short).execute(pool).await.map(drop).unwrap());
    assert_eq!(play(&app, &bo_token, &short).await["counted"], true);
    listened_secs_ago(&app, &bo, 8).await;
    assert_eq!(play(&app, &bo_token, &next).await["counted"], false);
    listened_secs_ago(&app, &bo, 11).await;

    assert_eq!(play(&app, &bo_token, &next).await["counted"], true);
}

#[tokio::test]
async fn play_reports_past_the_budget_are_refused_and_not_recorded() {
    let app = spawn_app_with(|config| config.play_reports_per_minute = 5).await;
    let (ana, _) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let (_, cy_token) = app.user("Cy").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let path = format!("/tracks/{track}/plays");
    for _ in 0..5 {
        play(&app, &bo_token, &track).await;
    }

    let sixth = call(&app, Method::POST, &path, &bo_token, None).await;

    let message = assert_api_error(sixth, 429, "too_many_play_reports").await;
    assert_eq!(
        message,
        "Too many plays reported in a short time. Please wait a minute and try again."
    );
    assert_eq!(history_rows(&app, &track).await, 5);
    // Another listener has a budget of their own.
    assert_eq!(play(&app, &cy_token, &track).await["counted"], true);
}
