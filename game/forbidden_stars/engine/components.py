"""Forbidden Stars' printed components as the loader hands them to the engine: frozen,
checked values (game/forbidden_stars/data builds them from rules/forbidden_stars/)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Origin:
    """Where an entry comes from: ``source``, ``confidence`` (C/S/I/X), whether we
    ``designed`` it, and where its Russian name comes from."""

    source: str
    confidence: str
    designed: bool
    ru_source: str


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of the closed vocabulary: ``kind``, its parameters (nested effects are
    tuples of Effect; ``choose`` options a tuple of such tuples), ``cond`` (the ``if``),
    ``when`` (the timing, "" where the card fixes it)."""

    kind: str
    params: Mapping[str, Any]
    cond: str = ""
    when: str = ""


@dataclass(frozen=True, slots=True)
class Unit:
    id: str
    faction: str
    name_en: str
    name_ru: str
    type: str  # ground | ship
    cl: int
    cost: int
    dice: int
    health: int
    morale: int
    forge: bool
    figures: int
    reinforcement: bool
    origin: Origin


@dataclass(frozen=True, slots=True)
class Structure:
    id: str
    name_en: str
    name_ru: str
    cost: int
    dice: int
    health: int
    morale: int
    command: int
    supply: int
    origin: Origin


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    name_en: str
    name_ru: str
    ability_en: str
    ability_ru: str
    tile: int
    materiel: int
    start_units: Mapping[str, int]
    start_structures: Mapping[str, int]
    start_assets: Mapping[str, int]
    ability: tuple[Effect, ...]
    origin: Origin
    short_en: str = ""  # the name where the whole one does not fit (a crowded sheet)
    short_ru: str = ""


@dataclass(frozen=True, slots=True)
class CombatCard:
    id: str
    faction: str
    name_en: str
    name_ru: str
    deck: str  # start | upgrade
    level: int  # 0 for a starting card
    cost: int
    icons: tuple[str, ...]
    main: tuple[Effect, ...]
    units: tuple[str, ...]
    unit: tuple[Effect, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Upgrade:
    id: str
    faction: str
    name_en: str
    name_ru: str
    order: str
    orbital: bool
    level: int
    cost: int
    effects: tuple[Effect, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class EventCard:
    id: str
    faction: str
    name_en: str
    name_ru: str
    kind: str  # scheme | tactic
    storm: str  # a storm icon id
    effects: tuple[Effect, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Area:
    kind: str  # world | void
    materiel: int
    capacity: int
    assets: tuple[str, ...]
    objective: bool


@dataclass(frozen=True, slots=True)
class TileFace:
    id: str
    tile: int
    side: str
    name_en: str
    name_ru: str
    areas: tuple[Area, ...]  # clockwise from the top left, as printed
    origin: Origin


@dataclass(frozen=True, slots=True)
class Named:
    """A simple named entry (an order, a die face, an asset) with a number."""

    id: str
    name_en: str
    name_ru: str
    value: int
    origin: Origin


@dataclass(frozen=True, slots=True)
class StormIcon:
    id: str
    name_en: str
    name_ru: str
    moves_h: tuple[tuple[int, int], ...]
    moves_v: tuple[tuple[int, int], ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    players: int
    board: tuple[int, int]  # tiles: the short side, the long side
    storms: int
    origin: Origin


@dataclass(frozen=True, slots=True)
class FSRules:
    factions: Mapping[str, Faction]
    units: Mapping[str, Unit]
    structures: Mapping[str, Structure]
    combat_cards: Mapping[str, CombatCard]
    upgrades: Mapping[str, Upgrade]
    events: Mapping[str, EventCard]
    faces: Mapping[str, TileFace]
    orders: Mapping[str, Named]
    die_faces: Mapping[str, Named]
    assets: Mapping[str, Named]
    storm_icons: Mapping[str, StormIcon]
    constants: Mapping[str, int]
    setups: Mapping[int, PlayerSetup]
    token_supply: int

    def faction_units(self, faction: str) -> list[Unit]:
        return [u for u in self.units.values() if u.faction == faction]

    def tile_faces(self, tile: int) -> list[TileFace]:
        return [f for f in self.faces.values() if f.tile == tile]

    def faction_tiles(self) -> dict[int, str]:
        return {f.tile: f.id for f in self.factions.values()}
