//! Guessing is limited per account and per code, not only per client address: mailed codes and
//! two-factor challenges are burnt after 5 wrong answers, attempts count per email address,
//! IPv6 clients count by their /64, the client address behind a proxy is the one the proxy saw,
//! a password change needs the current password, and every node counts against one budget.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, spawn_app, spawn_app_with};
use crate::helpers::auth::{auth_post, link_param, unix_now};

/// A six-digit code other than `right`.
fn wrong_code(right: &str, n: u32) -> String {
    let right: u32 = right.parse().unwrap();
    format!("{:06}", (right + 1 + n) % 1_000_000)
}

/// Sends `wrong` wrong guesses of the code mailed to `email` (each refused), then the right
/// code; answers the status of the right one.
async fn right_code_after_wrong_guesses(app: &TestApp, kind: &str, email: &str, wrong: u32) -> u16 {
    let code = mailed_code(&app.last_mail());
    for n in 0..wrong {
        let guess = json!({"type": kind, "email": email, "token": wrong_code(&code, n)});
        let (status, body) = auth_post(app, "/verify", None, guess).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("otp_expired")));
    }
    let right = json!({"type": kind, "email": email, "token": code});
    auth_post(app, "/verify", None, right).await.0
}

#[tokio::test]
async fn a_mailed_recovery_code_is_burnt_after_5_wrong_guesses() {
    let app = spawn_app().await;
    app.sign_up("kim@example.com", "secret1", "Kim").await;
    auth_post(&app, "/recover", None, json!({"email": "kim@example.com"})).await;

    let right = right_code_after_wrong_guesses(&app, "recovery", "kim@example.com", 5).await;

    assert_eq!(right, 403, "the right code still worked after 5 wrong ones");
}

#[tokio::test]
async fn a_mailed_confirmation_code_is_burnt_after_5_wrong_guesses() {
    let app = spawn_app_with(|c| c.auth.mailer_autoconfirm = false).await;
    let signup = json!({"email": "lea@example.com", "password": "secret1"});
    assert_eq!(auth_post(&app, "/signup", None, signup).await.0, 200);

    let right = right_code_after_wrong_guesses(&app, "signup", "lea@example.com", 5).await;

    assert_eq!(right, 403, "the right code still worked after 5 wrong ones");
}

#[tokio::test]
async fn fewer_than_5_wrong_guesses_leave_the_code_usable() {
    let app = spawn_app().await;
    app.sign_up("max@example.com", "secret1", "Max").await;
    auth_post(&app, "/recover", None, json!({"email": "max@example.com"})).await;

    let right = right_code_after_wrong_guesses(&app, "recovery", "max@example.com", 4).await;

    assert_eq!(right, 200);
}

/// The six-digit code in a recovery or confirmation mail.
fn mailed_code(mail: &str) -> String {
    let start = mail.find("enter this code: ").expect("a code in the mail") + 17;
    mail[start..start + 6].to_owned()
}

#[tokio::test]
async fn a_two_factor_challenge_is_burnt_after_5_wrong_codes() {
    let app = spawn_app().await;
    let session = app.sign_up("ned@example.com", "secret1", "Ned").await;
    let (factor_id, secret, _) = app.enable_two_factor(&session).await;
    let aal1 = app.sign_in("ned@example.com", "secret1").await;
    let token = aal1["access_token"].as_str().unwrap();
    let challenge: Value = app
        .auth(Method::POST, &format!("/factors/{factor_id}/challenge"))
        .bearer_auth(token)
        .json(&json!({}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let right = backbeat::auth::totp_code_at(&secret, unix_now()).unwrap();
    let verify = |code: String| {
        app.auth(Method::POST, &format!("/factors/{factor_id}/verify"))
            .bearer_auth(token)
            .json(&json!({"challenge_id": challenge["id"], "code": code}))
            .send()
    };

    for n in 0..5 {
        let response = verify(wrong_code(&right, n * 7 + 100)).await.unwrap();
        assert_eq!(response.status(), 422);
    }
    let response = verify(right).await.unwrap();

    assert_eq!(
        response.status(),
        404,
        "the challenge survived 5 wrong codes"
    );
    assert_eq!(
        response.json::<Value>().await.unwrap()["code"],
        "mfa_challenge_not_found"
    );
}

/// Signs in from `client` (the proxy's `X-Forwarded-For`); answers the status.
async fn sign_in_from(app: &TestApp, forwarded_for: &str, email: &str, password: &str) -> u16 {
    app.auth(Method::POST, "/token?grant_type=password")
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn sign_in_attempts_count_per_email_address_whatever_the_client() {
    let app = behind_a_proxy(3, 60).await;
    app.sign_up("oda@example.com", "secret1", "Oda").await;

    let mut statuses = Vec::new();
    for n in 1..=4 {
        let client = format!("203.0.113.{n}");
        statuses.push(sign_in_from(&app, &client, "oda@example.com", "wrong-guess").await);
    }
    let right_password = sign_in_from(&app, "203.0.113.99", "oda@example.com", "secret1").await;
    let other_account = sign_in_from(&app, "203.0.113.4", "pia@example.com", "wrong-guess").await;

    assert_eq!(statuses, [400, 400, 400, 429]);
    assert_eq!(
        right_password, 429,
        "the account's budget is spent for everyone"
    );
    assert_eq!(other_account, 400);
}

#[tokio::test]
async fn ipv6_clients_are_limited_by_their_64_prefix() {
    let app = spawn_app_with(|c| {
        c.trust_forwarded_for = true;
        c.auth.rate_limit_per_minute = 2;
    })
    .await;

    let first = sign_in_from(&app, "2001:db8:1:2::1", "a@example.com", "x").await;
    let second = sign_in_from(&app, "2001:db8:1:2::2", "b@example.com", "x").await;
    let same_64 = sign_in_from(&app, "2001:db8:1:2:ffff::3", "c@example.com", "x").await;
    let next_64 = sign_in_from(&app, "2001:db8:1:3::1", "d@example.com", "x").await;

    assert_eq!((first, second), (400, 400));
    assert_eq!(same_64, 429);
    assert_eq!(next_64, 400);
}

#[tokio::test]
async fn behind_a_proxy_the_client_is_the_rightmost_forwarded_address_not_the_leftmost() {
    let app = spawn_app_with(|c| {
        c.trust_forwarded_for = true;
        c.trusted_proxies = "127.0.0.0/8, 10.0.0.0/8".parse().unwrap();
        c.auth.rate_limit_per_minute = 2;
    })
    .await;

    // The client makes up a new left-most address each time; our proxy (10.0.0.5) appended
    // the address it saw.
    let mut statuses = Vec::new();
    for n in 1..=3 {
        let forwarded = format!("192.0.2.{n}, 198.51.100.7, 10.0.0.5");
        let email = format!("q{n}@example.com");
        statuses.push(sign_in_from(&app, &forwarded, &email, "x").await);
    }

    assert_eq!(statuses, [400, 400, 429]);
}

async fn change_password(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    let response = app
        .auth(Method::PUT, "/user")
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.json().await.unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn changing_the_password_needs_the_current_one() {
    let app = spawn_app().await;
    let session = app.sign_up("rex@example.com", "secret1", "Rex").await;
    let token = session["access_token"].as_str().unwrap();

    let missing = change_password(&app, token, json!({"password": "secret2"})).await;
    let wrong = change_password(
        &app,
        token,
        json!({"password": "secret2", "current_password": "secret9"}),
    )
    .await;
    let right = change_password(
        &app,
        token,
        json!({"password": "secret2", "current_password": "secret1"}),
    )
    .await;

    assert_eq!(
        (missing.0, missing.1["code"].as_str()),
        (400, Some("current_password_required"))
    );
    assert_eq!(
        missing.1["message"],
        "Current password required when setting new password."
    );
    assert_eq!(
        (wrong.0, wrong.1["code"].as_str()),
        (400, Some("current_password_invalid"))
    );
    assert_eq!(right.0, 200);
    assert_eq!(
        app.sign_in("rex@example.com", "secret2").await["user"]["email"],
        "rex@example.com"
    );
}

#[tokio::test]
async fn a_recovery_link_session_sets_a_new_password_once_without_the_old_one() {
    let app = spawn_app().await;
    app.sign_up("sam@example.com", "secret1", "Sam").await;
    auth_post(&app, "/recover", None, json!({"email": "sam@example.com"})).await;
    let token_hash = link_param(&app.last_mail(), "token_hash");
    let (status, recovered) = auth_post(
        &app,
        "/verify",
        None,
        json!({"type": "recovery", "token_hash": token_hash}),
    )
    .await;
    assert_eq!(status, 200);
    let token = recovered["access_token"].as_str().unwrap();

    let first = change_password(&app, token, json!({"password": "secret2"})).await;
    let second = change_password(&app, token, json!({"password": "secret3"})).await;

    assert_eq!(first.0, 200);
    assert_eq!(
        (second.0, second.1["code"].as_str()),
        (400, Some("current_password_required"))
    );
}

#[tokio::test]
async fn sign_in_budgets_are_one_for_every_node() {
    let a = spawn_app_with(|config| {
        config.trust_forwarded_for = true;
        config.auth.rate_limit_per_minute = 2;
        config.auth.email_rate_limit_per_hour = 2;
    })
    .await;
    let b = a.spawn_peer().await;

    // Per client address: two attempts on a spend its budget on b as well.
    let per_client = [
        sign_in_from(&a, "203.0.113.1", "a1@example.com", "wrong-guess").await,
        sign_in_from(&a, "203.0.113.1", "a2@example.com", "wrong-guess").await,
        sign_in_from(&b, "203.0.113.1", "a3@example.com", "wrong-guess").await,
    ];
    // Per email address, from a new client each time, alternating nodes.
    let per_email = [
        sign_in_from(&b, "198.51.100.1", "oda@example.com", "wrong-guess").await,
        sign_in_from(&a, "198.51.100.2", "oda@example.com", "wrong-guess").await,
        sign_in_from(&b, "198.51.100.3", "oda@example.com", "wrong-guess").await,
    ];

    assert_eq!(per_client, [400, 400, 429]);
    assert_eq!(per_email, [400, 400, 429]);
    assert_eq!(
        sign_in_from(&b, "203.0.113.2", "a4@example.com", "wrong-guess").await,
        400
    );
}

/// An app behind our proxy (clients told apart by `X-Forwarded-For`) with `per_email` attempts
/// per account and hour, a generous budget per client, and `mail_interval` seconds between
/// two mails to an address.
async fn behind_a_proxy(per_email: u32, mail_interval: u64) -> TestApp {
    spawn_app_with(|c| {
        c.trust_forwarded_for = true;
        c.auth.rate_limit_per_minute = 1000;
        c.auth.email_rate_limit_per_hour = per_email;
        c.auth.email_send_interval_secs = mail_interval;
    })
    .await
}

#[tokio::test]
async fn strangers_spending_an_accounts_budget_do_not_lock_out_a_client_that_signed_in_before() {
    let app = behind_a_proxy(5, 60).await;
    app.sign_up("uma@example.com", "secret1", "Uma").await;
    // The owner has signed in from home (IPv4) and from the phone (an IPv6 /64): two of the
    // budget every new client shares.
    assert_eq!(
        sign_in_from(&app, "198.51.100.7", "uma@example.com", "secret1").await,
        200
    );
    assert_eq!(
        sign_in_from(&app, "2001:db8:a:b::1", "uma@example.com", "secret1").await,
        200
    );

    let mut strangers = Vec::new();
    for n in 1..=5 {
        let client = format!("203.0.113.{n}");
        strangers.push(sign_in_from(&app, &client, "uma@example.com", "wrong-guess").await);
    }
    let from_home = sign_in_from(&app, "198.51.100.7", "uma@example.com", "secret1").await;
    let from_phone = sign_in_from(&app, "2001:db8:a:b::99", "uma@example.com", "secret1").await;
    let from_elsewhere = sign_in_from(&app, "192.0.2.50", "uma@example.com", "secret1").await;

    assert_eq!(strangers, [400, 400, 400, 429, 429]);
    assert_eq!(
        from_home, 200,
        "a client that signed in before keeps its own budget"
    );
    assert_eq!(from_phone, 200, "an IPv6 client counts by its /64");
    assert_eq!(
        from_elsewhere, 429,
        "a new client shares the strangers' budget"
    );
}

#[tokio::test]
async fn a_known_clients_own_budget_still_runs_out() {
    let app = behind_a_proxy(3, 60).await;
    app.sign_up("val@example.com", "secret1", "Val").await;
    assert_eq!(
        sign_in_from(&app, "198.51.100.8", "val@example.com", "secret1").await,
        200
    );

    let mut guesses = Vec::new();
    for _ in 0..4 {
        guesses.push(sign_in_from(&app, "198.51.100.8", "val@example.com", "wrong-guess").await);
    }

    assert_eq!(guesses, [400, 400, 400, 429]);
}

/// Asks for a recovery mail from `client`; answers the status.
async fn recover_from(app: &TestApp, forwarded_for: &str, email: &str) -> u16 {
    app.auth(Method::POST, "/recover")
        .header("x-forwarded-for", forwarded_for)
        .json(&json!({"email": email}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn the_owner_still_gets_a_working_reset_mail_while_strangers_hammer_recovery() {
    let app = behind_a_proxy(3, 0).await;
    app.sign_up("wes@example.com", "secret1", "Wes").await;
    assert_eq!(
        sign_in_from(&app, "198.51.100.9", "wes@example.com", "secret1").await,
        200
    );
    assert_eq!(
        recover_from(&app, "198.51.100.9", "wes@example.com").await,
        200
    );
    let owners_link = link_param(&app.last_mail(), "token_hash");

    // Strangers ask for more mails until the account's shared budget is spent.
    let mut strangers = Vec::new();
    for n in 1..=4 {
        let client = format!("203.0.113.{n}");
        strangers.push(recover_from(&app, &client, "wes@example.com").await);
    }
    let owner_again = recover_from(&app, "198.51.100.9", "wes@example.com").await;
    let (status, _) = auth_post(
        &app,
        "/verify",
        None,
        json!({"type": "recovery", "token_hash": owners_link}),
    )
    .await;

    assert_eq!(strangers, [200, 200, 200, 429]);
    assert_eq!(owner_again, 200, "the owner's client has its own budget");
    assert_eq!(status, 200, "newer mails left the owner's link working");
}

#[tokio::test]
async fn wrong_guesses_burn_the_mailed_code_but_not_the_link() {
    let app = spawn_app().await;
    app.sign_up("xan@example.com", "secret1", "Xan").await;
    auth_post(&app, "/recover", None, json!({"email": "xan@example.com"})).await;
    let mail = app.last_mail();
    let code = mailed_code(&mail);

    let burnt = right_code_after_wrong_guesses(&app, "recovery", "xan@example.com", 5).await;
    let (link, _) = auth_post(
        &app,
        "/verify",
        None,
        json!({"type": "recovery", "token_hash": link_param(&mail, "token_hash")}),
    )
    .await;

    assert_eq!(burnt, 403, "the code {code} is burnt");
    assert_eq!(
        link, 200,
        "a stranger's guesses do not void the owner's link"
    );
}
