//! Reading a WAV file incrementally as stereo 44.1 kHz float frames.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use anyhow::{Context, Result, bail};

/// The sample rate of the model and of the outputs.
pub const SAMPLE_RATE: u32 = 44_100;

pub struct Input {
    reader: hound::WavReader<BufReader<File>>,
    channels: usize,
    scale: f32,
    float: bool,
    /// The whole input resampled to 44.1 kHz when the file has another rate.
    resampled: Option<([Vec<f32>; 2], usize)>,
    frames: usize,
}

impl Input {
    pub fn open(path: &Path) -> Result<Input> {
        let reader = hound::WavReader::open(path)
            .with_context(|| format!("{} is not a readable WAV file", path.display()))?;
        let spec = reader.spec();
        let channels = spec.channels as usize;
        if channels == 0 || channels > 2 {
            bail!(
                "{} has {channels} channels; AutoMix takes mono or stereo",
                path.display()
            );
        }
        let float = spec.sample_format == hound::SampleFormat::Float;
        if float && spec.bits_per_sample != 32 {
            bail!(
                "{}: {}-bit float samples are not supported",
                path.display(),
                spec.bits_per_sample
            );
        }
        let scale = if float {
            1.0
        } else {
            1.0 / (1u64 << (spec.bits_per_sample - 1)) as f32
        };
        let frames = reader.duration() as usize;
        let mut input = Input {
            reader,
            channels,
            scale,
            float,
            resampled: None,
            frames,
        };
        if spec.sample_rate != SAMPLE_RATE {
            input.resample(spec.sample_rate)?;
        }
        Ok(input)
    }

    /// Frames at 44.1 kHz.
    pub fn frames(&self) -> usize {
        self.frames
    }

    fn read_native(&mut self, max: usize, l: &mut Vec<f32>, r: &mut Vec<f32>) -> Result<usize> {
        let mut got = 0;
        let mut buf = [0f32; 2];
        while got < max {
            for (c, slot) in buf.iter_mut().enumerate().take(self.channels) {
                let s = if self.float {
                    self.reader.samples::<f32>().next()
                } else {
                    self.reader
                        .samples::<i32>()
                        .next()
                        .map(|s| s.map(|v| v as f32 * self.scale))
                };
                match s {
                    Some(v) => *slot = v.context("reading the WAV samples")?,
                    None if c == 0 => return Ok(got),
                    None => bail!("the WAV file ends in the middle of a frame"),
                }
            }
            l.push(buf[0]);
            r.push(if self.channels == 2 { buf[1] } else { buf[0] });
            got += 1;
        }
        Ok(got)
    }

    pub fn read(&mut self, max: usize, l: &mut Vec<f32>, r: &mut Vec<f32>) -> Result<usize> {
        match &mut self.resampled {
            None => self.read_native(max, l, r),
            Some((x, pos)) => {
                let k = max.min(x[0].len() - *pos);
                l.extend_from_slice(&x[0][*pos..*pos + k]);
                r.extend_from_slice(&x[1][*pos..*pos + k]);
                *pos += k;
                Ok(k)
            }
        }
    }

    /// Resamples the whole input to 44.1 kHz (in memory: other rates are the exception; the
    /// bounded-memory path is the 44.1 kHz one).
    fn resample(&mut self, rate: u32) -> Result<()> {
        use rubato::{FftFixedIn, Resampler};
        let n_in = self.frames;
        let n_out = ((n_in as u64 * SAMPLE_RATE as u64 + rate as u64 / 2) / rate as u64) as usize;
        let (mut l, mut r) = (Vec::with_capacity(n_in), Vec::with_capacity(n_in));
        self.read_native(n_in, &mut l, &mut r)?;
        let chunk = 1024;
        let mut rs = FftFixedIn::<f32>::new(rate as usize, SAMPLE_RATE as usize, chunk, 2, 2)
            .context("setting up the resampler")?;
        let delay = rs.output_delay();
        let mut out = [
            Vec::with_capacity(n_out + delay),
            Vec::with_capacity(n_out + delay),
        ];
        let mut pos = 0;
        while out[0].len() < n_out + delay {
            let mut block = [vec![0f32; chunk], vec![0f32; chunk]];
            let start = pos.min(n_in);
            let k = chunk.min(n_in - start);
            block[0][..k].copy_from_slice(&l[start..start + k]);
            block[1][..k].copy_from_slice(&r[start..start + k]);
            pos += chunk;
            let y = rs.process(&block, None).context("resampling")?;
            out[0].extend_from_slice(&y[0]);
            out[1].extend_from_slice(&y[1]);
        }
        for o in &mut out {
            o.drain(..delay);
            o.truncate(n_out);
        }
        self.frames = n_out;
        self.resampled = Some((out, 0));
        Ok(())
    }
}
