"""rules/forbidden_stars/tiles.toml and game.toml: the system tiles, and the orders, dice,
assets, storm icons, constants and setup by player count."""

from __future__ import annotations

from typing import Any

from game import validate
from game.forbidden_stars.data import common
from game.forbidden_stars.engine import vocabulary as vocab
from game.forbidden_stars.engine.components import Area, Named, PlayerSetup, StormIcon, TileFace
from game.validate import Errors

TILES_FILE = "tiles.toml"
GAME_FILE = "game.toml"
TILES = 12
AREAS = 4  # every face has four areas (facts §6)
SIDES = ("A", "B")
AREA_KINDS = ("world", "void")
VOID_CAPACITY = 3  # RB p.10
OBJECTIVE_SPOTS = 2  # facts §6: every face has exactly 2 [C for faction tiles]
CONSTANTS = ("rounds", "orders_per_round", "area_unit_limit", "void_capacity", "dice_limit",
             "combat_hand", "combat_rounds", "combat_deck_types", "asset_limit",
             "materiel_cap", "objectives_per_faction", "objectives_to_each_rival",
             "neutral_tiles_per_player")
DIE_SIDES = 6
# The player counts a game can have (RB p.3): each needs its [[players]] setup and as many
# factions, or every game of that count fails at setup while the rules "pass".
PLAYER_COUNTS = (2, 3, 4)


def _area(raw: Any, path: str, e: Errors) -> Area | None:
    if not isinstance(raw, dict):
        e.add(path, f"expected a table, got {type(raw).__name__}")
        return None
    kind = validate.need_choice(raw.get("kind"), f"{path}.kind", e, AREA_KINDS)
    if kind == "void":
        validate.unknown_fields(raw, ("kind",), e, f"{path}.")
        return Area("void", 0, VOID_CAPACITY, (), False)
    validate.unknown_fields(raw, ("kind", "materiel", "capacity", "assets", "objective"), e,
                            f"{path}.")
    materiel = validate.need_int(raw, "materiel", e, 0, 3, path=f"{path}.")
    capacity = validate.need_int(raw, "capacity", e, 1, 5, path=f"{path}.")
    assets = common.str_list(raw.get("assets", []), f"{path}.assets", e, vocab.SEALS)
    objective = validate.need_bool(raw, "objective", e, path=f"{path}.")
    return Area("world", materiel, capacity, assets, objective)


def parse_tiles(doc: dict, errors: list[str]) -> dict[str, TileFace]:
    where = common.label(TILES_FILE)
    common.top_level(doc, ("face",), where, errors)
    faces: dict[str, TileFace] = {}
    for name, raw in common.entries(doc, "face", where, errors):
        e = Errors()
        common.known(raw, ("tile", "side", "areas"), e)
        o = common.origin(raw, e)
        tile = validate.need_int(raw, "tile", e, 1, TILES)
        side = validate.need_choice(raw.get("side"), "side", e, SIDES)
        if name != f"t{tile}{side.lower()}":
            e.add("id", f"face {tile}{side} should be named 't{tile}{side.lower()}'")
        items = validate.need_list(raw.get("areas"), "areas", e)
        if len(items) != AREAS:
            e.add("areas", f"a face has {AREAS} areas, not {len(items)}")
        areas = [_area(a, f"areas[{i}]", e) for i, a in enumerate(items)]
        spots = sum(a.objective for a in areas if a is not None)
        if spots != OBJECTIVE_SPOTS:
            e.add("areas", f"a face has {OBJECTIVE_SPOTS} objective spots, not {spots}")
        if not e:
            faces[name] = TileFace(name, tile, side, raw["name_en"], raw["name_ru"],
                                   tuple(a for a in areas if a is not None), o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    for tile in range(1, TILES + 1):
        for side in SIDES:
            if f"t{tile}{side.lower()}" not in faces and not errors:
                errors.append(f"{where}:t{tile}{side.lower()}: face {tile}{side} is missing")
    return faces


def _named(doc: dict, key: str, field: str, lo: int, hi: int, where: str,
           errors: list[str], ids: tuple[str, ...]) -> dict[str, Named]:
    out: dict[str, Named] = {}
    for name, raw in common.entries(doc, key, where, errors):
        e = Errors()
        common.known(raw, (field,), e)
        o = common.origin(raw, e)
        if ids:
            validate.need_choice(name, "id", e, ids)
        value = validate.need_int(raw, field, e, lo, hi)
        if not e:
            out[name] = Named(name, raw["name_en"], raw["name_ru"], value, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    return out


def _moves(value: Any, path: str, e: Errors) -> tuple[tuple[int, int], ...]:
    items = validate.need_list(value, path, e)
    out = []
    for i, v in enumerate(items):
        if (not isinstance(v, list) or len(v) != 2 or any(isinstance(x, bool) or x not in
                                                          (-1, 0, 1) for x in v)
                or v == [0, 0]):
            e.add(f"{path}[{i}]", "expected a step [rows, columns] of -1, 0 or 1")
            continue
        out.append((v[0], v[1]))
    if len(out) != 2:
        e.add(path, "an icon allows exactly two directions (RB p.6)")
    return tuple(out)


def parse_game(doc: dict, errors: list[str]) -> dict[str, Any]:
    where = common.label(GAME_FILE)
    common.top_level(doc, ("order", "die_face", "token", "asset", "storm_icon", "constant",
                           "players"), where, errors)
    orders = _named(doc, "order", "per_faction", 1, 4, where, errors, vocab.ORDERS)
    faces = _named(doc, "die_face", "sides", 1, DIE_SIDES, where, errors, vocab.FACES)
    if faces and sum(f.value for f in faces.values()) != DIE_SIDES:
        errors.append(f"{where}:die_face:sides: a die has {DIE_SIDES} faces, the file "
                      f"{sum(f.value for f in faces.values())}")
    assets = _named(doc, "asset", "supply", 0, 20, where, errors, vocab.SEALS)
    constants = {n: c.value for n, c in
                 _named(doc, "constant", "value", 1, 20, where, errors, CONSTANTS).items()}
    for cid in CONSTANTS:
        if cid not in constants and not any(f":{cid}:" in x for x in errors):
            errors.append(f"{where}:{cid}: missing [[constant]] {cid!r}")
    token_supply = 0
    for name, raw in common.entries(doc, "token", where, errors):
        e = Errors()
        common.known(raw, ("sides", "supply"), e)
        common.origin(raw, e)
        sides = common.str_list(raw.get("sides"), "sides", e, vocab.FACES)
        if set(sides) != {"bolter", "shield"} or len(sides) != 2:
            e.add("sides", "a combat token is bolter on one side, shield on the other")
        token_supply = validate.need_int(raw, "supply", e, 1, 30)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    icons: dict[str, StormIcon] = {}
    for name, raw in common.entries(doc, "storm_icon", where, errors):
        e = Errors()
        common.known(raw, ("moves_h", "moves_v"), e)
        o = common.origin(raw, e)
        mh = _moves(raw.get("moves_h"), "moves_h", e)
        mv = _moves(raw.get("moves_v"), "moves_v", e)
        if not e:
            icons[name] = StormIcon(name, raw["name_en"], raw["name_ru"], mh, mv, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    directions = {m for i in icons.values() for m in i.moves_h}
    if len(icons) == 4 and len(directions) != 8:
        errors.append(f"{where}:storm_icon:moves_h: the four icons cover the 8 directions "
                      f"(RB p.6), the file {len(directions)}")
    setups: dict[int, PlayerSetup] = {}
    broken = False  # a [[players]] table with errors: its count is not "missing" too
    for name, raw in common.entries(doc, "players", where, errors):
        e = Errors()
        common.known(raw, ("players", "board", "storms"), e)
        o = common.origin(raw, e)
        n = validate.need_int(raw, "players", e, 2, 4)
        board = tuple(validate.check_int(v, f"board[{i}]", e, 1, 6) for i, v in
                      enumerate(validate.need_list(raw.get("board"), "board", e)))
        if len(board) != 2:
            e.add("board", "expected [short side, long side] in tiles")
        elif board[0] * board[1] != 3 * n:
            e.add("board", f"{n} players place {3 * n} tiles (their faction tile and 2 "
                           f"more each), a {board[0]}×{board[1]} board holds "
                           f"{board[0] * board[1]}")
        storms = validate.need_int(raw, "storms", e, 1, 4)
        if n in setups:
            e.add("players", f"{n} players are set up twice")
        if not e:
            setups[n] = PlayerSetup(n, (board[0], board[1]), storms, o)
        broken = broken or bool(e)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if not broken:
        for n in PLAYER_COUNTS:
            if n not in setups:
                errors.append(f"{where}:players:players: no [[players]] table for {n} "
                              f"players (the game is for {PLAYER_COUNTS[0]} to "
                              f"{PLAYER_COUNTS[-1]}: each count needs its board and storms)")
    return {"orders": orders, "die_faces": faces, "assets": assets, "constants": constants,
            "token_supply": token_supply, "storm_icons": icons, "setups": setups}
