//! What a subscriber asks of the provider: a checkout of a paid plan, a change between Basic
//! and Premium (the same subscription, changed at once), a cancellation, and the state of their
//! subscription. None of these changes a plan: the provider's verified events do
//! (`service.rs`).

use uuid::Uuid;

use super::Payments;
use super::provider::{HostedCheckout, NewCheckout, PaymentProvider, PlanChange, ProviderError};
use super::store::{self, NewCheckoutRow, SubscriptionRow};
use crate::db::{Db, Timestamp};
use crate::errors::{self, Failure};
use crate::plans::{self, Plan};
use crate::profiles::profile::service::my_profile;

/// Who is paying.
#[derive(Clone, Copy, Debug)]
pub struct Payer<'a> {
    pub user_id: &'a str,
    pub email: &'a str,
}

/// A started checkout: the provider's hosted page, or for a subscriber changing plan the page
/// that waits for the change (`/payment-approved?plan=...`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Started {
    pub id: String,
    pub url: String,
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

/// Starts the move of `payer` to `plan_id` (`basic` or `premium`), with an optional promo code.
pub async fn start(
    payments: &Payments,
    payer: Payer<'_>,
    plan_id: &str,
    promo_code: Option<&str>,
) -> Result<Started, Failure> {
    let plan = Plan::parse(plan_id)
        .filter(|plan| *plan != Plan::Free)
        .ok_or(errors::INVALID_PLAN)?;
    let promo_code = promo_code.map(str::trim).filter(|code| !code.is_empty());
    within_limits(payments, payer.user_id, promo_code.is_some()).await?;
    // The checkout row refers to the profile: a profile lost or never written is made again.
    my_profile(payments.db(), payer.user_id).await?;
    if plans::plan_of(payments.db(), payer.user_id).await? == plan {
        return Err(Failure::Detailed(
            errors::ALREADY_ON_PLAN,
            errors::ALREADY_ON_PLAN.message_for(plan.name()),
        ));
    }
    let provider = payments.provider();
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
    let active = store::active_subscription(payments.db(), payer.user_id, provider.name()).await?;
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
                    url: format!("/payment-approved?plan={}", plan.as_str()),
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
        (Ok(_), Some(_)) => ("changed", None),
        (Ok(hosted), None) => ("open", Some(hosted.id.as_str())),
        (Err(_), _) => ("failed", None),
    };
    store::finish_checkout(payments.db(), &id, status, session, Timestamp::now()).await?;
    let hosted = outcome.map_err(provider_failure)?;
    Ok(Started {
        id: if active.is_some() { id } else { hosted.id },
        url: hosted.url,
    })
}

/// Counts a checkout (and a promo code tried, when one is given) against the user's budgets;
/// refuses past either, before anything is asked of the provider or written.
async fn within_limits(
    payments: &Payments,
    user_id: &str,
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
pub async fn cancel(payments: &Payments, user_id: &str) -> Result<(), Failure> {
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
    user_id: &str,
) -> Result<(Plan, Option<SubscriptionRow>), Failure> {
    let plan = plans::plan_of(db, user_id).await?;
    let subscription = store::current_subscription(db, user_id).await?;
    Ok((plan, subscription))
}
