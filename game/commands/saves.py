"""`python -m game saves [--json]`: the saves folder and what Load lists from it.

Prints the folder first, then one line per save, newest first: its kind, format, turn,
seats, and the reason when it cannot be loaded.  Useful to find a player's saves after
an update, and to check from a script that a save survived one (bench/frozen_update.py).
"""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("saves", help="show the saves folder and the saves Load lists")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.commands.common import load_db, print_json
    from game.saves_folder import saves_dir
    from game.star_realms.saves import list_saves

    folder = saves_dir()
    infos = list_saves(folder, load_db())
    rows = [{"file": i.path.name, "kind": i.kind, "saved_at": i.saved_at,
             "format": i.summary.get("format", "?"), "turn": i.summary.get("turn", 0),
             "over": i.summary.get("over", False),
             "seats": [s["name"] for s in i.summary.get("seats", [])], "error": i.error}
            for i in infos]
    if args.json:
        print_json({"folder": str(folder), "saves": rows})
        return 0
    print(f"saves folder: {folder}")
    for r in rows:
        state = f"cannot load: {r['error']}" if r["error"] else (
            f"{r['format']}, turn {r['turn']}{', over' if r['over'] else ''}, "
            f"{' / '.join(r['seats'])}")
        print(f"  {r['file']}  [{r['kind']}]  {state}")
    if not rows:
        print("  (no saves)")
    return 0
