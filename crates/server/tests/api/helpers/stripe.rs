//! A loopback fake of the Stripe endpoints Backbeat calls, strict where Stripe is: the secret
//! key as a bearer token, form-encoded POST bodies, and (stricter than Stripe, so every call is
//! checked) an `Idempotency-Key` on every POST. A replay of a key answers the first answer; the
//! same key with another body is refused with 400, as Stripe refuses it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

pub const SECRET_KEY: &str = "sk_test_backbeat_fake";
pub const WEBHOOK_SECRET: &str = "whsec_stripe_test_secret";
pub const PRICE_BASIC: &str = "price_basic_test";
pub const PRICE_PREMIUM: &str = "price_premium_test";
/// The one promotion code the fake knows, and its id.
pub const PROMO_CODE: &str = "LAUNCH20";
pub const PROMO_ID: &str = "promo_launch20";

/// A request the fake answered.
#[derive(Clone, Debug)]
pub struct Recorded {
    pub method: Method,
    pub path: String,
    pub form: HashMap<String, String>,
    pub idempotency_key: Option<String>,
    pub status: u16,
}

#[derive(Clone, Debug)]
struct FakeSubscription {
    customer: String,
    item: String,
    price: String,
    status: String,
}

#[derive(Default)]
struct Books {
    requests: Vec<Recorded>,
    /// Idempotency key -> (what was asked, the answer).
    answered: HashMap<String, (String, (u16, Value))>,
    customers: Vec<String>,
    sessions: usize,
    subscriptions: HashMap<String, FakeSubscription>,
    /// Answers 500 to every request (an outage).
    failing: bool,
    /// Answers 500 to this many POSTs before handling them (a blip), without recording them
    /// as answered, so a retry with the same key runs.
    blips: usize,
}

type Shared = Arc<Mutex<Books>>;

pub struct FakeStripe {
    pub url: String,
    books: Shared,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakeStripe {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakeStripe {
    pub async fn start() -> Self {
        let books = Shared::default();
        let router = axum::Router::new()
            .fallback(handle)
            .with_state(books.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, router).await.unwrap();
        });
        Self { url, books, server }
    }

    /// The requests answered with `method` on `path`.
    pub fn requests(&self, method: Method, path: &str) -> Vec<Recorded> {
        let books = self.books.lock().unwrap();
        books
            .requests
            .iter()
            .filter(|r| r.method == method && r.path == path)
            .cloned()
            .collect()
    }

    /// Customers created.
    pub fn customers(&self) -> usize {
        self.books.lock().unwrap().customers.len()
    }

    /// A subscription as a paid checkout leaves it at Stripe.
    pub fn add_subscription(&self, id: &str, customer: &str, price: &str) {
        self.books.lock().unwrap().subscriptions.insert(
            id.to_owned(),
            FakeSubscription {
                customer: customer.to_owned(),
                item: format!("si_{id}"),
                price: price.to_owned(),
                status: "active".into(),
            },
        );
    }

    pub fn fail_everything(&self) {
        self.books.lock().unwrap().failing = true;
    }

    pub fn blip_next_posts(&self, count: usize) {
        self.books.lock().unwrap().blips = count;
    }
}

fn refusal(status: u16, message: &str, param: Option<&str>, code: Option<&str>) -> (u16, Value) {
    (
        status,
        json!({"error": {"type": "invalid_request_error", "message": message, "param": param,
            "code": code}}),
    )
}

fn missing(param: &str) -> (u16, Value) {
    refusal(
        400,
        &format!("Missing required param: {param}."),
        Some(param),
        Some("parameter_missing"),
    )
}

async fn handle(
    State(books): State<Shared>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let path = uri.path().to_owned();
    let form: HashMap<String, String> = if method == Method::GET {
        url::form_urlencoded::parse(uri.query().unwrap_or("").as_bytes())
    } else {
        url::form_urlencoded::parse(&body)
    }
    .into_owned()
    .collect();
    let key = headers
        .get("idempotency-key")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let mut books = books.lock().unwrap();
    let (status, answer) = answer(
        &mut books,
        &method,
        &path,
        &headers,
        &body,
        &form,
        key.as_deref(),
    );
    books.requests.push(Recorded {
        method,
        path,
        form,
        idempotency_key: key,
        status,
    });
    (StatusCode::from_u16(status).unwrap(), axum::Json(answer)).into_response()
}

fn answer(
    books: &mut Books,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
    body: &[u8],
    form: &HashMap<String, String>,
    key: Option<&str>,
) -> (u16, Value) {
    let bearer = format!("Bearer {SECRET_KEY}");
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some(bearer.as_str()) {
        return refusal(401, "Invalid API Key provided.", None, None);
    }
    if books.failing {
        return (
            500,
            json!({"error": {"type": "api_error", "message": "Something went wrong."}}),
        );
    }
    if *method != Method::POST {
        return route(books, method, path, form);
    }
    let form_encoded = headers
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/x-www-form-urlencoded"));
    if !form_encoded {
        return refusal(
            400,
            "Bodies must be application/x-www-form-urlencoded.",
            None,
            None,
        );
    }
    let Some(key) = key else {
        return refusal(
            400,
            "This fake requires an Idempotency-Key on every POST.",
            None,
            None,
        );
    };
    if books.blips > 0 {
        books.blips -= 1;
        return (
            500,
            json!({"error": {"type": "api_error", "message": "A blip."}}),
        );
    }
    let asked = format!("{method} {path} {}", String::from_utf8_lossy(body));
    if let Some((first, answer)) = books.answered.get(key) {
        return if *first == asked {
            answer.clone()
        } else {
            refusal(
                400,
                "Keys for idempotent requests can only be used with the same parameters they \
                 were first used with.",
                None,
                Some("idempotency_key_in_use"),
            )
        };
    }
    let answer = route(books, method, path, form);
    books
        .answered
        .insert(key.to_owned(), (asked, answer.clone()));
    answer
}

fn subscription_object(id: &str, subscription: &FakeSubscription) -> Value {
    json!({"id": id, "object": "subscription", "customer": subscription.customer,
        "status": subscription.status,
        "items": {"object": "list", "data": [{"id": subscription.item,
            "price": {"id": subscription.price}}]}})
}

fn route(
    books: &mut Books,
    method: &Method,
    path: &str,
    form: &HashMap<String, String>,
) -> (u16, Value) {
    let field = |name: &str| form.get(name).map(String::as_str);
    let price_known = |name: &str| matches!(field(name), Some(PRICE_BASIC | PRICE_PREMIUM));
    match (method.as_str(), path) {
        ("POST", "/v1/customers") => {
            for param in ["email", "metadata[user_id]"] {
                if field(param).is_none() {
                    return missing(param);
                }
            }
            let id = format!("cus_fake_{}", books.customers.len() + 1);
            books.customers.push(id.clone());
            (
                200,
                json!({"id": id, "object": "customer", "email": field("email")}),
            )
        }
        ("GET", "/v1/promotion_codes") => {
            let found = field("active") == Some("true")
                && field("code").is_some_and(|c| c.eq_ignore_ascii_case(PROMO_CODE));
            let data = if found {
                json!([{"id": PROMO_ID, "object": "promotion_code", "code": PROMO_CODE,
                    "active": true, "coupon": {"percent_off": 20}}])
            } else {
                json!([])
            };
            (200, json!({"object": "list", "data": data}))
        }
        ("POST", "/v1/checkout/sessions") => {
            let required = [
                "customer",
                "client_reference_id",
                "line_items[0][quantity]",
                "success_url",
                "cancel_url",
                "metadata[user_id]",
                "metadata[plan]",
                "subscription_data[metadata][user_id]",
                "subscription_data[metadata][plan]",
            ];
            if let Some(param) = required.iter().find(|p| field(p).is_none()) {
                return missing(param);
            }
            if field("mode") != Some("subscription") || !price_known("line_items[0][price]") {
                return refusal(
                    400,
                    "Invalid mode or price.",
                    Some("line_items[0][price]"),
                    None,
                );
            }
            if !field("success_url")
                .unwrap()
                .contains("{CHECKOUT_SESSION_ID}")
            {
                return refusal(
                    400,
                    "success_url lacks the session id.",
                    Some("success_url"),
                    None,
                );
            }
            if !books
                .customers
                .iter()
                .any(|c| Some(c.as_str()) == field("customer"))
            {
                return refusal(
                    400,
                    "No such customer.",
                    Some("customer"),
                    Some("resource_missing"),
                );
            }
            if let Some(promo) = field("discounts[0][promotion_code]")
                && promo != PROMO_ID
            {
                return refusal(
                    400,
                    &format!("No such promotion code: '{promo}'"),
                    Some("discounts[0][promotion_code]"),
                    Some("resource_missing"),
                );
            }
            books.sessions += 1;
            let id = format!("cs_fake_{}", books.sessions);
            let url = format!("https://checkout.stripe.test/c/pay/{id}");
            (
                200,
                json!({"id": id, "object": "checkout.session", "url": url}),
            )
        }
        (verb, path) if path.starts_with("/v1/subscriptions/") => {
            let id = path.trim_start_matches("/v1/subscriptions/");
            let gone = refusal(
                404,
                &format!("No such subscription: '{id}'"),
                Some("id"),
                Some("resource_missing"),
            );
            let Some(subscription) = books.subscriptions.get_mut(id) else {
                return gone;
            };
            match verb {
                "GET" => (200, subscription_object(id, subscription)),
                "POST" => {
                    if field("items[0][id]") != Some(subscription.item.as_str())
                        || !price_known("items[0][price]")
                        || field("proration_behavior") != Some("create_prorations")
                    {
                        return refusal(400, "Invalid items.", Some("items"), None);
                    }
                    subscription.price = field("items[0][price]").unwrap().to_owned();
                    (200, subscription_object(id, subscription))
                }
                "DELETE" if subscription.status == "canceled" => gone,
                "DELETE" => {
                    subscription.status = "canceled".into();
                    (200, subscription_object(id, subscription))
                }
                _ => refusal(405, "Unrecognized request.", None, None),
            }
        }
        _ => refusal(404, "Unrecognized request URL.", None, None),
    }
}
