//! Multichannel Wiener refinement of the ratio masks, as norbert's / Open-Unmix's `wiener()` with
//! one EM iteration (what Spleeter's and Open-Unmix's post-processing run), per segment.
//!
//! The initial source estimates are the masked mixture STFTs `y_j = m_j * x` (per channel). One EM
//! step then estimates each source's power spectral density `v_j(t, f)` (mean of `|y_j|^2` over
//! the channels) and spatial covariance `R_j(f) = sum_t y_j y_j^H / sum_t v_j` (over the segment's
//! frames), and re-estimates `y_j = v_j R_j (sum_k v_k R_k + reg I)^-1 x`, which uses the stereo
//! image of each source instead of a per-channel mask.

use rayon::prelude::*;
use realfft::num_complex::{Complex32, Complex64};

use crate::net::{F, T};
use crate::stft::BINS;

/// norbert's regularisation: `sqrt(float32 eps)` on the identity, after scaling the mixture so its
/// peak magnitude is at most 10.
const REG: f64 = 3.452669830012439e-4;

type M2 = [[Complex64; 2]; 2];

fn mul(a: &M2, b: &M2) -> M2 {
    let mut o = [[Complex64::default(); 2]; 2];
    for i in 0..2 {
        for j in 0..2 {
            o[i][j] = a[i][0] * b[0][j] + a[i][1] * b[1][j];
        }
    }
    o
}

/// Refines the masks of one segment: `spec[channel]` holds `nf * BINS` mixture bins,
/// `masks[stem]` the `(2, T, F)` ratio masks. Returns `[stem][channel]` spectra.
pub fn refine(
    spec: &[Vec<Complex32>; 2],
    masks: &[Vec<f32>; 2],
    nf: usize,
    mask_extension: bool,
) -> [[Vec<Complex32>; 2]; 2] {
    let peak = spec
        .iter()
        .flat_map(|s| s.iter())
        .map(|z| z.norm())
        .fold(0f32, f32::max) as f64;
    let scale = (peak / 10.0).max(1.0);
    // Per bin: the refined estimates, `[stem][channel][t]`.
    let per_bin: Vec<[[Vec<Complex32>; 2]; 2]> = (0..F)
        .into_par_iter()
        .map(|f| {
            let x: Vec<[Complex64; 2]> = (0..nf)
                .map(|t| {
                    let z = |c: usize| {
                        let v = spec[c][t * BINS + f];
                        Complex64::new(v.re as f64, v.im as f64) / scale
                    };
                    [z(0), z(1)]
                })
                .collect();
            let mut v = [vec![0f64; nf], vec![0f64; nf]];
            let mut r: [M2; 2] = [[[Complex64::default(); 2]; 2]; 2];
            for j in 0..2 {
                let mut vsum = 0f64;
                for t in 0..nf {
                    let y = [
                        x[t][0] * masks[j][t * F + f] as f64,
                        x[t][1] * masks[j][(T + t) * F + f] as f64,
                    ];
                    v[j][t] = (y[0].norm_sqr() + y[1].norm_sqr()) / 2.0;
                    vsum += v[j][t];
                    for a in 0..2 {
                        for b in 0..2 {
                            r[j][a][b] += y[a] * y[b].conj();
                        }
                    }
                }
                let d = 1e-10 + vsum;
                for row in &mut r[j] {
                    for e in row.iter_mut() {
                        *e /= d;
                    }
                }
            }
            let mut out: [[Vec<Complex32>; 2]; 2] = Default::default();
            for o in out.iter_mut().flat_map(|s| s.iter_mut()) {
                o.reserve(nf);
            }
            for t in 0..nf {
                let mut c: M2 = [[Complex64::default(); 2]; 2];
                for j in 0..2 {
                    for a in 0..2 {
                        for b in 0..2 {
                            c[a][b] += r[j][a][b] * v[j][t];
                        }
                    }
                }
                c[0][0] += REG;
                c[1][1] += REG;
                let det = c[0][0] * c[1][1] - c[0][1] * c[1][0];
                let inv: M2 = [
                    [c[1][1] / det, -c[0][1] / det],
                    [-c[1][0] / det, c[0][0] / det],
                ];
                for j in 0..2 {
                    let mut g = mul(&r[j], &inv);
                    for row in &mut g {
                        for e in row.iter_mut() {
                            *e *= v[j][t];
                        }
                    }
                    for a in 0..2 {
                        let y = (g[a][0] * x[t][0] + g[a][1] * x[t][1]) * scale;
                        out[j][a].push(Complex32::new(y.re as f32, y.im as f32));
                    }
                }
            }
            out
        })
        .collect();
    let mut out: [[Vec<Complex32>; 2]; 2] = Default::default();
    for (j, stem) in out.iter_mut().enumerate() {
        for (c, o) in stem.iter_mut().enumerate() {
            let mut s = vec![Complex32::default(); nf * BINS];
            for t in 0..nf {
                for (f, b) in per_bin.iter().enumerate() {
                    s[t * BINS + f] = b[j][c][t];
                }
                if mask_extension && j == 1 {
                    let m = &masks[1][(c * T + t) * F..(c * T + t + 1) * F];
                    let avg = m.iter().sum::<f32>() / F as f32;
                    for f in F..BINS {
                        s[t * BINS + f] = spec[c][t * BINS + f] * avg;
                    }
                }
            }
            *o = s;
        }
    }
    out
}
