"""rules/forbidden_stars/factions.toml: the factions, their units, the structures."""

from __future__ import annotations

from types import MappingProxyType

from game import validate
from game.forbidden_stars.data import common
from game.forbidden_stars.data.effects import Context, parse_effects
from game.forbidden_stars.engine import vocabulary as vocab
from game.forbidden_stars.engine.components import Faction, Structure, Unit
from game.validate import Errors

FACTIONS_FILE = "factions.toml"
UNIT_TYPES = ("ground", "ship")
UNITS_PER_FACTION = 6  # four ground units and two ships on every sheet (facts §1)
FIGURES = {"space_marines": 27, "chaos": 27, "orks": 27, "eldar": 24}  # RB p.2


def parse_factions(doc: dict, errors: list[str]) -> tuple[dict[str, Faction], dict[str, Unit],
                                                          dict[str, Structure]]:
    where = common.label(FACTIONS_FILE)
    common.top_level(doc, ("faction", "unit", "structure"), where, errors)
    structures: dict[str, Structure] = {}
    for name, raw in common.entries(doc, "structure", where, errors):
        e = Errors()
        common.known(raw, ("cost", "dice", "health", "morale", "command", "supply"), e)
        o = common.origin(raw, e)
        sid = validate.need_choice(raw["id"], "id", e, vocab.STRUCTURES)
        vals = {f: validate.need_int(raw, f, e, 0, 20) for f in
                ("cost", "dice", "health", "morale", "command", "supply")}
        if not e:
            structures[sid] = Structure(sid, raw["name_en"], raw["name_ru"], **vals, origin=o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    faction_ids = tuple(r["id"] for r in doc.get("faction", []) if isinstance(r, dict)
                        and isinstance(r.get("id"), str))
    units: dict[str, Unit] = {}
    for name, raw in common.entries(doc, "unit", where, errors):
        e = Errors()
        common.known(raw, ("faction", "type", "cl", "cost", "dice", "health", "morale",
                           "forge", "figures", "reinforcement"), e)
        o = common.origin(raw, e)
        faction = validate.need_choice(raw.get("faction"), "faction", e, faction_ids or ("",))
        utype = validate.need_choice(raw.get("type"), "type", e, UNIT_TYPES)
        cl = validate.need_int(raw, "cl", e, 0, 3)
        cost = validate.need_int(raw, "cost", e, 1, 10)
        dice = validate.need_int(raw, "dice", e, 1, 8)
        health = validate.need_int(raw, "health", e, 1, 10)
        morale = validate.need_int(raw, "morale", e, 0, 5)
        forge = validate.need_bool(raw, "forge", e)
        figures = validate.need_int(raw, "figures", e, 1, 12)
        reinf = validate.need_bool(raw, "reinforcement", e)
        if reinf and cl != 0:
            e.add("reinforcement", "a reinforcement token counts as a CL-0 unit (RB p.9)")
        if not e:
            units[name] = Unit(name, faction, raw["name_en"], raw["name_ru"], utype, cl, cost,
                               dice, health, morale, forge, figures, reinf, o)
        errors.extend(f"{where}:{name}:{x}" for x in e)
    factions: dict[str, Faction] = {}
    for name, raw in common.entries(doc, "faction", where, errors):
        e = Errors()
        common.known(raw, ("short_en", "short_ru", "ability_en", "ability_ru", "tile",
                           "materiel", "start", "ability"), e)
        o = common.origin(raw, e)
        for field in ("short_en", "short_ru", "ability_en", "ability_ru"):
            validate.need_str(raw, field, e)
        tile = validate.need_int(raw, "tile", e, 1, 12)
        materiel = validate.need_int(raw, "materiel", e, 0, 14)
        own = tuple(u.id for u in units.values() if u.faction == name)
        start = validate.need_table(raw.get("start"), "start", e,
                                    {"units": True, "structures": True, "assets": True})
        s_units = common.counts(start.get("units", {}), "start.units", e, own, 9)
        s_structs = common.counts(start.get("structures", {}), "start.structures", e,
                                  vocab.STRUCTURES, 3)
        s_assets = common.counts(start.get("assets", {}), "start.assets", e, vocab.ASSETS, 3)
        ability = parse_effects(raw.get("ability"), "ability", e,
                                Context(own, vocab.CONTEXTS["faction"]))
        if not e:
            factions[name] = Faction(name, raw["name_en"], raw["name_ru"], raw["ability_en"],
                                     raw["ability_ru"], tile, materiel,
                                     MappingProxyType(s_units), MappingProxyType(s_structs),
                                     MappingProxyType(s_assets), ability, o,
                                     raw["short_en"], raw["short_ru"])
        errors.extend(f"{where}:{name}:{x}" for x in e)
    return factions, units, structures


def check_faction_units(factions: dict[str, Faction], units: dict[str, Unit],
                        errors: list[str]) -> None:
    """Every faction has its 6 units (one reinforcement type per kind of area) and the
    box's figure count."""
    where = common.label(FACTIONS_FILE)
    for fid in factions:
        own = [u for u in units.values() if u.faction == fid]
        if len(own) != UNITS_PER_FACTION:
            errors.append(f"{where}:{fid}:unit: a faction sheet has {UNITS_PER_FACTION} units, "
                          f"the file {len(own)}")
        for utype in UNIT_TYPES:
            n = sum(u.reinforcement for u in own if u.type == utype)
            if n != 1:
                errors.append(f"{where}:{fid}:reinforcement: one {utype} unit counts as a "
                              f"reinforcement token, the file marks {n}")
        figures = sum(u.figures for u in own)
        if fid in FIGURES and figures != FIGURES[fid]:
            errors.append(f"{where}:{fid}:figures: the box holds {FIGURES[fid]} figures, the "
                          f"file {figures}")
