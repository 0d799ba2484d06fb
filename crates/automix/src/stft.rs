//! Streaming STFT / inverse STFT with torch's conventions: n_fft 4096, periodic Hann window, hop
//! 1024, `center=True` with zero padding; the inverse overlap-adds the windowed frames, divides by
//! the summed squared window and trims the centre padding to exactly the input length.
//!
//! The signal is processed in segments of whole frames: `Analyzer` turns the input into frames
//! segment by segment (keeping only the context the next segment needs) and `Synth` overlap-adds
//! the frames of each segment, handing out the samples no later frame can touch.

use std::sync::Arc;

use realfft::num_complex::Complex32;
use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};

pub const N_FFT: usize = 4096;
pub const HOP: usize = 1024;
pub const BINS: usize = N_FFT / 2 + 1;
const PAD: usize = N_FFT / 2;

/// The periodic Hann window (`torch.hann_window(4096)`).
pub fn hann() -> Vec<f32> {
    (0..N_FFT)
        .map(|i| {
            let x = (std::f64::consts::PI * i as f64 / N_FFT as f64).sin();
            (x * x) as f32
        })
        .collect()
}

/// The number of STFT frames of a signal of `n` samples (`1 + n / hop` with centre padding).
pub fn frames(n: usize) -> usize {
    1 + n / HOP
}

/// FFT plans and the window, shared by every segment.
pub struct Plans {
    pub window: Vec<f32>,
    fwd: Arc<dyn RealToComplex<f32>>,
    inv: Arc<dyn ComplexToReal<f32>>,
}

impl Default for Plans {
    fn default() -> Self {
        let mut p = RealFftPlanner::<f32>::new();
        Plans {
            window: hann(),
            fwd: p.plan_fft_forward(N_FFT),
            inv: p.plan_fft_inverse(N_FFT),
        }
    }
}

impl Plans {
    /// The spectrum of one frame (`BINS` complex values) of padded-signal samples `x`.
    pub fn analyze(&self, x: &[f32], out: &mut [Complex32]) {
        let mut buf: Vec<f32> = x.iter().zip(&self.window).map(|(a, w)| a * w).collect();
        let mut scratch = self.fwd.make_scratch_vec();
        // Lengths are fixed by construction, so the FFT cannot fail.
        let _ = self.fwd.process_with_scratch(&mut buf, out, &mut scratch);
    }

    /// The windowed inverse of one spectrum, added to `out` (`N_FFT` samples).
    pub fn synthesize_add(&self, spec: &[Complex32], out: &mut [f32]) {
        let mut s = spec.to_vec();
        s[0].im = 0.0;
        s[BINS - 1].im = 0.0;
        let mut buf = vec![0f32; N_FFT];
        let mut scratch = self.inv.make_scratch_vec();
        let _ = self
            .inv
            .process_with_scratch(&mut s, &mut buf, &mut scratch);
        let norm = 1.0 / N_FFT as f32;
        for ((o, b), w) in out.iter_mut().zip(&buf).zip(&self.window) {
            *o += b * norm * w;
        }
    }
}

/// Overlap-add state of one stereo output: the samples still open to later frames.
pub struct Synth {
    /// Total input length (samples per channel).
    n: usize,
    /// Padded-signal position of `acc[..][0]`.
    start: usize,
    acc: [Vec<f32>; 2],
    env: Vec<f32>,
}

impl Synth {
    pub fn new(n: usize) -> Synth {
        Synth {
            n,
            start: 0,
            acc: [Vec::new(), Vec::new()],
            env: Vec::new(),
        }
    }

    /// Adds the frames `t0..t0+specs[c].len()/BINS` of both channels; returns the finished
    /// output samples (original coordinates, clipped to the input length) as (left, right).
    /// `last` flushes everything.
    pub fn push(
        &mut self,
        plans: &Plans,
        t0: usize,
        specs: [&[Complex32]; 2],
        last: bool,
    ) -> (Vec<f32>, Vec<f32>) {
        let nf = specs[0].len() / BINS;
        let end = (t0 + nf - 1) * HOP + N_FFT;
        let need = end - self.start;
        for a in self.acc.iter_mut().chain(std::iter::once(&mut self.env)) {
            if a.len() < need {
                a.resize(need, 0.0);
            }
        }
        for t in 0..nf {
            let off = (t0 + t) * HOP - self.start;
            for (spec, acc) in specs.iter().zip(self.acc.iter_mut()) {
                plans.synthesize_add(&spec[t * BINS..(t + 1) * BINS], &mut acc[off..off + N_FFT]);
            }
            for (e, w) in self.env[off..off + N_FFT].iter_mut().zip(&plans.window) {
                *e += w * w;
            }
        }
        // Samples before the next frame's start are final.
        let done = if last { end } else { (t0 + nf) * HOP };
        let k = done - self.start;
        let mut out = [Vec::new(), Vec::new()];
        // Original sample index of padded position p is p - PAD, kept when in 0..n.
        let lo = PAD.saturating_sub(self.start).min(k);
        let hi = (self.n + PAD).saturating_sub(self.start).min(k).max(lo);
        let env = &self.env;
        for (o, acc) in out.iter_mut().zip(self.acc.iter_mut()) {
            *o = (lo..hi)
                .map(|i| {
                    let e = env[i];
                    if e > 1e-11 { acc[i] / e } else { 0.0 }
                })
                .collect();
            acc.drain(..k);
        }
        self.env.drain(..k);
        self.start = done;
        let [l, r] = out;
        (l, r)
    }
}

/// Reads up to `max` input frames, appending them to (left, right); returns how many were read.
pub type Read<'a> = dyn FnMut(usize, &mut Vec<f32>, &mut Vec<f32>) -> anyhow::Result<usize> + 'a;

/// Produces the frames of a stereo signal segment by segment, reading input on demand.
pub struct Analyzer {
    n: usize,
    /// Padded-signal position of `buf[..][0]`.
    start: usize,
    buf: [Vec<f32>; 2],
    /// Original samples read so far.
    read: usize,
}

impl Analyzer {
    pub fn new(n: usize) -> Analyzer {
        Analyzer {
            n,
            start: 0,
            buf: [vec![0.0; PAD], vec![0.0; PAD]],
            read: 0,
        }
    }

    /// The spectra (`nf * BINS` per channel, frame-major) of frames `t0..t0+nf`, reading input
    /// through `read(max, left, right) -> frames read` as needed. Frames must be asked in order.
    pub fn frames(
        &mut self,
        plans: &Plans,
        t0: usize,
        nf: usize,
        read: &mut Read<'_>,
    ) -> anyhow::Result<[Vec<Complex32>; 2]> {
        let end = (t0 + nf - 1) * HOP + N_FFT;
        while self.start + self.buf[0].len() < end {
            let want = end - self.start - self.buf[0].len();
            let avail = (self.n - self.read).min(want);
            if avail > 0 {
                let [l, r] = &mut self.buf;
                let got = read(avail, l, r)?;
                if got == 0 {
                    anyhow::bail!(
                        "the input ended early (read {} of {} frames)",
                        self.read,
                        self.n
                    );
                }
                self.read += got;
            } else {
                for b in &mut self.buf {
                    b.resize(b.len() + want, 0.0);
                }
            }
        }
        let mut out = [
            vec![Complex32::default(); nf * BINS],
            vec![Complex32::default(); nf * BINS],
        ];
        for (o, buf) in out.iter_mut().zip(&self.buf) {
            for t in 0..nf {
                let off = (t0 + t) * HOP - self.start;
                plans.analyze(&buf[off..off + N_FFT], &mut o[t * BINS..(t + 1) * BINS]);
            }
        }
        // The next segment starts at frame t0+nf.
        let keep_from = (t0 + nf) * HOP - self.start;
        for b in &mut self.buf {
            b.drain(..keep_from.min(b.len()));
        }
        self.start += keep_from;
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(n: usize, seg: usize) {
        let mut s: u64 = 0x9e3779b97f4a7c15;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 40) as f32 / (1u64 << 24) as f32 - 0.5
        };
        let x: [Vec<f32>; 2] = [
            (0..n).map(|_| next()).collect(),
            (0..n).map(|_| next()).collect(),
        ];
        let plans = Plans::default();
        let mut an = Analyzer::new(n);
        let mut syn = Synth::new(n);
        let mut pos = 0;
        let mut read = |max: usize, l: &mut Vec<f32>, r: &mut Vec<f32>| {
            let k = max.min(777);
            l.extend_from_slice(&x[0][pos..pos + k]);
            r.extend_from_slice(&x[1][pos..pos + k]);
            pos += k;
            Ok(k)
        };
        let total = frames(n);
        let mut y = [Vec::new(), Vec::new()];
        let mut t0 = 0;
        while t0 < total {
            let nf = seg.min(total - t0);
            let spec = an.frames(&plans, t0, nf, &mut read).unwrap();
            let (l, r) = syn.push(&plans, t0, [&spec[0], &spec[1]], t0 + nf == total);
            y[0].extend(l);
            y[1].extend(r);
            t0 += nf;
        }
        for c in 0..2 {
            assert_eq!(y[c].len(), n);
            let err: f32 = x[c].iter().zip(&y[c]).map(|(a, b)| (a - b).powi(2)).sum();
            let pow: f32 = x[c].iter().map(|a| a * a).sum();
            assert!(
                (err / pow).sqrt() < 1e-4,
                "relative error {}",
                (err / pow).sqrt()
            );
            for i in [0, 1, n / 2, n.saturating_sub(2), n - 1]
                .into_iter()
                .filter(|&i| i < n)
            {
                assert!(
                    (x[c][i] - y[c][i]).abs() < 1e-4,
                    "sample {i}: {} vs {}",
                    x[c][i],
                    y[c][i]
                );
            }
        }
    }

    #[test]
    fn roundtrip_reconstructs_odd_lengths_across_segments() {
        roundtrip(44_101, 7);
        roundtrip(3 * 1024 * 5 + 1, 5);
        roundtrip(5_000, 512);
    }

    #[test]
    fn roundtrip_short_signals() {
        roundtrip(1, 512);
        roundtrip(1023, 2);
        roundtrip(4097, 1);
    }
}
