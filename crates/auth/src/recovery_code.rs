//! Two-factor recovery codes: ten one-time codes that stand in for an authenticator app's code,
//! for the day the phone is lost. Each is 10 characters of Crockford's base32 (50 random bits),
//! shown as `xxxxx-xxxxx`, and stored as a MAC under the instance secret, so the database alone
//! gives nothing to guess offline.

use rand::Rng;

use backbeat_core::ids::UserId;
use backbeat_core::signing::Secret;

/// Codes made at once.
pub const COUNT: usize = 10;
/// Characters in a code, without the hyphen.
const LENGTH: usize = 10;
/// Crockford's base32: no I, L, O or U, so nothing reads as another character.
const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// A new set of codes, as shown to the user.
pub fn generate() -> Vec<String> {
    let mut rng = rand::rngs::OsRng;
    (0..COUNT)
        .map(|_| {
            let chars: String = (0..LENGTH)
                .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
                .collect();
            format!("{}-{}", &chars[..LENGTH / 2], &chars[LENGTH / 2..])
        })
        .collect()
}

/// The code as stored, from what a person typed: case, spaces and hyphens do not matter, and
/// the letters Crockford reads as digits (`o`, `i`, `l`) are taken as those. `None` when it
/// cannot be a recovery code.
pub fn normalize(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .map(|c| match c.to_ascii_lowercase() {
            'o' => '0',
            'i' | 'l' => '1',
            other => other,
        })
        .collect();
    (code.len() == LENGTH && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// The stored form of a normalized code of `user_id`.
pub fn hash(secret: &Secret, user_id: &UserId, code: &str) -> String {
    let mac = secret.mac("recovery-code", format!("{user_id}\n{code}").as_bytes());
    hex::encode(&mac[..16])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_distinct_codes_that_read_back_as_themselves() {
        let codes = generate();

        assert_eq!(codes.len(), COUNT);
        for code in &codes {
            assert_eq!(code.len(), LENGTH + 1, "{code}");
            assert_eq!(&code[5..6], "-");
            assert_eq!(normalize(code).unwrap(), code.replace('-', ""));
        }
        let distinct: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(distinct.len(), COUNT);
    }

    #[test]
    fn typing_is_forgiving_but_only_codes_pass() {
        assert_eq!(normalize(" AB0CD-EF1GH ").as_deref(), Some("ab0cdef1gh"));
        assert_eq!(normalize("abocd efigh").as_deref(), Some("ab0cdef1gh"));
        assert_eq!(
            normalize("123456"),
            None,
            "a TOTP code is not a recovery code"
        );
        assert_eq!(normalize("abcde-fghjku"), None);
        assert_eq!(normalize("abcde-fghju"), None, "u is not in the alphabet");
        assert_eq!(normalize(""), None);
    }

    #[test]
    fn the_stored_form_depends_on_the_user_and_the_secret() {
        let secret = Secret::new([3; 32]);

        let a = hash(&secret, &UserId::from("u1"), "ab0cdef1gh");

        assert_eq!(a, hash(&secret, &UserId::from("u1"), "ab0cdef1gh"));
        assert_ne!(a, hash(&secret, &UserId::from("u2"), "ab0cdef1gh"));
        assert_ne!(
            a,
            hash(&Secret::new([4; 32]), &UserId::from("u1"), "ab0cdef1gh")
        );
    }
}
