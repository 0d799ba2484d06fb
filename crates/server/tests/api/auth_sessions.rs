//! `/auth/v1` sign-up, sign-in, refresh-token rotation, logout and the user object, on the wire
//! as GoTrue clients expect it.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{spawn_app, spawn_app_with};
use crate::helpers::auth::claims;

#[tokio::test]
async fn sign_up_returns_a_session_and_keeps_the_name() {
    let app = spawn_app().await;

    let session = app.sign_up("Ana@Example.com", "secret1", "Ana Lima").await;

    assert_eq!(session["token_type"], "bearer");
    assert_eq!(session["expires_in"], 3600);
    assert!(session["expires_at"].as_i64().unwrap() > chrono::Utc::now().timestamp() + 3500);
    assert!(session["refresh_token"].as_str().unwrap().len() >= 40);
    let user = &session["user"];
    assert_eq!(user["email"], "ana@example.com");
    assert_eq!(user["aud"], "authenticated");
    assert_eq!(user["role"], "authenticated");
    assert_eq!(user["phone"], "");
    assert_eq!(user["is_anonymous"], false);
    assert_eq!(user["user_metadata"]["name"], "Ana Lima");
    assert_eq!(
        user["app_metadata"],
        json!({"provider": "email", "providers": ["email"]})
    );
    let identity = &user["identities"][0];
    assert_eq!(identity["provider"], "email");
    assert_eq!(identity["user_id"], user["id"]);
    assert_eq!(identity["identity_data"]["email"], "ana@example.com");
    assert!(identity["created_at"].is_string());
    assert!(
        user.get("factors").is_none(),
        "factors are omitted when empty"
    );
    assert!(
        user.get("recovery_sent_at").is_none(),
        "null timestamps are omitted"
    );
    assert!(user.get("encrypted_password").is_none());
}

#[tokio::test]
async fn sign_up_creates_a_free_profile_in_the_same_transaction() {
    let app = spawn_app().await;

    let session = app.sign_up("bo@example.com", "secret1", "Bo").await;

    let id = session["user"]["id"].as_str().unwrap().to_owned();
    let (name, plan): (String, String) = backbeat::on_db!(&app.db, pool =>
        sqlx::query_as("SELECT name, subscription_plan FROM profiles WHERE id = $1").bind(&id).fetch_one(pool).await.unwrap());
    assert_eq!((name.as_str(), plan.as_str()), ("Bo", "free"));
}

#[tokio::test]
async fn sign_up_refuses_short_passwords_bad_emails_and_taken_addresses() {
    let app = spawn_app().await;
    app.sign_up("cy@example.com", "secret1", "Cy").await;

    let short = app
        .auth(Method::POST, "/signup")
        .json(&json!({"email": "d@example.com", "password": "12345"}))
        .send()
        .await
        .unwrap();
    assert_eq!(short.status(), 422);
    let body: Value = short.json().await.unwrap();
    assert_eq!(body["code"], "weak_password");
    assert_eq!(body["weak_password"]["reasons"], json!(["length"]));

    let bad_email = app
        .auth(Method::POST, "/signup")
        .json(&json!({"email": "nope", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(bad_email.status(), 400);
    assert_eq!(
        bad_email.json::<Value>().await.unwrap()["code"],
        "validation_failed"
    );

    let taken = app
        .auth(Method::POST, "/signup")
        .json(&json!({"email": "CY@example.com", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(taken.status(), 422);
    let body: Value = taken.json().await.unwrap();
    assert_eq!(
        body,
        json!({"code": "user_already_exists", "message": "User already registered"})
    );
    let count: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(pool).await.unwrap());
    assert_eq!(count, 1, "failed sign-ups leave nothing behind");
}

#[tokio::test]
async fn errors_use_the_legacy_format_without_the_version_header() {
    let app = spawn_app().await;

    let response = app
        .client
        .post(app.url("/auth/v1/token?grant_type=password"))
        .json(&json!({"email": "who@example.com", "password": "whatever"}))
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 400);
    assert!(response.headers().get("x-supabase-api-version").is_none());
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"})
    );
}

#[tokio::test]
async fn versioned_requests_get_the_version_header_back() {
    let app = spawn_app().await;

    let response = app.auth(Method::GET, "/settings").send().await.unwrap();

    assert_eq!(response.headers()["x-supabase-api-version"], "2024-01-01");
    let settings: Value = response.json().await.unwrap();
    assert_eq!(settings["external"]["email"], true);
    assert_eq!(settings["disable_signup"], false);
    assert_eq!(settings["mailer_autoconfirm"], true);
}

#[tokio::test]
async fn password_sign_in_accepts_the_right_password_only() {
    let app = spawn_app().await;
    app.sign_up("di@example.com", "secret1", "Di").await;

    let session = app.sign_in("DI@example.com ", "secret1").await;
    assert_eq!(session["user"]["email"], "di@example.com");
    assert!(session["user"]["last_sign_in_at"].is_string());

    for (email, password) in [
        ("di@example.com", "secret2"),
        ("nobody@example.com", "secret1"),
    ] {
        let wrong = app
            .auth(Method::POST, "/token?grant_type=password")
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .unwrap();
        assert_eq!(wrong.status(), 400);
        assert_eq!(
            wrong.json::<Value>().await.unwrap()["code"],
            "invalid_credentials"
        );
    }
}

#[tokio::test]
async fn get_user_needs_a_bearer_token() {
    let app = spawn_app().await;
    let session = app.sign_up("ed@example.com", "secret1", "Ed").await;
    let token = session["access_token"].as_str().unwrap();

    let user = app
        .auth(Method::GET, "/user")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(user.status(), 200);
    assert_eq!(
        user.json::<Value>().await.unwrap()["id"],
        session["user"]["id"]
    );

    let lower = app
        .auth(Method::GET, "/user")
        .header("authorization", format!("bearer {token}"))
        .send()
        .await
        .unwrap();
    assert_eq!(lower.status(), 200, "the scheme is case-insensitive");

    let missing = app.auth(Method::GET, "/user").send().await.unwrap();
    assert_eq!(missing.status(), 401);
    assert_eq!(
        missing.json::<Value>().await.unwrap()["code"],
        "no_authorization"
    );
}

#[tokio::test]
async fn refreshing_rotates_the_token_within_the_same_session() {
    let app = spawn_app().await;
    let first = app.sign_up("fay@example.com", "secret1", "Fay").await;

    let second = refresh(&app, &first["refresh_token"]).await;
    assert_eq!(second.status(), 200);
    let second: Value = second.json().await.unwrap();

    assert_ne!(second["refresh_token"], first["refresh_token"]);
    assert_eq!(claims(&second)["session_id"], claims(&first)["session_id"]);
    let user = app
        .auth(Method::GET, "/user")
        .bearer_auth(second["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(user.status(), 200);
}

#[tokio::test]
async fn a_parent_token_presented_again_returns_the_same_child() {
    let app = spawn_app().await;
    let first = app.sign_up("gus@example.com", "secret1", "Gus").await;
    let second: Value = refresh(&app, &first["refresh_token"])
        .await
        .json()
        .await
        .unwrap();

    let again = refresh(&app, &first["refresh_token"]).await;

    assert_eq!(again.status(), 200);
    assert_eq!(
        again.json::<Value>().await.unwrap()["refresh_token"],
        second["refresh_token"]
    );
}

#[tokio::test]
async fn concurrent_refreshes_of_one_token_rotate_it_once() {
    let app = spawn_app().await;
    let first = app.sign_up("hal@example.com", "secret1", "Hal").await;

    let attempts = (0..6).map(|_| refresh(&app, &first["refresh_token"]));
    let responses = futures_util::future::join_all(attempts).await;

    let mut children = std::collections::BTreeSet::new();
    for response in responses {
        assert_eq!(response.status(), 200);
        children.insert(
            response.json::<Value>().await.unwrap()["refresh_token"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    assert_eq!(
        children.len(),
        1,
        "every concurrent refresh got the one child: {children:?}"
    );
    let unrevoked: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM refresh_tokens WHERE revoked = FALSE").fetch_one(pool).await.unwrap());
    assert_eq!(unrevoked, 1);
}

#[tokio::test]
async fn a_refresh_token_replayed_after_the_reuse_interval_ends_the_session() {
    let app = spawn_app_with(|c| c.auth.refresh_token_reuse_interval_secs = 0).await;
    let first = app.sign_up("ida@example.com", "secret1", "Ida").await;
    let second: Value = refresh(&app, &first["refresh_token"])
        .await
        .json()
        .await
        .unwrap();
    let third: Value = refresh(&app, &second["refresh_token"])
        .await
        .json()
        .await
        .unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(5)).await;

    let replay = refresh(&app, &first["refresh_token"]).await;

    assert_eq!(replay.status(), 400);
    assert_eq!(
        replay.json::<Value>().await.unwrap()["code"],
        "refresh_token_already_used"
    );
    let later = refresh(&app, &third["refresh_token"]).await;
    assert_eq!(later.status(), 400);
    assert_eq!(
        later.json::<Value>().await.unwrap()["code"],
        "refresh_token_already_used"
    );
    let user = app
        .auth(Method::GET, "/user")
        .bearer_auth(third["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(user.status(), 403);
    assert_eq!(
        user.json::<Value>().await.unwrap()["code"],
        "session_not_found"
    );
}

#[tokio::test]
async fn a_session_ended_by_reuse_detection_stays_ended_even_within_the_reuse_interval() {
    let app = spawn_app().await;
    let first = app.sign_up("ike@example.com", "secret1", "Ike").await;
    let second: Value = refresh(&app, &first["refresh_token"])
        .await
        .json()
        .await
        .unwrap();
    let third: Value = refresh(&app, &second["refresh_token"])
        .await
        .json()
        .await
        .unwrap();
    // The first two tokens were rotated longer ago than the 10 s reuse interval.
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE refresh_tokens SET updated_at = $1 WHERE revoked = TRUE")
        .bind(backbeat::db::Timestamp::now() - chrono::Duration::minutes(5))
        .execute(pool).await.map(drop).unwrap());
    let replay = refresh(&app, &first["refresh_token"]).await;
    assert_eq!(replay.status(), 400, "the replay is detected");

    // The third token was revoked just now, by the reuse detection: within the interval, but
    // its session has ended, so neither it nor any other token of the session refreshes.
    for token in [
        &third["refresh_token"],
        &second["refresh_token"],
        &first["refresh_token"],
    ] {
        for _ in 0..2 {
            let response = refresh(&app, token).await;
            assert_eq!(response.status(), 400);
            assert_eq!(
                response.json::<Value>().await.unwrap()["code"],
                "refresh_token_already_used"
            );
        }
    }
    let unrevoked: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM refresh_tokens WHERE revoked = FALSE").fetch_one(pool).await.unwrap());
    assert_eq!(unrevoked, 0);
}

#[tokio::test]
async fn unknown_or_forged_refresh_tokens_are_not_found() {
    let app = spawn_app().await;

    for token in [
        json!("nonsense"),
        json!(""),
        json!("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"),
    ] {
        let response = refresh(&app, &token).await;
        assert_eq!(response.status(), 400);
        assert_eq!(
            response.json::<Value>().await.unwrap()["code"],
            "refresh_token_not_found"
        );
    }
}

#[tokio::test]
async fn logout_scopes_end_the_right_sessions() {
    let app = spawn_app().await;
    app.sign_up("jo@example.com", "secret1", "Jo").await;
    let a = app.sign_in("jo@example.com", "secret1").await;
    let b = app.sign_in("jo@example.com", "secret1").await;
    let c = app.sign_in("jo@example.com", "secret1").await;
    let status = |s: &Value| {
        let token = s["access_token"].as_str().unwrap().to_owned();
        let app = &app;
        async move {
            app.auth(Method::GET, "/user")
                .bearer_auth(token)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }
    };

    // auth-js sends a JSON content type with no body.
    let others = app
        .auth(Method::POST, "/logout?scope=others")
        .bearer_auth(a["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(others.status(), 204);
    assert_eq!(others.content_length(), Some(0));
    assert_eq!(
        (status(&a).await, status(&b).await, status(&c).await),
        (200, 403, 403)
    );

    let local = app.sign_in("jo@example.com", "secret1").await;
    app.auth(Method::POST, "/logout?scope=local")
        .bearer_auth(local["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!((status(&a).await, status(&local).await), (200, 403));

    app.auth(Method::POST, "/logout")
        .bearer_auth(a["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(status(&a).await, 403);
    assert_eq!(refresh(&app, &a["refresh_token"]).await.status(), 400);
}

#[tokio::test]
async fn update_user_merges_metadata_and_deletes_null_keys() {
    let app = spawn_app().await;
    let session = app.sign_up("kai@example.com", "secret1", "Kai").await;
    let token = session["access_token"].as_str().unwrap();

    let response = app
        .auth(Method::PUT, "/user")
        .bearer_auth(token)
        .json(&json!({"data": {"theme": "dark", "name": null}}))
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 200);
    let user: Value = response.json().await.unwrap();
    assert_eq!(user["user_metadata"], json!({"theme": "dark"}));
    let admin = app
        .auth(Method::PUT, "/user")
        .bearer_auth(token)
        .json(&json!({"app_metadata": {"role": "admin"}}))
        .send()
        .await
        .unwrap();
    assert_eq!(admin.status(), 403);
    assert_eq!(admin.json::<Value>().await.unwrap()["code"], "not_admin");
}

#[tokio::test]
async fn changing_the_password_ends_the_other_sessions() {
    let app = spawn_app().await;
    let here = app.sign_up("lu@example.com", "secret1", "Lu").await;
    let elsewhere = app.sign_in("lu@example.com", "secret1").await;
    let token = here["access_token"].as_str().unwrap();

    let same = app
        .auth(Method::PUT, "/user")
        .bearer_auth(token)
        .json(&json!({"password": "secret1", "current_password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(same.status(), 422);
    assert_eq!(same.json::<Value>().await.unwrap()["code"], "same_password");
    let weak = app
        .auth(Method::PUT, "/user")
        .bearer_auth(token)
        .json(&json!({"password": "abc", "current_password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(weak.status(), 422);
    assert_eq!(weak.json::<Value>().await.unwrap()["code"], "weak_password");

    let changed = app
        .auth(Method::PUT, "/user")
        .bearer_auth(token)
        .json(&json!({"password": "secret2", "current_password": "secret1"}))
        .send()
        .await
        .unwrap();

    assert_eq!(changed.status(), 200);
    let mine = app
        .auth(Method::GET, "/user")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let theirs = app
        .auth(Method::GET, "/user")
        .bearer_auth(elsewhere["access_token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(
        (mine.status().as_u16(), theirs.status().as_u16()),
        (200, 403)
    );
    app.sign_in("lu@example.com", "secret2").await;
}

#[tokio::test]
async fn the_email_cannot_be_changed_here() {
    let app = spawn_app().await;
    let session = app.sign_up("mo@example.com", "secret1", "Mo").await;

    let response = app
        .auth(Method::PUT, "/user")
        .bearer_auth(session["access_token"].as_str().unwrap())
        .json(&json!({"email": "other@example.com"}))
        .send()
        .await
        .unwrap();

    assert_eq!(response.status(), 422);
    assert_eq!(
        response.json::<Value>().await.unwrap()["message"],
        "Email cannot be changed here."
    );
}

#[tokio::test]
async fn the_jwks_publishes_the_key_that_signs_access_tokens() {
    let app = spawn_app().await;
    let session = app.sign_up("ned@example.com", "secret1", "Ned").await;

    let response = app.get("/auth/v1/.well-known/jwks.json").await;

    assert_eq!(response.headers()["cache-control"], "public, max-age=600");
    let jwks: jsonwebtoken::jwk::JwkSet = response.json().await.unwrap();
    let token = session["access_token"].as_str().unwrap();
    let header = jsonwebtoken::decode_header(token).unwrap();
    assert_eq!(header.alg, jsonwebtoken::Algorithm::ES256);
    let jwk = jwks
        .find(header.kid.as_deref().unwrap())
        .expect("the token's kid is published");
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::ES256);
    validation.set_audience(&["authenticated"]);
    let data = jsonwebtoken::decode::<Value>(
        token,
        &jsonwebtoken::DecodingKey::from_jwk(jwk).unwrap(),
        &validation,
    )
    .unwrap();
    let claims = data.claims;
    assert_eq!(claims["sub"], session["user"]["id"]);
    assert_eq!(claims["aud"], "authenticated");
    assert_eq!(claims["role"], "authenticated");
    assert_eq!(claims["aal"], "aal1");
    assert_eq!(claims["amr"][0]["method"], "password");
    assert_eq!(claims["email"], "ned@example.com");
    assert_eq!(claims["phone"], "");
    assert_eq!(claims["is_anonymous"], false);
    assert!(claims["iss"].as_str().unwrap().ends_with("/auth/v1"));
    assert_eq!(
        claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(),
        3600
    );
}

#[tokio::test]
async fn browsers_on_other_origins_may_call_the_auth_api() {
    let app = spawn_app().await;

    let preflight = app
        .client
        .request(
            Method::OPTIONS,
            app.url("/auth/v1/token?grant_type=password"),
        )
        .header("origin", "https://studio.example")
        .header("access-control-request-method", "POST")
        .header(
            "access-control-request-headers",
            "apikey,x-supabase-api-version,content-type,authorization,x-client-info",
        )
        .send()
        .await
        .unwrap();

    assert!(preflight.status().is_success());
    let headers = preflight.headers();
    assert_eq!(
        headers["access-control-allow-origin"],
        "https://studio.example"
    );
    let allowed = headers["access-control-allow-headers"]
        .to_str()
        .unwrap()
        .to_lowercase();
    for header in [
        "apikey",
        "x-supabase-api-version",
        "authorization",
        "content-type",
        "x-client-info",
    ] {
        assert!(allowed.contains(header), "{header} not in {allowed}");
    }
}

#[tokio::test]
async fn confirmation_mode_signs_up_without_a_session_until_the_email_is_confirmed() {
    let app = spawn_app_with(|c| {
        c.auth.mailer_autoconfirm = false;
        c.auth.email_send_interval_secs = 1;
    })
    .await;

    let response = app
        .auth(Method::POST, "/signup")
        .json(&json!({"email": "ola@example.com", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let user: Value = response.json().await.unwrap();
    assert!(user.get("access_token").is_none());
    assert!(user["confirmation_sent_at"].is_string());

    let early = app
        .auth(Method::POST, "/token?grant_type=password")
        .json(&json!({"email": "ola@example.com", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(early.status(), 400);
    assert_eq!(
        early.json::<Value>().await.unwrap()["code"],
        "email_not_confirmed"
    );

    let mail = app.last_mail();
    assert!(mail.contains("/confirm?token_hash="), "{mail}");
    let token_hash = crate::helpers::auth::link_param(&mail, "token_hash");
    let verified = app
        .auth(Method::POST, "/verify")
        .json(&json!({"type": "signup", "token_hash": token_hash}))
        .send()
        .await
        .unwrap();
    assert_eq!(verified.status(), 200);
    let session: Value = verified.json().await.unwrap();
    assert!(session["user"]["email_confirmed_at"].is_string());
    app.sign_in("ola@example.com", "secret1").await;
    // One sign-up per address and mail interval, taken or not (account_takeover.rs).
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;

    let again = app
        .auth(Method::POST, "/signup")
        .json(&json!({"email": "ola@example.com", "password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 200, "a taken address is not revealed");
    let fake: Value = again.json().await.unwrap();
    assert_eq!(fake["identities"], json!([]));
    assert_ne!(fake["id"], session["user"]["id"]);
}

async fn refresh(app: &crate::helpers::app::TestApp, token: &Value) -> reqwest::Response {
    app.auth(Method::POST, "/token?grant_type=refresh_token")
        .json(&json!({ "refresh_token": token }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn housekeeping_removes_old_revoked_tokens_and_keeps_live_sessions() {
    let app = spawn_app().await;
    let first = app.sign_up("quy@example.com", "secret1", "Quy").await;
    let second: Value = refresh(&app, &first["refresh_token"])
        .await
        .json()
        .await
        .unwrap();
    let long_ago = backbeat::db::Timestamp::now() - chrono::Duration::days(2);
    backbeat::on_db!(&app.db, pool => sqlx::query("UPDATE refresh_tokens SET updated_at = $1 WHERE revoked = TRUE")
        .bind(long_ago).execute(pool).await.map(drop)).unwrap();

    let removed = app.auth.sweep().await.unwrap();

    // The app's own hourly housekeeping may have run the same sweep first (it starts with the
    // app): either way the old revoked token is gone, once.
    assert!(removed <= 1, "one old revoked token, removed {removed}");
    let revoked: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM refresh_tokens WHERE revoked = TRUE").fetch_one(pool).await.unwrap());
    assert_eq!(revoked, 0);
    assert_eq!(refresh(&app, &second["refresh_token"]).await.status(), 200);
}

#[tokio::test]
async fn oversized_and_malformed_bodies_are_refused_cleanly() {
    let app = spawn_app().await;

    let huge = app
        .auth(Method::POST, "/signup")
        .body(format!("{{\"email\":\"big@example.com\",\"password\":\"secret1\",\"data\":{{\"bio\":\"{}\"}}}}", "x".repeat(3 * 1024 * 1024)))
        .send()
        .await
        .unwrap();
    assert_eq!(huge.status(), 413);
    assert_eq!(
        huge.json::<Value>().await.unwrap()["code"],
        "request_too_large"
    );

    let malformed = app
        .auth(Method::POST, "/signup")
        .body("{\"email\":")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status(), 400);
    assert_eq!(malformed.json::<Value>().await.unwrap()["code"], "bad_json");

    let count: i64 = backbeat::on_db!(&app.db, pool =>
        sqlx::query_scalar("SELECT COUNT(*) FROM users").fetch_one(pool).await.unwrap());
    assert_eq!(count, 0);
}
