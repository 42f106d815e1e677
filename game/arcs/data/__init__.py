"""Load and check ``rules/arcs/*.toml`` into :class:`~game.arcs.engine.components.ArcsRules`.

Every problem is a ``rules/arcs/<file>:<entry>:<field>: message`` line; loading collects
all of them (every file is read even when an earlier one is broken) and raises
:class:`ArcsRulesError` rather than guessing.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from game.arcs.data import board_map, cards, common, tables
from game.arcs.engine.components import ArcsRules
from game.games import DataError
from game.resources import rules_dir
from game.toml_reading import read_toml

__all__ = ["FILES", "ArcsRulesError", "arcs_rules_dir", "load_arcs_rules", "parse_arcs_rules"]

FOLDER = "arcs"  # rules/arcs/
FILES = (board_map.MAP_FILE, board_map.SETUP_FILE, tables.ACTIONS_FILE, tables.AMBITIONS_FILE,
         tables.DICE_FILE, tables.BOARD_FILE, cards.COURT_FILE, cards.LEADERS_FILE,
         cards.LORE_FILE)
DICE_SUPPLY = 18
RESOURCE_SUPPLY = 25


class ArcsRulesError(DataError):
    """rules/arcs/ is invalid; ``errors`` lists every problem found."""


def arcs_rules_dir(rules: Path | None = None) -> Path:
    """rules/arcs/ inside ``rules`` (the game's own rules folder by default)."""
    return (rules or rules_dir()) / FOLDER


# read by their own loaders, not the rules': the lesson script (game/arcs/lesson.py)
OTHER_FILES = ("lesson.toml",)


def parse_arcs_rules(folder: Path) -> ArcsRules:
    """Read and check every file of ``folder``; raise :class:`ArcsRulesError` listing all
    problems."""
    errors: list[str] = []
    if not folder.is_dir():
        raise ArcsRulesError([f"rules/{FOLDER}: folder not found ({folder})"])
    for path in sorted(folder.glob("*.toml")):
        if path.name not in (*FILES, *OTHER_FILES):
            errors.append(f"{common.label(path.name)}: unknown file (expected: "
                          f"{', '.join(FILES)})")
    docs = {name: read_toml(folder / name, common.label(name), errors) for name in FILES}

    def doc(name: str) -> dict:
        return docs[name] or {}

    n_before = len(errors)
    board = board_map.parse_map(doc(board_map.MAP_FILE), errors) if docs[board_map.MAP_FILE] \
        is not None else None
    setup = board_map.parse_setup_cards(doc(board_map.SETUP_FILE), board, errors) \
        if docs[board_map.SETUP_FILE] is not None else ()
    actions, suits, action_cards, _base, _four = tables.parse_actions(
        doc(tables.ACTIONS_FILE), errors) if docs[tables.ACTIONS_FILE] is not None \
        else ({}, {}, [], (), ())
    ambitions, markers, none_, any_ = tables.parse_ambitions(
        doc(tables.AMBITIONS_FILE), errors) if docs[tables.AMBITIONS_FILE] is not None \
        else ({}, [], (), ())
    dice = tables.parse_dice(doc(tables.DICE_FILE), errors) \
        if docs[tables.DICE_FILE] is not None else {}
    resources, player_board = tables.parse_board(doc(tables.BOARD_FILE), errors) \
        if docs[tables.BOARD_FILE] is not None else ({}, None)
    court = cards.parse_court(doc(cards.COURT_FILE), errors) \
        if docs[cards.COURT_FILE] is not None else ()
    leaders = cards.parse_leaders(doc(cards.LEADERS_FILE), errors) \
        if docs[cards.LEADERS_FILE] is not None else ()
    lore = cards.parse_lore(doc(cards.LORE_FILE), errors) \
        if docs[cards.LORE_FILE] is not None else ()
    if len(errors) == n_before and all(d is not None for d in docs.values()):
        _cross_check(dice, resources, court, leaders, lore, errors)
    if errors or board is None or player_board is None:
        raise ArcsRulesError(errors or [f"rules/{FOLDER}: could not be loaded"])
    by_number = {a.card_number: a.id for a in ambitions.values()}
    by_number.update(dict.fromkeys(none_, "none"))
    by_number.update(dict.fromkeys(any_, "any"))
    action_cards = [replace(c, ambition=by_number[c.number]) for c in action_cards]
    return ArcsRules(
        map=board, setup_cards=setup, actions=MappingProxyType(actions),
        suits=MappingProxyType(suits), action_cards=tuple(action_cards),
        ambitions=MappingProxyType(ambitions),
        markers=tuple(sorted(markers, key=lambda m: m.front, reverse=True)),
        dice=MappingProxyType(dice), resources=MappingProxyType(resources),
        board=player_board, court=court, leaders=leaders, lore=lore)


def _cross_check(dice, resources, court, leaders, lore, errors: list[str]) -> None:
    """Totals across the files: the shared supply, one id per card in the whole box."""
    total_dice = sum(d.supply for d in dice.values())
    if total_dice != DICE_SUPPLY:
        errors.append(f"{common.label(tables.DICE_FILE)}:die:supply: the box holds "
                      f"{DICE_SUPPLY} dice, the file {total_dice}")
    total_res = sum(r.supply for r in resources.values())
    if total_res != RESOURCE_SUPPLY:
        errors.append(f"{common.label(tables.BOARD_FILE)}:resource:supply: the box holds "
                      f"{RESOURCE_SUPPLY} resources, the file {total_res}")
    seen: dict[str, str] = {}
    for file, items in ((cards.COURT_FILE, court), (cards.LEADERS_FILE, leaders),
                        (cards.LORE_FILE, lore)):
        for item in items:
            if item.id in seen:
                errors.append(f"{common.label(file)}:{item.id}:id: also an id in "
                              f"{seen[item.id]}")
            seen.setdefault(item.id, file)


@lru_cache(maxsize=4)
def _cached(folder: str) -> ArcsRules:
    return parse_arcs_rules(Path(folder))


def load_arcs_rules(rules: Path | None = None) -> ArcsRules:
    """Arcs' rules from ``<rules>/arcs/`` (cached; raises ArcsRulesError when invalid)."""
    return _cached(str(arcs_rules_dir(rules)))
