//! `GET|POST /checkout/sandbox/{session_id}`: the sandbox's hosted checkout page and its card
//! form, outside `/api/v1` (as checkout.stripe.com is outside Stripe's API). Served only when
//! the sandbox is the configured provider.

use axum::Router;
use axum::extract::rejection::FormRejection;
use axum::extract::{Form, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::Deserialize;

use super::card::CardForm;
use super::service::{self, Payment, Session, success_url};
use super::store::SessionRow;
use super::{HostsSandbox, page};
use backbeat_core::http::error::ApiError;

/// The form's fields, as posted (missing ones are empty).
#[derive(Debug, Default, Deserialize)]
pub struct PaymentForm {
    #[serde(default)]
    card_number: String,
    #[serde(default)]
    expiry: String,
    #[serde(default)]
    cvc: String,
}

pub fn router<S>() -> Router<S>
where
    S: HostsSandbox + Clone + Send + Sync + 'static,
{
    Router::new().route(
        "/checkout/sandbox/{session_id}",
        get(show::<S>).post(pay::<S>),
    )
}

/// A page, never cached (it holds a payment in progress).
fn html(status: StatusCode, body: String) -> Response {
    (status, [(header::CACHE_CONTROL, "no-store")], Html(body)).into_response()
}

fn missing() -> Response {
    html(
        StatusCode::NOT_FOUND,
        page::notice(
            "Checkout not found",
            "This checkout session does not exist.",
            ("/subscription", "Go back to Subscription Plans"),
        ),
    )
}

fn expired() -> Response {
    html(
        StatusCode::GONE,
        page::notice(
            "Checkout expired",
            "This checkout session has expired. Please start again from the plans.",
            ("/subscription", "Go back to Subscription Plans"),
        ),
    )
}

fn complete(session: &SessionRow) -> Response {
    html(
        StatusCode::OK,
        page::notice(
            "Payment complete",
            "This checkout session is complete: it has been paid already.",
            (&success_url(session), "Continue"),
        ),
    )
}

async fn show<S: HostsSandbox>(
    State(payments): State<S>,
    Path(session_id): Path<String>,
) -> Result<Response, ApiError> {
    let Some(sandbox) = payments.sandbox() else {
        return Ok(missing());
    };
    Ok(match service::session(sandbox.db(), &session_id).await? {
        Session::Open(session) => html(StatusCode::OK, page::checkout(&session, None, "")),
        Session::Complete(session) => complete(&session),
        Session::Expired => expired(),
        Session::Missing => missing(),
    })
}

async fn pay<S: HostsSandbox>(
    State(payments): State<S>,
    Path(session_id): Path<String>,
    form: Result<Form<PaymentForm>, FormRejection>,
) -> Result<Response, ApiError> {
    let Some(sandbox) = payments.sandbox() else {
        return Ok(missing());
    };
    let Form(form) = form.unwrap_or_default();
    let card = CardForm {
        number: &form.card_number,
        expiry: &form.expiry,
        cvc: &form.cvc,
    };
    Ok(match service::pay(sandbox, &session_id, &card).await? {
        Payment::Paid { redirect } => Redirect::to(&redirect).into_response(),
        Payment::Declined => Redirect::to("/payment-failed").into_response(),
        Payment::Refused { session, message } => html(
            StatusCode::UNPROCESSABLE_ENTITY,
            page::checkout(&session, Some(message), &form.expiry),
        ),
        Payment::Complete(session) => complete(&session),
        Payment::Expired => expired(),
        Payment::Missing => missing(),
    })
}
