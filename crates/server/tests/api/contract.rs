//! The API does what its OpenAPI document says with input the document allows or forbids
//! (`make test-api-contract` runs schemathesis over all of it; these pin the rules it found):
//! JSON bodies are objects, whole numbers may be written `1.0`, forms take their own fields
//! only, and every operation lists what its guard and extractors can answer.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::spawn_app;
use crate::helpers::http::{Part, assert_api_error, call, multipart};
use crate::helpers::media::TrackForm;
use crate::helpers::seed::{Seed, insert_track};

#[tokio::test]
async fn a_json_body_is_an_object_and_so_is_each_object_in_it() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;

    let array = call(
        &app,
        Method::POST,
        "/playlists",
        &token,
        Some(json!(["Mix", ""])),
    )
    .await;
    let links = call(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({"social_links": [null, null, "https://x.io"]})),
    )
    .await;

    assert_api_error(array, 422, "invalid_json").await;
    assert_api_error(links, 422, "invalid_json").await;
    let playlists: Value = call(&app, Method::GET, "/playlists", &token, None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(playlists["playlists"], json!([]), "nothing was made");
}

#[tokio::test]
async fn a_whole_number_may_be_written_with_a_zero_fraction() {
    let app = spawn_app().await;
    let (ana, token) = app.user("Ana").await;
    let first = insert_track(&app, Seed::ready(&ana, "One", "Ana")).await;
    let second = insert_track(&app, Seed::ready(&ana, "Two", "Ana")).await;
    let created: Value = call(
        &app,
        Method::POST,
        "/playlists",
        &token,
        Some(json!({"name": "Mix"})),
    )
    .await
    .json()
    .await
    .unwrap();
    let playlist = created["id"].as_str().unwrap();
    for track in [&first, &second] {
        let path = format!("/playlists/{playlist}/tracks");
        let added = call(
            &app,
            Method::POST,
            &path,
            &token,
            Some(json!({"track_id": track})),
        )
        .await;
        assert!(added.status().is_success());
    }

    let path = format!("/playlists/{playlist}/tracks/{first}");
    let moved = call(
        &app,
        Method::PATCH,
        &path,
        &token,
        Some(json!({"position": 1.0})),
    )
    .await;
    let fraction = call(
        &app,
        Method::PATCH,
        &path,
        &token,
        Some(json!({"position": 0.5})),
    )
    .await;

    assert_eq!(moved.status(), 200);
    let order: Vec<String> = moved.json::<Value>().await.unwrap()["tracks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(order, [second, first]);
    assert_api_error(fraction, 422, "invalid_json").await;
}

async fn post_form(
    app: &crate::helpers::app::TestApp,
    path: &str,
    token: &str,
    parts: &[Part],
) -> reqwest::Response {
    let (content_type, body) = multipart(parts);
    app.client
        .post(app.url(&format!("/api/v1{path}")))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_form_with_a_field_it_does_not_take_is_refused_before_anything_is_stored() {
    let app = spawn_app().await;
    let (_, token) = app.user("Ana").await;
    let png = crate::helpers::media::png(8, 8);
    let mut upload = TrackForm::new("Song", "Ana").parts();
    upload.push(Part::file(
        "extra",
        "extra.txt",
        "text/plain",
        b"hello".to_vec(),
    ));

    let avatar = post_form(
        &app,
        "/me/avatar",
        &token,
        &[
            Part::file("avatar", "a.png", "image/png", png),
            Part::file("nickname", "n.txt", "text/plain", b"Ana".to_vec()),
        ],
    )
    .await;
    let track = post_form(&app, "/tracks", &token, &upload).await;

    assert_api_error(avatar, 400, "invalid_multipart").await;
    assert_api_error(track, 400, "invalid_multipart").await;
    let profile: Value = call(&app, Method::GET, "/me/profile", &token, None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(profile["avatar_url"], Value::Null);
    let mine: Value = call(&app, Method::GET, "/me/tracks", &token, None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(mine["tracks"], json!([]));
}

#[tokio::test]
async fn every_operation_lists_what_its_guard_and_extractors_answer() {
    let app = spawn_app().await;
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();

    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object().unwrap();
            let lists = |status: &str| responses.contains_key(status);
            let signed_in = operation["security"]
                .as_array()
                .is_some_and(|s| !s.is_empty());
            let json_body = operation["requestBody"]["content"]
                .get("application/json")
                .is_some();
            assert!(lists("403") && lists("503"), "{method} {path}");
            if signed_in {
                assert!(lists("401"), "{method} {path}");
            }
            if json_body {
                for status in ["400", "413", "415", "422"] {
                    assert!(lists(status), "{method} {path} lacks {status}");
                }
            }
        }
    }
}
