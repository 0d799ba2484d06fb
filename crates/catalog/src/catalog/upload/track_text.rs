//! A track's text as the upload form gives it: cleaned, checked, and the keys search uses.

use backbeat_core::errors::{self, Failure};
use backbeat_core::http::text_schema::{Controls, TextRules};

/// The longest title, artist, album or genre.
pub const TEXT_MAX_CHARS: usize = 200;
/// What a title or an artist name takes, as the OpenAPI document says it.
pub const REQUIRED_RULES: TextRules = TextRules {
    max_chars: TEXT_MAX_CHARS,
    may_be_empty: false,
    controls: Controls::AsSpaces,
};
/// What an album or a genre takes, as the OpenAPI document says it.
pub const OPTIONAL_RULES: TextRules = TextRules {
    may_be_empty: true,
    ..REQUIRED_RULES
};
/// Separates the fields in the search text; control characters never occur in them.
const SEARCH_SEPARATOR: char = '\u{1f}';

/// A track's text: title and artist required, album and genre optional; control characters
/// become spaces, surrounding whitespace goes, each at most 200 characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackText {
    pub title: String,
    pub artist: String,
    pub album: Option<String>,
    pub genre: Option<String>,
}

impl TrackText {
    /// Checks in the order the upload page does: title, then artist.
    pub fn parse(
        title: Option<&str>,
        artist: Option<&str>,
        album: Option<&str>,
        genre: Option<&str>,
    ) -> Result<Self, Failure> {
        Ok(Self {
            title: text(title, "Title")?.ok_or(errors::TITLE_REQUIRED)?,
            artist: text(artist, "Artist name")?.ok_or(errors::ARTIST_REQUIRED)?,
            album: text(album, "Album")?,
            genre: text(genre, "Genre")?,
        })
    }

    /// Lowercased (unicode-aware) title, artist and the text search looks in.
    pub fn search_keys(&self) -> (String, String, String) {
        let fields = [
            Some(self.title.as_str()),
            Some(self.artist.as_str()),
            self.album.as_deref(),
            self.genre.as_deref(),
        ];
        let search_text = fields
            .into_iter()
            .flatten()
            .map(str::to_lowercase)
            .collect::<Vec<_>>()
            .join(&SEARCH_SEPARATOR.to_string());
        (
            self.title.to_lowercase(),
            self.artist.to_lowercase(),
            search_text,
        )
    }
}

fn text(raw: Option<&str>, field: &'static str) -> Result<Option<String>, Failure> {
    let cleaned: String = raw
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let trimmed = cleaned.trim();
    if trimmed.is_empty() {
        return Ok(None);
    }
    if trimmed.chars().count() > TEXT_MAX_CHARS {
        return Err(Failure::Detailed(
            errors::TEXT_TOO_LONG,
            errors::TEXT_TOO_LONG.message_for(field),
        ));
    }
    Ok(Some(trimmed.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn track_text_is_taken_exactly_as_the_document_says() {
        for probe in REQUIRED_RULES.probes() {
            assert_eq!(
                TrackText::parse(Some(&probe), Some("Ana"), None, None).is_ok(),
                REQUIRED_RULES.fits(&probe),
                "{probe:?}"
            );
        }
        for probe in OPTIONAL_RULES.probes() {
            assert_eq!(
                TrackText::parse(Some("Song"), Some("Ana"), Some(&probe), None).is_ok(),
                OPTIONAL_RULES.fits(&probe),
                "{probe:?}"
            );
        }
    }

    #[test]
    fn title_and_artist_are_required_in_that_order() {
        let no_title = TrackText::parse(Some("  "), None, None, None).unwrap_err();
        let no_artist = TrackText::parse(Some("Song"), Some("\t"), None, None).unwrap_err();
        assert!(no_title.is(errors::TITLE_REQUIRED));
        assert!(no_artist.is(errors::ARTIST_REQUIRED));
        let text =
            TrackText::parse(Some(" Song "), Some("Ana\n"), Some(" "), Some("Jazz")).unwrap();
        assert_eq!(text.title, "Song");
        assert_eq!(text.artist, "Ana");
        assert_eq!(text.album, None);
        assert_eq!(text.genre.as_deref(), Some("Jazz"));
        assert_eq!(no_title.to_string(), "Please enter a title.");
        assert_eq!(no_artist.to_string(), "Please enter an artist name.");
    }

    #[test]
    fn text_has_at_most_200_characters_and_no_control_characters() {
        assert!(TrackText::parse(Some(&"ö".repeat(200)), Some("a"), None, None).is_ok());
        let long = TrackText::parse(Some("t"), Some("a"), Some(&"ö".repeat(201)), None);
        assert_eq!(
            long.unwrap_err().to_string(),
            "Album must be at most 200 characters."
        );
        let text = TrackText::parse(Some("a\u{0}b\nc"), Some("x"), None, None).unwrap();
        assert_eq!(text.title, "a b c");
    }

    #[test]
    fn search_keys_are_lowercased_beyond_ascii() {
        let text = TrackText::parse(Some("Schrei"), Some("Die Ärzte"), None, Some("PUNK")).unwrap();
        let (title, artist, search) = text.search_keys();
        assert_eq!(title, "schrei");
        assert_eq!(artist, "die ärzte");
        assert_eq!(search, "schrei\u{1f}die ärzte\u{1f}punk");
    }
}
