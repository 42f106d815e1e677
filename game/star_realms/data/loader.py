"""Load ``rules/*.toml`` into a :class:`CardDB`, refusing anything it cannot vouch for.

Every problem is reported as ``file:card:field: message``; loading collects all
of them and raises :class:`RulesError` rather than guessing.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from game import validate
from game.games import DataError
from game.star_realms.data.effects import Errors, parse_effects
from game.star_realms.engine.cards import (
    ABILITY_SLOTS,
    FACTIONS,
    GAMBIT_SLOTS,
    CardDB,
    CardDef,
    CardSet,
    Trigger,
)
from game.star_realms.engine.gambits import STANDING_OPS
from game.star_realms.engine.missions import GAINS, OBJECTIVES
from game.toml_reading import read_toml

CARD_FIELDS = {
    "id", "name_en", "name_ru", "factions", "type", "cost", "defense", "outpost",
    "copies", "role", "triggers", "designed", "ru_source", "ally_for_all", "source",
    "ally_faction", "second_ally_faction", "objective", "reward", *ABILITY_SLOTS,
    *GAMBIT_SLOTS,
}
# Where a Russian name comes from: absent = the Hobby World edition (the name table in
# shared/reference/card_names_ru_en.md); "ours" = our translation (no published name).
RU_SOURCES = ("ours",)
SET_FIELDS = {"id", "name_en", "name_ru", "trade_cards", "explorers", "scouts", "vipers",
              "listed"}
ROLES = ("trade", "starter", "explorer", "mission", "gambit")
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
COMMON_FILE = "common.toml"
# Files in rules/ that hold card sets.  Other files (adventures, campaign) have
# their own loaders; an unknown file is reported so a typo cannot hide data.
CARD_SET_FILES = ("core.toml", "frontiers.toml", "colony_wars.toml", "crisis.toml",
                  "united.toml", "united_missions.toml", "gambits.toml", "promos.toml",
                  "campaign.toml", "campaign_post.toml", "campaign_decks.toml")


# A hero (Crisis) is acquired straight into play and waits there until its owner scraps
# it: it is never played, never attacked and never an ally, so all it may print is a
# scrap ability (and an on-acquire one).
CARD_TYPES = ("ship", "base", "hero", "event", "mission", "gambit")
HERO_SLOTS = ("scrap", "on_acquire")


def _check_hero(raw: dict, outpost: bool, errors: Errors) -> None:
    """What a hero may not have: a defense or outpost status (it cannot be attacked),
    abilities that fire on play or need an ally, standing effects; it needs a scrap
    ability (the only way to use it)."""
    if "defense" in raw:
        errors.add("defense", "a hero has no defense (it is not a base: it cannot be attacked)")
    if outpost:
        errors.add("outpost", "a hero cannot be an outpost (only bases can)")
    for slot in ABILITY_SLOTS:
        if slot in raw and slot not in HERO_SLOTS:
            errors.add(slot, "a hero has only a scrap ability (it is never played and "
                             "is no ally)")
    if "scrap" not in raw:
        errors.add("scrap", "a hero needs a scrap ability (scrapping it is its only use)")
    if raw.get("triggers"):
        errors.add("triggers", "a hero has no standing effects")
    if raw.get("ally_for_all"):
        errors.add("ally_for_all", "a hero is no ally")
    if raw.get("role", "trade") != "trade":
        errors.add("role", "a hero is a trade card")


def _check_unbought(raw: dict, outpost: bool, errors: Errors, what: str) -> None:
    """What a card that is never bought nor played (an event, a mission) may not have: a
    faction, a cost or a defense."""
    if raw.get("factions"):
        errors.add("factions", f"{what} has no faction")
    if raw.get("cost", 0) != 0:
        errors.add("cost", f"{what} is never bought: its cost is 0")
    if "defense" in raw or outpost:
        errors.add("defense" if "defense" in raw else "outpost", f"{what} is no base")


def _check_event(raw: dict, outpost: bool, errors: Errors) -> None:
    """An event (Crisis) is never bought or played: it has no faction, cost, defense or
    ability but the one that resolves as it is revealed (`primary`)."""
    _check_unbought(raw, outpost, errors, "an event")
    for slot in ABILITY_SLOTS:
        if slot in raw and slot != "primary":
            errors.add(slot, "an event has only the effect it resolves when revealed "
                             "(primary)")
    if "primary" not in raw:
        errors.add("primary", "an event needs the effect it resolves when revealed")
    for key in ("triggers", "ally_for_all"):
        if raw.get(key):
            errors.add(key, "an event has no standing effects")
    if raw.get("role", "trade") != "trade":
        errors.add("role", "an event is shuffled into the trade deck (role trade)")


def _check_mission(raw: dict, outpost: bool, errors: Errors) -> None:
    """A mission (United) is dealt face down to a player: no faction, cost or defense,
    no abilities but its reward, and an objective."""
    _check_unbought(raw, outpost, errors, "a mission")
    for slot in ABILITY_SLOTS:
        if slot in raw:
            errors.add(slot, "a mission has only its objective and its reward")
    for key in ("triggers", "ally_for_all", "ally_faction", "second_ally_faction"):
        if key in raw:
            errors.add(key, "a mission has only its objective and its reward")
    if "reward" not in raw:
        errors.add("reward", "a mission needs the reward its owner takes on revealing it")
    if raw.get("role", "mission") != "mission":
        errors.add("role", "a mission is dealt to a player, never shuffled in (role mission)")


def _check_gambit(raw: dict, outpost: bool, errors: Errors) -> None:
    """A gambit (the Gambit set) is dealt face down to a player: no faction, cost or
    defense, and exactly one of a scrap ability (used once, as it is revealed), an
    `each_turn` ability or an `ongoing` standing effect (both stay face up)."""
    _check_unbought(raw, outpost, errors, "a gambit")
    for slot in ABILITY_SLOTS:
        if slot in raw and slot != "scrap":
            errors.add(slot, "a gambit has a scrap ability, an each_turn ability or an "
                             "ongoing effect, nothing else")
    for key in ("triggers", "ally_for_all", "ally_faction", "second_ally_faction"):
        if key in raw:
            errors.add(key, "a gambit has no ally abilities or triggers")
    kinds = [k for k in ("scrap", *GAMBIT_SLOTS) if k in raw]
    if len(kinds) != 1:
        errors.add("scrap", "a gambit needs exactly one of scrap, each_turn and ongoing")
    if raw.get("role", "gambit") != "gambit":
        errors.add("role", "a gambit is dealt to a player, never shuffled in (role gambit)")


def _gambit_slots(raw: dict, ctype: str, abilities: dict, errors: Errors) -> None:
    """A gambit's `each_turn` effects and its `ongoing` standing effects."""
    for slot in GAMBIT_SLOTS:
        if slot not in raw:
            continue
        if ctype != "gambit":
            errors.add(slot, "only a gambit has an each_turn ability or an ongoing effect")
            continue
        effects = parse_effects(raw[slot], slot, errors)
        if effects:
            abilities[slot] = effects


def _check_standing(abilities: dict, errors: Errors) -> None:
    """The ops of engine.gambits.STANDING_OPS stand in a gambit's `ongoing` effects, and
    nothing else does: they are read where they apply, never run."""
    for slot, effects in abilities.items():
        for i, (op, _params) in enumerate(effects):
            if (op in STANDING_OPS) != (slot == "ongoing"):
                errors.add(f"{slot}[{i}].{op}",
                           f"an ongoing effect is one of {', '.join(STANDING_OPS)}, "
                           "and those stand nowhere else")


def _objective(raw: Any, errors: Errors) -> tuple[str, Any] | None:
    """`objective = { <name> = <argument> }`, a name of engine.missions.OBJECTIVES."""
    if not isinstance(raw, dict) or len(raw) != 1:
        errors.add("objective", "expected a table with exactly one objective")
        return None
    (name, arg), = raw.items()
    path = f"objective.{name}"
    if name not in OBJECTIVES:
        errors.add(path, f"unknown objective (known: {', '.join(OBJECTIVES)})")
        return None
    kind = OBJECTIVES[name][0]
    if kind == "count":
        return name, validate.need_int({name: arg}, name, errors, 1, 20, path="objective.")
    if kind == "faction":
        if arg not in FACTIONS:
            errors.add(path, f"unknown faction {arg!r}")
        return name, arg
    if not isinstance(arg, dict) or not arg or not set(arg) <= set(GAINS):
        errors.add(path, f"expected a table of amounts ({', '.join(GAINS)})")
        return None
    return name, {k: validate.need_int(arg, k, errors, 1, 50, path=f"{path}.") for k in arg}


class RulesError(DataError):
    """rules/ data is invalid; ``errors`` lists every problem found."""


def _str(raw: dict, key: str, where: str, errors: Errors) -> str:
    return validate.need_str(raw, key, errors, where)


def _int(raw: dict, key: str, where: str, errors: Errors, lo: int, hi: int, default=None) -> int:
    return validate.need_int(raw, key, errors, lo, hi,
                             validate.MISSING if default is None else default, where)


def parse_card(raw: Any, set_id: str, needs_copies: bool, errors: Errors) -> CardDef | None:
    """Parse one ``[[card]]`` table; errors are recorded with ``field`` paths."""
    if not isinstance(raw, dict):
        errors.add("card", "expected a table")
        return None
    validate.unknown_fields(raw, CARD_FIELDS, errors)
    cid = _str(raw, "id", "", errors)
    if cid and not ID_RE.match(cid):
        errors.add("id", f"{cid!r} must be lower_snake_case")
    name_en = _str(raw, "name_en", "", errors)
    name_ru = _str(raw, "name_ru", "", errors)
    factions_raw = raw.get("factions")
    factions: list[str] = []
    if not isinstance(factions_raw, list):
        errors.add("factions", "expected a list (empty for unaligned cards)")
    else:
        for i, f in enumerate(factions_raw):
            if f not in FACTIONS:
                errors.add(f"factions[{i}]", f"unknown faction {f!r} ({', '.join(FACTIONS)})")
            else:
                factions.append(f)
    ctype = raw.get("type")
    if ctype not in CARD_TYPES:
        errors.add("type", f"expected one of {', '.join(CARD_TYPES)}, got {ctype!r}")
        ctype = "ship"
    cost = _int(raw, "cost", "", errors, 0, 20)
    defense = 0
    outpost = validate.need_bool(raw, "outpost", errors)
    if ctype == "base":
        defense = _int(raw, "defense", "", errors, 1, 30)
    elif ctype == "hero":
        _check_hero(raw, outpost, errors)
    elif ctype == "event":
        _check_event(raw, outpost, errors)
    elif ctype == "mission":
        _check_mission(raw, outpost, errors)
    elif ctype == "gambit":
        _check_gambit(raw, outpost, errors)
    else:
        if "defense" in raw:
            errors.add("defense", "ships have no defense")
        if outpost:
            errors.add("outpost", "only bases can be outposts")
    copies = 0
    if needs_copies:
        copies = _int(raw, "copies", "", errors, 1, 30)
    elif "copies" in raw:
        errors.add("copies", "common cards take their counts from each set's [set] table")
    role = raw.get("role", ctype if ctype in ("mission", "gambit") else "trade")
    if role not in ROLES:
        errors.add("role", f"unknown role {role!r} ({', '.join(ROLES)})")
    designed = raw.get("designed", False)
    if not isinstance(designed, bool):
        errors.add("designed", "expected true or false")
    ru_source = raw.get("ru_source", "")
    if "ru_source" in raw and ru_source not in RU_SOURCES:
        errors.add("ru_source", f"unknown value {ru_source!r} ({', '.join(RU_SOURCES)})")
    # Where the card's facts come from (the Crisis packs name their sources per card)
    if "source" in raw and (not isinstance(raw["source"], str) or not raw["source"].strip()):
        errors.add("source", "expected a non-empty string naming the card's sources")
    # Mech World: "counts as an ally for all factions" (a standing property, see allies.py)
    ally_for_all = validate.need_bool(raw, "ally_for_all", errors)
    abilities = {}
    for slot in ABILITY_SLOTS:
        if slot in raw:
            if raw[slot] == []:
                errors.add(slot, "an ability needs at least one effect")
            effects = parse_effects(raw[slot], slot, errors)
            if effects:
                abilities[slot] = effects
    _gambit_slots(raw, ctype, abilities, errors)
    _check_standing(abilities, errors)
    objective = None
    if ctype == "mission":
        objective = _objective(raw.get("objective"), errors)
        if "reward" in raw:
            abilities["reward"] = parse_effects(raw["reward"], "reward", errors)
    elif "objective" in raw or "reward" in raw:
        errors.add("objective" if "objective" in raw else "reward",
                   "only a mission has an objective and a reward")
    ally_faction, second_faction = _ally_lines(raw, factions, errors)
    triggers = []
    raw_triggers = raw.get("triggers", [])
    if not isinstance(raw_triggers, list):
        errors.add("triggers", "expected a list of tables")
        raw_triggers = []
    for i, t in enumerate(raw_triggers):
        path = f"triggers[{i}]"
        if not isinstance(t, dict):
            errors.add(path, "expected a table")
            continue
        for key in t:
            if key not in ("on", "kind", "faction", "effects"):
                errors.add(f"{path}.{key}", "unknown field")
        if t.get("on") != "play":
            errors.add(f"{path}.on", "only 'play' triggers exist")
        kind = t.get("kind")
        if kind not in (None, "ship", "base"):
            errors.add(f"{path}.kind", "expected 'ship' or 'base'")
        faction = t.get("faction")
        if faction is not None and faction not in FACTIONS:
            errors.add(f"{path}.faction", f"unknown faction {faction!r}")
        effects = parse_effects(t.get("effects", []), f"{path}.effects", errors)
        triggers.append(Trigger("play", kind, faction, effects))
    # Most cards have a primary ability; a few print only a scrap ability (Battle
    # Station), a standing trigger (Fleet HQ) or a standing property (Mech World).
    if (not any(slot in raw for slot in ABILITY_SLOTS) and not triggers and not ally_for_all
            and ctype not in ("mission", "gambit")):
        errors.add("primary", "every card needs an ability, a trigger or ally_for_all")
    if errors:
        return None
    assert isinstance(role, str)  # (one of ROLES, else errors)
    return CardDef(
        id=cid,
        name_en=name_en,
        name_ru=name_ru,
        factions=tuple(factions),
        type=ctype,
        cost=cost,
        defense=defense,
        outpost=outpost,
        copies=copies,
        role=role,
        set=set_id,
        abilities=abilities,
        triggers=tuple(triggers),
        designed=bool(designed),
        ru_source=str(ru_source),
        ally_for_all=ally_for_all,
        ally_factions=(ally_faction,) if ally_faction else (),
        second_ally_faction=second_faction,
        objective=objective,
    )


def _ally_lines(raw: dict, factions: list[str], errors: Errors) -> tuple[str | None, str | None]:
    """United's two-faction cards print their ally abilities in two shapes: one line
    either faction switches on ("Blob or Star Empire Ally: …": a plain `ally`), or a
    line per faction ("Star Empire Ally: …  Trade Federation Ally: …": `ally` pinned
    by `ally_faction`, `second_ally` by `second_ally_faction`).  Returns the two pins."""
    pins: list[str | None] = []
    for key, slot in (("ally_faction", "ally"), ("second_ally_faction", "second_ally")):
        value = raw.get(key)
        if value is None:
            pins.append(None)
            continue
        if value not in factions:
            errors.add(key, f"expected one of the card's factions ({', '.join(factions)}), "
                            f"got {value!r}")
            value = None
        if slot not in raw:
            errors.add(key, f"names the faction of a {slot} ability the card does not have")
        pins.append(value)
    first, second = pins
    if "second_ally" in raw:
        if second is None and "second_ally_faction" not in raw:
            errors.add("second_ally_faction", "a second ally ability needs its faction")
        if first is None and "ally_faction" not in raw:
            errors.add("ally_faction", "with a second ally ability, the first one is pinned "
                                       "to a faction too")
        if first is not None and first == second:
            errors.add("second_ally_faction", "the two ally abilities answer to the same "
                                              "faction: write them as one")
    return first, second


def _parse_cards(doc: dict, label: str, set_id: str, needs_copies: bool,
                 errors: list[str]) -> list[CardDef]:
    cards_raw = doc.get("card", [])
    if not isinstance(cards_raw, list) or not cards_raw:
        errors.append(f"{label}: expected one or more [[card]] tables")
        return []
    cards = []
    for i, raw in enumerate(cards_raw):
        card_errors = Errors()
        name = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) else None
        name = name or f"card[{i}]"
        card = parse_card(raw, set_id, needs_copies, card_errors)
        errors.extend(f"{label}:{name}:{e}" for e in card_errors)
        if card is not None and not card_errors:
            cards.append(card)
    return cards


def _parse_set(doc: dict, label: str, errors: list[str]) -> tuple[CardSet | None, list[CardDef]]:
    raw = doc.get("set")
    if not isinstance(raw, dict):
        errors.append(f"{label}:set: missing [set] table")
        return None, []
    e = Errors()
    for key in raw:
        if key not in SET_FIELDS:
            e.add(key, "unknown field")
    sid = _str(raw, "id", "", e)
    if sid and not ID_RE.match(sid):
        e.add("id", f"{sid!r} must be lower_snake_case")
    _str(raw, "name_en", "", e)
    _str(raw, "name_ru", "", e)
    trade_cards = _int(raw, "trade_cards", "", e, 1, 500)
    explorers = _int(raw, "explorers", "", e, 0, 100)
    scouts = _int(raw, "scouts", "", e, 0, 200)
    vipers = _int(raw, "vipers", "", e, 0, 100)
    listed = raw.get("listed", True)
    if not isinstance(listed, bool):
        e.add("listed", "expected true or false")
    errors.extend(f"{label}:set:{x}" for x in e)
    n_before = len(errors)
    cards = _parse_cards(doc, label, sid, True, errors)
    cards_failed = len(errors) > n_before
    total = sum(c.copies for c in cards)
    # A card that failed to parse is missing from the total: its own error says enough.
    if not e and cards and not cards_failed and total != trade_cards:
        errors.append(f"{label}:set:trade_cards: the cards add up to {total} copies, "
                      f"the set says {trade_cards}")
    if e:
        return None, cards
    cset = CardSet(sid, raw["name_en"], raw["name_ru"], explorers, scouts, vipers,
                   tuple(c.id for c in cards), listed)
    return cset, cards


def load_card_db(rules_dir: Path) -> CardDB:
    """Load and validate every card file; raise :class:`RulesError` listing all problems."""
    errors: list[str] = []
    cards: list[CardDef] = []
    sets: list[CardSet] = []
    common = read_toml(rules_dir / COMMON_FILE, f"rules/{COMMON_FILE}", errors)
    common_failed = False
    if common is not None:
        cards += _parse_cards(common, f"rules/{COMMON_FILE}", "", False, errors)
        common_failed = bool(errors)
    for name in CARD_SET_FILES:
        label = f"rules/{name}"
        doc = read_toml(rules_dir / name, label, errors)
        if doc is None:
            continue
        cset, set_cards = _parse_set(doc, label, errors)
        cards += set_cards
        if cset is not None:
            sets.append(cset)
    seen: dict[str, str] = {}
    for c in cards:
        if c.id in seen:
            errors.append(f"rules:{c.id}:id: defined twice ({seen[c.id]} and {c.set or 'common'})")
        seen[c.id] = c.set or "common"
    for required in ("scout", "viper", "explorer"):
        # a required card that failed to parse already has its own error
        if common is not None and not common_failed and required not in seen:
            errors.append(f"rules/{COMMON_FILE}:{required}:id: required card is missing")
    if errors:
        raise RulesError(errors)
    db = CardDB(cards, sets)
    from game.star_realms.data.adventures import FILE as ADVENTURES
    from game.star_realms.data.adventures import parse_adventures

    doc = read_toml(rules_dir / "adventures.toml", ADVENTURES, errors)
    if doc is not None:
        db.adventures = parse_adventures(doc, db, errors)
    from game.star_realms.data.campaign import load_campaign

    db.campaign = load_campaign(
        lambda name, label: read_toml(rules_dir / name, label, errors), db, errors)
    if errors:
        raise RulesError(errors)
    return db
