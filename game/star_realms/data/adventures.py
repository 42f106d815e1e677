"""Load and validate ``rules/adventures.toml`` into :class:`AdventureDef` objects.

Each adventure declares which setup fields and designed parameters it uses (``SCHEMA``);
anything missing, unknown or of the wrong type is reported as
``rules/adventures.toml:<id>:<field>: message``.
"""

from __future__ import annotations

from typing import Any

from game import validate
from game.star_realms.data.effects import Errors, parse_effects
from game.star_realms.engine.adventure_def import AdventureDef
from game.star_realms.engine.cards import CLASSIC_FACTIONS as FACTIONS
from game.star_realms.engine.cards import CardDB

FILE = "rules/adventures.toml"
COOP = ("team", "separate", "shared_turn")
COMMON = {"id", "name_en", "name_ru", "players", "coop", "boss_authority", "player_authority",
          "player_deck", "story_en", "story_ru", "designed"}
# per adventure: setup fields (type tag) and designed parameters (type tag)
SCHEMA: dict[str, tuple[dict[str, str], dict[str, str]]] = {
    "automatons": ({"counter": "str", "counter_start": "int", "counter_per_extra_player": "int"},
                   {"reveal_base": "int"}),
    "blob_assault": ({"remove_faction": "faction", "boss_deck": "cards", "boss_discard": "cards"},
                     {"cards_per_turn": "int", "extra_card_every": "int"}),
    "dimensional_horror": ({"tentacle_cards": "int"},
                           {"minimum_cut": "int", "abilities": "faction_effects"}),
    "madness_of_the_machine": ({"remove_faction": "faction", "boss_starters": "deck"},
                               {"declines_optional_scraps": "bool", "boss_hand": "int",
                                "extra_hand_per_extra_player": "int"}),
    "nemesis_beast": ({"hoard_per_player": "int"},
                      {"abilities": "faction_effects", "extra_combat_per_extra_player": "int"}),
    "pirates_of_the_dark_star": ({}, {"effects": "faction_bands"}),
    "defy_the_empire": ({"remove_faction": "faction", "boss_deck": "deck", "elite_deck": "cards"},
                        {"extra_hand_per_extra_player": "int"}),
    "cost_of_freedom": ({"remove_faction": "faction", "acquisitions": "cards",
                         "acquisitions_bottom": "card", "acquisitions_1_player": "cards",
                         "acquisitions_2_players": "cards"},
                        {"registry_size": "int", "boss_hand": "int",
                         "extra_hand_per_extra_player": "int"}),
}


def _check(tag: str, value: Any, path: str, errors: Errors, db: CardDB) -> Any:
    if tag == "int":
        if not validate.is_int(value, 0, 1000):
            errors.add(path, "expected a whole number 0..1000")
            return 0
        return value
    if tag == "bool":
        if not isinstance(value, bool):
            errors.add(path, "expected true or false")
        return value
    if tag == "str":
        if not isinstance(value, str) or not value:
            errors.add(path, "expected text")
        return value
    if tag == "faction":
        if value not in FACTIONS:
            errors.add(path, f"unknown faction {value!r}")
        return value
    if tag == "card":
        if value not in db:
            errors.add(path, f"unknown card {value!r}")
        return value
    if tag == "cards":
        if not isinstance(value, list):
            errors.add(path, "expected a list of card ids")
            return ()
        for i, c in enumerate(value):
            _check("card", c, f"{path}[{i}]", errors, db)
        return tuple(value)
    if tag == "deck":
        if not isinstance(value, dict) or not value:
            errors.add(path, "expected a table of card id = count")
            return ()
        for c, n in value.items():
            _check("card", c, f"{path}.{c}", errors, db)
            _check("int", n, f"{path}.{c}", errors, db)
        return tuple(value.items())
    if tag == "faction_effects":
        if not isinstance(value, dict) or set(value) != set(FACTIONS):
            errors.add(path, f"expected one effect list for each faction ({', '.join(FACTIONS)})")
            return {}
        return {f: parse_effects(value[f], f"{path}.{f}", errors) for f in FACTIONS}
    if tag == "faction_bands":
        if not isinstance(value, dict) or set(value) != set(FACTIONS):
            errors.add(path, "expected three effect lists (cost 1–3, 4–6, 7+) for each faction")
            return {}
        out = {}
        for f in FACTIONS:
            bands = value[f]
            if not isinstance(bands, list) or len(bands) != 3:
                errors.add(f"{path}.{f}", "expected three effect lists (cost 1–3, 4–6, 7+)")
                continue
            out[f] = tuple(parse_effects(b, f"{path}.{f}[{i}]", errors)
                           for i, b in enumerate(bands))
        return out
    raise ValueError(tag)


def parse_adventure(raw: Any, db: CardDB, errors: Errors) -> AdventureDef | None:
    if not isinstance(raw, dict):
        errors.add("adventure", "expected a table")
        return None
    aid = raw.get("id")
    if aid not in SCHEMA:
        errors.add("id", f"unknown adventure {aid!r} (known: {', '.join(SCHEMA)})")
        return None
    setup_spec, designed_spec = SCHEMA[aid]
    known = COMMON | set(setup_spec) | {"boss_deck", "boss_discard"}
    validate.unknown_fields(raw, known, errors)
    for key in ("name_en", "name_ru", "story_en", "story_ru"):
        validate.need_str(raw, key, errors, what="text")
    players = raw.get("players")
    if (not isinstance(players, list) or len(players) != 2 or
            not all(isinstance(p, int) and 1 <= p <= 4 for p in players) or
            players[0] > players[1]):
        errors.add("players", "expected [min, max] between 1 and 4")
        players = [1, 1]
    if raw.get("coop") not in COOP:
        errors.add("coop", f"expected one of {', '.join(COOP)}")
    boss_auth = _check("int", raw.get("boss_authority"), "boss_authority", errors, db)
    player_auth = _check("int", raw.get("player_authority"), "player_authority", errors, db)
    deck = _check("deck", raw.get("player_deck"), "player_deck", errors, db)
    setup = {}
    for key, tag in setup_spec.items():
        if key not in raw:
            errors.add(key, "missing required field")
            continue
        setup[key] = _check(tag, raw[key], key, errors, db)
    designed_raw = raw.get("designed")
    designed: dict[str, Any] = {}
    if not isinstance(designed_raw, dict):
        errors.add("designed", "missing [adventure.designed] table")
    else:
        if designed_raw.get("designed") is not True:
            errors.add("designed.designed", "designed parts must be marked designed = true")
        for key in ("rules_en", "rules_ru"):
            if not isinstance(designed_raw.get(key), str) or not designed_raw[key].strip():
                errors.add(f"designed.{key}", "expected the big card's rules text")
            designed[key] = designed_raw.get(key, "")
        for key in designed_raw:
            if key not in designed_spec and key not in ("designed", "rules_en", "rules_ru"):
                errors.add(f"designed.{key}", "unknown designed parameter")
        for key, tag in designed_spec.items():
            if key not in designed_raw:
                errors.add(f"designed.{key}", "missing designed parameter")
                continue
            designed[key] = _check(tag, designed_raw[key], f"designed.{key}", errors, db)
    if errors:
        return None
    return AdventureDef(
        id=aid, name_en=raw["name_en"], name_ru=raw["name_ru"], min_players=players[0],
        max_players=players[1], coop=raw["coop"], boss_authority=boss_auth,
        player_authority=player_auth, player_deck=deck, story_en=raw["story_en"],
        story_ru=raw["story_ru"], setup=setup, designed=designed)


def parse_adventures(doc: dict[str, Any], db: CardDB, errors: list[str]) -> dict[str,
                                                                             AdventureDef]:
    raw_list = doc.get("adventure")
    if not isinstance(raw_list, list):
        errors.append(f"{FILE}: expected [[adventure]] tables")
        return {}
    out: dict[str, AdventureDef] = {}
    for i, raw in enumerate(raw_list):
        e = Errors()
        name = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else (
            f"adventure[{i}]")
        adv = parse_adventure(raw, db, e)
        errors.extend(f"{FILE}:{name}:{x}" for x in e)
        if adv is not None:
            if adv.id in out:
                errors.append(f"{FILE}:{adv.id}:id: defined twice")
            out[adv.id] = adv
    missing = set(SCHEMA) - set(out)
    if not errors and missing:
        errors.append(f"{FILE}: missing adventures: {', '.join(sorted(missing))}")
    return out
