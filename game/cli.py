"""Command line: ``python -m game [command]``.  Without a command the game opens."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from game import __version__


def _split(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def _load_db():
    from game.data import RulesError, load_rules

    try:
        return load_rules()
    except RulesError as exc:
        print("rules/ is invalid:", file=sys.stderr)
        for e in exc.errors:
            print(f"  {e}", file=sys.stderr)
        raise SystemExit(2) from None


def cmd_cards(args: argparse.Namespace) -> int:
    db = _load_db()
    if args.set not in db.sets:
        print(f"unknown set {args.set!r} (known: {', '.join(sorted(db.sets))})", file=sys.stderr)
        return 2
    cset = db.sets[args.set]
    rows = []
    for card in db.set_cards(args.set):
        rows.append((card, card.copies))
    for cid, copies in (("explorer", cset.explorers), ("scout", cset.scouts),
                        ("viper", cset.vipers)):
        if copies:
            rows.append((db[cid], copies))
    if args.json:
        out = [{
            "id": c.id, "name_en": c.name_en, "name_ru": c.name_ru, "factions": list(c.factions),
            "kind": c.kind, "cost": c.cost, "defense": c.defense, "copies": copies,
        } for c, copies in rows]
        json.dump(out, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        for c, copies in rows:
            factions = "/".join(c.factions) or "-"
            defense = f" def {c.defense}" if c.is_base else ""
            print(f"{copies:>2} × {c.name_en:<24} {c.name_ru:<32} {factions:<17} "
                  f"{c.kind:<9} cost {c.cost}{defense}")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    db = _load_db()
    parts = []
    for cset in db.sets.values():
        trade = sum(c.copies for c in db.set_cards(cset.id))
        parts.append(f"{cset.id}: {len(cset.cards)} cards, {trade} trade + {cset.explorers} "
                     f"explorers + {cset.scouts} scouts + {cset.vipers} vipers")
    print(f"rules OK — {len(db.cards)} card definitions; " + "; ".join(parts))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.ai.base import make_player
    from game.engine.formats import get_format
    from game.sim import simulate

    db = _load_db()
    seats = _split(args.seats)
    sets = _split(args.sets)
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


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game",
                                description="Star Realms Table — play offline.")
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="command")

    c = sub.add_parser("cards", help="list the cards of a set")
    c.add_argument("--set", default="frontiers")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_cards)

    v = sub.add_parser("validate-rules", help="check every file in rules/")
    v.set_defaults(func=cmd_validate)

    s = sub.add_parser("simulate", help="play games between computer players")
    s.add_argument("--sets", default="frontiers")
    s.add_argument("--seats", default="greedy,greedy")
    s.add_argument("--format", default="duel")
    s.add_argument("--games", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--max-turns", type=int, default=1000,
                   help="a game still running after this many turns counts as a draw")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_simulate)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args))
    except BrokenPipeError:  # e.g. `... | head`
        sys.stderr.close()
        return 0
