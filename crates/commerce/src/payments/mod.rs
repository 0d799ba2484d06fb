//! Plans paid by card (`docs/OPERATIONS.md`, "Payments"): a checkout at the configured payment
//! provider, plan changes and cancellations through it, and the provider's signed webhook events,
//! which alone change a user's plan.
//!
//! - `provider.rs`: the one interface of a provider; `configured.rs`: the configured one;
//! - `sandbox/`: the embedded default, Backbeat's own hosted checkout page that delivers
//!   Stripe-format events over HTTP to the same webhook endpoint;
//! - `stripe/`: Stripe's REST API;
//! - `checkout.rs`: checkout, change and cancel as the API asks for them;
//! - `signature.rs`, `event.rs`, `service.rs`: verifying, reading and applying webhook events;
//! - `routes.rs`, `store.rs`, `status.rs`: the API, the SQL and the statuses it stores.

pub mod checkout;
pub mod configured;
pub mod event;
pub mod provider;
pub mod routes;
pub mod sandbox;
pub mod service;
pub mod signature;
pub mod status;
pub mod store;
pub mod stripe;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;

use backbeat_core::db::Db;
use backbeat_core::rate_limits::{Quota, RateLimiter};
use backbeat_core::shutdown::Shutdown;
use backbeat_platform::config::{Config, ProviderKind};
use backbeat_platform::events::EventBus;
use configured::Provider;

/// How long a call to a provider may take.
const HTTP_TIMEOUT: Duration = Duration::from_secs(30);
const HTTP_CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The configured provider with what its services share; cloned into every request.
#[derive(Clone)]
pub struct Payments(Arc<Parts>);

struct Parts {
    db: Db,
    events: EventBus,
    provider: Provider,
    limits: CheckoutLimits,
}

/// The limits on what one user may start, counted in the database for every node.
#[derive(Clone, Debug)]
pub struct CheckoutLimits {
    pub limiter: RateLimiter,
    /// Checkouts and plan changes started.
    pub checkouts: Quota,
    /// Promo codes tried, valid or not.
    pub promo_codes: Quota,
}

impl Payments {
    /// Builds the configured provider; Stripe without its keys and price ids fails here, naming
    /// the missing variable.
    pub fn build(
        config: &Config,
        db: Db,
        events: EventBus,
        limiter: RateLimiter,
        shutdown: Shutdown,
    ) -> anyhow::Result<Self> {
        backbeat_core::net::use_ring_for_tls();
        let http = reqwest::Client::builder()
            .timeout(HTTP_TIMEOUT)
            .connect_timeout(HTTP_CONNECT_TIMEOUT)
            .user_agent(concat!("backbeat/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("cannot build the payment provider's HTTP client")?;
        let settings = &config.payments;
        let provider = match settings.provider {
            ProviderKind::Sandbox => Provider::Sandbox(sandbox::Sandbox::new(
                db.clone(),
                http,
                backbeat_platform::secrets::sandbox_webhook_secret(
                    &config.keys_dir(),
                    settings.sandbox_webhook_secret.as_deref(),
                )?
                .value,
                settings.promo_codes.clone(),
                shutdown,
            )),
            ProviderKind::Stripe => Provider::Stripe(stripe::Stripe::new(
                db.clone(),
                http,
                settings.stripe()?,
                config.public_url(),
            )),
        };
        let limits = CheckoutLimits {
            limiter,
            checkouts: Quota::per_hour(settings.checkouts_per_hour),
            promo_codes: Quota::per_hour(settings.promo_code_attempts_per_hour),
        };
        Ok(Self(Arc::new(Parts {
            db,
            events,
            provider,
            limits,
        })))
    }

    /// The server listens on `addr`: the sandbox delivers its events there (and sends those
    /// still undelivered).
    pub fn serving_on(&self, addr: SocketAddr) {
        if let Some(sandbox) = self.provider().sandbox() {
            sandbox.deliver_to(addr);
        }
    }

    pub fn db(&self) -> &Db {
        &self.0.db
    }

    pub fn events(&self) -> &EventBus {
        &self.0.events
    }

    pub fn provider(&self) -> &Provider {
        &self.0.provider
    }

    pub fn limits(&self) -> &CheckoutLimits {
        &self.0.limits
    }
}

impl sandbox::HostsSandbox for Payments {
    fn sandbox(&self) -> Option<&sandbox::Sandbox> {
        self.provider().sandbox()
    }
}
