//! The configured payment provider: enum dispatch over the one interface of `provider.rs`.

use super::provider::{
    HostedCheckout, NewCheckout, PaymentProvider, PlanChange, Promo, ProviderError,
};
use super::sandbox::Sandbox;
use super::stripe::Stripe;
use backbeat_platform::plans::Plan;

/// The configured provider.
pub enum Provider {
    Sandbox(Sandbox),
    Stripe(Stripe),
}

impl Provider {
    /// The sandbox, when it is the configured provider (its hosted page is served only then).
    pub fn sandbox(&self) -> Option<&Sandbox> {
        match self {
            Self::Sandbox(sandbox) => Some(sandbox),
            Self::Stripe(_) => None,
        }
    }
}

impl PaymentProvider for Provider {
    fn name(&self) -> &'static str {
        match self {
            Self::Sandbox(p) => p.name(),
            Self::Stripe(p) => p.name(),
        }
    }

    async fn find_promo(&self, code: &str) -> Result<Option<Promo>, ProviderError> {
        match self {
            Self::Sandbox(p) => p.find_promo(code).await,
            Self::Stripe(p) => p.find_promo(code).await,
        }
    }

    async fn create_checkout(
        &self,
        checkout: &NewCheckout<'_>,
    ) -> Result<HostedCheckout, ProviderError> {
        match self {
            Self::Sandbox(p) => p.create_checkout(checkout).await,
            Self::Stripe(p) => p.create_checkout(checkout).await,
        }
    }

    async fn change_plan(&self, change: &PlanChange<'_>) -> Result<(), ProviderError> {
        match self {
            Self::Sandbox(p) => p.change_plan(change).await,
            Self::Stripe(p) => p.change_plan(change).await,
        }
    }

    async fn cancel(&self, subscription_id: &str) -> Result<(), ProviderError> {
        match self {
            Self::Sandbox(p) => p.cancel(subscription_id).await,
            Self::Stripe(p) => p.cancel(subscription_id).await,
        }
    }

    fn plan_for_price(&self, price_id: &str) -> Option<Plan> {
        match self {
            Self::Sandbox(p) => p.plan_for_price(price_id),
            Self::Stripe(p) => p.plan_for_price(price_id),
        }
    }

    fn webhook_secret(&self) -> &[u8] {
        match self {
            Self::Sandbox(p) => p.webhook_secret(),
            Self::Stripe(p) => p.webhook_secret(),
        }
    }
}
