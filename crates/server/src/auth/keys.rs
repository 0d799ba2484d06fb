//! The instance's keys: the ES256 key that signs access tokens (published as a JWKS) and a
//! symmetric secret for the MACs of refresh tokens and signed URLs.
//!
//! Both are generated on first start and kept in `<data_dir>/keys/`, readable only by the
//! owner; the signing key can also be given as a PEM file. Several instances behind a load
//! balancer must share them (same data directory volume, or the same configured files).

use std::path::Path;

use anyhow::Context;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{Jwk, JwkSet, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use p256::SecretKey;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::signing::Secret;

const SIGNING_KEY_FILE: &str = "jwt-es256.pem";
const SECRET_FILE: &str = "secret.key";

pub struct Keys {
    pub kid: String,
    pub encoding: EncodingKey,
    pub decoding: DecodingKey,
    jwks: JwkSet,
    secret: Secret,
}

impl Keys {
    /// Loads the keys from `configured_key` / `<data_dir>/keys`, generating what is missing.
    pub fn load_or_generate(
        data_dir: &Path,
        configured_key: Option<&Path>,
    ) -> anyhow::Result<Self> {
        let dir = data_dir.join("keys");
        std::fs::create_dir_all(&dir)
            .with_context(|| format!("cannot create {}", dir.display()))?;
        let pem = match configured_key {
            Some(path) => std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the JWT signing key {}", path.display()))?,
            None => read_or_create(&dir.join(SIGNING_KEY_FILE), || {
                let key = SecretKey::random(&mut rand::rngs::OsRng);
                Ok(key.to_pkcs8_pem(LineEnding::LF)?.as_bytes().to_vec())
            })
            .and_then(|bytes| {
                String::from_utf8(bytes).context("the JWT signing key is not PEM text")
            })?,
        };
        let secret_bytes = read_or_create(&dir.join(SECRET_FILE), || {
            let mut secret = [0u8; 32];
            rand::rngs::OsRng.fill_bytes(&mut secret);
            Ok(secret.to_vec())
        })?;
        let secret: [u8; 32] = secret_bytes.try_into().map_err(|_| {
            anyhow::anyhow!(
                "{} must hold exactly 32 bytes",
                dir.join(SECRET_FILE).display()
            )
        })?;
        Self::from_parts(&pem, secret)
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
        })
    }

    /// The public keys that verify access tokens.
    pub fn jwks(&self) -> &JwkSet {
        &self.jwks
    }

    /// The symmetric secret of refresh tokens' and signed links' MACs.
    pub fn secret(&self) -> &Secret {
        &self.secret
    }
}

/// Reads `path`, or creates it (mode 0600) with `create`'s bytes when it does not exist yet;
/// instances sharing the data directory race safely to one value. For every secret generated
/// on first start (the sandbox payment provider's webhook secret too).
pub fn read_or_create(
    path: &Path,
    create: impl FnOnce() -> anyhow::Result<Vec<u8>>,
) -> anyhow::Result<Vec<u8>> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;

    match std::fs::read(path) {
        Ok(bytes) => return Ok(bytes),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", path.display())),
    }
    let bytes = create()?;
    let created = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path);
    match created {
        Ok(mut file) => {
            file.write_all(&bytes)?;
            file.sync_all()?;
            tracing::info!(path = %path.display(), "generated a new key");
            Ok(bytes)
        }
        // Another instance sharing the data directory created it first: use theirs.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(std::fs::read(path)?),
        Err(e) => Err(e).with_context(|| format!("cannot create {}", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_generated_once_and_then_reused() {
        let dir = tempfile::tempdir().unwrap();
        let first = Keys::load_or_generate(dir.path(), None).unwrap();
        let second = Keys::load_or_generate(dir.path(), None).unwrap();

        assert_eq!(first.kid, second.kid);
        assert_eq!(
            first.secret().mac("x", b"m"),
            second.secret().mac("x", b"m")
        );
        let mode = std::os::unix::fs::PermissionsExt::mode(
            &std::fs::metadata(dir.path().join("keys").join(SIGNING_KEY_FILE))
                .unwrap()
                .permissions(),
        );
        assert_eq!(mode & 0o077, 0, "the key is readable by others: {mode:o}");
    }

    #[test]
    fn the_jwks_publishes_only_the_public_es256_key() {
        let dir = tempfile::tempdir().unwrap();
        let keys = Keys::load_or_generate(dir.path(), None).unwrap();

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
