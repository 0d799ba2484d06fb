//! How candidates are ranked, without the database: the taste of the listener (the genres,
//! artists and albums of their latest listens and likes), a blend of collaborative similarity,
//! that taste and popularity, and the diversity rule (at most [`PER_ARTIST`] tracks of an
//! artist while others can fill the list).

use std::collections::{HashMap, HashSet};

use crate::catalog::track::TrackRow;

/// Tracks of one artist among the recommendations, unless nothing else can fill the list.
pub const PER_ARTIST: usize = 2;

/// Weights of the blend. Collaborative similarity is scaled to 1 for the best candidate; the
/// taste terms are the shares of the listener's seeds with the candidate's genre, artist and
/// album; popularity is log(1 + plays) scaled to 1 for the most played candidate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Blend {
    pub similar: f64,
    pub genre: f64,
    pub artist: f64,
    pub album: f64,
    pub popular: f64,
    /// A neighbour's score is divided by its own weight to this power (0.5: cosine; lower
    /// favours popular neighbours).
    pub norm: f64,
}

impl Blend {
    /// The blend the API uses (chosen with `make bench-recs`).
    pub const DEFAULT: Self = Self {
        similar: 1.0,
        genre: 1.2,
        artist: 2.0,
        album: 0.6,
        popular: 0.5,
        norm: 0.2,
    };
}

/// The listener's taste: the share of their seeds in each genre, artist and album (all
/// lowercase).
#[derive(Clone, Debug, Default)]
pub struct Taste {
    genres: HashMap<String, f64>,
    artists: HashMap<String, f64>,
    albums: HashMap<String, f64>,
    /// Each artist's name as stored, by its key.
    names: HashMap<String, String>,
}

fn key(value: &str) -> String {
    value.trim().to_lowercase()
}

impl Taste {
    /// The taste of seeds given as (genre, artist, album) with a weight each.
    pub fn of<'a>(
        seeds: impl IntoIterator<Item = (Option<&'a str>, &'a str, Option<&'a str>, f64)>,
    ) -> Self {
        let mut taste = Self::default();
        let mut total = 0.0;
        for (genre, artist, album, weight) in seeds {
            total += weight;
            if let Some(genre) = genre {
                *taste.genres.entry(key(genre)).or_default() += weight;
            }
            *taste.artists.entry(key(artist)).or_default() += weight;
            taste
                .names
                .entry(key(artist))
                .or_insert_with(|| artist.to_owned());
            if let Some(album) = album {
                let album = format!("{}\u{0}{}", key(artist), key(album));
                *taste.albums.entry(album).or_default() += weight;
            }
        }
        if total > 0.0 {
            for share in taste
                .genres
                .values_mut()
                .chain(taste.artists.values_mut())
                .chain(taste.albums.values_mut())
            {
                *share /= total;
            }
        }
        taste
    }

    /// The listener's `n` main genres (lowercase), the largest share first.
    pub fn top_genres(&self, n: usize) -> Vec<String> {
        let mut genres: Vec<(&String, &f64)> = self.genres.iter().collect();
        genres.sort_by(|a, b| b.1.total_cmp(a.1).then_with(|| a.0.cmp(b.0)));
        genres.into_iter().take(n).map(|(g, _)| g.clone()).collect()
    }

    /// The listener's `n` main artists (as stored), the largest share first.
    pub fn top_artists(&self, n: usize) -> Vec<String> {
        let mut artists: Vec<(&String, &f64)> = self.artists.iter().collect();
        artists.sort_by(|a, b| b.1.total_cmp(a.1).then_with(|| a.0.cmp(b.0)));
        artists
            .into_iter()
            .take(n)
            .map(|(a, _)| self.names[a].clone())
            .collect()
    }

    fn affinity(&self, track: &TrackRow, blend: &Blend) -> f64 {
        let genre = track
            .genre
            .as_deref()
            .and_then(|g| self.genres.get(&key(g)))
            .copied()
            .unwrap_or(0.0);
        let artist = self
            .artists
            .get(&key(&track.artist))
            .copied()
            .unwrap_or(0.0);
        let album = track
            .album
            .as_deref()
            .and_then(|a| {
                self.albums
                    .get(&format!("{}\u{0}{}", key(&track.artist), key(a)))
            })
            .copied()
            .unwrap_or(0.0);
        blend.genre * genre + blend.artist * artist + blend.album * album
    }
}

/// Ranks the candidates, best first: `similarity` by track id (any scale; absent is 0), the
/// taste, and popularity. Ties go to the most played, then the newest.
pub fn rank(
    candidates: Vec<TrackRow>,
    similarity: &HashMap<String, f64>,
    taste: &Taste,
    blend: &Blend,
) -> Vec<TrackRow> {
    let best_similarity = similarity.values().copied().fold(0.0, f64::max);
    let most_plays = candidates.iter().map(|t| t.plays).max().unwrap_or(0);
    let popularity = |plays: i64| {
        if most_plays <= 0 {
            0.0
        } else {
            (1.0 + plays.max(0) as f64).ln() / (1.0 + most_plays as f64).ln()
        }
    };
    let mut scored: Vec<(f64, TrackRow)> = candidates
        .into_iter()
        .map(|track| {
            let similar = match similarity.get(track.id.as_str()) {
                Some(s) if best_similarity > 0.0 => s / best_similarity,
                _ => 0.0,
            };
            let score = blend.similar * similar
                + taste.affinity(&track, blend)
                + blend.popular * popularity(track.plays);
            (score, track)
        })
        .collect();
    scored.sort_by(|(a, x), (b, y)| {
        b.total_cmp(a)
            .then_with(|| y.plays.cmp(&x.plays))
            .then_with(|| y.created_at.cmp(&x.created_at))
            .then_with(|| y.id.cmp(&x.id))
    });
    scored.into_iter().map(|(_, track)| track).collect()
}

/// The first `n` distinct tracks of `ranked`, at most [`PER_ARTIST`] of an artist; when those
/// cannot fill the list, the tracks passed over fill it in their order.
pub fn diversify(ranked: Vec<TrackRow>, n: usize) -> Vec<TrackRow> {
    let mut seen = HashSet::new();
    let mut per_artist: HashMap<String, usize> = HashMap::new();
    let mut chosen = Vec::new();
    let mut passed = Vec::new();
    for track in ranked {
        if chosen.len() >= n {
            break;
        }
        if !seen.insert(track.id.clone()) {
            continue;
        }
        let count = per_artist.entry(key(&track.artist)).or_default();
        if *count < PER_ARTIST {
            *count += 1;
            chosen.push(track);
        } else {
            passed.push(track);
        }
    }
    let free = n.saturating_sub(chosen.len());
    chosen.extend(passed.into_iter().take(free));
    chosen
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::track::TrackStatus;
    use backbeat_core::db::Timestamp;

    fn track(id: &str, artist: &str, genre: Option<&str>, plays: i64) -> TrackRow {
        TrackRow {
            id: id.into(),
            uploaded_by: "someone".into(),
            title: id.to_owned(),
            artist: artist.into(),
            album: None,
            genre: genre.map(str::to_owned),
            duration_secs: 180,
            plays,
            verified: false,
            status: TrackStatus::Ready,
            failure_reason: None,
            cover_key: None,
            cover_large_key: None,
            created_at: Timestamp::now(),
        }
    }

    fn ids(tracks: &[TrackRow]) -> Vec<&str> {
        tracks.iter().map(|t| t.id.as_str()).collect()
    }

    #[test]
    fn at_most_two_of_an_artist_while_others_can_fill_the_list() {
        let ranked = vec![
            track("a1", "A", None, 0),
            track("a2", "a", None, 0),
            track("a3", "A", None, 0),
            track("b1", "B", None, 0),
            track("a1", "A", None, 0),
        ];
        assert_eq!(ids(&diversify(ranked.clone(), 3)), ["a1", "a2", "b1"]);
        assert_eq!(ids(&diversify(ranked, 10)), ["a1", "a2", "b1", "a3"]);
    }

    #[test]
    fn similarity_taste_and_popularity_are_blended() {
        let taste = Taste::of([
            (Some("Jazz"), "A", None, 1.0),
            (Some("Jazz"), "B", None, 1.0),
        ]);
        let similarity = HashMap::from([("similar".to_owned(), 3.0)]);
        let ranked = rank(
            vec![
                track("popular", "C", Some("Rock"), 1000),
                track("similar", "C", Some("Rock"), 0),
                track("my artist", "A", Some("Rock"), 0),
                track("my genre", "D", Some("jazz"), 0),
            ],
            &similarity,
            &taste,
            &Blend {
                similar: 1.0,
                genre: 0.6,
                artist: 1.0,
                album: 0.3,
                popular: 0.25,
                norm: 0.5,
            },
        );
        assert_eq!(
            ids(&ranked),
            ["similar", "my genre", "my artist", "popular"]
        );
    }

    #[test]
    fn top_genres_are_the_largest_shares() {
        let taste = Taste::of([
            (Some("Jazz"), "A", None, 1.0),
            (Some("jazz"), "B", None, 1.0),
            (Some("Rock"), "C", None, 1.0),
            (None, "D", None, 5.0),
        ]);
        assert_eq!(taste.top_genres(1), ["jazz"]);
    }
}
