//! Password hashing with argon2id at OWASP's recommended cost (19 MiB, 2 passes, 1 lane:
//! the `argon2` crate's defaults). Hashing runs on the blocking pool so it never stalls the
//! async workers.

use std::sync::LazyLock;

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

pub const MIN_LENGTH: usize = 6;
/// GoTrue refuses longer passwords; kept for wire compatibility.
pub const MAX_LENGTH: usize = 72;

/// Verified against when the email is unknown, so a wrong email takes as long as a wrong
/// password and cannot be told apart by timing.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_now("backbeat-dummy-password").expect("hashing works"));

fn hash_now(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(Argon2::default()
        .hash_password(password.as_bytes(), &salt)?
        .to_string())
}

pub async fn hash(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || {
        hash_now(&password).map_err(|e| anyhow::anyhow!("argon2: {e}"))
    })
    .await?
}

/// Checks `password` against `hash`, or against a dummy hash when there is no user.
pub async fn verify(password: String, hash: Option<String>) -> bool {
    let known = hash.is_some();
    tokio::task::spawn_blocking(move || {
        let hash = hash.unwrap_or_else(|| DUMMY_HASH.clone());
        let Ok(parsed) = PasswordHash::new(&hash) else {
            return false;
        };
        Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
            && known
    })
    .await
    .unwrap_or(false)
}

/// Why a password is too weak for the current policy (GoTrue's `weak_password.reasons`).
pub fn weaknesses(password: &str) -> Vec<&'static str> {
    if password.chars().count() < MIN_LENGTH {
        vec!["length"]
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_verifies_its_password_only() {
        let hashed = hash("correct horse".into()).await.unwrap();

        assert!(
            hashed.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hashed}"
        );
        assert!(verify("correct horse".into(), Some(hashed.clone())).await);
        assert!(!verify("wrong horse".into(), Some(hashed)).await);
    }

    #[tokio::test]
    async fn an_unknown_user_never_verifies() {
        assert!(!verify("backbeat-dummy-password".into(), None).await);
    }

    #[test]
    fn short_passwords_are_weak() {
        assert_eq!(weaknesses("12345"), ["length"]);
        assert!(weaknesses("123456").is_empty());
    }
}
