//! Audio ingest: recognising an upload, and turning it into the renditions the plans stream.
//!
//! [`probe`] says whether a file is an MP3, WAV, OGG Vorbis or FLAC file that decodes from start
//! to end, and how long it is. [`process`] decodes it once more and feeds every decoded block to
//! the waveform, the EBU R128 loudness meter and the encoders (MP3 128 and 320 kbit/s, FLAC for
//! lossless uploads) at the same time, so a track is never held in memory whole.
//! [`decode_to_wav`] writes the decoded track as a plain WAV file, for programs that read only
//! that (a stem separator).
//!
//! Both functions block for as long as decoding and encoding take (seconds for a song); callers
//! on the async runtime use `tokio::task::spawn_blocking`.

mod analysis;
mod decode;
mod encode;
mod process;
mod sniff;
pub mod synth;
mod wav;

use std::path::{Path, PathBuf};
use std::time::Instant;

pub use crate::plans::StreamQuality;
pub use process::process;
pub use wav::decode_to_wav;

/// How much decoding an upload may cause. Decoding stops as soon as one is passed, so a small
/// file that declares or decodes to hours of audio costs no more than the limit.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest track, in seconds of decoded audio.
    pub max_duration_secs: u64,
    /// Decoded audio, counted as 16-bit PCM, may be at most this many times the file's size.
    /// Real music compresses at most about 10x (MP3 at 128 kbit/s) to 45x (Vorbis at its lowest
    /// quality); constant frames compress thousands of times.
    pub max_decoded_ratio: u64,
    /// When decoding must have finished (a processing job's time limit).
    pub deadline: Option<Instant>,
}

impl Limits {
    pub const DEFAULT_MAX_DURATION_SECS: u64 = 2 * 3600;
    pub const DEFAULT_MAX_DECODED_RATIO: u64 = 100;

    pub fn with_deadline(self, deadline: Instant) -> Self {
        Self {
            deadline: Some(deadline),
            ..self
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_duration_secs: Self::DEFAULT_MAX_DURATION_SECS,
            max_decoded_ratio: Self::DEFAULT_MAX_DECODED_RATIO,
            deadline: None,
        }
    }
}

/// The container (and codec) of an accepted upload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AudioFormat {
    Mp3,
    Wav,
    Ogg,
    Flac,
}

impl AudioFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Mp3 => "mp3",
            Self::Wav => "wav",
            Self::Ogg => "ogg",
            Self::Flac => "flac",
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Mp3 => "audio/mpeg",
            Self::Wav => "audio/wav",
            Self::Ogg => "audio/ogg",
            Self::Flac => "audio/flac",
        }
    }

    /// Whether the upload keeps every sample, so a FLAC rendition loses nothing.
    pub fn is_lossless(self) -> bool {
        matches!(self, Self::Wav | Self::Flac)
    }
}

/// What [`probe`] found out about an upload.
#[derive(Clone, Debug)]
pub struct Probe {
    pub format: AudioFormat,
    /// The decoded length, rounded to the nearest second.
    pub duration_secs: u32,
    pub sample_rate: u32,
    pub channels: u16,
}

#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// Not MP3, WAV (16/24/32-bit integer or 32-bit float PCM), OGG Vorbis or FLAC by its bytes.
    #[error("not an audio file")]
    NotAudio,
    /// Recognised but broken: truncated, corrupt, junk between frames, no audio track, no audio.
    #[error("audio does not decode: {0}")]
    Undecodable(String),
    /// Decodes, but is longer or decodes to more than [`Limits`] allow.
    #[error("audio over the limits: {0}")]
    OverLimit(String),
    #[error("decoding did not finish in time")]
    TimedOut,
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl From<decode::Failure> for ProbeError {
    fn from(failure: decode::Failure) -> Self {
        match failure {
            decode::Failure::NotAudio => Self::NotAudio,
            decode::Failure::Undecodable(message) => Self::Undecodable(message),
            decode::Failure::OverLimit(message) => Self::OverLimit(message),
            decode::Failure::TimedOut => Self::TimedOut,
            decode::Failure::Io(err) => Self::Io(err),
        }
    }
}

/// Identifies the container from the bytes (never the file name) and decodes every packet.
///
/// A packet that fails to decode fails the file, and so does a stream that ends before the
/// length its container declares or passes `limits`. Blocking: callers use `spawn_blocking`.
pub fn probe(path: &Path, limits: &Limits) -> Result<Probe, ProbeError> {
    let mut source = decode::Source::open(path, limits)?;
    while source.next_buffer()?.is_some() {}
    let format = source.format;
    let sample_rate = source.sample_rate;
    let channels = source.channel_count() as u16;
    let frames = source.finish()?;
    Ok(Probe {
        format,
        duration_secs: (frames as f64 / f64::from(sample_rate)).round() as u32,
        sample_rate,
        channels,
    })
}

/// Points in [`Processed::peaks`].
pub const WAVEFORM_POINTS: usize = 800;

/// One encoded file of a track.
#[derive(Clone, Debug)]
pub struct Rendition {
    pub quality: StreamQuality,
    pub path: PathBuf,
    pub content_type: &'static str,
    /// Bytes.
    pub size: u64,
}

/// Everything [`process`] derived from an upload.
#[derive(Clone, Debug)]
pub struct Processed {
    /// `WAVEFORM_POINTS` values 0..=255: the largest |sample| in each stretch of the track, scaled
    /// so that the loudest stretch is 255 (all 0 for silence).
    pub peaks: Vec<u8>,
    /// EBU R128 integrated loudness in LUFS; `None` when the gates leave nothing (silence).
    pub integrated_lufs: Option<f64>,
    /// The highest true peak over the channels, in dBTP; `None` for digital silence.
    pub true_peak_dbtp: Option<f64>,
    /// Standard and High always; Lossless only for a lossless upload.
    pub renditions: Vec<Rendition>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    #[error("audio does not decode: {0}")]
    Undecodable(String),
    #[error("audio over the limits: {0}")]
    OverLimit(String),
    #[error("processing did not finish in time")]
    TimedOut,
    #[error("encoding failed: {0}")]
    Encode(String),
    /// A consumer was cut off because decoding or another consumer failed first; that failure
    /// is the one reported.
    #[error("cut off by another failure")]
    Aborted,
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

impl From<decode::Failure> for ProcessError {
    fn from(failure: decode::Failure) -> Self {
        match failure {
            decode::Failure::NotAudio => Self::Undecodable("not an audio file".into()),
            decode::Failure::Undecodable(message) => Self::Undecodable(message),
            decode::Failure::OverLimit(message) => Self::OverLimit(message),
            decode::Failure::TimedOut => Self::TimedOut,
            decode::Failure::Io(err) => Self::Io(err),
        }
    }
}

impl From<encode::EncodeFailure> for ProcessError {
    fn from(failure: encode::EncodeFailure) -> Self {
        match failure {
            encode::EncodeFailure::Encoder(message) => Self::Encode(message),
            encode::EncodeFailure::Io(err) => Self::Io(err),
        }
    }
}

#[cfg(test)]
mod tests;
