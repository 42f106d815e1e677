"""Size and start-up time of frozen one-folder builds, side by side.

    python bench/frozen.py dist/starfold [--against OTHER_BUILD] [--runs 5]

For each build: its size on disk, and the medians of the CPU time (user + system, of the
child process: what a busy machine does not inflate) and of the wall time of ``--version``
(the bootloader and the interpreter start) and of ``smoke --frames 10`` (the window, the
menu, the setup screen and the first table frames).  Runs alternate between the builds,
which one goes first swapping every run, so a noisy machine affects both alike; with
--against the ratios (this build / the other) are printed too.  Every user folder is a
scratch one (HOME, XDG and the override variables under both names).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(exe: Path, args: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of one run; the CPU time is that of the waited-for child
    and its own children (a onefile bootloader runs the game in a child)."""
    cpu, start = _children_cpu(), time.perf_counter()
    subprocess.run([str(exe), *args], env=env, check=True, capture_output=True, timeout=300)
    return _children_cpu() - cpu, time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("build", type=Path)
    parser.add_argument("--against", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    builds = {"this": args.build.resolve()}
    if args.against:
        builds["other"] = args.against.resolve()
    probes = {"version": ["--version"], "smoke_10_frames": ["smoke", "--frames", "10"]}
    measures = [f"{p}_{m}" for p in probes for m in ("cpu_s", "wall_s")]
    times: dict[str, dict[str, list[float]]] = {b: {m: [] for m in measures} for b in builds}
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   HOME=str(Path(tmp) / "home"))
        for kind in ("DATA", "CONFIG", "CACHE", "STATE"):
            env[f"XDG_{kind}_HOME"] = str(Path(tmp) / "xdg" / kind.lower())
        for kind in ("SAVES", "CACHE", "CONFIG", "LOG"):
            # both names: an --against build from before issue 40 reads only the old ones
            folder = str(Path(tmp) / kind.lower())
            env.update({f"STARFOLD_{kind}_DIR": folder, f"STAR_REALMS_{kind}_DIR": folder})
        for folder in builds.values():  # warm the file cache and the face cache once
            timed(executable(folder), probes["smoke_10_frames"], env)
        for run in range(args.runs):
            # which build goes first swaps every run: the first of a pair was measured
            # consistently slower on a loaded machine (a 1.2x bias with a fixed order)
            order = list(builds.items())[:: -1 if run % 2 else 1]
            for probe, argv in probes.items():
                for b, folder in order:
                    cpu, wall = timed(executable(folder), argv, env)
                    times[b][f"{probe}_cpu_s"].append(cpu)
                    times[b][f"{probe}_wall_s"].append(wall)
    out: dict[str, object] = {"runs": args.runs}
    for b, folder in builds.items():
        out[b] = {"build": str(folder), "size_mb": round(size_bytes(folder) / 1e6, 1),
                  **{p: round(statistics.median(t), 3) for p, t in times[b].items()}}
    if "other" in builds:
        this, other = out["this"], out["other"]  # type: ignore[assignment]
        out["ratio_this_over_other"] = {
            k: round(this[k] / other[k], 3) for k in ("size_mb", *measures)}  # type: ignore[index]
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
