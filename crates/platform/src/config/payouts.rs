//! `[payouts]`: how many withdrawals a user may request, and the optional PayPal Payouts sender
//! of `backbeat payouts send-paypal`.

use std::fmt;

use serde::Deserialize;

use super::ConfigError;

/// `[payouts]` in the TOML file.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PayoutsConfig {
    /// Withdrawals one user may request per 24 hours (a retry with its `Idempotency-Key` is
    /// not a new one).
    pub withdrawals_per_day: u32,
    /// The REST app's client id and secret at PayPal (OAuth2 client credentials).
    pub paypal_client_id: Option<String>,
    pub paypal_client_secret: Option<String>,
    /// Where PayPal's API is: `https://api-m.sandbox.paypal.com` to try it out (tests point it
    /// at a fake).
    pub paypal_api_url: String,
}

impl Default for PayoutsConfig {
    fn default() -> Self {
        Self {
            withdrawals_per_day: 3,
            paypal_client_id: None,
            paypal_client_secret: None,
            paypal_api_url: "https://api-m.paypal.com".into(),
        }
    }
}

/// PayPal's settings, all present.
#[derive(Clone)]
pub struct PaypalSettings {
    pub client_id: String,
    pub client_secret: String,
    pub api_url: String,
}

impl PayoutsConfig {
    /// PayPal's settings, or the error naming the first missing variable.
    pub fn paypal(&self) -> Result<PaypalSettings, ConfigError> {
        let required = |name: &'static str, value: &Option<String>| {
            value.clone().ok_or_else(|| ConfigError::Invalid {
                name,
                reason: "must be set to send payouts through PayPal".into(),
            })
        };
        Ok(PaypalSettings {
            client_id: required("BACKBEAT_PAYPAL_CLIENT_ID", &self.paypal_client_id)?,
            client_secret: required("BACKBEAT_PAYPAL_CLIENT_SECRET", &self.paypal_client_secret)?,
            api_url: self.paypal_api_url.trim_end_matches('/').to_owned(),
        })
    }
}

impl fmt::Debug for PayoutsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PayoutsConfig")
            .field("withdrawals_per_day", &self.withdrawals_per_day)
            .field("paypal_client_id", &self.paypal_client_id)
            .field(
                "paypal_client_secret",
                &self.paypal_client_secret.as_ref().map(|_| "***"),
            )
            .field("paypal_api_url", &self.paypal_api_url)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_paypal_secret_is_never_printed_and_a_missing_credential_is_named() {
        let config = PayoutsConfig {
            paypal_client_id: Some("client".into()),
            paypal_client_secret: Some("very-secret".into()),
            ..PayoutsConfig::default()
        };
        assert!(!format!("{config:?}").contains("very-secret"));
        let missing = PayoutsConfig::default().paypal().err().unwrap().to_string();
        assert!(missing.contains("BACKBEAT_PAYPAL_CLIENT_ID"), "{missing}");
        assert_eq!(config.paypal().unwrap().api_url, "https://api-m.paypal.com");
    }
}
