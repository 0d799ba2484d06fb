//! Access tokens (ES256 JWTs with GoTrue's claims) and opaque refresh tokens.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, Header, Validation};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use super::keys::Keys;
use backbeat_core::ids::UserId;

pub const AUDIENCE: &str = "authenticated";

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    pub sub: UserId,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    pub email: String,
    pub phone: String,
    pub app_metadata: Value,
    pub user_metadata: Value,
    pub role: String,
    pub aal: String,
    pub amr: Vec<AmrEntry>,
    pub session_id: String,
    pub is_anonymous: bool,
}

/// One authentication method used in a session, newest first in `amr`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmrEntry {
    pub method: String,
    pub timestamp: i64,
}

pub fn sign(keys: &Keys, claims: &Claims) -> anyhow::Result<String> {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(keys.kid.clone());
    header.typ = Some("JWT".into());
    Ok(jsonwebtoken::encode(&header, claims, &keys.encoding)?)
}

#[derive(Debug, PartialEq, Eq)]
pub enum TokenError {
    /// Bad signature, wrong algorithm, expired, wrong issuer or audience, unparsable.
    Invalid,
    /// Verified, but `sub` is not a UUID.
    BadSubject,
}

/// Verifies an access token: ES256 only (so `none` and HMAC tokens fail), our key, our issuer,
/// the `authenticated` audience, not expired.
pub fn verify(keys: &Keys, issuer: &str, token: &str) -> Result<Claims, TokenError> {
    let mut validation = Validation::new(Algorithm::ES256);
    validation.set_audience(&[AUDIENCE]);
    validation.set_issuer(&[issuer]);
    validation.set_required_spec_claims(&["exp", "sub", "aud", "iss"]);
    validation.leeway = 0;
    let data = jsonwebtoken::decode::<Claims>(token, &keys.decoding, &validation)
        .map_err(|_| TokenError::Invalid)?;
    if Uuid::parse_str(&data.claims.sub).is_err() {
        return Err(TokenError::BadSubject);
    }
    Ok(data.claims)
}

const REFRESH_PURPOSE: &str = "refresh-token";
const REFRESH_MAC_LEN: usize = 16;

/// A refresh token is its row id and a MAC of it under the instance secret: the database never
/// holds a usable token, and the server can hand a client the same child token again when a
/// rotation response was lost.
pub fn encode_refresh_token(keys: &Keys, id: Uuid) -> String {
    let mut bytes = id.as_bytes().to_vec();
    bytes.extend_from_slice(&keys.secret().mac(REFRESH_PURPOSE, id.as_bytes())[..REFRESH_MAC_LEN]);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The row id of a genuine refresh token, or `None` for anything we did not issue.
pub fn decode_refresh_token(keys: &Keys, token: &str) -> Option<Uuid> {
    let bytes = URL_SAFE_NO_PAD.decode(token.trim()).ok()?;
    if bytes.len() != 16 + REFRESH_MAC_LEN {
        return None;
    }
    let (id, tag) = bytes.split_at(16);
    keys.secret()
        .verify_mac(REFRESH_PURPOSE, id, tag)
        .then(|| Uuid::from_slice(id).ok())
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(exp: i64) -> Claims {
        Claims {
            iss: "http://bb/auth/v1".into(),
            sub: UserId::generate(),
            aud: AUDIENCE.into(),
            exp,
            iat: exp - 3600,
            email: "a@b.c".into(),
            phone: String::new(),
            app_metadata: serde_json::json!({}),
            user_metadata: serde_json::json!({}),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![],
            session_id: Uuid::now_v7().to_string(),
            is_anonymous: false,
        }
    }

    fn now() -> i64 {
        chrono::Utc::now().timestamp()
    }

    #[test]
    fn a_signed_token_verifies() {
        let keys = Keys::generate();
        let token = sign(&keys, &claims(now() + 3600)).unwrap();
        assert!(verify(&keys, "http://bb/auth/v1", &token).is_ok());
        assert_eq!(
            verify(&keys, "http://other/auth/v1", &token).unwrap_err(),
            TokenError::Invalid
        );
    }

    #[test]
    fn expired_tokens_fail() {
        let keys = Keys::generate();
        let token = sign(&keys, &claims(now() - 1)).unwrap();
        assert_eq!(
            verify(&keys, "http://bb/auth/v1", &token).unwrap_err(),
            TokenError::Invalid
        );
    }

    #[test]
    fn another_instances_key_fails() {
        let ours = Keys::generate();
        let theirs = Keys::generate();
        let token = sign(&theirs, &claims(now() + 3600)).unwrap();
        assert_eq!(
            verify(&ours, "http://bb/auth/v1", &token).unwrap_err(),
            TokenError::Invalid
        );
    }

    #[test]
    fn refresh_tokens_round_trip_and_resist_forgery() {
        let keys = Keys::generate();
        let id = Uuid::now_v7();
        let token = encode_refresh_token(&keys, id);

        assert_eq!(decode_refresh_token(&keys, &token), Some(id));
        let mut forged = URL_SAFE_NO_PAD.decode(&token).unwrap();
        forged[0] ^= 1;
        assert_eq!(
            decode_refresh_token(&keys, &URL_SAFE_NO_PAD.encode(forged)),
            None
        );
        assert_eq!(decode_refresh_token(&keys, "not-a-token"), None);
    }
}
