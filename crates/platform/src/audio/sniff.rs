//! Identifies the container from the file's first bytes, and checks the MPEG frame chain of an MP3.
//!
//! Symphonia's probe scans up to a megabyte for anything that looks like a marker, so a JPEG or an
//! MP4 can contain two byte pairs that pass for MP3 frame headers. An upload is judged by its
//! start instead: a RIFF/WAVE header, `fLaC`, an Ogg page carrying a Vorbis identification
//! header, or an MPEG layer III frame that is followed by another (each after an optional ID3v2
//! tag). Anything else is not audio.

use std::fs::File;
use std::io::{self, BufReader, Read, Seek, SeekFrom};

use super::AudioFormat;

/// The container found at the start of a file.
#[derive(Clone, Copy, Debug)]
pub struct Sniffed {
    pub format: AudioFormat,
    /// Where the container starts, after any ID3v2 tags.
    pub offset: u64,
    /// For an MP3: whether the first frame is a Xing/Info or VBRI frame that states the number of
    /// frames, so the declared length can be trusted (without one, Symphonia estimates it from the
    /// bitrate and the file size, which says nothing about truncation).
    pub declares_length: bool,
}

/// Up to this many zero bytes between an ID3v2 tag and the first MPEG frame are tolerated: some
/// taggers pad beyond the size they declare.
const MAX_ZERO_PADDING: u64 = 64 * 1024;

pub fn sniff(file: &mut File) -> io::Result<Option<Sniffed>> {
    let len = file.metadata()?.len();
    let mut offset = 0u64;
    let mut head = [0u8; 10];
    // Skip ID3v2 tags (MP3 and, unofficially, FLAC files carry them in front).
    loop {
        let n = read_at(file, offset, &mut head)?;
        if n < 10 || &head[..3] != b"ID3" {
            break;
        }
        let Some(size) = syncsafe(&head[6..10]) else {
            return Ok(None);
        };
        let footer = if head[5] & 0x10 != 0 { 10 } else { 0 };
        offset += 10 + u64::from(size) + footer;
        if offset >= len {
            return Ok(None);
        }
    }

    let mut start = [0u8; 12];
    let n = read_at(file, offset, &mut start)?;
    let start = &start[..n];
    let found = |format| Sniffed {
        format,
        offset,
        declares_length: false,
    };
    if start.len() >= 12 && &start[..4] == b"RIFF" && &start[8..12] == b"WAVE" {
        return Ok(Some(found(AudioFormat::Wav)));
    }
    if start.starts_with(b"fLaC") {
        return Ok(Some(found(AudioFormat::Flac)));
    }
    if start.starts_with(b"OggS") {
        return Ok(is_ogg_vorbis(file, offset)?.then(|| found(AudioFormat::Ogg)));
    }

    // MPEG audio has no magic number; require a layer III frame header followed by another.
    let mut pos = offset;
    let mut byte = [0u8; 1];
    while pos - offset < MAX_ZERO_PADDING && read_at(file, pos, &mut byte)? == 1 && byte[0] == 0 {
        pos += 1;
    }
    let Some(first) = header_at(file, pos)? else {
        return Ok(None);
    };
    let next = pos + first.frame_len;
    if next < len {
        match header_at(file, next)? {
            Some(second) if second.is_similar(&first) => {}
            _ => return Ok(None),
        }
    }
    let declares_length = declares_frame_count(file, pos, &first)?;
    Ok(Some(Sniffed {
        format: AudioFormat::Mp3,
        offset: pos,
        declares_length,
    }))
}

/// An Ogg stream whose first page begins with a Vorbis identification header (`\x01vorbis`);
/// Opus, Speex or FLAC in Ogg are not accepted.
fn is_ogg_vorbis(file: &mut File, offset: u64) -> io::Result<bool> {
    let mut page = [0u8; 27 + 255 + 7];
    let n = read_at(file, offset, &mut page)?;
    if n < 27 {
        return Ok(false);
    }
    let body = 27 + usize::from(page[26]);
    Ok(n >= body + 7 && &page[body..body + 7] == b"\x01vorbis")
}

fn syncsafe(bytes: &[u8]) -> Option<u32> {
    bytes.iter().try_fold(0u32, |acc, &b| {
        (b & 0x80 == 0).then_some((acc << 7) | u32::from(b))
    })
}

fn read_at(file: &mut File, pos: u64, buf: &mut [u8]) -> io::Result<usize> {
    file.seek(SeekFrom::Start(pos))?;
    let mut filled = 0;
    while filled < buf.len() {
        match file.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

fn header_at(file: &mut File, pos: u64) -> io::Result<Option<FrameHeader>> {
    let mut word = [0u8; 4];
    Ok((read_at(file, pos, &mut word)? == 4)
        .then(|| FrameHeader::parse(word))
        .flatten())
}

fn declares_frame_count(file: &mut File, pos: u64, header: &FrameHeader) -> io::Result<bool> {
    let mut frame = vec![0u8; usize::try_from(header.frame_len).unwrap_or(0).min(2048)];
    let n = read_at(file, pos, &mut frame)?;
    let frame = &frame[..n];
    let xing = header.side_info_end();
    let has_xing = frame
        .get(xing..xing + 8)
        .is_some_and(|tag| (&tag[..4] == b"Xing" || &tag[..4] == b"Info") && tag[7] & 0x01 != 0);
    // A VBRI tag always sits 32 bytes after the header and always carries the frame count.
    let has_vbri = frame.get(36..40) == Some(b"VBRI");
    Ok(has_xing || has_vbri)
}

/// An MPEG-1, -2 or -2.5 layer III frame header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameHeader {
    /// 3 for MPEG-1, 2 for MPEG-2, 0 for MPEG-2.5 (the header's version bits).
    version: u8,
    pub sample_rate: u32,
    mono: bool,
    has_crc: bool,
    /// Bitrate in kbit/s.
    pub bitrate: u32,
    /// The whole frame, header included, in bytes.
    pub frame_len: u64,
}

impl FrameHeader {
    pub fn parse(word: [u8; 4]) -> Option<Self> {
        const MPEG1_KBPS: [u32; 15] = [
            0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320,
        ];
        const MPEG2_KBPS: [u32; 15] =
            [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
        let h = u32::from_be_bytes(word);
        let version = ((h >> 19) & 0b11) as u8;
        let layer = (h >> 17) & 0b11;
        let bitrate_index = ((h >> 12) & 0xf) as usize;
        let rate_index = ((h >> 10) & 0b11) as usize;
        // Sync word, a defined version, layer III (`01`), a fixed bitrate (not "free"), a rate.
        if h >> 21 != 0x7ff
            || version == 1
            || layer != 1
            || bitrate_index == 0
            || bitrate_index == 15
            || rate_index == 3
        {
            return None;
        }
        let base_rate = [44_100, 48_000, 32_000][rate_index];
        let (sample_rate, bitrate, samples_per_byte) = match version {
            3 => (base_rate, MPEG1_KBPS[bitrate_index], 144),
            2 => (base_rate / 2, MPEG2_KBPS[bitrate_index], 72),
            _ => (base_rate / 4, MPEG2_KBPS[bitrate_index], 72),
        };
        let padding = u64::from((h >> 9) & 1);
        let frame_len = u64::from(samples_per_byte * bitrate * 1000 / sample_rate) + padding;
        Some(Self {
            version,
            sample_rate,
            mono: (h >> 6) & 0b11 == 0b11,
            has_crc: (h >> 16) & 1 == 0,
            bitrate,
            frame_len,
        })
    }

    /// Whether `other` can be the next frame of the same stream.
    fn is_similar(&self, other: &Self) -> bool {
        self.version == other.version
            && self.sample_rate == other.sample_rate
            && self.mono == other.mono
    }

    /// Where the side information ends, which is where a Xing/Info tag starts.
    fn side_info_end(&self) -> usize {
        let side_info = match (self.version == 3, self.mono) {
            (true, false) => 32,
            (true, true) | (false, false) => 17,
            (false, true) => 9,
        };
        4 + if self.has_crc { 2 } else { 0 } + side_info
    }
}

/// What walking an MP3's frame chain found.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FrameChain {
    pub frames: u64,
    /// Bytes between frames that are neither frames nor a trailing tag.
    pub junk_bytes: u64,
    /// The last frame header promises more bytes than the file has: the file was cut short.
    pub truncated: bool,
}

/// Walks the frames of an MP3 from `start` to the end of the file.
///
/// Symphonia reads MP3 the way a player should: a frame cut off by the end of the file is the
/// end of the stream, and bytes that are not frames are skipped. An upload needs the opposite,
/// so this walk reports a cut-off last frame and counts the bytes that are not frames. Trailing
/// ID3v1, APE and Lyrics3 tags and an appended ID3v2 tag are metadata, not junk.
pub fn walk_mp3_frames(file: &File, start: u64) -> io::Result<FrameChain> {
    let mut reader = Cursor::new(file, start)?;
    let len = reader.audio_end(file.metadata()?.len())?;
    let mut chain = FrameChain::default();
    let Some(first) = reader.header(start)? else {
        return Ok(chain);
    };
    let mut pos = start;
    while pos < len {
        match reader.header(pos)? {
            Some(header) if header.is_similar(&first) => {
                if pos + header.frame_len > len {
                    chain.truncated = true;
                    break;
                }
                chain.frames += 1;
                pos += header.frame_len;
            }
            _ => {
                if reader.is_trailing_tag(pos, len)? {
                    break;
                }
                // Resynchronise on the next header that is followed by another one (or by the
                // end of the file), as a decoder would, and count what was skipped.
                let resumed = reader.resync(pos + 1, len, &first)?;
                chain.junk_bytes += resumed - pos;
                pos = resumed;
            }
        }
    }
    Ok(chain)
}

/// Sequential reads with short forward jumps, through one buffer.
struct Cursor<'f> {
    inner: BufReader<&'f File>,
    pos: u64,
}

impl<'f> Cursor<'f> {
    fn new(file: &'f File, pos: u64) -> io::Result<Self> {
        let mut inner = BufReader::with_capacity(64 * 1024, file);
        inner.seek(SeekFrom::Start(pos))?;
        Ok(Self { inner, pos })
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<usize> {
        let delta = i64::try_from(pos).unwrap_or(i64::MAX) - i64::try_from(self.pos).unwrap_or(0);
        self.inner.seek_relative(delta)?;
        self.pos = pos;
        let mut filled = 0;
        while filled < buf.len() {
            match self.inner.read(&mut buf[filled..])? {
                0 => break,
                n => filled += n,
            }
        }
        self.pos += filled as u64;
        Ok(filled)
    }

    fn header(&mut self, pos: u64) -> io::Result<Option<FrameHeader>> {
        let mut word = [0u8; 4];
        Ok((self.read_at(pos, &mut word)? == 4)
            .then(|| FrameHeader::parse(word))
            .flatten())
    }

    /// Where the audio ends: before an ID3v1 tag and an APE tag (found by their fixed-size
    /// footers, as an APEv1 tag has no header to meet on the way).
    fn audio_end(&mut self, len: u64) -> io::Result<u64> {
        let mut end = len;
        let mut marker = [0u8; 3];
        if end >= 128 && self.read_at(end - 128, &mut marker)? == 3 && &marker == b"TAG" {
            end -= 128;
        }
        let mut footer = [0u8; 32];
        if end >= 32
            && self.read_at(end - 32, &mut footer)? == 32
            && footer.starts_with(b"APETAGEX")
        {
            let size = u64::from(u32::from_le_bytes([
                footer[12], footer[13], footer[14], footer[15],
            ]));
            let has_header = footer[23] & 0x80 != 0;
            end = end.saturating_sub(size + if has_header { 32 } else { 0 });
        }
        Ok(end)
    }

    fn is_trailing_tag(&mut self, pos: u64, len: u64) -> io::Result<bool> {
        let mut marker = [0u8; 11];
        let n = self.read_at(pos, &mut marker)?;
        let marker = &marker[..n];
        Ok((marker.starts_with(b"TAG") && len - pos == 128)
            || marker.starts_with(b"APETAGEX")
            || marker.starts_with(b"LYRICSBEGIN")
            || marker.starts_with(b"ID3"))
    }

    fn resync(&mut self, from: u64, len: u64, first: &FrameHeader) -> io::Result<u64> {
        let mut pos = from;
        while pos + 4 <= len {
            if let Some(header) = self.header(pos)?
                && header.is_similar(first)
            {
                let next = pos + header.frame_len;
                if next >= len
                    || self.header(next)?.is_some_and(|h| h.is_similar(first))
                    || self.is_trailing_tag(next, len)?
                {
                    return Ok(pos);
                }
            }
            pos += 1;
        }
        Ok(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_an_mpeg1_layer3_header() {
        // 128 kbit/s, 44.1 kHz, no padding, joint stereo.
        let header = FrameHeader::parse([0xff, 0xfb, 0x90, 0x44]).unwrap();
        assert_eq!(header.bitrate, 128);
        assert_eq!(header.sample_rate, 44_100);
        assert_eq!(header.frame_len, 417);
    }

    #[test]
    fn rejects_other_layers_and_free_bitrate() {
        // Layer II.
        assert!(FrameHeader::parse([0xff, 0xfd, 0x90, 0x44]).is_none());
        // Free format bitrate.
        assert!(FrameHeader::parse([0xff, 0xfb, 0x00, 0x44]).is_none());
    }

    #[test]
    fn syncsafe_integers_reject_high_bits() {
        assert_eq!(syncsafe(&[0, 0, 2, 1]), Some(257));
        assert_eq!(syncsafe(&[0, 0, 0x80, 0]), None);
    }
}
