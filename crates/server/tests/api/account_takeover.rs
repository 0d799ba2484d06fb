//! A stolen access token cannot keep an account, and a stranger who signs up with someone's
//! address first cannot have their password confirmed by the owner: security mail with a
//! "This wasn't me" link, two-factor recovery codes, the operator's reset, and sign-ups whose
//! confirmation activates their own credentials only.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, spawn_app, spawn_app_with};
use crate::helpers::auth::{auth_post, claims, link_param, unix_now};
use crate::helpers::cli::{backbeat, stdout};
use backbeat_core::ids::UserId;

/// The token of the "This wasn't me" link in a mail.
fn not_me_token(mail: &str) -> String {
    let start = mail
        .find("/not-me?token=")
        .expect("a \"This wasn't me\" link")
        + 14;
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        .collect()
}

async fn not_me(app: &TestApp, token: &str) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/api/v1/not-me"))
        .json(&json!({ "token": token }))
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.json().await.unwrap_or(Value::Null),
    )
}

async fn profile_status(app: &TestApp, token: &str) -> u16 {
    app.client
        .get(app.url("/api/v1/me/profile"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

fn access_token(session: &Value) -> &str {
    session["access_token"].as_str().unwrap()
}

/// Follows the link of a confirmation (`signup`) or recovery mail; answers the status and the
/// session.
async fn follow_link(app: &TestApp, kind: &str, mail: &str) -> (u16, Value) {
    let body = json!({"type": kind, "token_hash": link_param(mail, "token_hash")});
    auth_post(app, "/verify", None, body).await
}

/// Sets a new password with a session (a recovery link's needs no current password).
async fn set_password(app: &TestApp, session: &Value, password: &str) -> u16 {
    app.auth(Method::PUT, "/user")
        .bearer_auth(access_token(session))
        .json(&json!({ "password": password }))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// Answers a fresh challenge of `factor_id` with `code`; answers the status and body.
async fn verify_with(app: &TestApp, token: &str, factor_id: &str, code: &str) -> (u16, Value) {
    let (_, challenge) = auth_post(
        app,
        &format!("/factors/{factor_id}/challenge"),
        Some(token),
        json!({}),
    )
    .await;
    auth_post(
        app,
        &format!("/factors/{factor_id}/verify"),
        Some(token),
        json!({"challenge_id": challenge["id"], "code": code}),
    )
    .await
}

fn codes(answer: &Value) -> Vec<String> {
    answer["recovery_codes"]
        .as_array()
        .expect("recovery codes")
        .iter()
        .map(|c| c.as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_stolen_token_that_turns_on_two_factor_cannot_keep_the_account() {
    let app = spawn_app().await;
    let owner = app.sign_up("ada@example.com", "owner-pass", "Ada").await;
    // The thief holds a copy of the owner's access token, not the password.
    let (_, _, thief) = app.enable_two_factor(&owner).await;
    let alert = app.mail_with("/not-me?token=");
    assert!(alert.contains("To: ada@example.com"), "{alert}");
    assert!(
        alert.contains("an authenticator app was added to your account"),
        "{alert}"
    );
    // Locked out: the password asks for a code the owner does not have.
    let aal1 = app.sign_in("ada@example.com", "owner-pass").await;
    assert_eq!(profile_status(&app, access_token(&aal1)).await, 403);

    let (status, secured) = not_me(&app, &not_me_token(&alert)).await;

    assert_eq!(status, 200, "{secured}");
    assert_eq!(secured["factors_removed"], 1);
    assert!(
        secured["sessions_ended"].as_u64().unwrap() >= 2,
        "{secured}"
    );
    assert_eq!(profile_status(&app, access_token(&thief)).await, 401);
    // The reset mail it sent lets the owner choose a new password with no code.
    let reset = app.mail_with("/reset-password?token_hash=");
    assert!(reset.contains("/reset-password?token_hash="), "{reset}");
    let (status, recovered) = follow_link(&app, "recovery", &reset).await;
    assert_eq!(status, 200);
    assert_eq!(set_password(&app, &recovered, "owner-pass-2").await, 200);
    let back = app.sign_in("ada@example.com", "owner-pass-2").await;
    assert_eq!(claims(&back)["aal"], "aal1");
    assert_eq!(profile_status(&app, access_token(&back)).await, 200);
}

#[tokio::test]
async fn a_forged_or_altered_not_me_link_changes_nothing() {
    let app = spawn_app().await;
    let owner = app.sign_up("bea@example.com", "owner-pass", "Bea").await;
    let (_, _, raised) = app.enable_two_factor(&owner).await;
    let token = not_me_token(&app.mail_with("/not-me?token="));
    let (user_id, expires, _) = {
        let mut parts = token.splitn(3, '.');
        (
            parts.next().unwrap().to_owned(),
            parts.next().unwrap().to_owned(),
            parts.next().unwrap().to_owned(),
        )
    };
    let later: i64 = expires.parse::<i64>().unwrap() + 86_400;
    let signature = token.rsplit('.').next().unwrap();

    for forged in [
        String::new(),
        "nonsense".to_owned(),
        format!("{user_id}.{later}.{signature}"),
        format!("{user_id}.{expires}.AAAAAAAAAAAAAAAAAAAAAA"),
        format!("0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b.{expires}.{signature}"),
    ] {
        let (status, body) = not_me(&app, &forged).await;
        assert_eq!(
            (status, body["code"].as_str()),
            (403, Some("invalid_link")),
            "{forged}"
        );
    }

    assert_eq!(profile_status(&app, access_token(&raised)).await, 200);
    let factors = app
        .auth
        .user(&UserId::from(user_id.as_str()))
        .await
        .unwrap()
        .factors;
    assert_eq!(factors.len(), 1, "the factor is still there");
}

#[tokio::test]
async fn the_first_factor_comes_with_ten_recovery_codes_each_good_once() {
    let app = spawn_app().await;
    let session = app.sign_up("cyd@example.com", "secret1", "Cyd").await;
    let (factor_id, _, raised) = app.enable_two_factor(&session).await;
    let codes = codes(&raised);
    assert_eq!(codes.len(), 10);
    assert!(
        codes.iter().all(|c| c.len() == 11 && &c[5..6] == "-"),
        "{codes:?}"
    );

    let aal1 = app.sign_in("cyd@example.com", "secret1").await;
    let typed = format!("  {} ", codes[3].to_uppercase());
    let (status, verified) = verify_with(&app, access_token(&aal1), &factor_id, &typed).await;
    assert_eq!(status, 200, "{verified}");
    assert_eq!(claims(&verified)["aal"], "aal2");
    assert_eq!(claims(&verified)["amr"][0]["method"], "recovery_code");
    assert!(verified.get("recovery_codes").is_none(), "shown once only");
    app.mail_with("a two-factor recovery code was used to log in");

    let again = app.sign_in("cyd@example.com", "secret1").await;
    let (reused, body) = verify_with(&app, access_token(&again), &factor_id, &codes[3]).await;
    let (other, _) = verify_with(&app, access_token(&again), &factor_id, &codes[4]).await;

    assert_eq!(
        (reused, body["code"].as_str()),
        (422, Some("mfa_verification_failed"))
    );
    assert_eq!(other, 200);
    let left = app
        .client
        .get(app.url("/api/v1/me/recovery-codes"))
        .bearer_auth(access_token(&verified))
        .send()
        .await
        .unwrap();
    assert_eq!(left.json::<Value>().await.unwrap(), json!({"remaining": 8}));
}

#[tokio::test]
async fn a_recovery_code_cannot_verify_an_enrolment() {
    let app = spawn_app().await;
    let session = app.sign_up("dov@example.com", "secret1", "Dov").await;
    let (_, _, raised) = app.enable_two_factor(&session).await;
    let codes = codes(&raised);
    let (_, enrolled) = auth_post(
        &app,
        "/factors",
        Some(access_token(&raised)),
        json!({"factor_type": "totp", "friendly_name": "Tablet"}),
    )
    .await;

    let (status, _) = verify_with(
        &app,
        access_token(&raised),
        enrolled["id"].as_str().unwrap(),
        &codes[0],
    )
    .await;

    assert_eq!(status, 422);
}

#[tokio::test]
async fn new_recovery_codes_void_the_old_ones() {
    let app = spawn_app().await;
    let session = app.sign_up("eli@example.com", "secret1", "Eli").await;
    let renew = |token: String| {
        app.client
            .post(app.url("/api/v1/me/recovery-codes"))
            .bearer_auth(token)
            .send()
    };
    let off = renew(access_token(&session).to_owned()).await.unwrap();
    assert_eq!(off.status(), 409);
    assert_eq!(
        off.json::<Value>().await.unwrap()["code"],
        "two_factor_not_enabled"
    );
    let (factor_id, _, raised) = app.enable_two_factor(&session).await;
    let old = codes(&raised);

    let renewed: Value = renew(access_token(&raised).to_owned())
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let new = codes(&renewed);

    assert_eq!(new.len(), 10);
    app.mail_with("new two-factor recovery codes were made");
    let aal1 = app.sign_in("eli@example.com", "secret1").await;
    let (old_status, _) = verify_with(&app, access_token(&aal1), &factor_id, &old[0]).await;
    let (new_status, _) = verify_with(&app, access_token(&aal1), &factor_id, &new[0]).await;
    assert_eq!((old_status, new_status), (422, 200));
}

#[tokio::test]
async fn the_owner_is_mailed_when_the_password_changes_or_a_factor_is_removed() {
    let app = spawn_app().await;
    let session = app.sign_up("fay@example.com", "secret1", "Fay").await;
    let changed = app
        .auth(Method::PUT, "/user")
        .bearer_auth(access_token(&session))
        .json(&json!({"password": "secret2", "current_password": "secret1"}))
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), 200);
    let mail = app.mail_with("the password of your account was changed");
    assert!(
        mail.contains("To: fay@example.com") && mail.contains("/not-me?token="),
        "{mail}"
    );

    let (factor_id, _, raised) = app.enable_two_factor(&session).await;
    let response = app
        .auth(Method::DELETE, &format!("/factors/{factor_id}"))
        .bearer_auth(access_token(&raised))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    app.mail_with("an authenticator app was removed from your account");
    let left: Value = app
        .client
        .get(app.url("/api/v1/me/recovery-codes"))
        .bearer_auth(access_token(&raised))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        left,
        json!({"remaining": 0}),
        "no factor, no recovery codes"
    );
}

#[tokio::test]
async fn an_operator_resets_two_factor_from_the_command_line() {
    let app = spawn_app().await;
    let session = app.sign_up("gus@example.com", "secret1", "Gus").await;
    let (_, _, raised) = app.enable_two_factor(&session).await;

    let output = backbeat(&app, &["users", "reset-two-factor", "GUS@example.com"], &[]).await;
    let unknown = backbeat(
        &app,
        &["users", "reset-two-factor", "nobody@example.com"],
        &[],
    )
    .await;

    let printed = stdout(&output);
    assert!(printed.contains("1 factor(s) removed"), "{printed}");
    assert_eq!(profile_status(&app, access_token(&raised)).await, 401);
    let back = app.sign_in("gus@example.com", "secret1").await;
    assert_eq!(profile_status(&app, access_token(&back)).await, 200);
    assert!(!unknown.status.success());
    assert!(String::from_utf8_lossy(&unknown.stderr).contains("nobody@example.com"));
}

// ---- pre-hijacking: sign-ups while confirmation is required

async fn confirming_app() -> TestApp {
    spawn_app_with(|c| {
        c.auth.mailer_autoconfirm = false;
        c.auth.email_send_interval_secs = 1;
    })
    .await
}

async fn sign_up_unconfirmed(app: &TestApp, email: &str, password: &str, name: &str) -> u16 {
    let body = json!({"email": email, "password": password, "data": {"name": name}});
    auth_post(app, "/signup", None, body).await.0
}

async fn sign_in_status(app: &TestApp, email: &str, password: &str) -> (u16, Value) {
    auth_post(
        app,
        "/token?grant_type=password",
        None,
        json!({"email": email, "password": password}),
    )
    .await
}

/// Waits out the per-address sign-up interval of [`confirming_app`].
async fn after_the_interval() {
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
}

#[tokio::test]
async fn the_owners_confirmation_activates_their_own_password_not_a_strangers() {
    let app = confirming_app().await;
    assert_eq!(
        sign_up_unconfirmed(&app, "hal@example.com", "attacker-pass", "Mallory").await,
        200
    );
    let strangers_mail = app.last_mail();
    after_the_interval().await;

    assert_eq!(
        sign_up_unconfirmed(&app, "hal@example.com", "owner-pass", "Hal").await,
        200
    );
    let owners_mail = app.last_mail();
    assert_ne!(
        owners_mail, strangers_mail,
        "the owner's sign-up is mailed its own link"
    );
    let (status, session) = follow_link(&app, "signup", &owners_mail).await;
    assert_eq!(status, 200);

    let (attacker, body) = sign_in_status(&app, "hal@example.com", "attacker-pass").await;
    assert_eq!(
        (attacker, body["code"].as_str()),
        (400, Some("invalid_credentials"))
    );
    assert_eq!(
        sign_in_status(&app, "hal@example.com", "owner-pass")
            .await
            .0,
        200
    );
    assert_eq!(session["user"]["user_metadata"]["name"], "Hal");
    let profile: Value = app
        .client
        .get(app.url("/api/v1/me/profile"))
        .bearer_auth(access_token(&session))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(profile["name"], "Hal");
    // The stranger's link no longer confirms anything.
    let (status, _) = follow_link(&app, "signup", &strangers_mail).await;
    assert_eq!(status, 403);
    assert_eq!(
        sign_in_status(&app, "hal@example.com", "attacker-pass")
            .await
            .0,
        400
    );
}

#[tokio::test]
async fn a_recovery_link_to_an_unconfirmed_account_voids_the_sign_ups_password() {
    let app = confirming_app().await;
    assert_eq!(
        sign_up_unconfirmed(&app, "ivy@example.com", "attacker-pass", "Mallory").await,
        200
    );
    let strangers_mail = app.last_mail();
    auth_post(&app, "/recover", None, json!({"email": "ivy@example.com"})).await;
    let reset = app.mail_with("/reset-password?token_hash=");

    let (status, recovered) = follow_link(&app, "recovery", &reset).await;

    assert_eq!(status, 200);
    assert_eq!(
        sign_in_status(&app, "ivy@example.com", "attacker-pass")
            .await
            .0,
        400
    );
    let (status, _) = follow_link(&app, "signup", &strangers_mail).await;
    assert_eq!(status, 403, "the stranger's pending confirmation is void");
    assert_eq!(set_password(&app, &recovered, "owner-pass").await, 200);
    assert_eq!(
        sign_in_status(&app, "ivy@example.com", "owner-pass")
            .await
            .0,
        200
    );
}

#[tokio::test]
async fn an_address_is_signed_up_at_most_once_per_mail_interval() {
    let app = confirming_app().await;
    assert_eq!(
        sign_up_unconfirmed(&app, "jo@example.com", "secret1", "Jo").await,
        200
    );

    let (status, body) = auth_post(
        &app,
        "/signup",
        None,
        json!({"email": "jo@example.com", "password": "secret2"}),
    )
    .await;
    let other = sign_up_unconfirmed(&app, "kit@example.com", "secret1", "Kit").await;

    assert_eq!(
        (status, body["code"].as_str()),
        (429, Some("over_email_send_rate_limit"))
    );
    assert_eq!(other, 200);
    after_the_interval().await;
    assert_eq!(
        sign_up_unconfirmed(&app, "jo@example.com", "secret2", "Jo").await,
        200
    );
}

#[tokio::test]
async fn a_totp_code_of_the_moment_still_works_beside_recovery_codes() {
    let app = spawn_app().await;
    let session = app.sign_up("lu@example.com", "secret1", "Lu").await;
    let (factor_id, secret, _) = app.enable_two_factor(&session).await;
    let aal1 = app.sign_in("lu@example.com", "secret1").await;
    let code = backbeat::auth::totp_code_at(&secret, unix_now() + 30).unwrap();

    let (status, _) = verify_with(&app, access_token(&aal1), &factor_id, &code).await;

    assert_eq!(status, 200);
}
