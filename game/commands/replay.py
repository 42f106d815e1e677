"""`python -m game replay SAVE [--verify]`: load a save by replaying its log.

Exit 0 with a one-line summary; a bad save exits 2 with a one-line reason on stderr.
Without ``--verify`` the summary says that the snapshot was not compared.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from game.commands.common import load_db


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
