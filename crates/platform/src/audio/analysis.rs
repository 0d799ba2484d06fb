//! The waveform and the loudness of a track, measured in the same pass as the encoding.

use ebur128::{Channel, EbuR128, Mode};
use symphonia::core::audio::{Channels, Position};

use super::WAVEFORM_POINTS;

/// Max |sample| per bucket over the whole track, in constant memory.
///
/// The length of the track is not trusted up front (an MP3 without a Xing header only has an
/// estimate), so buckets start one frame wide and, whenever there are twice as many as needed,
/// neighbours are merged and the width doubles. At the end there are between
/// `WAVEFORM_POINTS` and twice that many equal buckets, which are reduced to `WAVEFORM_POINTS`.
pub struct Waveform {
    buckets: Vec<f32>,
    width: u64,
    current: f32,
    filled: u64,
}

impl Default for Waveform {
    fn default() -> Self {
        Self {
            buckets: Vec::with_capacity(2 * WAVEFORM_POINTS),
            width: 1,
            current: 0.0,
            filled: 0,
        }
    }
}

impl Waveform {
    /// Adds interleaved samples.
    pub fn add(&mut self, interleaved: &[f32], channels: usize) {
        for frame in interleaved.chunks_exact(channels) {
            let peak = frame.iter().fold(0.0f32, |peak, s| peak.max(s.abs()));
            self.current = self.current.max(peak);
            self.filled += 1;
            if self.filled == self.width {
                self.push_bucket();
            }
        }
    }

    fn push_bucket(&mut self) {
        self.buckets.push(self.current);
        self.current = 0.0;
        self.filled = 0;
        if self.buckets.len() == 2 * WAVEFORM_POINTS {
            for i in 0..WAVEFORM_POINTS {
                self.buckets[i] = self.buckets[2 * i].max(self.buckets[2 * i + 1]);
            }
            self.buckets.truncate(WAVEFORM_POINTS);
            self.width *= 2;
        }
    }

    /// `WAVEFORM_POINTS` values, the loudest 255 (all 0 for silence).
    pub fn finish(mut self) -> Vec<u8> {
        if self.filled > 0 {
            let partial = self.current;
            self.buckets.push(partial);
        }
        let buckets = &self.buckets;
        if buckets.is_empty() {
            return vec![0; WAVEFORM_POINTS];
        }
        let n = buckets.len();
        let points: Vec<f32> = (0..WAVEFORM_POINTS)
            .map(|i| {
                let start = i * n / WAVEFORM_POINTS;
                let end = ((i + 1) * n)
                    .div_ceil(WAVEFORM_POINTS)
                    .max(start + 1)
                    .min(n);
                buckets[start..end].iter().fold(0.0f32, |a, &b| a.max(b))
            })
            .collect();
        let loudest = points.iter().fold(0.0f32, |a, &b| a.max(b));
        if loudest <= 0.0 || !loudest.is_finite() {
            return vec![0; WAVEFORM_POINTS];
        }
        points
            .iter()
            .map(|p| (p / loudest * 255.0).round().clamp(0.0, 255.0) as u8)
            .collect()
    }
}

/// EBU R128 integrated loudness and true peak.
pub struct Loudness {
    meter: EbuR128,
    channels: u32,
}

impl Loudness {
    pub fn new(channels: &Channels, sample_rate: u32) -> Result<Self, ebur128::Error> {
        let count = channels.count() as u32;
        let mut meter = EbuR128::new(count, sample_rate, Mode::I | Mode::TRUE_PEAK)?;
        if let Some(map) = channel_map(channels) {
            meter.set_channel_map(&map)?;
        }
        Ok(Self {
            meter,
            channels: count,
        })
    }

    pub fn add(&mut self, interleaved: &[f32]) -> Result<(), ebur128::Error> {
        self.meter.add_frames_f32(interleaved)
    }

    /// (integrated LUFS, true peak dBTP); `None` when the meter gates everything away (silence)
    /// or there is no peak at all.
    pub fn finish(self) -> (Option<f64>, Option<f64>) {
        let integrated = self.meter.loudness_global().ok().filter(|l| l.is_finite());
        let peak = (0..self.channels)
            .filter_map(|ch| self.meter.true_peak(ch).ok())
            .fold(0.0f64, f64::max);
        let true_peak = (peak > 0.0).then(|| 20.0 * peak.log10());
        (integrated, true_peak)
    }
}

/// BS.1770 weights by speaker position; the meter's default map assumes the WAV order, which
/// positioned layouts of more than two channels need not follow. Mono and stereo keep the
/// default (a mono channel counts once, as in ffmpeg's ebur128 filter).
fn channel_map(channels: &Channels) -> Option<Vec<Channel>> {
    let Channels::Positioned(positions) = channels else {
        return None;
    };
    if channels.count() <= 2 {
        return None;
    }
    Some(
        positions
            .iter()
            .map(|position| match position {
                Position::FRONT_LEFT => Channel::Left,
                Position::FRONT_RIGHT => Channel::Right,
                Position::FRONT_CENTER => Channel::Center,
                Position::REAR_LEFT | Position::SIDE_LEFT => Channel::LeftSurround,
                Position::REAR_RIGHT | Position::SIDE_RIGHT => Channel::RightSurround,
                _ => Channel::Unused,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waveform_of_a_ramp_rises_to_255() {
        let mut waveform = Waveform::default();
        let samples: Vec<f32> = (0..100_000).map(|i| i as f32 / 100_000.0).collect();
        waveform.add(&samples, 1);
        let peaks = waveform.finish();
        assert_eq!(peaks.len(), WAVEFORM_POINTS);
        assert_eq!(peaks[WAVEFORM_POINTS - 1], 255);
        assert!(peaks.windows(2).all(|w| w[0] <= w[1]));
        assert!(peaks[0] < 5);
    }

    #[test]
    fn waveform_of_fewer_frames_than_points_still_has_every_point() {
        let mut waveform = Waveform::default();
        waveform.add(&[0.5, -0.25, 0.0], 1);
        let peaks = waveform.finish();
        assert_eq!(peaks.len(), WAVEFORM_POINTS);
        assert_eq!(peaks[0], 255);
        assert_eq!(peaks[WAVEFORM_POINTS - 1], 0);
    }

    #[test]
    fn waveform_of_silence_is_all_zero() {
        let mut waveform = Waveform::default();
        waveform.add(&vec![0.0; 48_000], 2);
        assert_eq!(waveform.finish(), vec![0; WAVEFORM_POINTS]);
    }
}
