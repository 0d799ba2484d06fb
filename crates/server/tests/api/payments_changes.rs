//! A subscriber's changes with the sandbox provider: a change between Basic and Premium is made
//! only once confirmed, on the same subscription, without a payment page, and lands on the
//! app's page that says what happened; a cancellation ends the plan and leaves no renewal date.

use serde_json::{Value, json};

use crate::helpers::app::{TestApp, count, scalar};
use crate::helpers::http::assert_api_error;
use crate::helpers::payments::{
    cancel, cancel_accepted, checkout, confirmed_change, my_subscription, plan, plan_becomes,
    spawn_sandbox_app, subscribe,
};

async fn subscription_id(app: &TestApp, user: &str) -> String {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT id FROM subscriptions WHERE user_id = $1")
        .bind(user).fetch_one(pool).await.unwrap())
}

/// A confirmed change that must be made; answers the API's answer.
async fn changed(app: &TestApp, token: &str, plan: &str) -> Value {
    let response = confirmed_change(app, token, plan).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_change_between_paid_plans_is_refused_until_confirmed_and_changes_nothing() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    subscribe(&app, &token, "premium").await;
    let events_before = count(&app, "SELECT COUNT(*) FROM sandbox_events").await;

    let response = checkout(&app, &token, "basic", None).await;

    let message = assert_api_error(response, 409, "plan_change_unconfirmed").await;
    assert!(message.contains("confirmed"), "{message}");
    let started = "SELECT COUNT(*) FROM checkout_sessions WHERE user_id = $1";
    assert_eq!(
        scalar(&app, started, &user).await,
        1,
        "only the paid checkout"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM sandbox_events").await,
        events_before
    );
    let at_sandbox = "SELECT COUNT(*) FROM sandbox_subscriptions WHERE plan = 'premium'";
    assert_eq!(count(&app, at_sandbox).await, 1);
    assert_eq!(plan(&app, &token).await, "premium");
}

#[tokio::test]
async fn a_confirmed_premium_to_basic_changes_the_same_subscription_without_a_payment_page() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    subscribe(&app, &token, "premium").await;
    let before = my_subscription(&app, &token).await;
    let id_before = subscription_id(&app, &user).await;

    let body = changed(&app, &token, "basic").await;

    assert_eq!(body["kind"], "plan_change");
    assert_eq!(body["url"], "/subscription/changed?plan=basic&from=premium");
    assert!(plan_becomes(&app, &token, "basic").await);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM sandbox_sessions").await,
        1,
        "no payment page was opened for the change"
    );
    assert_eq!(subscription_id(&app, &user).await, id_before);
    let after = my_subscription(&app, &token).await;
    assert_eq!(after["status"], "active");
    assert_eq!(after["cancel_at_period_end"], false);
    assert_eq!(
        after["current_period_end"], before["current_period_end"],
        "the change keeps the renewal date"
    );
}

#[tokio::test]
async fn a_confirmed_basic_to_premium_changes_the_same_subscription() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    subscribe(&app, &token, "basic").await;
    let id_before = subscription_id(&app, &user).await;

    let body = changed(&app, &token, "premium").await;

    assert_eq!(body["kind"], "plan_change");
    assert_eq!(body["url"], "/subscription/changed?plan=premium&from=basic");
    assert!(plan_becomes(&app, &token, "premium").await);
    let rows = "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1";
    assert_eq!(scalar(&app, rows, &user).await, 1);
    assert_eq!(subscription_id(&app, &user).await, id_before);
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM sandbox_subscriptions").await,
        1
    );
}

#[tokio::test]
async fn a_confirmation_without_a_subscription_opens_a_checkout() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;

    let body = changed(&app, &token, "basic").await;

    assert_eq!(body["kind"], "checkout");
    assert_eq!(
        body["url"],
        format!("/checkout/sandbox/{}", body["id"].as_str().unwrap())
    );
    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn a_change_asked_again_once_made_is_already_on_the_plan() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    subscribe(&app, &token, "premium").await;
    changed(&app, &token, "basic").await;
    assert!(plan_becomes(&app, &token, "basic").await);

    let again = confirmed_change(&app, &token, "basic").await;

    assert_api_error(again, 409, "already_on_plan").await;
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM sandbox_subscriptions WHERE status = 'active'"
        )
        .await,
        1
    );
}

#[tokio::test]
async fn cancelling_returns_the_user_to_free_with_no_renewal_date() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;
    subscribe(&app, &token, "premium").await;

    cancel_accepted(&app, &token).await;

    assert!(plan_becomes(&app, &token, "free").await);
    let subscription = my_subscription(&app, &token).await;
    assert_eq!(
        subscription,
        json!({"plan": "free", "status": "canceled", "current_period_end": null,
            "cancel_at_period_end": false, "payment_failed": false})
    );
    assert_api_error(cancel(&app, &token).await, 409, "no_subscription").await;
}

#[tokio::test]
async fn cancelling_without_a_subscription_is_refused() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;

    let response = cancel(&app, &token).await;

    assert_api_error(response, 409, "no_subscription").await;
}
