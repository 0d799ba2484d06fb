//! `POST /api/v1/webhooks/{provider}` takes only events signed with the provider's secret by
//! Stripe's scheme (`Stripe-Signature: t=..,v1=..`, HMAC-SHA256 over `"{t}.{raw body}"`, at most
//! 300 s old); anything else is refused with 400 `invalid_signature` and changes nothing.

use serde_json::json;

use crate::helpers::app::TestApp;
use crate::helpers::http::assert_api_error;
use crate::helpers::payments::{
    SANDBOX_SECRET, Subscription, event, now, plan, post_webhook, signature, spawn_sandbox_app, v1,
};

/// An event that would make the user premium.
fn premium_event(user: &str) -> Vec<u8> {
    let subscription = Subscription {
        id: "sub_sig_1",
        customer: "cus_sig_1",
        user_id: Some(user),
        price: "price_sandbox_premium",
        status: "active",
        current_period_end: now() + 30 * 86_400,
    };
    serde_json::to_vec(&event(
        "evt_sig_1",
        "customer.subscription.created",
        now(),
        subscription.object(),
    ))
    .unwrap()
}

async fn refused(app: &TestApp, token: &str, header: Option<&str>, body: &[u8]) {
    let response = post_webhook(app, "sandbox", header, body).await;
    assert_api_error(response, 400, "invalid_signature").await;
    assert_eq!(
        plan(app, token).await,
        "free",
        "a refused event changed the plan"
    );
}

#[tokio::test]
async fn a_validly_signed_event_is_received_and_applied() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let body = premium_event(&user);

    let response = post_webhook(
        &app,
        "sandbox",
        Some(&signature(SANDBOX_SECRET, &body)),
        &body,
    )
    .await;

    assert_eq!(response.status(), 200);
    assert_eq!(
        response.json::<serde_json::Value>().await.unwrap(),
        json!({"received": true})
    );
    assert_eq!(plan(&app, &token).await, "premium");
}

#[tokio::test]
async fn an_event_signed_with_another_secret_is_refused() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let body = premium_event(&user);

    refused(&app, &token, Some(&signature("whsec_forged", &body)), &body).await;
}

#[tokio::test]
async fn a_signature_over_another_body_is_refused() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let signed = signature(SANDBOX_SECRET, b"{}");

    refused(&app, &token, Some(&signed), &premium_event(&user)).await;
}

#[tokio::test]
async fn a_signature_older_than_300_seconds_is_refused() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let body = premium_event(&user);
    let t = now() - 301;

    let stale = format!("t={t},v1={}", v1(SANDBOX_SECRET, t, &body));

    refused(&app, &token, Some(&stale), &body).await;
}

#[tokio::test]
async fn any_one_valid_v1_among_several_is_accepted() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let body = premium_event(&user);
    let t = now();

    let header = format!(
        "t={t},v1={},v1={},v0={}",
        v1("whsec_old_secret", t, &body),
        v1(SANDBOX_SECRET, t, &body),
        "00".repeat(32)
    );
    let response = post_webhook(&app, "sandbox", Some(&header), &body).await;

    assert_eq!(response.status(), 200);
    assert_eq!(plan(&app, &token).await, "premium");
}

#[tokio::test]
async fn an_unsigned_event_is_refused() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;

    refused(&app, &token, None, &premium_event(&user)).await;
}

#[tokio::test]
async fn a_v0_signature_alone_is_refused() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let body = premium_event(&user);
    let t = now();

    let v0_only = format!("t={t},v0={}", v1(SANDBOX_SECRET, t, &body));

    refused(&app, &token, Some(&v0_only), &body).await;
}

#[tokio::test]
async fn a_provider_other_than_the_configured_one_has_no_webhook() {
    let app = spawn_sandbox_app().await;
    let (user, _) = app.user("Ana").await;
    let body = premium_event(&user);

    let response = post_webhook(
        &app,
        "stripe",
        Some(&signature(SANDBOX_SECRET, &body)),
        &body,
    )
    .await;

    assert_api_error(response, 404, "not_found").await;
}
