//! What a subscriber asks of the provider: a checkout of a paid plan, a change between Basic
//! and Premium (the same subscription, changed at once), a cancellation, and the state of their
//! subscription. None of these changes a plan: the provider's verified events do
//! (`service.rs`).
//!
//! A change between paid plans happens at once and charges nothing on the spot: the provider
//! prorates it on the subscription's next invoice (Stripe's `create_prorations`). Because it
//! needs no payment page, it is made only when the request confirms it (`confirm_change`): a
//! client that took the user for a free one cannot change their paid plan by a click meant for
//! a checkout.

use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use super::Payments;
use super::provider::{HostedCheckout, NewCheckout, PaymentProvider, PlanChange, ProviderError};
use super::status::CheckoutStatus;
use super::store::{self, NewCheckoutRow, SubscriptionRow};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::errors::{self, Failure};
use backbeat_core::ids::UserId;
use backbeat_platform::plans::{self, Plan};
use backbeat_platform::users;

/// Who is paying.
#[derive(Clone, Copy, Debug)]
pub struct Payer<'a> {
    pub user_id: &'a UserId,
    pub email: &'a str,
}

/// What the user asked for.
#[derive(Clone, Copy, Debug)]
pub struct Order<'a> {
    /// `basic` or `premium`.
    pub plan_id: &'a str,
    pub promo_code: Option<&'a str>,
    /// The user confirmed a change between paid plans (made at once, without a payment page).
    pub confirm_change: bool,
}

/// What starting did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StartedKind {
    /// A checkout at the provider's hosted page: the user pays there.
    Checkout,
    /// The subscription was moved to the other paid plan (nothing paid now; prorated on the next
    /// invoice); its event is on its way.
    PlanChange,
}

/// A started checkout: the provider's hosted page, or for a subscriber changing plan the app's
/// page that waits for the change and says what happened
/// (`/subscription/changed?plan=<new>&from=<old>`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Started {
    pub id: String,
    pub url: String,
    pub kind: StartedKind,
}

/// The app's page a change of plan lands on.
fn plan_changed_page(plan: Plan, from: Plan) -> String {
    format!(
        "/subscription/changed?plan={}&from={}",
        plan.as_str(),
        from.as_str()
    )
}

/// The provider's refusal or failure, as the API answers it: a refused coupon is the client's
/// (`invalid_coupon`), anything else is logged and answered `payment_provider_error`.
pub fn provider_failure(err: ProviderError) -> Failure {
    match err {
        ProviderError::InvalidCoupon(reason) => {
            Failure::Detailed(errors::INVALID_COUPON, format!("Invalid coupon: {reason}"))
        }
        ProviderError::Failed(cause) => {
            tracing::error!(error = format!("{cause:#}"), "the payment provider failed");
            errors::PAYMENT_PROVIDER_ERROR.into()
        }
    }
}

/// Starts the move of `payer` to the plan of `order` (`basic` or `premium`), with an optional
/// promo code: a checkout, or for a subscriber a confirmed change of their subscription.
pub async fn start(
    payments: &Payments,
    payer: Payer<'_>,
    order: Order<'_>,
) -> Result<Started, Failure> {
    let plan = Plan::parse(order.plan_id)
        .filter(|plan| *plan != Plan::Free)
        .ok_or(errors::INVALID_PLAN)?;
    let promo_code = order
        .promo_code
        .map(str::trim)
        .filter(|code| !code.is_empty());
    let provider = payments.provider();
    let current = plans::plan_of(payments.db(), payer.user_id).await?;
    if current == plan {
        return Err(Failure::Detailed(
            errors::ALREADY_ON_PLAN,
            errors::ALREADY_ON_PLAN.message_for(plan.name()),
        ));
    }
    let active = store::active_subscription(payments.db(), payer.user_id, provider.name()).await?;
    if active.is_some() && !order.confirm_change {
        return Err(errors::PLAN_CHANGE_UNCONFIRMED.into());
    }
    within_limits(payments, payer.user_id, promo_code.is_some()).await?;
    // The checkout row refers to the profile: a profile lost or never written is made again.
    users::ensure_profile(payments.db(), payer.user_id).await?;
    let promo = match promo_code {
        Some(code) => Some(
            provider
                .find_promo(code)
                .await
                .map_err(provider_failure)?
                .ok_or_else(|| {
                    Failure::Detailed(
                        errors::INVALID_COUPON,
                        errors::INVALID_COUPON.message_for(code),
                    )
                })?,
        ),
        None => None,
    };
    let id = Uuid::now_v7().to_string();
    store::insert_checkout(
        payments.db(),
        &NewCheckoutRow {
            id: &id,
            user_id: payer.user_id,
            provider: provider.name(),
            plan: plan.as_str(),
            promo_code: promo.as_ref().map(|p| p.code.as_str()),
            now: Timestamp::now(),
        },
    )
    .await?;
    let outcome = match &active {
        Some(subscription) => {
            let change = PlanChange {
                operation_id: &id,
                subscription_id: &subscription.provider_subscription_id,
                plan,
                promo: promo.as_ref(),
            };
            provider
                .change_plan(&change)
                .await
                .map(|()| HostedCheckout {
                    id: subscription.provider_subscription_id.clone(),
                    url: plan_changed_page(plan, current),
                })
        }
        None => {
            let checkout = NewCheckout {
                checkout_id: &id,
                user_id: payer.user_id,
                email: payer.email,
                plan,
                promo: promo.as_ref(),
            };
            provider.create_checkout(&checkout).await
        }
    };
    let (status, session) = match (&outcome, &active) {
        (Ok(_), Some(_)) => (CheckoutStatus::Changed, None),
        (Ok(hosted), None) => (CheckoutStatus::Open, Some(hosted.id.as_str())),
        (Err(_), _) => (CheckoutStatus::Failed, None),
    };
    store::finish_checkout(payments.db(), &id, status, session, Timestamp::now()).await?;
    let hosted = outcome.map_err(provider_failure)?;
    Ok(match active {
        Some(_) => Started {
            id,
            url: hosted.url,
            kind: StartedKind::PlanChange,
        },
        None => Started {
            id: hosted.id,
            url: hosted.url,
            kind: StartedKind::Checkout,
        },
    })
}

/// Counts a checkout (and a promo code tried, when one is given) against the user's budgets;
/// refuses past either, before anything is asked of the provider or written.
async fn within_limits(
    payments: &Payments,
    user_id: &UserId,
    with_promo: bool,
) -> Result<(), Failure> {
    let limits = payments.limits();
    if !limits
        .limiter
        .allow(&format!("checkouts:{user_id}"), limits.checkouts)
        .await?
    {
        return Err(errors::TOO_MANY_CHECKOUTS.into());
    }
    if with_promo
        && !limits
            .limiter
            .allow(&format!("promo-codes:{user_id}"), limits.promo_codes)
            .await?
    {
        return Err(errors::TOO_MANY_PROMO_CODE_ATTEMPTS.into());
    }
    Ok(())
}

/// Asks the provider to cancel the user's subscription now; the plan becomes free when the
/// provider's `customer.subscription.deleted` arrives. Asking again before it does is harmless.
pub async fn cancel(payments: &Payments, user_id: &UserId) -> Result<(), Failure> {
    let provider = payments.provider();
    let subscription = store::active_subscription(payments.db(), user_id, provider.name())
        .await?
        .ok_or(errors::NO_SUBSCRIPTION)?;
    provider
        .cancel(&subscription.provider_subscription_id)
        .await
        .map_err(provider_failure)
}

/// The user's plan and the subscription behind it (an active one, else the latest), if any.
pub async fn my_subscription(
    db: &Db,
    user_id: &UserId,
) -> Result<(Plan, Option<SubscriptionRow>), Failure> {
    let plan = plans::plan_of(db, user_id).await?;
    let subscription = store::current_subscription(db, user_id).await?;
    Ok((plan, subscription))
}
