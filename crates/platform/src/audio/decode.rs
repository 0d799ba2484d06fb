//! Strict, streaming decoding of an uploaded file with Symphonia.
//!
//! Symphonia is built to play whatever it can: it skips packets that fail, ends an MP3 at a
//! frame cut off by the end of the file and resynchronises past garbage. An upload has to be
//! whole instead, so [`Source`] treats every packet error as fatal and, at the end, compares
//! what decoded with what the container declared.

use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::time::Instant;

use symphonia::core::audio::{Channels, GenericAudioBufferRef};
use symphonia::core::codecs::audio::well_known::{
    CODEC_ID_FLAC, CODEC_ID_MP3, CODEC_ID_PCM_F32LE, CODEC_ID_PCM_S16LE, CODEC_ID_PCM_S24LE,
    CODEC_ID_PCM_S32LE, CODEC_ID_VORBIS,
};
use symphonia::core::codecs::audio::{AudioCodecId, AudioDecoder, AudioDecoderOptions};
use symphonia::core::errors::Error as SymphoniaError;
use symphonia::core::formats::{FormatOptions, FormatReader};
use symphonia::core::io::{MediaSourceStream, MediaSourceStreamOptions};
use symphonia::default::formats::{FlacReader, MpaReader, OggReader, WavReader};

use super::sniff::{self, Sniffed};
use super::{AudioFormat, Limits};

/// Why a file was refused.
#[derive(Debug)]
pub enum Failure {
    NotAudio,
    Undecodable(String),
    /// Decodes, but passes a limit (length, decoded size): decoding stopped there.
    OverLimit(String),
    /// The deadline passed before decoding finished.
    TimedOut,
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Self::Io(err)
    }
}

fn undecodable(message: impl Into<String>) -> Failure {
    Failure::Undecodable(message.into())
}

/// Errors from the demuxer: an early end of file is a broken upload, not an I/O failure.
fn demux_failure(err: SymphoniaError) -> Failure {
    match err {
        SymphoniaError::IoError(err) if err.kind() == io::ErrorKind::UnexpectedEof => {
            undecodable("the file ends in the middle of the audio")
        }
        SymphoniaError::IoError(err) => Failure::Io(err),
        SymphoniaError::ResetRequired => undecodable("chained streams are not supported"),
        other => Failure::Undecodable(other.to_string()),
    }
}

/// How the source stores its samples, which decides the depth of the lossless rendition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SampleKind {
    /// Integer PCM of this many significant bits (WAV, FLAC).
    Int(u32),
    /// IEEE float PCM (WAV).
    Float,
    /// A lossy codec (MP3, Vorbis): decoded to float.
    Lossy,
}

/// A stream may decode up to this much shorter than its container declares: lossy encoders
/// round the lengths they declare to whole frames. A cut-off file falls far shorter.
const LENGTH_TOLERANCE_MS: u64 = 50;

/// Junk between MP3 frames up to this many bytes (or 0.1% of the file, if more) is tolerated, as
/// players do; more means the file is not one MP3 stream.
const MP3_JUNK_TOLERANCE: u64 = 4096;

const MAX_CHANNELS: usize = 8;
/// The sample rates taken. Every rendition must be made from the source: the lossless one
/// (FLAC, as the encoder writes it) goes up to 96 kHz, so a source above it is refused when it
/// is uploaded rather than accepted and then failed in processing.
const SAMPLE_RATES: std::ops::RangeInclusive<u32> = 8_000..=96_000;

/// Decoded audio is measured as 16-bit PCM when compared with the file's size.
const MEASURED_BYTES_PER_SAMPLE: u64 = 2;

/// An opened, recognised upload that decodes packet by packet, stopping at the first limit it
/// passes.
pub struct Source {
    pub format: AudioFormat,
    pub sample_rate: u32,
    pub channels: Channels,
    pub sample_kind: SampleKind,
    reader: Box<dyn FormatReader>,
    decoder: Box<dyn AudioDecoder>,
    track_id: u32,
    declared_frames: Option<u64>,
    decoded_frames: u64,
    /// The most frames [`Limits::max_duration_secs`] allows.
    max_frames: u64,
    /// The most decoded bytes [`Limits::max_decoded_ratio`] allows for this file.
    max_decoded_bytes: u64,
    deadline: Option<Instant>,
    path: PathBuf,
    sniffed: Sniffed,
}

impl Source {
    /// Identifies the container by its bytes and prepares a decoder for its audio track; a
    /// file that declares more audio than `limits` allow is refused before any decoding.
    pub fn open(path: &Path, limits: &Limits) -> Result<Self, Failure> {
        let mut file = File::open(path)?;
        let file_len = file.metadata()?.len();
        let Some(sniffed) = sniff::sniff(&mut file)? else {
            return Err(Failure::NotAudio);
        };
        file.seek(SeekFrom::Start(sniffed.offset))?;
        let mss = MediaSourceStream::new(Box::new(file), MediaSourceStreamOptions::default());
        let opts = FormatOptions::default();
        let opened: Result<Box<dyn FormatReader>, SymphoniaError> = match sniffed.format {
            AudioFormat::Wav => WavReader::try_new(mss, opts).map(|r| Box::new(r) as _),
            AudioFormat::Flac => FlacReader::try_new(mss, opts).map(|r| Box::new(r) as _),
            AudioFormat::Ogg => OggReader::try_new(mss, opts).map(|r| Box::new(r) as _),
            AudioFormat::Mp3 => MpaReader::try_new(mss, opts).map(|r| Box::new(r) as _),
        };
        let reader = match opened {
            Ok(reader) => reader,
            // A RIFF/WAVE header with no audio after it is a broken WAV file...
            Err(SymphoniaError::Unsupported(message)) if message.contains("missing data chunk") => {
                return Err(undecodable("the file has no audio data"));
            }
            // ...while a WAV file in a format other than PCM (ADPCM, A-law...) is not one we
            // accept at all.
            Err(SymphoniaError::Unsupported(_)) => return Err(Failure::NotAudio),
            Err(err) => return Err(demux_failure(err)),
        };

        let accepted = accepted_codecs(sniffed.format);
        let track = reader
            .tracks()
            .iter()
            .find(|track| {
                track
                    .codec_params
                    .as_ref()
                    .and_then(|params| params.audio())
                    .is_some_and(|params| accepted.contains(&params.codec))
            })
            .ok_or_else(|| {
                if reader.tracks().is_empty() {
                    undecodable("the file has no audio track")
                } else {
                    Failure::NotAudio
                }
            })?;
        let Some(params) = track
            .codec_params
            .as_ref()
            .and_then(|params| params.audio())
        else {
            return Err(Failure::NotAudio);
        };
        let sample_rate = params.sample_rate.unwrap_or(0);
        if !SAMPLE_RATES.contains(&sample_rate) {
            return Err(undecodable(format!(
                "unsupported sample rate {sample_rate} Hz"
            )));
        }
        let channels = params.channels.clone().unwrap_or_default();
        if !(1..=MAX_CHANNELS).contains(&channels.count()) {
            return Err(undecodable(format!(
                "unsupported channel count {}",
                channels.count()
            )));
        }
        let sample_kind = match (sniffed.format, params.codec) {
            (_, CODEC_ID_PCM_F32LE) => SampleKind::Float,
            (AudioFormat::Wav | AudioFormat::Flac, _) => {
                SampleKind::Int(params.bits_per_sample.unwrap_or(16))
            }
            _ => SampleKind::Lossy,
        };
        // The MD5 of a FLAC stream's samples is checked at the end (`finish`).
        let decoder_opts = AudioDecoderOptions::default().verify(true);
        let decoder = symphonia::default::get_codecs()
            .make_audio_decoder(params, &decoder_opts)
            .map_err(|err| undecodable(format!("the codec setup does not decode: {err}")))?;
        let declared_frames = match sniffed.format {
            AudioFormat::Mp3 if !sniffed.declares_length => None,
            _ => track.num_frames,
        };
        let max_frames = limits
            .max_duration_secs
            .saturating_mul(u64::from(sample_rate));
        if declared_frames.is_some_and(|declared| declared > max_frames) {
            return Err(over_length(limits));
        }
        let max_decoded_bytes = limits.max_decoded_ratio.saturating_mul(file_len.max(1));
        let track_id = track.id;
        Ok(Self {
            format: sniffed.format,
            sample_rate,
            channels,
            sample_kind,
            reader,
            decoder,
            track_id,
            declared_frames,
            decoded_frames: 0,
            max_frames,
            max_decoded_bytes,
            deadline: limits.deadline,
            path: path.to_owned(),
            sniffed,
        })
    }

    pub fn channel_count(&self) -> usize {
        self.channels.count()
    }

    /// Decodes the next packet that holds audio; `None` at the end of the stream.
    pub fn next_buffer(&mut self) -> Result<Option<GenericAudioBufferRef<'_>>, Failure> {
        loop {
            let packet = match self.reader.next_packet() {
                Ok(Some(packet)) => packet,
                Ok(None) => return Ok(None),
                // A WAV file written to a pipe declares no length: its data runs to the end of
                // the file, and as Symphonia reads it in whole packets (1152 frames), the last,
                // partial one ends early. With no length to fall short of, that is the end.
                Err(SymphoniaError::IoError(err))
                    if err.kind() == io::ErrorKind::UnexpectedEof
                        && self.format == AudioFormat::Wav
                        && self.declared_frames.is_none() =>
                {
                    return Ok(None);
                }
                Err(err) => return Err(demux_failure(err)),
            };
            if packet.track_id != self.track_id {
                continue;
            }
            let frames = match self.decoder.decode(&packet) {
                Ok(buf) => {
                    let spec = buf.spec();
                    if spec.rate() != self.sample_rate
                        || spec.channels().count() != self.channels.count()
                    {
                        return Err(undecodable(
                            "the stream changes its sample rate or channels",
                        ));
                    }
                    buf.frames()
                }
                Err(err) => return Err(undecodable(format!("packet does not decode: {err}"))),
            };
            if frames == 0 {
                continue;
            }
            self.decoded_frames += frames as u64;
            self.check_limits()?;
            // Borrowed again here rather than kept from `decode` so that the loop can go on
            // past empty packets (the borrow checker cannot see that the first borrow ended).
            return Ok(Some(self.decoder.last_decoded()));
        }
    }

    /// Stops decoding at the first limit passed: the length, the decoded size for the file's
    /// size (a few kilobytes of constant frames can declare hours of audio), the deadline.
    fn check_limits(&self) -> Result<(), Failure> {
        if self.decoded_frames > self.max_frames {
            return Err(Failure::OverLimit(format!(
                "longer than {} seconds",
                self.max_frames / u64::from(self.sample_rate)
            )));
        }
        let decoded_bytes =
            self.decoded_frames * self.channels.count() as u64 * MEASURED_BYTES_PER_SAMPLE;
        if decoded_bytes > self.max_decoded_bytes {
            return Err(Failure::OverLimit(format!(
                "decodes to more than {} bytes",
                self.max_decoded_bytes
            )));
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return Err(Failure::TimedOut);
        }
        Ok(())
    }

    /// Checks the decoded stream against what the container promised; returns its frame count.
    pub fn finish(mut self) -> Result<u64, Failure> {
        let decoded = self.decoded_frames;
        if decoded == 0 {
            return Err(undecodable("the file contains no audio"));
        }
        if let Some(declared) = self.declared_frames {
            let tolerance = u64::from(self.sample_rate) * LENGTH_TOLERANCE_MS / 1000;
            if decoded + tolerance < declared {
                return Err(undecodable(format!(
                    "the file is cut short: {decoded} of {declared} declared samples decode"
                )));
            }
        }
        if self.decoder.finalize().verify_ok == Some(false) {
            return Err(undecodable(
                "the decoded audio does not match the file's checksum",
            ));
        }
        if self.format == AudioFormat::Mp3 {
            let file = File::open(&self.path)?;
            let chain = sniff::walk_mp3_frames(&file, self.sniffed.offset)?;
            if chain.truncated {
                return Err(undecodable("the last MP3 frame is cut short"));
            }
            let allowed = MP3_JUNK_TOLERANCE.max(file.metadata()?.len() / 1000);
            if chain.junk_bytes > allowed {
                return Err(undecodable(format!(
                    "{} bytes between MP3 frames are not audio",
                    chain.junk_bytes
                )));
            }
        }
        Ok(decoded)
    }
}

fn over_length(limits: &Limits) -> Failure {
    Failure::OverLimit(format!(
        "declares more than {} seconds of audio",
        limits.max_duration_secs
    ))
}

fn accepted_codecs(format: AudioFormat) -> &'static [AudioCodecId] {
    match format {
        AudioFormat::Wav => &[
            CODEC_ID_PCM_S16LE,
            CODEC_ID_PCM_S24LE,
            CODEC_ID_PCM_S32LE,
            CODEC_ID_PCM_F32LE,
        ],
        AudioFormat::Flac => &[CODEC_ID_FLAC],
        AudioFormat::Ogg => &[CODEC_ID_VORBIS],
        AudioFormat::Mp3 => &[CODEC_ID_MP3],
    }
}
