//! A user's profile: its fields as they may be written (the newtypes here, parsed once), the
//! own profile and other users' profiles.

pub mod routes;
pub mod service;
pub mod store;

use backbeat_core::errors::{self, Failure};
use backbeat_core::http::text_schema::{Controls, TextRules, WHITE_SPACE};
use backbeat_platform::users::DisplayName;

/// The longest bio.
pub const BIO_MAX_CHARS: usize = 500;
/// What [`Bio::parse`] takes, as the OpenAPI document says it.
pub const BIO_RULES: TextRules = TextRules {
    max_chars: BIO_MAX_CHARS,
    may_be_empty: true,
    controls: Controls::Lines,
};
/// The longest social link.
pub const SOCIAL_LINK_MAX_CHARS: usize = 2048;

/// A bio: trimmed, at most 500 characters; line breaks and tabs allowed, other control
/// characters not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bio(String);

impl Bio {
    pub fn parse(raw: &str) -> Result<Self, Failure> {
        let bio = raw.trim();
        if bio.chars().count() > BIO_MAX_CHARS {
            return Err(errors::BIO_TOO_LONG.into());
        }
        if bio
            .chars()
            .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        {
            return Err(errors::BIO_CONTROL_CHARACTERS.into());
        }
        Ok(Self(bio.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The social links the OpenAPI document promises to take: nothing (clears the link), or an
/// `http(s)://` URL whose host is a plain name (its last label starts with a letter, so it is
/// never read as an IPv4 address), with an optional port and any path, query and fragment of
/// URL characters, within the length limit; with white space around. [`SocialLink::parse`]
/// takes more (any URL with a host and no credentials); these it always takes.
pub fn social_link_pattern() -> String {
    let around = format!("[{WHITE_SPACE}]*");
    let label = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    let last_label = "[A-Za-z](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
    let rest = r"(?:[/?#][A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%-]{0,1300})?";
    format!(
        "^{around}(?:[Hh][Tt][Tt][Pp][Ss]?://(?:{label}\\.){{0,8}}{last_label}(?::[1-9][0-9]{{0,3}})?{rest})?{around}$"
    )
}

/// An absolute http or https URL with a host and no credentials, in normalised form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SocialLink(String);

impl SocialLink {
    pub fn parse(raw: &str) -> Result<Self, Failure> {
        let raw = raw.trim();
        if raw.chars().count() > SOCIAL_LINK_MAX_CHARS {
            return Err(errors::SOCIAL_LINK_TOO_LONG.into());
        }
        let url = backbeat_core::net::web_url(raw).ok_or(errors::SOCIAL_LINK_SCHEME)?;
        let link = String::from(url);
        if link.chars().count() > SOCIAL_LINK_MAX_CHARS {
            return Err(errors::SOCIAL_LINK_TOO_LONG.into());
        }
        Ok(Self(link))
    }

    /// A link field of an update: null or blank clears the link.
    pub fn parse_or_clear(raw: Option<&str>) -> Result<Option<Self>, Failure> {
        match raw.map(str::trim) {
            None | Some("") => Ok(None),
            Some(link) => Self::parse(link).map(Some),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A validated change to a profile. `None` leaves a field as it is; for links and the
/// featured playlist `Some(None)` clears it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProfileChanges {
    pub name: Option<DisplayName>,
    pub bio: Option<Bio>,
    pub twitter: Option<Option<SocialLink>>,
    pub instagram: Option<Option<SocialLink>>,
    pub spotify: Option<Option<SocialLink>>,
    /// The id of one of the owner's playlists (checked when the change is written).
    pub featured_playlist: Option<Option<String>>,
}

/// An update as the client sent it, before validation.
#[derive(Clone, Debug, Default)]
pub struct ProfileInput {
    pub name: Option<String>,
    pub bio: Option<String>,
    pub twitter: Option<Option<String>>,
    pub instagram: Option<Option<String>>,
    pub spotify: Option<Option<String>>,
    pub featured_playlist: Option<Option<String>>,
}

impl ProfileChanges {
    /// Validates every provided field; the first invalid one (name, bio, then the links in
    /// order) is the error.
    pub fn parse(input: ProfileInput) -> Result<Self, Failure> {
        let link = |raw: Option<Option<String>>| {
            raw.map(|value| SocialLink::parse_or_clear(value.as_deref()))
                .transpose()
        };
        Ok(Self {
            name: input.name.as_deref().map(DisplayName::parse).transpose()?,
            bio: input.bio.as_deref().map(Bio::parse).transpose()?,
            twitter: link(input.twitter)?,
            instagram: link(input.instagram)?,
            spotify: link(input.spotify)?,
            featured_playlist: input.featured_playlist,
        })
    }

    pub fn is_empty(&self) -> bool {
        self == &Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_social_link_the_document_allows_is_taken() {
        let pattern = regex::Regex::new(&social_link_pattern()).unwrap();
        let long_path = format!("https://x.io/{}", "a%2F~".repeat(260));
        let allowed = [
            "",
            "  ",
            "https://twitter.com/ana",
            " HTTP://Open.Spotify.com:8080/artist/1?si=a#top ",
            "http://a",
            "https://a-b.c-d.example/@ana/[x]!$&'()*+,;=:%zz",
            "https://x.io?@evil.example",
            "https://0.a",
            long_path.as_str(),
        ];
        for link in allowed {
            assert!(pattern.is_match(link), "{link:?} should match");
            assert!(SocialLink::parse_or_clear(Some(link)).is_ok(), "{link:?}");
        }
        for refused in [
            "twitter.com/ana",
            "ftp://x.io",
            "https://ana@x.io",
            "https://1.2.3.4.5",
            "https://",
            "https:///x.io",
            "https://x.io/a b",
        ] {
            assert!(!pattern.is_match(refused), "{refused:?} should not match");
        }
    }

    #[test]
    fn bios_are_taken_exactly_as_the_document_says() {
        for probe in BIO_RULES.probes() {
            assert_eq!(
                Bio::parse(&probe).is_ok(),
                BIO_RULES.fits(&probe),
                "{probe:?}"
            );
        }
    }

    #[test]
    fn a_bio_has_at_most_500_characters_and_may_have_line_breaks() {
        assert_eq!(
            Bio::parse("  beats\nand bass ").unwrap().as_str(),
            "beats\nand bass"
        );
        assert_eq!(Bio::parse("").unwrap().as_str(), "");
        assert!(Bio::parse(&"b".repeat(500)).is_ok());
        assert!(matches!(Bio::parse(&"b".repeat(501)), Err(e) if e.is(errors::BIO_TOO_LONG)));
        assert!(matches!(Bio::parse("nul\0"), Err(e) if e.is(errors::BIO_CONTROL_CHARACTERS)));
    }

    #[test]
    fn a_social_link_is_an_absolute_http_or_https_url() {
        assert_eq!(
            SocialLink::parse(" https://twitter.com/ana ")
                .unwrap()
                .as_str(),
            "https://twitter.com/ana"
        );
        assert_eq!(
            SocialLink::parse("HTTP://Instagram.com").unwrap().as_str(),
            "http://instagram.com/"
        );
        for bad in [
            "javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "ftp://files.example.com/a",
            "twitter.com/ana",
            "/relative/path",
            "https://",
            "http:///path",
            "http:example.com",
            "https:\\\\example.com",
            "https://twitter.com@evil.example/",
            "https://user:pass@example.com/",
            "mailto:ana@example.com",
        ] {
            assert!(
                matches!(SocialLink::parse(bad), Err(e) if e.is(errors::SOCIAL_LINK_SCHEME)),
                "{bad:?} was accepted"
            );
        }
        assert_eq!(
            errors::SOCIAL_LINK_SCHEME.message.to_string(),
            "Social links must start with http:// or https://"
        );
    }

    #[test]
    fn a_very_long_social_link_is_refused() {
        let long = format!("https://example.com/{}", "a".repeat(SOCIAL_LINK_MAX_CHARS));
        assert!(matches!(SocialLink::parse(&long), Err(e) if e.is(errors::SOCIAL_LINK_TOO_LONG)));
    }

    #[test]
    fn a_null_or_blank_link_clears_it() {
        assert_eq!(SocialLink::parse_or_clear(None).unwrap(), None);
        assert_eq!(SocialLink::parse_or_clear(Some("  ")).unwrap(), None);
        assert!(
            SocialLink::parse_or_clear(Some("https://open.spotify.com/x"))
                .unwrap()
                .is_some()
        );
    }

    #[test]
    fn changes_keep_absent_fields_and_report_the_first_invalid_one() {
        let changes = ProfileChanges::parse(ProfileInput {
            bio: Some("hi".into()),
            twitter: Some(None),
            ..ProfileInput::default()
        })
        .unwrap();
        assert_eq!(changes.name, None);
        assert_eq!(changes.bio.unwrap().as_str(), "hi");
        assert_eq!(changes.twitter, Some(None));
        assert_eq!(changes.instagram, None);

        let invalid = ProfileChanges::parse(ProfileInput {
            name: Some(" ".into()),
            spotify: Some(Some("ftp://x".into())),
            ..ProfileInput::default()
        });
        assert!(matches!(invalid, Err(e) if e.is(errors::DISPLAY_NAME_REQUIRED)));
        assert!(
            ProfileChanges::parse(ProfileInput::default())
                .unwrap()
                .is_empty()
        );
    }
}
