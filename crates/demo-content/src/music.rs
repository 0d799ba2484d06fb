//! Music for the demo content, synthesized here (so it is ours to give away): per genre a drum
//! pattern, a bass line, chords and, for some, an arpeggio, over a chord progression. A seed
//! picks the key, the tempo within the genre's range and small variations, so every track
//! sounds different. Generators follow `audio::synth`: `FnMut(channel, seconds) -> sample`.

use std::f64::consts::TAU;

/// Sample rate of the demo audio.
pub const SAMPLE_RATE: u32 = 44_100;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Genre {
    Electronic,
    Jazz,
    LoFi,
    Rock,
    Ambient,
}

impl Genre {
    pub fn name(self) -> &'static str {
        match self {
            Self::Electronic => "Electronic",
            Self::Jazz => "Jazz",
            Self::LoFi => "Lo-Fi",
            Self::Rock => "Rock",
            Self::Ambient => "Ambient",
        }
    }

    fn style(self) -> Style {
        // Patterns are 16 steps (sixteenth notes) of one bar; bit 15 is the first step.
        match self {
            Self::Electronic => Style {
                bpm: (112.0, 126.0),
                kick: 0b1000_1000_1000_1000,
                snare: 0b0000_1000_0000_1000,
                hat: 0b0010_0010_0010_0010,
                bass: 0b1010_1010_1010_1010,
                arpeggio: 0b1011_0110_1011_0101,
                progression: &[(0, MINOR), (8, MAJOR), (3, MAJOR), (10, MAJOR)],
                saw_bass: true,
                drive: 1.2,
                crackle: false,
                pad_attack: 0.05,
            },
            Self::Jazz => Style {
                bpm: (96.0, 132.0),
                kick: 0b1000_0000_0010_0000,
                snare: 0b0000_0000_0000_1001,
                hat: 0b1000_1010_1000_1010,
                bass: 0b1000_1000_1000_1000,
                arpeggio: 0,
                progression: &[(2, MINOR7), (7, DOMINANT7), (0, MAJOR7), (9, MINOR7)],
                saw_bass: false,
                drive: 1.0,
                crackle: false,
                pad_attack: 0.02,
            },
            Self::LoFi => Style {
                bpm: (70.0, 86.0),
                kick: 0b1000_0000_0010_0000,
                snare: 0b0000_1000_0000_1000,
                hat: 0b1010_1010_1010_1010,
                bass: 0b1000_0000_1000_0000,
                arpeggio: 0b1000_0010_0100_0000,
                progression: &[(0, MAJOR7), (9, MINOR7), (2, MINOR7), (7, DOMINANT7)],
                saw_bass: false,
                drive: 1.0,
                crackle: true,
                pad_attack: 0.15,
            },
            Self::Rock => Style {
                bpm: (118.0, 142.0),
                kick: 0b1000_0010_1010_0000,
                snare: 0b0000_1000_0000_1000,
                hat: 0b1010_1010_1010_1010,
                bass: 0b1010_1010_1010_1010,
                arpeggio: 0,
                progression: &[(0, POWER), (7, POWER), (9, POWER), (5, POWER)],
                saw_bass: true,
                drive: 3.0,
                crackle: false,
                pad_attack: 0.005,
            },
            Self::Ambient => Style {
                bpm: (56.0, 66.0),
                kick: 0,
                snare: 0,
                hat: 0,
                bass: 0b1000_0000_0000_0000,
                arpeggio: 0b1000_0000_1000_0000,
                progression: &[(0, MAJOR7), (5, MAJOR7), (9, MINOR7), (4, MINOR7)],
                saw_bass: false,
                drive: 1.0,
                crackle: false,
                pad_attack: 1.5,
            },
        }
    }
}

const MAJOR: &[i32] = &[0, 4, 7];
const MINOR: &[i32] = &[0, 3, 7];
const MAJOR7: &[i32] = &[0, 4, 7, 11];
const MINOR7: &[i32] = &[0, 3, 7, 10];
const DOMINANT7: &[i32] = &[0, 4, 7, 10];
const POWER: &[i32] = &[0, 7, 12];

struct Style {
    bpm: (f64, f64),
    kick: u16,
    snare: u16,
    hat: u16,
    bass: u16,
    arpeggio: u16,
    /// Per bar: semitones above the key, and the chord's intervals.
    progression: &'static [(i32, &'static [i32])],
    saw_bass: bool,
    /// Gain into the soft clipper: above 1 it distorts (rock guitars).
    drive: f64,
    /// Vinyl crackle under everything.
    crackle: bool,
    /// Seconds for a chord to swell in.
    pad_attack: f64,
}

/// Keys (the root's frequency in Hz, around the second octave).
const KEYS: [f64; 7] = [110.0, 116.54, 123.47, 130.81, 146.83, 98.0, 103.83];

/// A song: its genre, a seed for its variations, its length.
#[derive(Clone, Copy, Debug)]
pub struct Song {
    pub genre: Genre,
    pub seed: u64,
    pub seconds: f32,
}

impl Song {
    /// The sample generator of the song.
    pub fn generator(self) -> impl FnMut(u16, f64) -> f32 + Send {
        let style = self.genre.style();
        let mut random = Random(self.seed | 1);
        let bpm = style.bpm.0 + (style.bpm.1 - style.bpm.0) * random.unit();
        let root = KEYS[random.below(KEYS.len())];
        // Start the progression at another bar now and then, and drop some arpeggio notes.
        let rotate = random.below(style.progression.len());
        let arpeggio = style.arpeggio & (random.next() as u16 | 0b1000_1000_1000_1000);
        let step = 60.0 / bpm / 4.0;
        let bar = step * 16.0;
        let length = f64::from(self.seconds);
        move |channel, t| {
            let steps = style.progression.len();
            let chord_of = |bar_index: usize| {
                let (offset, intervals) = style.progression[(bar_index + rotate) % steps];
                (root * semitones(offset), intervals)
            };
            let bar_index = (t / bar) as usize;
            let in_bar = t - bar_index as f64 * bar;
            let (chord_root, intervals) = chord_of(bar_index);
            let pan = if channel == 0 { 0.85 } else { 1.15 };
            let n = (t * f64::from(SAMPLE_RATE)) as u64;

            let mut mix = 0.0;
            if let Some(since) = since_hit(style.kick, in_bar, step) {
                mix += 0.9 * kick(since);
            }
            if let Some(since) = since_hit(style.snare, in_bar, step) {
                mix += 0.45 * snare(since, n);
            }
            if let Some(since) = since_hit(style.hat, in_bar, step) {
                mix += 0.12 * hat(since, n) * (2.0 - pan);
            }
            if let Some(since) = since_hit(style.bass, in_bar, step) {
                let frequency = chord_root / 2.0;
                let tone = if style.saw_bass {
                    saw(frequency, t, 6)
                } else {
                    (TAU * frequency * t).sin()
                };
                mix += 0.35 * tone * (-since * 3.0).exp().max(0.25);
            }
            // Chords: each tone swells in at the bar's start.
            let swell = (in_bar / style.pad_attack).min(1.0);
            let chord: f64 = intervals
                .iter()
                .map(|&i| {
                    let f = 2.0 * chord_root * semitones(i);
                    (TAU * f * t).sin() + 0.25 * (TAU * 2.0 * f * t + 0.3).sin()
                })
                .sum();
            mix += 0.09 * chord * swell * pan;
            if let Some(since) = since_hit(arpeggio, in_bar, step) {
                let which = ((in_bar / step) as usize + bar_index) % intervals.len();
                let f = 4.0 * chord_root * semitones(intervals[which]);
                mix += 0.14 * (TAU * f * t).sin() * (-since * 6.0).exp() * (2.0 - pan);
            }
            if style.crackle && noise(n.wrapping_mul(7919)) > 0.997 {
                mix += 0.2 * noise(n);
            }
            let fade = (t / 0.5).min(1.0) * ((length - t) / 2.0).clamp(0.0, 1.0);
            (0.6 * (mix * style.drive).tanh() / style.drive.max(1.0).sqrt() * fade) as f32
        }
    }
}

fn semitones(n: i32) -> f64 {
    2f64.powf(f64::from(n) / 12.0)
}

/// Seconds since the latest hit of `pattern` in this bar, looking back at most four steps.
fn since_hit(pattern: u16, in_bar: f64, step: f64) -> Option<f64> {
    let current = ((in_bar / step) as usize).min(15);
    (0..=current.min(4)).find_map(|back| {
        let index = current - back;
        (pattern & (1 << (15 - index)) != 0).then_some(in_bar - index as f64 * step)
    })
}

/// A kick drum: a sine falling from 120 Hz to 45 Hz.
fn kick(since: f64) -> f64 {
    let phase = TAU * (45.0 * since + 75.0 / 30.0 * (1.0 - (-30.0 * since).exp()));
    phase.sin() * (-6.0 * since).exp()
}

fn snare(since: f64, n: u64) -> f64 {
    noise(n) * (-18.0 * since).exp() + 0.4 * (TAU * 190.0 * since).sin() * (-20.0 * since).exp()
}

fn hat(since: f64, n: u64) -> f64 {
    (noise(n) - noise(n.wrapping_sub(1))) * (-60.0 * since).exp()
}

/// A band-limited sawtooth from its first `harmonics` partials.
fn saw(frequency: f64, t: f64, harmonics: u32) -> f64 {
    (1..=harmonics)
        .map(|k| (TAU * f64::from(k) * frequency * t).sin() / f64::from(k))
        .sum::<f64>()
        * 0.6
}

/// White noise from a sample index: the same index gives the same value.
fn noise(n: u64) -> f64 {
    let mut x = n.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    (x >> 11) as f64 / (1u64 << 52) as f64 - 1.0
}

/// A small deterministic random source (splitmix64 steps).
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn render(song: Song) -> Vec<f32> {
        let mut generator = song.generator();
        let frames = (f64::from(song.seconds) * f64::from(SAMPLE_RATE)) as usize;
        (0..frames)
            .flat_map(|i| {
                let t = i as f64 / f64::from(SAMPLE_RATE);
                [generator(0, t), generator(1, t)]
            })
            .collect()
    }

    #[test]
    fn every_genre_makes_sound_within_full_scale() {
        for genre in [
            Genre::Electronic,
            Genre::Jazz,
            Genre::LoFi,
            Genre::Rock,
            Genre::Ambient,
        ] {
            let samples = render(Song {
                genre,
                seed: 3,
                seconds: 4.0,
            });
            let peak = samples.iter().fold(0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.05 && peak <= 1.0, "{genre:?}: peak {peak}");
        }
    }

    #[test]
    fn seeds_make_different_songs() {
        let a = render(Song {
            genre: Genre::Electronic,
            seed: 1,
            seconds: 2.0,
        });
        let b = render(Song {
            genre: Genre::Electronic,
            seed: 2,
            seconds: 2.0,
        });
        assert_ne!(a, b);
    }

    #[test]
    fn noise_stays_in_range() {
        assert!((0..10_000).map(noise).all(|x| (-1.0..1.0).contains(&x)));
    }
}
