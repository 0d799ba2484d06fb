//! GoTrue's JSON objects (reference/gotrue-wire.md, section 2) and request bodies.

use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::error::AuthError;
use super::store::{FactorRow, FactorStatus, UserRow};
use backbeat_core::db::Timestamp;

#[derive(Debug, Serialize)]
pub struct User {
    pub id: String,
    pub aud: &'static str,
    pub role: &'static str,
    pub email: String,
    pub phone: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_confirmed_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmed_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmation_sent_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_sent_at: Option<Timestamp>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_sign_in_at: Option<Timestamp>,
    pub app_metadata: Value,
    pub user_metadata: Value,
    pub identities: Vec<Identity>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub factors: Vec<Factor>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub is_anonymous: bool,
}

#[derive(Debug, Serialize)]
pub struct Identity {
    pub identity_id: String,
    pub id: String,
    pub user_id: String,
    pub identity_data: Value,
    pub provider: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_sign_in_at: Option<Timestamp>,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub email: String,
}

#[derive(Debug, Serialize)]
pub struct Factor {
    pub id: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub friendly_name: String,
    pub factor_type: String,
    pub status: FactorStatus,
    pub created_at: Timestamp,
    pub updated_at: Timestamp,
    pub phone: &'static str,
    pub last_challenged_at: Option<Timestamp>,
}

#[derive(Debug, Serialize)]
pub struct Session {
    pub access_token: String,
    pub token_type: &'static str,
    pub expires_in: i64,
    pub expires_at: i64,
    pub refresh_token: String,
    pub user: User,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub weak_password: Option<Value>,
    /// Backbeat's addition, in the answer that verifies an account's first second factor only:
    /// its ten one-time recovery codes, shown this once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_codes: Option<Vec<String>>,
}

pub fn app_metadata() -> Value {
    json!({ "provider": "email", "providers": ["email"] })
}

/// The stored metadata as a JSON object (`{}` when unreadable).
pub fn user_metadata(user: &UserRow) -> Value {
    match serde_json::from_str::<Value>(&user.user_metadata) {
        Ok(Value::Object(map)) => Value::Object(map),
        _ => Value::Object(Map::new()),
    }
}

impl User {
    pub fn new(user: &UserRow, factors: &[FactorRow]) -> Self {
        Self {
            id: user.id.to_string(),
            aud: "authenticated",
            role: "authenticated",
            email: user.email.clone(),
            phone: "",
            email_confirmed_at: user.email_confirmed_at,
            confirmed_at: user.email_confirmed_at,
            confirmation_sent_at: user.confirmation_sent_at,
            recovery_sent_at: user.recovery_sent_at,
            last_sign_in_at: user.last_sign_in_at,
            app_metadata: app_metadata(),
            user_metadata: user_metadata(user),
            identities: vec![Identity {
                identity_id: user.identity_id.clone(),
                id: user.id.to_string(),
                user_id: user.id.to_string(),
                identity_data: json!({
                    "sub": user.id,
                    "email": user.email,
                    "email_verified": user.email_confirmed_at.is_some(),
                    "phone_verified": false,
                }),
                provider: "email",
                last_sign_in_at: user.last_sign_in_at,
                created_at: user.created_at,
                updated_at: user.updated_at,
                email: user.email.clone(),
            }],
            factors: factors.iter().map(Factor::from).collect(),
            created_at: user.created_at,
            updated_at: user.updated_at,
            is_anonymous: false,
        }
    }

    /// The answer to a sign-up for an address that is taken while confirmation is required: a
    /// made-up user with no identities, so sign-up cannot tell who has an account.
    pub fn obfuscated(email: &str, metadata: Value, now: Timestamp) -> Self {
        Self {
            id: uuid::Uuid::new_v4().to_string(),
            aud: "authenticated",
            role: "authenticated",
            email: email.to_owned(),
            phone: "",
            email_confirmed_at: None,
            confirmed_at: None,
            confirmation_sent_at: Some(now),
            recovery_sent_at: None,
            last_sign_in_at: None,
            app_metadata: app_metadata(),
            user_metadata: metadata,
            identities: Vec::new(),
            factors: Vec::new(),
            created_at: now,
            updated_at: now,
            is_anonymous: false,
        }
    }
}

impl From<&FactorRow> for Factor {
    fn from(factor: &FactorRow) -> Self {
        Self {
            id: factor.id.clone(),
            friendly_name: factor.friendly_name.clone(),
            factor_type: factor.factor_type.clone(),
            status: factor.status,
            created_at: factor.created_at,
            updated_at: factor.updated_at,
            phone: "",
            last_challenged_at: None,
        }
    }
}

/// A JSON request body as GoTrue reads it: an empty body is the default value, the content type
/// is not checked, `null` fields are absent and unknown fields are ignored.
pub struct Body<T>(pub T);

impl<S, T> FromRequest<S> for Body<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Default,
{
    type Rejection = AuthError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                let code = if rejection.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                    "request_too_large"
                } else {
                    "bad_json"
                };
                AuthError::new(rejection.status(), code, rejection.body_text())
            })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self(T::default()));
        }
        serde_json::from_slice(&bytes).map(Self).map_err(|e| {
            AuthError::bad_request(
                "bad_json",
                format!("Could not parse request body as JSON: {e}"),
            )
        })
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct SignupBody {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    pub data: Option<Map<String, Value>>,
}

#[derive(Debug, Default, Deserialize)]
pub struct TokenBody {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    pub refresh_token: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct UpdateUserBody {
    pub email: Option<String>,
    pub phone: Option<String>,
    pub password: Option<String>,
    pub current_password: Option<String>,
    pub data: Option<Map<String, Value>>,
    pub app_metadata: Option<Value>,
}

#[derive(Debug, Default, Deserialize)]
pub struct RecoverBody {
    pub email: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct VerifyBody {
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub token: Option<String>,
    pub token_hash: Option<String>,
    pub email: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct EnrollBody {
    pub factor_type: Option<String>,
    pub friendly_name: Option<String>,
    pub issuer: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
pub struct FactorVerifyBody {
    pub challenge_id: Option<String>,
    pub code: Option<String>,
}
