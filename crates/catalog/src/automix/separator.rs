//! Stem separators: what splits a WAV file into vocals and accompaniment. The job runs one
//! [`StemSeparator`]: the built-in network, or an external command configured with
//! `BACKBEAT_AUTOMIX_COMMAND` ([`ExternalSeparator`]). When neither is available the server
//! still runs, and AutoMix answers that it is not available ([`Engine::unavailable`]; the log says why).

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};

use backbeat_platform::audio::{self, Limits};
use backbeat_platform::config::PLACEHOLDERS;

/// Splits a track into its two stems.
pub trait StemSeparator: Send + Sync + 'static {
    /// Reads the WAV file `input` (any sample rate, mono or stereo) and writes the vocals and
    /// the accompaniment as WAV files at `vocals` and `accompaniment`, the input's length.
    /// Reports its progress (0.0 to 1.0) through `progress` and returns early, with an error,
    /// when [`Progress::should_stop`] says so and it can. Blocking: the job runs it on a
    /// blocking thread.
    fn separate(
        &self,
        input: &Path,
        vocals: &Path,
        accompaniment: &Path,
        progress: &Progress,
    ) -> anyhow::Result<()>;
}

/// The line between a running separation and its job: progress out, a stop request in.
pub struct Progress {
    report: Box<dyn Fn(f32) + Send + Sync>,
    stop: Arc<AtomicBool>,
}

impl Progress {
    /// A progress that hands each fraction to `report`.
    pub fn new(report: impl Fn(f32) + Send + Sync + 'static) -> Self {
        Self {
            report: Box::new(report),
            stop: Arc::default(),
        }
    }

    /// Reports that `fraction` (clamped to 0.0..=1.0) of the work is done.
    pub fn report(&self, fraction: f32) {
        (self.report)(fraction.clamp(0.0, 1.0));
    }

    /// Whether the job stopped waiting (it timed out, or the server is stopping).
    pub fn should_stop(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// A guard that asks the separation to stop when it is dropped.
    pub fn stopper(&self) -> Stopper {
        Stopper(self.stop.clone())
    }
}

/// Asks a separation to stop when dropped ([`Progress::stopper`]).
pub struct Stopper(Arc<AtomicBool>);

impl Drop for Stopper {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The separator this server runs, or why it has none.
#[derive(Clone)]
pub struct Engine(Result<Arc<dyn StemSeparator>, Arc<str>>);

impl Engine {
    pub fn available(separator: impl StemSeparator) -> Self {
        Self(Ok(Arc::new(separator)))
    }

    /// No separator, because of `reason` (for the operator's log when a listener presses
    /// AutoMix: how to install the model; the listener is only told AutoMix is off).
    pub fn unavailable(reason: impl Into<String>) -> Self {
        Self(Err(reason.into().into()))
    }

    pub fn separator(&self) -> Result<&Arc<dyn StemSeparator>, &str> {
        self.0.as_ref().map_err(|reason| &**reason)
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.0 {
            Ok(_) => f.write_str("Engine(available)"),
            Err(reason) => write!(f, "Engine(unavailable: {reason})"),
        }
    }
}

/// The built-in separator: Spleeter's 2-stems network on the CPU (crate `backbeat-automix`),
/// with the model installed in the models folder (`make models`, `backbeat models install`).
/// The weights (about 120 MB) are read for each separation and dropped after it, so a server
/// that is not separating holds none of them, and starting a server costs nothing.
pub struct BuiltinSeparator {
    models_dir: PathBuf,
    threads: usize,
}

impl BuiltinSeparator {
    /// The separator of the model in `models_dir`, running on `threads` threads; the error says
    /// how to install the model when it is missing.
    pub fn new(models_dir: &Path, threads: usize) -> Result<Self, automix::LoadError> {
        if !automix::is_installed(models_dir) {
            return Err(automix::LoadError::NotInstalled {
                dir: models_dir.to_path_buf(),
            });
        }
        Ok(Self {
            models_dir: models_dir.to_path_buf(),
            threads,
        })
    }
}

impl StemSeparator for BuiltinSeparator {
    fn separate(
        &self,
        input: &Path,
        vocals: &Path,
        accompaniment: &Path,
        progress: &Progress,
    ) -> anyhow::Result<()> {
        let options = automix::Options {
            threads: self.threads,
            ..automix::Options::default()
        };
        let separator =
            automix::Separator::load(&self.models_dir, options)?.stop_when(progress.stop.clone());
        separator.separate_files(input, vocals, accompaniment, &mut |fraction| {
            progress.report(fraction)
        })
    }
}

/// How often a running command is checked on.
const POLL: Duration = Duration::from_millis(50);
/// How long the last lines of stderr are waited for after the command ended.
const DRAIN: Duration = Duration::from_secs(1);
/// The most of a stderr line kept for the error message.
const MAX_MESSAGE_CHARS: usize = 500;
/// The last lines of stderr logged for the operator when the command fails.
const LOGGED_LINES: usize = 20;

/// A separator run as a program (Spleeter, Demucs, a script around them): the configured
/// arguments with `{input}`, `{vocals}` and `{accompaniment}` replaced by the files' paths,
/// run directly (never through a shell) in a process group of its own, which is killed when
/// the time limit passes or the job stops. A failure is logged with the last lines the program
/// wrote to stderr and reported with the last one (for the job's row and the operator: a
/// listener only reads that AutoMix failed); a `NN%` on a stderr line is taken as its progress.
#[derive(Clone, Debug)]
pub struct ExternalSeparator {
    argv: Vec<String>,
    time_limit: Duration,
}

impl ExternalSeparator {
    /// `argv` is the command split into words (`config::AutomixConfig::command_argv`).
    pub fn new(argv: Vec<String>, time_limit: Duration) -> anyhow::Result<Self> {
        if argv.is_empty() {
            bail!("the separator command is empty");
        }
        Ok(Self { argv, time_limit })
    }

    fn command(
        &self,
        input: &Path,
        vocals: &Path,
        accompaniment: &Path,
    ) -> anyhow::Result<Command> {
        let paths = [input, vocals, accompaniment]
            .map(|path| path.to_str().context("a temporary path is not UTF-8"));
        let [input, vocals, accompaniment] = paths;
        let values = [input?, vocals?, accompaniment?];
        let mut words = self.argv.iter().map(|word| substitute(word, &values));
        let program = words.next().context("the separator command is empty")?;
        let mut command = Command::new(program);
        command
            .args(words)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        Ok(command)
    }
}

/// Replaces each placeholder in `word` by its value, in one pass (a value is never searched
/// for placeholders itself).
fn substitute(word: &str, values: &[&str; 3]) -> String {
    let mut out = String::with_capacity(word.len());
    let mut rest = word;
    'scan: while !rest.is_empty() {
        for (placeholder, value) in PLACEHOLDERS.iter().zip(values) {
            if let Some(after) = rest.strip_prefix(placeholder) {
                out.push_str(value);
                rest = after;
                continue 'scan;
            }
        }
        let mut chars = rest.chars();
        out.extend(chars.next());
        rest = chars.as_str();
    }
    out
}

impl StemSeparator for ExternalSeparator {
    fn separate(
        &self,
        input: &Path,
        vocals: &Path,
        accompaniment: &Path,
        progress: &Progress,
    ) -> anyhow::Result<()> {
        let program = &self.argv[0];
        let mut child = self
            .command(input, vocals, accompaniment)?
            .spawn()
            .with_context(|| format!("cannot run the separator command {program:?}"))?;
        let stderr = child.stderr.take().context("no stderr pipe")?;
        let (lines, last_line) = std::sync::mpsc::channel();
        let reader = std::thread::spawn(move || read_stderr(stderr, &lines));
        let deadline = Instant::now() + self.time_limit;
        let mut tail = StderrTail::default();
        let status = loop {
            for line in last_line.try_iter() {
                tail.push(line, progress);
            }
            if let Some(status) = child.try_wait()? {
                break status;
            }
            let stop = if progress.should_stop() {
                Some("the separation was stopped".to_owned())
            } else if Instant::now() >= deadline {
                Some(format!(
                    "the separator command did not finish within {} seconds",
                    self.time_limit.as_secs()
                ))
            } else {
                None
            };
            if let Some(reason) = stop {
                kill_group(&mut child);
                bail!(reason);
            }
            std::thread::sleep(POLL);
        };
        // The program has ended (and is reaped: its group is not ours to signal any more).
        // Its last lines are read, unless something it started keeps stderr open.
        let drained = Instant::now() + DRAIN;
        while let Some(wait) = drained.checked_duration_since(Instant::now()) {
            match last_line.recv_timeout(wait) {
                Ok(line) => tail.push(line, progress),
                Err(_) => break,
            }
        }
        drop(reader);
        if !status.success() {
            tracing::warn!(
                command = %program,
                %status,
                stderr = %tail.lines.iter().map(String::as_str).collect::<Vec<_>>().join("\n"),
                "the AutoMix separator command failed"
            );
            match tail.lines.back() {
                Some(last) => bail!("the separator command failed ({status}): {last}"),
                None => bail!("the separator command failed ({status})"),
            }
        }
        for (name, path) in [("vocals", vocals), ("accompaniment", accompaniment)] {
            if !path.is_file() {
                bail!("the separator command wrote no {name} file");
            }
            audio::probe(path, &Limits::default())
                .with_context(|| format!("the separator's {name} file does not decode"))?;
        }
        Ok(())
    }
}

/// The last [`LOGGED_LINES`] lines a separator wrote to stderr.
#[derive(Default)]
struct StderrTail {
    lines: std::collections::VecDeque<String>,
}

impl StderrTail {
    /// Keeps `line`, and reports the progress it shows.
    fn push(&mut self, line: String, progress: &Progress) {
        if let Some(fraction) = progress_of(&line) {
            progress.report(fraction);
        }
        if self.lines.len() == LOGGED_LINES {
            self.lines.pop_front();
        }
        self.lines.push_back(line);
    }
}

/// Sends each non-empty line of `stderr` (lines end at `\n` or at a progress bar's `\r`).
fn read_stderr(stderr: impl Read, lines: &std::sync::mpsc::Sender<String>) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    loop {
        line.clear();
        match read_line(&mut reader, &mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if !text.is_empty() {
            let text: String = text.chars().take(MAX_MESSAGE_CHARS).collect();
            if lines.send(text).is_err() {
                return;
            }
        }
    }
}

/// Reads up to and including the next `\n` or `\r`; answers the bytes read.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> std::io::Result<usize> {
    let mut read = 0;
    loop {
        let buffer = reader.fill_buf()?;
        if buffer.is_empty() {
            return Ok(read);
        }
        match buffer.iter().position(|&b| b == b'\n' || b == b'\r') {
            Some(end) => {
                line.extend_from_slice(&buffer[..=end]);
                reader.consume(end + 1);
                return Ok(read + end + 1);
            }
            None => {
                let len = buffer.len();
                line.extend_from_slice(buffer);
                reader.consume(len);
                read += len;
            }
        }
    }
}

/// The last `NN%` of a line, as a fraction (`" 42%|████"` is 0.42).
fn progress_of(line: &str) -> Option<f32> {
    let end = line.rfind('%')?;
    let digits = line[..end]
        .chars()
        .rev()
        .take_while(char::is_ascii_digit)
        .count();
    let percent: u32 = line[end - digits..end].parse().ok()?;
    (percent <= 100).then(|| percent as f32 / 100.0)
}

/// Kills the command's process group (the command and whatever it started), then reaps it.
/// Only for a command not reaped yet, whose id is still its own.
fn kill_group(child: &mut std::process::Child) {
    if let Ok(pid) = i32::try_from(child.id()) {
        let _ = nix::sys::signal::killpg(
            nix::unistd::Pid::from_raw(pid),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    let _ = child.kill();
    let _ = child.wait();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_replaced_once_inside_any_argument() {
        let values = ["/t/in.wav", "/t/{accompaniment}", "/t/acc.wav"];
        assert_eq!(substitute("-i={input}", &values), "-i=/t/in.wav");
        assert_eq!(substitute("{vocals}", &values), "/t/{accompaniment}");
        assert_eq!(
            substitute("{accompaniment}:{input}", &values),
            "/t/acc.wav:/t/in.wav"
        );
        assert_eq!(substitute("{other} ünï", &values), "{other} ünï");
    }

    #[test]
    fn progress_is_read_from_percentages() {
        assert_eq!(progress_of(" 42%|████      | 4/10"), Some(0.42));
        assert_eq!(progress_of("100%"), Some(1.0));
        assert_eq!(progress_of("loading model"), None);
        assert_eq!(progress_of("%"), None);
        assert_eq!(progress_of("250%"), None);
    }

    /// A separator running `body` as `sh -c body sh {input} {vocals} {accompaniment}`.
    fn shell(body: &str, time_limit: Duration) -> ExternalSeparator {
        let argv = [
            "sh",
            "-c",
            body,
            "sh",
            "{input}",
            "{vocals}",
            "{accompaniment}",
        ];
        ExternalSeparator::new(argv.map(String::from).to_vec(), time_limit).unwrap()
    }

    fn run(
        separator: &ExternalSeparator,
        progress: &Progress,
    ) -> (tempfile::TempDir, anyhow::Result<()>) {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("in.wav");
        backbeat_platform::audio::synth::write_wav(
            &input,
            0.5,
            44_100,
            2,
            backbeat_platform::audio::synth::sine(440.0, -6.0),
        )
        .unwrap();
        let result = separator.separate(
            &input,
            &dir.path().join("v.wav"),
            &dir.path().join("a.wav"),
            progress,
        );
        (dir, result)
    }

    fn quiet() -> Progress {
        Progress::new(|_| {})
    }

    #[test]
    fn a_command_that_copies_the_input_separates_and_reports_progress() {
        let reported = Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = reported.clone();
        let progress = Progress::new(move |f| seen.lock().unwrap().push(f));
        let separator = shell(
            "echo ' 30%|###' >&2; cp \"$1\" \"$2\"; cp \"$1\" \"$3\"",
            Duration::from_secs(10),
        );

        let (dir, result) = run(&separator, &progress);

        result.unwrap();
        assert!(dir.path().join("v.wav").is_file() && dir.path().join("a.wav").is_file());
        assert_eq!(*reported.lock().unwrap(), [0.3]);
    }

    #[test]
    fn missing_or_undecodable_outputs_fail() {
        let none = shell("cp \"$1\" \"$2\"", Duration::from_secs(10));
        let junk = shell(
            "cp \"$1\" \"$2\"; echo junk > \"$3\"",
            Duration::from_secs(10),
        );

        let missing = run(&none, &quiet()).1.unwrap_err().to_string();
        let undecodable = format!("{:#}", run(&junk, &quiet()).1.unwrap_err());

        assert_eq!(missing, "the separator command wrote no accompaniment file");
        assert!(
            undecodable.contains("accompaniment file does not decode"),
            "{undecodable}"
        );
    }

    #[test]
    fn a_command_past_its_time_limit_is_killed_with_what_it_started() {
        let separator = shell(
            "sleep 30 & sleep 30; cp \"$1\" \"$2\"",
            Duration::from_millis(300),
        );
        let started = Instant::now();

        let err = run(&separator, &quiet()).1.unwrap_err().to_string();

        assert!(err.contains("did not finish within"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_stopped_job_stops_the_command() {
        let separator = shell("sleep 30", Duration::from_secs(60));
        let progress = quiet();
        drop(progress.stopper());
        let started = Instant::now();

        let err = run(&separator, &progress).1.unwrap_err().to_string();

        assert_eq!(err, "the separation was stopped");
        assert!(started.elapsed() < Duration::from_secs(5));
    }

    #[test]
    fn a_failing_command_reports_its_last_stderr_line() {
        let failing = shell(
            "echo first >&2; echo 'out of memory' >&2; exit 3",
            Duration::from_secs(10),
        );
        let missing = ExternalSeparator::new(
            vec!["/nonexistent/separator".into()],
            Duration::from_secs(1),
        )
        .unwrap();

        let failed = run(&failing, &quiet()).1.unwrap_err().to_string();
        let not_run = run(&missing, &quiet()).1.unwrap_err().to_string();

        assert!(
            failed.ends_with("exit status: 3): out of memory"),
            "{failed}"
        );
        assert!(
            not_run.contains("cannot run the separator command"),
            "{not_run}"
        );
    }

    #[test]
    fn stderr_lines_end_at_newlines_and_carriage_returns() {
        let (sender, receiver) = std::sync::mpsc::channel();
        read_stderr(&b"a\r 10%\r\nlast line\n\n"[..], &sender);
        drop(sender);
        let lines: Vec<String> = receiver.iter().collect();
        assert_eq!(lines, ["a", "10%", "last line"]);
    }
}
