//! Playlists for others: a playlist is private (only its owner opens it) until its owner makes
//! it public; then any signed-in user opens and follows it, read-only. Followed playlists are
//! listed for the follower with their owner's edits, and leave that list when the owner makes
//! them private again or deletes them.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, scalar, spawn_app};
use crate::helpers::http::{assert_api_error, call, call_ok, get};
use crate::helpers::seed::{Seed, insert_track};

async fn create(app: &TestApp, token: &str, name: &str) -> String {
    let body = json!({ "name": name });
    let playlist = call_ok(app, Method::POST, "/playlists", token, Some(body), 201).await;
    playlist["id"].as_str().unwrap().to_owned()
}

async fn change(app: &TestApp, token: &str, playlist: &str, body: Value) -> Value {
    let path = format!("/playlists/{playlist}");
    call_ok(app, Method::PATCH, &path, token, Some(body), 200).await
}

async fn make_public(app: &TestApp, token: &str, playlist: &str) -> Value {
    change(app, token, playlist, json!({ "visibility": "public" })).await
}

async fn add(app: &TestApp, token: &str, playlist: &str, track: &str) {
    let path = format!("/playlists/{playlist}/tracks");
    let body = json!({ "track_id": track });
    call_ok(app, Method::POST, &path, token, Some(body), 200).await;
}

async fn follow(app: &TestApp, token: &str, playlist: &str, method: Method) -> reqwest::Response {
    call(
        app,
        method,
        &format!("/playlists/{playlist}/follow"),
        token,
        None,
    )
    .await
}

async fn follow_ok(app: &TestApp, token: &str, playlist: &str, method: Method) -> Value {
    let path = format!("/playlists/{playlist}/follow");
    call_ok(app, method, &path, token, None, 200).await
}

/// Ana's public playlist 'Shared', followed by Bo: Ana's token, Bo's token and the playlist.
async fn followed_playlist(app: &TestApp) -> (String, String, String) {
    let (_, owner) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let playlist = create(app, &owner, "Shared").await;
    make_public(app, &owner, &playlist).await;
    follow_ok(app, &bo, &playlist, Method::PUT).await;
    (owner, bo, playlist)
}

/// The follows of a playlist the database holds.
async fn follows_of(app: &TestApp, playlist: &str) -> i64 {
    let sql = "SELECT COUNT(*) FROM playlist_follows WHERE playlist_id = $1";
    scalar(app, sql, playlist).await
}

/// The names of the playlists the user follows, newest follow first.
async fn followed_names(app: &TestApp, token: &str) -> Vec<String> {
    get(app, "/me/followed-playlists", token).await["playlists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_new_playlist_is_private_and_says_whose_it_is() {
    let app = spawn_app().await;
    let (bo, token) = app.user("Bo").await;

    let playlist = create(&app, &token, "Road trip").await;

    let answer = get(&app, &format!("/playlists/{playlist}"), &token).await;
    assert_eq!(answer["visibility"], "private");
    assert_eq!(answer["owner_id"], bo);
    assert_eq!(answer["owner_name"], "Bo");
    assert_eq!(answer["is_owner"], true);
    assert_eq!(answer["is_following"], false);
    assert_eq!(answer["follower_count"], 0);
    let listed = &get(&app, "/playlists", &token).await["playlists"][0];
    assert_eq!(listed["visibility"], "private");
    assert_eq!(listed["owner_name"], "Bo");
}

#[tokio::test]
async fn a_public_playlist_opens_for_another_user_with_the_tracks_they_may_see() {
    let app = spawn_app().await;
    let (ana, ana_token) = app.user("Ana").await;
    let (_, listener) = app.user("Cy").await;
    let ready = insert_track(&app, Seed::ready(&ana, "Ready", "Ana")).await;
    let processing = Seed {
        status: "processing",
        ..Seed::ready(&ana, "Still processing", "Ana")
    };
    let processing = insert_track(&app, processing).await;
    let playlist = create(&app, &ana_token, "Mine").await;
    add(&app, &ana_token, &playlist, &ready).await;
    add(&app, &ana_token, &playlist, &processing).await;
    let path = format!("/playlists/{playlist}");
    let private = call(&app, Method::GET, &path, &listener, None).await;
    assert_eq!(
        assert_api_error(private, 404, "not_found").await,
        "Playlist not found"
    );

    let made_public = make_public(&app, &ana_token, &playlist).await;

    assert_eq!(made_public["visibility"], "public");
    assert_eq!(made_public["track_count"], 2);
    let seen = get(&app, &path, &listener).await;
    assert_eq!(seen["name"], "Mine");
    assert_eq!(seen["visibility"], "public");
    assert_eq!(seen["owner_id"], ana);
    assert_eq!(seen["owner_name"], "Ana");
    assert_eq!(seen["is_owner"], false);
    assert_eq!(seen["track_count"], 1);
    let titles: Vec<&str> = seen["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect();
    assert_eq!(titles, ["Ready"]);
    // Only the owner's own list holds it.
    assert_eq!(
        get(&app, "/playlists", &listener).await["playlists"],
        json!([])
    );
}

#[tokio::test]
async fn another_users_public_playlist_is_refused_as_theirs_on_every_change() {
    let app = spawn_app().await;
    let (ana, owner) = app.user("Ana").await;
    let (_, visitor) = app.user("Cy").await;
    let tracks = [
        insert_track(&app, Seed::ready(&ana, "One", "Ana")).await,
        insert_track(&app, Seed::ready(&ana, "Two", "Ana")).await,
    ];
    let playlist = create(&app, &owner, "Mine").await;
    add(&app, &owner, &playlist, &tracks[0]).await;
    make_public(&app, &owner, &playlist).await;
    let base = format!("/playlists/{playlist}");
    let before = get(&app, &base, &owner).await;

    let attempts = [
        (
            Method::PATCH,
            base.clone(),
            Some(json!({ "name": "Taken" })),
        ),
        (
            Method::PATCH,
            base.clone(),
            Some(json!({ "visibility": "private" })),
        ),
        (Method::DELETE, base.clone(), None),
        (
            Method::POST,
            format!("{base}/tracks"),
            Some(json!({ "track_id": tracks[1] })),
        ),
        (Method::DELETE, format!("{base}/tracks/{}", tracks[0]), None),
        (
            Method::PUT,
            format!("{base}/tracks"),
            Some(json!({ "track_ids": [tracks[0]] })),
        ),
        (
            Method::PATCH,
            format!("{base}/tracks/{}", tracks[0]),
            Some(json!({ "position": 0 })),
        ),
    ];
    for (method, path, body) in attempts {
        let response = call(&app, method.clone(), &path, &visitor, body).await;
        let message = assert_api_error(response, 403, "not_playlist_owner").await;
        assert_eq!(
            message, "Only the owner of this playlist can change it.",
            "{method} {path}"
        );
    }
    let feature = call(
        &app,
        Method::PATCH,
        "/me/profile",
        &visitor,
        Some(json!({ "featured_playlist_id": playlist })),
    )
    .await;
    assert_eq!(
        assert_api_error(feature, 403, "not_playlist_owner").await,
        "You can only feature your own playlists."
    );

    assert_eq!(get(&app, &base, &owner).await, before);
    assert_eq!(
        get(&app, "/me/profile", &visitor).await["featured_playlist"],
        Value::Null
    );
}

#[tokio::test]
async fn following_a_public_playlist_is_idempotent_and_counted() {
    let app = spawn_app().await;
    let (_, owner) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let (_, cy) = app.user("Cy").await;
    let playlist = create(&app, &owner, "Shared").await;
    make_public(&app, &owner, &playlist).await;

    let first = follow_ok(&app, &bo, &playlist, Method::PUT).await;
    let again = follow_ok(&app, &bo, &playlist, Method::PUT).await;
    let second_follower = follow_ok(&app, &cy, &playlist, Method::PUT).await;

    assert_eq!(first, json!({ "following": true, "follower_count": 1 }));
    assert_eq!(again, first);
    assert_eq!(
        second_follower,
        json!({ "following": true, "follower_count": 2 })
    );
    let path = format!("/playlists/{playlist}");
    assert_eq!(get(&app, &path, &bo).await["is_following"], true);
    let as_owner = get(&app, &path, &owner).await;
    assert_eq!(as_owner["follower_count"], 2);
    assert_eq!(as_owner["is_following"], false);

    let unfollowed = follow_ok(&app, &bo, &playlist, Method::DELETE).await;
    let unfollowed_again = follow_ok(&app, &bo, &playlist, Method::DELETE).await;

    assert_eq!(
        unfollowed,
        json!({ "following": false, "follower_count": 1 })
    );
    assert_eq!(unfollowed_again, unfollowed);
    assert_eq!(get(&app, &path, &bo).await["is_following"], false);
    assert_eq!(followed_names(&app, &bo).await, Vec::<String>::new());
}

#[tokio::test]
async fn an_owner_cannot_follow_their_own_playlist() {
    let app = spawn_app().await;
    let (_, owner) = app.user("Ana").await;
    let playlist = create(&app, &owner, "Mine").await;
    make_public(&app, &owner, &playlist).await;

    let response = follow(&app, &owner, &playlist, Method::PUT).await;

    assert_eq!(
        assert_api_error(response, 409, "cannot_follow_own_playlist").await,
        "You cannot follow your own playlist."
    );
    let unfollowed = follow_ok(&app, &owner, &playlist, Method::DELETE).await;
    assert_eq!(
        unfollowed,
        json!({ "following": false, "follower_count": 0 })
    );
    assert_eq!(followed_names(&app, &owner).await, Vec::<String>::new());
}

#[tokio::test]
async fn a_private_or_unknown_playlist_cannot_be_followed() {
    let app = spawn_app().await;
    let (_, owner) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let private = create(&app, &owner, "Secret").await;

    for id in [private.as_str(), "nope"] {
        for method in [Method::PUT, Method::DELETE] {
            let response = follow(&app, &bo, id, method.clone()).await;
            let message = assert_api_error(response, 404, "not_found").await;
            assert_eq!(message, "Playlist not found", "{method} {id}");
        }
    }
    assert_eq!(follows_of(&app, &private).await, 0);
}

#[tokio::test]
async fn followed_playlists_come_newest_follow_first_with_the_owners_edits() {
    let app = spawn_app().await;
    let (ana, owner) = app.user("Ana").await;
    let (_, bo) = app.user("Bo").await;
    let first = create(&app, &owner, "First").await;
    let second = create(&app, &owner, "Second").await;
    let not_followed = create(&app, &owner, "Not followed").await;
    for playlist in [&first, &second, &not_followed] {
        make_public(&app, &owner, playlist).await;
    }
    follow_ok(&app, &bo, &second, Method::PUT).await;
    follow_ok(&app, &bo, &first, Method::PUT).await;

    change(&app, &owner, &second, json!({ "name": "Second, renamed" })).await;

    assert_eq!(
        followed_names(&app, &bo).await,
        ["First", "Second, renamed"]
    );
    let page = get(&app, "/me/followed-playlists?limit=1", &bo).await;
    assert_eq!(page["playlists"][0]["id"], first);
    assert_eq!(page["playlists"][0]["owner_id"], ana);
    assert_eq!(page["playlists"][0]["owner_name"], "Ana");
    assert_eq!(page["playlists"][0]["is_owner"], false);
    assert_eq!(page["playlists"][0]["is_following"], true);
    let cursor = page["next_cursor"].as_str().unwrap();
    let next = get(
        &app,
        &format!("/me/followed-playlists?limit=1&cursor={cursor}"),
        &bo,
    )
    .await;
    assert_eq!(next["playlists"][0]["name"], "Second, renamed");
    assert_eq!(next["next_cursor"], Value::Null);
    // My own playlists stay mine alone (the 'Add to Playlist' menu lists them).
    assert_eq!(get(&app, "/playlists", &bo).await["playlists"], json!([]));
}

#[tokio::test]
async fn a_playlist_made_private_again_leaves_its_followers() {
    let app = spawn_app().await;
    let (owner, bo, playlist) = followed_playlist(&app).await;
    let path = format!("/playlists/{playlist}");

    let private = change(&app, &owner, &playlist, json!({ "visibility": "private" })).await;

    assert_eq!(private["visibility"], "private");
    assert_eq!(private["follower_count"], 0);
    assert_eq!(followed_names(&app, &bo).await, Vec::<String>::new());
    let response = call(&app, Method::GET, &path, &bo, None).await;
    assert_api_error(response, 404, "not_found").await;
    // Public again, it is no one's follow until they follow it again.
    make_public(&app, &owner, &playlist).await;
    assert_eq!(get(&app, &path, &bo).await["is_following"], false);
    assert_eq!(followed_names(&app, &bo).await, Vec::<String>::new());
}

#[tokio::test]
async fn a_deleted_playlist_leaves_its_followers_libraries() {
    let app = spawn_app().await;
    let (owner, bo, playlist) = followed_playlist(&app).await;

    let path = format!("/playlists/{playlist}");
    call_ok(&app, Method::DELETE, &path, &owner, None, 204).await;

    assert_eq!(followed_names(&app, &bo).await, Vec::<String>::new());
    let response = call(&app, Method::GET, &path, &bo, None).await;
    assert_api_error(response, 404, "not_found").await;
    assert_eq!(follows_of(&app, &playlist).await, 0);
}

#[tokio::test]
async fn a_visibility_is_public_or_private_and_nothing_else() {
    let app = spawn_app().await;
    let (_, owner) = app.user("Ana").await;
    let playlist = create(&app, &owner, "Mix").await;
    let path = format!("/playlists/{playlist}");

    for body in [
        json!({ "visibility": "friends" }),
        json!({ "visibility": "Public" }),
        json!({ "name": "Renamed", "visibility": true }),
    ] {
        let response = call(&app, Method::PATCH, &path, &owner, Some(body)).await;
        assert_api_error(response, 422, "invalid_json").await;
    }
    let unchanged = get(&app, &path, &owner).await;
    assert_eq!(unchanged["visibility"], "private");
    assert_eq!(unchanged["name"], "Mix");
    let kept = change(&app, &owner, &playlist, json!({ "visibility": null })).await;
    assert_eq!(kept["visibility"], "private");
}
