//! App passwords: made (shown once), listed without their secret and revoked by their owner
//! only, under the session rules of the API (two-factor accounts need aal2); kept sealed; and
//! what Subsonic sign-in checks: plain, `enc:`, token and apiKey credentials, refused once
//! revoked, failed attempts spending the sign-in budgets.

use std::net::IpAddr;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, count, spawn_app, spawn_app_with};
use crate::helpers::auth::claims;
use crate::helpers::http::{assert_api_error, call, call_ok, get};
use backbeat::auth::app_passwords::service::{Credential, Refusal};

const CLIENT: &str = "10.1.2.3";

async fn create(app: &TestApp, token: &str, name: &str) -> Value {
    call_ok(
        app,
        Method::POST,
        "/me/app-passwords",
        token,
        Some(json!({ "name": name })),
        201,
    )
    .await
}

/// A signed-up user: (id, email, access token).
async fn account(app: &TestApp, name: &str) -> (String, String, String) {
    let email = format!("{}@example.com", name.to_lowercase());
    let session = app.sign_up(&email, "correct horse battery", name).await;
    (
        session["user"]["id"].as_str().unwrap().to_owned(),
        email,
        session["access_token"].as_str().unwrap().to_owned(),
    )
}

async fn verify(app: &TestApp, credential: Credential<'_>) -> Result<String, Refusal> {
    app.auth
        .verify_app_password(credential, CLIENT.parse::<IpAddr>().unwrap())
        .await
        .map(|id| id.to_string())
}

fn md5_hex(text: &str) -> String {
    use md5::{Digest, Md5};
    hex::encode(Md5::digest(text.as_bytes()))
}

#[tokio::test]
async fn an_app_password_is_shown_once_and_listed_without_its_secret() {
    let app = spawn_app().await;
    let (_, _, token) = account(&app, "Ana").await;

    let first = create(&app, &token, "  Phone ").await;
    let second = create(&app, &token, "Laptop").await;
    let list = get(&app, "/me/app-passwords", &token).await;

    assert_eq!(first["name"], "Phone");
    let password = first["password"].as_str().unwrap();
    assert_eq!(password.len(), 29, "{password}");
    assert_eq!(password.split('-').count(), 6, "{password}");
    assert!(first["created_at"].is_string() && first["id"].is_string());
    let items = list["items"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["id"], second["id"], "newest first");
    assert_eq!(items[1]["name"], "Phone");
    assert_eq!(items[1]["last_used_at"], Value::Null);
    assert!(items.iter().all(|item| item.get("password").is_none()));
    assert!(!list.to_string().contains(password));
}

#[tokio::test]
async fn an_app_password_is_stored_sealed_not_in_clear() {
    let app = spawn_app().await;
    let (_, _, token) = account(&app, "Ana").await;

    let created = create(&app, &token, "Phone").await;

    let password = created["password"].as_str().unwrap();
    let stored: Vec<(String, String)> = backbeat::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT sealed, lookup FROM app_passwords").fetch_all(pool).await.unwrap());
    assert_eq!(stored.len(), 1);
    let (sealed, lookup) = &stored[0];
    assert!(!sealed.contains(password) && !lookup.contains(password));
    assert!(!sealed.contains(&hex::encode(password)));
}

#[tokio::test]
async fn an_app_password_name_is_checked_and_a_refusal_leaves_nothing() {
    let app = spawn_app().await;
    let (_, _, token) = account(&app, "Ana").await;

    for (name, message) in [
        ("   ", "Please enter a name for the app password."),
        (
            &"x".repeat(65)[..],
            "The app password's name must be at most 64 characters.",
        ),
        (
            "Pho\u{7}ne",
            "The app password's name cannot contain control characters.",
        ),
    ] {
        let response = call(
            &app,
            Method::POST,
            "/me/app-passwords",
            &token,
            Some(json!({ "name": name })),
        )
        .await;
        assert_eq!(
            assert_api_error(response, 422, "invalid_name").await,
            message
        );
    }
    let unknown_field = call(
        &app,
        Method::POST,
        "/me/app-passwords",
        &token,
        Some(json!({ "name": "Phone", "password": "mine" })),
    )
    .await;
    assert_api_error(unknown_field, 422, "invalid_json").await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM app_passwords").await, 0);
    create(&app, &token, &"x".repeat(64)).await;
}

#[tokio::test]
async fn an_account_has_at_most_25_app_passwords() {
    let app = spawn_app().await;
    let (_, _, token) = account(&app, "Ana").await;
    for n in 0..25 {
        create(&app, &token, &format!("App {n}")).await;
    }

    let response = call(
        &app,
        Method::POST,
        "/me/app-passwords",
        &token,
        Some(json!({ "name": "One more" })),
    )
    .await;

    assert_api_error(response, 409, "app_password_limit_reached").await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM app_passwords").await, 25);
}

#[tokio::test]
async fn only_the_owner_lists_and_revokes_an_app_password() {
    let app = spawn_app().await;
    let (ana_id, ana_email, ana) = account(&app, "Ana").await;
    let (_, _, bob) = account(&app, "Bob").await;
    let created = create(&app, &ana, "Phone").await;
    let id = created["id"].as_str().unwrap();
    let password = created["password"].as_str().unwrap();

    let by_bob = call(
        &app,
        Method::DELETE,
        &format!("/me/app-passwords/{id}"),
        &bob,
        None,
    )
    .await;
    let unknown = call(&app, Method::DELETE, "/me/app-passwords/nope", &ana, None).await;

    assert_api_error(by_bob, 404, "not_found").await;
    assert_api_error(unknown, 404, "not_found").await;
    assert_eq!(
        get(&app, "/me/app-passwords", &bob).await["items"],
        json!([])
    );
    let plain = Credential::Password {
        username: &ana_email,
        password,
    };
    assert_eq!(verify(&app, plain).await.unwrap(), ana_id);

    call_ok(
        &app,
        Method::DELETE,
        &format!("/me/app-passwords/{id}"),
        &ana,
        None,
        204,
    )
    .await;

    assert!(matches!(
        verify(&app, plain).await,
        Err(Refusal::WrongCredentials)
    ));
    assert!(matches!(
        verify(&app, Credential::ApiKey(password)).await,
        Err(Refusal::InvalidApiKey)
    ));
    assert_eq!(
        get(&app, "/me/app-passwords", &ana).await["items"],
        json!([])
    );
}

#[tokio::test]
async fn a_two_factor_account_needs_an_aal2_session_to_make_an_app_password() {
    let app = spawn_app().await;
    let session = app
        .sign_up("ada@example.com", "correct horse battery", "Ada")
        .await;
    let (_, _, raised) = app.enable_two_factor(&session).await;
    let aal1 = app
        .sign_in("ada@example.com", "correct horse battery")
        .await;
    assert_eq!(claims(&aal1)["aal"], "aal1");

    let refused = call(
        &app,
        Method::POST,
        "/me/app-passwords",
        aal1["access_token"].as_str().unwrap(),
        Some(json!({ "name": "Phone" })),
    )
    .await;

    assert_api_error(refused, 403, "insufficient_aal").await;
    assert_eq!(count(&app, "SELECT COUNT(*) FROM app_passwords").await, 0);
    create(&app, raised["access_token"].as_str().unwrap(), "Phone").await;
}

#[tokio::test]
async fn an_app_password_signs_in_plain_hex_encoded_by_token_and_as_api_key() {
    let app = spawn_app().await;
    let (id, email, token) = account(&app, "Ana").await;
    let password = create(&app, &token, "Phone").await["password"]
        .as_str()
        .unwrap()
        .to_owned();
    let loud_email = email.to_uppercase();

    let plain = verify(
        &app,
        Credential::Password {
            username: &loud_email,
            password: &password,
        },
    )
    .await;
    let salt = "c19b2d";
    let hashed = md5_hex(&format!("{password}{salt}"));
    let by_token = verify(
        &app,
        Credential::Token {
            username: &email,
            token: &hashed.to_uppercase(),
            salt,
        },
    )
    .await;
    let by_key = verify(&app, Credential::ApiKey(&password)).await;

    assert_eq!(plain.unwrap(), id);
    assert_eq!(by_token.unwrap(), id);
    assert_eq!(by_key.unwrap(), id);
    let used = get(&app, "/me/app-passwords", &token).await;
    assert!(used["items"][0]["last_used_at"].is_string(), "{used}");

    let other_salt = verify(
        &app,
        Credential::Token {
            username: &email,
            token: &hashed,
            salt: "other",
        },
    )
    .await;
    let account_password = verify(
        &app,
        Credential::Password {
            username: &email,
            password: "correct horse battery",
        },
    )
    .await;
    let someone_else = verify(
        &app,
        Credential::Password {
            username: "bob@example.com",
            password: &password,
        },
    )
    .await;
    assert!(matches!(other_salt, Err(Refusal::WrongCredentials)));
    assert!(matches!(account_password, Err(Refusal::WrongCredentials)));
    assert!(matches!(someone_else, Err(Refusal::WrongCredentials)));
}

#[tokio::test]
async fn failed_app_password_attempts_spend_the_sign_in_budget_of_the_account() {
    let app = spawn_app_with(|c| c.auth.email_rate_limit_per_hour = 3).await;
    let (_, email, token) = account(&app, "Ana").await;
    let password = create(&app, &token, "Phone").await["password"]
        .as_str()
        .unwrap()
        .to_owned();
    let right = Credential::Password {
        username: &email,
        password: &password,
    };
    for _ in 0..5 {
        assert!(
            verify(&app, right).await.is_ok(),
            "right attempts cost nothing"
        );
    }

    for _ in 0..3 {
        let wrong = Credential::Password {
            username: &email,
            password: "guess",
        };
        assert!(matches!(
            verify(&app, wrong).await,
            Err(Refusal::WrongCredentials)
        ));
    }

    assert!(matches!(
        verify(&app, right).await,
        Err(Refusal::TooManyAttempts)
    ));
}

#[tokio::test]
async fn this_wasnt_me_revokes_every_app_password() {
    let app = spawn_app().await;
    let owner = app.sign_up("ada@example.com", "owner-pass", "Ada").await;
    let (_, _, raised) = app.enable_two_factor(&owner).await;
    let created = create(
        &app,
        raised["access_token"].as_str().unwrap(),
        "Thief's phone",
    )
    .await;
    let password = created["password"].as_str().unwrap();
    let mail = app.mail_with("/not-me?token=");
    let start = mail.find("/not-me?token=").unwrap() + 14;
    let token: String = mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect();

    let secured = app
        .client
        .post(app.url("/api/v1/not-me"))
        .json(&json!({ "token": token }))
        .send()
        .await
        .unwrap();

    assert_eq!(secured.status(), 200);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM app_passwords").await, 0);
    assert!(matches!(
        verify(&app, Credential::ApiKey(password)).await,
        Err(Refusal::InvalidApiKey)
    ));
}
