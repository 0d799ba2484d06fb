//! Probe and process against audio synthesised into a temporary folder.

use std::fs;
use std::path::{Path, PathBuf};

use tempfile::TempDir;

use super::decode::Source;
use super::sniff::{FrameHeader, walk_mp3_frames};
use super::synth::{self, WavEncoding};
use super::*;

struct Scratch {
    dir: TempDir,
}

impl Scratch {
    fn new() -> Self {
        Self {
            dir: tempfile::tempdir().unwrap(),
        }
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    fn out_dir(&self, name: &str) -> PathBuf {
        let dir = self.path(name);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn wav(&self, name: &str, seconds: f32, rate: u32, channels: u16) -> PathBuf {
        let path = self.path(name);
        synth::write_wav(&path, seconds, rate, channels, synth::phrase()).unwrap();
        path
    }

    fn mp3(&self, name: &str, seconds: f32, rate: u32, channels: u16) -> PathBuf {
        let path = self.path(name);
        synth::write_mp3(&path, seconds, rate, channels, 128, synth::phrase()).unwrap();
        path
    }

    fn flac(&self, name: &str, seconds: f32, rate: u32, channels: u16, bits: u32) -> PathBuf {
        let path = self.path(name);
        synth::write_flac(&path, seconds, rate, channels, bits, synth::phrase()).unwrap();
        path
    }

    fn ogg(&self, name: &str, seconds: f32, rate: u32, channels: u16) -> PathBuf {
        let path = self.path(name);
        synth::write_ogg(&path, seconds, rate, channels, synth::phrase()).unwrap();
        path
    }

    fn bytes(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path(name);
        fs::write(&path, bytes).unwrap();
        path
    }
}

/// Probes with the default limits (the glob import's `probe` takes them as an argument).
fn probe(path: &Path) -> Result<Probe, ProbeError> {
    super::probe(path, &Limits::default())
}

/// Processes with the default limits.
fn process(source: &Path, out_dir: &Path, lossless: bool) -> Result<Processed, ProcessError> {
    super::process(source, out_dir, lossless, &Limits::default())
}

fn undecodable(result: Result<Probe, ProbeError>) -> String {
    match result {
        Err(ProbeError::Undecodable(message)) => message,
        other => panic!("expected Undecodable, got {other:?}"),
    }
}

fn garbage(len: usize) -> Vec<u8> {
    let mut noise = synth::noise(42, 0.0);
    (0..len)
        .map(|_| (noise(0, 0.0) * 127.0) as i8 as u8)
        .collect()
}

/// Decodes a file with the same strict decoder as the ingest: (samples as i32, rate, channels).
fn decode_all(path: &Path) -> (Vec<i32>, u32, usize) {
    let mut source = Source::open(path, &Limits::default()).unwrap();
    let mut all = Vec::new();
    let mut block = Vec::new();
    while let Some(buffer) = source.next_buffer().unwrap() {
        buffer.copy_to_vec_interleaved::<i32>(&mut block);
        all.extend_from_slice(&block);
    }
    let (rate, channels) = (source.sample_rate, source.channel_count());
    source.finish().unwrap();
    (all, rate, channels)
}

fn frames_and_rate(path: &Path) -> (u64, u32) {
    let (samples, rate, channels) = decode_all(path);
    ((samples.len() / channels) as u64, rate)
}

/// Every frame header's bitrate, walking the frame chain from the start of the file.
fn mp3_bitrates(path: &Path) -> Vec<u32> {
    let bytes = fs::read(path).unwrap();
    let mut pos = 0;
    let mut bitrates = Vec::new();
    while pos + 4 <= bytes.len() {
        let header = FrameHeader::parse(bytes[pos..pos + 4].try_into().unwrap())
            .unwrap_or_else(|| panic!("no MP3 frame header at byte {pos}"));
        bitrates.push(header.bitrate);
        pos += header.frame_len as usize;
    }
    bitrates
}

// --- probe: formats -------------------------------------------------------------------------

#[test]
fn probe_reads_a_16_bit_wav() {
    let scratch = Scratch::new();
    let probe = probe(&scratch.wav("a.wav", 3.0, 44_100, 2)).unwrap();
    assert_eq!(probe.format, AudioFormat::Wav);
    assert_eq!(
        (probe.duration_secs, probe.sample_rate, probe.channels),
        (3, 44_100, 2)
    );
}

#[test]
fn probe_reads_24_and_32_bit_and_float_wavs() {
    let scratch = Scratch::new();
    for (name, encoding) in [
        ("24.wav", WavEncoding::Int24),
        ("32.wav", WavEncoding::Int32),
        ("f32.wav", WavEncoding::Float32),
    ] {
        let path = scratch.path(name);
        synth::write_wav_as(&path, 3.0, 48_000, 1, encoding, synth::phrase()).unwrap();
        let probe = probe(&path).unwrap();
        assert_eq!(probe.format, AudioFormat::Wav, "{name}");
        assert_eq!(
            (probe.duration_secs, probe.sample_rate, probe.channels),
            (3, 48_000, 1)
        );
    }
}

#[test]
fn probe_reads_a_wav_that_declares_no_length() {
    // As ffmpeg writes WAV to a pipe: both lengths 0xFFFFFFFF, the data runs to the end.
    let scratch = Scratch::new();
    let mut bytes = fs::read(scratch.wav("a.wav", 3.0, 44_100, 2)).unwrap();
    bytes[4..8].copy_from_slice(&u32::MAX.to_le_bytes());
    bytes[40..44].copy_from_slice(&u32::MAX.to_le_bytes());
    let probe = probe(&scratch.bytes("piped.wav", &bytes)).unwrap();
    assert_eq!((probe.format, probe.duration_secs), (AudioFormat::Wav, 3));
}

#[test]
fn probe_reads_an_mp3() {
    let scratch = Scratch::new();
    let probe = probe(&scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    assert_eq!(probe.format, AudioFormat::Mp3);
    assert_eq!(
        (probe.duration_secs, probe.sample_rate, probe.channels),
        (3, 44_100, 2)
    );
}

#[test]
fn probe_reads_a_mono_mp3() {
    let scratch = Scratch::new();
    let probe = probe(&scratch.mp3("a.mp3", 3.0, 48_000, 1)).unwrap();
    assert_eq!(
        (probe.duration_secs, probe.sample_rate, probe.channels),
        (3, 48_000, 1)
    );
}

#[test]
fn probe_reads_an_mp3_behind_an_id3v2_tag() {
    let scratch = Scratch::new();
    let mp3 = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    // ID3v2.3 header with a 20-byte (syncsafe) body of padding.
    let mut tagged = b"ID3\x03\x00\x00\x00\x00\x00\x14".to_vec();
    tagged.extend_from_slice(&[0; 20]);
    tagged.extend_from_slice(&mp3);
    let probe = probe(&scratch.bytes("tagged.mp3", &tagged)).unwrap();
    assert_eq!((probe.format, probe.duration_secs), (AudioFormat::Mp3, 3));
}

#[test]
fn probe_reads_16_and_24_bit_flac() {
    let scratch = Scratch::new();
    for bits in [16, 24] {
        let probe = probe(&scratch.flac(&format!("{bits}.flac"), 3.0, 96_000, 2, bits)).unwrap();
        assert_eq!(probe.format, AudioFormat::Flac);
        assert_eq!(
            (probe.duration_secs, probe.sample_rate, probe.channels),
            (3, 96_000, 2)
        );
    }
}

#[test]
fn probe_reads_an_ogg_vorbis() {
    let scratch = Scratch::new();
    let probe = probe(&scratch.ogg("a.ogg", 3.0, 44_100, 2)).unwrap();
    assert_eq!(probe.format, AudioFormat::Ogg);
    assert_eq!(
        (probe.duration_secs, probe.sample_rate, probe.channels),
        (3, 44_100, 2)
    );
}

#[test]
fn probe_rounds_the_duration_to_the_nearest_second() {
    let scratch = Scratch::new();
    assert_eq!(
        probe(&scratch.wav("short.wav", 2.4, 8_000, 1))
            .unwrap()
            .duration_secs,
        2
    );
    assert_eq!(
        probe(&scratch.wav("long.wav", 2.6, 8_000, 1))
            .unwrap()
            .duration_secs,
        3
    );
}

#[test]
fn probe_ignores_the_file_name() {
    let scratch = Scratch::new();
    let flac = fs::read(scratch.flac("a.flac", 3.0, 44_100, 2, 16)).unwrap();
    let probe = probe(&scratch.bytes("misnamed.mp3", &flac)).unwrap();
    assert_eq!(probe.format, AudioFormat::Flac);
}

// --- probe: not audio -----------------------------------------------------------------------

#[test]
fn probe_rejects_files_that_are_not_audio() {
    let scratch = Scratch::new();
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    png.extend(garbage(20_000));
    let mut mp4 = b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41".to_vec();
    mp4.extend(garbage(20_000));
    let mut opus = b"OggS\x00\x02\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x13OpusHead".to_vec();
    opus.extend(garbage(100));
    let cases: [(&str, Vec<u8>); 6] = [
        ("empty.mp3", Vec::new()),
        (
            "notes.wav",
            b"These are not the droids you are looking for.\n".repeat(100),
        ),
        ("cover.flac", png),
        ("video.mp3", mp4),
        ("voice.ogg", opus),
        ("noise.mp3", garbage(100_000)),
    ];
    for (name, bytes) in cases {
        let result = probe(&scratch.bytes(name, &bytes));
        assert!(
            matches!(result, Err(ProbeError::NotAudio)),
            "{name}: {result:?}"
        );
    }
}

#[test]
fn probe_rejects_an_8_bit_wav() {
    let scratch = Scratch::new();
    let path = scratch.wav("a.wav", 1.0, 8_000, 1);
    let mut bytes = fs::read(&path).unwrap();
    // Rewrite as 8-bit unsigned PCM: block align 1, 8 bits; the data reads as twice as long.
    bytes[32] = 1;
    bytes[34] = 8;
    let result = probe(&scratch.bytes("8bit.wav", &bytes));
    assert!(matches!(result, Err(ProbeError::NotAudio)), "{result:?}");
}

// --- probe: broken audio --------------------------------------------------------------------

#[test]
fn probe_rejects_a_truncated_mp3() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    let cut = scratch.bytes("cut.mp3", &bytes[..bytes.len() / 2]);
    undecodable(probe(&cut));
}

#[test]
fn probe_rejects_a_truncated_mp3_without_a_length_tag() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    // Drop the Xing/Info frame so nothing declares the length, then cut mid-frame.
    let first = FrameHeader::parse(bytes[..4].try_into().unwrap()).unwrap();
    let untagged = &bytes[first.frame_len as usize..];
    let whole = scratch.bytes("untagged.mp3", untagged);
    assert_eq!(probe(&whole).unwrap().duration_secs, 3);
    let cut = scratch.bytes("cut.mp3", &untagged[..untagged.len() / 2 + 7]);
    let message = undecodable(probe(&cut));
    assert!(message.contains("cut short"), "{message}");
}

#[test]
fn probe_rejects_an_mp3_whose_frames_are_followed_by_garbage() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    let first = FrameHeader::parse(bytes[..4].try_into().unwrap()).unwrap();
    let untagged = &bytes[first.frame_len as usize..];
    let mut broken = untagged[..4 * 417].to_vec();
    broken.extend(garbage(200_000));
    undecodable(probe(&scratch.bytes("garbage.mp3", &broken)));
    // The same with the length tag in front.
    let mut broken = bytes[..5 * 417].to_vec();
    broken.extend(garbage(200_000));
    undecodable(probe(&scratch.bytes("garbage-tagged.mp3", &broken)));
}

#[test]
fn probe_rejects_junk_between_mp3_frames() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    let middle = bytes.len() / 2;
    let mut broken = bytes[..middle].to_vec();
    broken.extend(garbage(50_000));
    broken.extend_from_slice(&bytes[middle..]);
    let path = scratch.bytes("junk.mp3", &broken);
    undecodable(probe(&path));
    // The frame walk finds the junk even where the decoder might not notice it.
    let chain = walk_mp3_frames(&fs::File::open(&path).unwrap(), 0).unwrap();
    assert!(chain.junk_bytes >= 45_000, "{chain:?}");
    assert!(!chain.truncated);
}

#[test]
fn mp3_frame_walk_accepts_a_trailing_id3v1_tag() {
    let scratch = Scratch::new();
    let mut bytes = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    let mut tag = b"TAG".to_vec();
    tag.resize(128, b' ');
    bytes.extend_from_slice(&tag);
    let path = scratch.bytes("tagged.mp3", &bytes);
    let chain = walk_mp3_frames(&fs::File::open(&path).unwrap(), 0).unwrap();
    assert_eq!((chain.truncated, chain.junk_bytes), (false, 0));
    assert_eq!(probe(&path).unwrap().duration_secs, 3);
}

#[test]
fn mp3_frame_walk_accepts_a_trailing_ape_tag_without_a_header() {
    let scratch = Scratch::new();
    let mut bytes = fs::read(scratch.mp3("a.mp3", 3.0, 44_100, 2)).unwrap();
    // An APEv1 tag: 6000 bytes of items, then the 32-byte footer (size counts items + footer).
    bytes.extend(std::iter::repeat_n(b'x', 6000));
    let mut footer = b"APETAGEX".to_vec();
    footer.extend_from_slice(&1000u32.to_le_bytes());
    footer.extend_from_slice(&6032u32.to_le_bytes());
    footer.resize(32, 0);
    bytes.extend_from_slice(&footer);
    let path = scratch.bytes("ape.mp3", &bytes);
    let chain = walk_mp3_frames(&fs::File::open(&path).unwrap(), 0).unwrap();
    assert_eq!((chain.truncated, chain.junk_bytes), (false, 0));
    assert_eq!(probe(&path).unwrap().duration_secs, 3);
}

#[test]
fn probe_rejects_a_truncated_flac() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.flac("a.flac", 3.0, 44_100, 2, 16)).unwrap();
    let cut = scratch.bytes("cut.flac", &bytes[..bytes.len() / 2]);
    undecodable(probe(&cut));
}

#[test]
fn probe_rejects_a_flac_with_a_header_and_garbage() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.flac("a.flac", 3.0, 44_100, 2, 16)).unwrap();
    // "fLaC" and STREAMINFO (42 bytes), then noise.
    let mut broken = bytes[..42].to_vec();
    broken.extend(garbage(300_000));
    undecodable(probe(&scratch.bytes("garbage.flac", &broken)));
}

#[test]
fn probe_rejects_a_flac_with_a_corrupted_frame() {
    let scratch = Scratch::new();
    let mut bytes = fs::read(scratch.flac("a.flac", 3.0, 44_100, 2, 16)).unwrap();
    let middle = bytes.len() / 2;
    for byte in &mut bytes[middle..middle + 64] {
        *byte ^= 0x5a;
    }
    undecodable(probe(&scratch.bytes("corrupt.flac", &bytes)));
}

#[test]
fn probe_rejects_a_truncated_wav() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.wav("a.wav", 3.0, 44_100, 2)).unwrap();
    let cut = scratch.bytes("cut.wav", &bytes[..bytes.len() / 2 + 1]);
    undecodable(probe(&cut));
    // Cut on a frame boundary too: only the declared length can tell.
    let cut = scratch.bytes("cut-aligned.wav", &bytes[..44 + 4 * 44_100]);
    undecodable(probe(&cut));
}

#[test]
fn probe_rejects_a_wav_with_no_samples_or_no_data_chunk() {
    let scratch = Scratch::new();
    let empty = scratch.path("empty.wav");
    synth::write_wav(&empty, 0.0, 44_100, 2, synth::silence()).unwrap();
    undecodable(probe(&empty));
    let bytes = fs::read(&empty).unwrap();
    let mut no_data = bytes[..36].to_vec();
    no_data[4..8].copy_from_slice(&28u32.to_le_bytes());
    undecodable(probe(&scratch.bytes("no-data.wav", &no_data)));
}

#[test]
fn probe_rejects_a_flac_with_no_samples() {
    let scratch = Scratch::new();
    undecodable(probe(&scratch.flac("empty.flac", 0.0, 44_100, 2, 16)));
}

#[test]
fn probe_rejects_a_truncated_ogg() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.ogg("a.ogg", 3.0, 44_100, 2)).unwrap();
    let cut = scratch.bytes("cut.ogg", &bytes[..bytes.len() / 2]);
    undecodable(probe(&cut));
}

#[test]
fn probe_rejects_an_ogg_with_headers_and_garbage() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.ogg("a.ogg", 3.0, 44_100, 2)).unwrap();
    let mut broken = bytes[..4000.min(bytes.len() / 4)].to_vec();
    broken.extend(garbage(100_000));
    undecodable(probe(&scratch.bytes("garbage.ogg", &broken)));
}

// --- process: analysis ----------------------------------------------------------------------

fn process_wav(
    scratch: &Scratch,
    seconds: f32,
    channels: u16,
    generator: impl FnMut(u16, f64) -> f32,
) -> Processed {
    let path = scratch.path("source.wav");
    synth::write_wav(&path, seconds, 48_000, channels, generator).unwrap();
    process(&path, &scratch.out_dir("out"), false).unwrap()
}

#[test]
fn a_minus_20_dbfs_1khz_sine_in_one_channel_measures_minus_23_lufs() {
    // BS.1770: the K-weighting gains +0.69 dB at 1 kHz and the formula subtracts 0.691, so a
    // sine's loudness is its mean square in dB: 20·log10(0.1) - 3.01 = -23.01 LUFS in one
    // channel, and 3.01 LU more in two.
    let scratch = Scratch::new();
    let processed = process_wav(&scratch, 5.0, 1, synth::sine(1000.0, -20.0));
    let lufs = processed.integrated_lufs.unwrap();
    assert!((lufs - -23.01).abs() < 0.5, "{lufs}");
    let peak = processed.true_peak_dbtp.unwrap();
    assert!((peak - -20.0).abs() < 0.5, "{peak}");
}

#[test]
fn a_minus_20_dbfs_1khz_sine_in_two_channels_measures_minus_20_lufs() {
    let scratch = Scratch::new();
    let processed = process_wav(&scratch, 5.0, 2, synth::sine(1000.0, -20.0));
    let lufs = processed.integrated_lufs.unwrap();
    assert!((lufs - -20.0).abs() < 0.5, "{lufs}");
}

#[test]
fn silence_has_no_loudness_no_peak_and_a_flat_waveform() {
    let scratch = Scratch::new();
    let processed = process_wav(&scratch, 3.0, 2, synth::silence());
    assert_eq!(processed.integrated_lufs, None);
    assert_eq!(processed.true_peak_dbtp, None);
    assert_eq!(processed.peaks, vec![0; WAVEFORM_POINTS]);
}

#[test]
fn peaks_follow_the_envelope_with_the_loudest_at_255() {
    let scratch = Scratch::new();
    // Full scale for the first half, -20 dB for the second.
    let mut tone = synth::sine(440.0, 0.0);
    let processed = process_wav(&scratch, 4.0, 2, move |channel, t| {
        tone(channel, t) * if t < 2.0 { 1.0 } else { 0.1 }
    });
    let peaks = &processed.peaks;
    assert_eq!(peaks.len(), WAVEFORM_POINTS);
    assert_eq!(*peaks.iter().max().unwrap(), 255);
    assert!(
        peaks[..390].iter().all(|&p| p >= 250),
        "{:?}",
        &peaks[..390]
    );
    assert!(
        peaks[410..].iter().all(|&p| (24..=27).contains(&p)),
        "{:?}",
        &peaks[410..]
    );
}

// --- process: renditions --------------------------------------------------------------------

#[test]
fn a_lossy_upload_gets_standard_and_high_mp3_renditions_only() {
    let scratch = Scratch::new();
    let source = scratch.mp3("source.mp3", 3.0, 44_100, 2);
    let out = scratch.out_dir("out");
    let processed = process(&source, &out, false).unwrap();
    let qualities: Vec<_> = processed.renditions.iter().map(|r| r.quality).collect();
    assert_eq!(qualities, [StreamQuality::Standard, StreamQuality::High]);
    assert!(!out.join("lossless.flac").exists());
    for rendition in &processed.renditions {
        assert_eq!(rendition.content_type, "audio/mpeg");
        assert_eq!(rendition.size, fs::metadata(&rendition.path).unwrap().len());
    }
}

#[test]
fn mp3_renditions_have_their_bitrate_in_every_frame_and_the_source_duration() {
    let scratch = Scratch::new();
    let source = scratch.wav("source.wav", 3.0, 44_100, 2);
    let processed = process(&source, &scratch.out_dir("out"), true).unwrap();
    for (quality, kbps) in [(StreamQuality::Standard, 128), (StreamQuality::High, 320)] {
        let rendition = processed
            .renditions
            .iter()
            .find(|r| r.quality == quality)
            .unwrap();
        assert_eq!(
            rendition.path.file_name().unwrap(),
            if kbps == 128 {
                "standard.mp3"
            } else {
                "high.mp3"
            }
        );
        let bitrates = mp3_bitrates(&rendition.path);
        assert!(bitrates.len() > 100);
        assert!(
            bitrates.iter().all(|&b| b == kbps),
            "{quality:?}: {bitrates:?}"
        );
        let probe = probe(&rendition.path).unwrap();
        assert_eq!(
            (probe.format, probe.sample_rate, probe.channels),
            (AudioFormat::Mp3, 44_100, 2)
        );
        let (frames, rate) = frames_and_rate(&rendition.path);
        let seconds = frames as f64 / f64::from(rate);
        assert!((seconds - 3.0).abs() < 0.1, "{quality:?}: {seconds} s");
        // The LAME tag's delay and padding make it exact.
        assert_eq!(frames, 3 * 44_100, "{quality:?}");
    }
}

#[test]
fn a_16_bit_upload_gets_a_bit_exact_16_bit_flac() {
    let scratch = Scratch::new();
    let source = scratch.wav("source.wav", 3.0, 44_100, 2);
    let processed = process(&source, &scratch.out_dir("out"), true).unwrap();
    let flac = processed
        .renditions
        .iter()
        .find(|r| r.quality == StreamQuality::Lossless)
        .unwrap();
    assert_eq!(flac.content_type, "audio/flac");
    assert!(flac.path.ends_with("lossless.flac"));
    let mut opened = Source::open(&flac.path, &Limits::default()).unwrap();
    assert_eq!(opened.sample_kind, super::decode::SampleKind::Int(16));
    while opened.next_buffer().unwrap().is_some() {}
    opened.finish().unwrap();
    assert_eq!(decode_all(&flac.path), decode_all(&source));
}

#[test]
fn a_24_bit_flac_upload_gets_a_bit_exact_24_bit_flac() {
    let scratch = Scratch::new();
    let source = scratch.flac("source.flac", 3.0, 96_000, 2, 24);
    let processed = process(&source, &scratch.out_dir("out"), true).unwrap();
    let flac = processed
        .renditions
        .iter()
        .find(|r| r.quality == StreamQuality::Lossless)
        .unwrap();
    assert_eq!(
        Source::open(&flac.path, &Limits::default())
            .unwrap()
            .sample_kind,
        super::decode::SampleKind::Int(24)
    );
    assert_eq!(decode_all(&flac.path), decode_all(&source));
}

#[test]
fn a_float_upload_gets_a_24_bit_flac_within_one_step() {
    let scratch = Scratch::new();
    let source = scratch.path("source.wav");
    synth::write_wav_as(
        &source,
        2.0,
        48_000,
        2,
        WavEncoding::Float32,
        synth::phrase(),
    )
    .unwrap();
    let processed = process(&source, &scratch.out_dir("out"), true).unwrap();
    let flac = processed
        .renditions
        .iter()
        .find(|r| r.quality == StreamQuality::Lossless)
        .unwrap();
    assert_eq!(
        Source::open(&flac.path, &Limits::default())
            .unwrap()
            .sample_kind,
        super::decode::SampleKind::Int(24)
    );
    let (encoded, _, _) = decode_all(&flac.path);
    let (original, _, _) = decode_all(&source);
    assert_eq!(encoded.len(), original.len());
    // Both are full-scale i32; one 24-bit step is 256.
    assert!(
        encoded
            .iter()
            .zip(&original)
            .all(|(a, b)| (a - b).abs() <= 256)
    );
}

#[test]
fn a_mono_upload_gets_mono_renditions() {
    let scratch = Scratch::new();
    let source = scratch.wav("source.wav", 2.0, 22_050, 1);
    let processed = process(&source, &scratch.out_dir("out"), true).unwrap();
    for rendition in &processed.renditions {
        let probe = probe(&rendition.path).unwrap();
        assert_eq!(probe.channels, 1, "{:?}", rendition.quality);
        assert_eq!(probe.duration_secs, 2);
    }
    // MPEG-1 layer III has no 22.05 kHz: the MP3s are resampled to 44.1 kHz, FLAC is not.
    let rates: Vec<u32> = processed
        .renditions
        .iter()
        .map(|r| probe(&r.path).unwrap().sample_rate)
        .collect();
    assert_eq!(rates, [44_100, 44_100, 22_050]);
}

#[test]
fn a_six_channel_upload_gets_stereo_mp3s_and_a_six_channel_flac() {
    let scratch = Scratch::new();
    let source = scratch.wav("source.wav", 2.0, 48_000, 6);
    let processed = process(&source, &scratch.out_dir("out"), true).unwrap();
    let channels: Vec<u16> = processed
        .renditions
        .iter()
        .map(|r| probe(&r.path).unwrap().channels)
        .collect();
    assert_eq!(channels, [2, 2, 6]);
}

#[test]
fn an_ogg_upload_is_processed() {
    let scratch = Scratch::new();
    let source = scratch.ogg("source.ogg", 3.0, 48_000, 2);
    let processed = process(&source, &scratch.out_dir("out"), false).unwrap();
    assert_eq!(processed.renditions.len(), 2);
    assert!(processed.integrated_lufs.is_some());
}

#[test]
fn a_broken_upload_fails_and_leaves_no_renditions() {
    let scratch = Scratch::new();
    let bytes = fs::read(scratch.flac("a.flac", 3.0, 44_100, 2, 16)).unwrap();
    let cut = scratch.bytes("cut.flac", &bytes[..bytes.len() / 2]);
    let out = scratch.out_dir("out");
    let result = process(&cut, &out, true);
    assert!(
        matches!(result, Err(ProcessError::Undecodable(_))),
        "{result:?}"
    );
    assert_eq!(fs::read_dir(&out).unwrap().count(), 0);
}

#[test]
fn process_refuses_what_is_not_audio() {
    let scratch = Scratch::new();
    let text = scratch.bytes("a.mp3", b"hello");
    let result = process(&text, &scratch.out_dir("out"), false);
    assert!(
        matches!(result, Err(ProcessError::Undecodable(_))),
        "{result:?}"
    );
}

// --- content types --------------------------------------------------------------------------

#[test]
fn formats_name_themselves_and_their_content_type() {
    let all = [
        AudioFormat::Mp3,
        AudioFormat::Wav,
        AudioFormat::Ogg,
        AudioFormat::Flac,
    ];
    let described: Vec<_> = all
        .iter()
        .map(|f| (f.as_str(), f.content_type(), f.is_lossless()))
        .collect();
    assert_eq!(
        described,
        [
            ("mp3", "audio/mpeg", false),
            ("wav", "audio/wav", true),
            ("ogg", "audio/ogg", false),
            ("flac", "audio/flac", true),
        ]
    );
}

#[test]
fn sources_over_96_khz_are_refused_and_96_khz_is_processed_with_every_rendition() {
    let scratch = Scratch::new();
    for rate in [176_400, 192_000] {
        let source = scratch.wav(&format!("{rate}.wav"), 1.0, rate, 2);
        let refused = undecodable(probe(&source));
        assert!(refused.contains("sample rate"), "{rate}: {refused}");
        assert!(process(&source, &scratch.out_dir(&format!("{rate}")), true).is_err());
    }
    let source = scratch.wav("96000.wav", 1.0, 96_000, 2);

    let processed = process(&source, &scratch.out_dir("96000"), true).unwrap();

    assert_eq!(probe(&source).unwrap().sample_rate, 96_000);
    assert_eq!(processed.renditions.len(), 3, "MP3 128, MP3 320 and FLAC");
}
