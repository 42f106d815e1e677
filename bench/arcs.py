"""Arcs soak and bot benchmark: seeded random-legal games and bot games per player count.

For each player count (2, 3, 4) plays ``--random`` games of random players (uniform over
the legal actions) and ``--bots`` games of the bot line-up (``--lineup``: the first
level in seat list position 1, the second in every other position; the initiative
rotates over the list), each through :func:`game.arcs.sim.simulate`, which checks every
choice is legal and reports every crash with its seed and traceback on stderr.  Prints
one JSON line: per count and kind the games, errors (and their seeds), games/s
(measured), mean chapters and actions, wins per listed seat with 95% Wilson intervals.
Exits 1 on any error.  The issue's full run is ``--random 1000 --bots 200`` (several
minutes: the normal bot plays about 2–4 games/s).

    python bench/arcs.py [--random 1000] [--bots 200] [--players 2,3,4] [--seed 1]
                         [--lineup normal,greedy] [--leaders]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.arcs.data import load_arcs_rules
from game.arcs.sim import simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=1000, help="random-legal games per count")
    ap.add_argument("--bots", type=int, default=200, help="bot games per count")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lineup", default="normal,greedy",
                    help="LEAD,REST: the first listed seat's level and the others'")
    ap.add_argument("--leaders", action="store_true",
                    help="Leaders & Lore games (RU p.21): the draft, leaders and lore")
    args = ap.parse_args(argv)
    lead, rest = args.lineup.split(",")
    rules = load_arcs_rules()
    out: dict = {"seed": args.seed, "lineup": args.lineup, "leaders": args.leaders,
                 "results": []}
    errors = 0
    for n in (int(x) for x in args.players.split(",")):
        for kind, games, seats in (("random", args.random, ["random"] * n),
                                   ("bots", args.bots, [lead] + [rest] * (n - 1))):
            if games < 1:
                continue
            report = simulate(rules, n, seats, games, args.seed, leaders=args.leaders)
            errors += report.errors
            row = report.to_json(players=n, kind=kind, seats=seats)
            row["seconds"] = round(report.seconds, 1)
            out["results"].append(row)
            print(f"{n}p {kind}: {report.games} games, {report.errors} errors, "
                  f"{row['games_per_second']} games/s, chapters {row['mean_chapters']}, "
                  f"wins {report.wins}", file=sys.stderr, flush=True)
    out["errors"] = errors
    print(json.dumps(out))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
