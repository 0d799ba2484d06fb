//! The `sandbox` payment provider, the embedded default: it plays Stripe's part inside Backbeat.
//!
//! It keeps its own books (checkout sessions, customers, subscriptions) in its own tables,
//! serves its own hosted checkout page (`routes.rs`, outside `/api/v1` like
//! checkout.stripe.com), accepts the test card 4242 4242 4242 4242 and declines
//! 4000 0000 0000 0002, and reports what happened as Stripe-format events signed with its own
//! secret, delivered over HTTP to `/api/v1/webhooks/sandbox` on the server's own address
//! (`delivery.rs`), so the whole flow runs offline through exactly the code Stripe's events take.

pub mod card;
pub mod delivery;
pub mod objects;
pub mod page;
pub mod routes;
pub mod service;
pub mod store;

use std::net::SocketAddr;

use rand::RngCore;

use super::provider::{
    HostedCheckout, NewCheckout, PaymentProvider, PlanChange, Promo, ProviderError,
};
use backbeat_core::db::{Db, Timestamp};
use backbeat_core::shutdown::Shutdown;
use backbeat_platform::config::PromoCodes;
use backbeat_platform::plans::Plan;
use delivery::Delivery;
use store::NewSession;

/// A hosted checkout page can be paid for this long.
pub const SESSION_LIFETIME: chrono::Duration = chrono::Duration::hours(24);
const PRICE_PREFIX: &str = "price_sandbox_";

/// `prefix` and a random part no one guesses.
pub fn random_id(prefix: &str) -> String {
    format!("{prefix}{}", random_hex(16))
}

fn random_hex(bytes: usize) -> String {
    let mut random = vec![0u8; bytes];
    rand::rngs::OsRng.fill_bytes(&mut random);
    hex::encode(random)
}

/// The sandbox's price id of a plan.
pub fn price_of(plan: Plan) -> String {
    format!("{PRICE_PREFIX}{}", plan.as_str())
}

/// What serves the sandbox's checkout pages: they are answered only when the configured
/// provider is the sandbox.
pub trait HostsSandbox {
    fn sandbox(&self) -> Option<&Sandbox>;
}

pub struct Sandbox {
    db: Db,
    secret: Vec<u8>,
    promo_codes: PromoCodes,
    delivery: Delivery,
}

impl Sandbox {
    pub fn new(
        db: Db,
        http: reqwest::Client,
        secret: Vec<u8>,
        promo_codes: PromoCodes,
        shutdown: Shutdown,
    ) -> Self {
        Self {
            delivery: Delivery::new(db.clone(), http, secret.clone(), shutdown),
            db,
            secret,
            promo_codes,
        }
    }

    /// Starts delivering events to the server listening on `addr`.
    pub fn deliver_to(&self, addr: SocketAddr) {
        self.delivery.start(addr);
    }

    pub fn db(&self) -> &Db {
        &self.db
    }

    pub(super) fn delivery(&self) -> &Delivery {
        &self.delivery
    }
}

impl PaymentProvider for Sandbox {
    fn name(&self) -> &'static str {
        "sandbox"
    }

    async fn find_promo(&self, code: &str) -> Result<Option<Promo>, ProviderError> {
        Ok(self.promo_codes.percent_off(code).map(|_| Promo {
            id: code.trim().to_uppercase(),
            code: code.trim().to_owned(),
        }))
    }

    async fn create_checkout(
        &self,
        checkout: &NewCheckout<'_>,
    ) -> Result<HostedCheckout, ProviderError> {
        let id = random_id("cs_sandbox_");
        let now = Timestamp::now();
        let percent_off = checkout
            .promo
            .and_then(|promo| self.promo_codes.percent_off(&promo.id))
            .unwrap_or(0);
        store::insert_session(
            &self.db,
            &NewSession {
                id: &id,
                user_id: checkout.user_id,
                email: checkout.email,
                plan: checkout.plan.as_str(),
                promo_code: checkout.promo.map(|promo| promo.id.as_str()),
                percent_off: i64::from(percent_off),
                now,
                expires_at: now + SESSION_LIFETIME,
            },
        )
        .await?;
        Ok(HostedCheckout {
            url: format!("/checkout/sandbox/{id}"),
            id,
        })
    }

    async fn change_plan(&self, change: &PlanChange<'_>) -> Result<(), ProviderError> {
        service::change_plan(self, change.subscription_id, change.plan).await
    }

    async fn cancel(&self, subscription_id: &str) -> Result<(), ProviderError> {
        service::cancel(self, subscription_id).await
    }

    fn plan_for_price(&self, price_id: &str) -> Option<Plan> {
        price_id
            .strip_prefix(PRICE_PREFIX)
            .and_then(Plan::parse)
            .filter(|plan| *plan != Plan::Free)
    }

    fn webhook_secret(&self) -> &[u8] {
        &self.secret
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn price_ids_name_the_paid_plans() {
        assert_eq!(price_of(Plan::Premium), "price_sandbox_premium");
        assert_eq!(
            Plan::parse(price_of(Plan::Basic).strip_prefix(PRICE_PREFIX).unwrap()),
            Some(Plan::Basic)
        );
    }

    #[test]
    fn random_ids_differ() {
        assert_ne!(random_id("cs_"), random_id("cs_"));
        assert_eq!(random_id("cs_").len(), 3 + 32);
    }
}
