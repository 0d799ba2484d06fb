//! Decoding a track to a plain WAV file: what a stem separator reads (the built-in one, or an
//! external command such as Spleeter or Demucs, which all read 16-bit PCM WAV).

use std::fs::File;
use std::io::{BufWriter, Seek, SeekFrom, Write};
use std::path::Path;

use super::decode::Source;
use super::encode::stereo_gains;
use super::{Limits, ProcessError};

/// Bytes of a 16-bit PCM WAV header (RIFF, `fmt `, `data`).
const HEADER_LEN: u32 = 44;

/// Decodes `source` (any accepted upload) into a 16-bit PCM stereo WAV file at `dest`, at the
/// source's sample rate: mono is copied to both sides, more channels are mixed down as the
/// renditions are. Stops at the first of `limits` passed. Answers the frames written.
/// Blocking: callers use `spawn_blocking`.
pub fn decode_to_wav(source: &Path, dest: &Path, limits: &Limits) -> Result<u64, ProcessError> {
    let mut source = Source::open(source, limits)?;
    let rate = source.sample_rate;
    let channels = source.channel_count();
    let gains = (channels > 2).then(|| stereo_gains(&source.channels));
    let mut out = BufWriter::new(File::create(dest)?);
    out.write_all(&[0; HEADER_LEN as usize])?;
    let mut samples = Vec::new();
    let mut frames: u64 = 0;
    while let Some(buffer) = source.next_buffer()? {
        buffer.copy_to_vec_interleaved::<f32>(&mut samples);
        for frame in samples.chunks_exact(channels) {
            let (left, right) = match (&gains, frame) {
                (None, [mono]) => (*mono, *mono),
                (None, [left, right]) => (*left, *right),
                (gains, frame) => frame
                    .iter()
                    .zip(gains.as_deref().unwrap_or_default())
                    .fold((0.0, 0.0), |(l, r), (s, g)| (l + s * g.0, r + s * g.1)),
            };
            out.write_all(&pcm16(left).to_le_bytes())?;
            out.write_all(&pcm16(right).to_le_bytes())?;
        }
        frames += (samples.len() / channels) as u64;
    }
    source.finish()?;
    let data_len = u32::try_from(frames * 4)
        .ok()
        .filter(|len| len.checked_add(HEADER_LEN).is_some())
        .ok_or_else(|| ProcessError::OverLimit("too long for a WAV file".into()))?;
    out.seek(SeekFrom::Start(0))?;
    out.write_all(&header(rate, data_len))?;
    out.into_inner()
        .map_err(|err| err.into_error())?
        .sync_all()?;
    Ok(frames)
}

fn pcm16(sample: f32) -> i16 {
    (sample.clamp(-1.0, 1.0) * f32::from(i16::MAX)).round() as i16
}

/// The header of a 16-bit PCM stereo WAV file of `data_len` bytes of samples.
fn header(rate: u32, data_len: u32) -> Vec<u8> {
    let mut header = Vec::with_capacity(HEADER_LEN as usize);
    header.extend_from_slice(b"RIFF");
    header.extend_from_slice(&(HEADER_LEN - 8 + data_len).to_le_bytes());
    header.extend_from_slice(b"WAVEfmt ");
    header.extend_from_slice(&16u32.to_le_bytes());
    header.extend_from_slice(&1u16.to_le_bytes());
    header.extend_from_slice(&2u16.to_le_bytes());
    header.extend_from_slice(&rate.to_le_bytes());
    header.extend_from_slice(&(rate * 4).to_le_bytes());
    header.extend_from_slice(&4u16.to_le_bytes());
    header.extend_from_slice(&16u16.to_le_bytes());
    header.extend_from_slice(b"data");
    header.extend_from_slice(&data_len.to_le_bytes());
    header
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::audio::synth;

    #[test]
    fn a_mono_mp3_becomes_a_stereo_wav_of_the_same_length() {
        let dir = tempfile::tempdir().unwrap();
        let mp3 = dir.path().join("song.mp3");
        let wav = dir.path().join("song.wav");
        synth::write_mp3(&mp3, 2.0, 44_100, 1, 128, synth::sine(440.0, -6.0)).unwrap();

        let frames = decode_to_wav(&mp3, &wav, &Limits::default()).unwrap();

        let probe = crate::audio::probe(&wav, &Limits::default()).unwrap();
        assert_eq!((probe.channels, probe.sample_rate), (2, 44_100));
        assert_eq!(probe.duration_secs, 2);
        let bytes = std::fs::read(&wav).unwrap();
        assert_eq!(bytes.len() as u64, u64::from(HEADER_LEN) + frames * 4);
        // Both sides carry the mono signal.
        let samples: Vec<i16> = bytes[HEADER_LEN as usize..]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        assert!(samples.chunks_exact(2).all(|pair| pair[0] == pair[1]));
        assert!(samples.iter().any(|&s| s > 8_000));
    }

    #[test]
    fn what_is_not_audio_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let junk = dir.path().join("junk");
        std::fs::write(&junk, b"not audio at all").unwrap();

        let result = decode_to_wav(&junk, &dir.path().join("out.wav"), &Limits::default());

        assert!(
            matches!(result, Err(ProcessError::Undecodable(_))),
            "{result:?}"
        );
    }
}
