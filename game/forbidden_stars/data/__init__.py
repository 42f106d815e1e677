"""Load and check ``rules/forbidden_stars/*.toml`` into
:class:`~game.forbidden_stars.engine.components.FSRules`.

Every problem is a ``rules/forbidden_stars/<file>:<entry>:<field>: message`` line; loading
collects all of them (every file is read even when an earlier one is broken) and raises
:class:`FSRulesError` rather than guessing.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from types import MappingProxyType

from game.forbidden_stars.data import board, cards, common, factions
from game.forbidden_stars.engine.components import FSRules
from game.games import DataError
from game.resources import rules_dir
from game.toml_reading import read_toml

__all__ = ["FILES", "FSRulesError", "fs_rules_dir", "load_fs_rules", "parse_fs_rules"]

FILES = (factions.FACTIONS_FILE, cards.COMBAT_FILE, cards.UPGRADES_FILE, cards.EVENTS_FILE,
         board.TILES_FILE, board.GAME_FILE)


# read by their own loaders, not the rules': the lesson script (game/forbidden_stars/lesson.py)
OTHER_FILES = ("lesson.toml",)


class FSRulesError(DataError):
    """rules/forbidden_stars/ is invalid; ``errors`` lists every problem found."""


def fs_rules_dir(rules: Path | None = None) -> Path:
    """rules/forbidden_stars/ inside ``rules`` (the game's own rules folder by default)."""
    return (rules or rules_dir()) / common.FOLDER


def parse_fs_rules(folder: Path) -> FSRules:
    """Read and check every file of ``folder``; raise :class:`FSRulesError` listing all
    problems."""
    errors: list[str] = []
    if not folder.is_dir():
        raise FSRulesError([f"rules/{common.FOLDER}: folder not found ({folder})"])
    for path in sorted(folder.glob("*.toml")):
        if path.name not in (*FILES, *OTHER_FILES):
            errors.append(f"{common.label(path.name)}: unknown file (expected: "
                          f"{', '.join(FILES)})")
    docs = {name: read_toml(folder / name, common.label(name), errors) for name in FILES}

    def doc(name: str) -> dict:
        return docs[name] or {}

    # a file that could not be read is reported once, not again as empty
    fs, units, structures = factions.parse_factions(doc(factions.FACTIONS_FILE), errors) \
        if docs[factions.FACTIONS_FILE] is not None else ({}, {}, {})
    ids = tuple(fs)
    game = board.parse_game(doc(board.GAME_FILE), errors) \
        if docs[board.GAME_FILE] is not None else None
    icons = tuple(game["storm_icons"]) if game else ()
    combat = cards.parse_combat(doc(cards.COMBAT_FILE), ids, units, errors) \
        if docs[cards.COMBAT_FILE] is not None else {}
    upgrades = cards.parse_upgrades(doc(cards.UPGRADES_FILE), ids, units, errors) \
        if docs[cards.UPGRADES_FILE] is not None else {}
    events = cards.parse_events(doc(cards.EVENTS_FILE), ids, units, icons, errors) \
        if docs[cards.EVENTS_FILE] is not None else {}
    faces = board.parse_tiles(doc(board.TILES_FILE), errors) \
        if docs[board.TILES_FILE] is not None else {}
    if not errors:
        factions.check_faction_units(fs, units, errors)
        _cross_check(fs, units, structures, combat, upgrades, events, faces, game, errors)
    if errors or game is None:
        raise FSRulesError(errors or [f"rules/{common.FOLDER}: could not be loaded"])
    return FSRules(
        factions=MappingProxyType(fs), units=MappingProxyType(units),
        structures=MappingProxyType(structures), combat_cards=MappingProxyType(combat),
        upgrades=MappingProxyType(upgrades), events=MappingProxyType(events),
        faces=MappingProxyType(faces), orders=MappingProxyType(game["orders"]),
        die_faces=MappingProxyType(game["die_faces"]), assets=MappingProxyType(game["assets"]),
        storm_icons=MappingProxyType(game["storm_icons"]),
        constants=MappingProxyType(game["constants"]),
        setups=MappingProxyType(game["setups"]), token_supply=game["token_supply"])


def _cross_check(fs, units, structures, combat, upgrades, events, faces, game,
                 errors: list[str]) -> None:
    """Across the files: every faction's tile, the box's counts, ids unique in the box,
    the starting forces fitting their faction tile, enough objective tokens."""
    where = common.label(factions.FACTIONS_FILE)
    tiles = {f.tile for f in faces.values()}
    own_tiles = [f.tile for f in fs.values()]
    for f in fs.values():
        if f.tile not in tiles:
            errors.append(f"{where}:{f.id}:tile: no tile {f.tile} in "
                          f"{common.label(board.TILES_FILE)}")
        elif own_tiles.count(f.tile) > 1:
            errors.append(f"{where}:{f.id}:tile: tile {f.tile} is another faction's too")
        for sid in f.start_structures:
            if sid not in structures:
                errors.append(f"{where}:{f.id}:start.structures.{sid}: no such [[structure]]")
        ground = sum(n for u, n in f.start_units.items() if units[u].type == "ground")
        ships = sum(n for u, n in f.start_units.items() if units[u].type == "ship")
        for face in faces.values():
            if face.tile != f.tile:
                continue
            worlds = [a for a in face.areas if a.kind == "world"]
            voids = [a for a in face.areas if a.kind == "void"]
            if ground > sum(a.capacity for a in worlds) or ships > len(voids) * \
                    game["constants"]["void_capacity"] or not worlds:
                errors.append(f"{where}:{f.id}:start: the initial forces do not fit on face "
                              f"{face.id}")
    neutral = [t for t in tiles if t not in own_tiles]
    per = game["constants"]["neutral_tiles_per_player"]
    if len(neutral) < per * len(fs):
        errors.append(f"{common.label(board.TILES_FILE)}:face: {len(neutral)} tiles without a "
                      f"faction cannot deal {per} to each of {len(fs)} players")
    need = game["constants"]["objectives_to_each_rival"] * (len(fs) - 1)
    if game["constants"]["objectives_per_faction"] < need:
        errors.append(f"{common.label(board.GAME_FILE)}:objectives_per_faction:value: "
                      f"{len(fs)} players need {need} tokens of each faction")
    for n, setup in game["setups"].items():
        if n > len(fs):
            errors.append(f"{common.label(board.GAME_FILE)}:players:players: {n} players "
                          f"but {len(fs)} factions")
        if setup.storms > 4:
            errors.append(f"{common.label(board.GAME_FILE)}:players:storms: the box has 4")
    seen: dict[str, str] = {}
    for file, items in ((cards.COMBAT_FILE, combat), (cards.UPGRADES_FILE, upgrades),
                        (cards.EVENTS_FILE, events), (factions.FACTIONS_FILE, units)):
        for cid in items:
            if cid in seen:
                errors.append(f"{common.label(file)}:{cid}:id: also an id in {seen[cid]}")
            seen.setdefault(cid, file)


@lru_cache(maxsize=4)
def _cached(folder: str) -> FSRules:
    return parse_fs_rules(Path(folder))


def load_fs_rules(rules: Path | None = None) -> FSRules:
    """Forbidden Stars' rules from ``<rules>/forbidden_stars/`` (cached; raises
    FSRulesError when invalid)."""
    return _cached(str(fs_rules_dir(rules)))
