"""rules/arcs/court.toml, leaders.toml and lore.toml: the cards whose behaviour is written
in the closed vocabulary."""

from __future__ import annotations

import re
from types import MappingProxyType

from game import validate
from game.arcs.data import common
from game.arcs.data.abilities import parse_abilities, parse_ability
from game.arcs.engine import vocabulary as vocab
from game.arcs.engine.components import CourtCard, Leader, Lore, StartBox
from game.validate import Errors

COURT_FILE = "court.toml"
LEADERS_FILE = "leaders.toml"
LORE_FILE = "lore.toml"
GUILD_CARDS = 25
VOX_CARDS = 6
LEADERS = 8
LORE = 14
BUILDINGS = ("city", "starport", "none")


def _number(raw: dict, e: Errors, prefix: str, seen: dict[str, str], name: str) -> str:
    """The printed code (BC01, LEAD01, L01): its form, and not on two cards."""
    number = validate.need_str(raw, "number", e)
    if number and not re.fullmatch(rf"{prefix}\d\d", number):
        e.add("number", f"{number!r} is not of the form {prefix}NN")
    elif number in seen:
        e.add("number", f"{number} is also {seen[number]}'s")
    seen.setdefault(number, name)
    return number


def parse_court(doc: dict, errors: list[str]) -> tuple[CourtCard, ...]:
    where = common.label(COURT_FILE)
    common.top_level(doc, ("guild", "vox"), where, errors)
    cards: list[CourtCard] = []
    numbers: dict[str, str] = {}
    counts = {"guild": 0, "vox": 0}
    for name, raw in common.entries(doc, "guild", where, errors):
        counts["guild"] += 1
        e = Errors()
        common.known(raw, ("id", "number", "suit", "keys", "abilities"), e)
        cid = common.check_id(raw, e)
        o = common.origin(raw, e)
        number = _number(raw, e, "BC", numbers, name)
        suit = validate.need_choice(raw.get("suit"), "suit", e, vocab.RESOURCES)
        keys = validate.need_int(raw, "keys", e, 1, 6)
        abilities = parse_abilities(raw.get("abilities"), "abilities", e)
        if not e:
            cards.append(CourtCard(cid, number, raw["name_en"], raw["name_ru"], "guild", suit,
                                   keys, abilities, "", o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    for name, raw in common.entries(doc, "vox", where, errors):
        counts["vox"] += 1
        e = Errors()
        common.known(raw, ("id", "number", "effect", "after_secured"), e)
        cid = common.check_id(raw, e)
        o = common.origin(raw, e)
        number = _number(raw, e, "BC", numbers, name)
        if "effect" not in raw:
            e.add("effect", "missing required field (the When Secured effect)")
            ability = None
        else:
            ability = parse_ability(raw["effect"], "effect", e, when="when_secured")
        after = validate.need_choice(raw.get("after_secured"), "after_secured", e,
                                     vocab.VOX_AFTER)
        if not e and ability is not None:
            cards.append(CourtCard(cid, number, raw["name_en"], raw["name_ru"], "vox", "", 0,
                                   (ability,), after, o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    for kind, want in (("guild", GUILD_CARDS), ("vox", VOX_CARDS)):
        if counts[kind] != want:
            errors.append(f"{where}:{kind}: the court has {want} {kind} cards, the file "
                          f"{counts[kind]}")
    return tuple(cards)


def _boxes(value, e: Errors) -> dict[str, StartBox]:
    t = validate.need_table(value, "boxes", e, {"a": True, "b": True, "c": True})
    out = {}
    for key in ("a", "b", "c"):
        box = validate.need_table(t.get(key, {}), f"boxes.{key}", e,
                                  {"ships": True, "building": True}) if key in t else {}
        if not box:
            continue
        ships = validate.check_int(box.get("ships"), f"boxes.{key}.ships", e, 0, 6)
        building = validate.need_choice(box.get("building"), f"boxes.{key}.building", e,
                                        BUILDINGS)
        out[key] = StartBox(ships, "" if building == "none" else building)
    return out


def parse_leaders(doc: dict, errors: list[str]) -> tuple[Leader, ...]:
    where = common.label(LEADERS_FILE)
    common.top_level(doc, ("leader",), where, errors)
    leaders: list[Leader] = []
    numbers: dict[str, str] = {}
    count = 0
    for name, raw in common.entries(doc, "leader", where, errors):
        count += 1
        e = Errors()
        common.known(raw, ("id", "number", "resources", "boxes", "abilities"), e)
        lid = common.check_id(raw, e)
        o = common.origin(raw, e)
        number = _number(raw, e, "LEAD", numbers, name)
        res = common.str_list(raw.get("resources"), "resources", e, vocab.RESOURCES)
        if len(res) != 2:
            e.add("resources", "a leader starts with exactly 2 resources")
        boxes = _boxes(raw.get("boxes"), e)
        abilities = parse_abilities(raw.get("abilities"), "abilities", e)
        if not e:
            leaders.append(Leader(lid, number, raw["name_en"], raw["name_ru"], (res[0], res[1]),
                                  MappingProxyType(boxes), abilities, o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if count != LEADERS:
        errors.append(f"{where}:leader: the box has {LEADERS} leaders, the file {count}")
    return tuple(leaders)


def parse_lore(doc: dict, errors: list[str]) -> tuple[Lore, ...]:
    where = common.label(LORE_FILE)
    common.top_level(doc, ("lore",), where, errors)
    lore: list[Lore] = []
    numbers: dict[str, str] = {}
    count = 0
    for name, raw in common.entries(doc, "lore", where, errors):
        count += 1
        e = Errors()
        common.known(raw, ("id", "number", "abilities"), e)
        lid = common.check_id(raw, e)
        o = common.origin(raw, e)
        number = _number(raw, e, "L", numbers, name)
        abilities = parse_abilities(raw.get("abilities"), "abilities", e)
        if not e:
            lore.append(Lore(lid, number, raw["name_en"], raw["name_ru"], abilities, o))
        errors.extend(f"{where}:{name}:{x}" for x in e)
    if count != LORE:
        errors.append(f"{where}:lore: the box has {LORE} lore cards, the file {count}")
    return tuple(lore)
