"""Immutable card definitions and the card database handed to a game.

An ability is a tuple of effects; an effect is ``(op, params)`` where ``op`` is a
name from the closed vocabulary in :mod:`game.engine.vocabulary` and ``params``
is the normalised value the loader produced (an int, a tuple of effect lists, or
a dict).  Definitions are shared by every clone of a game, so nothing here is
ever mutated after loading.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

Effect = tuple[str, Any]
Effects = tuple[Effect, ...]

FACTIONS: tuple[str, ...] = ("blob", "machine_cult", "star_empire", "trade_federation")

# Ability slots a card may carry.  `double_ally` needs two other cards of a faction.
ABILITY_SLOTS: tuple[str, ...] = ("primary", "ally", "double_ally", "scrap", "on_acquire")
ACTIVATED_SLOTS: tuple[str, ...] = ("primary", "ally", "double_ally", "scrap")


@dataclass(frozen=True, slots=True)
class Trigger:
    """A standing effect of a card in play, e.g. Command Center's
    "whenever you play a Star Empire ship, gain 2 combat"."""

    on: str  # "play"
    kind: str | None  # "ship" | "base" | None for any
    faction: str | None
    effects: Effects


@dataclass(frozen=True, slots=True)
class CardDef:
    id: str
    name_en: str
    name_ru: str
    factions: tuple[str, ...]
    type: str  # "ship" | "base"
    cost: int
    defense: int = 0
    outpost: bool = False
    copies: int = 1
    role: str = "trade"  # "trade" | "starter" | "explorer" | campaign/boss roles later
    set: str = ""
    abilities: Mapping[str, Effects] = field(default_factory=dict)
    triggers: tuple[Trigger, ...] = ()
    designed: bool = False  # True where the content is ours, not printed on a card
    upgrade: str | None = None  # campaign sticker id carried by this physical card

    @property
    def is_base(self) -> bool:
        return self.type == "base"

    @property
    def is_ship(self) -> bool:
        return self.type == "ship"

    @property
    def kind(self) -> str:
        """ship | base | outpost | unaligned (faction-less cards), as the CLI reports it."""
        if not self.factions:
            return "unaligned"
        if self.is_base:
            return "outpost" if self.outpost else "base"
        return "ship"

    def ability(self, slot: str) -> Effects:
        return self.abilities.get(slot, ())

    def upgraded(self, sticker: str, faction: str | None, extra_primary: Effects) -> CardDef:
        """This card with a campaign upgrade: an extra faction and effects appended to
        the primary ability.  Upgraded cards lose their on-acquire ability."""
        factions = self.factions
        if faction and faction not in factions:
            factions = (*factions, faction)
        abilities = dict(self.abilities)
        abilities["primary"] = self.ability("primary") + extra_primary
        abilities.pop("on_acquire", None)
        return replace(self, factions=factions, abilities=abilities, upgrade=sticker)


@dataclass(frozen=True, slots=True)
class CardSet:
    id: str
    name_en: str
    name_ru: str
    explorers: int
    scouts: int
    vipers: int
    cards: tuple[str, ...]  # ids of the trade cards of this set


class CardDB:
    """Every known card definition plus the sets they come in."""

    def __init__(self, cards: Iterable[CardDef], sets: Iterable[CardSet]):
        self.cards: dict[str, CardDef] = {}
        for c in cards:
            self.cards[c.id] = c
        self.sets: dict[str, CardSet] = {s.id: s for s in sets}
        self.adventures: dict[str, Any] = {}  # id → AdventureDef (rules/adventures.toml)

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def set_cards(self, set_id: str) -> list[CardDef]:
        return [self.cards[cid] for cid in self.sets[set_id].cards]
