//! What verified webhook events do to a plan: a replayed or duplicated event changes nothing, an
//! older event never overwrites a newer state, a cancellation is final, a completed checkout
//! links what the subscription events could not, and nothing but a verified event changes a
//! plan.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, scalar};
use crate::helpers::events::EventStream;
use crate::helpers::http::{assert_api_error, call};
use crate::helpers::payments::{
    SANDBOX_SECRET, Subscription, checkout, checkout_session, deliver, event, my_subscription, now,
    plan, post_webhook, signature, spawn_sandbox_app,
};

const PREMIUM: &str = "price_sandbox_premium";
const BASIC: &str = "price_sandbox_basic";

/// A `customer.subscription.*` event of `user`'s subscription `sub_1`.
fn subscription_event(
    id: &str,
    kind: &str,
    created: i64,
    user: &str,
    price: &str,
    status: &str,
) -> Value {
    let subscription = Subscription {
        id: "sub_1",
        customer: "cus_1",
        user_id: Some(user),
        price,
        status,
        current_period_end: created + 30 * 86_400,
    };
    event(id, kind, created, subscription.object())
}

async fn send(app: &TestApp, event: &Value) {
    deliver(app, "sandbox", SANDBOX_SECRET, event).await;
}

async fn subscriptions_of(app: &TestApp, user: &str) -> i64 {
    scalar(
        app,
        "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1",
        user,
    )
    .await
}

#[tokio::test]
async fn an_event_delivered_twice_changes_the_plan_once_and_records_one_row() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let mut events = EventStream::open(&app, &token).await;
    let t = now();
    let premium = subscription_event(
        "evt_1",
        "customer.subscription.updated",
        t,
        &user,
        PREMIUM,
        "active",
    );
    // The same second and kind: only the delivery order tells them apart.
    let basic = subscription_event(
        "evt_2",
        "customer.subscription.updated",
        t,
        &user,
        BASIC,
        "active",
    );

    send(&app, &premium).await;
    send(&app, &premium).await;
    send(&app, &basic).await;
    send(&app, &premium).await;

    assert_eq!(
        plan(&app, &token).await,
        "basic",
        "a replay was applied again"
    );
    assert_eq!(
        events.next_event().await,
        ("plan_changed".into(), json!({"plan": "premium"}))
    );
    assert_eq!(
        events.next_event().await,
        ("plan_changed".into(), json!({"plan": "basic"}))
    );
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM webhook_events WHERE event_id = $1",
            "evt_1"
        )
        .await,
        1
    );
    assert_eq!(subscriptions_of(&app, &user).await, 1);
}

#[tokio::test]
async fn ten_concurrent_deliveries_of_one_event_record_it_once() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let created = subscription_event(
        "evt_1",
        "customer.subscription.created",
        now(),
        &user,
        PREMIUM,
        "active",
    );
    let body = serde_json::to_vec(&created).unwrap();

    let deliveries = (0..10).map(|_| {
        let signed = signature(SANDBOX_SECRET, &body);
        let (app, body) = (&app, &body);
        async move {
            post_webhook(app, "sandbox", Some(&signed), body)
                .await
                .status()
        }
    });
    let statuses = futures_util::future::join_all(deliveries).await;

    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    assert_eq!(plan(&app, &token).await, "premium");
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM webhook_events WHERE event_id = $1",
            "evt_1"
        )
        .await,
        1
    );
    assert_eq!(subscriptions_of(&app, &user).await, 1);
}

/// One of `user`'s subscription events: (event id, `customer.subscription.{kind}`, seconds from
/// now, price, status).
type Step<'a> = (&'a str, &'a str, i64, &'a str, &'a str);

/// Delivers `user`'s subscription events in this order.
async fn send_in_order(app: &TestApp, user: &str, steps: &[Step<'_>]) {
    let t = now();
    for (id, kind, offset, price, status) in steps {
        let kind = format!("customer.subscription.{kind}");
        let event = subscription_event(id, &kind, t + offset, user, price, status);
        send(app, &event).await;
    }
}

async fn assert_free_and_canceled(app: &TestApp, token: &str) {
    let subscription = my_subscription(app, token).await;
    assert_eq!(
        (&subscription["plan"], &subscription["status"]),
        (&json!("free"), &json!("canceled"))
    );
}

#[tokio::test]
async fn an_update_older_than_the_deletion_leaves_the_user_free() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;

    send_in_order(
        &app,
        &user,
        &[
            ("evt_1", "created", -20, BASIC, "active"),
            ("evt_2", "deleted", 0, BASIC, "canceled"),
            ("evt_3", "updated", -10, PREMIUM, "active"),
        ],
    )
    .await;

    assert_free_and_canceled(&app, &token).await;
}

#[tokio::test]
async fn a_creation_older_than_the_update_does_not_undo_it() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;

    send_in_order(
        &app,
        &user,
        &[
            ("evt_2", "updated", 0, PREMIUM, "active"),
            ("evt_1", "created", -10, BASIC, "active"),
        ],
    )
    .await;

    assert_eq!(plan(&app, &token).await, "premium");
}

#[tokio::test]
async fn an_update_in_the_same_second_as_the_deletion_does_not_revive_it() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;

    send_in_order(
        &app,
        &user,
        &[
            ("evt_1", "created", -5, PREMIUM, "active"),
            ("evt_3", "deleted", 0, PREMIUM, "canceled"),
            ("evt_2", "updated", 0, PREMIUM, "active"),
        ],
    )
    .await;

    assert_free_and_canceled(&app, &token).await;
}

#[tokio::test]
async fn a_checkout_completed_after_the_subscription_links_its_user() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let t = now();
    // No user in the subscription's metadata, and a customer nobody knows yet.
    let anonymous = Subscription {
        id: "sub_1",
        customer: "cus_new",
        user_id: None,
        price: PREMIUM,
        status: "active",
        current_period_end: t + 30 * 86_400,
    };

    send(
        &app,
        &event(
            "evt_1",
            "customer.subscription.created",
            t,
            anonymous.object(),
        ),
    )
    .await;
    assert_eq!(plan(&app, &token).await, "free");
    send(
        &app,
        &event(
            "evt_2",
            "checkout.session.completed",
            t,
            checkout_session("cs_1", "sub_1", "cus_new", &user),
        ),
    )
    .await;

    let subscription = my_subscription(&app, &token).await;
    assert_eq!(subscription["plan"], "premium");
    assert_eq!(subscription["status"], "active");
    assert!(
        subscription["current_period_end"].is_string(),
        "{subscription}"
    );
}

#[tokio::test]
async fn a_failed_payment_shows_until_a_later_active_state() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let invoice =
        json!({"id": "in_1", "object": "invoice", "customer": "cus_1", "subscription": "sub_1"});

    send_in_order(&app, &user, &[("evt_1", "created", -20, BASIC, "active")]).await;
    send(
        &app,
        &event("evt_2", "invoice.payment_failed", now() - 10, invoice),
    )
    .await;
    send_in_order(&app, &user, &[("evt_3", "updated", -10, BASIC, "past_due")]).await;
    let failed = my_subscription(&app, &token).await;
    send_in_order(&app, &user, &[("evt_4", "updated", 0, BASIC, "active")]).await;
    let recovered = my_subscription(&app, &token).await;

    assert_eq!(
        (
            &failed["plan"],
            &failed["status"],
            &failed["payment_failed"]
        ),
        (&json!("basic"), &json!("past_due"), &json!(true))
    );
    assert_eq!(recovered["payment_failed"], false);
}

#[tokio::test]
async fn a_checkout_without_its_event_leaves_the_plan_free() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;

    let response = checkout(&app, &token, "premium", None).await;

    assert_eq!(response.status(), 200);
    assert_eq!(
        my_subscription(&app, &token).await,
        json!({"plan": "free", "status": null, "current_period_end": null,
            "cancel_at_period_end": false, "payment_failed": false})
    );
}

#[tokio::test]
async fn forged_events_leave_the_plan_free() {
    let app = spawn_sandbox_app().await;
    let (user, token) = app.user("Ana").await;
    let t = now();
    let forged = [
        event(
            "evt_1",
            "checkout.session.completed",
            t,
            checkout_session("cs_1", "sub_1", "cus_1", &user),
        ),
        subscription_event(
            "evt_2",
            "customer.subscription.created",
            t,
            &user,
            PREMIUM,
            "active",
        ),
    ];

    for event in forged {
        let body = serde_json::to_vec(&event).unwrap();
        let response = post_webhook(
            &app,
            "sandbox",
            Some(&signature("whsec_guess", &body)),
            &body,
        )
        .await;
        assert_api_error(response, 400, "invalid_signature").await;
    }

    assert_eq!(plan(&app, &token).await, "free");
}

#[tokio::test]
async fn the_profile_cannot_set_its_own_plan() {
    let app = spawn_sandbox_app().await;
    let (_, token) = app.user("Ana").await;

    let response = call(
        &app,
        Method::PATCH,
        "/me/profile",
        &token,
        Some(json!({"subscription_plan": "premium"})),
    )
    .await;

    assert_api_error(response, 422, "invalid_json").await;
    assert_eq!(plan(&app, &token).await, "free");
}
