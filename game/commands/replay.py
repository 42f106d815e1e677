"""`python -m game replay SAVE [--verify]`: load a save by replaying its log.

Exit 0 with a one-line summary; a bad save exits 2 with a one-line reason on stderr.
Without ``--verify`` the summary says that the snapshot was not compared.  The save's
game is read from the file's magic (:func:`game.games.save_owner`): an Arcs save
replays through Arcs' engine, a Forbidden Stars save through Forbidden Stars', anything
else through Star Realms' (whose loader says what is wrong with it).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from game import games
from game.commands.common import load_db


def save_game_id(path: Path) -> str:
    """"arcs" or "forbidden_stars" for a file that says it is such a save, else
    "star_realms" (also when it cannot be read at all: Star Realms' loader then gives the
    reason, as it always did)."""
    owner = games.save_owner(path)
    return owner if owner in ("arcs", "forbidden_stars") else "star_realms"


def load_arcs(path: Path, verify: bool) -> Any:
    """An Arcs save (game.arcs.saves.Loaded), or exit 2 with the reason on stderr."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.arcs.data import ArcsRulesError, load_arcs_rules
    from game.arcs.saves import SaveError, load_game
    from game.games import print_data_errors

    try:
        rules = load_arcs_rules()
    except ArcsRulesError as exc:
        print_data_errors(list(exc.errors))
        raise SystemExit(2) from None
    try:
        return load_game(path, verify=verify, rules=rules)
    except SaveError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def load_fs(path: Path, verify: bool) -> Any:
    """A Forbidden Stars save (game.forbidden_stars.saves.Loaded), or exit 2 with the
    reason on stderr."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.forbidden_stars.data import FSRulesError, load_fs_rules
    from game.forbidden_stars.saves import SaveError, load_game
    from game.games import print_data_errors

    try:
        rules = load_fs_rules()
    except FSRulesError as exc:
        print_data_errors(list(exc.errors))
        raise SystemExit(2) from None
    try:
        return load_game(path, verify=verify, rules=rules)
    except SaveError as exc:
        print(f"{path}: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("replay", help="replay a save's action log (and check it)")
    p.add_argument("save")
    p.add_argument("--verify", action="store_true",
                   help="check the replayed game against the stored snapshot")
    # --fast once restored the snapshot without replaying; a snapshot cannot be checked
    # that strictly, so it is gone.  The flag is still accepted and replays as usual.
    p.add_argument("--fast", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    owner = save_game_id(Path(args.save))
    if owner == "arcs":
        return run_arcs(args)
    if owner == "forbidden_stars":
        return run_fs(args)
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.saves import SaveError, load_game, summary

    db = load_db()
    try:
        state = load_game(db, Path(args.save), verify=args.verify)
    except SaveError as exc:
        print(f"{args.save}: {exc}", file=sys.stderr)
        return 2
    info = summary(state)
    if args.json:
        print(json.dumps({**info, "actions": state.log_len, "verified": args.verify}))
    else:
        seats = ", ".join(f"{s['name']} {s['authority']}" for s in info["seats"])
        status = "over" if info["over"] else f"turn {info['turn']}"
        check = (", snapshot verified" if args.verify
                 else ", snapshot not compared (use --verify)")
        print(f"{args.save}: {info['format']}, {status}, {state.log_len} actions, "
              f"authority {seats}{check}")
    return 0


def run_arcs(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.arcs.saves import summary

    loaded = load_arcs(Path(args.save), args.verify)
    info = summary(loaded.state, loaded.seats)
    if args.json:
        print(json.dumps({"game": "arcs", **info, "verified": args.verify}))
        return 0
    seats = ", ".join(f"{s['name']} {s['power']}" for s in info["seats"])
    status = "over" if info["over"] else f"chapter {info['chapter']}"
    check = ", snapshot verified" if args.verify else ", snapshot not compared (use --verify)"
    print(f"{args.save}: arcs, {info['players']} players, {info['setup_card']}, {status}, "
          f"{info['actions']} actions, power {seats}{check}")
    return 0


def run_fs(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.forbidden_stars.saves import summary

    loaded = load_fs(Path(args.save), args.verify)
    info = summary(loaded.state, loaded.seats)
    if args.json:
        print(json.dumps({"game": "forbidden_stars", **info, "verified": args.verify}))
        return 0
    seats = ", ".join(f"{s['name']} ({s['faction']}) {s['objectives']}" for s in info["seats"])
    winners = ", ".join(info["seats"][w]["name"] for w in info["winners"])
    status = f"over, won by {winners or 'nobody'}" if info["over"] else f"round {info['round']}"
    check = ", snapshot verified" if args.verify else ", snapshot not compared (use --verify)"
    print(f"{args.save}: forbidden_stars, {info['players']} players, {status}, "
          f"{info['actions']} actions, objective tokens {seats}{check}")
    return 0
