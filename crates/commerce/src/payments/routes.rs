//! `POST /api/v1/checkout-sessions`, `POST /api/v1/subscription/cancel`,
//! `GET /api/v1/me/subscription` and `POST /api/v1/webhooks/{provider}`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::checkout::{self, Order, Payer, StartedKind};
use super::provider::PaymentProvider;
use super::status::SubscriptionStatus;
use super::{Payments, service, signature};
use backbeat_auth::AuthUser;
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors;
use backbeat_core::http::error::{ApiResult, ErrorBody};
use backbeat_core::http::extract;
use backbeat_platform::plans::Plan;

/// A checkout of a paid plan.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckoutSessionRequest {
    /// `basic` or `premium` (anything else is answered 422 `invalid_plan`).
    #[schema(pattern = "^(basic|premium)$")]
    pub plan_id: String,
    /// A promotion code, any case; null or absent for none.
    #[serde(default)]
    pub promo_code: Option<String>,
    /// The user confirmed a change between paid plans: a subscriber's plan changes at once,
    /// without a payment page, so without this the request is answered 409
    /// `plan_change_unconfirmed`. Ignored for a user without a subscription.
    #[serde(default)]
    pub confirm_change: bool,
}

/// Where the user goes next.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutSession {
    /// The provider's checkout session id (for a plan change, the id of the change).
    pub id: String,
    /// For a `checkout`, the hosted checkout page (absolute at Stripe, a path of this server for
    /// the sandbox); for a `plan_change`, the app's page that says what happened,
    /// `/subscription/changed?plan=<new plan>&from=<old plan>` (the change is made already
    /// and its event is on its way).
    pub url: String,
    /// `checkout`: the user pays at `url`. `plan_change`: a subscriber's subscription moved to
    /// the other paid plan at once; nothing is charged now, the provider prorates the change
    /// on the next invoice.
    pub kind: StartedKind,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CancelRequested {
    /// Always `cancel_requested`: the plan becomes free when the provider confirms.
    pub status: &'static str,
}

/// The signed-in user's plan and subscription.
#[derive(Debug, Serialize, ToSchema)]
pub struct MySubscription {
    pub plan: Plan,
    /// The provider's status of the subscription (`active`, `trialing`, `past_due`,
    /// `canceled`, `incomplete`, ...); null when the user never subscribed.
    #[schema(required = true, value_type = Option<String>)]
    pub status: Option<SubscriptionStatus>,
    /// When the current period ends: the renewal date of an active subscription, the end
    /// date of one canceled at period end; null for a subscription that no longer gives its
    /// plan (a canceled one ended when it was canceled, and renews never).
    #[schema(required = true)]
    pub current_period_end: Option<Timestamp>,
    pub cancel_at_period_end: bool,
    /// The last payment failed and no later payment or active state has cleared it.
    pub payment_failed: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WebhookReceived {
    pub received: bool,
}

pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    Db: FromRef<S>,
    Payments: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(create_checkout_session))
        .routes(routes!(cancel_subscription))
        .routes(routes!(my_subscription))
        .routes(routes!(receive_webhook))
}

/// Starts a checkout of the Basic or Premium plan at the payment provider; for a subscriber, a
/// confirmed change of their subscription to the other paid plan. The plan changes only when
/// the provider's verified webhook event says so. Each user may start 20 checkouts an hour and
/// try 10 promo codes an hour (unless configured); more are refused with 429.
#[utoipa::path(
    post,
    path = "/checkout-sessions",
    tag = "payments",
    operation_id = "createCheckoutSession",
    security(("bearer" = [])),
    request_body = CheckoutSessionRequest,
    responses(
        (status = 200, description = "The page to go to", body = CheckoutSession),
        (status = 400, description = "The promo code is unknown (`invalid_coupon`; the \
            message contains 'Invalid coupon')", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "The user is on this plan already (`already_on_plan`), \
            or has a subscription and the change is not confirmed (`plan_change_unconfirmed`)",
            body = ErrorBody),
        (status = 422, description = "The plan is not `basic` or `premium` (`invalid_plan`)",
            body = ErrorBody),
        (status = 429, description = "Too many checkouts started (`too_many_checkouts`) or \
            promo codes tried (`too_many_promo_code_attempts`) by this user lately",
            body = ErrorBody),
        (status = 502, description = "The payment provider failed \
            (`payment_provider_error`)", body = ErrorBody),
    )
)]
async fn create_checkout_session(
    user: AuthUser,
    State(payments): State<Payments>,
    extract::Json(request): extract::Json<CheckoutSessionRequest>,
) -> ApiResult<Json<CheckoutSession>> {
    let payer = Payer {
        user_id: &user.id,
        email: &user.email,
    };
    let order = Order {
        plan_id: &request.plan_id,
        promo_code: request.promo_code.as_deref(),
        confirm_change: request.confirm_change,
    };
    let started = checkout::start(&payments, payer, order).await?;
    Ok(Json(CheckoutSession {
        id: started.id,
        url: started.url,
        kind: started.kind,
    }))
}

/// Cancels the signed-in user's subscription at once (not at the end of the period). The plan
/// becomes free when the provider's `customer.subscription.deleted` event arrives; asking again
/// meanwhile is harmless.
#[utoipa::path(
    post,
    path = "/subscription/cancel",
    tag = "payments",
    operation_id = "cancelSubscription",
    security(("bearer" = [])),
    responses(
        (status = 202, description = "The provider is cancelling", body = CancelRequested),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 409, description = "No active subscription (`no_subscription`)",
            body = ErrorBody),
        (status = 502, description = "The payment provider failed \
            (`payment_provider_error`)", body = ErrorBody),
    )
)]
async fn cancel_subscription(
    user: AuthUser,
    State(payments): State<Payments>,
) -> ApiResult<(StatusCode, Json<CancelRequested>)> {
    checkout::cancel(&payments, &user.id).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(CancelRequested {
            status: "cancel_requested",
        }),
    ))
}

/// The signed-in user's plan, with its renewal or end date.
#[utoipa::path(
    get,
    path = "/me/subscription",
    tag = "payments",
    operation_id = "getMySubscription",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The plan and subscription", body = MySubscription),
        (status = 401, description = "Not signed in", body = ErrorBody),
    )
)]
async fn my_subscription(user: AuthUser, State(db): State<Db>) -> ApiResult<Json<MySubscription>> {
    let (plan, subscription) = checkout::my_subscription(&db, &user.id).await?;
    Ok(Json(match subscription {
        Some(row) => MySubscription {
            plan,
            current_period_end: row.current_period_end.filter(|_| row.gives_its_plan()),
            status: Some(row.status),
            cancel_at_period_end: row.cancel_at_period_end,
            payment_failed: row.payment_failed_at.is_some(),
        },
        None => MySubscription {
            plan,
            status: None,
            current_period_end: None,
            cancel_at_period_end: false,
            payment_failed: false,
        },
    }))
}

/// The payment provider's events (Stripe's format and signature scheme), for the configured
/// provider only: `sandbox` or `stripe`.
///
/// No bearer token: the `Stripe-Signature` header (`t=<unix>,v1=<hex>`, HMAC-SHA256 of
/// `"{t}.{raw body}"` under the endpoint's secret, at most 300 s old) authenticates it. Handled:
/// `checkout.session.completed`, `customer.subscription.created|updated|deleted`,
/// `invoice.payment_failed` (and `invoice.paid`); others are acknowledged and ignored. An event
/// delivered again changes nothing.
#[utoipa::path(
    post,
    path = "/webhooks/{provider}",
    tag = "payments",
    operation_id = "receiveWebhook",
    params(("provider" = String, Path, description = "The configured provider's name")),
    request_body(content = String, content_type = "application/json",
        description = "A Stripe-format event"),
    responses(
        (status = 200, description = "Received", body = WebhookReceived),
        (status = 400, description = "Unsigned, forged or stale (`invalid_signature`), or not \
            an event (`invalid_event`)", body = ErrorBody),
        (status = 404, description = "Not the configured provider", body = ErrorBody),
    )
)]
async fn receive_webhook(
    State(payments): State<Payments>,
    Path(provider): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookReceived>> {
    if provider != payments.provider().name() {
        return Err(errors::NOT_FOUND.into());
    }
    let header = headers
        .get(signature::HEADER)
        .and_then(|value| value.to_str().ok());
    service::receive_webhook(&payments, header, &body).await?;
    Ok(Json(WebhookReceived { received: true }))
}
