"""`python -m game simulate ...`: play games between computer players."""

from __future__ import annotations

import argparse
import json
import sys

from game.commands.common import load_db, split_list


def register(sub: argparse._SubParsersAction) -> None:
    s = sub.add_parser("simulate", help="play games between computer players")
    s.add_argument("--sets", default="frontiers")
    s.add_argument("--seats", default="greedy,greedy")
    s.add_argument("--format", default="duel")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--max-turns", type=int, default=1000,
                   help="a game still running after this many turns counts as a draw")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from game.ai.base import make_player
    from game.engine.formats import get_format
    from game.sim import simulate

    db = load_db()
    seats = split_list(args.seats)
    sets = split_list(args.sets)
    try:
        for kind in seats:
            make_player(kind)
        get_format(args.format)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    from game.engine.setup import SetupError, new_game
    from game.engine.state import GameConfig, SeatConfig

    try:  # a configuration that cannot make a game is a usage error, not a crash
        new_game(db, GameConfig(sets=tuple(sets), format=args.format,
                                seats=tuple(SeatConfig(k, k) for k in seats)))
    except SetupError as exc:
        print(exc, file=sys.stderr)
        return 2
    report = simulate(db, sets, seats, args.games, args.seed, args.format, args.max_turns)
    result = report.to_json(format=args.format, sets=sets, seats=seats, seed=args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>17}: {value}")
    return 1 if report.errors else 0
