//! Password hashing with argon2id, at OWASP's recommended cost (19 MiB, 2 passes, 1 lane)
//! unless the configuration says otherwise (only the test suites do). Hashing runs on the
//! blocking pool so it never stalls the async workers. A hash carries its own parameters, so
//! passwords hashed at another cost still verify.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::OnceCell;

use backbeat_platform::config::PasswordCost;

pub const MIN_LENGTH: usize = 6;
/// GoTrue refuses longer passwords; kept for wire compatibility.
pub const MAX_LENGTH: usize = 72;
/// The stored hash of an account whose password must be chosen again: no password verifies
/// against it.
pub const UNUSABLE: &str = "";

/// Hashes and verifies passwords at one cost.
pub struct Passwords {
    argon2: Argon2<'static>,
    /// Verified against when the email is unknown, so a wrong email takes as long as a wrong
    /// password and cannot be told apart by timing. Hashed at the same cost, on first need.
    dummy: OnceCell<String>,
}

impl Passwords {
    pub fn new(cost: PasswordCost) -> Self {
        let params = Params::new(cost.memory_kib, cost.passes, 1, None)
            .expect("argon2 accepts the configured cost");
        Self {
            argon2: Argon2::new(Algorithm::Argon2id, Version::V0x13, params),
            dummy: OnceCell::new(),
        }
    }

    pub async fn hash(&self, password: String) -> anyhow::Result<String> {
        let argon2 = self.argon2.clone();
        tokio::task::spawn_blocking(move || {
            let salt = SaltString::generate(&mut OsRng);
            argon2
                .hash_password(password.as_bytes(), &salt)
                .map(|hash| hash.to_string())
                .map_err(|e| anyhow::anyhow!("argon2: {e}"))
        })
        .await?
    }

    /// Checks `password` against `hash`, or against a dummy hash when there is no user.
    pub async fn verify(&self, password: String, hash: Option<String>) -> bool {
        let known = hash.is_some();
        let hash = match hash {
            Some(hash) => hash,
            None => match self
                .dummy
                .get_or_try_init(|| self.hash("backbeat-dummy-password".into()))
                .await
            {
                Ok(dummy) => dummy.clone(),
                Err(_) => return false,
            },
        };
        let argon2 = self.argon2.clone();
        tokio::task::spawn_blocking(move || {
            let Ok(parsed) = PasswordHash::new(&hash) else {
                return false;
            };
            argon2.verify_password(password.as_bytes(), &parsed).is_ok() && known
        })
        .await
        .unwrap_or(false)
    }
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
        let passwords = Passwords::new(PasswordCost::default());
        let hashed = passwords.hash("correct horse".into()).await.unwrap();

        assert!(
            hashed.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{hashed}"
        );
        assert!(
            passwords
                .verify("correct horse".into(), Some(hashed.clone()))
                .await
        );
        assert!(!passwords.verify("wrong horse".into(), Some(hashed)).await);
    }

    #[tokio::test]
    async fn a_hash_at_another_cost_still_verifies() {
        let cheap = Passwords::new(PasswordCost::CHEAP_FOR_TESTS);
        let hashed = cheap.hash("correct horse".into()).await.unwrap();
        assert!(
            hashed.starts_with("$argon2id$v=19$m=8,t=1,p=1$"),
            "{hashed}"
        );

        let owasp = Passwords::new(PasswordCost::OWASP);
        assert!(
            owasp
                .verify("correct horse".into(), Some(hashed.clone()))
                .await
        );
        assert!(!owasp.verify("wrong horse".into(), Some(hashed)).await);
    }

    #[tokio::test]
    async fn an_unknown_user_never_verifies() {
        let passwords = Passwords::new(PasswordCost::CHEAP_FOR_TESTS);
        assert!(
            !passwords
                .verify("backbeat-dummy-password".into(), None)
                .await
        );
    }

    #[test]
    fn short_passwords_are_weak() {
        assert_eq!(weaknesses("12345"), ["length"]);
        assert!(weaknesses("123456").is_empty());
    }
}
