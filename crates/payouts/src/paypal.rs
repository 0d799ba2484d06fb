//! The optional PayPal Payouts sender (`backbeat payouts send-paypal`): an OAuth2 client
//! credentials token, then one payout batch per withdrawal, `POST /v1/payments/payouts`, whose
//! `sender_batch_id` (and `PayPal-Request-Id`) is the withdrawal's id, so that sending one
//! withdrawal again (after a crash between sending and marking it) never pays it twice.

use std::time::Duration;

use anyhow::{Context, bail};
use serde_json::{Value, json};

use super::withdrawals::store::WithdrawalRow;
use backbeat_platform::config::PaypalSettings;

const HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// PayPal's Payouts API with the configured credentials.
pub struct Paypal {
    http: reqwest::Client,
    settings: PaypalSettings,
}

impl Paypal {
    pub fn new(settings: PaypalSettings) -> anyhow::Result<Self> {
        backbeat_core::net::use_ring_for_tls();
        let http = reqwest::Client::builder()
            .timeout(HTTP_TIMEOUT)
            .user_agent(concat!("backbeat/", env!("CARGO_PKG_VERSION")))
            .build()
            .context("cannot build PayPal's HTTP client")?;
        Ok(Self { http, settings })
    }

    /// An access token for the calls that follow.
    pub async fn token(&self) -> anyhow::Result<String> {
        let response = self
            .http
            .post(format!("{}/v1/oauth2/token", self.settings.api_url))
            .basic_auth(&self.settings.client_id, Some(&self.settings.client_secret))
            .form(&[("grant_type", "client_credentials")])
            .send()
            .await
            .context("cannot reach PayPal")?;
        let body = answer(response, "PayPal refused the client credentials").await?;
        body["access_token"]
            .as_str()
            .map(str::to_owned)
            .context("PayPal answered no access token")
    }

    /// Sends a PayPal withdrawal as a batch of its own; answers PayPal's batch id.
    pub async fn send(&self, token: &str, withdrawal: &WithdrawalRow) -> anyhow::Result<String> {
        let payout = json!({
            "sender_batch_header": {
                "sender_batch_id": withdrawal.id,
                "email_subject": "You have a payout from Backbeat",
                "email_message": "Your Backbeat earnings have been sent to your PayPal account.",
            },
            "items": [{
                "recipient_type": "EMAIL",
                "receiver": withdrawal.details,
                "amount": {"value": withdrawal.amount_units.eur(), "currency": "EUR"},
                "note": "Backbeat earnings",
                "sender_item_id": withdrawal.id,
            }],
        });
        let response = self
            .http
            .post(format!("{}/v1/payments/payouts", self.settings.api_url))
            .bearer_auth(token)
            .header("PayPal-Request-Id", withdrawal.id.as_str())
            .json(&payout)
            .send()
            .await
            .context("cannot reach PayPal")?;
        let body = answer(response, "PayPal refused the payout").await?;
        Ok(body["batch_header"]["payout_batch_id"]
            .as_str()
            .unwrap_or_default()
            .to_owned())
    }
}

/// The JSON body of a 2xx answer, or an error with PayPal's own words.
async fn answer(response: reqwest::Response, refused: &str) -> anyhow::Result<Value> {
    let status = response.status();
    let text = response
        .text()
        .await
        .context("cannot read PayPal's answer")?;
    if !status.is_success() {
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let why = body["message"]
            .as_str()
            .or(body["error_description"].as_str())
            .unwrap_or(&text);
        bail!("{refused} ({status}): {why}");
    }
    serde_json::from_str(&text).context("PayPal's answer is not JSON")
}
