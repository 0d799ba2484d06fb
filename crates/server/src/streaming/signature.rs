//! Signed stream URLs. An `<audio>` element cannot send a bearer token, so the track page asks
//! for a short-lived URL whose query carries the rendition, an expiry and a MAC of both and the
//! track id under the instance secret: `?exp=<unix seconds>&q=<quality>&sig=<base64url>`.
//!
//! The URL names no user and holds no long-lived secret: whoever has it can play that one
//! rendition of that one track until it expires, which is what the page asked for. Changing any
//! part of it breaks the MAC.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::auth::Keys;
use crate::plans::StreamQuality;

const PURPOSE: &str = "stream-url";
/// 128 bits of MAC.
const TAG_LEN: usize = 16;

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the stream URL has expired")]
    Expired,
    #[error("the stream URL is not one we signed")]
    Invalid,
}

fn message(track_id: &str, quality: StreamQuality, expires: i64) -> String {
    format!("{track_id}\n{}\n{expires}", quality.as_str())
}

/// The `sig` of a stream URL.
pub fn sign(keys: &Keys, track_id: &str, quality: StreamQuality, expires: i64) -> String {
    let tag = keys.mac(PURPOSE, message(track_id, quality, expires).as_bytes());
    URL_SAFE_NO_PAD.encode(&tag[..TAG_LEN])
}

/// Checks the query of a stream URL at `now` (unix seconds) and answers the quality it grants.
pub fn verify(
    keys: &Keys,
    track_id: &str,
    quality: &str,
    expires: i64,
    sig: &str,
    now: i64,
) -> Result<StreamQuality, SignatureError> {
    let quality = StreamQuality::parse(quality).ok_or(SignatureError::Invalid)?;
    let tag = URL_SAFE_NO_PAD
        .decode(sig)
        .map_err(|_| SignatureError::Invalid)?;
    if tag.len() != TAG_LEN
        || !keys.verify_mac(
            PURPOSE,
            message(track_id, quality, expires).as_bytes(),
            &tag,
        )
    {
        return Err(SignatureError::Invalid);
    }
    if expires < now {
        return Err(SignatureError::Expired);
    }
    Ok(quality)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys() -> (tempfile::TempDir, Keys) {
        let dir = tempfile::tempdir().unwrap();
        let keys = Keys::load_or_generate(dir.path(), None).unwrap();
        (dir, keys)
    }

    #[test]
    fn a_signed_url_grants_its_quality_until_it_expires() {
        let (_dir, keys) = keys();
        let sig = sign(&keys, "t1", StreamQuality::High, 1_000);

        assert_eq!(
            verify(&keys, "t1", "high", 1_000, &sig, 999),
            Ok(StreamQuality::High)
        );
        assert_eq!(
            verify(&keys, "t1", "high", 1_000, &sig, 1_001),
            Err(SignatureError::Expired)
        );
    }

    #[test]
    fn changing_any_part_breaks_the_signature() {
        let (_dir, keys) = keys();
        let sig = sign(&keys, "t1", StreamQuality::Standard, 1_000);

        for (track, quality, expires, sig) in [
            ("t2", "standard", 1_000, sig.as_str()),
            ("t1", "lossless", 1_000, sig.as_str()),
            ("t1", "standard", 2_000, sig.as_str()),
            ("t1", "standard", 1_000, "AAAAAAAAAAAAAAAAAAAAAA"),
            ("t1", "standard", 1_000, &sig[..10]),
            ("t1", "standard", 1_000, "not base64!"),
            ("t1", "ultra", 1_000, sig.as_str()),
        ] {
            assert_eq!(
                verify(&keys, track, quality, expires, sig, 0),
                Err(SignatureError::Invalid),
                "{track} {quality} {expires} {sig}"
            );
        }
    }
}
