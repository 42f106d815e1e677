"""`python -m game validate-rules [FOLDER]`: check every file in rules/ (or FOLDER)."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.commands.common import load_db


def register(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("validate-rules", help="check every file in rules/")
    v.add_argument("folder", nargs="?", default=None,
                   help="a rules folder to check instead of the game's own")
    v.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    folder = getattr(args, "folder", None)
    db = load_db(Path(folder) if folder else None)
    parts = []
    for cset in db.sets.values():
        trade = sum(c.copies for c in db.set_cards(cset.id))
        parts.append(f"{cset.id}: {len(cset.cards)} cards, {trade} trade + {cset.explorers} "
                     f"explorers + {cset.scouts} scouts + {cset.vipers} vipers")
    parts.append(f"{len(db.adventures)} adventures")
    if db.campaign is not None:
        c = db.campaign
        parts.append(f"campaign: {len(c.scenarios)} scenarios, {len(c.sheets)} sticker sheets "
                     f"({len(c.stickers)} stickers), {len(c.decks)} personal decks")
    print(f"rules OK — {len(db.cards)} card definitions; " + "; ".join(parts))
    return 0
