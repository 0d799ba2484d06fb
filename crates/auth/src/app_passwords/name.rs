//! An app password's name: what its owner calls the app it is for ("Phone", "Feishin").

use backbeat_core::errors::{self, Failure};
use backbeat_core::http::text_schema::{Controls, TextRules};

pub const NAME_MAX_CHARS: usize = 64;
/// What [`AppPasswordName::parse`] takes, as the OpenAPI document says it.
pub const NAME_RULES: TextRules = TextRules {
    max_chars: NAME_MAX_CHARS,
    may_be_empty: false,
    controls: Controls::Refused,
};

/// Trimmed, 1 to 64 characters, no control characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AppPasswordName(String);

impl AppPasswordName {
    pub fn parse(raw: &str) -> Result<Self, Failure> {
        let name = raw.trim();
        if name.is_empty() {
            return Err(errors::APP_PASSWORD_NAME_REQUIRED.into());
        }
        if name.chars().count() > NAME_MAX_CHARS {
            return Err(errors::APP_PASSWORD_NAME_TOO_LONG.into());
        }
        if name.chars().any(char::is_control) {
            return Err(errors::APP_PASSWORD_NAME_CONTROL_CHARACTERS.into());
        }
        Ok(Self(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parser_takes_what_the_documented_rules_take() {
        for probe in NAME_RULES.probes() {
            assert_eq!(
                AppPasswordName::parse(&probe).is_ok(),
                NAME_RULES.fits(&probe),
                "{probe:?}"
            );
        }
    }

    #[test]
    fn a_name_is_trimmed() {
        assert_eq!(
            AppPasswordName::parse("  Phone ").unwrap().as_str(),
            "Phone"
        );
        assert!(AppPasswordName::parse("   ").is_err());
    }
}
