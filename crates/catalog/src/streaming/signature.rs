//! Signed stream URLs. An `<audio>` element cannot send a bearer token, so the track page asks
//! for a short-lived URL whose query carries the rendition, an expiry and a MAC of both and the
//! track id under the instance secret: `?exp=<unix seconds>&q=<quality>&sig=<base64url>`.
//!
//! A stem's URL (`/tracks/{id}/stems/{stem}/stream`) signs the stem too, under a purpose of its
//! own, so a track's signature never opens a stem and the other way round.
//!
//! The URL names no user and holds no long-lived secret: whoever has it can play that one
//! rendition of that one track until it expires, which is what the page asked for. Changing any
//! part of it breaks the MAC. The signing is the one every signed link uses
//! ([`backbeat_core::signing`]).

use crate::catalog::stems::Stem;
use backbeat_auth::Keys;
use backbeat_core::ids::TrackId;
use backbeat_core::signing::{self, LinkError};
use backbeat_platform::plans::StreamQuality;

const PURPOSE: &str = "stream-url";
const STEM_PURPOSE: &str = "stem-stream-url";

fn grant(track_id: &TrackId, quality: StreamQuality) -> String {
    format!("{track_id}\n{}", quality.as_str())
}

fn stem_grant(track_id: &TrackId, stem: Stem, quality: StreamQuality) -> String {
    format!("{track_id}\n{}\n{}", stem.as_str(), quality.as_str())
}

/// The `sig` of a stem's stream URL.
pub fn sign_stem(
    keys: &Keys,
    track_id: &TrackId,
    stem: Stem,
    quality: StreamQuality,
    expires: i64,
) -> String {
    signing::sign_link(
        keys.secret(),
        STEM_PURPOSE,
        &stem_grant(track_id, stem, quality),
        expires,
    )
}

/// Checks the query of a stem's stream URL at `now` and answers the quality it grants.
pub fn verify_stem(
    keys: &Keys,
    track_id: &TrackId,
    stem: Stem,
    grant: (&str, &str, &str),
    now: i64,
) -> Result<StreamQuality, LinkError> {
    let (quality, expires, sig) = grant;
    let quality = StreamQuality::parse(quality).ok_or(LinkError::Invalid)?;
    signing::verify_link_text(
        keys.secret(),
        STEM_PURPOSE,
        &stem_grant(track_id, stem, quality),
        expires,
        sig,
        now,
    )?;
    Ok(quality)
}

/// The `sig` of a stream URL.
pub fn sign(keys: &Keys, track_id: &TrackId, quality: StreamQuality, expires: i64) -> String {
    signing::sign_link(keys.secret(), PURPOSE, &grant(track_id, quality), expires)
}

/// Checks the query of a stream URL at `now` (unix seconds) and answers the quality it grants.
pub fn verify(
    keys: &Keys,
    track_id: &TrackId,
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

    #[test]
    fn a_signed_url_grants_its_quality_until_it_expires() {
        let keys = Keys::generate();
        let sig = sign(&keys, &TrackId::from("t1"), StreamQuality::High, 1_000);

        assert_eq!(
            verify(&keys, &TrackId::from("t1"), "high", "1000", &sig, 999),
            Ok(StreamQuality::High)
        );
        assert_eq!(
            verify(&keys, &TrackId::from("t1"), "high", "1000", &sig, 1_001),
            Err(LinkError::Expired)
        );
    }

    #[test]
    fn a_stem_signature_opens_that_stem_only() {
        let keys = Keys::generate();
        let sig = sign_stem(
            &keys,
            &TrackId::from("t1"),
            Stem::Vocals,
            StreamQuality::High,
            1_000,
        );

        assert_eq!(
            verify_stem(
                &keys,
                &TrackId::from("t1"),
                Stem::Vocals,
                ("high", "1000", &sig),
                999
            ),
            Ok(StreamQuality::High)
        );
        assert_eq!(
            verify_stem(
                &keys,
                &TrackId::from("t1"),
                Stem::Accompaniment,
                ("high", "1000", &sig),
                999
            ),
            Err(LinkError::Invalid)
        );
        assert_eq!(
            verify(&keys, &TrackId::from("t1"), "high", "1000", &sig, 999),
            Err(LinkError::Invalid)
        );
        let track_sig = sign(&keys, &TrackId::from("t1"), StreamQuality::High, 1_000);
        assert_eq!(
            verify_stem(
                &keys,
                &TrackId::from("t1"),
                Stem::Vocals,
                ("high", "1000", &track_sig),
                999
            ),
            Err(LinkError::Invalid)
        );
    }

    #[test]
    fn changing_any_part_breaks_the_signature() {
        let keys = Keys::generate();
        let sig = sign(&keys, &TrackId::from("t1"), StreamQuality::Standard, 1_000);

        for (track, quality, expires, sig) in [
            ("t2", "standard", "1000", sig.as_str()),
            ("t1", "lossless", "1000", sig.as_str()),
            ("t1", "standard", "2000", sig.as_str()),
            ("t1", "standard", "soon", sig.as_str()),
            ("t1", "standard", "1000", "AAAAAAAAAAAAAAAAAAAAAA"),
            ("t1", "ultra", "1000", sig.as_str()),
        ] {
            assert_eq!(
                verify(&keys, &TrackId::from(track), quality, expires, sig, 0),
                Err(LinkError::Invalid),
                "{track} {quality} {expires} {sig}"
            );
        }
    }
}
