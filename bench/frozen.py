"""Size and start-up time of frozen one-folder builds, side by side.

    python bench/frozen.py dist/star-realms-table [--against OTHER_BUILD] [--runs 5]

For each build: its size on disk, and the median wall time of
``--version`` (the bootloader and the interpreter start) and of ``smoke --frames 10``
(the window, the menu, the setup screen and the first table frames).  Runs alternate
between the builds, which one goes first swapping every run, so a noisy machine affects
both alike; with --against the ratios (this build / the other) are printed too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def size_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def executable(folder: Path) -> Path:
    """The console executable (older builds had only the one named like the folder); a
    build copied to a folder of another name (e.g. /tmp/build_before) has one ``*-cli``."""
    for candidate in (folder / (folder.name + "-cli"), folder / folder.name,
                      *sorted(folder.glob("*-cli")), *sorted(folder.glob("*-cli.exe"))):
        if candidate.is_file():
            return candidate
    raise SystemExit(f"{folder}: no executable (expected {folder.name}-cli or *-cli)")


def timed(exe: Path, args: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([str(exe), *args], env=env, check=True, capture_output=True, timeout=300)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("build", type=Path)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    builds = {"this": args.build.resolve()}
    if args.against:
        builds["other"] = args.against.resolve()
    probes = {"version_s": ["--version"], "smoke_10_frames_s": ["smoke", "--frames", "10"]}
    times: dict[str, dict[str, list[float]]] = {b: {p: [] for p in probes} for b in builds}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   STAR_REALMS_SAVES_DIR=str(Path(tmp) / "saves"),
                   STAR_REALMS_CACHE_DIR=str(Path(tmp) / "cache"),
                   STAR_REALMS_CONFIG_DIR=str(Path(tmp) / "config"))
        for folder in builds.values():  # warm the file cache and the face cache once
            timed(executable(folder), probes["smoke_10_frames_s"], env)
        for run in range(args.runs):
            # which build goes first swaps every run: the first of a pair was measured
            # consistently slower on a loaded machine (a 1.2x bias with a fixed order)
            order = list(builds.items())[:: -1 if run % 2 else 1]
            for probe, argv in probes.items():
                for b, folder in order:
                    times[b][probe].append(timed(executable(folder), argv, env))
    out: dict[str, object] = {"runs": args.runs}
    for b, folder in builds.items():
        out[b] = {"build": str(folder), "size_mb": round(size_bytes(folder) / 1e6, 1),
                  **{p: round(statistics.median(t), 3) for p, t in times[b].items()}}
    if "other" in builds:
        this, other = out["this"], out["other"]  # type: ignore[assignment]
        out["ratio_this_over_other"] = {
            k: round(this[k] / other[k], 3) for k in ("size_mb", *probes)}  # type: ignore[index]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
