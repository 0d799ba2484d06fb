#!/usr/bin/env python3
"""Build the AutoMix evaluation set: five songs made from separate vocal and music stems.

    make_evalset.py OUTDIR

writes OUTDIR/<item>/{vocals,accompaniment,mixture}.wav for five items of 22 to 30 seconds,
44.1 kHz stereo 16-bit PCM. The music is synthesised here with numpy (chords, plucked
arpeggios, bass, a kick and noise-burst snare and hi-hat; a different tempo, key, progression
and stereo placement per item), in the spirit of the demo synthesiser in
crates/platform/src/audio/synth.rs. The vocals are espeak-ng voices: "sung" lines, one word per
beat with the pitch following a melody, and spoken lines, several voices, pitches and speeds per
item, resampled to 44.1 kHz and placed centred or slightly off centre.

The mixture is exactly the sample-wise sum of the two 16-bit stems: both are scaled together so
that the sum peaks at -1 dBFS, then quantised, then added, so no stem is altered by clipping and
the stems are the true sources of the mixture BSSEval compares against.

Everything is deterministic: the noise comes from fixed seeds and espeak-ng renders the same
text with the same settings to the same samples, so two runs give byte-identical files. Needs
numpy, scipy and the espeak-ng program.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import wave
from dataclasses import dataclass, field
from math import gcd
from pathlib import Path

import numpy as np
from scipy.signal import resample_poly

RATE = 44_100
# The sum of the stems peaks here (-1 dBFS) before quantisation.
MIX_PEAK = 10 ** (-1 / 20)

# Semitone offsets of the chord tones above a scale degree, for major and minor keys.
MAJOR_SCALE = [0, 2, 4, 5, 7, 9, 11]
MINOR_SCALE = [0, 2, 3, 5, 7, 8, 10]


@dataclass
class Line:
    """One vocal line: a phrase sung word by word on the beat, or spoken in one go."""

    text: str
    voice: str
    pitch: int  # espeak-ng -p, 0..99
    speed: int  # espeak-ng -s, words per minute
    bar: int  # the bar it starts on
    sung: bool = True
    # Scale degrees of the melody, one per word (cycled); pitch moves by 4 espeak units a step.
    melody: list[int] = field(default_factory=lambda: [0, 2, 4, 2])
    pan: float = 0.0  # -1 left .. 1 right


@dataclass
class Item:
    name: str
    seconds: float
    bpm: float
    root_midi: int  # the key's tonic, as a MIDI note number
    minor: bool
    progression: list[int]  # scale degrees (0-based), one chord per bar, cycled
    vocal_db: float  # vocals' RMS relative to the accompaniment's
    seed: int
    hats: bool
    lines: list[Line]
    swing: float = 0.0  # delay of the off-beat eighths, as a fraction of an eighth


ITEMS = [
    Item(
        name="item1-minor-96",
        seconds=24.0,
        bpm=96,
        root_midi=57,
        minor=True,
        progression=[0, 5, 2, 6],
        vocal_db=-1.0,
        seed=11,
        hats=True,
        lines=[
            Line("walking down the river in the evening light", "en-us+f3", 55, 150, 1),
            Line("every little star is shining on the water", "en+m3", 35, 140, 3, melody=[4, 2, 0, 2]),
            Line("hold me now and never let me go", "en-us+f3", 62, 150, 5, melody=[0, 4, 5, 4, 2]),
            Line("the night is young and so are we", "en-gb+m1", 40, 165, 7, sung=False, pan=0.15),
        ],
    ),
    Item(
        name="item2-major-120",
        seconds=26.0,
        bpm=120,
        root_midi=60,
        minor=False,
        progression=[0, 4, 5, 3],
        vocal_db=0.0,
        seed=22,
        hats=True,
        lines=[
            Line("sunshine in the morning coming through my window", "en+f2", 58, 170, 1),
            Line(
                "dancing all together we are singing all day long", "en+f2", 66, 175, 3, melody=[2, 4, 5, 4]
            ),
            Line("come on everybody clap your hands", "en-us+m2", 45, 160, 5, sung=False, pan=-0.1),
            Line("sunshine in the morning coming through my window", "en+f2", 58, 170, 7),
            Line("la la la la la la la la", "en-us+f4", 70, 180, 9, melody=[0, 2, 4, 5, 4, 2, 0, 2]),
            Line("dancing all together we are singing all day long", "en+m4", 38, 170, 11, melody=[4, 2, 0]),
        ],
    ),
    Item(
        name="item3-minor-84",
        seconds=28.0,
        bpm=84,
        root_midi=52,
        minor=True,
        progression=[0, 3, 4, 0],
        vocal_db=-4.0,
        seed=33,
        hats=False,
        lines=[
            Line("cold wind blowing over empty fields", "en-gb+m3", 30, 130, 1, melody=[0, 1, 2, 4]),
            Line("I remember you", "en-gb+f1", 50, 120, 3, sung=False),
            Line(
                "grey clouds rolling where the birds have gone", "en-gb+m3", 34, 130, 4, melody=[4, 2, 1, 0]
            ),
            Line("and the rain keeps falling down", "en+f5", 55, 135, 6, pan=0.2),
            Line("cold wind blowing over empty fields", "en-gb+m3", 30, 130, 8, melody=[0, 1, 2, 4]),
        ],
    ),
    Item(
        name="item4-major-128",
        seconds=22.0,
        bpm=128,
        root_midi=55,
        minor=False,
        progression=[0, 5, 3, 4],
        vocal_db=1.5,
        seed=44,
        hats=True,
        swing=0.0,
        lines=[
            Line("we go higher higher higher tonight", "en-us+m1", 50, 190, 1, melody=[0, 2, 4, 7, 4]),
            Line("lights are flashing hearts are beating fast", "en-us+f2", 64, 185, 3),
            Line("put your hands up", "en-us+m5", 42, 170, 5, sung=False, pan=-0.15),
            Line("we go higher higher higher tonight", "en-us+f2", 64, 190, 7, melody=[0, 2, 4, 7, 4]),
            Line("lights are flashing hearts are beating fast", "en-us+m1", 48, 185, 9, melody=[4, 2, 0, 2]),
        ],
    ),
    Item(
        name="item5-minor-104",
        seconds=30.0,
        bpm=104,
        root_midi=62,
        minor=True,
        progression=[0, 6, 5, 4],
        vocal_db=-2.0,
        seed=55,
        hats=True,
        swing=0.33,
        lines=[
            Line("tell me what you want to hear", "en-gb-scotland+m2", 44, 150, 1, melody=[0, 2, 0, 4]),
            Line("I will sing it soft and clear", "en+f4", 60, 150, 3, melody=[2, 4, 5, 4]),
            Line("this is the story of a lonely road", "en-gb-x-rp+m7", 36, 155, 5, sung=False, pan=0.1),
            Line("tell me what you want to hear", "en+f4", 60, 150, 7, melody=[0, 2, 0, 4]),
            Line("oh oh oh oh oh oh", "en-gb-scotland+m2", 46, 140, 9, melody=[4, 5, 4, 2, 0, 2]),
            Line("I will sing it soft and clear", "en+f4", 62, 150, 11, melody=[2, 4, 5, 4]),
        ],
    ),
]


def midi_hz(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def pan_gains(pan: float) -> tuple[float, float]:
    """Constant-power gains for a position from -1 (left) to 1 (right)."""
    angle = (pan + 1) * np.pi / 4
    return float(np.cos(angle)), float(np.sin(angle))


def add(buf: np.ndarray, start_s: float, mono: np.ndarray, pan: float) -> None:
    """Mix a mono signal into the stereo buffer at `start_s`, cut at the buffer's end."""
    start = int(round(start_s * RATE))
    if start >= buf.shape[1]:
        return
    mono = mono[: buf.shape[1] - start]
    left, right = pan_gains(pan)
    buf[0, start : start + len(mono)] += left * mono
    buf[1, start : start + len(mono)] += right * mono


def tone(freq: float, seconds: float, harmonics: int, decay: float, attack: float = 0.005) -> np.ndarray:
    """Additive tone with 1/k harmonics, a short linear attack and an exponential decay."""
    t = np.arange(int(seconds * RATE)) / RATE
    wave_ = np.zeros_like(t)
    for k in range(1, harmonics + 1):
        if freq * k < RATE / 2:
            wave_ += np.sin(2 * np.pi * freq * k * t) / k
    env = np.minimum(t / attack, 1.0) * np.exp(-decay * t)
    # A 10 ms release at the end so notes never click off.
    release = min(len(t), int(0.01 * RATE))
    env[len(t) - release :] *= np.linspace(1, 0, release)
    return wave_ * env


def accompaniment(item: Item) -> np.ndarray:
    rng = np.random.default_rng(item.seed)
    n = int(item.seconds * RATE)
    buf = np.zeros((2, n))
    beat = 60.0 / item.bpm
    bar = 4 * beat
    scale = MINOR_SCALE if item.minor else MAJOR_SCALE
    bars = int(np.ceil(item.seconds / bar))

    def degree(d: int, octave: int = 0) -> int:
        return item.root_midi + scale[d % 7] + 12 * (d // 7 + octave)

    for b in range(bars):
        t0 = b * bar
        root = item.progression[b % len(item.progression)]
        chord = [degree(root), degree(root + 2), degree(root + 4)]
        # Pad: the triad held for the bar, tones spread across the stereo field.
        for note, pan in zip(chord, (-0.5, 0.1, 0.5)):
            add(buf, t0, 0.09 * tone(midi_hz(note), bar, 6, 0.8, attack=0.04), pan)
        # Plucked arpeggio on the eighths, an octave up, ping-ponging left and right.
        for e in range(8):
            off = e * beat / 2 + (item.swing * beat / 2 if e % 2 else 0.0)
            note = chord[[0, 1, 2, 1][e % 4]] + 12
            add(buf, t0 + off, 0.11 * tone(midi_hz(note), beat, 4, 9.0), -0.35 if e % 2 else 0.35)
        # Bass: root two octaves down on beats 1 and 3, the fifth on the "and" of 4.
        for on, note, length in (
            (0.0, chord[0] - 24, 1.5),
            (2.0, chord[0] - 24, 1.4),
            (3.5, chord[2] - 24, 0.5),
        ):
            add(buf, t0 + on * beat, 0.30 * tone(midi_hz(note), length * beat, 3, 2.5), 0.0)
        # Drums.
        for k in range(4):
            tb = t0 + k * beat
            if k in (0, 2):
                t = np.arange(int(0.35 * RATE)) / RATE
                sweep = 2 * np.pi * np.cumsum(45 + 75 * np.exp(-t * 30)) / RATE
                add(buf, tb, 0.55 * np.sin(sweep) * np.exp(-t * 9), 0.0)
            else:
                t = np.arange(int(0.22 * RATE)) / RATE
                burst = rng.standard_normal(len(t)) * np.exp(-t * 22) + 0.6 * np.sin(
                    2 * np.pi * 185 * t
                ) * np.exp(-t * 30)
                add(buf, tb, 0.18 * burst, 0.1)
            if item.hats:
                for h in range(2):
                    t = np.arange(int(0.06 * RATE)) / RATE
                    hiss = np.diff(rng.standard_normal(len(t) + 1)) * np.exp(-t * 70)
                    off = h * beat / 2 + (item.swing * beat / 2 if h else 0.0)
                    add(buf, tb + off, (0.05 if h else 0.07) * hiss, 0.55)
    return buf


def espeak(text: str, voice: str, pitch: int, speed: int, tmp: Path) -> np.ndarray:
    """Render text with espeak-ng, mono float at 44.1 kHz, leading and trailing silence cut."""
    out = tmp / "say.wav"
    subprocess.run(
        ["espeak-ng", "-v", voice, "-p", str(pitch), "-s", str(speed), "-w", str(out), text],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    with wave.open(str(out), "rb") as w:
        rate = w.getframerate()
        assert w.getnchannels() == 1 and w.getsampwidth() == 2, "espeak-ng writes 16-bit mono"
        x = np.frombuffer(w.readframes(w.getnframes()), dtype="<i2").astype(np.float64) / 32768
    g = gcd(RATE, rate)
    x = resample_poly(x, RATE // g, rate // g)
    loud = np.flatnonzero(np.abs(x) > 1e-3)
    return x[loud[0] : loud[-1] + 1] if len(loud) else x[:0]


def fade(x: np.ndarray, seconds: float = 0.015) -> np.ndarray:
    n = min(len(x) // 2, int(seconds * RATE))
    if n:
        x = x.copy()
        x[:n] *= np.linspace(0, 1, n)
        x[-n:] *= np.linspace(1, 0, n)
    return x


def vocals(item: Item, tmp: Path) -> np.ndarray:
    n = int(item.seconds * RATE)
    buf = np.zeros((2, n))
    beat = 60.0 / item.bpm
    bar = 4 * beat
    for line in item.lines:
        t0 = line.bar * bar
        if not line.sung:
            add(buf, t0, fade(espeak(line.text, line.voice, line.pitch, line.speed, tmp)), line.pan)
            continue
        # Sung: one word a beat (two a beat for short words at fast tempi would blur), each at a
        # pitch set by the melody and held no longer than its beat.
        for i, word in enumerate(line.text.split()):
            step = line.melody[i % len(line.melody)]
            pitch = int(np.clip(line.pitch + 4 * step, 0, 99))
            sound = espeak(word, line.voice, pitch, line.speed, tmp)[: int(0.95 * beat * RATE)]
            add(buf, t0 + i * beat, fade(sound), line.pan)
    return buf


def rms(x: np.ndarray) -> float:
    return float(np.sqrt(np.mean(x**2)))


def write_wav(path: Path, samples: np.ndarray) -> None:
    """Write int16 samples of shape (2, n) as a 44.1 kHz stereo WAV."""
    with wave.open(str(path), "wb") as w:
        w.setnchannels(2)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(np.ascontiguousarray(samples.T).astype("<i2").tobytes())


def build(item: Item, outdir: Path, tmp: Path) -> None:
    acc = accompaniment(item)
    voc = vocals(item, tmp)
    voc *= rms(acc) / rms(voc) * 10 ** (item.vocal_db / 20)
    scale = MIX_PEAK / np.max(np.abs(acc + voc))
    acc_q = np.round(acc * scale * 32767).astype(np.int32)
    voc_q = np.round(voc * scale * 32767).astype(np.int32)
    mix_q = acc_q + voc_q
    assert np.max(np.abs(mix_q)) < 32767, "the mixture must not clip"
    d = outdir / item.name
    d.mkdir(parents=True, exist_ok=True)
    write_wav(d / "vocals.wav", voc_q)
    write_wav(d / "accompaniment.wav", acc_q)
    write_wav(d / "mixture.wav", mix_q)
    print(
        f"{item.name}: {item.seconds:.0f} s, {item.bpm:.0f} bpm, vocals {item.vocal_db:+.1f} dB", flush=True
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path)
    args = parser.parse_args()
    if shutil.which("espeak-ng") is None:
        print("make_evalset.py needs espeak-ng (Debian: apt-get install espeak-ng)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="automix-evalset-") as tmp:
        for item in ITEMS:
            build(item, args.outdir, Path(tmp))
    return 0


if __name__ == "__main__":
    sys.exit(main())
