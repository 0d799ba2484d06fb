//! Separates a WAV file into vocals and accompaniment (what `backbeat automix separate` runs).
//!
//! `separate IN.wav --vocals V.wav --accompaniment A.wav [--reference] [--no-wiener]
//! [--threads N] [--models-dir DIR]`; prints the compute time and the real-time factor.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use automix::{Options, Separator, default_models_dir};

/// The server's allocator, so the timings are the server's: mimalloc keeps the large per-segment
/// buffers mapped instead of returning them to the system after every layer.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> Result<()> {
    let mut args = std::env::args().skip(1);
    let (mut input, mut vocals, mut accomp) = (None, None, None);
    let mut options = Options::default();
    let mut models = default_models_dir();
    while let Some(a) = args.next() {
        let mut val = || args.next().with_context(|| format!("{a} needs a value"));
        match a.as_str() {
            "--vocals" => vocals = Some(PathBuf::from(val()?)),
            "--accompaniment" => accomp = Some(PathBuf::from(val()?)),
            "--models-dir" => models = PathBuf::from(val()?),
            "--threads" => options.threads = val()?.parse().context("--threads takes a number")?,
            "--reference" => {
                options = Options {
                    threads: options.threads,
                    ..Options::reference()
                };
            }
            "--no-wiener" => options.wiener = false,
            s if s.starts_with("--") => bail!("unknown option {s}"),
            s => input = Some(PathBuf::from(s)),
        }
    }
    let (Some(input), Some(vocals), Some(accomp)) = (input, vocals, accomp) else {
        bail!(
            "usage: separate IN.wav --vocals V.wav --accompaniment A.wav [--reference] [--no-wiener] [--threads N] [--models-dir DIR]"
        );
    };
    let sep = Separator::load(&models, options)?;
    let start = Instant::now();
    sep.separate_files(&input, &vocals, &accomp, &mut |_| {})?;
    let secs = start.elapsed().as_secs_f64();
    let dur = hound::WavReader::open(&input)
        .map(|r| r.duration() as f64 / r.spec().sample_rate as f64)?;
    println!(
        "separated {dur:.1} s of audio in {secs:.2} s ({:.1}x real time, {options:?})",
        dur / secs
    );
    Ok(())
}
