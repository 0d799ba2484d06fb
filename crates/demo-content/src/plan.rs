//! What a scaled catalogue is made of, decided before a row is written: how many tracks each
//! artist has, which tracks are popular (a Zipf-like law over a shuffled order), and each
//! listener's plays, likes and follows. A listener's activity comes from their own seeded random
//! numbers, so it is the same every time it is drawn: once to count each track's plays (written
//! with the track), once more to write the history that adds up to them.

use std::collections::{HashMap, HashSet};

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::words::zipf;

/// Plays are spread over the last year.
pub const PLAYS_SPAN_SECS: i64 = 365 * 24 * 3600;
/// The share of a listener's plays that go to their favourite artists.
const FAVOURITE_SHARE: f64 = 0.35;
/// The share of the tracks a listener played that they like.
const LIKE_SHARE: f64 = 0.08;

/// How big the catalogue is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScaleSize {
    pub tracks: usize,
    pub artists: usize,
    pub listeners: usize,
    pub plays: usize,
}

/// One playback start, as the listening history keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub track: u32,
    /// Seconds after the start of the year of plays.
    pub at_secs: i64,
    pub counted: bool,
}

/// Everything one listener did.
#[derive(Clone, Debug, Default)]
pub struct Activity {
    pub plays: Vec<Play>,
    pub likes: Vec<u32>,
    /// Artists (by number) the listener follows.
    pub follows: Vec<u32>,
}

/// The catalogue's shape.
pub struct Plan {
    pub size: ScaleSize,
    seed: u64,
    /// The first track of each artist; an artist's tracks are consecutive.
    pub artist_start: Vec<u32>,
    /// The artist of each track.
    pub artist_of: Vec<u32>,
    plays_of_listener: Vec<u32>,
    /// Popularity rank r is the track (r * stride + offset) mod tracks.
    stride: u64,
    offset: u64,
    window_secs: i64,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Splits `total` into `parts` shares about proportional to random weights (each at least 1
/// when `total` allows).
fn shares(rng: &mut StdRng, total: usize, parts: usize, spread: (f64, f64)) -> Vec<u32> {
    let weights: Vec<f64> = (0..parts)
        .map(|_| rng.gen_range(spread.0..spread.1))
        .collect();
    let sum: f64 = weights.iter().sum();
    let floor = usize::from(total >= parts);
    let rest = total - floor * parts;
    let mut out: Vec<u32> = weights
        .iter()
        .map(|w| (floor + (rest as f64 * w / sum) as usize) as u32)
        .collect();
    let mut missing = total - out.iter().map(|&n| n as usize).sum::<usize>();
    let mut i = 0;
    while missing > 0 {
        out[i % parts] += 1;
        missing -= 1;
        i += 1;
    }
    out
}

impl Plan {
    /// The plan of `size` (at least one track, artist and listener), drawn from `seed`; plays by
    /// one listener of one track within `window_secs` of a counted one are not counted.
    pub fn new(size: ScaleSize, seed: u64, window_secs: i64) -> Self {
        let mut rng = StdRng::seed_from_u64(seed);
        let tracks_of = shares(&mut rng, size.tracks, size.artists, (0.25, 2.5));
        let mut artist_start = Vec::with_capacity(size.artists);
        let mut artist_of = Vec::with_capacity(size.tracks);
        for (artist, &count) in tracks_of.iter().enumerate() {
            artist_start.push(artist_of.len() as u32);
            artist_of.extend(std::iter::repeat_n(artist as u32, count as usize));
        }
        let plays_of_listener = shares(&mut rng, size.plays, size.listeners, (0.2, 1.8));
        let n = size.tracks as u64;
        // About the golden ratio of the catalogue: neighbouring ranks land far apart.
        let mut stride = ((n as f64 * 0.618_033_988_7) as u64).max(1);
        while n > 1 && (stride == 0 || gcd(stride, n) != 1) {
            stride += 1;
        }
        Self {
            size,
            seed,
            artist_start,
            artist_of,
            plays_of_listener,
            stride: stride.max(1),
            offset: rng.gen_range(0..n.max(1)),
            window_secs,
        }
    }

    /// The tracks of an artist, as a range of track numbers.
    pub fn tracks_of(&self, artist: u32) -> std::ops::Range<u32> {
        let start = self.artist_start[artist as usize];
        let end = self
            .artist_start
            .get(artist as usize + 1)
            .copied()
            .unwrap_or(self.size.tracks as u32);
        start..end
    }

    /// A track drawn by popularity.
    fn popular(&self, rng: &mut StdRng) -> u32 {
        let rank = zipf(rng, self.size.tracks) as u64;
        ((rank * self.stride + self.offset) % self.size.tracks as u64) as u32
    }

    /// What listener `listener` did, the same on every call.
    pub fn activity(&self, listener: usize, with_likes: bool) -> Activity {
        let mut rng = StdRng::seed_from_u64(self.seed ^ ((listener as u64 + 1) * 0x9e37_79b9));
        let favourites: Vec<u32> = (0..3)
            .map(|_| self.artist_of[self.popular(&mut rng) as usize])
            .collect();
        let count = self.plays_of_listener[listener] as i64;
        let step = PLAYS_SPAN_SECS / count.max(1);
        let mut last_counted: HashMap<u32, i64> = HashMap::new();
        let mut plays = Vec::with_capacity(count as usize);
        for k in 0..count {
            let at_secs = k * step + rng.gen_range(0..(step / 2).max(1));
            let track = if rng.gen_bool(FAVOURITE_SHARE) {
                let range = self.tracks_of(favourites[rng.gen_range(0..favourites.len())]);
                rng.gen_range(range)
            } else {
                self.popular(&mut rng)
            };
            let counted = last_counted
                .get(&track)
                .is_none_or(|&last| at_secs - last >= self.window_secs);
            if counted {
                last_counted.insert(track, at_secs);
            }
            plays.push(Play {
                track,
                at_secs,
                counted,
            });
        }
        let mut activity = Activity {
            plays,
            ..Activity::default()
        };
        if with_likes {
            let mut played: Vec<u32> = last_counted.into_keys().collect();
            played.sort_unstable();
            activity.likes = played
                .into_iter()
                .filter(|_| rng.gen_bool(LIKE_SHARE))
                .collect();
            let distinct: HashSet<u32> = favourites.into_iter().collect();
            let mut follows: Vec<u32> = distinct.into_iter().collect();
            follows.sort_unstable();
            activity.follows = follows.into_iter().filter(|_| rng.gen_bool(0.5)).collect();
        }
        activity
    }

    /// Each track's counted plays, as the history written later adds them up.
    pub fn counted_plays(&self) -> Vec<u32> {
        let mut plays = vec![0u32; self.size.tracks];
        for listener in 0..self.size.listeners {
            for play in self.activity(listener, false).plays {
                plays[play.track as usize] += u32::from(play.counted);
            }
        }
        plays
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SIZE: ScaleSize = ScaleSize {
        tracks: 1000,
        artists: 40,
        listeners: 50,
        plays: 5000,
    };

    #[test]
    fn every_track_has_an_artist_and_plays_add_up() {
        let plan = Plan::new(SIZE, 1, 1800);
        assert_eq!(plan.artist_of.len(), 1000);
        assert!((0..40).all(|a| !plan.tracks_of(a).is_empty()));
        let total: usize = (0..50).map(|l| plan.activity(l, true).plays.len()).sum();
        assert_eq!(total, 5000);
        let counted: u32 = plan.counted_plays().iter().sum();
        let again: usize = (0..50)
            .flat_map(|l| plan.activity(l, true).plays)
            .filter(|p| p.counted)
            .count();
        assert_eq!(counted as usize, again, "the same activity on every draw");
    }

    #[test]
    fn popularity_is_skewed() {
        let plan = Plan::new(SIZE, 2, 1800);
        let mut plays = plan.counted_plays();
        plays.sort_unstable_by(|a, b| b.cmp(a));
        let top: u32 = plays[..10].iter().sum();
        let total: u32 = plays.iter().sum();
        assert!(top * 10 > total, "top 1% of tracks: {top} of {total} plays");
    }
}
