//! TOTP two-factor codes (RFC 6238: SHA-1, 6 digits, 30-second steps) and enrolment QR codes.

use totp_rs::{Algorithm, Secret, TOTP};

const DIGITS: usize = 6;
const STEP_SECS: u64 = 30;
const SECRET_BYTES: usize = 20;

/// A fresh base32 secret.
pub fn new_secret() -> String {
    let mut bytes = [0u8; SECRET_BYTES];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
    Secret::Raw(bytes.to_vec()).to_encoded().to_string()
}

fn totp(secret: &str, issuer: &str, account: &str) -> Option<TOTP> {
    let bytes = Secret::Encoded(secret.to_owned()).to_bytes().ok()?;
    TOTP::new(
        Algorithm::SHA1,
        DIGITS,
        1,
        STEP_SECS,
        bytes,
        Some(issuer.to_owned()),
        account.to_owned(),
    )
    .ok()
}

/// The `otpauth://` URI authenticator apps import.
pub fn otpauth_uri(secret: &str, issuer: &str, account: &str) -> Option<String> {
    totp(secret, issuer, account).map(|t| t.get_url())
}

/// The URI as an SVG QR code.
pub fn qr_code_svg(uri: &str) -> Option<String> {
    let code = qrcode::QrCode::new(uri.as_bytes()).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color<'_>>()
            // Colour names, not `#rrggbb`: auth-js puts the SVG into a data URL unencoded, and a
            // `#` there ends the URL.
            .dark_color(qrcode::render::svg::Color("black"))
            .light_color(qrcode::render::svg::Color("white"))
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .build(),
    )
}

/// The time step `code` is valid for at `now` (allowing one step of clock drift either way),
/// or `None` when it is wrong.
pub fn matching_step(secret: &str, code: &str, now: u64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let totp = totp(secret, "check", "check")?;
    let current = now / STEP_SECS;
    [current.saturating_sub(1), current, current + 1]
        .into_iter()
        .find(|step| constant_time_eq(totp.generate(step * STEP_SECS).as_bytes(), code.as_bytes()))
        .map(|step| step as i64)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The code an authenticator app shows at `now` (tests and the CLI use it).
pub fn code_at(secret: &str, now: u64) -> Option<String> {
    totp(secret, "check", "check").map(|t| t.generate(now))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_of_the_current_and_neighbouring_steps_match() {
        let secret = new_secret();
        let now = 1_800_000_015;
        for offset in [-30i64, 0, 30] {
            let code = code_at(&secret, (now as i64 + offset) as u64).unwrap();
            assert_eq!(
                matching_step(&secret, &code, now),
                Some((now as i64 + offset) / 30)
            );
        }
        let stale = code_at(&secret, now - 90).unwrap();
        assert_eq!(matching_step(&secret, &stale, now), None);
        assert_eq!(matching_step(&secret, "12345", now), None);
        assert_eq!(matching_step(&secret, "abcdef", now), None);
    }

    #[test]
    fn enrolment_gives_an_otpauth_uri_and_an_svg() {
        let secret = new_secret();
        let uri = otpauth_uri(&secret, "Backbeat", "ana@example.com").unwrap();
        assert!(
            uri.starts_with("otpauth://totp/Backbeat:ana%40example.com?"),
            "{uri}"
        );
        assert!(uri.contains(&format!("secret={secret}")), "{uri}");
        let svg = qr_code_svg(&uri).unwrap();
        assert!(svg.contains("<svg"));
        assert!(
            !svg.contains('#'),
            "a # would end auth-js's data URL: {svg}"
        );
    }
}
