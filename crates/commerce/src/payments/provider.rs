//! The one interface both payment providers implement (`sandbox/`, `stripe/`); `configured.rs`
//! dispatches over the configured one.
//!
//! A provider hosts the card checkout, changes and cancels subscriptions, and reports what
//! happened through signed webhook events in Stripe's format; it never changes a plan itself.

use std::future::Future;

use backbeat_core::ids::UserId;
use backbeat_platform::plans::Plan;

/// A promotion code the provider accepts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promo {
    /// The provider's id of the code (`promo_...` at Stripe; the code itself in the sandbox).
    pub id: String,
    /// As the user typed it.
    pub code: String,
}

/// A checkout to open for a user who has no subscription yet.
#[derive(Clone, Copy, Debug)]
pub struct NewCheckout<'a> {
    /// Our row of the checkout: the idempotency key of the operation is derived from it.
    pub checkout_id: &'a str,
    pub user_id: &'a UserId,
    pub email: &'a str,
    pub plan: Plan,
    pub promo: Option<&'a Promo>,
}

/// The provider's hosted checkout page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostedCheckout {
    /// The provider's session id.
    pub id: String,
    /// Where the user pays: absolute at Stripe, a path of this server for the sandbox.
    pub url: String,
}

/// A change of an existing subscription to another paid plan (the same subscription, changed).
#[derive(Clone, Copy, Debug)]
pub struct PlanChange<'a> {
    /// Our row of the operation, for its idempotency key.
    pub operation_id: &'a str,
    pub subscription_id: &'a str,
    pub plan: Plan,
    pub promo: Option<&'a Promo>,
}

/// Why a provider refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The provider refused a coupon or promotion code; the message says why.
    #[error("Invalid coupon: {0}")]
    InvalidCoupon(String),
    /// Anything else: the provider could not be reached, or refused for another reason.
    #[error("{0:#}")]
    Failed(anyhow::Error),
}

impl ProviderError {
    pub fn failed(cause: impl Into<anyhow::Error>) -> Self {
        Self::Failed(cause.into())
    }
}

impl From<sqlx::Error> for ProviderError {
    fn from(err: sqlx::Error) -> Self {
        Self::failed(err)
    }
}

/// A card payment provider.
pub trait PaymentProvider: Send + Sync {
    /// The configured name, also the webhook path's: `sandbox` or `stripe`.
    fn name(&self) -> &'static str;

    /// The promotion code `code` (any case), if the provider knows it and it is active.
    fn find_promo(
        &self,
        code: &str,
    ) -> impl Future<Output = Result<Option<Promo>, ProviderError>> + Send;

    /// Opens a hosted checkout of a monthly subscription to `checkout.plan`.
    fn create_checkout(
        &self,
        checkout: &NewCheckout<'_>,
    ) -> impl Future<Output = Result<HostedCheckout, ProviderError>> + Send;

    /// Moves an existing subscription to another plan, at once, with proration.
    fn change_plan(
        &self,
        change: &PlanChange<'_>,
    ) -> impl Future<Output = Result<(), ProviderError>> + Send;

    /// Cancels a subscription now (not at the end of its period); one already canceled is done.
    fn cancel(
        &self,
        subscription_id: &str,
    ) -> impl Future<Output = Result<(), ProviderError>> + Send;

    /// The plan a price id stands for.
    fn plan_for_price(&self, price_id: &str) -> Option<Plan>;

    /// The secret webhook events are signed with.
    fn webhook_secret(&self) -> &[u8];
}
