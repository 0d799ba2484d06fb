//! `/api/v1/playlists`: names and descriptions, adding (once), removing, reordering and moving
//! tracks, deleting, featuring on the profile, and ownership: another user's playlist answers 404 on
//! every verb and stays as it was.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::http::{assert_api_error, call, call_ok, get};
use crate::helpers::seed::{Seed, insert_track};

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    call_ok(app, Method::POST, "/playlists", token, Some(body), 201).await
}

async fn add(app: &TestApp, token: &str, playlist: &str, track: &str) -> Value {
    let path = format!("/playlists/{playlist}/tracks");
    let body = json!({ "track_id": track });
    call_ok(app, Method::POST, &path, token, Some(body), 200).await
}

fn track_titles(playlist: &Value) -> Vec<&str> {
    playlist["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap())
        .collect()
}

fn id(value: &Value) -> String {
    value["id"].as_str().unwrap().to_owned()
}

/// Ana's tracks, one with a cover, for tests that need some.
async fn tracks(app: &TestApp, uploader: &str) -> Vec<String> {
    let mut ids = Vec::new();
    for title in ["One", "Two", "Three"] {
        ids.push(insert_track(app, Seed::ready(uploader, title, "Ana")).await);
    }
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE tracks SET cover_key = 'covers/x/two-256.jpg' WHERE id = $1")
        .bind(&ids[1]).execute(pool).await.map(drop).unwrap());
    ids
}

#[tokio::test]
async fn a_playlist_is_created_empty_with_a_trimmed_name() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bo").await;

    let playlist = create(&app, &token, json!({ "name": "  Road trip  " })).await;

    assert_eq!(playlist["name"], "Road trip");
    assert_eq!(playlist["description"], "");
    assert_eq!(playlist["track_count"], 0);
    assert_eq!(playlist["cover_url"], Value::Null);
    assert_eq!(playlist["is_featured"], false);
    assert_eq!(playlist["tracks"], json!([]));
    assert!(playlist["created_at"].is_string());
    assert_eq!(
        get(&app, &format!("/playlists/{}", id(&playlist)), &token).await,
        playlist
    );
}

#[tokio::test]
async fn a_playlist_needs_a_name_of_at_most_100_characters() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bo").await;

    for (body, message) in [
        (json!({ "name": "   " }), "Please enter a playlist name."),
        (json!({ "name": "" }), "Please enter a playlist name."),
        (
            json!({ "name": "n".repeat(101) }),
            "Playlist name must be at most 100 characters.",
        ),
    ] {
        let response = call(&app, Method::POST, "/playlists", &token, Some(body)).await;
        assert_eq!(
            assert_api_error(response, 422, "invalid_name").await,
            message
        );
    }
    let long_description = json!({ "name": "Ok", "description": "d".repeat(501) });
    let response = call(
        &app,
        Method::POST,
        "/playlists",
        &token,
        Some(long_description),
    )
    .await;
    assert_api_error(response, 422, "invalid_description").await;
    assert_eq!(
        get(&app, "/playlists", &token).await["playlists"],
        json!([])
    );
}

#[tokio::test]
async fn my_playlists_are_listed_newest_first_with_their_count_and_first_cover() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let (_, other_token) = app.user("Cy").await;
    let ids = tracks(&app, &ana).await;
    let older = create(&app, &token, json!({ "name": "Older" })).await;
    let newer = create(
        &app,
        &token,
        json!({ "name": "Newer", "description": "for the road" }),
    )
    .await;
    create(&app, &other_token, json!({ "name": "Not mine" })).await;
    add(&app, &token, &id(&newer), &ids[1]).await;
    add(&app, &token, &id(&newer), &ids[0]).await;

    let list = get(&app, "/playlists", &token).await;

    let playlists = list["playlists"].as_array().unwrap();
    assert_eq!(playlists.len(), 2);
    assert_eq!(playlists[0]["name"], "Newer");
    assert_eq!(playlists[0]["description"], "for the road");
    assert_eq!(playlists[0]["track_count"], 2);
    assert_eq!(playlists[0]["cover_url"], "/media/covers/x/two-256.jpg");
    assert!(playlists[0].get("tracks").is_none());
    assert_eq!(playlists[1]["id"], older["id"]);
    assert_eq!(playlists[1]["track_count"], 0);
}

#[tokio::test]
async fn a_track_added_twice_is_in_the_playlist_once() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let ids = tracks(&app, &ana).await;
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);

    add(&app, &token, &playlist, &ids[0]).await;
    add(&app, &token, &playlist, &ids[2]).await;
    let again = add(&app, &token, &playlist, &ids[0]).await;

    assert_eq!(track_titles(&again), ["One", "Three"]);
    assert_eq!(again["track_count"], 2);
    assert_eq!(again["tracks"][0]["id"], ids[0]);
}

#[tokio::test]
async fn an_unknown_or_unready_track_cannot_be_added() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let processing = insert_track(
        &app,
        Seed {
            status: "processing",
            ..Seed::ready(&ana, "Soon", "Ana")
        },
    )
    .await;
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);
    let path = format!("/playlists/{playlist}/tracks");

    for track in ["nope", processing.as_str()] {
        let body = json!({ "track_id": track });
        let response = call(&app, Method::POST, &path, &token, Some(body)).await;
        assert_eq!(
            assert_api_error(response, 404, "not_found").await,
            "Track Not Found"
        );
    }
    assert_eq!(
        get(&app, &format!("/playlists/{playlist}"), &token).await["tracks"],
        json!([])
    );
}

#[tokio::test]
async fn a_removed_track_leaves_the_playlist_and_removing_it_again_changes_nothing() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let ids = tracks(&app, &ana).await;
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);
    for track in &ids {
        add(&app, &token, &playlist, track).await;
    }
    let path = format!("/playlists/{playlist}/tracks/{}", ids[1]);

    let removed = call_ok(&app, Method::DELETE, &path, &token, None, 200).await;
    let again = call_ok(&app, Method::DELETE, &path, &token, None, 200).await;

    assert_eq!(track_titles(&removed), ["One", "Three"]);
    assert_eq!(removed["cover_url"], Value::Null);
    assert_eq!(again, removed);
}

#[tokio::test]
async fn tracks_are_reordered_only_by_a_list_of_each_of_them_once() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let ids = tracks(&app, &ana).await;
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);
    for track in &ids {
        add(&app, &token, &playlist, track).await;
    }
    let path = format!("/playlists/{playlist}/tracks");

    for wrong in [
        json!([ids[0], ids[1]]),
        json!([ids[0], ids[1], ids[2], ids[2]]),
        json!([ids[0], ids[0], ids[1]]),
        json!([ids[0], ids[1], "nope"]),
    ] {
        let body = json!({ "track_ids": wrong });
        let response = call(&app, Method::PUT, &path, &token, Some(body)).await;
        assert_api_error(response, 409, "invalid_order").await;
    }
    let unchanged = get(&app, &format!("/playlists/{playlist}"), &token).await;
    assert_eq!(track_titles(&unchanged), ["One", "Two", "Three"]);

    let body = json!({ "track_ids": [ids[2], ids[0], ids[1]] });
    let reordered = call_ok(&app, Method::PUT, &path, &token, Some(body), 200).await;

    assert_eq!(track_titles(&reordered), ["Three", "One", "Two"]);
    assert_eq!(
        get(&app, &format!("/playlists/{playlist}"), &token).await,
        reordered
    );
    // A track added later goes to the end of the new order.
    let extra = insert_track(&app, Seed::ready(&ana, "Four", "Ana")).await;
    let added = add(&app, &token, &playlist, &extra).await;
    assert_eq!(track_titles(&added), ["Three", "One", "Two", "Four"]);
}

async fn move_to(app: &TestApp, token: &str, playlist: &str, track: &str, position: i64) -> Value {
    let path = format!("/playlists/{playlist}/tracks/{track}");
    let body = json!({ "position": position });
    call_ok(app, Method::PATCH, &path, token, Some(body), 200).await
}

#[tokio::test]
async fn a_moved_track_takes_its_new_place_and_the_tracks_between_follow() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let mut ids = tracks(&app, &ana).await;
    ids.push(insert_track(&app, Seed::ready(&ana, "Four", "Ana")).await);
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);
    for track in &ids {
        add(&app, &token, &playlist, track).await;
    }
    // Removed and added again, Two leaves a gap in the positions and goes to the end.
    let path = format!("/playlists/{playlist}/tracks/{}", ids[1]);
    call_ok(&app, Method::DELETE, &path, &token, None, 200).await;
    let before = add(&app, &token, &playlist, &ids[1]).await;
    assert_eq!(track_titles(&before), ["One", "Three", "Four", "Two"]);

    let up = move_to(&app, &token, &playlist, &ids[1], 0).await;
    let down = move_to(&app, &token, &playlist, &ids[0], 3).await;
    let middle = move_to(&app, &token, &playlist, &ids[3], 1).await;
    let in_place = move_to(&app, &token, &playlist, &ids[3], 1).await;

    assert_eq!(track_titles(&up), ["Two", "One", "Three", "Four"]);
    assert_eq!(before["cover_url"], Value::Null);
    assert_eq!(up["cover_url"], "/media/covers/x/two-256.jpg");
    assert_eq!(track_titles(&down), ["Two", "Three", "Four", "One"]);
    assert_eq!(track_titles(&middle), ["Two", "Four", "Three", "One"]);
    assert_eq!(in_place, middle);
    assert_eq!(
        get(&app, &format!("/playlists/{playlist}"), &token).await,
        middle
    );
    assert_ne!(middle["updated_at"], before["updated_at"]);
}

#[tokio::test]
async fn a_move_outside_the_playlist_or_of_a_track_not_in_it_changes_nothing() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let ids = tracks(&app, &ana).await;
    let outside = insert_track(&app, Seed::ready(&ana, "Four", "Ana")).await;
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);
    for track in &ids {
        add(&app, &token, &playlist, track).await;
    }
    let before = get(&app, &format!("/playlists/{playlist}"), &token).await;

    for (track, body, status, code) in [
        (&ids[0], json!({ "position": 3 }), 409, "invalid_position"),
        (&ids[0], json!({ "position": -1 }), 422, "invalid_position"),
        (&outside, json!({ "position": 0 }), 404, "not_found"),
        (
            &"nope".to_owned(),
            json!({ "position": 0 }),
            404,
            "not_found",
        ),
    ] {
        let path = format!("/playlists/{playlist}/tracks/{track}");
        let response = call(&app, Method::PATCH, &path, &token, Some(body)).await;
        assert_api_error(response, status, code).await;
    }
    let path = format!("/playlists/{playlist}/tracks/{}", ids[0]);
    let response = call(&app, Method::PATCH, &path, &token, Some(json!({}))).await;
    assert_api_error(response, 422, "invalid_json").await;

    assert_eq!(
        get(&app, &format!("/playlists/{playlist}"), &token).await,
        before
    );
}

#[tokio::test]
async fn a_playlist_is_renamed_and_described_by_the_fields_sent() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bo").await;
    let playlist = create(&app, &token, json!({ "name": "Mix", "description": "old" })).await;
    let path = format!("/playlists/{}", id(&playlist));

    let renamed = call_ok(
        &app,
        Method::PATCH,
        &path,
        &token,
        Some(json!({ "name": " Night mix " })),
        200,
    )
    .await;
    let described = call_ok(
        &app,
        Method::PATCH,
        &path,
        &token,
        Some(json!({ "description": "" })),
        200,
    )
    .await;
    let refused = call(
        &app,
        Method::PATCH,
        &path,
        &token,
        Some(json!({ "name": "" })),
    )
    .await;

    assert_eq!(renamed["name"], "Night mix");
    assert_eq!(renamed["description"], "old");
    assert_eq!(described["name"], "Night mix");
    assert_eq!(described["description"], "");
    assert_api_error(refused, 422, "invalid_name").await;
    assert_eq!(get(&app, &path, &token).await["name"], "Night mix");
}

#[tokio::test]
async fn a_deleted_playlist_is_gone() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let ids = tracks(&app, &ana).await;
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);
    add(&app, &token, &playlist, &ids[0]).await;
    let path = format!("/playlists/{playlist}");

    call_ok(&app, Method::DELETE, &path, &token, None, 204).await;

    let response = call(&app, Method::GET, &path, &token, None).await;
    assert_eq!(
        assert_api_error(response, 404, "not_found").await,
        "Playlist not found"
    );
    let again = call(&app, Method::DELETE, &path, &token, None).await;
    assert_api_error(again, 404, "not_found").await;
    let entries = crate::helpers::app::scalar(
        &app,
        "SELECT COUNT(*) FROM playlist_tracks WHERE playlist_id = $1",
        &playlist,
    )
    .await;
    assert_eq!(entries, 0);
}

#[tokio::test]
async fn another_users_playlist_is_not_found_on_every_verb_and_stays_as_it_was() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, owner) = app.user("Bo").await;
    let (_, intruder) = app.user("Cy").await;
    let ids = tracks(&app, &ana).await;
    let playlist = id(&create(&app, &owner, json!({ "name": "Mine" })).await);
    add(&app, &owner, &playlist, &ids[0]).await;
    add(&app, &owner, &playlist, &ids[1]).await;
    let before = get(&app, &format!("/playlists/{playlist}"), &owner).await;
    let base = format!("/playlists/{playlist}");

    let attempts = [
        (Method::GET, base.clone(), None),
        (
            Method::PATCH,
            base.clone(),
            Some(json!({ "name": "Taken" })),
        ),
        (Method::DELETE, base.clone(), None),
        (
            Method::POST,
            format!("{base}/tracks"),
            Some(json!({ "track_id": ids[2] })),
        ),
        (Method::DELETE, format!("{base}/tracks/{}", ids[0]), None),
        (
            Method::PUT,
            format!("{base}/tracks"),
            Some(json!({ "track_ids": [ids[1], ids[0]] })),
        ),
        (
            Method::PATCH,
            format!("{base}/tracks/{}", ids[0]),
            Some(json!({ "position": 1 })),
        ),
    ];
    for (method, path, body) in attempts {
        let response = call(&app, method.clone(), &path, &intruder, body).await;
        let message = assert_api_error(response, 404, "not_found").await;
        assert_eq!(message, "Playlist not found", "{method} {path}");
    }
    let feature = call(
        &app,
        Method::PATCH,
        "/me/profile",
        &intruder,
        Some(json!({ "featured_playlist_id": playlist })),
    )
    .await;
    let message = assert_api_error(feature, 404, "invalid_featured_playlist").await;
    assert_eq!(message, "Playlist not found");

    assert_eq!(get(&app, &base, &owner).await, before);
    assert_eq!(
        get(&app, "/playlists", &intruder).await["playlists"],
        json!([])
    );
    assert_eq!(
        get(&app, "/me/profile", &intruder).await["featured_playlist"],
        Value::Null
    );
    assert_eq!(
        get(&app, "/me/profile", &owner).await["featured_playlist"],
        Value::Null
    );
}

#[tokio::test]
async fn a_featured_playlist_shows_on_my_profile_and_my_public_profile() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (bo, token) = app.user("Bo").await;
    let (_, visitor) = app.user("Cy").await;
    let ids = tracks(&app, &ana).await;
    let playlist = id(&create(&app, &token, json!({ "name": "Best of" })).await);
    add(&app, &token, &playlist, &ids[1]).await;
    add(&app, &token, &playlist, &ids[2]).await;
    // Other users see a featured playlist only when it is public.
    let public = json!({ "visibility": "public" });
    let path = format!("/playlists/{playlist}");
    call_ok(&app, Method::PATCH, &path, &token, Some(public), 200).await;

    let profile = call_ok(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({ "featured_playlist_id": playlist })),
        200,
    )
    .await;

    let card = json!({
        "id": playlist,
        "name": "Best of",
        "visibility": "public",
        "track_count": 2,
        "cover_url": "/media/covers/x/two-256.jpg",
    });
    assert_eq!(profile["featured_playlist"], card);
    assert_eq!(
        get(&app, &format!("/profiles/{bo}"), &visitor).await["featured_playlist"],
        card
    );
    assert_eq!(
        get(&app, &format!("/playlists/{playlist}"), &token).await["is_featured"],
        true
    );
    // A change of other fields keeps the feature; null clears it.
    let renamed = call_ok(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({ "bio": "hi" })),
        200,
    )
    .await;
    assert_eq!(renamed["featured_playlist"]["id"], playlist);
    let cleared = call_ok(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({ "featured_playlist_id": null })),
        200,
    )
    .await;
    assert_eq!(cleared["featured_playlist"], Value::Null);
    assert_eq!(
        get(&app, "/playlists", &token).await["playlists"][0]["is_featured"],
        false
    );
}

#[tokio::test]
async fn an_unknown_featured_playlist_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bo").await;

    let response = call(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({ "bio": "new bio", "featured_playlist_id": "nope" })),
    )
    .await;

    assert_api_error(response, 404, "invalid_featured_playlist").await;
    assert_eq!(get(&app, "/me/profile", &token).await["bio"], "");
}

#[tokio::test]
async fn deleting_the_featured_playlist_clears_the_feature() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bo").await;
    let playlist = id(&create(&app, &token, json!({ "name": "Best of" })).await);
    call_ok(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({ "featured_playlist_id": playlist })),
        200,
    )
    .await;

    call_ok(
        &app,
        Method::DELETE,
        &format!("/playlists/{playlist}"),
        &token,
        None,
        204,
    )
    .await;

    assert_eq!(
        get(&app, "/me/profile", &token).await["featured_playlist"],
        Value::Null
    );
}

#[tokio::test]
async fn concurrent_additions_keep_every_track_once() {
    let app = spawn_app().await;
    let (ana, _) = app.user("Ana").await;
    let (_, token) = app.user("Bo").await;
    let mut ids = Vec::new();
    for i in 0..8 {
        ids.push(insert_track(&app, Seed::ready(&ana, &format!("T{i}"), "Ana")).await);
    }
    let playlist = id(&create(&app, &token, json!({ "name": "Mix" })).await);

    let additions = ids
        .iter()
        .chain(ids.iter())
        .map(|track| add(&app, &token, &playlist, track));
    futures_util::future::join_all(additions).await;

    let result = get(&app, &format!("/playlists/{playlist}"), &token).await;
    assert_eq!(result["track_count"], 8);
    let positions: Vec<i64> = backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT position FROM playlist_tracks WHERE playlist_id = $1 ORDER BY position")
        .bind(&playlist).fetch_all(pool).await.unwrap());
    assert_eq!(positions, (0..8).collect::<Vec<i64>>());
}

#[tokio::test]
async fn playlists_need_a_signed_in_user() {
    let app = spawn_app().await;

    let response = app.get("/api/v1/playlists").await;

    assert_api_error(response, 401, "unauthorized").await;
}
