//! The sandbox provider end to end over HTTP, as a browser goes through it: a checkout with a
//! promo code, the hosted page, the card form, the redirect, the webhook events the sandbox
//! delivers to the server's own endpoint, and the plan they change; declined and mistyped
//! cards; two checkouts paid side by side; the limits on starting checkouts. Changes of a
//! subscription and cancellations are in `payments_changes.rs`.

use serde_json::json;

use crate::helpers::app::{TestApp, count, scalar, spawn_app_with};
use crate::helpers::events::EventStream;
use crate::helpers::http::assert_api_error;
use crate::helpers::payments::{
    DECLINED, PAYS, PROMO_CODES, SANDBOX_SECRET, checkout, future_expiry, hosted_page, location,
    my_subscription, pay, plan, plan_becomes, spawn_sandbox_app, subscribe,
};

#[tokio::test]
async fn paying_the_hosted_page_makes_the_user_premium_and_tells_the_open_app() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    let mut events = EventStream::open(&app, &token).await;

    let url = hosted_page(&app, &token, "premium", Some("launch20")).await;
    let page = app.get(&url).await;
    assert_eq!(page.status(), 200);
    assert!(
        page.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    assert!(page.headers().contains_key("content-security-policy"));
    let html = page.text().await.unwrap();
    for expected in [
        "<label for=\"card_number\">Card number",
        "<label for=\"expiry\">Expiry",
        "<label for=\"cvc\">CVC",
        ">Pay</button>",
        "Premium plan, monthly</dt><dd>$9.99",
        "LAUNCH20 (20% off)",
        "$7.99",
    ] {
        assert!(html.contains(expected), "{expected} missing from {html}");
    }
    assert!(
        !html.contains("<script"),
        "the page must run under script-src 'self'"
    );

    let paid = pay(&app, &url, PAYS, &future_expiry(), "123").await;

    assert_eq!(paid.status(), 303);
    let session_id = url.rsplit('/').next().unwrap();
    assert_eq!(
        location(&paid),
        format!("/payment-approved?session_id={session_id}&plan=premium")
    );
    assert!(plan_becomes(&app, &token, "premium").await);
    assert_eq!(
        events.next_event().await,
        ("plan_changed".into(), json!({"plan": "premium"}))
    );
    let subscription = my_subscription(&app, &token).await;
    assert_eq!(subscription["status"], "active");
    assert!(
        subscription["current_period_end"].is_string(),
        "{subscription}"
    );
}

#[tokio::test]
async fn a_paid_session_paid_again_shows_it_is_complete_and_changes_nothing() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    let url = hosted_page(&app, &token, "basic", None).await;
    pay(&app, &url, PAYS, &future_expiry(), "123").await;
    assert!(plan_becomes(&app, &token, "basic").await);

    let again = pay(&app, &url, PAYS, &future_expiry(), "123").await;

    assert_eq!(again.status(), 200);
    assert!(again.text().await.unwrap().contains("complete"));
    assert_eq!(count(&app, "SELECT COUNT(*) FROM sandbox_events").await, 2);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM sandbox_subscriptions").await,
        1
    );
}

#[tokio::test]
async fn a_declined_card_goes_to_payment_failed_and_changes_nothing() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    let url = hosted_page(&app, &token, "premium", None).await;

    let declined = pay(&app, &url, DECLINED, &future_expiry(), "123").await;

    assert_eq!(declined.status(), 303);
    assert_eq!(location(&declined), "/payment-failed");
    assert_eq!(plan(&app, &token).await, "free");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM sandbox_events").await, 0);
    assert_eq!(app.get(&url).await.status(), 200, "the session stays open");
}

#[tokio::test]
async fn a_mistyped_card_shows_the_page_again_with_stripes_words() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    let url = hosted_page(&app, &token, "premium", None).await;
    let cases = [
        (
            ("4111 1111 1111 1111", future_expiry(), "123"),
            "Your card number is incorrect.",
        ),
        (
            (PAYS, "01/20".to_owned(), "123"),
            "Your card&#39;s expiration year is in the past.",
        ),
        (
            (PAYS, "1230".to_owned(), "123"),
            "Your card&#39;s expiration date is incomplete.",
        ),
        (
            (PAYS, future_expiry(), "12"),
            "Your card&#39;s security code is incomplete.",
        ),
    ];

    for ((number, expiry, cvc), message) in cases {
        let response = pay(&app, &url, number, &expiry, cvc).await;
        assert_eq!(response.status(), 422, "{number} {expiry} {cvc}");
        let html = response.text().await.unwrap();
        assert!(html.contains(message), "{message} missing from {html}");
        assert!(html.contains(">Pay</button>"));
    }
    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn an_unknown_or_expired_session_has_no_form() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    let url = hosted_page(&app, &token, "premium", None).await;
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE sandbox_sessions SET expires_at = $1")
        .bind(backbeat::db::Timestamp::now() - chrono::Duration::minutes(1))
        .execute(pool).await.map(drop).unwrap());

    assert_eq!(
        app.get("/checkout/sandbox/cs_sandbox_guess").await.status(),
        404
    );
    assert_eq!(app.get(&url).await.status(), 410);
    assert_eq!(
        pay(&app, &url, PAYS, &future_expiry(), "123")
            .await
            .status(),
        410
    );
    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn an_unknown_promo_code_is_an_invalid_coupon() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;

    let response = checkout(&app, &token, "premium", Some("XYZ")).await;

    let message = assert_api_error(response, 400, "invalid_coupon").await;
    assert!(message.contains("Invalid coupon"), "{message}");
}

#[tokio::test]
async fn only_basic_or_premium_can_be_bought() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;

    for plan in ["free", "gold"] {
        assert_api_error(
            checkout(&app, &token, plan, None).await,
            422,
            "invalid_plan",
        )
        .await;
    }
}

#[tokio::test]
async fn a_checkout_of_the_plan_one_has_is_refused() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    subscribe(&app, &token, "premium").await;

    let response = checkout(&app, &token, "premium", None).await;

    let message = assert_api_error(response, 409, "already_on_plan").await;
    assert_eq!(message, "You are already on the Premium plan.");
}

// ---- two open checkouts, and the limits on starting them

/// Waits until `sql` (of the user) counts `expected`; answers whether it did in time.
async fn counts_become(app: &TestApp, sql: &'static str, user: &str, expected: i64) -> bool {
    for _ in 0..100 {
        if scalar(app, sql, user).await == expected {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn paying_a_second_open_checkout_ends_the_older_subscription() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    // Both opened before either is paid: each is a hosted page of its own.
    let premium = hosted_page(&app, &token, "premium", None).await;
    let basic = hosted_page(&app, &token, "basic", None).await;
    assert_eq!(
        pay(&app, &premium, PAYS, &future_expiry(), "123")
            .await
            .status(),
        303
    );
    assert!(plan_becomes(&app, &token, "premium").await);

    assert_eq!(
        pay(&app, &basic, PAYS, &future_expiry(), "123")
            .await
            .status(),
        303
    );

    assert!(
        plan_becomes(&app, &token, "basic").await,
        "the plan follows the newest subscription"
    );
    let active_at_sandbox =
        "SELECT COUNT(*) FROM sandbox_subscriptions WHERE user_id = $1 AND status = 'active'";
    assert!(
        counts_become(&app, active_at_sandbox, &user, 1).await,
        "the older subscription is cancelled at the provider"
    );
    let canceled = "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1 AND status = 'canceled' \
         AND plan = 'premium'";
    assert!(counts_become(&app, canceled, &user, 1).await);
    let live = "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1 AND status = 'active'";
    assert_eq!(scalar(&app, live, &user).await, 1);
    assert_eq!(plan(&app, &token).await, "basic");
    assert_eq!(my_subscription(&app, &token).await["status"], "active");
}

#[tokio::test]
async fn checkouts_past_the_budget_are_refused_and_start_nothing() {
    let app = spawn_app_with(|config| {
        config.payments.sandbox_webhook_secret = Some(SANDBOX_SECRET.into());
        config.payments.checkouts_per_hour = 3;
    })
    .await;
    let (user, token) = app.user("Ana").await;
    let (_, bo_token) = app.user("Bo").await;
    for _ in 0..3 {
        hosted_page(&app, &token, "premium", None).await;
    }

    let fourth = checkout(&app, &token, "basic", None).await;

    let message = assert_api_error(fourth, 429, "too_many_checkouts").await;
    assert_eq!(
        message,
        "You have started too many checkouts. Please try again in a few minutes."
    );
    let started = "SELECT COUNT(*) FROM checkout_sessions WHERE user_id = $1";
    assert_eq!(scalar(&app, started, &user).await, 3);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM sandbox_sessions").await,
        3
    );
    hosted_page(&app, &bo_token, "premium", None).await;
}

#[tokio::test]
async fn promo_code_attempts_past_the_budget_are_refused() {
    let app = spawn_app_with(|config| {
        config.payments.sandbox_webhook_secret = Some(SANDBOX_SECRET.into());
        config.payments.promo_codes = PROMO_CODES.parse().unwrap();
        config.payments.promo_code_attempts_per_hour = 3;
    })
    .await;
    let (_, token) = app.user("Ana").await;
    for guess in ["AAAA", "BBBB", "CCCC"] {
        let response = checkout(&app, &token, "premium", Some(guess)).await;
        assert_api_error(response, 400, "invalid_coupon").await;
    }

    // Even the right code, once the guesses are spent.
    let fourth = checkout(&app, &token, "premium", Some("LAUNCH20")).await;

    let message = assert_api_error(fourth, 429, "too_many_promo_code_attempts").await;
    assert!(!message.contains("Invalid coupon"), "{message}");
    hosted_page(&app, &token, "premium", None).await;
}
