"""The legacy campaign's data, as loaded from ``rules/campaign_*.toml`` (seed 001).

Everything here is immutable and shared by every game of every campaign; what a
particular campaign has done (vaults, upgrades, choices) lives in :mod:`game.star_realms.campaign`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from game.star_realms.engine.cards import CAMPAIGN_FACTIONS, CardDef, Effects

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
    topup: int = 20  # «пока не улучшите суммарно 20 карт»: per player (campaign/flow.py)
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


# ---------------------------------------------------------------------- upgrades
# (upgraded cards are data any game may hold — a finished campaign's legacy deck in any
# format, a loaded save — so they live here, below the engine's formats)


class SpecError(ValueError):
    """A campaign spec (from a save or the campaign file) is not usable."""


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise SpecError(message)


def _is_int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def upgrade_key(sticker: str, faction: str) -> str:
    return f"{sticker}@{faction}"


def split_key(key: str) -> tuple[str, str]:
    sticker, _, faction = key.partition("@")
    return sticker, faction


def apply_sticker(card: CardDef, sticker: Sticker, faction: str) -> CardDef:
    return card.upgraded(upgrade_key(sticker.id, faction), faction, sticker.slot,
                         sticker.effects[faction])


def apply_key(db: Any, card: CardDef, key: str) -> CardDef:
    """A printed card with the upgrade named by ``key`` (from a snapshot or a spec)."""
    sticker, faction = split_key(key)
    campaign = getattr(db, "campaign", None)
    if campaign is None or sticker not in campaign.stickers or faction not in PLAYER_FACTIONS:
        raise ValueError(f"unknown upgrade {key!r}")
    return apply_sticker(card, campaign.stickers[sticker], faction)


def parse_upgrades(ups: Any, db: Any) -> dict[tuple[str, int], tuple[str, str]]:
    """``[[card, copy, sticker, faction], ...]`` checked against the data."""
    campaign = getattr(db, "campaign", None)
    if campaign is None:
        raise SpecError("this build has no campaign data")
    upgrades: dict[tuple[str, int], tuple[str, str]] = {}
    _need(isinstance(ups, list) and len(ups) <= 200, "campaign upgrades must be a list")
    for u in ups:
        _need(isinstance(u, list) and len(u) == 4, "a campaign upgrade is [card, copy, "
                                                   "sticker, faction]")
        cid, copy, sticker, faction = u
        _need(isinstance(cid, str) and cid in db, f"upgrade of unknown card {str(cid)[:40]!r}")
        _need(_is_int(copy, 0, db[cid].copies - 1), f"upgrade of a missing copy of {cid}")
        _need(isinstance(sticker, str) and sticker in campaign.stickers,
              f"unknown sticker {str(sticker)[:40]!r}")
        _need(isinstance(faction, str) and faction in PLAYER_FACTIONS,
              "an upgrade's faction must be a player faction")
        _need(can_carry(db[cid], campaign.stickers[sticker]),
              f"sticker {sticker} does not fit {cid}")
        _need((cid, copy) not in upgrades, f"{cid} copy {copy} is upgraded twice")
        upgrades[(cid, copy)] = (sticker, faction)
    return upgrades


def upgrade_supply(db: Any, trade: list[CardDef],
                   upgrades: dict[tuple[str, int], tuple[str, str]]) -> list[CardDef]:
    """Each physical copy of the trade deck with its upgrade (copies are numbered in the
    order the sets list them)."""
    copies: dict[str, int] = {}
    out = []
    for card in trade:
        copy = copies.get(card.id, 0)
        copies[card.id] = copy + 1
        up = upgrades.get((card.id, copy))
        out.append(apply_key(db, card, upgrade_key(*up)) if up else card)
    return out


def can_carry(card: CardDef, sticker: Sticker) -> bool:
    """May this sticker go on this card?  A neighbour-faction card not yet upgraded, of
    the sticker's printed cost and type; a scrap sticker needs a card without one."""
    return (card.upgrade is None and card.cost == sticker.cost and card.type == sticker.kind
            and any(f in CAMPAIGN_FACTIONS for f in card.factions)
            and not (sticker.slot == "scrap" and "scrap" in card.abilities))
