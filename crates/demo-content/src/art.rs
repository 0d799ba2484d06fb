//! Cover art for the demo content, drawn here: a two-colour gradient, a motif per artist and
//! the artist's initials in a small block font.

use std::f64::consts::TAU;

use image::{Rgb, RgbImage};

/// Side of a drawn cover; uploads recommend at least 1000x1000.
pub const SIDE: u32 = 1024;

/// The shapes over the gradient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motif {
    /// A striped sun over a horizon grid.
    Sun,
    /// Concentric rings.
    Rings,
    /// Soft overlapping discs.
    Discs,
    /// Bold diagonal bars.
    Bars,
    /// Horizontal waves.
    Waves,
}

/// What a cover shows.
#[derive(Clone, Copy, Debug)]
pub struct Cover<'a> {
    pub from: [u8; 3],
    pub to: [u8; 3],
    pub motif: Motif,
    pub initials: &'a str,
    /// Varies the motif between covers of one artist.
    pub seed: u64,
}

impl Cover<'_> {
    pub fn draw(&self) -> RgbImage {
        let side = f64::from(SIDE);
        let shift = (self.seed % 97) as f64 / 97.0;
        let mut image = RgbImage::from_fn(SIDE, SIDE, |x, y| {
            let (u, v) = (f64::from(x) / side, f64::from(y) / side);
            let base = mix(self.from, self.to, (u + v) / 2.0);
            let light = self.motif_light(u, v, shift);
            Rgb(base.map(|c| (f64::from(c) * (1.0 - light) + 255.0 * light) as u8))
        });
        self.letter_initials(&mut image);
        image
    }

    /// How much of the motif's light covers a point (0 to 1).
    fn motif_light(&self, u: f64, v: f64, shift: f64) -> f64 {
        match self.motif {
            Motif::Sun => {
                let (dx, dy) = (u - 0.5, v - 0.45);
                let in_sun = dx * dx + dy * dy < 0.09 && v < 0.45 + 0.2 * shift;
                let stripe = ((v * 40.0).fract() > 0.25 + v * 0.5) || v < 0.35;
                let grid = v > 0.7
                    && (((u - 0.5) / (v - 0.6) * 4.0).fract().abs() < 0.06
                        || ((v - 0.7).sqrt() * 12.0).fract() < 0.08);
                if in_sun && stripe {
                    0.55
                } else if grid {
                    0.35
                } else {
                    0.0
                }
            }
            Motif::Rings => {
                let (dx, dy) = (u - 0.3 - 0.4 * shift, v - 0.4);
                let r = (dx * dx + dy * dy).sqrt();
                if (r * 18.0).fract() < 0.18 { 0.3 } else { 0.0 }
            }
            Motif::Discs => (0..4)
                .map(|i| {
                    let angle = TAU * (shift + f64::from(i) / 4.0);
                    let (cx, cy) = (0.5 + 0.25 * angle.cos(), 0.45 + 0.2 * angle.sin());
                    let d = ((u - cx).powi(2) + (v - cy).powi(2)).sqrt();
                    (0.18 - d).max(0.0) / 0.18 * 0.35
                })
                .sum::<f64>()
                .min(0.6),
            Motif::Bars => {
                if ((u + v + shift) * 6.0).fract() < 0.22 {
                    0.4
                } else {
                    0.0
                }
            }
            Motif::Waves => {
                let wave = v * 10.0 + 0.6 * (TAU * (u * 1.5 + shift)).sin();
                let band = wave.fract();
                if band < 0.12 {
                    0.25 + 0.2 * (1.0 - v)
                } else {
                    0.0
                }
            }
        }
    }

    /// The initials, white, in the lower left corner.
    fn letter_initials(&self, image: &mut RgbImage) {
        const CELL: u32 = 18;
        let margin = 64;
        let top = SIDE - margin - 7 * CELL;
        for (i, letter) in self.initials.chars().take(3).enumerate() {
            let Some(rows) = glyph(letter) else {
                continue;
            };
            let left = margin + i as u32 * 6 * CELL;
            for (row, bits) in rows.iter().enumerate() {
                for col in 0..5 {
                    if bits & (0b10000 >> col) == 0 {
                        continue;
                    }
                    for dy in 0..CELL {
                        for dx in 0..CELL {
                            image.put_pixel(
                                left + col * CELL + dx,
                                top + row as u32 * CELL + dy,
                                Rgb([250, 250, 250]),
                            );
                        }
                    }
                }
            }
        }
    }
}

/// The initials an artist's avatar shows in the web app (`initialsOf` in
/// web/src/components/ui/initials.ts), so that a cover and its artist's avatar agree: the first
/// letter or digit of the first word and of the last word, after a leading article ("the", "a",
/// "an") when more words follow; "?" when there is none.
pub fn initials_of(name: &str) -> String {
    let mut words: Vec<&str> = name.split_whitespace().collect();
    if words.len() > 1 && ["the", "a", "an"].contains(&words[0].to_lowercase().as_str()) {
        words.remove(0);
    }
    let letters: Vec<char> = words
        .iter()
        .filter_map(|word| word.chars().find(|c| c.is_alphanumeric()))
        .collect();
    let Some(first) = letters.first() else {
        return "?".into();
    };
    let last = letters.get(1..).and_then(<[char]>::last);
    first
        .to_uppercase()
        .chain(last.into_iter().flat_map(|c| c.to_uppercase()))
        .collect()
}

fn mix(from: [u8; 3], to: [u8; 3], at: f64) -> [u8; 3] {
    [0, 1, 2].map(|i| (f64::from(from[i]) * (1.0 - at) + f64::from(to[i]) * at) as u8)
}

/// A 5x7 block letter: seven rows of five bits, the leftmost pixel in bit 4.
fn glyph(letter: char) -> Option<[u8; 7]> {
    const LETTERS: [[u8; 7]; 26] = [
        [0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
        [0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e],
        [0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e],
        [0x1e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1e],
        [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f],
        [0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10],
        [0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f],
        [0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11],
        [0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e],
        [0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c],
        [0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11],
        [0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f],
        [0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11],
        [0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11],
        [0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
        [0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10],
        [0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d],
        [0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11],
        [0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e],
        [0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e],
        [0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04],
        [0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a],
        [0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11],
        [0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04],
        [0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f],
    ];
    let upper = letter.to_ascii_uppercase();
    upper
        .is_ascii_uppercase()
        .then(|| LETTERS[usize::from(upper as u8 - b'A')])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cover_is_a_square_with_its_initials_drawn_in_white() {
        let image = Cover {
            from: [20, 10, 60],
            to: [200, 40, 120],
            motif: Motif::Sun,
            initials: "NS",
            seed: 1,
        }
        .draw();

        assert_eq!(image.dimensions(), (SIDE, SIDE));
        // The top row of N: its leftmost pixel is set.
        let (left, top) = (64, SIDE - 64 - 7 * 18);
        assert_eq!(image.get_pixel(left + 1, top + 1).0, [250, 250, 250]);
    }

    #[test]
    fn initials_are_those_the_web_app_shows() {
        let cases: Vec<(String, String)> = serde_json::from_str(include_str!(
            "../../../web/src/components/ui/initials.cases.json"
        ))
        .unwrap();
        assert!(cases.len() > 10);
        for (name, initials) in cases {
            assert_eq!(initials_of(&name), initials, "{name:?}");
        }
    }

    #[test]
    fn every_letter_has_a_glyph_and_other_characters_none() {
        assert!(('a'..='z').all(|c| glyph(c).is_some()));
        assert!(glyph('Ä').is_none());
        assert!(glyph('1').is_none());
    }
}
