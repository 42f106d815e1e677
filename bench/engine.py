"""Engine speed: whole bot games per CPU-second, this checkout against a git revision.

    python bench/engine.py --against 85117bb [--games 200] [--repeats 3]
                           [--bots greedy,normal] [--sets colony_wars frontiers,colony_wars]
    python bench/engine.py --game arcs|forbidden_stars --against bebf410 [--games N]
                           [--repeats 3] [--bots random,normal] [--memory]

Each measurement is one child process started in a revision's folder (this checkout, or
``git archive REV`` unpacked in a temporary folder), which calls that revision's own
``python -m game simulate --seats BOT,BOT --sets SETS --games N --json`` in-process: once
to warm up (imports, card data), then timed with ``time.process_time``.  So both sides
run their own engine, bots and player views exactly as ``simulate`` does, and only CPU
time of the games is counted.  Runs alternate between the two revisions, ``--repeats``
times, and the medians are printed side by side with their ratio (this / other).
Without ``--against`` only this checkout is measured.  ``--profile`` adds where this
checkout's time goes, by module.

``--game arcs`` (2 players) and ``--game forbidden_stars`` (4 players) measure the same
way, one case per bot level (``random``: random-legal games; ``normal``): each child
calls its revision's own ``game.<game>.sim.simulate`` with seeded players (the function
both this checkout and bebf410 have), once to warm up, then timed.  ``--games`` is per
level there (default: 100 random and 12 normal Arcs games, 24 random and 6 normal Forbidden
Stars games).  ``--memory`` adds a case: the peak memory (``tracemalloc``, and the
child's ``ru_maxrss``) of one seeded normal-bot game on each side.  One JSON line per
case on stdout, with ``ratio`` (this / other; for memory, peak this / peak other).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside a revision's folder: that revision's CLI, timed on CPU.
WORKER = r"""
import contextlib, io, json, sys, time
sys.path.insert(0, ".")
from game.cli import main
bot, sets, games, seed = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
argv = ["simulate", "--sets", sets, "--seats", f"{bot},{bot}", "--seed", str(seed), "--json"]
with contextlib.redirect_stdout(io.StringIO()):
    main([*argv, "--games", "2"])  # warm-up: imports and card data
out = io.StringIO()
start = time.process_time()
with contextlib.redirect_stdout(out):
    code = main([*argv, "--games", str(games)])
cpu = time.process_time() - start
result = json.loads(out.getvalue().strip().splitlines()[-1])
print(json.dumps({"code": code, "cpu_s": cpu, "games": result["games"],
                  "errors": result["errors"]}))
"""

# Runs inside a revision's folder: that revision's Arcs or Forbidden Stars simulate.
BOARD_WORKER = r"""
import json, resource, sys, time, tracemalloc
sys.path.insert(0, ".")
game, bot, players, games, seed, mode = sys.argv[1:7]
players, games, seed = int(players), int(games), int(seed)
if game == "arcs":
    from game.arcs.data import load_arcs_rules as load
    from game.arcs.sim import simulate
    def run(n, s):
        return simulate(load(), players, [bot] * players, n, s)
else:
    from game.forbidden_stars.data import load_fs_rules as load
    from game.forbidden_stars.sim import simulate
    def run(n, s):
        return simulate(load(), players, n, s, seats=[bot] * players)
run(1, seed + 1000)  # warm-up: imports, rules data, the bots' tables
if mode == "memory":
    tracemalloc.start()
    report = run(games, seed)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"peak_kb": peak // 1024, "maxrss_kb": rss, "errors": report.errors}))
else:
    start = time.process_time()
    report = run(games, seed)
    cpu = time.process_time() - start
    print(json.dumps({"cpu_s": cpu, "games": report.games, "errors": report.errors}))
"""

BOARD_PLAYERS = {"arcs": 2, "forbidden_stars": 4}
BOARD_GAMES = {("arcs", "random"): 100, ("arcs", "normal"): 12,
               ("forbidden_stars", "random"): 24, ("forbidden_stars", "normal"): 6}

PROFILER = r"""
import cProfile, json, pstats, sys
from pathlib import Path
sys.path.insert(0, ".")
from game.cli import main
import contextlib, io
main(["simulate", "--games", "2", "--json"])
pr = cProfile.Profile()
with contextlib.redirect_stdout(io.StringIO()):
    pr.enable()
    main(["simulate", "--sets", sys.argv[2], "--seats", f"{sys.argv[1]},{sys.argv[1]}",
          "--games", sys.argv[3], "--seed", "99", "--json"])
    pr.disable()
by, total = {}, 0.0
for (filename, _, _), (_, _, tottime, _, _) in pstats.Stats(pr).stats.items():
    name = Path(filename).stem if "/game/" in filename else "python/stdlib"
    by[name] = by.get(name, 0.0) + tottime
    total += tottime
top = sorted(by.items(), key=lambda kv: -kv[1])[:10]
print(json.dumps([{"module": k, "share": round(v / total, 3)} for k, v in top]))
"""


def export(rev: str, into: Path) -> Path:
    """The revision's files (``git archive``), unpacked under ``into``."""
    folder = into / rev
    folder.mkdir(parents=True)
    archive = into / f"{rev}.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive),
                    rev], check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(folder, filter="data")
    return folder


def measure(folder: Path, bot: str, sets: str, games: int, seed: int) -> dict:
    done = subprocess.run([sys.executable, "-c", WORKER, bot, sets, str(games), str(seed)],
                          cwd=folder, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{folder}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def board_child(folder: Path, game: str, bot: str, games: int, seed: int,
                mode: str = "time") -> dict:
    done = subprocess.run([sys.executable, "-c", BOARD_WORKER, game, bot,
                           str(BOARD_PLAYERS[game]), str(games), str(seed), mode],
                          cwd=folder, capture_output=True, text=True, timeout=3600)
    if done.returncode != 0:
        raise SystemExit(f"{folder}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def board_game(args: argparse.Namespace, sides: dict[str, Path]) -> list[dict]:
    """Arcs or Forbidden Stars: games per CPU-second per bot level, and peak memory."""
    cells = []
    bots = args.bots.split(",") if args.bots else ["random", "normal"]
    for bot in bots:
        games = args.games or BOARD_GAMES.get((args.game, bot), 4)
        runs: dict[str, list[float]] = {side: [] for side in sides}
        errors = 0
        for r in range(args.repeats):
            order = list(sides.items())
            if r % 2:  # alternate who goes first: a load spike hits both sides
                order.reverse()
            for side, folder in order:
                m = board_child(folder, args.game, bot, games, 1 + r)
                runs[side].append(m["games"] / m["cpu_s"])
                errors += m["errors"]
        cell: dict = {"game": args.game, "bot": bot, "players": BOARD_PLAYERS[args.game],
                      "games": games, "repeats": args.repeats, "errors": errors,
                      **{f"{side}_games_per_cpu_s": round(statistics.median(v), 2)
                         for side, v in runs.items()}}
        if "other" in runs:
            cell["ratio"] = round(statistics.median(runs["this"])
                                  / statistics.median(runs["other"]), 2)
        cells.append(cell)
        print(json.dumps(cell), flush=True)
    if args.memory:
        peaks = {side: board_child(folder, args.game, "normal", 1, 1, "memory")
                 for side, folder in sides.items()}
        cell = {"game": args.game, "case": "memory", "bot": "normal",
                "players": BOARD_PLAYERS[args.game],
                **{f"{side}_peak_kb": m["peak_kb"] for side, m in peaks.items()},
                **{f"{side}_maxrss_kb": m["maxrss_kb"] for side, m in peaks.items()}}
        if "other" in peaks:
            cell["ratio"] = round(peaks["this"]["peak_kb"] / peaks["other"]["peak_kb"], 2)
        cells.append(cell)
        print(json.dumps(cell), flush=True)
    return cells


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--game", choices=("star_realms", "arcs", "forbidden_stars"),
                   default="star_realms")
    p.add_argument("--against", help="a git revision to measure side by side")
    p.add_argument("--games", type=int, default=None,
                   help="games per measurement (Star Realms: 200)")
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--bots", default=None,
                   help="Star Realms: greedy,normal; Arcs/Forbidden Stars: random,normal")
    p.add_argument("--sets", nargs="+", default=["colony_wars", "frontiers,colony_wars"])
    p.add_argument("--profile", action="store_true")
    p.add_argument("--memory", action="store_true",
                   help="Arcs/Forbidden Stars: peak memory of a normal-bot game, both sides")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"this": ROOT}
        if args.against:
            sides["other"] = export(args.against, Path(tmp))
        if args.game != "star_realms":
            board_game(args, sides)
            return 0
        args.games = args.games or 200
        args.bots = args.bots or "greedy,normal"
        cells = []
        for bot in args.bots.split(","):
            for sets in args.sets:
                runs: dict[str, list[float]] = {side: [] for side in sides}
                errors = 0
                for r in range(args.repeats):
                    for side, folder in sides.items():  # alternate: noise hits both
                        m = measure(folder, bot, sets, args.games, 1 + r)
                        runs[side].append(m["games"] / m["cpu_s"])
                        errors += m["errors"]
                cell = {"bot": bot, "sets": sets, "games": args.games, "errors": errors,
                        **{f"{side}_games_per_cpu_s": round(statistics.median(v), 1)
                           for side, v in runs.items()}}
                if "other" in runs:
                    cell["ratio"] = round(statistics.median(runs["this"])
                                          / statistics.median(runs["other"]), 2)
                cells.append(cell)
                print(json.dumps(cell), file=sys.stderr, flush=True)
        result: dict = {"bench": "engine", "against": args.against,
                        "repeats": args.repeats, "cells": cells}
        if args.profile:
            done = subprocess.run([sys.executable, "-c", PROFILER, "greedy", "colony_wars",
                                   str(max(args.games // 2, 20))], cwd=ROOT,
                                  capture_output=True, text=True, check=True)
            result["time_by_module"] = json.loads(done.stdout.strip().splitlines()[-1])
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
