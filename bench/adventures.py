"""Adventure balance: player win rate per adventure × difficulty × number of players.

    python bench/adventures.py [--level hard] [--games 40] [--players 1,2] [--workers 2]

Prints one JSON line (every cell with its 95% interval) and, with --markdown, the table
for docs/adventures.md.  Seeds are fixed, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.star_realms.data import load_rules
from game.star_realms.engine.adventure import DIFFICULTIES
from game.star_realms.sim import simulate
from game.stats import wilson_interval


def cell(args: tuple[str, str, int, str, int, int]) -> dict:
    aid, difficulty, players, level, games, seed = args
    db = load_rules()
    r = simulate(db, ["frontiers"], [level] * players, games, seed, fmt=aid,
                 difficulty=difficulty, max_turns=400)
    finished = r.games - r.errors
    boss = r.wins[-1]
    won = finished - boss - r.draws
    return {"adventure": aid, "difficulty": difficulty, "players": players, "games": finished,
            "player_wins": won, "errors": r.errors,
            "win_rate": round(won / finished, 3) if finished else 0.0,
            "ci": wilson_interval(won, finished),
            "mean_turns": round(sum(r.turns) / len(r.turns), 1) if r.turns else 0}


def markdown(cells: list[dict], players: list[int], level: str, games: int) -> str:
    lines = []
    for p in players:
        lines.append(f"\n**{p} player{'s' if p > 1 else ''}** — {level} AI, {games} games a "
                     "cell, player win rate (95% interval)\n")
        lines.append("| adventure | " + " | ".join(DIFFICULTIES) + " |")
        lines.append("|---|" + "---|" * len(DIFFICULTIES))
        for aid in dict.fromkeys(c["adventure"] for c in cells):
            row = []
            for d in DIFFICULTIES:
                c = next((c for c in cells if c["adventure"] == aid and c["difficulty"] == d
                          and c["players"] == p), None)
                row.append("—" if c is None else
                           f"{c['win_rate']:.0%} ({c['ci'][0]:.0%}–{c['ci'][1]:.0%})")
            lines.append(f"| {aid} | " + " | ".join(row) + " |")
    return "\n".join(lines)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--level", default="hard")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", default="1,2")
    p.add_argument("--adventures", default="")
    p.add_argument("--difficulties", default=",".join(DIFFICULTIES))
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--markdown", action="store_true")
    args = p.parse_args()
    db = load_rules()
    players = [int(x) for x in args.players.split(",")]
    adventures = [a for a in (args.adventures.split(",") if args.adventures else db.adventures)]
    jobs = []
    for aid in adventures:
        adv = db.adventures[aid]
        for n in players:
            if adv.min_players <= n <= adv.max_players:
                for d in args.difficulties.split(","):
                    jobs.append((aid, d, n, args.level, args.games, args.seed))
    t0 = time.perf_counter()
    with mp.Pool(args.workers) as pool:
        cells = pool.map(cell, jobs)
    out = {"bench": "adventures", "level": args.level, "games_per_cell": args.games,
           "seconds": round(time.perf_counter() - t0, 1), "cells": cells}
    print(json.dumps(out))
    if args.markdown:
        print(markdown(cells, players, args.level, args.games))


if __name__ == "__main__":
    main()
