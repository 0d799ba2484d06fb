//! MACs under the instance secret, and the signed, expiring links made with them.
//!
//! A link that an element of the page follows without a bearer token (the `<audio>` element's
//! stream URL, an ad's `<a href>`) carries its own authority: an expiry and a MAC of what it
//! grants and that expiry, `base64url(first 128 bits of HMAC-SHA256)`. Each kind of link signs
//! under a purpose of its own, so a signature of one kind never verifies as another. Changing
//! any part of a link breaks its MAC; comparisons take constant time.

use std::fmt;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// 128 bits of MAC in a link.
const LINK_TAG_LEN: usize = 16;

/// The instance's symmetric secret (32 bytes, generated on first start, `auth::Keys`).
#[derive(Clone)]
pub struct Secret([u8; 32]);

impl Secret {
    pub fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    fn hmac(&self, purpose: &str, message: &[u8]) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.0).expect("HMAC takes any key length");
        mac.update(purpose.as_bytes());
        mac.update(b"\0");
        mac.update(message);
        mac
    }

    /// A MAC of `message` for `purpose` (domain separation).
    pub fn mac(&self, purpose: &str, message: &[u8]) -> [u8; 32] {
        self.hmac(purpose, message).finalize().into_bytes().into()
    }

    /// Checks a MAC made by [`Secret::mac`], possibly truncated, in constant time.
    pub fn verify_mac(&self, purpose: &str, message: &[u8], tag: &[u8]) -> bool {
        !tag.is_empty()
            && self
                .hmac(purpose, message)
                .verify_truncated_left(tag)
                .is_ok()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// Why a signed link is refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    #[error("the link has expired")]
    Expired,
    #[error("the link is not one we signed")]
    Invalid,
}

fn link_message(grant: &str, expires: i64) -> String {
    format!("{grant}\n{expires}")
}

/// The signature of a link granting `grant` (the link's own fields, one per line) until
/// `expires` (unix seconds).
pub fn sign_link(secret: &Secret, purpose: &str, grant: &str, expires: i64) -> String {
    let tag = secret.mac(purpose, link_message(grant, expires).as_bytes());
    URL_SAFE_NO_PAD.encode(&tag[..LINK_TAG_LEN])
}

/// Checks a link's signature at `now` (unix seconds).
pub fn verify_link(
    secret: &Secret,
    purpose: &str,
    grant: &str,
    expires: i64,
    signature: &str,
    now: i64,
) -> Result<(), LinkError> {
    let tag = URL_SAFE_NO_PAD
        .decode(signature)
        .map_err(|_| LinkError::Invalid)?;
    if tag.len() != LINK_TAG_LEN
        || !secret.verify_mac(purpose, link_message(grant, expires).as_bytes(), &tag)
    {
        return Err(LinkError::Invalid);
    }
    if expires < now {
        return Err(LinkError::Expired);
    }
    Ok(())
}

/// [`verify_link`] of an expiry as the link's query gave it (text that must be a number).
pub fn verify_link_text(
    secret: &Secret,
    purpose: &str,
    grant: &str,
    expires: &str,
    signature: &str,
    now: i64,
) -> Result<(), LinkError> {
    let expires = expires.parse().map_err(|_| LinkError::Invalid)?;
    verify_link(secret, purpose, grant, expires, signature, now)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret() -> Secret {
        Secret::new([7; 32])
    }

    #[test]
    fn macs_depend_on_purpose_and_verify_truncated() {
        let secret = secret();
        let tag = secret.mac("refresh", b"id");

        assert_ne!(tag, secret.mac("stream", b"id"));
        assert_ne!(tag, Secret::new([8; 32]).mac("refresh", b"id"));
        assert!(secret.verify_mac("refresh", b"id", &tag[..16]));
        assert!(!secret.verify_mac("refresh", b"other", &tag[..16]));
        assert!(!secret.verify_mac("refresh", b"id", &[]));
    }

    #[test]
    fn a_link_holds_until_it_expires() {
        let secret = secret();
        let sig = sign_link(&secret, "ad-click", "a1\nu1", 1_000);

        assert_eq!(
            verify_link(&secret, "ad-click", "a1\nu1", 1_000, &sig, 1_000),
            Ok(())
        );
        assert_eq!(
            verify_link(&secret, "ad-click", "a1\nu1", 1_000, &sig, 1_001),
            Err(LinkError::Expired)
        );
    }

    #[test]
    fn changing_any_part_of_a_link_breaks_it() {
        let secret = secret();
        let sig = sign_link(&secret, "ad-click", "a1\nu1", 1_000);

        for (purpose, grant, expires, sig) in [
            ("stream-url", "a1\nu1", 1_000, sig.as_str()),
            ("ad-click", "a1\nu2", 1_000, sig.as_str()),
            ("ad-click", "a1\nu1", 2_000, sig.as_str()),
            ("ad-click", "a1\nu1", 1_000, "AAAAAAAAAAAAAAAAAAAAAA"),
            ("ad-click", "a1\nu1", 1_000, &sig[..10]),
            ("ad-click", "a1\nu1", 1_000, "not base64!"),
            ("ad-click", "a1\nu1", 1_000, ""),
        ] {
            assert_eq!(
                verify_link(&secret, purpose, grant, expires, sig, 0),
                Err(LinkError::Invalid),
                "{purpose} {grant:?} {expires} {sig}"
            );
        }
        assert_eq!(
            verify_link_text(&secret, "ad-click", "a1\nu1", "soon", &sig, 0),
            Err(LinkError::Invalid)
        );
        assert_eq!(
            verify_link_text(&secret, "ad-click", "a1\nu1", "1000", &sig, 0),
            Ok(())
        );
    }

    #[test]
    fn debug_output_hides_the_secret() {
        assert_eq!(format!("{:?}", secret()), "Secret(***)");
    }
}
