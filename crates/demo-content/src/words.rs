//! The words generated tracks are named with: a vocabulary whose first words are common and
//! whose last are rare (picked with a Zipf-like law), 'love' in about a third of the titles, some
//! words with diacritics, and made-up names for artists and albums.

use rand::Rng;

/// Title words, the most common first.
const VOCABULARY: &[&str] = &[
    "night",
    "heart",
    "dream",
    "fire",
    "light",
    "rain",
    "summer",
    "blue",
    "home",
    "road",
    "city",
    "gold",
    "shadow",
    "river",
    "dance",
    "moon",
    "time",
    "wild",
    "sky",
    "storm",
    "echo",
    "ocean",
    "midnight",
    "sun",
    "ghost",
    "paper",
    "neon",
    "silver",
    "winter",
    "street",
    "garden",
    "mirror",
    "velvet",
    "thunder",
    "window",
    "highway",
    "signal",
    "honey",
    "stone",
    "forever",
    "broken",
    "golden",
    "falling",
    "running",
    "secret",
    "electric",
    "morning",
    "island",
    "café",
    "señorita",
    "über",
    "déjà vu",
    "mañana",
    "naïve",
    "fiancée",
    "jalapeño",
    "crème",
    "blossom",
    "lantern",
    "harbor",
    "compass",
    "feather",
    "cathedral",
    "satellite",
    "ember",
    "orchid",
    "canyon",
    "meridian",
    "lullaby",
    "avalanche",
    "kaleidoscope",
    "tangerine",
    "obsidian",
    "monsoon",
    "serenade",
    "labyrinth",
    "porcelain",
    "zephyr",
    "quartz",
    "halcyon",
    "solstice",
    "vermilion",
    "nocturne",
    "driftwood",
    "saffron",
    "périphérique",
    "smørrebrød",
    "kökarsfjärd",
    "żubrówka",
    "ångström",
];

/// The word about a third of the titles carry (the common-word benchmark).
pub const COMMON_WORD: &str = "love";

pub const GENRES: &[&str] = &[
    "Electronic",
    "Rock",
    "Pop",
    "Hip-Hop",
    "Jazz",
    "Ambient",
    "Lo-Fi",
    "Folk",
    "Classical",
    "R&B",
    "Metal",
    "Reggae",
    "Country",
    "Blues",
    "Música Latina",
];

const SYLLABLES: &[&str] = &[
    "ka", "lo", "mi", "ra", "ne", "vo", "sa", "ti", "zu", "re", "an", "el", "or", "us", "ba", "de",
    "fi", "go", "hu", "jo", "ly", "ma", "no", "pe", "qu", "ro", "sé", "tä", "vi", "wo", "xa", "yo",
    "zé", "ñi", "ø",
];

/// A Zipf-like index below `n` (rank r has weight about 1/(r+1)).
pub fn zipf(rng: &mut impl Rng, n: usize) -> usize {
    let u: f64 = rng.r#gen();
    let rank = ((n as f64 + 1.0).powf(u) - 1.0) as usize;
    rank.min(n - 1)
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A made-up word of 2 to 4 syllables: rare by construction.
pub fn made_up(rng: &mut impl Rng) -> String {
    let count = rng.gen_range(2..=4);
    (0..count)
        .map(|_| SYLLABLES[rng.gen_range(0..SYLLABLES.len())])
        .collect()
}

/// A track title: one to four words of the vocabulary, 'love' in about a third, now and then a
/// made-up word.
pub fn title(rng: &mut impl Rng) -> String {
    let count = rng.gen_range(1..=4);
    let mut words: Vec<String> = (0..count)
        .map(|_| {
            if rng.gen_bool(0.08) {
                made_up(rng)
            } else {
                VOCABULARY[zipf(rng, VOCABULARY.len())].to_owned()
            }
        })
        .collect();
    if rng.gen_bool(1.0 / 3.0) {
        let at = rng.gen_range(0..=words.len());
        words.insert(at, COMMON_WORD.to_owned());
    }
    words
        .iter()
        .map(|word| capitalized(word))
        .collect::<Vec<_>>()
        .join(" ")
}

/// An artist's name, unique by its number.
pub fn artist(rng: &mut impl Rng, number: usize) -> String {
    let name = format!(
        "{} {}",
        capitalized(&made_up(rng)),
        capitalized(&made_up(rng))
    );
    match rng.gen_range(0..4) {
        0 => format!("The {name} {number}"),
        _ => format!("{name} {number}"),
    }
}

/// An album's name: two words of the vocabulary or a made-up one.
pub fn album(rng: &mut impl Rng) -> String {
    let first = VOCABULARY[zipf(rng, VOCABULARY.len())];
    if rng.gen_bool(0.5) {
        format!("{} {}", capitalized(first), capitalized(&made_up(rng)))
    } else {
        let second = VOCABULARY[rng.gen_range(0..VOCABULARY.len())];
        format!("{} {}", capitalized(first), capitalized(second))
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::rngs::StdRng;

    use super::*;

    #[test]
    fn about_a_third_of_the_titles_say_love_and_ranks_are_skewed() {
        let mut rng = StdRng::seed_from_u64(7);
        let titles: Vec<String> = (0..3000).map(|_| title(&mut rng)).collect();
        let love = titles
            .iter()
            .filter(|t| t.to_lowercase().contains(COMMON_WORD))
            .count();
        assert!((800..1300).contains(&love), "{love} of 3000");
        let low = (0..10_000).filter(|_| zipf(&mut rng, 1000) < 10).count();
        assert!(low > 2500, "the first 1% of ranks get {low} of 10000");
    }
}
