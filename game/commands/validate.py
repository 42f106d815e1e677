"""`python -m game validate-rules [FOLDER]`: check every file in rules/ (or FOLDER),
Star Realms' files, Arcs' (rules/arcs/) and Forbidden Stars' (rules/forbidden_stars/)."""

from __future__ import annotations

import argparse
from pathlib import Path

from game.games import print_data_errors


def register(sub: argparse._SubParsersAction) -> None:
    v = sub.add_parser("validate-rules", help="check every file in rules/")
    v.add_argument("folder", nargs="?", default=None,
                   help="a rules folder to check instead of the game's own")
    # it checks every game's files itself (of FOLDER too): no check of the game's own first
    v.set_defaults(func=run, checks_own_data=True)


def run(args: argparse.Namespace) -> int:
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.arcs.data import ArcsRulesError, load_arcs_rules
    from game.arcs.lesson import check_script as check_arcs_lesson
    from game.arcs.lesson import read as read_arcs_lesson
    from game.forbidden_stars.data import FSRulesError, load_fs_rules
    from game.forbidden_stars.data.listing import summary as fs_summary
    from game.forbidden_stars.lesson import check_script as check_fs_lesson
    from game.forbidden_stars.lesson import read as read_fs_lesson
    from game.star_realms.data import RulesError, load_rules
    from game.star_realms.tutorial import TutorialError, load_script

    folder = getattr(args, "folder", None)
    rules = Path(folder) if folder else None
    errors: list[str] = []  # every game's problems, reported together
    db = arcs = fs = None
    try:
        db = load_rules(rules)
    except RulesError as exc:
        errors += exc.errors
    lessons = []
    if db is not None:  # Learn to play's script: its fields, and every lesson rehearsed
        try:
            lessons = load_script(db, rules)
        except TutorialError as exc:
            errors += exc.errors
    try:
        arcs = load_arcs_rules(rules)
    except ArcsRulesError as exc:
        errors += exc.errors
    arcs_lessons = 0
    if arcs is not None:  # Learn to play Arcs: the script's fields, and its rehearsal
        lesson_errors = check_arcs_lesson(arcs, rules)
        errors += lesson_errors
        if not lesson_errors:
            arcs_lessons = len(read_arcs_lesson(arcs, rules)[0])
    try:
        fs = load_fs_rules(rules)
    except FSRulesError as exc:
        errors += exc.errors
    fs_lessons = 0
    if fs is not None:  # Learn to play Forbidden Stars: the script's fields, its rehearsal
        lesson_errors = check_fs_lesson(fs, rules)
        errors += lesson_errors
        if not lesson_errors:
            fs_lessons = len(read_fs_lesson(fs, rules)[0])
    if errors or db is None or arcs is None or fs is None:
        print_data_errors(errors)
        return 2
    parts = []
    for cset in db.sets.values():
        trade = sum(c.copies for c in db.set_cards(cset.id))
        parts.append(f"{cset.id}: {len(cset.cards)} cards, {trade} trade + {cset.explorers} "
                     f"explorers + {cset.scouts} scouts + {cset.vipers} vipers")
    parts.append(f"{len(db.adventures)} adventures")
    parts.append(f"{len(lessons)} tutorial lessons")
    if db.campaign is not None:
        c = db.campaign
        parts.append(f"campaign: {len(c.scenarios)} scenarios, {len(c.sheets)} sticker sheets "
                     f"({len(c.stickers)} stickers), {len(c.decks)} personal decks")
    parts.append(f"{arcs_lessons} Arcs lessons")
    parts.append(f"{fs_lessons} Forbidden Stars lessons")
    parts.append(fs_summary(fs))  # before Arcs': its part stays the line's last
    parts.append(arcs_summary(arcs))
    print(f"rules OK — {len(db.cards)} card definitions; " + "; ".join(parts))
    return 0


def arcs_summary(arcs) -> str:
    """Arcs' part of the one-line summary."""
    guild = sum(c.type == "guild" for c in arcs.court)
    return (f"arcs: {len(arcs.map.systems)} systems ({len(arcs.map.planets())} planets, "
            f"{len(arcs.map.edges)} edges), {len(arcs.setup_cards)} setup cards, "
            f"{len(arcs.action_cards)} action cards, {len(arcs.court)} court cards "
            f"({guild} guild + {len(arcs.court) - guild} vox), {len(arcs.leaders)} leaders, "
            f"{len(arcs.lore)} lore, {len(arcs.dice)} dice, {len(arcs.ambitions)} ambitions")
