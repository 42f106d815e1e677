"""rules/arcs/action_cards.toml, ambitions.toml, dice.toml and board.toml."""

from __future__ import annotations

from types import MappingProxyType

from game import validate
from game.arcs.data import common
from game.arcs.engine import vocabulary as vocab
from game.arcs.engine.components import (
    ActionCard,
    Ambition,
    AmbitionMarker,
    BasicAction,
    CitySlot,
    Die,
    PlayerBoard,
    Resource,
    ResourceSlot,
    Suit,
)
from game.validate import Errors

ACTIONS_FILE = "action_cards.toml"
AMBITIONS_FILE = "ambitions.toml"
DICE_FILE = "dice.toml"
BOARD_FILE = "board.toml"
NUMBERS = range(1, 8)
FACES = 6
PIECES = {"ships": 15, "starports": 5, "cities": 5, "agents": 10, "power_markers": 2}
SUPPLY = ("ambition_markers", "zero_markers", "initiative_markers", "chapter_markers",
          "player_sets")


def _ids_match(found: dict, expected: tuple[str, ...], where: str, what: str,
               errors: list[str]) -> None:
    """The file's ids are exactly the vocabulary's closed set."""
    if set(found) != set(expected):
        errors.append(f"{where}:{what}:id: expected exactly {', '.join(expected)}; found "
                      f"{', '.join(found) or 'none'}")


def parse_actions(doc: dict, errors: list[str]):
    """(actions, suits, action cards, the deck's numbers for 2–3 and for 4 players)."""
    where = common.label(ACTIONS_FILE)
    n_before = len(errors)
    common.top_level(doc, ("deck", "action", "suit", "card"), where, errors)
    base: tuple[int, ...] = ()
    four: tuple[int, ...] = ()
    raw = common.table(doc, "deck", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, ("numbers", "four_player_numbers", "hand_size"), e)
        common.origin(raw, e)
        base = common.int_list(raw.get("numbers"), "numbers", e, 1, 7)
        four = common.int_list(raw.get("four_player_numbers"), "four_player_numbers", e, 1, 7)
        validate.need_int(raw, "hand_size", e, 1, 10)
        if not e and sorted(base + four) != list(NUMBERS):
            e.add("numbers", "numbers and four_player_numbers must together be 1..7, once each")
        errors.extend(f"{where}:deck:{x}" for x in e)
    actions: dict[str, BasicAction] = {}
    for name, raw in common.entries(doc, "action", where, errors):
        e = Errors()
        common.known(raw, ("id",), e)
        aid = validate.need_choice(raw.get("id"), "id", e, vocab.BASIC_ACTIONS)
        o = common.origin(raw, e)
        if not e:
            actions[aid] = BasicAction(aid, raw["name_en"], raw["name_ru"], o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    suits: dict[str, Suit] = {}
    for name, raw in common.entries(doc, "suit", where, errors):
        e = Errors()
        common.known(raw, ("id", "actions"), e)
        sid = validate.need_choice(raw.get("id"), "id", e, vocab.SUITS)
        o = common.origin(raw, e)
        acts = common.str_list(raw.get("actions"), "actions", e, vocab.BASIC_ACTIONS)
        if not e:
            suits[sid] = Suit(sid, raw["name_en"], raw["name_ru"], acts, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) == n_before:
        _ids_match(actions, vocab.BASIC_ACTIONS, where, "action", errors)
        _ids_match(suits, vocab.SUITS, where, "suit", errors)
    cards: list[ActionCard] = []
    for name, raw in common.entries(doc, "card", where, errors):
        e = Errors()
        common.known(raw, ("id", "suit", "number", "pips"), e)
        cid = common.check_id(raw, e)
        o = common.origin(raw, e)
        suit = validate.need_choice(raw.get("suit"), "suit", e, vocab.SUITS)
        number = validate.need_int(raw, "number", e, 1, 7)
        pips = validate.need_int(raw, "pips", e, 1, 4)
        if not e and cid != f"{suit}_{number}":
            e.add("id", f"expected {suit}_{number} (suit_number)")
        if not e:
            cards.append(ActionCard(cid, raw["name_en"], raw["name_ru"], suit, number, pips,
                                    "", 4 if number in four else 2, o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) == n_before:
        have = {(c.suit, c.number) for c in cards}
        for s in vocab.SUITS:
            missing = [n for n in NUMBERS if (s, n) not in have]
            if missing:
                errors.append(f"{where}:card:number: {s} lacks {missing} "
                              f"(28 cards = 4 suits × 1..7)")
    return actions, suits, cards, base, four


def parse_ambitions(doc: dict, errors: list[str]):
    """(ambitions, markers, the numbers declaring none, the numbers declaring any)."""
    where = common.label(AMBITIONS_FILE)
    n_before = len(errors)
    common.top_level(doc, ("numbers", "ambition", "marker"), where, errors)
    none_: tuple[int, ...] = ()
    any_: tuple[int, ...] = ()
    raw = common.table(doc, "numbers", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, ("no_ambition", "any_ambition"), e)
        common.origin(raw, e)
        none_ = common.int_list(raw.get("no_ambition"), "no_ambition", e, 1, 7)
        any_ = common.int_list(raw.get("any_ambition"), "any_ambition", e, 1, 7)
        errors.extend(f"{where}:numbers:{x}" for x in e)
    ambitions: dict[str, Ambition] = {}
    for name, raw in common.entries(doc, "ambition", where, errors):
        e = Errors()
        common.known(raw, ("id", "card_number", "counts", "resources", "two_player_tokens"), e)
        aid = validate.need_choice(raw.get("id"), "id", e, vocab.AMBITIONS)
        o = common.origin(raw, e)
        number = validate.need_int(raw, "card_number", e, 1, 7)
        counts = validate.need_choice(raw.get("counts"), "counts", e,
                                      ("resources", "captives", "trophies"))
        res = common.str_list(raw.get("resources"), "resources", e, vocab.RESOURCES)
        tokens = common.str_list(raw.get("two_player_tokens"), "two_player_tokens", e,
                                 vocab.RESOURCES)
        if (counts == "resources") != bool(res):
            e.add("resources", "list the counted resource types exactly when counts = "
                               "\"resources\"")
        if not e:
            ambitions[aid] = Ambition(aid, raw["name_en"], raw["name_ru"], number, counts,
                                      res, tokens, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) == n_before:
        _ids_match(ambitions, vocab.AMBITIONS, where, "ambition", errors)
        declared = sorted([a.card_number for a in ambitions.values()] + list(none_ + any_))
        if declared != list(NUMBERS):
            errors.append(f"{where}:ambition:card_number: every number 1..7 must declare "
                          f"exactly one thing (an ambition, none or any); got {declared}")
        all_tokens = sorted(t for a in ambitions.values() for t in a.two_player_tokens)
        if all_tokens != sorted(vocab.RESOURCES):
            errors.append(f"{where}:ambition:two_player_tokens: each resource type goes on "
                          f"exactly one ambition in 2p; got {tokens}")
    markers: list[AmbitionMarker] = []
    for name, raw in common.entries(doc, "marker", where, errors):
        e = Errors()
        common.known(raw, ("id", "front", "back", "flip_after_chapter"), e)
        mid = common.check_id(raw, e)
        o = common.origin(raw, e)
        front = common.int_list(raw.get("front"), "front", e, 0, 20)
        back = common.int_list(raw.get("back"), "back", e, 0, 20)
        flip = validate.need_int(raw, "flip_after_chapter", e, 1, 4)
        for side, values in (("front", front), ("back", back)):
            if len(values) != 2 or values[0] < values[1]:
                e.add(side, "expected [1st place, 2nd place] with 1st ≥ 2nd")
        if not e and (back[0] < front[0] or back[1] < front[1]):
            e.add("back", "the flipped side is worth at least the start side")
        if not e:
            markers.append(AmbitionMarker(mid, raw["name_en"], raw["name_ru"],
                                          (front[0], front[1]), (back[0], back[1]), flip, o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) == n_before:
        # "flip the lowest not yet flipped": chapter order follows the start values
        by_value = sorted(markers, key=lambda m: m.front)
        if [m.flip_after_chapter for m in by_value] != list(range(1, len(markers) + 1)):
            errors.append(f"{where}:marker:flip_after_chapter: the lowest marker flips first "
                          f"(after chapter 1), then the next")
    return ambitions, markers, none_, any_


def parse_dice(doc: dict, errors: list[str]) -> dict[str, Die]:
    where = common.label(DICE_FILE)
    n_before = len(errors)
    common.top_level(doc, ("die", "battle"), where, errors)
    raw = common.table(doc, "battle", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, ("max_per_type",), e)
        common.origin(raw, e)
        validate.need_int(raw, "max_per_type", e, 1, 18)
        errors.extend(f"{where}:battle:{x}" for x in e)
    dice: dict[str, Die] = {}
    for name, raw in common.entries(doc, "die", where, errors):
        e = Errors()
        common.known(raw, ("id", "supply", "faces"), e)
        did = validate.need_choice(raw.get("id"), "id", e, vocab.DICE)
        o = common.origin(raw, e)
        supply = validate.need_int(raw, "supply", e, 1, 18)
        faces_raw = validate.need_list(raw.get("faces"), "faces", e)
        if len(faces_raw) != FACES:
            e.add("faces", f"a die has {FACES} faces, this one {len(faces_raw)}")
        faces = []
        for i, face in enumerate(faces_raw):
            t = validate.need_table(face, f"faces[{i}]", e,
                                    dict.fromkeys(vocab.DIE_SYMBOLS, False))
            faces.append(MappingProxyType({
                s: validate.check_int(n, f"faces[{i}].{s}", e, 1, 3)
                for s, n in t.items() if s in vocab.DIE_SYMBOLS}))
        if not e:
            dice[did] = Die(did, raw["name_en"], raw["name_ru"], tuple(faces), supply, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) == n_before:
        _ids_match(dice, vocab.DICE, where, "die", errors)
    return dice


def parse_board(doc: dict, errors: list[str]):
    """(resources, the player board)."""
    where = common.label(BOARD_FILE)
    n_before = len(errors)
    common.top_level(doc, ("resource", "board", "pieces", "supply"), where, errors)
    resources: dict[str, Resource] = {}
    raw: dict | None  # an entry below, then a table that may be missing
    for name, raw in common.entries(doc, "resource", where, errors):
        e = Errors()
        common.known(raw, ("id", "supply", "prelude"), e)
        rid = validate.need_choice(raw.get("id"), "id", e, vocab.RESOURCES)
        o = common.origin(raw, e)
        supply = validate.need_int(raw, "supply", e, 1, 25)
        prelude = common.str_list(raw.get("prelude"), "prelude", e,
                                  (*vocab.BASIC_ACTIONS, "lead"))
        if not e:
            resources[rid] = Resource(rid, raw["name_en"], raw["name_ru"], supply, prelude, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if len(errors) == n_before:
        _ids_match(resources, vocab.RESOURCES, where, "resource", errors)
    pieces: dict[str, int] = {}
    raw = common.table(doc, "pieces", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, tuple(PIECES), e)
        common.origin(raw, e)
        for piece, count in PIECES.items():
            before = len(e)
            pieces[piece] = validate.need_int(raw, piece, e, 1, 30)
            if len(e) == before and pieces[piece] != count:
                e.add(piece, f"the box holds {count} per player, not {pieces[piece]}")
        errors.extend(f"{where}:pieces:{x}" for x in e)
    raw = common.table(doc, "supply", where, errors)
    if raw is not None:
        e = Errors()
        common.known(raw, SUPPLY, e)
        common.origin(raw, e)
        for key in SUPPLY:
            validate.need_int(raw, key, e, 1, 10)
        errors.extend(f"{where}:supply:{x}" for x in e)
    raw = common.table(doc, "board", where, errors)
    board = None
    if raw is not None:
        e = Errors()
        common.known(raw, ("resource_slots", "city_slots"), e)
        o = common.origin(raw, e)
        slots, cities = _slots(raw, e, o)
        if not e and len(errors) == n_before:
            board = PlayerBoard(slots, cities, MappingProxyType(pieces), o)
        errors.extend(f"{where}:board:{x}" for x in e)
    return resources, board


def _slots(raw: dict, e: Errors, o) -> tuple[tuple[ResourceSlot, ...], tuple[CitySlot, ...]]:
    slots = []
    for i, t in enumerate(validate.need_list(raw.get("resource_slots"), "resource_slots", e)):
        path = f"resource_slots[{i}]"
        t = validate.need_table(t, path, e, {"position": True, "raid_keys": True,
                                             "covered_by": True})
        if not t:
            continue
        slots.append(ResourceSlot(
            validate.check_int(t.get("position"), f"{path}.position", e, 1, 10),
            validate.check_int(t.get("raid_keys"), f"{path}.raid_keys", e, 1, 6),
            validate.check_int(t.get("covered_by"), f"{path}.covered_by", e, 0, 10), o))
    cities = []
    for i, t in enumerate(validate.need_list(raw.get("city_slots"), "city_slots", e)):
        path = f"city_slots[{i}]"
        t = validate.need_table(t, path, e, {"position": True, "covers": True, "bonus": True})
        if not t:
            continue
        cities.append(CitySlot(
            validate.check_int(t.get("position"), f"{path}.position", e, 1, 10),
            common.int_list(t.get("covers"), f"{path}.covers", e, 1, 10),
            validate.check_int(t.get("bonus"), f"{path}.bonus", e, 0, 10), o))
    if e:
        return (), ()
    if [s.position for s in slots] != list(range(1, len(slots) + 1)):
        e.add("resource_slots", "positions must run 1, 2, … left to right")
    if [c.position for c in cities] != list(range(1, PIECES["cities"] + 1)):
        e.add("city_slots", f"expected {PIECES['cities']} city slots at positions 1..5")
    for i, s in enumerate(slots):
        covering = [c.position for c in cities if s.position in c.covers]
        if covering != ([s.covered_by] if s.covered_by else []):
            e.add(f"resource_slots[{i}].covered_by",
                  f"slot {s.position} is covered by city slot(s) {covering}, not "
                  f"{s.covered_by}")
    return tuple(slots), tuple(cities)
