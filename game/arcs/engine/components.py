"""Immutable definitions of Arcs' printed components, as loaded from ``rules/arcs/``.

Nothing here changes after loading; a game (later) refers to these by id.  Where an
entry came from is kept (``confidence``: C confirmed, S one source, I inferred, X the
sources disagreed; ``designed``: our own decision, explained in docs/arcs-rulings.md).
Pure Python: no pygame, no UI, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Origin:
    source: str
    confidence: str  # "C" | "S" | "I" | "X"
    designed: bool = False
    ru_source: str = "rulebook"  # "rulebook" | "ours"


# ---------------------------------------------------------------------- map


@dataclass(frozen=True, slots=True)
class System:
    id: str  # "G1" for a gate, "1.1" for a planet
    cluster: int
    kind: str  # "gate" | "planet"
    name_en: str
    name_ru: str
    type: str = ""  # a planet's resource type
    slots: int = 0  # a planet's building slots
    symbol: str = ""  # a planet's ID symbol (expansions only)
    origin: Origin | None = None


@dataclass(frozen=True, slots=True)
class MapDef:
    clusters: tuple[int, ...]
    systems: Mapping[str, System]
    edges: frozenset[frozenset[str]]  # undirected, on the full map
    not_adjacent: frozenset[frozenset[str]]  # pairs printed as separated (thick cracks)
    path_markers_long: int
    path_markers_short: int
    out_of_play_markers: int
    path_rule: str  # how an out-of-play cluster's gate joins its neighbours

    def neighbours(self, system: str) -> tuple[str, ...]:
        """Adjacent systems on the full map (out-of-play clusters are the engine's)."""
        return tuple(sorted(next(iter(e - {system})) for e in self.edges if system in e))

    def planets(self) -> tuple[System, ...]:
        return tuple(s for s in self.systems.values() if s.kind == "planet")


@dataclass(frozen=True, slots=True)
class SeatStart:
    a: str  # 3 ships + a city
    b: str  # 3 ships + a starport
    c: tuple[str, ...]  # 2 ships in each (two systems in 2p)


@dataclass(frozen=True, slots=True)
class SetupCard:
    id: str
    name_en: str
    name_ru: str
    players: int
    experienced: bool
    out_of_play: tuple[int, ...]
    seats: tuple[SeatStart, ...]
    origin: Origin


# ---------------------------------------------------------------------- actions, ambitions


@dataclass(frozen=True, slots=True)
class BasicAction:
    id: str
    name_en: str
    name_ru: str
    origin: Origin


@dataclass(frozen=True, slots=True)
class Suit:
    id: str
    name_en: str
    name_ru: str
    actions: tuple[str, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class ActionCard:
    id: str
    name_en: str
    name_ru: str
    suit: str
    number: int
    pips: int
    ambition: str  # an ambition id, "none" or "any"
    min_players: int  # 2, or 4 for the 1s and 7s
    origin: Origin


@dataclass(frozen=True, slots=True)
class Ambition:
    id: str
    name_en: str
    name_ru: str
    card_number: int
    counts: str  # "resources" | "captives" | "trophies"
    resources: tuple[str, ...]  # the types counted (resources and guild suits)
    two_player_tokens: tuple[str, ...]  # the covered planets' types placed on it in 2p
    origin: Origin


@dataclass(frozen=True, slots=True)
class AmbitionMarker:
    id: str
    name_en: str
    name_ru: str
    front: tuple[int, int]  # blue start side: 1st, 2nd place
    back: tuple[int, int]  # orange side
    flip_after_chapter: int
    origin: Origin


# ---------------------------------------------------------------------- dice, board


@dataclass(frozen=True, slots=True)
class Die:
    id: str
    name_en: str
    name_ru: str
    faces: tuple[Mapping[str, int], ...]  # symbol → count; {} is blank
    supply: int
    origin: Origin

    def total(self, symbol: str) -> int:
        return sum(f.get(symbol, 0) for f in self.faces)


@dataclass(frozen=True, slots=True)
class Resource:
    id: str
    name_en: str
    name_ru: str
    supply: int
    prelude: tuple[str, ...]  # basic actions it pays for ("lead" for Psionic)
    origin: Origin


@dataclass(frozen=True, slots=True)
class ResourceSlot:
    position: int
    raid_keys: int
    covered_by: int  # a city slot, 0 = never covered
    origin: Origin


@dataclass(frozen=True, slots=True)
class CitySlot:
    position: int
    covers: tuple[int, ...]  # resource slots under it
    bonus: int  # Power for won ambitions it uncovers
    origin: Origin


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    resource_slots: tuple[ResourceSlot, ...]
    city_slots: tuple[CitySlot, ...]
    pieces: Mapping[str, int]  # ships, starports, cities, agents, power_markers
    origin: Origin


# ---------------------------------------------------------------------- court, leaders, lore


@dataclass(frozen=True, slots=True)
class Ability:
    """One ability: when it applies, its kind from the vocabulary and the parameters."""

    when: str
    kind: str
    params: Mapping[str, Any]
    discard: bool = False
    once_per_turn: bool = False


@dataclass(frozen=True, slots=True)
class CourtCard:
    id: str
    number: str  # the printed code, "BC01"
    name_en: str
    name_ru: str
    type: str  # "guild" | "vox"
    suit: str  # a resource type for guild cards, "" for vox
    keys: int  # raid cost, 0 for vox
    abilities: tuple[Ability, ...]
    after_secured: str  # vox only: "discard" | "shuffle_into_court_deck"
    origin: Origin


@dataclass(frozen=True, slots=True)
class StartBox:
    ships: int
    building: str  # "city" | "starport" | ""


@dataclass(frozen=True, slots=True)
class Leader:
    id: str
    number: str
    name_en: str
    name_ru: str
    resources: tuple[str, str]
    boxes: Mapping[str, StartBox]  # "a", "b", "c"
    abilities: tuple[Ability, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class Lore:
    id: str
    number: str
    name_en: str
    name_ru: str
    abilities: tuple[Ability, ...]
    origin: Origin


@dataclass(frozen=True, slots=True)
class ArcsRules:
    """Everything in rules/arcs/, checked."""

    map: MapDef
    setup_cards: tuple[SetupCard, ...]
    actions: Mapping[str, BasicAction]
    suits: Mapping[str, Suit]
    action_cards: tuple[ActionCard, ...]
    ambitions: Mapping[str, Ambition]
    markers: tuple[AmbitionMarker, ...]
    dice: Mapping[str, Die]
    resources: Mapping[str, Resource]
    board: PlayerBoard
    court: tuple[CourtCard, ...]
    leaders: tuple[Leader, ...]
    lore: tuple[Lore, ...]

    def deck(self, players: int) -> tuple[ActionCard, ...]:
        """The action cards used at this player count."""
        return tuple(c for c in self.action_cards if c.min_players <= players)
