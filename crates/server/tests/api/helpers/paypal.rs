//! A loopback fake of the PayPal endpoints `backbeat payouts send-paypal` calls: the OAuth2
//! client credentials token (HTTP Basic with the client id and secret) and
//! `POST /v1/payments/payouts` with that token, answering a `sender_batch_id` seen before with
//! its first batch (as PayPal's idempotency does).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Form;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

pub const CLIENT_ID: &str = "paypal-client-id";
pub const CLIENT_SECRET: &str = "paypal-client-secret";
const ACCESS_TOKEN: &str = "A21AAFakePayPalToken";

#[derive(Default)]
struct Books {
    /// Every payout body received, in order.
    payouts: Vec<Value>,
    /// sender_batch_id -> payout_batch_id.
    batches: HashMap<String, String>,
    /// Refuse every payout (the business account has no funds).
    refusing: bool,
}

type Shared = Arc<Mutex<Books>>;

pub struct FakePaypal {
    pub url: String,
    books: Shared,
    server: tokio::task::JoinHandle<()>,
}

impl Drop for FakePaypal {
    fn drop(&mut self) {
        self.server.abort();
    }
}

impl FakePaypal {
    pub async fn start() -> Self {
        let books = Shared::default();
        let router = axum::Router::new()
            .route("/v1/oauth2/token", post(token))
            .route("/v1/payments/payouts", post(payout))
            .with_state(books.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(async move {
            axum::serve(listener, router).await.unwrap();
        });
        Self { url, books, server }
    }

    /// The payout bodies received, in order.
    pub fn payouts(&self) -> Vec<Value> {
        self.books.lock().unwrap().payouts.clone()
    }

    /// Distinct batches created.
    pub fn batches(&self) -> usize {
        self.books.lock().unwrap().batches.len()
    }

    pub fn refuse_payouts(&self) {
        self.books.lock().unwrap().refusing = true;
    }
}

async fn token(headers: HeaderMap, Form(form): Form<HashMap<String, String>>) -> Response {
    let expected = format!(
        "Basic {}",
        STANDARD.encode(format!("{CLIENT_ID}:{CLIENT_SECRET}"))
    );
    let authorized = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        == Some(expected.as_str());
    if !authorized || form.get("grant_type").map(String::as_str) != Some("client_credentials") {
        let body =
            json!({"error": "invalid_client", "error_description": "Client Authentication failed"});
        return (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response();
    }
    axum::Json(json!({"access_token": ACCESS_TOKEN, "token_type": "Bearer", "expires_in": 32400}))
        .into_response()
}

async fn payout(
    State(books): State<Shared>,
    headers: HeaderMap,
    body: axum::Json<Value>,
) -> Response {
    let bearer = format!("Bearer {ACCESS_TOKEN}");
    if headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        != Some(bearer.as_str())
    {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"name": "AUTHENTICATION_FAILURE"})),
        )
            .into_response();
    }
    let mut books = books.lock().unwrap();
    books.payouts.push(body.0.clone());
    if books.refusing {
        let refusal = json!({"name": "INSUFFICIENT_FUNDS", "message": "Sender does not have sufficient funds."});
        return (StatusCode::UNPROCESSABLE_ENTITY, axum::Json(refusal)).into_response();
    }
    let sender_batch_id = body.0["sender_batch_header"]["sender_batch_id"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let next = format!("BATCH-{}", books.batches.len() + 1);
    let batch = books
        .batches
        .entry(sender_batch_id.clone())
        .or_insert(next)
        .clone();
    let answer = json!({"batch_header": {
        "payout_batch_id": batch,
        "batch_status": "PENDING",
        "sender_batch_header": {"sender_batch_id": sender_batch_id},
    }});
    (StatusCode::CREATED, axum::Json(answer)).into_response()
}
