"""Long seeded soak: many whole games with every invariant checked after every action.

Mixes random-vs-random, greedy-vs-greedy and greedy-vs-random over Frontiers, Colony
Wars and both, in every format the engine supports, across worker processes.  Prints
one JSON line; any crash or broken invariant is counted with its seed.

    python bench/soak.py [--games 100000] [--workers 2] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import GreedyBot, RandomBot
from game.data import load_rules
from game.engine import FORMATS, GameConfig, SeatConfig, new_game
from game.sim import game_seeds, play

SETS = (("frontiers",), ("colony_wars",), ("frontiers", "colony_wars"))
PAIRS = (("random", "random"), ("greedy", "greedy"), ("greedy", "random"))


def job(args: tuple[int, int, int]) -> dict:
    start, count, seed = args
    db = load_rules()
    out = {"games": 0, "errors": 0, "draws": 0, "actions": 0, "error_seeds": []}
    formats = sorted(f for f in FORMATS if FORMATS[f].min_seats <= 2 <= FORMATS[f].max_seats)
    for i, s in enumerate(game_seeds(seed + start, count)):
        k = start + i
        bots = PAIRS[k % len(PAIRS)]
        config = GameConfig(sets=SETS[(k // 3) % len(SETS)], format=formats[k % len(formats)],
                            seats=(SeatConfig("A"), SeatConfig("B")), seed=s, first=k % 2)
        players = [GreedyBot(s + j) if b == "greedy" else RandomBot(s + j)
                   for j, b in enumerate(bots)]
        out["games"] += 1
        try:
            state = play(new_game(db, config), players, max_turns=1000, check=True)
        except Exception:
            out["errors"] += 1
            out["error_seeds"].append(s)
            traceback.print_exc()
            continue
        out["actions"] += state.log_len
        out["draws"] += state.winners is None
    return out


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=100_000)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--chunk", type=int, default=500)
    args = p.parse_args()
    chunks = [(i, min(args.chunk, args.games - i), args.seed)
              for i in range(0, args.games, args.chunk)]
    t0 = time.perf_counter()
    total = {"games": 0, "errors": 0, "draws": 0, "actions": 0, "error_seeds": []}
    with mp.Pool(args.workers) as pool:
        for res in pool.imap_unordered(job, chunks):
            for key in ("games", "errors", "draws", "actions"):
                total[key] += res[key]
            total["error_seeds"] += res["error_seeds"]
    seconds = time.perf_counter() - t0
    print(json.dumps({"bench": "soak", **total, "error_seeds": total["error_seeds"][:20],
                      "workers": args.workers, "seconds": round(seconds, 1),
                      "games_per_second": round(total["games"] / seconds, 1),
                      "formats": sorted(FORMATS)}))


if __name__ == "__main__":
    main()
