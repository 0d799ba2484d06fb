//! Two-factor authentication holds on every API, not only on `/auth/v1/user`: a session that
//! signed in with the password alone (aal1) of an account with a verified factor reaches
//! nothing under `/api/v1` until the code is given.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, spawn_app};
use crate::helpers::auth::claims;
use crate::helpers::http::assert_api_error;

/// A user with a verified factor, and a fresh password-only (aal1) session of theirs.
async fn aal1_session_of_a_two_factor_user(app: &TestApp) -> (Value, String, String) {
    let session = app
        .sign_up("ada@example.com", "correct horse battery", "Ada")
        .await;
    let (factor_id, secret, _) = app.enable_two_factor(&session).await;
    let aal1 = app
        .sign_in("ada@example.com", "correct horse battery")
        .await;
    assert_eq!(claims(&aal1)["aal"], "aal1");
    (aal1, factor_id, secret)
}

/// Every operation of the OpenAPI document, as (method, path with a fixed id in each `{…}` segment).
async fn every_api_operation(app: &TestApp) -> Vec<(Method, String)> {
    let document: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let mut operations = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        assert!(path.starts_with("/api/v1/"), "{path}");
        let concrete = path
            .split('/')
            .map(|segment| {
                if segment.starts_with('{') {
                    "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b"
                } else {
                    segment
                }
            })
            .collect::<Vec<_>>()
            .join("/");
        for method in item.as_object().unwrap().keys() {
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            operations.push((method, concrete.clone()));
        }
    }
    assert!(operations.len() > 20, "{operations:?}");
    operations
}

#[tokio::test]
async fn every_api_route_refuses_a_password_only_session_of_a_two_factor_account() {
    let app = spawn_app().await;
    let (aal1, _, _) = aal1_session_of_a_two_factor_user(&app).await;
    let token = aal1["access_token"].as_str().unwrap();

    for (method, path) in every_api_operation(&app).await {
        let response = app
            .client
            .request(method.clone(), app.url(&path))
            .bearer_auth(token)
            .json(&json!({}))
            .send()
            .await
            .unwrap();

        assert_eq!(
            response.status().as_u16(),
            403,
            "{method} {path} answered {}",
            response.status()
        );
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["code"], "insufficient_aal", "{method} {path}: {body}");
    }
}

#[tokio::test]
async fn the_live_event_stream_refuses_a_password_only_session_too() {
    let app = spawn_app().await;
    let (aal1, _, _) = aal1_session_of_a_two_factor_user(&app).await;

    let response = app
        .client
        .get(app.url("/api/v1/events"))
        .bearer_auth(aal1["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();

    assert_api_error(response, 403, "insufficient_aal").await;
}

#[tokio::test]
async fn once_the_code_is_given_the_same_session_reaches_the_api() {
    let app = spawn_app().await;
    let (aal1, factor_id, secret) = aal1_session_of_a_two_factor_user(&app).await;
    let aal1_token = aal1["access_token"].as_str().unwrap();

    let raised = app.verify_two_factor(aal1_token, &factor_id, &secret).await;
    let token = raised["access_token"].as_str().unwrap();

    assert_eq!(claims(&raised)["session_id"], claims(&aal1)["session_id"]);
    let profile = app
        .client
        .get(app.url("/api/v1/me/profile"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(profile.status(), 200);
    let renamed = app
        .client
        .patch(app.url("/api/v1/me/profile"))
        .bearer_auth(token)
        .json(&json!({"name": "Ada L."}))
        .send()
        .await
        .unwrap();
    assert_eq!(renamed.status(), 200);
    let playlist = app
        .client
        .post(app.url("/api/v1/playlists"))
        .bearer_auth(token)
        .json(&json!({"name": "Engines"}))
        .send()
        .await
        .unwrap();
    assert_eq!(playlist.status(), 201);
    let events = app
        .client
        .get(app.url("/api/v1/events"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), 200);
    // The access token issued before the code still says aal1: it stays refused.
    let stale = app
        .client
        .get(app.url("/api/v1/me/profile"))
        .bearer_auth(aal1_token)
        .send()
        .await
        .unwrap();
    assert_api_error(stale, 403, "insufficient_aal").await;
}

#[tokio::test]
async fn an_account_without_a_verified_factor_is_not_asked_for_one() {
    let app = spawn_app().await;
    let (_, token) = app.user("Bea").await;

    let profile = app
        .client
        .get(app.url("/api/v1/me/profile"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();

    assert_eq!(profile.status(), 200);
}

#[tokio::test]
async fn a_bearer_token_that_does_not_verify_is_refused_wherever_a_user_is_needed() {
    let app = spawn_app().await;

    for path in ["/api/v1/me/profile", "/api/v1/tracks", "/api/v1/events"] {
        let response = app
            .client
            .get(app.url(path))
            .bearer_auth("not-a-token")
            .send()
            .await
            .unwrap();

        assert_api_error(response, 401, "invalid_session").await;
    }
    // A public route serves it as it serves anyone (a client racing its own sign-out).
    let plans = app
        .client
        .get(app.url("/api/v1/plans"))
        .bearer_auth("not-a-token")
        .send()
        .await
        .unwrap();
    assert_eq!(plans.status(), 200);
}
