//! A search as the text indexes read it: the query's words, the tiers a match falls in, and
//! where a page of results starts.
//!
//! A track matches when every word of the query is in its title, artist, album or genre, the
//! last word as a prefix (search-as-you-type), case and diacritics ignored. Matches come in tiers:
//! the title or artist is the query itself, then every word in the title or artist, then in those
//! and the album, then anywhere (the genre); within a tier the most played first, then the newest.

use backbeat_core::db::Timestamp;
use backbeat_core::db::page::Position;
use backbeat_core::errors::{self, Failure};

/// The most characters a search may have, counted after trimming surrounding whitespace.
pub const MAX_CHARS: usize = 200;
/// The most words a search may have (words as the index reads them: runs of letters or
/// digits). Every word is a term of each tier's query; no title needs more.
pub const MAX_WORDS: usize = 10;

/// The tiers of a search, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// The title or the artist is the query (ignoring case).
    Exact,
    /// Every word in the title or artist.
    TitleArtist,
    /// Every word in the title, artist or album.
    Album,
    /// Every word somewhere, the genre included.
    Genre,
}

impl Tier {
    pub const ALL: [Tier; 4] = [Tier::Exact, Tier::TitleArtist, Tier::Album, Tier::Genre];

    fn index(self) -> i64 {
        self as i64
    }
}

/// Bits of a page position's rank that hold the plays; the tier is above them.
const PLAYS_BITS: u32 = 50;
pub const PLAYS_MASK: i64 = (1 << PLAYS_BITS) - 1;
/// What one step of tier adds to a rank (see [`rank`]).
pub const TIER_STEP: i64 = 1 << PLAYS_BITS;

/// A search result's place in the list, as one descending rank: the tier (best highest) above
/// the plays. With the creation time and the id it orders every result.
pub fn rank(tier: Tier, plays: i64) -> i64 {
    (3 - tier.index()) * TIER_STEP + plays.clamp(0, PLAYS_MASK)
}

/// Where a page of results continues: in which tier, and after which (plays, created_at, id)
/// within it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resume {
    pub tier: Tier,
    pub plays: i64,
    pub at: Timestamp,
    pub id: String,
}

impl Resume {
    /// The start of a tier: before every row of it.
    pub fn start_of(tier: Tier) -> Self {
        let start = Position::before_descending();
        Self {
            tier,
            plays: i64::MAX,
            at: start.at,
            id: start.id,
        }
    }

    /// Where the page after `after` starts (the first page without one).
    pub fn from_position(after: Option<&Position>) -> Self {
        let Some(after) = after else {
            return Self::start_of(Tier::Exact);
        };
        let tier = 3 - (after.rank >> PLAYS_BITS).clamp(0, 3);
        Self {
            tier: Tier::ALL[tier as usize],
            plays: after.rank & PLAYS_MASK,
            at: after.at,
            id: after.id.clone(),
        }
    }
}

/// A query as the text indexes read it: its lowercased text (for exact matches) and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchQuery {
    pub exact: String,
    words: Vec<String>,
    /// The words as PostgreSQL's text query holds them (see [`splits_ts_word`]).
    ts_words: Vec<String>,
}

/// Whether PostgreSQL's `unaccent` may turn `c`, a letter, into an apostrophe (`ʼ`, `ʻ`, `ˈ`
/// and the other spacing modifier letters, U+02B0 to U+02FF; `ŉ`), which `to_tsquery` would
/// read as the end of a quoted word. PostgreSQL's parser splits the indexed text at that
/// apostrophe too, so its text query splits the word there.
fn splits_ts_word(c: char) -> bool {
    c == '\u{149}' || ('\u{2b0}'..='\u{2ff}').contains(&c)
}

impl SearchQuery {
    /// The query in `text`: control characters dropped, trimmed, lowercased; `None` when it has
    /// no word (letters or digits) to look for.
    pub fn parse(text: &str) -> Option<Self> {
        let cleaned: String = text.chars().filter(|c| !c.is_control()).collect();
        let exact = cleaned.trim().to_lowercase();
        let words: Vec<String> = exact
            .split(|c: char| !c.is_alphanumeric())
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect();
        let ts_words: Vec<String> = words
            .iter()
            .flat_map(|word| word.split(splits_ts_word))
            .filter(|word| !word.is_empty())
            .map(str::to_owned)
            .collect();
        (!ts_words.is_empty()).then_some(Self {
            exact,
            words,
            ts_words,
        })
    }

    /// The query in `text` as [`SearchQuery::parse`] reads it, once `text` is known to be
    /// within the bounds of a search: at most [`MAX_CHARS`] characters after trimming and
    /// [`MAX_WORDS`] words, else [`errors::SEARCH_TOO_LONG`].
    pub fn parse_bounded(text: &str) -> Result<Option<Self>, Failure> {
        let text = text.trim();
        if text.chars().count() > MAX_CHARS {
            return Err(errors::SEARCH_TOO_LONG.into());
        }
        let query = Self::parse(text);
        if query
            .as_ref()
            .is_some_and(|query| query.words.len() > MAX_WORDS)
        {
            return Err(errors::SEARCH_TOO_LONG.into());
        }
        Ok(query)
    }

    /// The characters in the last word (the prefix).
    pub fn last_word_chars(&self) -> usize {
        self.words.last().map_or(0, |word| word.chars().count())
    }

    /// Every word, the last as a prefix, in FTS5 syntax: `"deep" "blu"*`. Words hold only
    /// letters and digits, so quoting them is enough.
    fn fts_words(&self) -> String {
        let last = self.words.len() - 1;
        self.words
            .iter()
            .enumerate()
            .map(|(i, word)| {
                if i == last {
                    format!("\"{word}\"*")
                } else {
                    format!("\"{word}\"")
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The FTS5 query (table `tracks_search`) of the matches in `tier`, or of every match
    /// with `None`. The exact tier is the title-and-artist one; its rows are told apart by their
    /// lowercased title and artist.
    pub fn fts(&self, tier: Option<Tier>) -> String {
        let words = self.fts_words();
        let title_artist = format!("{{title artist}}: ({words})");
        let with_album = format!("{{title artist album}}: ({words})");
        match tier {
            None => words,
            Some(Tier::Exact | Tier::TitleArtist) => title_artist,
            Some(Tier::Album) => format!("{with_album} NOT {title_artist}"),
            Some(Tier::Genre) => format!("({words}) NOT {with_album}"),
        }
    }

    /// Every word with the given weights, the last as a prefix, in `to_tsquery` syntax:
    /// `'deep':AB & 'blu':*AB`.
    fn ts_words(&self, weights: &str) -> String {
        let last = self.ts_words.len() - 1;
        self.ts_words
            .iter()
            .enumerate()
            .map(|(i, word)| {
                let prefix = if i == last { "*" } else { "" };
                if prefix.is_empty() && weights.is_empty() {
                    format!("'{word}'")
                } else {
                    format!("'{word}':{prefix}{weights}")
                }
            })
            .collect::<Vec<_>>()
            .join(" & ")
    }

    /// The PostgreSQL text query (over `tracks.search_vector`: title and artist weigh A, the
    /// album B, the genre C) of the matches in `tier`, or of every match with `None`.
    pub fn tsquery(&self, tier: Option<Tier>) -> String {
        let title_artist = self.ts_words("A");
        let with_album = self.ts_words("AB");
        let any = self.ts_words("");
        match tier {
            None => any,
            Some(Tier::Exact | Tier::TitleArtist) => title_artist,
            Some(Tier::Album) => format!("({with_album}) & !({title_artist})"),
            Some(Tier::Genre) => format!("({any}) & !({with_album})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_its_words_the_last_a_prefix() {
        let query = SearchQuery::parse("  Deep BLUE-sé\u{0} ").unwrap();
        assert_eq!(query.exact, "deep blue-sé");
        assert_eq!(query.fts(None), "\"deep\" \"blue\" \"sé\"*");
        assert_eq!(query.tsquery(None), "'deep' & 'blue' & 'sé':*");
        assert_eq!(
            query.fts(Some(Tier::Album)),
            "{title artist album}: (\"deep\" \"blue\" \"sé\"*) \
             NOT {title artist}: (\"deep\" \"blue\" \"sé\"*)"
        );
        assert_eq!(
            query.tsquery(Some(Tier::Genre)),
            "('deep' & 'blue' & 'sé':*) & !('deep':AB & 'blue':AB & 'sé':*AB)"
        );
        assert_eq!(
            query.tsquery(Some(Tier::TitleArtist)),
            "'deep':A & 'blue':A & 'sé':*A"
        );
    }

    #[test]
    fn a_query_without_letters_or_digits_looks_for_nothing() {
        for text in ["", "   ", "%_", "\"*'", "&|!()"] {
            assert_eq!(SearchQuery::parse(text), None, "{text:?}");
        }
        let quoted = SearchQuery::parse("\"a\" OR b*").unwrap();
        assert_eq!(quoted.fts(None), "\"a\" \"or\" \"b\"*");
        assert_eq!(quoted.tsquery(None), "'a' & 'or' & 'b':*");
    }

    #[test]
    fn a_search_has_at_most_200_characters_and_10_words_once_trimmed() {
        let words = |n: usize| vec!["wörd"; n].join(" ");
        let within = |text: &str| SearchQuery::parse_bounded(text).map(|q| q.is_some());
        let refused = |text: &str| {
            SearchQuery::parse_bounded(text)
                .unwrap_err()
                .is(errors::SEARCH_TOO_LONG)
        };

        assert!(within(&words(10)).unwrap());
        assert!(refused(&words(11)));
        // Words are runs of letters or digits, whatever separates them.
        assert!(refused(&["a"; 11].join("-")));
        assert!(within(&format!("  {}\t\n", "é".repeat(200))).unwrap());
        assert!(refused(&"é".repeat(201)));
        assert!(refused(&format!("{} b", "a".repeat(199))));
        assert!(!within(&" ".repeat(5000)).unwrap());
        assert!(!within("\"*'()").unwrap());
    }

    #[test]
    fn letters_unaccent_makes_apostrophes_split_postgresql_words() {
        let query = SearchQuery::parse("Hawaiʻi ŉ").unwrap();
        assert_eq!(query.fts(None), "\"hawaiʻi\" \"ŉ\"*");
        assert_eq!(query.tsquery(None), "'hawai' & 'i':*");
        assert_eq!(SearchQuery::parse("ʼˈ"), None);
    }

    #[test]
    fn a_position_resumes_in_its_tier_after_its_plays() {
        let at = Timestamp::now();
        for tier in Tier::ALL {
            for plays in [0, 7, 1 << 40] {
                let position = Position::new(rank(tier, plays), at, "x");
                let resume = Resume::from_position(Some(&position));
                assert_eq!((resume.tier, resume.plays, resume.at), (tier, plays, at));
            }
        }
        assert!(rank(Tier::Exact, 0) > rank(Tier::TitleArtist, 1 << 49));
        assert!(rank(Tier::Album, 3) > rank(Tier::Album, 2));
        assert_eq!(Resume::from_position(None).tier, Tier::Exact);
    }
}
