//! The name an uploaded track's original is stored under: `tracks/{userId}/{millis}_{name}`,
//! where the name is the client's, made safe. Only the base name is kept (no folders), runs of
//! whitespace become `_`, control characters are dropped, the name has at most
//! 120 characters and always ends with an extension. Unicode letters are kept.

/// The longest stored name, extension included.
pub const MAX_CHARS: usize = 120;
const MAX_EXTENSION_CHARS: usize = 10;

/// A safe file name, split into stem and extension so a suffix can tell apart two uploads
/// that would otherwise share it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredFileName {
    stem: String,
    extension: String,
}

impl StoredFileName {
    /// The stored name of a client's file. `detected_extension` (from the audio's bytes) is
    /// used when the name has none, and names a file that has no usable name (`audio.mp3`).
    pub fn from_client(client_name: Option<&str>, detected_extension: &str) -> Self {
        let base = client_name
            .unwrap_or_default()
            .rsplit(['/', '\\'])
            .next()
            .unwrap_or_default();
        let mut cleaned = String::with_capacity(base.len());
        let mut in_whitespace = false;
        // Tabs and line breaks are whitespace (an underscore), other control characters go.
        for c in base.chars() {
            if c.is_whitespace() {
                if !in_whitespace {
                    cleaned.push('_');
                }
                in_whitespace = true;
            } else if !c.is_control() {
                cleaned.push(c);
                in_whitespace = false;
            }
        }
        let (stem, extension) = match cleaned.rsplit_once('.') {
            Some((stem, ext))
                if !ext.is_empty()
                    && ext.chars().count() <= MAX_EXTENSION_CHARS
                    && ext.chars().all(|c| c.is_ascii_alphanumeric()) =>
            {
                (stem.to_owned(), ext.to_owned())
            }
            // No extension: the name's tail is part of the stem. A name that ended in `#` and
            // digits would read as a temporary file to the local store; an extension prevents it.
            _ => (cleaned, detected_extension.to_owned()),
        };
        let stem = if stem.chars().all(|c| c == '.' || c == '_') {
            "audio".to_owned()
        } else {
            stem
        };
        let room = MAX_CHARS - extension.chars().count() - 1;
        Self {
            stem: stem.chars().take(room).collect(),
            extension,
        }
    }

    /// The name, or for `n > 0` the name with `-n` before the extension.
    pub fn numbered(&self, n: u32) -> String {
        if n == 0 {
            return format!("{}.{}", self.stem, self.extension);
        }
        let suffix = format!("-{n}");
        let room = MAX_CHARS - self.extension.chars().count() - 1 - suffix.len();
        let stem: String = self.stem.chars().take(room).collect();
        format!("{stem}{suffix}.{}", self.extension)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(name: &str) -> String {
        StoredFileName::from_client(Some(name), "mp3").numbered(0)
    }

    #[test]
    fn whitespace_runs_become_one_underscore() {
        assert_eq!(stored("My  first\tsong .mp3"), "My_first_song_.mp3");
        assert_eq!(stored("a\r\n\u{a0}b.mp3"), "a_b.mp3");
    }

    #[test]
    fn folders_are_dropped() {
        assert_eq!(stored("../../x.mp3"), "x.mp3");
        assert_eq!(stored("C:\\Users\\ana\\Music\\y.wav"), "y.wav");
        assert_eq!(stored("/etc/passwd"), "passwd.mp3");
    }

    #[test]
    fn control_characters_are_dropped_and_unicode_kept() {
        assert_eq!(
            stored("Ärzte\u{0}\u{1b}[31m – Lied.flac"),
            "Ärzte[31m_–_Lied.flac"
        );
        assert_eq!(stored("東京 夜.ogg"), "東京_夜.ogg");
    }

    #[test]
    fn a_name_without_a_usable_extension_gets_the_detected_one() {
        assert_eq!(stored("Track #1"), "Track_#1.mp3");
        assert_eq!(stored("take.1#22"), "take.1#22.mp3");
        assert_eq!(stored("noise."), "noise..mp3");
    }

    #[test]
    fn an_empty_name_is_audio_with_the_detected_extension() {
        for empty in ["", "   ", "..", "/", "a/", "\u{7}"] {
            assert_eq!(
                StoredFileName::from_client(Some(empty), "wav").numbered(0),
                "audio.wav",
                "{empty:?}"
            );
        }
        assert_eq!(
            StoredFileName::from_client(None, "flac").numbered(0),
            "audio.flac"
        );
        assert_eq!(stored(".ogg"), "audio.ogg");
    }

    #[test]
    fn names_have_at_most_120_characters_and_keep_their_extension() {
        let long = format!("{}.mp3", "é".repeat(300));
        let name = stored(&long);
        assert_eq!(name.chars().count(), MAX_CHARS);
        assert!(name.ends_with("é.mp3"));

        let numbered = StoredFileName::from_client(Some(&long), "mp3").numbered(12);
        assert_eq!(numbered.chars().count(), MAX_CHARS);
        assert!(numbered.ends_with("é-12.mp3"));
    }

    #[test]
    fn a_number_goes_before_the_extension() {
        let name = StoredFileName::from_client(Some("a b.wav"), "wav");
        assert_eq!(name.numbered(1), "a_b-1.wav");
    }
}
