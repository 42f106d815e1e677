"""The legacy campaign's data, as loaded from ``rules/campaign_*.toml`` (seed 001).

Everything here is immutable and shared by every game of every campaign; what a
particular campaign has done (vaults, upgrades, choices) lives in :mod:`game.star_realms.campaign`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.star_realms.engine.cards import Effects

PLAYER_FACTIONS: tuple[str, str] = ("star_empire", "trade_federation")
UPGRADE_COST = {"ship": 2, "base": 3}  # «Улучшение корабля стоит 2, базы – 3»
STICKER_SLOTS = ("primary", "upgrade_ally", "scrap")
SCENARIOS = 12
POLITICAL_SCENARIOS = (1, 2, 3, 4)  # «в сценариях с 1 по 4 ... политическая победа»


@dataclass(frozen=True, slots=True)
class Sticker:
    """One ability sticker: it fits cards of ``cost`` and ``kind`` (ship | base).

    ``effects`` is per player faction (the sheets are the same for both players but a
    sticker may read differently for the Empire and the Federation)."""

    id: str  # "s<sheet>c<cost><kind>", e.g. "s1c3ship"
    sheet: int
    cost: int
    kind: str
    slot: str  # primary ("and ..."), upgrade_ally or scrap
    effects: dict[str, Effects]

    @property
    def row(self) -> tuple[int, int]:
        """(sheet, cost): only one sticker of a row may ever be used."""
        return (self.sheet, self.cost)


@dataclass(frozen=True, slots=True)
class Sheet:
    number: int
    name_en: str
    name_ru: str
    scenario: int  # the scenario whose envelope holds it
    costs: tuple[int, ...]  # the five rows


@dataclass(frozen=True, slots=True)
class Rule:
    """A scenario's rule change.  ``who`` names seats relative to the game (first,
    second, both, empire, federation, favoured:<faction>, rival:<faction>); ``when``
    is a condition on earlier choices ("<scenario>:<option>", "!" negates)."""

    kind: str
    who: str
    params: dict[str, Any]
    when: str = ""


@dataclass(frozen=True, slots=True)
class ChoiceOption:
    id: str
    name_en: str
    name_ru: str
    text_en: str
    text_ru: str
    favour: tuple[str, str] | None = None  # (neighbour faction, "first" | "second")
    rules: tuple[Rule, ...] = ()


@dataclass(frozen=True, slots=True)
class Choice:
    prompt_en: str
    prompt_ru: str
    options: tuple[ChoiceOption, ...]


@dataclass(frozen=True, slots=True)
class Side:
    """One face of a scenario card: the face of the first player's faction."""

    story_en: str
    story_ru: str
    rules: tuple[Rule, ...] = ()
    choice: Choice | None = None


@dataclass(frozen=True, slots=True)
class VictoryCard:
    name_en: str
    name_ru: str
    points: int


@dataclass(frozen=True, slots=True)
class Scenario:
    number: int
    id: str
    name_en: str
    name_ru: str
    teaches_en: str
    teaches_ru: str
    vp: VictoryCard
    sides: dict[str, Side]  # by the first player's faction
    political: bool = False  # the sheet of this scenario wins when fully used


@dataclass(frozen=True)
class CampaignDef:
    decks: dict[str, tuple[tuple[str, int], ...]]  # personal deck by player faction
    sheets: tuple[Sheet, ...]
    stickers: dict[str, Sticker]
    scenarios: tuple[Scenario, ...]
    finale_en: str = ""
    finale_ru: str = ""
    topup: int = 20  # «пока не улучшите суммарно 20 карт»
    extra: dict[str, Any] = field(default_factory=dict)

    def scenario(self, number: int) -> Scenario:
        return self.scenarios[number - 1]

    def sheet(self, number: int) -> Sheet:
        return self.sheets[number - 1]

    def sheets_by(self, scenario: int) -> list[int]:
        """Sheets a player holds when playing ``scenario`` (their envelopes are open)."""
        return [s.number for s in self.sheets if s.scenario <= scenario]

    def stickers_for(self, cost: int, kind: str) -> list[Sticker]:
        return [s for s in self.stickers.values() if s.cost == cost and s.kind == kind]
