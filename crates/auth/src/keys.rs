//! The keys of sign-in: the ES256 key that signs access tokens (published as a JWKS) and the
//! instance secret for the MACs of refresh tokens and signed URLs. `backbeat_platform::secrets` says where
//! they come from (every node of a database must have the same ones).

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, JwkSet, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use p256::SecretKey;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use sha2::{Digest, Sha256};

use crate::app_password_secret::Sealer;
use backbeat_core::signing::Secret;
use backbeat_platform::secrets::NodeSecrets;

pub struct Keys {
    pub kid: String,
    pub encoding: EncodingKey,
    pub decoding: DecodingKey,
    jwks: JwkSet,
    secret: Secret,
    sealer: Sealer,
}

impl Keys {
    /// The keys of this node's secrets.
    pub fn from_secrets(secrets: &NodeSecrets) -> anyhow::Result<Self> {
        Self::from_parts(&secrets.jwt_key.value, secrets.instance_secret.value)
    }

    /// Fresh random keys, for tests (this crate's and the crates that sign with them).
    pub fn generate() -> Self {
        let key = SecretKey::random(&mut rand::rngs::OsRng);
        let pem = key.to_pkcs8_pem(p256::pkcs8::LineEnding::LF).unwrap();
        Self::from_parts(&pem, rand::random()).unwrap()
    }

    fn from_parts(pem: &str, secret: [u8; 32]) -> anyhow::Result<Self> {
        let key = SecretKey::from_pkcs8_pem(pem)
            .context("the JWT signing key must be a P-256 key in PKCS#8 PEM")?;
        let der = key.to_pkcs8_der()?;
        let encoding = EncodingKey::from_ec_der(der.as_bytes());
        let mut jwk = Jwk::from_encoding_key(&encoding, Algorithm::ES256)?;
        let point = key.public_key().to_sec1_bytes();
        let kid = URL_SAFE_NO_PAD.encode(&Sha256::digest(&point)[..12]);
        jwk.common.key_id = Some(kid.clone());
        jwk.common.public_key_use = Some(PublicKeyUse::Signature);
        jwk.common.key_operations = Some(vec![jsonwebtoken::jwk::KeyOperations::Verify]);
        jwk.common.key_algorithm = Some(KeyAlgorithm::ES256);
        let decoding = DecodingKey::from_jwk(&jwk)?;
        Ok(Self {
            kid,
            encoding,
            decoding,
            jwks: JwkSet { keys: vec![jwk] },
            secret: Secret::new(secret),
            sealer: Sealer::from_instance_secret(&secret),
        })
    }

    /// The public keys that verify access tokens.
    pub fn jwks(&self) -> &JwkSet {
        &self.jwks
    }

    /// What seals app passwords, with a key derived from the instance secret.
    pub fn sealer(&self) -> &Sealer {
        &self.sealer
    }

    /// The symmetric secret of refresh tokens' and signed links' MACs.
    pub fn secret(&self) -> &Secret {
        &self.secret
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jwks_publishes_only_the_public_es256_key() {
        let keys = Keys::generate();

        let jwks = serde_json::to_value(keys.jwks()).unwrap();
        let key = &jwks["keys"][0];
        assert_eq!(key["kty"], "EC");
        assert_eq!(key["crv"], "P-256");
        assert_eq!(key["alg"], "ES256");
        assert_eq!(key["kid"], keys.kid.as_str());
        assert_eq!(key["key_ops"], serde_json::json!(["verify"]));
        assert!(key.get("d").is_none(), "private part published: {key}");
    }
}
