//! Stripe's webhook signature scheme, which the sandbox uses too: the header
//! `Stripe-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]`, where each `v1` is an
//! HMAC-SHA256 under the endpoint's secret of `"{t}.{raw body}"`. Several `v1` values come while
//! a secret is being rolled; any one matching is enough. `v0` (and any other scheme) is ignored.

use hmac::{Hmac, Mac};
use sha2::Sha256;

type HmacSha256 = Hmac<Sha256>;

/// The header that carries the signature.
pub const HEADER: &str = "stripe-signature";
/// How far the signed time may be from now, either way (Stripe's default tolerance).
pub const TOLERANCE_SECS: i64 = 300;

/// Why a signature was refused; all are answered alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum InvalidSignature {
    #[error("no signature header")]
    Missing,
    #[error("the signature header has no timestamp or no v1 signature")]
    Malformed,
    #[error("the signature is older or newer than the tolerance")]
    Stale,
    #[error("no v1 signature matches")]
    Mismatch,
}

fn mac(secret: &[u8], timestamp: i64, body: &[u8]) -> HmacSha256 {
    let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes any key length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac
}

/// The header value signing `body` at `timestamp`.
pub fn sign(secret: &[u8], timestamp: i64, body: &[u8]) -> String {
    let signature = mac(secret, timestamp, body).finalize().into_bytes();
    format!("t={timestamp},v1={}", hex::encode(signature))
}

/// Checks `header` over the raw `body` at `now` (Unix seconds), in constant time.
pub fn verify(
    secret: &[u8],
    header: Option<&str>,
    body: &[u8],
    now: i64,
) -> Result<(), InvalidSignature> {
    let header = header.ok_or(InvalidSignature::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        let Some((key, value)) = part.trim().split_once('=') else {
            continue;
        };
        match key {
            "t" if timestamp.is_none() => {
                timestamp = Some(
                    value
                        .parse::<i64>()
                        .map_err(|_| InvalidSignature::Malformed)?,
                );
            }
            "t" => return Err(InvalidSignature::Malformed),
            // A value that is not hex can match nothing; the others may still.
            "v1" => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(InvalidSignature::Malformed)?;
    if signatures.is_empty() {
        return Err(InvalidSignature::Malformed);
    }
    if now.abs_diff(timestamp) > TOLERANCE_SECS.unsigned_abs() {
        return Err(InvalidSignature::Stale);
    }
    let expected = mac(secret, timestamp, body);
    signatures
        .iter()
        .any(|signature| expected.clone().verify_slice(signature).is_ok())
        .then_some(())
        .ok_or(InvalidSignature::Mismatch)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &[u8] = b"whsec_test";
    const BODY: &[u8] = br#"{"id":"evt_1"}"#;

    #[test]
    fn a_signature_made_here_verifies() {
        let header = sign(SECRET, 1_700_000_000, BODY);

        assert_eq!(verify(SECRET, Some(&header), BODY, 1_700_000_100), Ok(()));
    }

    #[test]
    fn it_matches_stripes_published_scheme() {
        // HMAC-SHA256("whsec_test", "1700000000.{\"id\":\"evt_1\"}"), computed independently.
        let header = sign(SECRET, 1_700_000_000, BODY);
        let mut mac = HmacSha256::new_from_slice(SECRET).unwrap();
        mac.update(b"1700000000.{\"id\":\"evt_1\"}");
        let expected = hex::encode(mac.finalize().into_bytes());

        assert_eq!(header, format!("t=1700000000,v1={expected}"));
    }

    #[test]
    fn another_body_secret_or_time_is_refused() {
        let header = sign(SECRET, 1_700_000_000, BODY);
        let now = 1_700_000_000;

        assert_eq!(
            verify(SECRET, Some(&header), b"{}", now),
            Err(InvalidSignature::Mismatch)
        );
        assert_eq!(
            verify(b"whsec_other", Some(&header), BODY, now),
            Err(InvalidSignature::Mismatch)
        );
        assert_eq!(
            verify(SECRET, Some(&header), BODY, now + 301),
            Err(InvalidSignature::Stale)
        );
        assert_eq!(
            verify(SECRET, Some(&header), BODY, now - 301),
            Err(InvalidSignature::Stale)
        );
    }

    #[test]
    fn any_of_several_v1_values_may_match_and_v0_alone_never_does() {
        let valid = sign(SECRET, 1_700_000_000, BODY);
        let v1 = valid.split_once(",v1=").unwrap().1;
        let several = format!("t=1700000000,v1={},v1={v1},v0={v1}", "ab".repeat(32));
        let v0_only = format!("t=1700000000,v0={v1}");

        assert_eq!(verify(SECRET, Some(&several), BODY, 1_700_000_000), Ok(()));
        assert_eq!(
            verify(SECRET, Some(&v0_only), BODY, 1_700_000_000),
            Err(InvalidSignature::Malformed)
        );
        assert_eq!(
            verify(SECRET, None, BODY, 1_700_000_000),
            Err(InvalidSignature::Missing)
        );
        assert_eq!(
            verify(SECRET, Some("garbage"), BODY, 1_700_000_000),
            Err(InvalidSignature::Malformed)
        );
    }
}
