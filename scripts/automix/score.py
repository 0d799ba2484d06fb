#!/usr/bin/env python3
"""Separate the AutoMix evaluation set with the reference and with ours, then score and time it.

    score.py --evalset DIR --out DIR --ours "CMD..." --reference "CMD..." [--threads 1]

`--ours` and `--reference` are command prefixes (split like a shell would); each run appends
`MIXTURE --vocals V --accompaniment A --threads N` and, for ours, the variant's flags:

    reference          the PyTorch reference (scripts/automix/reference.py)
    ours --reference   ours with the reference's options, for parity
    ours (default)     ours as shipped (Wiener refinement on if the engine makes it default)
    ours --no-wiener   ours without the Wiener refinement

Quality is BSSEval v4 (museval.evaluate, 1 s windows and hops, its defaults): per item the
median over frames (NaN frames, where a source is silent, left out) of the vocals and the
accompaniment SDR; overall the median of those item medians ("median of frame medians") and
their mean. The mixture itself, used as the estimate of both sources, is the floor.

Parity is the plain SDR of ours (--reference) against the reference's output,
10 log10(|ref|^2 / |ours - ref|^2) over both channels, per stem and item; the target is above
40 dB on every one.

Speed: every separation runs as its own process under /usr/bin/time -v, at the same thread
count; CPU time is user + system and "x real time" is seconds of audio per CPU second. The
per-item runs include each process's start-up (interpreter, libraries, loading the weights),
which is much of a short item's cost for the reference, so each command also separates all the
mixtures joined into one file: the speed ratio is taken on that long run. A run on a 1-second
clip shows the fixed cost (start-up plus one 512-frame segment). Peak RSS is the largest of all
the runs.

Exit status 1 when parity is below 40 dB on any item, or when ours (default) scores below the
reference's vocals or accompaniment SDR on any item (each failure is printed); 2 on bad use or
a separator that fails or writes something other than 44.1 kHz stereo of the input's length.
`--json PATH` also writes every number.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import soundfile as sf

RATE = 44_100
PARITY_TARGET_DB = 40.0
STEMS = ("vocals", "accompaniment")


@dataclass
class Variant:
    key: str  # directory name and JSON key
    label: str  # column heading
    ours: bool
    flags: list[str]


VARIANTS = [
    Variant("reference", "reference", False, []),
    Variant("ours-reference", "ours --reference", True, ["--reference"]),
    Variant("ours-default", "ours (default)", True, []),
    Variant("ours-no-wiener", "ours --no-wiener", True, ["--no-wiener"]),
]


@dataclass
class Usage:
    wall: float
    cpu: float
    rss_kib: int


@dataclass
class Timing:
    runs: list[Usage] = field(default_factory=list)
    clip: Usage | None = None  # the 1-second clip
    long: Usage | None = None  # all the mixtures joined


class Failure(Exception):
    """A separator failed or wrote unusable output: the bench cannot continue."""


def run_timed(cmd: list[str], log: Path) -> Usage:
    """Run `cmd` under /usr/bin/time -v; its output goes to `log`."""
    stats = log.with_suffix(".time")
    with open(log, "wb") as out:
        proc = subprocess.run(
            ["/usr/bin/time", "-v", "-o", str(stats), *cmd], stdout=out, stderr=subprocess.STDOUT
        )
    if proc.returncode != 0:
        tail = log.read_text(errors="replace").strip().splitlines()[-15:]
        raise Failure(f"exit status {proc.returncode}: {shlex.join(cmd)}\n  " + "\n  ".join(tail))
    text = stats.read_text()

    def field_(name: str) -> str:
        m = re.search(rf"^\s*{re.escape(name)}: (.+)$", text, re.MULTILINE)
        if not m:
            raise Failure(f"/usr/bin/time printed no '{name}' for {shlex.join(cmd)}")
        return m.group(1).strip()

    wall = 0.0
    for part in field_("Elapsed (wall clock) time (h:mm:ss or m:ss)").split(":"):
        wall = wall * 60 + float(part)
    cpu = float(field_("User time (seconds)")) + float(field_("System time (seconds)"))
    return Usage(wall, cpu, int(field_("Maximum resident set size (kbytes)")))


def read_stereo(path: Path, frames: int, what: str) -> np.ndarray:
    """Read a WAV as (frames, 2) float64, insisting on 44.1 kHz stereo of the expected length."""
    try:
        x, rate = sf.read(str(path), dtype="float64", always_2d=True)
    except Exception as e:  # soundfile raises its own error types
        raise Failure(f"{what}: cannot read {path}: {e}") from e
    if rate != RATE or x.shape[1] != 2 or x.shape[0] != frames:
        raise Failure(
            f"{what}: {path} is {rate} Hz, {x.shape[1]} channels, {x.shape[0]} frames; expected {RATE} Hz stereo, {frames} frames"
        )
    return x


def plain_sdr(reference: np.ndarray, estimate: np.ndarray) -> float:
    noise = np.sum((estimate - reference) ** 2)
    signal = np.sum(reference**2)
    return float("inf") if noise == 0 else float(10 * np.log10(signal / noise))


def bss_medians(truth: np.ndarray, estimates: np.ndarray) -> list[float]:
    """Per source, the median over 1 s frames of the BSSEval v4 SDR (silent frames skipped)."""
    import museval  # slow to import; only needed here

    sdr, _isr, _sir, _sar = museval.evaluate(truth, estimates, win=RATE, hop=RATE)
    return [float(np.nanmedian(s)) for s in sdr]


def fmt(x: float, width: int = 7, digits: int = 2) -> str:
    return f"{x:{width}.{digits}f}" if np.isfinite(x) else f"{'inf' if x > 0 else 'nan':>{width}}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--evalset", type=Path, required=True, help="the directory make_evalset.py wrote")
    parser.add_argument("--out", type=Path, required=True, help="where the separations and logs go")
    parser.add_argument("--ours", required=True, help="command prefix of our separator")
    parser.add_argument("--reference", required=True, help="command prefix of the PyTorch reference")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write every number here")
    args = parser.parse_args()

    items = sorted(p for p in args.evalset.iterdir() if (p / "mixture.wav").is_file())
    if not items:
        print(f"no items (*/mixture.wav) in {args.evalset}; run make_evalset.py first", file=sys.stderr)
        return 2
    prefixes = {False: shlex.split(args.reference), True: shlex.split(args.ours)}
    args.out.mkdir(parents=True, exist_ok=True)

    def command(v: Variant, mixture: Path, dest: Path) -> list[str]:
        return [
            *prefixes[v.ours],
            str(mixture),
            "--vocals",
            str(dest / "vocals.wav"),
            "--accompaniment",
            str(dest / "accompaniment.wav"),
            "--threads",
            str(args.threads),
            *v.flags,
        ]

    timings = {v.key: Timing() for v in VARIANTS}
    sdr: dict[str, dict[str, list[float]]] = {"mixture": {}, **{v.key: {} for v in VARIANTS}}
    parity: dict[str, list[float]] = {}
    seconds: dict[str, float] = {}
    try:
        # Fixed cost: each command on the first second of the first mixture; throughput: each
        # command on all the mixtures joined into one file.
        speed_dir = args.out / "speed"
        speed_dir.mkdir(exist_ok=True)
        joined = np.concatenate(
            [sf.read(str(i / "mixture.wav"), dtype="int16", always_2d=True)[0] for i in items]
        )
        sf.write(str(speed_dir / "clip.wav"), joined[:RATE], RATE, subtype="PCM_16")
        sf.write(str(speed_dir / "joined.wav"), joined, RATE, subtype="PCM_16")
        joined_seconds = len(joined) / RATE
        for v in VARIANTS:
            t = timings[v.key]
            for kind in ("clip", "joined"):
                dest = speed_dir / v.key / kind
                dest.mkdir(parents=True, exist_ok=True)
                usage = run_timed(command(v, speed_dir / f"{kind}.wav", dest), dest / "log.txt")
                if kind == "clip":
                    t.clip = usage
                else:
                    t.long = usage
            print(
                f"{v.label:<17} {joined_seconds:.1f} s joined: {t.long.cpu:6.1f} s CPU; 1 s clip: {t.clip.cpu:5.1f} s CPU",
                flush=True,
            )

        for item in items:
            name = item.name
            frames = sf.info(str(item / "mixture.wav")).frames
            mixture = read_stereo(item / "mixture.wav", frames, name)
            seconds[name] = frames / RATE
            truth = np.stack([read_stereo(item / f"{s}.wav", frames, name) for s in STEMS])
            print(f"{name}: {seconds[name]:.1f} s", flush=True)
            outputs = {}
            for v in VARIANTS:
                dest = args.out / v.key / name
                dest.mkdir(parents=True, exist_ok=True)
                usage = run_timed(command(v, item / "mixture.wav", dest), dest / "log.txt")
                timings[v.key].runs.append(usage)
                outputs[v.key] = np.stack(
                    [read_stereo(dest / f"{s}.wav", frames, f"{v.label} on {name}") for s in STEMS]
                )
                print(f"  {v.label:<17} {usage.wall:6.1f} s wall {usage.cpu:6.1f} s CPU", flush=True)
            sdr["mixture"][name] = bss_medians(truth, np.stack([mixture, mixture]))
            for v in VARIANTS:
                sdr[v.key][name] = bss_medians(truth, outputs[v.key])
            parity[name] = [
                plain_sdr(outputs["reference"][i], outputs["ours-reference"][i]) for i in range(2)
            ]
    except Failure as e:
        print(f"bench failed: {e}", file=sys.stderr)
        return 2

    names = [p.name for p in items]
    columns = [("mixture", "mixture")] + [(v.key, v.label) for v in VARIANTS]
    width = max(len(n) for n in names + ["median of medians"]) + 2

    print()
    print(
        f"AutoMix quality: BSSEval v4 SDR (dB), median over 1 s frames; {len(names)} items, {sum(seconds.values()):.0f} s"
    )
    print(" " * width + "".join(f"{label:^18}" for _, label in columns))
    print(" " * width + "".join(f"{'vocals':>9}{'accomp':>9}" for _ in columns))
    for n in names:
        print(f"{n:<{width}}" + "".join(f"{fmt(sdr[k][n][0], 9)}{fmt(sdr[k][n][1], 9)}" for k, _ in columns))
    summary = {}
    for title, agg in (("median of medians", np.median), ("mean of medians", np.mean)):
        row = {k: [float(agg([sdr[k][n][i] for n in names])) for i in range(2)] for k, _ in columns}
        summary[title] = row
        print(f"{title:<{width}}" + "".join(f"{fmt(row[k][0], 9)}{fmt(row[k][1], 9)}" for k, _ in columns))

    print()
    print(
        f"Parity: ours --reference against the reference's output, SDR (dB), target > {PARITY_TARGET_DB:.0f}"
    )
    for n in names:
        print(f"  {n:<{width}} vocals {fmt(parity[n][0])}  accompaniment {fmt(parity[n][1])}")
    parity_min = min(min(p) for p in parity.values())
    print(f"  {'minimum':<{width}} {fmt(parity_min)}")

    total_audio = sum(seconds.values())
    print()
    print(f"Speed: --threads {args.threads}; CPU = user + system; x RT = seconds of audio per CPU second")
    print(
        f"  {'':<18}{'items: CPU s':>13}{'x RT':>8}{'joined: wall s':>16}{'CPU s':>8}{'x RT':>8}{'1 s clip CPU s':>16}{'peak RSS MB':>13}"
    )
    speed = {}
    for v in VARIANTS:
        t = timings[v.key]
        assert t.clip is not None and t.long is not None
        cpu = sum(u.cpu for u in t.runs)
        rss = max(u.rss_kib for u in [*t.runs, t.clip, t.long]) / 1024
        row = {
            "items_cpu_s": cpu,
            "items_x_realtime": total_audio / cpu,
            "joined_seconds": joined_seconds,
            "joined_wall_s": t.long.wall,
            "joined_cpu_s": t.long.cpu,
            "joined_x_realtime": joined_seconds / t.long.cpu,
            "clip_cpu_s": t.clip.cpu,
            "peak_rss_mb": rss,
        }
        speed[v.key] = row
        print(
            f"  {v.label:<18}{cpu:13.1f}{row['items_x_realtime']:7.1f}x{t.long.wall:16.1f}{t.long.cpu:8.1f}"
            f"{row['joined_x_realtime']:7.1f}x{t.clip.cpu:16.2f}{rss:13.0f}"
        )
    for key in ("ours-reference", "ours-default"):
        label = next(v.label for v in VARIANTS if v.key == key)
        print(
            f"  speed ratio {label} / reference (higher = ours faster): "
            f"{speed[key]['joined_x_realtime'] / speed['reference']['joined_x_realtime']:.2f} on the joined file, "
            f"{speed[key]['items_x_realtime'] / speed['reference']['items_x_realtime']:.2f} per item"
        )

    print()
    print("Wiener refinement: ours (default) minus ours --no-wiener, SDR (dB)")
    gains = {}
    for i, stem in enumerate(STEMS):
        g = [sdr["ours-default"][n][i] - sdr["ours-no-wiener"][n][i] for n in names]
        gains[stem] = g
        better = sum(x > 0 for x in g)
        print(
            f"  {stem:<14} "
            + " ".join(f"{x:+.2f}" for x in g)
            + f"   mean {np.mean(g):+.2f}, higher on {better} of {len(g)}"
        )

    failures = []
    for n in names:
        if min(parity[n]) <= PARITY_TARGET_DB:
            failures.append(f"{n}: parity {min(parity[n]):.1f} dB is not above {PARITY_TARGET_DB:.0f} dB")
        for i, stem in enumerate(STEMS):
            ours, ref = sdr["ours-default"][n][i], sdr["reference"][n][i]
            if ours < ref:
                failures.append(
                    f"{n}: ours (default) {stem} SDR {ours:.2f} dB is below the reference's {ref:.2f} dB"
                )

    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "items": {
                        n: {
                            "seconds": seconds[n],
                            "sdr": {k: sdr[k][n] for k, _ in columns},
                            "parity_db": parity[n],
                        }
                        for n in names
                    },
                    "summary": summary,
                    "parity_min_db": parity_min,
                    "speed": speed,
                    "wiener_gain_db": gains,
                    "threads": args.threads,
                    "failures": failures,
                },
                indent=2,
            )
        )

    print()
    if failures:
        print("FAIL")
        for f in failures:
            print(f"  {f}")
        return 1
    print("PASS: parity above 40 dB and ours (default) at least the reference's SDR on every item")
    return 0


if __name__ == "__main__":
    sys.exit(main())
