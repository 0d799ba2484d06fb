//! One decode pass feeding the waveform, the loudness meter and every encoder.
//!
//! The decoder runs on the calling thread and hands each decoded block to one thread per
//! consumer (analysis, MP3 128, MP3 320, FLAC) through small bounded queues: the encoders are
//! independent, so on a multi-core machine they run side by side, and the queues bound memory
//! to a few blocks whatever the track's length.

use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use symphonia::core::audio::GenericAudioBufferRef;

use super::analysis::{Loudness, Waveform};
use super::decode::{SampleKind, Source};
use super::encode::{FlacWriter, Mp3Writer};
use super::{Limits, ProcessError, Processed, Rendition, StreamQuality};

/// Blocks queued per consumer: enough to ride out a slow frame, few enough to stay small.
const QUEUE_BLOCKS: usize = 16;

/// One decoded block, shared by every consumer.
struct Block {
    samples: Vec<f32>,
    /// The same samples as integers at the FLAC rendition's depth, when there is one.
    ints: Option<Vec<i32>>,
}

/// What a consumer produced.
enum Output {
    Analysis {
        peaks: Vec<u8>,
        integrated_lufs: Option<f64>,
        true_peak_dbtp: Option<f64>,
    },
    Rendition(Rendition),
}

/// One consumer of the decoded stream, run on a thread of its own.
trait Consumer: Send {
    fn consume(&mut self, block: &Block) -> Result<(), ProcessError>;
    fn finish(self: Box<Self>) -> Result<Output, ProcessError>;
}

struct Analysis {
    waveform: Waveform,
    loudness: Loudness,
    channels: usize,
}

impl Consumer for Analysis {
    fn consume(&mut self, block: &Block) -> Result<(), ProcessError> {
        self.waveform.add(&block.samples, self.channels);
        self.loudness.add(&block.samples).map_err(loudness_failure)
    }

    fn finish(self: Box<Self>) -> Result<Output, ProcessError> {
        let (integrated_lufs, true_peak_dbtp) = self.loudness.finish();
        Ok(Output::Analysis {
            peaks: self.waveform.finish(),
            integrated_lufs,
            true_peak_dbtp,
        })
    }
}

struct Mp3 {
    writer: Mp3Writer,
    quality: StreamQuality,
    path: PathBuf,
}

impl Consumer for Mp3 {
    fn consume(&mut self, block: &Block) -> Result<(), ProcessError> {
        Ok(self.writer.write(&block.samples)?)
    }

    fn finish(self: Box<Self>) -> Result<Output, ProcessError> {
        let size = self.writer.finish()?;
        Ok(Output::Rendition(Rendition {
            quality: self.quality,
            path: self.path,
            content_type: "audio/mpeg",
            size,
        }))
    }
}

struct Flac {
    writer: FlacWriter,
    path: PathBuf,
}

impl Consumer for Flac {
    fn consume(&mut self, block: &Block) -> Result<(), ProcessError> {
        match &block.ints {
            Some(ints) => Ok(self.writer.write(ints)?),
            None => Err(ProcessError::Encode("no integer samples for FLAC".into())),
        }
    }

    fn finish(self: Box<Self>) -> Result<Output, ProcessError> {
        let size = self.writer.finish()?;
        Ok(Output::Rendition(Rendition {
            quality: StreamQuality::Lossless,
            path: self.path,
            content_type: "audio/flac",
            size,
        }))
    }
}

/// Consumes blocks until the decoder closes the queue, then finishes, unless decoding failed
/// (the output would be incomplete, and is about to be removed).
fn run_consumer(
    mut consumer: Box<dyn Consumer>,
    blocks: Receiver<Arc<Block>>,
    aborted: &AtomicBool,
) -> Result<Output, ProcessError> {
    for block in blocks {
        consumer.consume(&block)?;
    }
    if aborted.load(Ordering::Relaxed) {
        return Err(ProcessError::Aborted);
    }
    consumer.finish()
}

fn loudness_failure(err: ebur128::Error) -> ProcessError {
    ProcessError::Encode(format!("loudness meter: {err}"))
}

/// One decode pass feeding the waveform, the loudness meter and every encoder; writes the
/// renditions into `out_dir` (standard.mp3, high.mp3 and, when `lossless_source`, lossless.flac).
///
/// Decoding stops at the first of `limits` passed. On failure the renditions written so far
/// are removed, and the error is the first real one (not a consumer cut off because of it).
/// Blocking: callers use `spawn_blocking`.
pub fn process(
    source: &Path,
    out_dir: &Path,
    lossless_source: bool,
    limits: &Limits,
) -> Result<Processed, ProcessError> {
    let standard = out_dir.join("standard.mp3");
    let high = out_dir.join("high.mp3");
    let lossless = out_dir.join("lossless.flac");
    let result = run(
        source,
        &standard,
        &high,
        lossless_source.then_some(lossless.as_path()),
        limits,
    );
    if result.is_err() {
        for path in [&standard, &high, &lossless] {
            // Best effort: a file that was never created is not an error.
            let _ = fs::remove_file(path);
        }
    }
    result
}

fn run(
    path: &Path,
    standard: &Path,
    high: &Path,
    lossless: Option<&Path>,
    limits: &Limits,
) -> Result<Processed, ProcessError> {
    let mut source = Source::open(path, limits)?;
    let rate = source.sample_rate;
    let channels = source.channels.clone();
    let flac_bits = lossless.map(|_| flac_depth(source.sample_kind));

    let mut consumers: Vec<Box<dyn Consumer>> = vec![
        Box::new(Analysis {
            waveform: Waveform::default(),
            loudness: Loudness::new(&channels, rate).map_err(loudness_failure)?,
            channels: channels.count(),
        }),
        Box::new(Mp3 {
            writer: Mp3Writer::create(standard, 128, rate, &channels)?,
            quality: StreamQuality::Standard,
            path: standard.to_owned(),
        }),
        Box::new(Mp3 {
            writer: Mp3Writer::create(high, 320, rate, &channels)?,
            quality: StreamQuality::High,
            path: high.to_owned(),
        }),
    ];
    if let (Some(path), Some(bits)) = (lossless, flac_bits) {
        consumers.push(Box::new(Flac {
            writer: FlacWriter::create(path, rate, channels.count(), bits)?,
            path: path.to_owned(),
        }));
    }

    let aborted = AtomicBool::new(false);
    let (decoded, mut outputs) = std::thread::scope(|scope| {
        let mut queues: Vec<SyncSender<Arc<Block>>> = Vec::new();
        let mut workers = Vec::new();
        for consumer in consumers {
            let (sender, receiver) = sync_channel(QUEUE_BLOCKS);
            queues.push(sender);
            let aborted = &aborted;
            workers.push(scope.spawn(move || run_consumer(consumer, receiver, aborted)));
        }
        let decoded = feed(&mut source, flac_bits, &queues);
        if !matches!(decoded, Ok(true)) {
            aborted.store(true, Ordering::Relaxed);
        }
        // Closing the queues is what tells the consumers that the stream has ended.
        drop(queues);
        let outputs: Vec<Result<Output, ProcessError>> = workers
            .into_iter()
            .map(|worker| {
                worker.join().unwrap_or_else(|_| {
                    Err(ProcessError::Encode("an encoder thread panicked".into()))
                })
            })
            .collect();
        (decoded, outputs)
    });

    // A decoding failure explains any consumer's failure (they were cut off), so it comes first;
    // then the consumer that failed by itself, never one cut off because of it.
    if decoded? {
        source.finish()?;
    }
    if let Some(failure) = take_first_failure(&mut outputs) {
        return Err(failure);
    }
    let mut processed = Processed {
        peaks: Vec::new(),
        integrated_lufs: None,
        true_peak_dbtp: None,
        renditions: Vec::new(),
    };
    for output in outputs {
        match output? {
            Output::Analysis {
                peaks,
                integrated_lufs,
                true_peak_dbtp,
            } => {
                processed.peaks = peaks;
                processed.integrated_lufs = integrated_lufs;
                processed.true_peak_dbtp = true_peak_dbtp;
            }
            Output::Rendition(rendition) => processed.renditions.push(rendition),
        }
    }
    if processed.peaks.is_empty() {
        return Err(ProcessError::Encode("the analysis did not complete".into()));
    }
    Ok(processed)
}

/// Takes out the first failure of a consumer that failed by itself: the others were cut off
/// ([`ProcessError::Aborted`]) because of it.
fn take_first_failure(outputs: &mut Vec<Result<Output, ProcessError>>) -> Option<ProcessError> {
    let index = outputs
        .iter()
        .position(|output| matches!(output, Err(err) if !matches!(err, ProcessError::Aborted)))?;
    outputs.swap_remove(index).err()
}

/// Decodes the whole source into the queues; `false` when a consumer hung up first. That
/// consumer has failed and its error is reported when it is joined, so feeding simply stops.
fn feed(
    source: &mut Source,
    flac_bits: Option<u32>,
    queues: &[SyncSender<Arc<Block>>],
) -> Result<bool, ProcessError> {
    while let Some(buffer) = source.next_buffer()? {
        let block = Arc::new(to_block(&buffer, flac_bits));
        for queue in queues {
            if queue.send(Arc::clone(&block)).is_err() {
                return Ok(false);
            }
        }
    }
    Ok(true)
}

fn to_block(buffer: &GenericAudioBufferRef<'_>, flac_bits: Option<u32>) -> Block {
    let mut samples = Vec::new();
    buffer.copy_to_vec_interleaved::<f32>(&mut samples);
    let ints = flac_bits.map(|bits| {
        // Symphonia converts every format to i32 left-justified (full scale), so dropping the
        // low bits gives the sample at `bits`: exact for integer sources of that depth or less.
        let mut ints = Vec::new();
        buffer.copy_to_vec_interleaved::<i32>(&mut ints);
        let shift = 32 - bits;
        for sample in &mut ints {
            *sample >>= shift;
        }
        ints
    });
    Block { samples, ints }
}

/// 16-bit FLAC for sources of up to 16 bits, 24-bit (FLAC's practical maximum) for deeper
/// integer and for float sources.
fn flac_depth(kind: SampleKind) -> u32 {
    match kind {
        SampleKind::Int(bits) if bits <= 16 => 16,
        SampleKind::Int(_) | SampleKind::Float => 24,
        SampleKind::Lossy => 16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reported_failure_is_the_consumer_that_failed_not_one_cut_off_by_it() {
        let rendition = || {
            Ok(Output::Rendition(Rendition {
                quality: StreamQuality::Standard,
                path: PathBuf::from("standard.mp3"),
                content_type: "audio/mpeg",
                size: 1,
            }))
        };
        let mut outputs = vec![
            Err(ProcessError::Aborted),
            rendition(),
            Err(ProcessError::Encode(
                "LAME: the output buffer is too small".into(),
            )),
            Err(ProcessError::Aborted),
        ];

        let failure = take_first_failure(&mut outputs);

        assert!(
            matches!(&failure, Some(ProcessError::Encode(message)) if message.contains("LAME")),
            "{failure:?}"
        );
        assert!(take_first_failure(&mut vec![rendition(), Err(ProcessError::Aborted)]).is_none());
    }
}
