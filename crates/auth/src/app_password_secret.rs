//! An app password's secret: made at random, shown once, kept sealed under a key derived from
//! the instance secret (HKDF-SHA256, then ChaCha20-Poly1305 with a random nonce per password and
//! the row's id and owner as associated data, so a sealed value moved to another row does not
//! open), and found again by a MAC of it when it arrives alone as an `apiKey`.

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use hkdf::Hkdf;
use rand::{Rng, RngCore};
use sha2::Sha256;

use backbeat_core::ids::UserId;
use backbeat_core::signing::Secret;

/// Characters of a password: lowercase letters and digits without look-alikes (0 o 1 l i), so a
/// person can type one on a phone.
const ALPHABET: &[u8] = b"23456789abcdefghjkmnpqrstuvwxyz";
/// Groups of [`GROUP`] characters, joined by hyphens: 24 characters, about 119 bits.
const GROUPS: usize = 6;
const GROUP: usize = 4;
const NONCE_LEN: usize = 12;

/// A new password as shown to its owner (`k7mq-2xhd-...`).
pub fn generate() -> String {
    let mut rng = rand::rngs::OsRng;
    (0..GROUPS)
        .map(|_| {
            (0..GROUP)
                .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("-")
}

/// The MAC under which a password is found from itself alone (the `lookup` column).
pub fn lookup(secret: &Secret, password: &str) -> String {
    hex::encode(&secret.mac("app-password-lookup", password.as_bytes())[..16])
}

/// Seals and opens app passwords. Its key is derived from the instance secret, so every node
/// that shares the secret opens what another sealed.
#[derive(Clone)]
pub struct Sealer {
    cipher: ChaCha20Poly1305,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealer(***)")
    }
}

impl Sealer {
    /// The sealer of the instance secret's bytes.
    pub fn from_instance_secret(secret: &[u8; 32]) -> Self {
        let mut key = [0u8; 32];
        Hkdf::<Sha256>::new(None, secret)
            .expand(b"backbeat app passwords v1", &mut key)
            .expect("32 bytes is a valid HKDF-SHA256 output length");
        Self {
            cipher: ChaCha20Poly1305::new(&Key::from(key)),
        }
    }

    /// `password` sealed for the row `id` of `user_id`: hex of the nonce and the ciphertext.
    pub fn seal(&self, id: &str, user_id: &UserId, password: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let aad = associated_data(id, user_id);
        let sealed = self
            .cipher
            .encrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: password.as_bytes(),
                    aad: aad.as_bytes(),
                },
            )
            .expect("ChaCha20-Poly1305 seals any password length");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        hex::encode(out)
    }

    /// The password sealed in `sealed` for the row `id` of `user_id`; `None` when it does not
    /// open (another key, another row, damaged).
    pub fn open(&self, id: &str, user_id: &UserId, sealed: &str) -> Option<String> {
        let bytes = hex::decode(sealed).ok()?;
        if bytes.len() <= NONCE_LEN {
            return None;
        }
        let (nonce, ciphertext) = bytes.split_at(NONCE_LEN);
        let nonce: [u8; NONCE_LEN] = nonce.try_into().ok()?;
        let aad = associated_data(id, user_id);
        let plain = self
            .cipher
            .decrypt(
                &Nonce::from(nonce),
                Payload {
                    msg: ciphertext,
                    aad: aad.as_bytes(),
                },
            )
            .ok()?;
        String::from_utf8(plain).ok()
    }
}

fn associated_data(id: &str, user_id: &UserId) -> String {
    format!("{id}\n{user_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_six_groups_of_four_unambiguous_characters() {
        let password = generate();
        let groups: Vec<&str> = password.split('-').collect();
        assert_eq!(groups.len(), GROUPS);
        for group in groups {
            assert_eq!(group.len(), GROUP);
            assert!(group.bytes().all(|b| ALPHABET.contains(&b)), "{password}");
        }
        assert_ne!(generate(), password);
    }

    #[test]
    fn a_sealed_password_opens_only_for_its_row_and_key() {
        let sealer = Sealer::from_instance_secret(&[7; 32]);
        let sealed = sealer.seal("row-1", &UserId::from("ana"), "k7mq-2xhd");

        assert_eq!(
            sealer
                .open("row-1", &UserId::from("ana"), &sealed)
                .as_deref(),
            Some("k7mq-2xhd")
        );
        assert!(!sealed.contains(&hex::encode("k7mq-2xhd")));
        assert_eq!(sealer.open("row-2", &UserId::from("ana"), &sealed), None);
        assert_eq!(sealer.open("row-1", &UserId::from("bob"), &sealed), None);
        let other = Sealer::from_instance_secret(&[8; 32]);
        assert_eq!(other.open("row-1", &UserId::from("ana"), &sealed), None);
        assert_eq!(sealer.open("row-1", &UserId::from("ana"), "00ff"), None);
        assert_eq!(sealer.open("row-1", &UserId::from("ana"), "not hex"), None);
    }

    #[test]
    fn each_seal_uses_a_fresh_nonce() {
        let sealer = Sealer::from_instance_secret(&[7; 32]);
        assert_ne!(
            sealer.seal("row-1", &UserId::from("ana"), "same"),
            sealer.seal("row-1", &UserId::from("ana"), "same")
        );
    }
}
