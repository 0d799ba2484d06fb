//! Likes: `PUT|DELETE /api/v1/tracks/{id}/like` (idempotent), `GET /api/v1/me/likes` and
//! `/me/likes/ids`, each user's own; and the home page's counts.

use backbeat::db::Timestamp;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{assert_api_error, call, call_ok, get};
use crate::helpers::seed::{Seed, insert_track};

async fn like(app: &TestApp, token: &str, track_id: &str) -> Value {
    let path = format!("/tracks/{track_id}/like");
    call_ok(app, Method::PUT, &path, token, None, 200).await
}

async fn unlike(app: &TestApp, token: &str, track_id: &str) -> Value {
    let path = format!("/tracks/{track_id}/like");
    call_ok(app, Method::DELETE, &path, token, None, 200).await
}

fn titles(tracks: &Value) -> Vec<&str> {
    tracks
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect()
}

async fn like_rows(app: &TestApp, user: &str) -> i64 {
    crate::helpers::app::scalar(
        app,
        "SELECT COUNT(*) FROM liked_tracks WHERE user_id = $1",
        user,
    )
    .await
}

#[tokio::test]
async fn liking_twice_keeps_one_like_and_unliking_twice_keeps_none() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let track = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;

    assert_eq!(
        like(&app, &bo_token, &track).await,
        json!({ "liked": true })
    );
    assert_eq!(
        like(&app, &bo_token, &track).await,
        json!({ "liked": true })
    );
    assert_eq!(like_rows(&app, &bo).await, 1);
    assert_eq!(
        get(&app, "/me/likes/ids", &bo_token).await,
        json!({ "track_ids": [track], "next_cursor": null })
    );

    assert_eq!(
        unlike(&app, &bo_token, &track).await,
        json!({ "liked": false })
    );
    assert_eq!(
        unlike(&app, &bo_token, &track).await,
        json!({ "liked": false })
    );
    assert_eq!(like_rows(&app, &bo).await, 0);
}

#[tokio::test]
async fn the_likes_of_two_users_are_independent() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let tide = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let dune = insert_track(&app, Seed::ready(&ana, "Dune", "Ana")).await;

    like(&app, &ana_token, &tide).await;
    like(&app, &bo_token, &tide).await;
    like(&app, &bo_token, &dune).await;
    unlike(&app, &ana_token, &tide).await;

    assert_eq!(
        get(&app, "/me/likes/ids", &ana_token).await["track_ids"],
        json!([])
    );
    let bos = get(&app, "/me/likes", &bo_token).await;
    assert_eq!(titles(&bos["tracks"]), ["Dune", "Tide"]);
}

#[tokio::test]
async fn my_likes_list_full_tracks_newest_like_first() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let mut ids = Vec::new();
    for title in ["First", "Second", "Third"] {
        ids.push(insert_track(&app, Seed::ready(&ana, title, "Ana")).await);
    }
    // Liked in the order Second, Third, First.
    let start = Timestamp::now() - chrono::Duration::hours(1);
    for (minutes, index) in [(0, 1), (1, 2), (2, 0)] {
        backbeat::on_db!(&app.db, pool => sqlx::query(
            "INSERT INTO liked_tracks (user_id, track_id, created_at) VALUES ($1, $2, $3)")
            .bind(&bo).bind(&ids[index]).bind(start + chrono::Duration::minutes(minutes))
            .execute(pool).await.map(drop).unwrap());
    }

    let likes = get(&app, "/me/likes", &bo_token).await;
    let liked_ids = get(&app, "/me/likes/ids", &bo_token).await;

    assert_eq!(titles(&likes["tracks"]), ["First", "Third", "Second"]);
    assert_eq!(likes["tracks"][0]["artist"], "Ana");
    assert_eq!(likes["tracks"][0]["status"], "ready");
    assert_eq!(liked_ids["track_ids"], json!([ids[0], ids[2], ids[1]]));
}

#[tokio::test]
async fn an_unknown_or_unready_track_cannot_be_liked() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (bo, bo_token) = app.user("Bo").await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Soon", "Ana")
        },
    )
    .await;

    for (method, track) in [
        (Method::PUT, "nope"),
        (Method::DELETE, "nope"),
        (Method::PUT, processing.as_str()),
    ] {
        let path = format!("/tracks/{track}/like");
        let response = call(&app, method, &path, &bo_token, None).await;
        assert_eq!(
            assert_api_error(response, 404, "not_found").await,
            "Track Not Found"
        );
    }
    assert_eq!(like_rows(&app, &bo).await, 0);
    // The uploader sees their own processing track, and may like it.
    like(&app, &ana_token, &processing).await;
    assert_eq!(like_rows(&app, &ana).await, 1);
}

#[tokio::test]
async fn likes_need_a_signed_in_user() {
    let app = spawn_app().await;

    let response = app.get("/api/v1/me/likes").await;

    assert_api_error(response, 401, "unauthorized").await;
}

#[tokio::test]
async fn home_counts_my_liked_songs_and_my_playlists() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    let tide = insert_track(&app, Seed::ready(&ana, "Tide", "Ana")).await;
    let dune = insert_track(&app, Seed::ready(&ana, "Dune", "Ana")).await;
    like(&app, &bo_token, &tide).await;
    like(&app, &bo_token, &dune).await;
    like(&app, &ana_token, &tide).await;
    for name in ["Morning", "Evening"] {
        call_ok(
            &app,
            Method::POST,
            "/playlists",
            &bo_token,
            Some(json!({ "name": name })),
            201,
        )
        .await;
    }

    let home = get(&app, "/home", &bo_token).await;

    assert_eq!(home["stats"]["liked_songs"], 2);
    assert_eq!(home["stats"]["playlists"], 2);
    assert_eq!(
        get(&app, "/home", &ana_token).await["stats"]["playlists"],
        0
    );
}
