//! Friends activity: `GET /api/v1/me/activity/friends` (the 10 latest listens of the people I
//! follow) and the live stream `GET /api/v1/events`, across instances on PostgreSQL, ending
//! when the server shuts down.

use std::time::Duration;

use futures_util::StreamExt;
use reqwest::Method;
use serde_json::Value;

use crate::helpers::app::{TestApp, postgres_admin_url, spawn_app, spawn_app_on, spawn_app_with};
use crate::helpers::events::{EventStream, PATIENCE};
use crate::helpers::http::{assert_api_error, call_ok, get};
use crate::helpers::seed::{Seed, follow, insert_track, play};

async fn unfollow(app: &TestApp, token: &str, user_id: &str) {
    let path = format!("/profiles/{user_id}/follow");
    call_ok(app, Method::DELETE, &path, token, None, 200).await;
}

#[tokio::test]
async fn friends_activity_holds_the_10_latest_listens_of_the_people_i_follow() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    let (bo, bo_token) = app.user("Bo").await;
    let (cy, cy_token) = app.user("Cy").await;
    let (_, stranger) = app.user("Di").await;
    follow(&app, &me, &bo).await;
    follow(&app, &me, &cy).await;
    let mut tracks = Vec::new();
    for i in 0..12 {
        tracks.push(insert_track(&app, Seed::ready(&ana, &format!("T{i}"), "Ana")).await);
    }
    let other = insert_track(&app, Seed::ready(&ana, "Elsewhere", "Ana")).await;

    for (i, track) in tracks.iter().enumerate() {
        let friend = if i % 2 == 0 { &bo_token } else { &cy_token };
        play(&app, friend, track).await;
        play(&app, &stranger, &other).await;
        play(&app, &me, &other).await;
    }
    let activity = get(&app, "/me/activity/friends", &me).await;

    let items = activity["items"].as_array().unwrap();
    let titles: Vec<&str> = items
        .iter()
        .map(|item| item["track"]["title"].as_str().unwrap())
        .collect();
    assert_eq!(
        titles,
        ["T11", "T10", "T9", "T8", "T7", "T6", "T5", "T4", "T3", "T2"]
    );
    assert_eq!(items[0]["user"]["id"], cy);
    assert_eq!(items[0]["user"]["name"], "Cy");
    assert_eq!(items[0]["user"]["avatar_url"], Value::Null);
    assert_eq!(items[1]["user"]["name"], "Bo");
    assert_eq!(items[0]["track"]["artist"], "Ana");
    assert!(items[0]["listened_at"].is_string());
    assert!(items[0]["id"].is_string());
    assert_eq!(
        get(&app, "/me/activity/friends", &bo_token).await["items"],
        serde_json::json!([])
    );
}

#[tokio::test]
async fn a_follower_sees_a_play_live_and_nobody_elses() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, me) = app.user("Mo").await;
    let (bo, bo_token) = app.user("Bo").await;
    let (cy, cy_token) = app.user("Cy").await;
    let (_, stranger) = app.user("Di").await;
    follow(&app, &me, &bo).await;
    follow(&app, &me, &cy).await;
    unfollow(&app, &me, &cy).await;
    let tide = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let dune = insert_track(&app, Seed::ready(&ana, "Dune", "Ana")).await;
    let mut events = EventStream::open(&app, &me).await;

    // Plays by someone I never followed, someone I unfollowed and myself come first.
    play(&app, &stranger, &tide).await;
    play(&app, &cy_token, &tide).await;
    play(&app, &me, &tide).await;
    play(&app, &bo_token, &dune).await;
    let (event, listen) = events.next_event().await;

    assert_eq!(event, "friend_listen");
    assert_eq!(listen["user"]["id"], bo);
    assert_eq!(listen["track"]["title"], "Dune");
    let activity = get(&app, "/me/activity/friends", &me).await;
    assert_eq!(listen, activity["items"][0]);
}

#[tokio::test]
async fn a_follower_connected_to_another_instance_sees_a_play_live() {
    let Some(_) = postgres_admin_url() else {
        eprintln!("skipped: TEST_DATABASE_URL is not set, so there is no PostgreSQL to share");
        return;
    };
    let first = spawn_app_on("postgres", |_| {}).await;
    let second = first.spawn_peer().await;
    let (ana, _) = first.user("Ana").await;
    let (_, me) = first.user("Mo").await;
    let (bo, bo_token) = first.user("Bo").await;
    follow(&first, &me, &bo).await;
    let tide = insert_track(&first, Seed::ready(&ana, "Tide", "Ana")).await;
    let mut events = EventStream::open(&second, &me).await;

    play(&first, &bo_token, &tide).await;
    let (event, listen) = events.next_event().await;

    assert_eq!(event, "friend_listen");
    assert_eq!(listen["user"]["id"], bo);
    assert_eq!(listen["track"]["id"], tide);
}

#[tokio::test]
async fn a_server_with_an_open_event_stream_stops_and_ends_the_stream() {
    let app = spawn_app().await;
    let (_, token) = app.user("Mo").await;
    let mut events = EventStream::open(&app, &token).await;

    let restarted = tokio::time::timeout(PATIENCE, app.restart(|_| {})).await;

    assert!(
        restarted.is_ok(),
        "the server did not stop with an event stream open"
    );
    assert!(events.ends().await, "the event stream was not ended");
}

#[tokio::test]
async fn the_event_stream_needs_a_signed_in_user() {
    let app = spawn_app().await;

    let response = app.get("/api/v1/events").await;

    assert_api_error(response, 401, "unauthorized").await;
}

// ---- how long a stream lives

async fn logout(app: &TestApp, token: &str, scope: &str) {
    let response = app
        .auth(Method::POST, &format!("/logout?scope={scope}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204);
}

#[tokio::test]
async fn a_stream_ends_when_its_session_logs_out() {
    let app = spawn_app().await;
    let session = app.sign_up("eve@example.com", "secret1", "Eve").await;
    let token = session["access_token"].as_str().unwrap();
    let other = app.sign_in("eve@example.com", "secret1").await;
    let other_token = other["access_token"].as_str().unwrap();
    let mut mine = EventStream::open(&app, token).await;
    let mut theirs = EventStream::open(&app, other_token).await;

    logout(&app, token, "local").await;

    assert!(
        mine.ends().await,
        "the logged-out session's stream stays open"
    );
    let still_open = tokio::time::timeout(Duration::from_millis(1500), theirs.body.next()).await;
    assert!(still_open.is_err(), "the other session's stream ended too");
}

#[tokio::test]
async fn a_password_change_ends_the_streams_of_the_other_sessions() {
    let app = spawn_app().await;
    let here = app.sign_up("fox@example.com", "secret1", "Fox").await;
    let elsewhere = app.sign_in("fox@example.com", "secret1").await;
    let mut stream = EventStream::open(&app, elsewhere["access_token"].as_str().unwrap()).await;

    let changed = app
        .auth(Method::PUT, "/user")
        .bearer_auth(here["access_token"].as_str().unwrap())
        .json(&serde_json::json!({"password": "secret2", "current_password": "secret1"}))
        .send()
        .await
        .unwrap();

    assert_eq!(changed.status(), 200);
    assert!(stream.ends().await, "the other session's stream stays open");
}

#[tokio::test]
async fn a_stream_ends_when_reuse_detection_ends_its_session() {
    let app = spawn_app().await;
    let session = app.sign_up("gil@example.com", "secret1", "Gil").await;
    let mut stream = EventStream::open(&app, session["access_token"].as_str().unwrap()).await;
    let mut token = session["refresh_token"].clone();
    for _ in 0..2 {
        let refreshed: Value = app
            .auth(Method::POST, "/token?grant_type=refresh_token")
            .json(&serde_json::json!({ "refresh_token": token }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        token = refreshed["refresh_token"].clone();
    }
    // The first token was rotated long ago, as far as the reuse interval is concerned.
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE refresh_tokens SET updated_at = $1 WHERE revoked = TRUE")
        .bind(backbeat::db::Timestamp::now() - chrono::Duration::hours(1))
        .execute(pool).await.map(drop).unwrap());

    let replayed = app
        .auth(Method::POST, "/token?grant_type=refresh_token")
        .json(&serde_json::json!({ "refresh_token": session["refresh_token"] }))
        .send()
        .await
        .unwrap();

    assert_eq!(replayed.status(), 400);
    assert!(
        stream.ends().await,
        "the stolen session's stream stays open"
    );
}

#[tokio::test]
async fn a_stream_ends_when_its_access_token_expires() {
    let app = spawn_app_with(|c| c.auth.access_token_ttl_secs = 2).await;
    let (_, token) = app.user("Hal").await;
    let mut stream = EventStream::open(&app, &token).await;

    assert!(stream.ends().await, "the stream outlives its token");
}

#[tokio::test]
async fn a_user_holds_a_few_streams_and_a_new_one_closes_the_oldest() {
    let app = spawn_app_with(|c| c.event_streams_per_user = 2).await;
    let (_, token) = app.user("Ivy").await;
    let (_, other_user) = app.user("Jon").await;
    let mut first = EventStream::open(&app, &token).await;
    let mut second = EventStream::open(&app, &token).await;
    let mut someone_else = EventStream::open(&app, &other_user).await;

    let mut third = EventStream::open(&app, &token).await;

    assert!(first.ends().await, "the oldest stream stays open");
    for stream in [&mut second, &mut third, &mut someone_else] {
        let still_open = tokio::time::timeout(Duration::from_millis(500), stream.body.next()).await;
        assert!(still_open.is_err(), "a stream within the limit ended");
    }
}
