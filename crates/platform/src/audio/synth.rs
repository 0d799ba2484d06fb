//! Audio made up on the spot, for tests, the demo seeder and benchmarks: the repository holds
//! no audio files.
//!
//! A generator is any `FnMut(channel, seconds) -> sample` with samples in -1.0..=1.0; the
//! writers call it for every sample in time order and stream the result to disk, so minutes of
//! audio cost no more memory than a second.
//!
//! ```no_run
//! use backbeat::audio::synth;
//! # fn main() -> std::io::Result<()> {
//! synth::write_wav("tone.wav".as_ref(), 3.0, 44_100, 2, synth::sine(1000.0, -20.0))?;
//! synth::write_mp3("song.mp3".as_ref(), 30.0, 44_100, 2, 192, synth::phrase())?;
//! # Ok(())
//! # }
//! ```

use std::f64::consts::TAU;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use symphonia::core::audio::Channels;

use super::encode::{EncodeFailure, FlacWriter, Mp3Writer};

/// Samples are generated and written this many frames at a time.
const BLOCK_FRAMES: usize = 4096;

/// A sine wave at `frequency_hz`, with its peak at `peak_dbfs` (0 is full scale), on every
/// channel.
pub fn sine(frequency_hz: f64, peak_dbfs: f64) -> impl FnMut(u16, f64) -> f32 + Send {
    let amplitude = 10f64.powf(peak_dbfs / 20.0);
    move |_, t| (amplitude * (TAU * frequency_hz * t).sin()) as f32
}

/// Digital silence.
pub fn silence() -> impl FnMut(u16, f64) -> f32 + Send {
    |_, _| 0.0
}

/// White noise at `peak_dbfs`, the same for a given `seed`: an incompressible signal.
pub fn noise(seed: u64, peak_dbfs: f64) -> impl FnMut(u16, f64) -> f32 + Send {
    let amplitude = 10f64.powf(peak_dbfs / 20.0) as f32;
    let mut state = seed | 1;
    move |_, _| {
        // xorshift64*: deterministic and dependency-free; statistical quality is irrelevant.
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        let bits = state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40;
        amplitude * (bits as f32 / (1u64 << 23) as f32 - 1.0)
    }
}

/// A two-second musical loop: a plucked arpeggio (A minor, F, C, G) over a bass note, with a
/// soft noise tick on each beat and the melody panned slightly apart between channels.
pub fn phrase() -> impl FnMut(u16, f64) -> f32 + Send {
    const NOTES: [f64; 8] = [220.0, 261.63, 329.63, 349.23, 261.63, 392.0, 329.63, 293.66];
    const BASS: [f64; 4] = [110.0, 87.31, 130.81, 98.0];
    let mut tick = noise(7, -30.0);
    move |channel, t| {
        let beat = (t / 0.25) as usize;
        let since_beat = t - beat as f64 * 0.25;
        let note = NOTES[beat % NOTES.len()];
        let bass = BASS[(beat / 2) % BASS.len()];
        let pluck = (-since_beat * 9.0).exp();
        let melody = (TAU * note * t).sin() + 0.3 * (TAU * 2.0 * note * t).sin();
        let low = (TAU * bass * t).sin() * 0.6;
        let pan = if channel % 2 == 0 { 0.9 } else { 1.1 };
        let tick = f64::from(tick(channel, t)) * (-since_beat * 60.0).exp();
        (0.25 * (melody * pluck * pan + low) + tick) as f32
    }
}

/// How a WAV file stores its samples.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WavEncoding {
    Int16,
    Int24,
    Int32,
    Float32,
}

impl WavEncoding {
    fn bytes(self) -> u16 {
        match self {
            Self::Int16 => 2,
            Self::Int24 => 3,
            Self::Int32 | Self::Float32 => 4,
        }
    }
}

/// Writes a 16-bit PCM WAV file.
pub fn write_wav(
    path: &Path,
    seconds: f32,
    sample_rate: u32,
    channels: u16,
    generator: impl FnMut(u16, f64) -> f32,
) -> io::Result<()> {
    write_wav_as(
        path,
        seconds,
        sample_rate,
        channels,
        WavEncoding::Int16,
        generator,
    )
}

/// Writes a WAV file in the given sample encoding.
pub fn write_wav_as(
    path: &Path,
    seconds: f32,
    sample_rate: u32,
    channels: u16,
    encoding: WavEncoding,
    generator: impl FnMut(u16, f64) -> f32,
) -> io::Result<()> {
    let frames = frame_count(seconds, sample_rate);
    let block_align = u32::from(channels) * u32::from(encoding.bytes());
    let data_len = u32::try_from(frames * u64::from(block_align))
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "too long for a WAV file"))?;
    let float = encoding == WavEncoding::Float32;
    // Non-PCM formats carry a cbSize field and a fact chunk (the frame count).
    let fmt_len: u32 = if float { 18 } else { 16 };
    let fact_len: u32 = if float { 12 } else { 0 };
    let mut out = BufWriter::new(File::create(path)?);
    out.write_all(b"RIFF")?;
    out.write_all(&(4 + 8 + fmt_len + fact_len + 8 + data_len).to_le_bytes())?;
    out.write_all(b"WAVEfmt ")?;
    out.write_all(&fmt_len.to_le_bytes())?;
    out.write_all(&(if float { 3u16 } else { 1u16 }).to_le_bytes())?;
    out.write_all(&channels.to_le_bytes())?;
    out.write_all(&sample_rate.to_le_bytes())?;
    out.write_all(&(sample_rate * block_align).to_le_bytes())?;
    out.write_all(&(block_align as u16).to_le_bytes())?;
    out.write_all(&(encoding.bytes() * 8).to_le_bytes())?;
    if float {
        out.write_all(&0u16.to_le_bytes())?;
        out.write_all(b"fact")?;
        out.write_all(&4u32.to_le_bytes())?;
        out.write_all(&(frames as u32).to_le_bytes())?;
    }
    out.write_all(b"data")?;
    out.write_all(&data_len.to_le_bytes())?;
    generate(frames, sample_rate, channels, generator, |block| {
        for &sample in block {
            match encoding {
                WavEncoding::Int16 => out.write_all(&(quantize(sample, 16) as i16).to_le_bytes()),
                WavEncoding::Int24 => out.write_all(&quantize(sample, 24).to_le_bytes()[..3]),
                WavEncoding::Int32 => out.write_all(&quantize(sample, 32).to_le_bytes()),
                WavEncoding::Float32 => out.write_all(&sample.to_le_bytes()),
            }?;
        }
        Ok(())
    })?;
    out.flush()
}

/// Writes a constant-bitrate MP3 file (`kbps` is 128 or 320) with the encoder the renditions use.
pub fn write_mp3(
    path: &Path,
    seconds: f32,
    sample_rate: u32,
    channels: u16,
    kbps: u32,
    generator: impl FnMut(u16, f64) -> f32,
) -> io::Result<()> {
    let layout = Channels::Discrete(channels);
    let mut writer = Mp3Writer::create(path, kbps, sample_rate, &layout).map_err(into_io)?;
    let frames = frame_count(seconds, sample_rate);
    generate(frames, sample_rate, channels, generator, |block| {
        writer.write(block).map_err(into_io)
    })?;
    writer.finish().map_err(into_io)?;
    Ok(())
}

/// Writes a FLAC file of `bits_per_sample` (16 or 24) with the encoder the renditions use.
pub fn write_flac(
    path: &Path,
    seconds: f32,
    sample_rate: u32,
    channels: u16,
    bits_per_sample: u32,
    generator: impl FnMut(u16, f64) -> f32,
) -> io::Result<()> {
    let format = FlacFormat {
        sample_rate,
        channels,
        bits_per_sample,
        block_size: super::encode::FLAC_BLOCK_SIZE,
    };
    write_flac_as(path, seconds, format, generator)
}

/// How [`write_flac_as`] writes a FLAC file.
#[derive(Clone, Copy, Debug)]
pub struct FlacFormat {
    pub sample_rate: u32,
    pub channels: u16,
    /// 16 or 24.
    pub bits_per_sample: u32,
    /// Samples per channel in a frame (16 to 65535).
    pub block_size: usize,
}

/// Writes a FLAC file in `format` with the encoder the renditions use.
pub fn write_flac_as(
    path: &Path,
    seconds: f32,
    format: FlacFormat,
    generator: impl FnMut(u16, f64) -> f32,
) -> io::Result<()> {
    let FlacFormat {
        sample_rate,
        channels,
        bits_per_sample,
        block_size,
    } = format;
    let mut writer = FlacWriter::with_block_size(
        path,
        sample_rate,
        usize::from(channels),
        bits_per_sample,
        block_size,
    )
    .map_err(into_io)?;
    let frames = frame_count(seconds, sample_rate);
    let mut ints = Vec::new();
    generate(frames, sample_rate, channels, generator, |block| {
        ints.clear();
        ints.extend(block.iter().map(|&s| quantize(s, bits_per_sample)));
        writer.write(&ints).map_err(into_io)
    })?;
    writer.finish().map_err(into_io)?;
    Ok(())
}

/// Writes an OGG Vorbis file (quality-based VBR, libvorbis' default). Only for tests: the
/// server never encodes Vorbis, so the encoder is behind the `test-support` feature.
#[cfg(any(test, feature = "test-support"))]
pub fn write_ogg(
    path: &Path,
    seconds: f32,
    sample_rate: u32,
    channels: u16,
    generator: impl FnMut(u16, f64) -> f32,
) -> io::Result<()> {
    use std::num::{NonZeroU8, NonZeroU32};
    use vorbis_rs::VorbisEncoderBuilder;

    let vorbis = |err: vorbis_rs::VorbisError| io::Error::other(err.to_string());
    let invalid = || io::Error::new(io::ErrorKind::InvalidInput, "invalid rate or channels");
    let rate = NonZeroU32::new(sample_rate).ok_or_else(invalid)?;
    let count = u8::try_from(channels)
        .ok()
        .and_then(NonZeroU8::new)
        .ok_or_else(invalid)?;
    let sink = BufWriter::new(File::create(path)?);
    // A fixed serial keeps the output reproducible.
    let mut encoder = VorbisEncoderBuilder::new_with_serial(rate, count, sink, 0x6261_636b)
        .build()
        .map_err(vorbis)?;
    let frames = frame_count(seconds, sample_rate);
    let mut planar = vec![Vec::with_capacity(BLOCK_FRAMES); usize::from(channels)];
    generate(frames, sample_rate, channels, generator, |block| {
        for plane in &mut planar {
            plane.clear();
        }
        for frame in block.chunks_exact(usize::from(channels)) {
            for (plane, &sample) in planar.iter_mut().zip(frame) {
                plane.push(sample);
            }
        }
        encoder.encode_audio_block(&planar).map_err(vorbis)
    })?;
    encoder.finish().map_err(vorbis)?.flush()
}

fn into_io(failure: EncodeFailure) -> io::Error {
    match failure {
        EncodeFailure::Io(err) => err,
        EncodeFailure::Encoder(message) => io::Error::other(message),
    }
}

fn frame_count(seconds: f32, sample_rate: u32) -> u64 {
    (f64::from(seconds.max(0.0)) * f64::from(sample_rate)).round() as u64
}

/// Rounds a sample in -1.0..=1.0 to a signed integer of `bits`, clipping at full scale.
fn quantize(sample: f32, bits: u32) -> i32 {
    let full_scale = f64::from((1u32 << (bits - 1)) - 1);
    (f64::from(sample) * full_scale)
        .round()
        .clamp(-full_scale - 1.0, full_scale) as i32
}

/// Calls `generator` for `frames` frames and hands interleaved blocks to `write`.
fn generate(
    frames: u64,
    sample_rate: u32,
    channels: u16,
    mut generator: impl FnMut(u16, f64) -> f32,
    mut write: impl FnMut(&[f32]) -> io::Result<()>,
) -> io::Result<()> {
    let mut block = Vec::with_capacity(BLOCK_FRAMES * usize::from(channels));
    let mut frame = 0u64;
    while frame < frames {
        block.clear();
        let end = frames.min(frame + BLOCK_FRAMES as u64);
        for n in frame..end {
            let t = n as f64 / f64::from(sample_rate);
            for channel in 0..channels {
                block.push(generator(channel, t).clamp(-1.0, 1.0));
            }
        }
        write(&block)?;
        frame = end;
    }
    Ok(())
}
