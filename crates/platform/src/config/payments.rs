//! The payment provider's settings (`docs/OPERATIONS.md`, "Payments"): `sandbox`, the embedded
//! default that needs nothing, or `stripe` with its keys and price ids.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer};

use super::ConfigError;

/// Which payment provider takes the cards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    /// Backbeat's own hosted checkout page and signed webhooks: offline, for trials and tests.
    #[default]
    Sandbox,
    /// Stripe Checkout and Stripe's webhooks.
    Stripe,
}

impl ProviderKind {
    /// The name in configuration and in the webhook path (`/api/v1/webhooks/{name}`).
    pub fn name(self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::Stripe => "stripe",
        }
    }
}

impl FromStr for ProviderKind {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, String> {
        match value {
            "sandbox" => Ok(Self::Sandbox),
            "stripe" => Ok(Self::Stripe),
            _ => Err("expected `sandbox` or `stripe`".into()),
        }
    }
}

/// The sandbox's promo codes: `CODE=percent_off` pairs, codes kept in upper case (they are
/// matched case-insensitively), percentages 1 to 100.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PromoCodes(Vec<(String, u8)>);

impl PromoCodes {
    /// The percentage off of `code`, whatever its case.
    pub fn percent_off(&self, code: &str) -> Option<u8> {
        let code = code.trim().to_uppercase();
        self.0.iter().find(|(c, _)| *c == code).map(|(_, p)| *p)
    }
}

impl FromStr for PromoCodes {
    type Err = String;
    fn from_str(value: &str) -> Result<Self, String> {
        let mut codes = Vec::new();
        for pair in value.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (code, percent) = pair
                .split_once('=')
                .ok_or_else(|| format!("`{pair}` is not CODE=percent_off"))?;
            let code = code.trim().to_uppercase();
            if code.is_empty()
                || !code
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            {
                return Err(format!(
                    "`{code}` is not a promo code (letters, digits, - and _)"
                ));
            }
            let percent: u8 = percent
                .trim()
                .parse()
                .ok()
                .filter(|p| (1..=100).contains(p))
                .ok_or_else(|| format!("the percentage of {code} must be 1 to 100"))?;
            codes.push((code, percent));
        }
        Ok(Self(codes))
    }
}

impl<'de> Deserialize<'de> for PromoCodes {
    fn deserialize<D: Deserializer<'de>>(value: D) -> Result<Self, D::Error> {
        String::deserialize(value)?
            .parse()
            .map_err(serde::de::Error::custom)
    }
}

/// `[payments]` in the TOML file.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PaymentsConfig {
    pub provider: ProviderKind,
    /// The sandbox's promo codes, `"LAUNCH20=20,FRIENDS=50"`.
    pub promo_codes: PromoCodes,
    /// The secret the sandbox signs its webhook events with; generated once in the data
    /// directory when not given.
    pub sandbox_webhook_secret: Option<String>,
    /// `sk_live_...` or `sk_test_...`.
    pub stripe_secret_key: Option<String>,
    /// The signing secret of the Stripe webhook endpoint, `whsec_...`.
    pub stripe_webhook_secret: Option<String>,
    /// The Stripe price ids of the Basic and Premium monthly plans, `price_...`.
    pub stripe_price_basic: Option<String>,
    pub stripe_price_premium: Option<String>,
    /// Where Stripe's API is (tests point it at a fake).
    pub stripe_api_url: String,
    /// Checkouts (and plan changes) one user may start per hour; more are answered 429.
    pub checkouts_per_hour: u32,
    /// Promo codes one user may try per hour, valid or not; more are answered 429.
    pub promo_code_attempts_per_hour: u32,
}

impl Default for PaymentsConfig {
    fn default() -> Self {
        Self {
            provider: ProviderKind::Sandbox,
            promo_codes: PromoCodes::default(),
            sandbox_webhook_secret: None,
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_price_basic: None,
            stripe_price_premium: None,
            stripe_api_url: "https://api.stripe.com".into(),
            checkouts_per_hour: 20,
            promo_code_attempts_per_hour: 10,
        }
    }
}

/// Stripe's settings, all present.
#[derive(Clone)]
pub struct StripeSettings {
    pub secret_key: String,
    pub webhook_secret: String,
    pub price_basic: String,
    pub price_premium: String,
    pub api_url: String,
}

impl PaymentsConfig {
    /// Stripe's settings, or the error naming the first missing variable.
    pub fn stripe(&self) -> Result<StripeSettings, ConfigError> {
        let required = |name: &'static str, value: &Option<String>| {
            value.clone().ok_or_else(|| ConfigError::Invalid {
                name,
                reason: "must be set when BACKBEAT_PAYMENTS_PROVIDER is stripe".into(),
            })
        };
        Ok(StripeSettings {
            secret_key: required("BACKBEAT_STRIPE_SECRET_KEY", &self.stripe_secret_key)?,
            webhook_secret: required(
                "BACKBEAT_STRIPE_WEBHOOK_SECRET",
                &self.stripe_webhook_secret,
            )?,
            price_basic: required("BACKBEAT_STRIPE_PRICE_BASIC", &self.stripe_price_basic)?,
            price_premium: required("BACKBEAT_STRIPE_PRICE_PREMIUM", &self.stripe_price_premium)?,
            api_url: self.stripe_api_url.trim_end_matches('/').to_owned(),
        })
    }

    /// The checks of a loaded configuration: Stripe needs all of its settings, and each limit
    /// allows at least one.
    pub(super) fn validate(&self) -> Result<(), ConfigError> {
        if self.provider == ProviderKind::Stripe {
            self.stripe()?;
        }
        for (name, limit) in [
            ("BACKBEAT_CHECKOUTS_PER_HOUR", self.checkouts_per_hour),
            (
                "BACKBEAT_PROMO_CODE_ATTEMPTS_PER_HOUR",
                self.promo_code_attempts_per_hour,
            ),
        ] {
            if limit == 0 {
                return Err(ConfigError::Invalid {
                    name,
                    reason: "must be at least 1".into(),
                });
            }
        }
        Ok(())
    }
}

impl fmt::Debug for PaymentsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secret = |value: &Option<String>| value.as_ref().map(|_| "***");
        f.debug_struct("PaymentsConfig")
            .field("provider", &self.provider)
            .field("promo_codes", &self.promo_codes)
            .field(
                "sandbox_webhook_secret",
                &secret(&self.sandbox_webhook_secret),
            )
            .field("stripe_secret_key", &secret(&self.stripe_secret_key))
            .field(
                "stripe_webhook_secret",
                &secret(&self.stripe_webhook_secret),
            )
            .field("stripe_price_basic", &self.stripe_price_basic)
            .field("stripe_price_premium", &self.stripe_price_premium)
            .field("stripe_api_url", &self.stripe_api_url)
            .field("checkouts_per_hour", &self.checkouts_per_hour)
            .field(
                "promo_code_attempts_per_hour",
                &self.promo_code_attempts_per_hour,
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promo_codes_read_code_equals_percent_and_match_any_case() {
        let codes: PromoCodes = "LAUNCH20=20, friends=50".parse().unwrap();

        assert_eq!(codes.percent_off("launch20"), Some(20));
        assert_eq!(codes.percent_off("FRIENDS"), Some(50));
        assert_eq!(codes.percent_off("XYZ"), None);
        assert_eq!("".parse::<PromoCodes>().unwrap(), PromoCodes::default());
    }

    #[test]
    fn a_promo_percentage_outside_1_to_100_is_refused() {
        assert!("A=0".parse::<PromoCodes>().is_err());
        assert!("A=101".parse::<PromoCodes>().is_err());
        assert!("A".parse::<PromoCodes>().is_err());
        assert!("=10".parse::<PromoCodes>().is_err());
    }
}
