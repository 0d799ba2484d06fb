//! Tokens that must be refused, rate limits, and secrets that must never leak.

use std::io::Write;
use std::sync::{Arc, Mutex};

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{spawn_app, spawn_app_with};
use crate::helpers::auth::claims;
use crate::helpers::http::{api, assert_api_error};

fn b64(value: &Value) -> String {
    URL_SAFE_NO_PAD.encode(serde_json::to_vec(value).unwrap())
}

/// Signs `payload` with the server's own key, as only the server could.
fn sign_with_the_server_key(app: &crate::helpers::app::TestApp, payload: &Value) -> String {
    let keys = app.auth.keys();
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = Some(keys.kid.clone());
    jsonwebtoken::encode(&header, payload, &keys.encoding).unwrap()
}

async fn user_status(app: &crate::helpers::app::TestApp, token: &str) -> (u16, Value) {
    let response = app
        .auth(Method::GET, "/user")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn a_tampered_token_is_refused() {
    let app = spawn_app().await;
    let session = app.sign_up("pia@example.com", "secret1", "Pia").await;
    let token = session["access_token"].as_str().unwrap();
    let mut payload = claims(&session);
    payload["sub"] = json!(uuid::Uuid::now_v7().to_string());
    let parts: Vec<&str> = token.split('.').collect();
    let tampered = format!("{}.{}.{}", parts[0], b64(&payload), parts[2]);

    let (status, body) = user_status(&app, &tampered).await;

    assert_eq!(status, 403);
    assert_eq!(body["code"], "bad_jwt");
}

#[tokio::test]
async fn an_expired_token_is_refused_even_with_a_valid_signature() {
    let app = spawn_app().await;
    let session = app.sign_up("quin@example.com", "secret1", "Quin").await;
    let mut payload = claims(&session);
    payload["exp"] = json!(chrono::Utc::now().timestamp() - 5);
    let expired = sign_with_the_server_key(&app, &payload);

    let (status, body) = user_status(&app, &expired).await;

    assert_eq!(status, 403);
    assert_eq!(body["code"], "bad_jwt");
}

/// A client sends one token with each request until it expires: a token accepted a moment ago
/// is still refused from its expiry on, on the API as on the auth routes.
#[tokio::test]
async fn a_token_accepted_before_is_refused_once_it_expires() {
    let app = spawn_app_with(|c| c.auth.access_token_ttl_secs = 2).await;
    let session = app.sign_up("uma@example.com", "secret1", "Uma").await;
    let token = session["access_token"].as_str().unwrap();
    let exp = claims(&session)["exp"].as_i64().unwrap();
    let library = |token: String| api(&app, Method::GET, "/me/profile", &token).send();
    assert_eq!(user_status(&app, token).await.0, 200);
    assert_eq!(library(token.to_owned()).await.unwrap().status(), 200);

    let until_expired = exp + 1 - chrono::Utc::now().timestamp();
    tokio::time::sleep(std::time::Duration::from_secs(until_expired.max(0) as u64)).await;

    let (status, body) = user_status(&app, token).await;
    assert_eq!((status, &body["code"]), (403, &json!("bad_jwt")));
    assert_api_error(
        library(token.to_owned()).await.unwrap(),
        401,
        "invalid_session",
    )
    .await;
}

#[tokio::test]
async fn an_unsigned_alg_none_token_is_refused() {
    let app = spawn_app().await;
    let session = app.sign_up("rae@example.com", "secret1", "Rae").await;
    let unsigned = format!(
        "{}.{}.",
        b64(&json!({"alg": "none", "typ": "JWT"})),
        b64(&claims(&session))
    );

    let (status, body) = user_status(&app, &unsigned).await;

    assert_eq!(status, 403);
    assert_eq!(body["code"], "bad_jwt");
}

#[tokio::test]
async fn an_hs256_token_keyed_with_the_public_key_is_refused() {
    let app = spawn_app().await;
    let session = app.sign_up("sol@example.com", "secret1", "Sol").await;
    let jwks: Value = app
        .get("/auth/v1/.well-known/jwks.json")
        .await
        .json()
        .await
        .unwrap();
    // The classic algorithm-confusion attack: sign with HMAC, using public material as the key.
    let public_material = serde_json::to_vec(&jwks["keys"][0]).unwrap();
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    header.kid = jwks["keys"][0]["kid"].as_str().map(str::to_owned);
    let forged = jsonwebtoken::encode(
        &header,
        &claims(&session),
        &jsonwebtoken::EncodingKey::from_secret(&public_material),
    )
    .unwrap();

    let (status, body) = user_status(&app, &forged).await;

    assert_eq!(status, 403);
    assert_eq!(body["code"], "bad_jwt");
}

#[tokio::test]
async fn a_token_whose_subject_is_not_a_uuid_is_a_bad_request() {
    let app = spawn_app().await;
    let session = app.sign_up("tam@example.com", "secret1", "Tam").await;
    let mut payload = claims(&session);
    payload["sub"] = json!("not-a-uuid");
    let token = sign_with_the_server_key(&app, &payload);

    let (status, body) = user_status(&app, &token).await;

    assert_eq!(status, 400);
    assert_eq!(body["code"], "bad_jwt");
}

#[tokio::test]
async fn api_routes_refuse_anonymous_and_ended_sessions() {
    let app = spawn_app().await;
    let session = app.sign_up("uma@example.com", "secret1", "Uma").await;
    let token = session["access_token"].as_str().unwrap();
    app.auth(Method::POST, "/logout")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();

    let (status, body) = user_status(&app, token).await;

    assert_eq!(status, 403);
    assert_eq!(body["code"], "session_not_found");
}

#[tokio::test]
async fn repeated_wrong_passwords_hit_the_rate_limit() {
    let app = spawn_app_with(|c| c.auth.rate_limit_per_minute = 3).await;
    app.sign_up("vic@example.com", "secret1", "Vic").await;
    let attempt = || {
        app.auth(Method::POST, "/token?grant_type=password")
            .json(&json!({"email": "vic@example.com", "password": "guess"}))
            .send()
    };

    for _ in 0..3 {
        assert_eq!(attempt().await.unwrap().status(), 400);
    }
    let limited = attempt().await.unwrap();

    assert_eq!(limited.status(), 429);
    assert_eq!(
        limited.json::<Value>().await.unwrap()["code"],
        "over_request_rate_limit"
    );
    // The right password is refused too until the window refills: the limit is per client.
    let right = app
        .auth(Method::POST, "/token?grant_type=password")
        .json(&json!({"email": "vic@example.com", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(right.status(), 429);
}

/// A log sink shared with the subscriber this test installs.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn no_password_or_token_reaches_the_logs_or_other_responses() {
    let captured = Captured::default();
    let sink = captured.clone();
    // Each test runs in its own process under nextest, so this subscriber sees only this test.
    let _ = tracing_subscriber::fmt()
        .with_env_filter("trace,sqlx=info,hyper=info,h2=info")
        .with_writer(move || sink.clone())
        .try_init();
    let app = spawn_app().await;
    let password = "Pw-9f3c1e77";
    let new_password = "Pw-2b8d4a19";

    let session = app.sign_up("wyn@example.com", password, "Wyn").await;
    let access = session["access_token"].as_str().unwrap().to_owned();
    let signed_in = app.sign_in("wyn@example.com", password).await;
    let refreshed: Value = app
        .auth(Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({"refresh_token": signed_in["refresh_token"]}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let user = app
        .auth(Method::GET, "/user")
        .bearer_auth(&access)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let updated = app
        .auth(Method::PUT, "/user")
        .bearer_auth(&access)
        .json(&json!({"password": new_password}))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    app.auth(Method::POST, "/recover")
        .json(&json!({"email": "wyn@example.com"}))
        .send()
        .await
        .unwrap();
    let token_hash = crate::helpers::auth::link_param(&app.last_mail(), "token_hash");
    app.auth(Method::POST, "/verify")
        .json(&json!({"type": "recovery", "token_hash": token_hash}))
        .send()
        .await
        .unwrap();
    let wrong = app
        .auth(Method::POST, "/token?grant_type=password")
        .json(&json!({"email": "wyn@example.com", "password": "Pw-wrong-123"}))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();

    let logs = String::from_utf8(captured.0.lock().unwrap().clone()).unwrap();
    assert!(
        logs.contains("/auth/v1/token"),
        "the requests were logged: {logs}"
    );
    let secrets = [
        password,
        new_password,
        "Pw-wrong-123",
        access.as_str(),
        signed_in["access_token"].as_str().unwrap(),
        signed_in["refresh_token"].as_str().unwrap(),
        refreshed["refresh_token"].as_str().unwrap(),
        token_hash.as_str(),
    ];
    for secret in secrets {
        assert!(
            !logs.contains(secret),
            "a secret reached the logs: {secret}"
        );
        for body in [&user, &updated, &wrong] {
            assert!(
                !body.contains(secret),
                "a secret is in a non-token response: {secret}"
            );
        }
    }
    assert!(!user.contains("argon2"), "the password hash leaked: {user}");
}
