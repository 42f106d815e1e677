"""Forbidden Stars soak and bot benchmark: seeded random-legal games and bot games per
player count.

For each player count (2, 3, 4) plays ``--random`` games of random players (uniform over
the legal actions) and ``--bots`` games of the bot line-up (``--lineup``: the first
level at seat 0, the second at every other seat; the setup draws the first player and
the factions from each game's seed), each through
:func:`game.forbidden_stars.sim.simulate`, which checks every choice is legal and reports
every crash with its seed and traceback on stderr.  Prints a line per count and kind to
stderr and one JSON line: games, errors (and their seeds), games/s (measured), mean
rounds and actions, games ended by objectives, wins per seat and per faction with 95%
Wilson intervals per seat.  Exits 1 on any error.  The issue's run is ``--random 500
--bots 100``.

    python bench/forbidden_stars.py [--random 500] [--bots 100] [--players 2,3,4]
                                    [--seed 1] [--lineup normal,greedy]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.sim import simulate


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=500, help="random-legal games per count")
    ap.add_argument("--bots", type=int, default=100, help="bot games per count")
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lineup", default="normal,greedy",
                    help="LEAD,REST: seat 0's level and the other seats'")
    args = ap.parse_args(argv)
    lead, rest = args.lineup.split(",")
    for level in (lead, rest):
        make_player(level, 0)  # an unknown level fails here, before any game
    rules = load_fs_rules()
    out: dict = {"seed": args.seed, "lineup": args.lineup, "results": []}
    errors = 0
    for n in (int(x) for x in args.players.split(",")):
        for kind, games, seats in (("random", args.random, ["random"] * n),
                                   ("bots", args.bots, [lead] + [rest] * (n - 1))):
            if games < 1:
                continue
            report = simulate(rules, n, games, args.seed, seats=seats)
            errors += report.errors
            row = report.to_json(players=n, kind=kind, seats=seats)
            row["seconds"] = round(report.seconds, 1)
            out["results"].append(row)
            print(f"{n}p {kind}: {report.games} games, {report.errors} errors "
                  f"{report.error_seeds}, {row['games_per_second']} games/s, rounds "
                  f"{row['mean_rounds']}, objective wins {report.objective_wins}, wins "
                  f"{report.wins}, by faction {row['faction_wins']}",
                  file=sys.stderr, flush=True)
    out["errors"] = errors
    print(json.dumps(out))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
