//! Ingest benchmark (`make bench-ingest`): `audio::probe` + `audio::process` on a synthesised
//! 5-minute 44.1 kHz stereo 16-bit WAV, against Debian's ffmpeg making the same renditions
//! (MP3 128k, MP3 320k, FLAC, plus an EBU R128 pass with true peak) from the same file in the
//! same run. Each side runs 3 times; the ratios compare median wall times and total CPU times.
//!
//! Each Backbeat run is a child process (this binary with `--child`), so that its peak RSS
//! (VmHWM) is the ingest's alone, not the parent's or an earlier run's. ffmpeg's peak RSS comes
//! from `/usr/bin/time -v` when that is installed.

use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use backbeat::audio::{self, synth};

const SECONDS: f32 = 300.0;
const RUNS: usize = 3;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--child") {
        return child(Path::new(&args[i + 1]), Path::new(&args[i + 2]));
    }
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("bench-ingest: {message}");
            ExitCode::FAILURE
        }
    }
}

/// One measured ingest; prints "<seconds> <peak RSS in kB> <CPU seconds>".
fn child(source: &Path, out_dir: &Path) -> ExitCode {
    let started = Instant::now();
    let limits = audio::Limits::default();
    let probe = audio::probe(source, &limits).expect("probe");
    let processed =
        audio::process(source, out_dir, probe.format.is_lossless(), &limits).expect("process");
    let elapsed = started.elapsed().as_secs_f64();
    assert_eq!(processed.renditions.len(), 3);
    println!(
        "{elapsed} {} {}",
        vm_hwm_kb().unwrap_or(0),
        cpu_seconds().unwrap_or(0.0)
    );
    ExitCode::SUCCESS
}

fn vm_hwm_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|line| line.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// User + system time of this process, all threads, from /proc/self/stat (in USER_HZ ticks,
/// which Linux fixes at 100 per second for this interface).
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

struct Sample {
    seconds: f64,
    peak_rss_kb: Option<u64>,
    cpu_seconds: Option<f64>,
}

fn run() -> Result<(), String> {
    let ffmpeg_version = Command::new("ffmpeg")
        .arg("-version")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| {
            String::from_utf8_lossy(&out.stdout)
                .lines()
                .next()
                .unwrap_or("")
                .to_owned()
        })
        .ok_or("the reference is unavailable: ffmpeg is not installed (apt-get install ffmpeg)")?;

    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let source = dir.path().join("in.wav");
    let started = Instant::now();
    synth::write_wav(&source, SECONDS, 44_100, 2, synth::phrase()).map_err(|e| e.to_string())?;
    let size_mb = std::fs::metadata(&source).map_err(|e| e.to_string())?.len() as f64 / 1e6;
    println!(
        "source: {SECONDS} s, 44.1 kHz stereo 16-bit WAV, {size_mb:.1} MB (synthesised in {:.2} s)",
        started.elapsed().as_secs_f64()
    );
    println!("reference: {ffmpeg_version}");
    println!(
        "machine: {} cores",
        std::thread::available_parallelism().map_or(0, |n| n.get())
    );

    // Alternating runs share out whatever else the machine is doing.
    let time_v = Path::new("/usr/bin/time").exists();
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for run in 1..=RUNS {
        ours.push(backbeat_run(
            &source,
            &dir.path().join(format!("ours-{run}")),
        )?);
        theirs.push(ffmpeg_run(
            &source,
            &dir.path().join(format!("ffmpeg-{run}")),
            time_v,
        )?);
    }

    println!();
    report("backbeat probe+process", &ours);
    report("ffmpeg (libmp3lame x2, flac, ebur128)", &theirs);
    let ratio = median(&ours) / median(&theirs);
    println!("\nratio backbeat/ffmpeg (median wall time): {ratio:.2}");
    let cpu = |samples: &[Sample]| samples.iter().map(|s| s.cpu_seconds).sum::<Option<f64>>();
    if let (Some(ours), Some(theirs)) = (cpu(&ours), cpu(&theirs)) {
        println!(
            "ratio backbeat/ffmpeg (total CPU time): {:.2}",
            ours / theirs
        );
    }
    // Other work on the machine slows the single-threaded reference more than Backbeat's
    // threads, so the load is part of the result.
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        let load: Vec<&str> = load.split_whitespace().take(3).collect();
        println!("load average after the runs: {}", load.join(" "));
    }
    for (name, run_dir) in [("backbeat", "ours-1"), ("ffmpeg", "ffmpeg-1")] {
        let sizes: Vec<String> = ["standard.mp3", "high.mp3", "lossless.flac"]
            .iter()
            .map(|file| {
                let path = dir.path().join(run_dir).join(file);
                let len = std::fs::metadata(path).map_or(0, |m| m.len());
                format!("{file} {:.2} MB", len as f64 / 1e6)
            })
            .collect();
        println!("{name} renditions: {}", sizes.join(", "));
    }
    Ok(())
}

fn backbeat_run(source: &Path, out_dir: &Path) -> Result<Sample, String> {
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new(exe)
        .arg("--child")
        .arg(source)
        .arg(out_dir)
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err("the backbeat run failed".into());
    }
    let line = String::from_utf8_lossy(&out.stdout);
    let mut fields = line.split_whitespace();
    let seconds = fields
        .next()
        .and_then(|s| s.parse().ok())
        .ok_or("no timing from child")?;
    let peak_rss_kb = fields
        .next()
        .and_then(|s| s.parse().ok())
        .filter(|&kb| kb > 0);
    let cpu_seconds = fields
        .next()
        .and_then(|s| s.parse().ok())
        .filter(|&cpu: &f64| cpu > 0.0);
    Ok(Sample {
        seconds,
        peak_rss_kb,
        cpu_seconds,
    })
}

/// Same renditions with the same names, in one ffmpeg process; `-af ebur128=peak=true` into the
/// null muxer is the loudness pass Backbeat also makes.
fn ffmpeg_run(source: &Path, out_dir: &Path, time_v: bool) -> Result<Sample, String> {
    std::fs::create_dir_all(out_dir).map_err(|e| e.to_string())?;
    let mut command = if time_v {
        let mut command = Command::new("/usr/bin/time");
        command.arg("-v").arg("ffmpeg");
        command
    } else {
        Command::new("ffmpeg")
    };
    command
        .args(["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i"])
        .arg(source)
        .args(["-codec:a", "libmp3lame", "-b:a", "128k"])
        .arg(out_dir.join("standard.mp3"))
        .args(["-codec:a", "libmp3lame", "-b:a", "320k"])
        .arg(out_dir.join("high.mp3"))
        .args(["-codec:a", "flac"])
        .arg(out_dir.join("lossless.flac"))
        .args(["-af", "ebur128=peak=true", "-f", "null", "-"]);
    let started = Instant::now();
    let out = command
        .stdout(Stdio::null())
        .output()
        .map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    if !out.status.success() {
        return Err(format!(
            "ffmpeg failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    // `/usr/bin/time -v` reports on stderr after ffmpeg's own (silenced) output.
    let stderr = String::from_utf8_lossy(&out.stderr);
    let field = |name: &str| {
        stderr
            .lines()
            .find_map(|line| line.trim().strip_prefix(name))
            .and_then(|value| value.trim().parse::<f64>().ok())
    };
    let peak_rss_kb = field("Maximum resident set size (kbytes): ").map(|kb| kb as u64);
    let cpu_seconds = field("User time (seconds): ")
        .zip(field("System time (seconds): "))
        .map(|(user, system)| user + system);
    Ok(Sample {
        seconds,
        peak_rss_kb,
        cpu_seconds,
    })
}

fn median(samples: &[Sample]) -> f64 {
    let mut seconds: Vec<f64> = samples.iter().map(|s| s.seconds).collect();
    seconds.sort_by(f64::total_cmp);
    seconds[seconds.len() / 2]
}

fn report(name: &str, samples: &[Sample]) {
    println!("{name}:");
    for (run, sample) in samples.iter().enumerate() {
        let rss = sample.peak_rss_kb.map_or("n/a".to_owned(), |kb| {
            format!("{:.1} MB", kb as f64 / 1024.0)
        });
        let cpu = sample
            .cpu_seconds
            .map_or("n/a".to_owned(), |cpu| format!("{cpu:.2} s"));
        println!(
            "  run {}: {:6.2} s  {:6.1}x real time  peak RSS {rss}  CPU (user+sys) {cpu}",
            run + 1,
            sample.seconds,
            f64::from(SECONDS) / sample.seconds,
        );
    }
    let median = median(samples);
    println!(
        "  median: {median:.2} s ({:.1}x real time)",
        f64::from(SECONDS) / median
    );
}
