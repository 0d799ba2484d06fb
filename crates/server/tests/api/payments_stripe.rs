//! The `stripe` provider against a loopback fake of Stripe's endpoints (helpers/stripe.rs):
//! one customer per user, promotion codes looked up by code, Checkout Sessions, plan changes
//! on the same subscription, cancellation; signed Stripe events change the plan; a Stripe
//! outage is a 502 that changes nothing.

use backbeat::config::{Config, ProviderKind};
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::app::{TestApp, scalar, spawn_app_with};
use crate::helpers::http::assert_api_error;
use crate::helpers::payments::{
    Subscription, cancel, cancel_accepted, checkout, checkout_session, confirmed_change, deliver,
    event, my_subscription, now, plan,
};
use crate::helpers::stripe::{
    FakeStripe, PRICE_BASIC, PRICE_PREMIUM, PROMO_ID, SECRET_KEY, WEBHOOK_SECRET,
};

fn use_stripe(config: &mut Config, api_url: &str) {
    let payments = &mut config.payments;
    payments.provider = ProviderKind::Stripe;
    payments.stripe_secret_key = Some(SECRET_KEY.into());
    payments.stripe_webhook_secret = Some(WEBHOOK_SECRET.into());
    payments.stripe_price_basic = Some(PRICE_BASIC.into());
    payments.stripe_price_premium = Some(PRICE_PREMIUM.into());
    payments.stripe_api_url = api_url.into();
    config.public_url = Some("https://backbeat.example".into());
}

async fn spawn_stripe_app() -> (TestApp, FakeStripe) {
    let stripe = FakeStripe::start().await;
    let app = spawn_app_with(|config| use_stripe(config, &stripe.url)).await;
    (app, stripe)
}

async fn stripe_customer(app: &TestApp, user: &str) -> Option<String> {
    backbeat::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT stripe_customer_id FROM profiles WHERE id = $1")
        .bind(user).fetch_one(pool).await.unwrap())
}

async fn started(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// A `customer.subscription.{kind}` event of the subscription `sub_1` of `cus_fake_1`.
fn sub_1_event(id: &str, kind: &str, user: Option<&str>, price: &str, status: &str) -> Value {
    let created = now();
    let subscription = Subscription {
        id: "sub_1",
        customer: "cus_fake_1",
        user_id: user,
        price,
        status,
        current_period_end: created + 30 * 86_400,
    };
    event(
        id,
        &format!("customer.subscription.{kind}"),
        created,
        subscription.object(),
    )
}

async fn deliver_signed(app: &TestApp, event: &Value) {
    deliver(app, "stripe", WEBHOOK_SECRET, event).await;
}

/// What Stripe does and says once `user` (customer `cus_fake_1`) paid a checkout of `price`:
/// the subscription `sub_1` exists, and its signed events are delivered.
async fn paid_checkout(app: &TestApp, stripe: &FakeStripe, user: &str, price: &str) {
    stripe.add_subscription("sub_1", "cus_fake_1", price);
    let completed = checkout_session("cs_fake_1", "sub_1", "cus_fake_1", user);
    deliver_signed(
        app,
        &event("evt_1", "checkout.session.completed", now(), completed),
    )
    .await;
    // Stripe copies subscription_data[metadata] onto the subscription.
    deliver_signed(
        app,
        &sub_1_event("evt_2", "created", Some(user), price, "active"),
    )
    .await;
}

#[tokio::test]
async fn a_checkout_creates_the_customer_once_and_opens_stripes_page() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;

    let first = started(checkout(&app, &token, "premium", Some("launch20")).await).await;
    let second = started(checkout(&app, &token, "basic", None).await).await;

    assert_eq!(first["url"], "https://checkout.stripe.test/c/pay/cs_fake_1");
    assert_eq!(first["id"], "cs_fake_1");
    assert_eq!(second["id"], "cs_fake_2");
    assert_eq!(stripe.customers(), 1);
    assert_eq!(
        stripe_customer(&app, &user).await.as_deref(),
        Some("cus_fake_1")
    );
    let customers = stripe.requests(Method::POST, "/v1/customers");
    assert_eq!(customers[0].form["metadata[user_id]"], user);
    let lookup = &stripe.requests(Method::GET, "/v1/promotion_codes")[0];
    assert_eq!(lookup.form["code"], "launch20");
    let sessions = stripe.requests(Method::POST, "/v1/checkout/sessions");
    let session = &sessions[0].form;
    assert_eq!(session["customer"], "cus_fake_1");
    assert_eq!(session["line_items[0][price]"], PRICE_PREMIUM);
    assert_eq!(session["discounts[0][promotion_code]"], PROMO_ID);
    assert_eq!(session["subscription_data[metadata][plan]"], "premium");
    assert_eq!(
        session["success_url"],
        "https://backbeat.example/payment-approved?session_id={CHECKOUT_SESSION_ID}&plan=premium"
    );
    assert_eq!(sessions[1].form["customer"], "cus_fake_1");
    assert_ne!(sessions[0].idempotency_key, sessions[1].idempotency_key);
    assert_eq!(
        plan(&app, &token).await,
        "free",
        "a checkout alone changes no plan"
    );
}

#[tokio::test]
async fn a_customer_created_again_is_the_same_stripe_customer() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    started(checkout(&app, &token, "premium", None).await).await;
    // As if keeping the id had failed after Stripe created the customer.
    backbeat::on_db!(&app.db, pool => sqlx::query(
        "UPDATE profiles SET stripe_customer_id = NULL WHERE id = $1")
        .bind(&user).execute(pool).await.map(drop).unwrap());

    started(checkout(&app, &token, "premium", None).await).await;

    let customers = stripe.requests(Method::POST, "/v1/customers");
    assert_eq!(customers.len(), 2);
    assert_eq!(customers[0].idempotency_key, customers[1].idempotency_key);
    assert_eq!(
        stripe.customers(),
        1,
        "the replay created a second customer"
    );
    assert_eq!(
        stripe_customer(&app, &user).await.as_deref(),
        Some("cus_fake_1")
    );
}

#[tokio::test]
async fn a_post_retried_after_a_blip_reuses_its_idempotency_key() {
    let (app, stripe) = spawn_stripe_app().await;
    let (_, token) = app.user("Ana").await;
    started(checkout(&app, &token, "basic", None).await).await;
    stripe.blip_next_posts(1);

    started(checkout(&app, &token, "premium", None).await).await;

    let sessions = stripe.requests(Method::POST, "/v1/checkout/sessions");
    let statuses: Vec<_> = sessions.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [200, 500, 200]);
    assert_eq!(sessions[1].idempotency_key, sessions[2].idempotency_key);
}

#[tokio::test]
async fn an_unknown_promotion_code_is_an_invalid_coupon() {
    let (app, stripe) = spawn_stripe_app().await;
    let (_, token) = app.user("Ana").await;

    let response = checkout(&app, &token, "premium", Some("NOPE")).await;

    let message = assert_api_error(response, 400, "invalid_coupon").await;
    assert!(message.contains("Invalid coupon"), "{message}");
    assert!(
        stripe
            .requests(Method::POST, "/v1/checkout/sessions")
            .is_empty()
    );
}

#[tokio::test]
async fn signed_stripe_events_make_the_user_premium_then_free() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    started(checkout(&app, &token, "premium", None).await).await;

    paid_checkout(&app, &stripe, &user, PRICE_PREMIUM).await;
    assert_eq!(plan(&app, &token).await, "premium");

    cancel_accepted(&app, &token).await;
    assert_eq!(
        stripe
            .requests(Method::DELETE, "/v1/subscriptions/sub_1")
            .len(),
        1
    );
    assert_eq!(
        plan(&app, &token).await,
        "premium",
        "the plan waits for Stripe's event"
    );
    // Asked again before the event: Stripe answers that the subscription is gone; done.
    cancel_accepted(&app, &token).await;

    let deleted = sub_1_event("evt_3", "deleted", None, PRICE_PREMIUM, "canceled");
    deliver_signed(&app, &deleted).await;

    let subscription = my_subscription(&app, &token).await;
    assert_eq!(
        (&subscription["plan"], &subscription["status"]),
        (&json!("free"), &json!("canceled"))
    );
    assert_eq!(
        subscription["current_period_end"],
        Value::Null,
        "a canceled subscription renews never"
    );
    assert_api_error(cancel(&app, &token).await, 409, "no_subscription").await;
}

#[tokio::test]
async fn a_subscriber_changing_plan_changes_the_stripe_subscription_item() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    started(checkout(&app, &token, "basic", None).await).await;
    paid_checkout(&app, &stripe, &user, PRICE_BASIC).await;
    assert_eq!(plan(&app, &token).await, "basic");

    let change = started(confirmed_change(&app, &token, "premium").await).await;

    assert_eq!(change["kind"], "plan_change");
    assert_eq!(
        change["url"],
        "/subscription/changed?plan=premium&from=basic"
    );
    assert_eq!(
        stripe.requests(Method::POST, "/v1/checkout/sessions").len(),
        1
    );
    let update = &stripe.requests(Method::POST, "/v1/subscriptions/sub_1")[0].form;
    assert_eq!(update["items[0][id]"], "si_sub_1");
    assert_eq!(update["items[0][price]"], PRICE_PREMIUM);
    assert_eq!(update["proration_behavior"], "create_prorations");
    assert_eq!(update["metadata[plan]"], "premium");
    assert_eq!(
        plan(&app, &token).await,
        "basic",
        "the plan waits for Stripe's event"
    );

    let updated = sub_1_event("evt_3", "updated", Some(&user), PRICE_PREMIUM, "active");
    deliver_signed(&app, &updated).await;
    assert_eq!(plan(&app, &token).await, "premium");
    assert_eq!(
        scalar(
            &app,
            "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1",
            &user
        )
        .await,
        1
    );
}

#[tokio::test]
async fn an_unconfirmed_change_asks_nothing_of_stripe() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    started(checkout(&app, &token, "premium", None).await).await;
    paid_checkout(&app, &stripe, &user, PRICE_PREMIUM).await;

    let response = checkout(&app, &token, "basic", None).await;

    assert_api_error(response, 409, "plan_change_unconfirmed").await;
    assert!(
        stripe
            .requests(Method::POST, "/v1/subscriptions/sub_1")
            .is_empty()
    );
    assert_eq!(
        stripe.requests(Method::POST, "/v1/checkout/sessions").len(),
        1
    );
    assert_eq!(plan(&app, &token).await, "premium");
}

#[tokio::test]
async fn a_change_asked_twice_before_its_event_sets_the_same_price_and_ends_on_one_plan() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    started(checkout(&app, &token, "premium", None).await).await;
    paid_checkout(&app, &stripe, &user, PRICE_PREMIUM).await;

    let first = started(confirmed_change(&app, &token, "basic").await).await;
    let second = started(confirmed_change(&app, &token, "basic").await).await;

    assert_eq!(first["url"], second["url"]);
    let updates = stripe.requests(Method::POST, "/v1/subscriptions/sub_1");
    assert_eq!(updates.len(), 2);
    for update in &updates {
        assert_eq!(update.form["items[0][price]"], PRICE_BASIC);
        assert_eq!(update.form["proration_behavior"], "create_prorations");
    }
    let updated = sub_1_event("evt_3", "updated", Some(&user), PRICE_BASIC, "active");
    deliver_signed(&app, &updated).await;
    assert_eq!(plan(&app, &token).await, "basic");
    assert_api_error(
        confirmed_change(&app, &token, "basic").await,
        409,
        "already_on_plan",
    )
    .await;
    assert_eq!(
        stripe
            .requests(Method::POST, "/v1/subscriptions/sub_1")
            .len(),
        2
    );
}

#[tokio::test]
async fn a_subscription_event_finds_its_user_by_the_stripe_customer() {
    let (app, _stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    started(checkout(&app, &token, "premium", None).await).await;
    assert_eq!(
        stripe_customer(&app, &user).await.as_deref(),
        Some("cus_fake_1")
    );

    // No user in the metadata: the customer id kept on the profile names them.
    deliver_signed(
        &app,
        &sub_1_event("evt_9", "created", None, PRICE_PREMIUM, "active"),
    )
    .await;

    assert_eq!(plan(&app, &token).await, "premium");
}

#[tokio::test]
async fn a_stripe_outage_is_a_502_that_changes_nothing() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    stripe.fail_everything();

    let response = checkout(&app, &token, "premium", None).await;

    assert_api_error(response, 502, "payment_provider_error").await;
    assert_eq!(plan(&app, &token).await, "free");
    assert_eq!(stripe_customer(&app, &user).await, None);
    let failed = "SELECT COUNT(*) FROM checkout_sessions WHERE user_id = $1 AND status = 'failed'";
    assert_eq!(scalar(&app, failed, &user).await, 1);
}

#[tokio::test]
async fn the_stripe_provider_without_its_price_ids_does_not_start() {
    let data_dir = tempfile::tempdir().unwrap();
    let mut config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.path().to_owned(),
        ..Config::default()
    };
    use_stripe(&mut config, "http://127.0.0.1:9");
    config.payments.stripe_price_premium = None;

    let Err(err) = backbeat::app::App::build(config).await else {
        panic!("the app started without a premium price id");
    };

    assert!(
        format!("{err:#}").contains("BACKBEAT_STRIPE_PRICE_PREMIUM"),
        "{err:#}"
    );
}

#[tokio::test]
async fn a_second_paid_checkout_cancels_the_older_stripe_subscription() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    // Two checkouts opened side by side, then both paid.
    started(checkout(&app, &token, "premium", None).await).await;
    started(checkout(&app, &token, "basic", None).await).await;
    paid_checkout(&app, &stripe, &user, PRICE_PREMIUM).await;
    assert_eq!(plan(&app, &token).await, "premium");
    stripe.add_subscription("sub_2", "cus_fake_1", PRICE_BASIC);
    let completed = checkout_session("cs_fake_2", "sub_2", "cus_fake_1", &user);
    deliver_signed(
        &app,
        &event("evt_3", "checkout.session.completed", now(), completed),
    )
    .await;
    let sub_2 = Subscription {
        id: "sub_2",
        customer: "cus_fake_1",
        user_id: Some(&user),
        price: PRICE_BASIC,
        status: "active",
        current_period_end: now() + 30 * 86_400,
    };

    deliver_signed(
        &app,
        &event(
            "evt_4",
            "customer.subscription.created",
            now(),
            sub_2.object(),
        ),
    )
    .await;

    assert_eq!(
        stripe
            .requests(Method::DELETE, "/v1/subscriptions/sub_1")
            .len(),
        1,
        "the older subscription is cancelled at Stripe"
    );
    assert!(
        stripe
            .requests(Method::DELETE, "/v1/subscriptions/sub_2")
            .is_empty()
    );
    assert_eq!(
        plan(&app, &token).await,
        "basic",
        "the plan follows the newest"
    );
    let deleted = sub_1_event("evt_5", "deleted", None, PRICE_PREMIUM, "canceled");
    deliver_signed(&app, &deleted).await;
    assert_eq!(plan(&app, &token).await, "basic");
    let live = "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1 AND status = 'active'";
    assert_eq!(scalar(&app, live, &user).await, 1);
    assert_eq!(
        stripe
            .requests(Method::DELETE, "/v1/subscriptions/sub_1")
            .len(),
        1
    );
}

#[tokio::test]
async fn the_newest_subscription_at_stripe_stays_whatever_order_the_events_arrive_in() {
    let (app, stripe) = spawn_stripe_app().await;
    let (user, token) = app.user("Ana").await;
    stripe.add_subscription("sub_1", "cus_fake_1", PRICE_PREMIUM);
    stripe.add_subscription("sub_2", "cus_fake_1", PRICE_BASIC);
    let made = |id: &'static str, price: &'static str, created: i64| {
        let mut object = Subscription {
            id,
            customer: "cus_fake_1",
            user_id: Some(&user),
            price,
            status: "active",
            current_period_end: now() + 30 * 86_400,
        }
        .object();
        object["created"] = created.into();
        object
    };
    // sub_2 was made at Stripe last, but its event is delivered first; sub_1's comes late.
    let newer = made("sub_2", PRICE_BASIC, now() - 60);
    let older = made("sub_1", PRICE_PREMIUM, now() - 600);
    deliver_signed(
        &app,
        &event("evt_1", "customer.subscription.created", now(), newer),
    )
    .await;

    deliver_signed(
        &app,
        &event("evt_2", "customer.subscription.created", now(), older),
    )
    .await;

    assert_eq!(
        stripe
            .requests(Method::DELETE, "/v1/subscriptions/sub_1")
            .len(),
        1,
        "the subscription made first is the one cancelled"
    );
    assert!(
        stripe
            .requests(Method::DELETE, "/v1/subscriptions/sub_2")
            .is_empty()
    );
    assert_eq!(plan(&app, &token).await, "basic");
}
