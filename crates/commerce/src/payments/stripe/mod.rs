//! The `stripe` payment provider: Stripe Checkout for new subscriptions, the Subscriptions API
//! for plan changes and cancellations, promotion codes looked up by code. One Stripe customer
//! per user, created on their first checkout and kept in `profiles.stripe_customer_id`.

mod client;

use serde_json::Value;

use super::provider::{
    HostedCheckout, NewCheckout, PaymentProvider, PlanChange, Promo, ProviderError,
};
use super::store;
use backbeat_core::db::Db;
use backbeat_core::ids::UserId;
use backbeat_platform::config::StripeSettings;
use backbeat_platform::plans::Plan;
use client::{FormBody, StripeClient};

pub struct Stripe {
    db: Db,
    client: StripeClient,
    webhook_secret: String,
    price_basic: String,
    price_premium: String,
    public_url: String,
}

/// A form body from `(name, value)` pairs.
fn form<const N: usize>(pairs: [(&str, &str); N]) -> FormBody {
    pairs
        .into_iter()
        .map(|(name, value)| (name.to_owned(), value.to_owned()))
        .collect()
}

/// A Stripe id from our records or Stripe's answers, checked before it goes into a path.
fn path_id(id: &str) -> Result<&str, ProviderError> {
    if !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Ok(id)
    } else {
        Err(ProviderError::failed(anyhow::anyhow!(
            "not a Stripe id: {id:?}"
        )))
    }
}

fn id_in(answer: &Value, what: &str) -> Result<String, ProviderError> {
    answer["id"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| ProviderError::failed(anyhow::anyhow!("Stripe's {what} has no id")))
}

impl Stripe {
    pub fn new(
        db: Db,
        http: reqwest::Client,
        settings: StripeSettings,
        public_url: String,
    ) -> Self {
        Self {
            db,
            client: StripeClient::new(http, settings.api_url, settings.secret_key),
            webhook_secret: settings.webhook_secret,
            price_basic: settings.price_basic,
            price_premium: settings.price_premium,
            public_url,
        }
    }

    fn price_of(&self, plan: Plan) -> &str {
        match plan {
            Plan::Premium => &self.price_premium,
            Plan::Basic | Plan::Free => &self.price_basic,
        }
    }

    /// The user's Stripe customer: the one kept, else a new one (kept unless a concurrent
    /// checkout kept one first, which then serves).
    async fn customer(&self, user_id: &UserId, email: &str) -> Result<String, ProviderError> {
        if let Some(customer) = store::stripe_customer(&self.db, user_id).await? {
            return Ok(customer);
        }
        let body = form([("email", email), ("metadata[user_id]", user_id)]);
        let created = self
            .client
            .post("/v1/customers", &body, &format!("customer-{user_id}"))
            .await?;
        let customer = id_in(&created, "customer")?;
        store::keep_stripe_customer(&self.db, user_id, &customer).await?;
        Ok(store::stripe_customer(&self.db, user_id)
            .await?
            .unwrap_or(customer))
    }
}

impl PaymentProvider for Stripe {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn find_promo(&self, code: &str) -> Result<Option<Promo>, ProviderError> {
        let found = self
            .client
            .get(
                "/v1/promotion_codes",
                &[("code", code), ("active", "true"), ("limit", "1")],
            )
            .await?;
        Ok(found["data"][0]["id"].as_str().map(|id| Promo {
            id: id.to_owned(),
            code: code.to_owned(),
        }))
    }

    async fn create_checkout(
        &self,
        checkout: &NewCheckout<'_>,
    ) -> Result<HostedCheckout, ProviderError> {
        let customer = self.customer(checkout.user_id, checkout.email).await?;
        let plan = checkout.plan.as_str();
        let success_url = format!(
            "{}/payment-approved?session_id={{CHECKOUT_SESSION_ID}}&plan={plan}",
            self.public_url
        );
        let cancel_url = format!("{}/subscription", self.public_url);
        let mut body = form([
            ("mode", "subscription"),
            ("customer", &customer),
            ("client_reference_id", checkout.user_id),
            ("line_items[0][price]", self.price_of(checkout.plan)),
            ("line_items[0][quantity]", "1"),
            ("success_url", &success_url),
            ("cancel_url", &cancel_url),
            ("metadata[user_id]", checkout.user_id),
            ("metadata[plan]", plan),
            ("subscription_data[metadata][user_id]", checkout.user_id),
            ("subscription_data[metadata][plan]", plan),
        ]);
        if let Some(promo) = checkout.promo {
            body.extend(form([("discounts[0][promotion_code]", &promo.id)]));
        }
        let session = self
            .client
            .post(
                "/v1/checkout/sessions",
                &body,
                &format!("checkout-{}", checkout.checkout_id),
            )
            .await?;
        let url = session["url"].as_str().ok_or_else(|| {
            ProviderError::failed(anyhow::anyhow!("Stripe's checkout session has no url"))
        })?;
        Ok(HostedCheckout {
            id: id_in(&session, "checkout session")?,
            url: url.to_owned(),
        })
    }

    async fn change_plan(&self, change: &PlanChange<'_>) -> Result<(), ProviderError> {
        let path = format!("/v1/subscriptions/{}", path_id(change.subscription_id)?);
        let subscription = self.client.get(&path, &[]).await?;
        let item = subscription["items"]["data"][0]["id"]
            .as_str()
            .ok_or_else(|| {
                ProviderError::failed(anyhow::anyhow!("the subscription has no item to change"))
            })?;
        let mut body = form([
            ("items[0][id]", item),
            ("items[0][price]", self.price_of(change.plan)),
            ("proration_behavior", "create_prorations"),
            ("metadata[plan]", change.plan.as_str()),
        ]);
        if let Some(promo) = change.promo {
            body.extend(form([("discounts[0][promotion_code]", &promo.id)]));
        }
        self.client
            .post(&path, &body, &format!("change-{}", change.operation_id))
            .await?;
        Ok(())
    }

    async fn cancel(&self, subscription_id: &str) -> Result<(), ProviderError> {
        let path = format!("/v1/subscriptions/{}", path_id(subscription_id)?);
        match self.client.delete(&path).await {
            Err(err) if err.is_already_canceled() => Ok(()),
            answer => answer.map(drop).map_err(ProviderError::from),
        }
    }

    fn plan_for_price(&self, price_id: &str) -> Option<Plan> {
        if price_id == self.price_premium {
            Some(Plan::Premium)
        } else if price_id == self.price_basic {
            Some(Plan::Basic)
        } else {
            None
        }
    }

    fn webhook_secret(&self) -> &[u8] {
        self.webhook_secret.as_bytes()
    }
}
