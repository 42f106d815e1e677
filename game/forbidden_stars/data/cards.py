"""rules/forbidden_stars/combat_cards.toml, upgrades.toml and events.toml: the cards whose
behaviour is written in the closed vocabulary."""

from __future__ import annotations

from collections import Counter

from game import validate
from game.forbidden_stars.data import common
from game.forbidden_stars.data.effects import Context, parse_effects
from game.forbidden_stars.engine import vocabulary as vocab
from game.forbidden_stars.engine.components import CombatCard, EventCard, Unit, Upgrade
from game.validate import Errors

COMBAT_FILE = "combat_cards.toml"
UPGRADES_FILE = "upgrades.toml"
EVENTS_FILE = "events.toml"
DECKS = ("start", "upgrade")
# Per faction (facts §3-§5; RB p.2): 14 combat card types, 5 of them starting; the 9
# upgrades are 4 at level 0 (cost 2), 3 at level 2 (cost 4), 2 at level 3 (cost 6).
COMBAT_TYPES = 14
START_TYPES = 5
UPGRADE_LEVELS = Counter({(0, 2): 4, (2, 4): 3, (3, 6): 2})
ORDER_UPGRADES = 5
EVENTS = 8
SCHEMES = 4
STORMS_EACH = 2  # every faction's events carry each storm icon twice
EVENT_KINDS = ("scheme", "tactic")
UPGRADE_ORDERS = ("deploy", "strategize", "advance")  # no card mentions Dominate (§4)


def _faction_units(raw: dict, e: Errors, factions: tuple[str, ...],
                   units: dict[str, Unit]) -> tuple[str, tuple[str, ...]]:
    faction = validate.need_choice(raw.get("faction"), "faction", e, factions or ("",))
    return faction, tuple(u.id for u in units.values() if u.faction == faction)


def parse_combat(doc: dict, factions: tuple[str, ...], units: dict[str, Unit],
                 errors: list[str]) -> dict[str, CombatCard]:
    where = common.label(COMBAT_FILE)
    before = len(errors)
    common.top_level(doc, ("card",), where, errors)
    out: dict[str, CombatCard] = {}
    for name, raw in common.entries(doc, "card", where, errors):
        e = Errors()
        common.known(raw, ("faction", "deck", "level", "cost", "icons", "main", "units",
                           "unit"), e)
        o = common.origin(raw, e)
        faction, own = _faction_units(raw, e, factions, units)
        deck = validate.need_choice(raw.get("deck"), "deck", e, DECKS)
        level = cost = 0
        if deck == "upgrade":
            level = validate.need_int(raw, "level", e, 0, 3)
            cost = validate.need_int(raw, "cost", e, 1, 10)
        else:
            for field in ("level", "cost"):
                if field in raw:
                    e.add(field, "a starting card has no level or cost")
        icons = common.str_list(raw.get("icons"), "icons", e, vocab.FACES)
        ctx = Context(own)
        main = parse_effects(raw.get("main"), "main", e, ctx)
        card_units = common.str_list(raw.get("units"), "units", e, (*own, "bastion"))
        unit = parse_effects(raw.get("unit"), "unit", e, ctx)
        if bool(card_units) != bool(unit):
            e.add("unit", "a unit ability needs unit types, and unit types an ability")
        if not main and not unit and not icons:
            e.add("main", "a card with no icons and no ability does nothing")
        if not e:
            out[name] = CombatCard(name, faction, raw["name_en"], raw["name_ru"], deck, level,
                                   cost, icons, main, card_units, unit, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    # the box's counts, once every entry is readable (a broken entry is said once)
    for faction in factions if len(errors) == before else ():
        mine = [c for c in out.values() if c.faction == faction]
        if len(mine) != COMBAT_TYPES:
            errors.append(f"{where}:{faction}:card: {COMBAT_TYPES} combat card types per "
                          f"faction, the file {len(mine)}")
            continue
        start = sum(c.deck == "start" for c in mine)
        if start != START_TYPES:
            errors.append(f"{where}:{faction}:deck: {START_TYPES} starting types, the file "
                          f"{start}")
        levels = Counter((c.level, c.cost) for c in mine if c.deck == "upgrade")
        if levels != UPGRADE_LEVELS:
            errors.append(f"{where}:{faction}:level: upgrades by (level, cost) should be "
                          f"{dict(UPGRADE_LEVELS)}, the file {dict(levels)}")
    return out


def parse_upgrades(doc: dict, factions: tuple[str, ...], units: dict[str, Unit],
                   errors: list[str]) -> dict[str, Upgrade]:
    where = common.label(UPGRADES_FILE)
    before = len(errors)
    common.top_level(doc, ("upgrade",), where, errors)
    out: dict[str, Upgrade] = {}
    for name, raw in common.entries(doc, "upgrade", where, errors):
        e = Errors()
        common.known(raw, ("faction", "order", "orbital", "level", "cost", "effects"), e)
        o = common.origin(raw, e)
        faction, own = _faction_units(raw, e, factions, units)
        order = validate.need_choice(raw.get("order"), "order", e, UPGRADE_ORDERS)
        orbital = validate.need_bool(raw, "orbital", e)
        if orbital and order != "advance":
            e.add("orbital", "an orbital strike is part of an Advance (RB p.11)")
        level = validate.need_int(raw, "level", e, 0, 3)
        cost = validate.need_int(raw, "cost", e, 1, 10)
        effects = parse_effects(raw.get("effects"), "effects", e,
                                Context(own, vocab.CONTEXTS["upgrade"]))
        if orbital and any(x.when != "orbital_strike" for x in effects):
            e.add("effects", "an orbital-strike upgrade applies only on an orbital strike")
        if not e:
            out[name] = Upgrade(name, faction, raw["name_en"], raw["name_ru"], order, orbital,
                                level, cost, effects, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    for faction in factions if len(errors) == before else ():
        n = sum(u.faction == faction for u in out.values())
        if n != ORDER_UPGRADES:
            errors.append(f"{where}:{faction}:upgrade: {ORDER_UPGRADES} order upgrades per "
                          f"faction, the file {n}")
    return out


def parse_events(doc: dict, factions: tuple[str, ...], units: dict[str, Unit],
                 storm_icons: tuple[str, ...], errors: list[str]) -> dict[str, EventCard]:
    where = common.label(EVENTS_FILE)
    before = len(errors)
    common.top_level(doc, ("event",), where, errors)
    out: dict[str, EventCard] = {}
    for name, raw in common.entries(doc, "event", where, errors):
        e = Errors()
        common.known(raw, ("faction", "kind", "storm", "effects"), e)
        o = common.origin(raw, e)
        faction, own = _faction_units(raw, e, factions, units)
        kind = validate.need_choice(raw.get("kind"), "kind", e, EVENT_KINDS)
        storm = validate.need_choice(raw.get("storm"), "storm", e, storm_icons or ("",))
        effects = parse_effects(raw.get("effects"), "effects", e,
                                Context(own, vocab.CONTEXTS[kind]))
        if not e:
            out[name] = EventCard(name, faction, raw["name_en"], raw["name_ru"], kind, storm,
                                  effects, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    for faction in factions if len(errors) == before else ():
        mine = [c for c in out.values() if c.faction == faction]
        if len(mine) != EVENTS:
            errors.append(f"{where}:{faction}:event: {EVENTS} events per faction, the file "
                          f"{len(mine)}")
            continue
        schemes = sum(c.kind == "scheme" for c in mine)
        if schemes != SCHEMES:
            errors.append(f"{where}:{faction}:kind: {SCHEMES} schemes and "
                          f"{EVENTS - SCHEMES} tactics, the file {schemes} schemes")
        icons = Counter(c.storm for c in mine)
        if icons != Counter(dict.fromkeys(storm_icons, STORMS_EACH)):
            errors.append(f"{where}:{faction}:storm: each storm icon {STORMS_EACH} times, "
                          f"the file {dict(icons)}")
    return out
