//! Payments as a test drives them: an app whose sandbox provider signs with a known secret and
//! knows two promo codes, webhook events in Stripe's format signed as Stripe signs them
//! (computed here, independently of the server's code), and the subscription as the API shows it.

use std::time::Duration;

use chrono::Datelike;
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;

use super::app::{TestApp, spawn_app_with};
use super::http::{call, call_ok, get};

/// The sandbox's webhook secret in these tests.
pub const SANDBOX_SECRET: &str = "whsec_sandbox_test_secret";
/// The sandbox's promo codes in these tests.
pub const PROMO_CODES: &str = "LAUNCH20=20,FRIENDS=50";

/// The app with the sandbox provider, a known webhook secret and the test promo codes.
pub async fn spawn_sandbox_app() -> TestApp {
    spawn_app_with(|config| {
        config.payments.sandbox_webhook_secret = Some(SANDBOX_SECRET.into());
        config.payments.promo_codes = PROMO_CODES.parse().unwrap();
    })
    .await
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The `v1` signature of `body` at `timestamp`: HMAC-SHA256 of `"{t}.{body}"`, in hex.
pub fn v1(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.").as_bytes());
    mac.update(body);
    hex::encode(mac.finalize().into_bytes())
}

/// A `Stripe-Signature` header value signing `body` now.
pub fn signature(secret: &str, body: &[u8]) -> String {
    let t = now();
    format!("t={t},v1={}", v1(secret, t, body))
}

/// Posts `body` to `/api/v1/webhooks/{provider}` with this signature header (none when None).
pub async fn post_webhook(
    app: &TestApp,
    provider: &str,
    signature: Option<&str>,
    body: &[u8],
) -> reqwest::Response {
    let request = app
        .client
        .post(app.url(&format!("/api/v1/webhooks/{provider}")))
        .header("content-type", "application/json");
    let request = match signature {
        Some(signature) => request.header("stripe-signature", signature),
        None => request,
    };
    request.body(body.to_vec()).send().await.unwrap()
}

/// Signs `event` with `secret` and delivers it; the endpoint must accept it.
pub async fn deliver(app: &TestApp, provider: &str, secret: &str, event: &Value) {
    let body = serde_json::to_vec(event).unwrap();
    let response = post_webhook(app, provider, Some(&signature(secret, &body)), &body).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
}

/// An event of `kind` about `object`, at `created`.
pub fn event(id: &str, kind: &str, created: i64, object: Value) -> Value {
    json!({"id": id, "object": "event", "type": kind, "created": created,
        "data": {"object": object}})
}

/// A subscription object as Stripe sends it.
pub struct Subscription<'a> {
    pub id: &'a str,
    pub customer: &'a str,
    pub user_id: Option<&'a str>,
    pub price: &'a str,
    pub status: &'a str,
    pub current_period_end: i64,
}

impl Subscription<'_> {
    pub fn object(&self) -> Value {
        let metadata = match self.user_id {
            Some(user) => json!({"user_id": user}),
            None => json!({}),
        };
        json!({"id": self.id, "object": "subscription", "customer": self.customer,
            "status": self.status, "metadata": metadata,
            "items": {"object": "list", "data": [{"id": format!("si_{}", self.id),
                "price": {"id": self.price}}]},
            "current_period_end": self.current_period_end, "cancel_at_period_end": false})
    }
}

/// A completed checkout session object.
pub fn checkout_session(id: &str, subscription: &str, customer: &str, user_id: &str) -> Value {
    json!({"id": id, "object": "checkout.session", "mode": "subscription", "status": "complete",
        "customer": customer, "subscription": subscription, "client_reference_id": user_id,
        "metadata": {"user_id": user_id}})
}

/// `GET /api/v1/me/subscription`.
pub async fn my_subscription(app: &TestApp, token: &str) -> Value {
    get(app, "/me/subscription", token).await
}

/// The user's plan as the API shows it.
pub async fn plan(app: &TestApp, token: &str) -> String {
    my_subscription(app, token).await["plan"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Waits until the user's plan reads `expected` (as the payment page re-reads it); answers
/// whether it did within the patience of a test.
pub async fn plan_becomes(app: &TestApp, token: &str, expected: &str) -> bool {
    for _ in 0..100 {
        if plan(app, token).await == expected {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// `POST /api/v1/checkout-sessions`.
pub async fn checkout(
    app: &TestApp,
    token: &str,
    plan: &str,
    promo_code: Option<&str>,
) -> reqwest::Response {
    call(
        app,
        Method::POST,
        "/checkout-sessions",
        token,
        Some(json!({"plan_id": plan, "promo_code": promo_code})),
    )
    .await
}

/// `POST /api/v1/checkout-sessions` for a change between paid plans the user confirmed.
pub async fn confirmed_change(app: &TestApp, token: &str, plan: &str) -> reqwest::Response {
    call(
        app,
        Method::POST,
        "/checkout-sessions",
        token,
        Some(json!({"plan_id": plan, "promo_code": null, "confirm_change": true})),
    )
    .await
}

/// `POST /api/v1/subscription/cancel`.
pub async fn cancel(app: &TestApp, token: &str) -> reqwest::Response {
    call(app, Method::POST, "/subscription/cancel", token, None).await
}

/// Cancels the subscription, which must be accepted.
pub async fn cancel_accepted(app: &TestApp, token: &str) {
    let answer = call_ok(app, Method::POST, "/subscription/cancel", token, None, 202).await;
    assert_eq!(answer, json!({"status": "cancel_requested"}));
}

// ---- the sandbox's hosted page, as a browser goes through it

/// The sandbox's test card that pays, and the one it declines.
pub const PAYS: &str = "4242 4242 4242 4242";
pub const DECLINED: &str = "4000 0000 0000 0002";

/// A card expiry two years ahead, `MM/YY`.
pub fn future_expiry() -> String {
    format!("12/{:02}", (chrono::Utc::now().year() + 2) % 100)
}

/// Starts a checkout that must open a hosted page; answers its URL.
pub async fn hosted_page(app: &TestApp, token: &str, plan: &str, promo: Option<&str>) -> String {
    let response = checkout(app, token, plan, promo).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["kind"], "checkout");
    let url = body["url"].as_str().unwrap().to_owned();
    assert_eq!(
        url,
        format!("/checkout/sandbox/{}", body["id"].as_str().unwrap())
    );
    url
}

/// Posts the card form of the hosted page at `url`.
pub async fn pay(
    app: &TestApp,
    url: &str,
    number: &str,
    expiry: &str,
    cvc: &str,
) -> reqwest::Response {
    app.client
        .post(app.url(url))
        .form(&[("card_number", number), ("expiry", expiry), ("cvc", cvc)])
        .send()
        .await
        .unwrap()
}

pub fn location(response: &reqwest::Response) -> &str {
    response.headers()["location"].to_str().unwrap()
}

/// Subscribes `token`'s user to `plan` through the hosted page and waits for the plan.
pub async fn subscribe(app: &TestApp, token: &str, plan: &str) {
    let url = hosted_page(app, token, plan, None).await;
    let paid = pay(app, &url, PAYS, &future_expiry(), "123").await;
    assert_eq!(paid.status(), 303);
    assert!(
        plan_becomes(app, token, plan).await,
        "the plan did not become {plan}"
    );
}
