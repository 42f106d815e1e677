"""`python -m game cards --set ID [--json]`: the cards of a set."""

from __future__ import annotations

import argparse
import sys

from game.commands.common import load_db, print_json


def register(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("cards", help="list the cards of a set")
    c.add_argument("--set", default="frontiers")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    db = load_db()
    if args.set not in db.sets:
        print(f"unknown set {args.set!r} (known: {', '.join(sorted(db.sets))})", file=sys.stderr)
        return 2
    cset = db.sets[args.set]
    rows = []
    for card in db.set_cards(args.set):
        rows.append((card, card.copies))
    # A box's shared starters and Explorers are listed with it; the campaign's sets list
    # only their own cards (its 60-card trade deck, the 24 post-campaign cards, the two
    # personal decks' specials).
    for cid, copies in (("explorer", cset.explorers), ("scout", cset.scouts),
                        ("viper", cset.vipers)):
        if copies and cset.listed:
            rows.append((db[cid], copies))
    if args.json:
        out = [{
            "id": c.id, "name_en": c.name_en, "name_ru": c.name_ru, "factions": list(c.factions),
            "kind": c.kind, "cost": c.cost, "defense": c.defense, "copies": copies,
        } for c, copies in rows]
        print_json(out, indent=1)
    else:
        for c, copies in rows:
            factions = "/".join(c.factions) or "-"
            defense = f" def {c.defense}" if c.is_base else ""
            print(f"{copies:>2} × {c.name_en:<24} {c.name_ru:<32} {factions:<17} "
                  f"{c.kind:<9} cost {c.cost}{defense}")
    return 0
