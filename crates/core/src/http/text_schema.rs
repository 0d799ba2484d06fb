//! The OpenAPI schema of a text field the server trims before it checks it (names, bios,
//! descriptions): a pattern that holds exactly when the text, trimmed as Rust's `str::trim`
//! trims, fits the field's rules, so that what the document allows is what the server takes.
//! A length limit on the raw text would be wrong both ways: surrounding spaces do not count,
//! and a control character inside is refused whatever the length.

use std::borrow::Cow;

use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

/// What a text field takes besides its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextRules {
    /// The most characters the trimmed text may have.
    pub max_chars: usize,
    /// Whether it may be empty (or only spaces) once trimmed.
    pub may_be_empty: bool,
    pub controls: Controls,
}

/// What a text field does with control characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controls {
    /// None may appear inside the text (names).
    Refused,
    /// Line breaks and tabs may, no other (bios, descriptions).
    Lines,
    /// Each counts as a space before trimming (a track's text).
    AsSpaces,
}

/// Unicode's White_Space, which `str::trim` removes from both ends, as a character class's
/// contents.
pub const WHITE_SPACE: &str =
    r"\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000";
/// The control characters (Unicode category Cc), which `char::is_control` tells.
const CONTROL: &str = r"\x00-\x1f\x7f-\x9f";
/// The control characters but tab, line feed and carriage return.
const CONTROL_BUT_LINES: &str = r"\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f";

impl TextRules {
    /// The regular expression (ECMA-262 and Python alike) of a text that fits these rules
    /// once trimmed.
    pub fn pattern(self) -> String {
        let inside = match self.controls {
            Controls::Refused => format!("[^{CONTROL}]"),
            Controls::Lines => format!("[^{CONTROL_BUT_LINES}]"),
            Controls::AsSpaces => r"[\s\S]".to_owned(),
        };
        // What trimming removes: white space, and control characters where they are spaces.
        let around = match self.controls {
            Controls::AsSpaces => format!("[{WHITE_SPACE}{CONTROL}]*"),
            Controls::Refused | Controls::Lines => format!("[{WHITE_SPACE}]*"),
        };
        let edge = format!("[^{WHITE_SPACE}{CONTROL}]");
        let trimmed = match self.max_chars {
            0 => String::new(),
            1 => edge.clone(),
            max => format!("{edge}(?:{inside}{{0,{}}}{edge})?", max - 2),
        };
        let trimmed = if self.may_be_empty || self.max_chars == 0 {
            format!("(?:{trimmed})?")
        } else {
            trimmed
        };
        format!("^{around}{trimmed}{around}$")
    }

    /// The string schema of such a field.
    pub fn schema(self, description: &str) -> Object {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(self.pattern()))
            .description(Some(description))
            .build()
    }

    /// The schema of such a field that may also be null.
    pub fn nullable_schema(self, description: &str) -> Object {
        ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .pattern(Some(self.pattern()))
            .description(Some(description))
            .build()
    }

    /// Whether `text` fits these rules: trimmed as `str::trim` trims (control characters first
    /// made spaces where they count as such), not empty unless it may be, at most `max_chars`
    /// characters, no control characters inside where they are refused (but line breaks and
    /// tabs where lines are allowed). The field's own check must agree (its tests say so).
    pub fn fits(self, text: &str) -> bool {
        let text: Cow<'_, str> = match self.controls {
            Controls::AsSpaces => text
                .chars()
                .map(|c| if c.is_control() { ' ' } else { c })
                .collect::<String>()
                .into(),
            Controls::Refused | Controls::Lines => text.into(),
        };
        let trimmed = text.trim();
        let count = trimmed.chars().count();
        let allowed = |c: char| match self.controls {
            Controls::Refused => !c.is_control(),
            Controls::Lines => !c.is_control() || matches!(c, '\n' | '\r' | '\t'),
            Controls::AsSpaces => true,
        };
        (self.may_be_empty || count > 0) && count <= self.max_chars && trimmed.chars().all(allowed)
    }

    /// Texts that probe every clause of the rules near `max_chars`: empty and blank, every
    /// kind of space around and inside, control characters, the length limit both ways. For
    /// the fields' tests, which check their own parsing against [`TextRules::fits`].
    pub fn probes(self) -> Vec<String> {
        let max = self.max_chars;
        let mut probes: Vec<String> = [
            "",
            " ",
            "\t",
            "a",
            " a ",
            "\ta\t",
            "a b",
            "a\tb",
            "a\nb",
            "a\rb",
            "a\u{7}b",
            "\u{85}a",
            "a\u{85}",
            "a\u{85}b",
            "\u{1c}a",
            "a\u{1c}",
            "\u{3000}x\u{3000}",
            "x\u{a0}y",
            "\u{7f}",
            "é",
            "日本",
            "🎵",
            "\u{200b}",
            "\u{1}\u{2}",
            "\u{1}a\u{9f}",
        ]
        .iter()
        .map(|s| (*s).to_owned())
        .collect();
        for n in [max.saturating_sub(1), max, max + 1] {
            probes.push("x".repeat(n));
            probes.push(format!(" {} ", "é".repeat(n)));
            probes.push(format!("\n{}\u{2028}", "日".repeat(n)));
        }
        probes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<TextRules> {
        let mut kinds = Vec::new();
        for max_chars in [1, 2, 5, 80] {
            for may_be_empty in [false, true] {
                for controls in [Controls::Refused, Controls::Lines, Controls::AsSpaces] {
                    kinds.push(TextRules {
                        max_chars,
                        may_be_empty,
                        controls,
                    });
                }
            }
        }
        kinds
    }

    #[test]
    fn the_pattern_holds_exactly_when_the_trimmed_text_fits() {
        for rules in every_kind() {
            let regex = regex::Regex::new(&rules.pattern()).expect("the pattern compiles");
            for probe in rules.probes() {
                assert_eq!(
                    regex.is_match(&probe),
                    rules.fits(&probe),
                    "{rules:?} on {probe:?}: {}",
                    rules.pattern()
                );
            }
        }
    }

    #[test]
    fn a_required_name_refuses_blank_text_and_a_long_one_once_trimmed() {
        let name = TextRules {
            max_chars: 5,
            may_be_empty: false,
            controls: Controls::Refused,
        };
        let title = TextRules {
            controls: Controls::AsSpaces,
            ..name
        };

        assert!(name.fits(" xxxxx "));
        assert!(!name.fits("xxxxxx"));
        assert!(!name.fits(" \u{3000} "));
        assert!(!name.fits("a\tb"));
        assert!(
            TextRules {
                controls: Controls::Lines,
                ..name
            }
            .fits("a\tb")
        );
        assert!(title.fits("\u{1}a\u{1}b\u{1}") && !title.fits("\u{1}\u{2}"));
    }
}
