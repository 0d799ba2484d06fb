//! Signed stream URLs. An `<audio>` element cannot send a bearer token, so the track page asks
//! for a short-lived URL whose query carries the rendition, an expiry and a MAC of both and the
//! track id under the instance secret: `?exp=<unix seconds>&q=<quality>&sig=<base64url>`.
//!
//! The URL names no user and holds no long-lived secret: whoever has it can play that one
//! rendition of that one track until it expires, which is what the page asked for. Changing any
//! part of it breaks the MAC. The signing is the one every signed link uses
//! ([`crate::signing`]).

use crate::auth::Keys;
use crate::plans::StreamQuality;
use crate::signing::{self, LinkError};

const PURPOSE: &str = "stream-url";

fn grant(track_id: &str, quality: StreamQuality) -> String {
    format!("{track_id}\n{}", quality.as_str())
}

/// The `sig` of a stream URL.
pub fn sign(keys: &Keys, track_id: &str, quality: StreamQuality, expires: i64) -> String {
    signing::sign_link(keys.secret(), PURPOSE, &grant(track_id, quality), expires)
}

/// Checks the query of a stream URL at `now` (unix seconds) and answers the quality it grants.
pub fn verify(
    keys: &Keys,
    track_id: &str,
    quality: &str,
    expires: &str,
    sig: &str,
    now: i64,
) -> Result<StreamQuality, LinkError> {
    let quality = StreamQuality::parse(quality).ok_or(LinkError::Invalid)?;
    signing::verify_link_text(
        keys.secret(),
        PURPOSE,
        &grant(track_id, quality),
        expires,
        sig,
        now,
    )?;
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
            verify(&keys, "t1", "high", "1000", &sig, 999),
            Ok(StreamQuality::High)
        );
        assert_eq!(
            verify(&keys, "t1", "high", "1000", &sig, 1_001),
            Err(LinkError::Expired)
        );
    }

    #[test]
    fn changing_any_part_breaks_the_signature() {
        let (_dir, keys) = keys();
        let sig = sign(&keys, "t1", StreamQuality::Standard, 1_000);

        for (track, quality, expires, sig) in [
            ("t2", "standard", "1000", sig.as_str()),
            ("t1", "lossless", "1000", sig.as_str()),
            ("t1", "standard", "2000", sig.as_str()),
            ("t1", "standard", "soon", sig.as_str()),
            ("t1", "standard", "1000", "AAAAAAAAAAAAAAAAAAAAAA"),
            ("t1", "ultra", "1000", sig.as_str()),
        ] {
            assert_eq!(
                verify(&keys, track, quality, expires, sig, 0),
                Err(LinkError::Invalid),
                "{track} {quality} {expires} {sig}"
            );
        }
    }
}
