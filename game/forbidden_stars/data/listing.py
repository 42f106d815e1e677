"""Every Forbidden Stars component as plain rows (``python -m game cards --game
forbidden_stars``): id, names, kind, faction and the fields that matter for its kind."""

from __future__ import annotations

from typing import Any

from game.forbidden_stars.engine.components import Effect, FSRules


def _effects(effects: tuple[Effect, ...]) -> list[str]:
    return [f"{e.when + ':' if e.when else ''}{e.kind}" for e in effects]


def component_rows(rules: FSRules) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for f in rules.factions.values():
        rows.append({"id": f.id, "name_en": f.name_en, "name_ru": f.name_ru, "kind": "faction",
                     "faction": f.id, "tile": f.tile, "materiel": f.materiel,
                     "ability": f.ability_en, "effects": _effects(f.ability)})
    for u in rules.units.values():
        rows.append({"id": u.id, "name_en": u.name_en, "name_ru": u.name_ru, "kind": "unit",
                     "faction": u.faction, "type": u.type, "cl": u.cl, "cost": u.cost,
                     "dice": u.dice, "health": u.health, "morale": u.morale,
                     "forge": u.forge})
    for s in rules.structures.values():
        rows.append({"id": s.id, "name_en": s.name_en, "name_ru": s.name_ru,
                     "kind": "structure", "faction": "", "cost": s.cost})
    for c in rules.combat_cards.values():
        rows.append({"id": c.id, "name_en": c.name_en, "name_ru": c.name_ru, "kind": "combat",
                     "faction": c.faction, "deck": c.deck, "level": c.level, "cost": c.cost,
                     "icons": list(c.icons), "units": list(c.units),
                     "effects": _effects(c.main) + [f"unit:{x}" for x in _effects(c.unit)]})
    for g in rules.upgrades.values():
        rows.append({"id": g.id, "name_en": g.name_en, "name_ru": g.name_ru,
                     "kind": "order_upgrade", "faction": g.faction, "order": g.order,
                     "orbital": g.orbital, "level": g.level, "cost": g.cost,
                     "effects": _effects(g.effects)})
    for e in rules.events.values():
        rows.append({"id": e.id, "name_en": e.name_en, "name_ru": e.name_ru, "kind": "event",
                     "faction": e.faction, "type": e.kind, "storm": e.storm,
                     "effects": _effects(e.effects)})
    for t in rules.faces.values():
        worlds = [a for a in t.areas if a.kind == "world"]
        rows.append({"id": t.id, "name_en": t.name_en, "name_ru": t.name_ru, "kind": "tile",
                     "faction": next((f.id for f in rules.factions.values()
                                      if f.tile == t.tile), ""),
                     "worlds": len(worlds), "materiel": sum(a.materiel for a in worlds),
                     "designed": t.origin.designed})
    return rows


def summary(rules: FSRules) -> str:
    """Forbidden Stars' part of ``validate-rules``' one-line summary."""
    start = sum(c.deck == "start" for c in rules.combat_cards.values())
    schemes = sum(e.kind == "scheme" for e in rules.events.values())
    return (f"forbidden_stars: {len(rules.factions)} factions ({len(rules.units)} units), "
            f"{len(rules.combat_cards)} combat cards ({start} starting), "
            f"{len(rules.upgrades)} order upgrades, {len(rules.events)} events ({schemes} "
            f"schemes), {len(rules.faces)} tile faces")
