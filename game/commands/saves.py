"""`python -m game saves [--json]`: the saves folder and what Load lists from it.

Prints the folder first, then one line per save of every game, newest first: its game,
kind, format, turn (a round or chapter for Arcs and Forbidden Stars), seats, and the
reason when it cannot be loaded.  Useful to find a player's saves after
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
    from game.arcs.saves import list_saves as arcs_saves
    from game.commands.common import load_db, print_json
    from game.forbidden_stars.saves import list_saves as fs_saves
    from game.saves_folder import saves_dir
    from game.star_realms.saves import list_saves

    folder = saves_dir()
    listed = [("star_realms", i) for i in list_saves(folder, load_db())]
    listed += [("arcs", i) for i in arcs_saves(folder)]
    listed += [("forbidden_stars", i) for i in fs_saves(folder)]
    listed.sort(key=lambda gi: (gi[1].saved_at, gi[1].path.name), reverse=True)
    rows = [{"file": i.path.name, "game": game, "kind": i.kind, "saved_at": i.saved_at,
             "format": i.summary.get("format", game),
             "turn": i.summary.get("turn", i.summary.get("round",
                                                           i.summary.get("chapter", 0))),
             "over": i.summary.get("over", False),
             "seats": [s.get("name", "?") if isinstance(s, dict) else str(s)
                       for s in i.summary.get("seats", [])], "error": i.error}
            for game, i in listed]
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
