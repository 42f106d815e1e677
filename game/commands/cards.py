"""`python -m game cards --set ID [--json]`: the cards of a set;
`python -m game cards --game arcs [--json]`: Arcs' cards (action, court, leaders, lore);
`python -m game cards --game forbidden_stars [--json]`: every Forbidden Stars component."""

from __future__ import annotations

import argparse
import sys

from game.commands.common import load_db, print_json


def register(sub: argparse._SubParsersAction) -> None:
    c = sub.add_parser("cards", help="list the cards of a set")
    c.add_argument("--set", default="frontiers")
    c.add_argument("--json", action="store_true")
    c.add_argument("--game", choices=("star_realms", "arcs", "forbidden_stars"),
                   default="star_realms",
                   help="whose cards (default star_realms; arcs lists every Arcs card, "
                        "forbidden_stars every Forbidden Stars component)")
    c.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if getattr(args, "game", "star_realms") == "arcs":
        return run_arcs(args)
    if getattr(args, "game", "star_realms") == "forbidden_stars":
        return run_forbidden_stars(args)
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


def arcs_rows() -> list[dict]:
    """Every Arcs card with its id, names, kind and key fields (abilities by kind)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.arcs.data import load_arcs_rules

    arcs = load_arcs_rules()
    rows: list[dict] = []
    for a in arcs.action_cards:
        rows.append({"id": a.id, "name_en": a.name_en, "name_ru": a.name_ru, "kind": "action",
                     "suit": a.suit, "number": a.number, "pips": a.pips,
                     "ambition": a.ambition, "min_players": a.min_players})
    for c in arcs.court:
        rows.append({"id": c.id, "name_en": c.name_en, "name_ru": c.name_ru, "kind": c.type,
                     "number": c.number, "suit": c.suit or None, "keys": c.keys,
                     "effects": [f"{x.when}:{x.kind}" for x in c.abilities]})
    for lead in arcs.leaders:
        rows.append({"id": lead.id, "name_en": lead.name_en, "name_ru": lead.name_ru,
                     "kind": "leader", "number": lead.number,
                     "resources": list(lead.resources),
                     "effects": [f"{x.when}:{x.kind}" for x in lead.abilities]})
    for lore in arcs.lore:
        rows.append({"id": lore.id, "name_en": lore.name_en, "name_ru": lore.name_ru,
                     "kind": "lore", "number": lore.number,
                     "effects": [f"{x.when}:{x.kind}" for x in lore.abilities]})
    return rows


def run_arcs(args: argparse.Namespace) -> int:
    rows = arcs_rows()
    if args.json:
        print_json(rows, indent=1)
        return 0
    for r in rows:
        if r["kind"] == "action":
            detail = f"{r['pips']} pips, {r['ambition']}" + (" (4p)" if r["min_players"] == 4
                                                              else "")
        elif r["kind"] == "guild":
            detail = f"{r['suit']}, {r['keys']} keys"
        elif r["kind"] == "leader":
            detail = "+".join(r["resources"])
        else:
            detail = ""
        print(f"{r['kind']:<7} {r['id']:<26} {r['name_en']:<22} {r['name_ru']:<26} {detail}")
    return 0


def run_forbidden_stars(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.forbidden_stars.data import load_fs_rules
    from game.forbidden_stars.data.listing import component_rows

    rows = component_rows(load_fs_rules())
    if args.json:
        print_json(rows, indent=1)
        return 0
    for r in rows:
        print(f"{r['kind']:<13} {r['faction'] or '-':<13} {r['id']:<34} {r['name_en']:<36} "
              f"{r['name_ru']}")
    return 0
