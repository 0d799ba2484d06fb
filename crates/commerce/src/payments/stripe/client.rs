//! Calls to Stripe's REST API: form-encoded bodies in Stripe's bracket notation
//! (`line_items[0][price]`), the secret key as a bearer token, an `Idempotency-Key` on every
//! POST, and a few retries of a call that failed on the way or on Stripe's side (with the same
//! key, so Stripe runs the operation once).

use std::time::Duration;

use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::Value;

use crate::payments::provider::ProviderError;

/// Retries after the first attempt, and the wait before the first (doubling).
const RETRIES: u32 = 2;
const FIRST_RETRY: Duration = Duration::from_millis(250);

/// A form body: `(name, value)` pairs, names in bracket notation.
pub type FormBody = Vec<(String, String)>;

/// Stripe's answer to a call it refused.
#[derive(Debug, thiserror::Error)]
pub enum StripeError {
    #[error("Stripe answered {status}: {message}")]
    Refused {
        status: StatusCode,
        message: String,
        code: Option<String>,
        param: Option<String>,
    },
    #[error("cannot reach Stripe: {0}")]
    Transport(#[from] reqwest::Error),
    #[error("not a URL of Stripe's API: {0}")]
    Url(String),
}

impl StripeError {
    /// Whether Stripe refused for good because of a coupon or promotion code.
    fn is_about_a_coupon(&self) -> bool {
        let Self::Refused {
            status,
            message,
            code,
            param,
        } = self
        else {
            return false;
        };
        let about = |text: &str| {
            let text = text.to_lowercase();
            text.contains("coupon")
                || text.contains("promotion code")
                || text.contains("promotion_code")
        };
        status.is_client_error()
            && (about(message)
                || code.as_deref().is_some_and(about)
                || param.as_deref().is_some_and(about))
    }

    /// Whether a cancellation was refused because the subscription is canceled already: Stripe
    /// answers that one with 404 `resource_missing` ("No such subscription"), as if deleted.
    pub fn is_already_canceled(&self) -> bool {
        match self {
            Self::Refused {
                status,
                message,
                code,
                ..
            } => {
                (*status == StatusCode::NOT_FOUND && code.as_deref() == Some("resource_missing"))
                    || (status.is_client_error() && message.to_lowercase().contains("canceled"))
            }
            _ => false,
        }
    }
}

impl From<StripeError> for ProviderError {
    fn from(err: StripeError) -> Self {
        if err.is_about_a_coupon() {
            let StripeError::Refused { message, .. } = err else {
                unreachable!("only a refusal is about a coupon")
            };
            Self::InvalidCoupon(message)
        } else {
            Self::failed(err)
        }
    }
}

pub struct StripeClient {
    http: reqwest::Client,
    api_url: String,
    secret_key: String,
}

impl StripeClient {
    pub fn new(http: reqwest::Client, api_url: String, secret_key: String) -> Self {
        Self {
            http,
            api_url,
            secret_key,
        }
    }

    pub async fn get(&self, path: &str, query: &[(&str, &str)]) -> Result<Value, StripeError> {
        let mut url = url::Url::parse(&format!("{}{path}", self.api_url))
            .map_err(|err| StripeError::Url(err.to_string()))?;
        url.query_pairs_mut().extend_pairs(query);
        self.call(|| self.http.get(url.clone()).bearer_auth(&self.secret_key))
            .await
    }

    pub async fn post(
        &self,
        path: &str,
        form: &FormBody,
        idempotency_key: &str,
    ) -> Result<Value, StripeError> {
        self.call(|| {
            self.request(Method::POST, path)
                .header("Idempotency-Key", idempotency_key)
                .form(form)
        })
        .await
    }

    pub async fn delete(&self, path: &str) -> Result<Value, StripeError> {
        self.call(|| self.request(Method::DELETE, path)).await
    }

    fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.http
            .request(method, format!("{}{path}", self.api_url))
            .bearer_auth(&self.secret_key)
    }

    /// Sends the request `build` makes, again after a failure on the way or a 429 or 5xx.
    async fn call(&self, build: impl Fn() -> RequestBuilder) -> Result<Value, StripeError> {
        let mut wait = FIRST_RETRY;
        let mut attempt = 0;
        loop {
            let result = Self::answer(build().send().await).await;
            let retry = match &result {
                Err(StripeError::Transport(_)) => true,
                Err(StripeError::Url(_)) => false,
                Err(StripeError::Refused { status, .. }) => {
                    *status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error()
                }
                Ok(_) => false,
            };
            if !retry || attempt == RETRIES {
                return result;
            }
            attempt += 1;
            tokio::time::sleep(wait).await;
            wait *= 2;
        }
    }

    async fn answer(sent: reqwest::Result<reqwest::Response>) -> Result<Value, StripeError> {
        let response = sent?;
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if status.is_success() {
            return Ok(body);
        }
        let error = &body["error"];
        let text = |field: &str| error[field].as_str().map(str::to_owned);
        Err(StripeError::Refused {
            status,
            message: text("message").unwrap_or_else(|| format!("HTTP {status}")),
            code: text("code"),
            param: text("param"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16, message: &str, param: Option<&str>) -> StripeError {
        StripeError::Refused {
            status: StatusCode::from_u16(status).unwrap(),
            message: message.into(),
            code: None,
            param: param.map(str::to_owned),
        }
    }

    #[test]
    fn a_refused_coupon_is_an_invalid_coupon_and_anything_else_a_failure() {
        let coupon = ProviderError::from(refused(
            400,
            "This promotion code cannot be redeemed.",
            None,
        ));
        let by_param = ProviderError::from(refused(
            400,
            "Invalid",
            Some("discounts[0][promotion_code]"),
        ));
        let other =
            ProviderError::from(refused(400, "No such price", Some("line_items[0][price]")));
        let outage = ProviderError::from(refused(500, "coupon service down", None));

        assert!(matches!(coupon, ProviderError::InvalidCoupon(m) if m.contains("promotion code")));
        assert!(matches!(by_param, ProviderError::InvalidCoupon(_)));
        assert!(matches!(other, ProviderError::Failed(_)));
        assert!(matches!(outage, ProviderError::Failed(_)));
    }
}
