//! Streaming MP3 (LAME) and FLAC (flacenc) writers: blocks of samples in, a file out.

use std::fs::File;
use std::io::{self, BufWriter, Seek, SeekFrom, Write};
use std::num::NonZeroU32;
use std::path::Path;

use flacenc::bitsink::MemSink;
use flacenc::component::{BitRepr, Stream, StreamInfo};
use flacenc::error::{Verified, Verify};
use flacenc::source::{Context, Fill, FrameBuf};
use mp3lame_encoder::{Bitrate, Builder, FlushGap, InterleavedPcm, Mode, MonoPcm};
use symphonia::core::audio::{Channels, Position};

/// Fails with a message for `ProcessError::Encode`.
#[derive(Debug)]
pub enum EncodeFailure {
    Encoder(String),
    Io(io::Error),
}

impl From<io::Error> for EncodeFailure {
    fn from(err: io::Error) -> Self {
        Self::Io(err)
    }
}

fn encoder_failure(context: &str, err: impl std::fmt::Display) -> EncodeFailure {
    EncodeFailure::Encoder(format!("{context}: {err}"))
}

/// An MP3 at a constant bitrate, written as samples arrive.
pub struct Mp3Writer {
    encoder: mp3lame_encoder::Encoder,
    file: BufWriter<File>,
    out: Vec<u8>,
    downmix: Downmix,
    scratch: Vec<f32>,
    /// The source's rate and the MP3's: LAME resamples, so its output per input frame grows
    /// by their ratio.
    in_rate: u32,
    out_rate: u32,
}

impl Mp3Writer {
    pub fn create(
        path: &Path,
        kbps: u32,
        sample_rate: u32,
        channels: &Channels,
    ) -> Result<Self, EncodeFailure> {
        let bitrate = match kbps {
            128 => Bitrate::Kbps128,
            320 => Bitrate::Kbps320,
            other => {
                return Err(EncodeFailure::Encoder(format!(
                    "unsupported bitrate {other}"
                )));
            }
        };
        let downmix = Downmix::for_channels(channels);
        let mono = matches!(downmix, Downmix::Mono);
        let mut builder =
            Builder::new().ok_or_else(|| EncodeFailure::Encoder("LAME init failed".into()))?;
        let lame = |err| encoder_failure("LAME", err);
        builder
            .set_num_channels(if mono { 1 } else { 2 })
            .map_err(lame)?;
        builder.set_sample_rate(sample_rate).map_err(lame)?;
        // MPEG-1 layer III (the only one that reaches 320 kbit/s) runs at 32, 44.1 or 48 kHz;
        // LAME resamples any other rate itself.
        let out_rate = mpeg1_rate(sample_rate);
        builder
            .set_output_sample_rate(NonZeroU32::new(out_rate))
            .map_err(lame)?;
        builder.set_brate(bitrate).map_err(lame)?;
        builder
            .set_mode(if mono { Mode::Mono } else { Mode::JointStereo })
            .map_err(lame)?;
        // The Xing/LAME tag frame records the exact length and the encoder delay and padding,
        // so decoders play (and measure) exactly the source's samples.
        builder.set_to_write_vbr_tag(true).map_err(lame)?;
        let encoder = builder.build().map_err(lame)?;
        Ok(Self {
            encoder,
            file: BufWriter::new(File::create(path)?),
            out: Vec::new(),
            downmix,
            scratch: Vec::new(),
            in_rate: sample_rate,
            out_rate,
        })
    }

    /// Encodes interleaved samples in the source's channel layout.
    pub fn write(&mut self, interleaved: &[f32]) -> Result<(), EncodeFailure> {
        let frames = match &self.downmix {
            Downmix::Mono | Downmix::Stereo => interleaved.len() / self.downmix.source_channels(),
            Downmix::ToStereo(gains) => {
                downmix_to_stereo(interleaved, gains, &mut self.scratch);
                self.scratch.len() / 2
            }
        };
        // Sized by what comes out: 8 kHz in is 48 kHz out, six times the frames in.
        let out_frames =
            (frames as u64 * u64::from(self.out_rate)).div_ceil(u64::from(self.in_rate));
        self.out.clear();
        self.out.reserve(mp3lame_encoder::max_required_buffer_size(
            out_frames as usize,
        ));
        let result = match &self.downmix {
            Downmix::Mono => self
                .encoder
                .encode_to_vec(MonoPcm(interleaved), &mut self.out),
            Downmix::Stereo => self
                .encoder
                .encode_to_vec(InterleavedPcm(interleaved), &mut self.out),
            Downmix::ToStereo(_) => self
                .encoder
                .encode_to_vec(InterleavedPcm(&self.scratch[..]), &mut self.out),
        };
        result.map_err(|err| encoder_failure("LAME", err))?;
        self.file.write_all(&self.out)?;
        Ok(())
    }

    /// Flushes the encoder, writes the LAME tag over the placeholder frame at the start, and
    /// returns the file's size.
    pub fn finish(mut self) -> Result<u64, EncodeFailure> {
        self.out.clear();
        self.out.reserve(7200);
        self.encoder
            .flush_to_vec::<FlushGap>(&mut self.out)
            .map_err(|err| encoder_failure("LAME flush", err))?;
        self.file.write_all(&self.out)?;
        let mut tag = Vec::with_capacity(self.encoder.lame_tag_size());
        if self.encoder.lame_tag_encode_to_vec(&mut tag).is_some() {
            self.file.seek(SeekFrom::Start(0))?;
            self.file.write_all(&tag)?;
        }
        let mut file = self.file.into_inner().map_err(|err| err.into_error())?;
        file.flush()?;
        Ok(file.seek(SeekFrom::End(0))?)
    }
}

/// The MPEG-1 rate for a source rate: the same when it is one, else 44.1 or 48 kHz by family.
fn mpeg1_rate(sample_rate: u32) -> u32 {
    match sample_rate {
        32_000 | 44_100 | 48_000 => sample_rate,
        rate if rate % 11_025 == 0 => 44_100,
        _ => 48_000,
    }
}

/// How the source's channels become the MP3's one or two.
enum Downmix {
    Mono,
    Stereo,
    /// More than two channels: (left gain, right gain) per source channel.
    ToStereo(Vec<(f32, f32)>),
}

impl Downmix {
    fn for_channels(channels: &Channels) -> Self {
        match channels.count() {
            1 => Self::Mono,
            2 => Self::Stereo,
            _ => Self::ToStereo(stereo_gains(channels)),
        }
    }

    fn source_channels(&self) -> usize {
        match self {
            Self::Mono => 1,
            Self::Stereo => 2,
            Self::ToStereo(gains) => gains.len(),
        }
    }
}

/// ITU-style downmix: centre at -3 dB into both sides, surrounds at -3 dB into their side, LFE
/// dropped; each side is then normalised so that the mix cannot clip.
pub fn stereo_gains(channels: &Channels) -> Vec<(f32, f32)> {
    const HALF_POWER: f32 = std::f32::consts::FRAC_1_SQRT_2;
    let mut gains: Vec<(f32, f32)> = match channels {
        Channels::Positioned(positions) => positions
            .iter()
            .map(|position| match position {
                Position::FRONT_LEFT => (1.0, 0.0),
                Position::FRONT_RIGHT => (0.0, 1.0),
                Position::FRONT_CENTER => (HALF_POWER, HALF_POWER),
                Position::LFE1 | Position::LFE2 => (0.0, 0.0),
                Position::REAR_LEFT | Position::SIDE_LEFT | Position::FRONT_LEFT_CENTER => {
                    (HALF_POWER, 0.0)
                }
                Position::REAR_RIGHT | Position::SIDE_RIGHT | Position::FRONT_RIGHT_CENTER => {
                    (0.0, HALF_POWER)
                }
                _ => (HALF_POWER / 2.0, HALF_POWER / 2.0),
            })
            .collect(),
        // Unlabelled channels alternate left and right.
        _ => (0..channels.count())
            .map(|i| if i % 2 == 0 { (1.0, 0.0) } else { (0.0, 1.0) })
            .collect(),
    };
    let left: f32 = gains.iter().map(|g| g.0).sum();
    let right: f32 = gains.iter().map(|g| g.1).sum();
    for gain in &mut gains {
        gain.0 /= left.max(1.0);
        gain.1 /= right.max(1.0);
    }
    gains
}

fn downmix_to_stereo(interleaved: &[f32], gains: &[(f32, f32)], out: &mut Vec<f32>) {
    out.clear();
    for frame in interleaved.chunks_exact(gains.len()) {
        let (l, r) = frame
            .iter()
            .zip(gains)
            .fold((0.0, 0.0), |(l, r), (s, g)| (l + s * g.0, r + s * g.1));
        out.push(l);
        out.push(r);
    }
}

/// FLAC frames hold this many samples per channel (the reference encoder's default).
pub const FLAC_BLOCK_SIZE: usize = 4096;

/// A FLAC file written block by block.
///
/// flacenc's `encode_with_fixed_block_size` builds the whole `Stream` in memory before it can
/// be written, which for an hour of audio is hundreds of megabytes. Here each block becomes a
/// frame that is written at once; STREAMINFO is written first as a placeholder and rewritten at
/// the end with the length, frame sizes and MD5 that only the whole stream determines.
pub struct FlacWriter {
    file: BufWriter<File>,
    config: Verified<flacenc::config::Encoder>,
    stream_info: StreamInfo,
    framebuf: FrameBuf,
    context: Context,
    pending: Vec<i32>,
    channels: usize,
    block_size: usize,
    frame_number: usize,
    sink: MemSink<u8>,
}

impl FlacWriter {
    pub fn create(
        path: &Path,
        sample_rate: u32,
        channels: usize,
        bits_per_sample: u32,
    ) -> Result<Self, EncodeFailure> {
        Self::with_block_size(
            path,
            sample_rate,
            channels,
            bits_per_sample,
            FLAC_BLOCK_SIZE,
        )
    }

    /// Like [`Self::create`] with frames of `block_size` samples per channel (16 to 65535).
    pub fn with_block_size(
        path: &Path,
        sample_rate: u32,
        channels: usize,
        bits_per_sample: u32,
        block_size: usize,
    ) -> Result<Self, EncodeFailure> {
        let flac = |err| encoder_failure("FLAC", err);
        let mut config = flacenc::config::Encoder::default();
        config.block_size = block_size;
        // Prediction up to order 8, as the reference encoder's default level (5) and ffmpeg's;
        // of the stereo decorrelations only mid/side is tried: left/side and right/side cost an
        // encode of the frame each for well under 1% of the file size.
        config.subframe_coding.qlpc.lpc_order = 8;
        config.stereo_coding.use_leftside = false;
        config.stereo_coding.use_rightside = false;
        let config = config.into_verified().map_err(|(_, err)| flac(err))?;
        let bits = bits_per_sample as usize;
        let stream_info = StreamInfo::new(sample_rate as usize, channels, bits).map_err(flac)?;
        let mut writer = Self {
            file: BufWriter::new(File::create(path)?),
            config,
            stream_info,
            framebuf: FrameBuf::with_size(channels, block_size).map_err(flac)?,
            context: Context::new(bits, channels),
            pending: Vec::with_capacity(block_size * channels),
            block_size,
            channels,
            frame_number: 0,
            sink: MemSink::new(),
        };
        writer.write_header()?;
        Ok(writer)
    }

    fn write_header(&mut self) -> Result<(), EncodeFailure> {
        self.sink.clear();
        Stream::with_stream_info(self.stream_info.clone())
            .write(&mut self.sink)
            .map_err(|err| encoder_failure("FLAC header", err))?;
        self.file.write_all(self.sink.as_slice())?;
        Ok(())
    }

    /// Adds interleaved samples, already at the writer's bit depth.
    pub fn write(&mut self, mut interleaved: &[i32]) -> Result<(), EncodeFailure> {
        let block_len = self.block_size * self.channels;
        while !interleaved.is_empty() {
            let take = (block_len - self.pending.len()).min(interleaved.len());
            self.pending.extend_from_slice(&interleaved[..take]);
            interleaved = &interleaved[take..];
            if self.pending.len() == block_len {
                self.encode_pending()?;
            }
        }
        Ok(())
    }

    fn encode_pending(&mut self) -> Result<(), EncodeFailure> {
        let flac = |err| encoder_failure("FLAC", err);
        self.framebuf
            .fill_interleaved(&self.pending)
            .map_err(flac)?;
        self.context.fill_interleaved(&self.pending).map_err(flac)?;
        self.pending.clear();
        let frame = flacenc::encode_fixed_size_frame(
            &self.config,
            &self.framebuf,
            self.frame_number,
            &self.stream_info,
        )
        .map_err(|err| encoder_failure("FLAC", err))?;
        self.frame_number += 1;
        self.stream_info.update_frame_info(&frame);
        self.sink.clear();
        frame
            .write(&mut self.sink)
            .map_err(|err| encoder_failure("FLAC frame", err))?;
        self.file.write_all(self.sink.as_slice())?;
        Ok(())
    }

    /// Encodes the last partial block, rewrites STREAMINFO and returns the file's size.
    pub fn finish(mut self) -> Result<u64, EncodeFailure> {
        if !self.pending.is_empty() {
            self.encode_pending()?;
        }
        // A fixed-blocksize stream states its block size even though the last block may be
        // shorter (`update_frame_info` recorded that one as the minimum), as the reference
        // encoder does; decoders reject a minimum below 16 samples.
        let flac = |err| encoder_failure("FLAC", err);
        self.stream_info
            .set_block_sizes(self.block_size, self.block_size)
            .map_err(flac)?;
        if self.frame_number == 0 {
            // No frames: the frame sizes are unknown, which FLAC writes as 0.
            self.stream_info.set_frame_sizes(0, 0).map_err(flac)?;
        }
        self.stream_info.set_md5_digest(&self.context.md5_digest());
        self.file.seek(SeekFrom::Start(0))?;
        self.write_header()?;
        let mut file = self.file.into_inner().map_err(|err| err.into_error())?;
        file.flush()?;
        Ok(file.seek(SeekFrom::End(0))?)
    }
}
