"""Immutable card definitions and the card database handed to a game.

An ability is a tuple of effects; an effect is ``(op, params)`` where ``op`` is a
name from the closed vocabulary in :mod:`game.star_realms.engine.vocabulary` and ``params``
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

# The four factions of the duel boxes (adventures are written for these) and the three
# the legacy campaign brings (seed 001: Consortium, Kingdom, Scavengers).
CLASSIC_FACTIONS: tuple[str, ...] = ("blob", "machine_cult", "star_empire", "trade_federation")
CAMPAIGN_FACTIONS: tuple[str, ...] = ("consortium", "kingdom", "scavengers")
FACTIONS: tuple[str, ...] = CLASSIC_FACTIONS + CAMPAIGN_FACTIONS

# Ability slots a card may carry.  `double_ally` needs two other cards of a faction.
# `second_ally` (United's two-faction cards): a second ally ability that answers to one
# faction of its own (`second_ally_faction`), beside an `ally` pinned to the other.
ABILITY_SLOTS: tuple[str, ...] = ("primary", "ally", "second_ally", "double_ally", "scrap",
                                  "on_acquire")
# A gambit's (the Gambit set) abilities beside a one-shot's `scrap`: `each_turn` resolves
# as it is revealed and at the start of each of its owner's turns; `ongoing` holds
# standing effects read where they apply (engine/gambits.py).  Only gambits have them.
GAMBIT_SLOTS: tuple[str, ...] = ("each_turn", "ongoing")
# `upgrade_ally` only comes from a campaign sticker: an ally ability of the upgrading
# player's faction, whatever the card's own factions (seed 001: "a card and its ally
# ability may belong to different factions").
ACTIVATED_SLOTS: tuple[str, ...] = ("primary", "ally", "second_ally", "double_ally", "scrap",
                                    "upgrade_ally")
# The activated slots in the order the rules list their uses (rules.usable_slots).
# The slots that wait for allies (or a hero's "use all of your <faction> ally abilities").
ALLY_SLOTS: tuple[str, ...] = ("ally", "second_ally", "double_ally", "upgrade_ally")
USE_ORDER: tuple[str, ...] = ("primary", "ally", "second_ally", "double_ally", "upgrade_ally",
                              "scrap")


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
    # "ship" | "base" | "hero" (Crisis: acquired straight into play, scrapped for use) |
    # "event" (Crisis: never bought; resolved for everyone when revealed into the row)
    type: str
    cost: int
    defense: int = 0
    outpost: bool = False
    copies: int = 1
    role: str = "trade"  # "trade" | "starter" | "explorer" | campaign/boss roles later
    set: str = ""
    abilities: Mapping[str, Effects] = field(default_factory=dict)
    triggers: tuple[Trigger, ...] = ()
    designed: bool = False  # True where the content is ours, not printed on a card
    ru_source: str = ""  # "ours": our translation of the name (no published Russian name)
    ally_for_all: bool = False  # Mech World: counts as an ally for every faction
    # Campaign upgrades (seed 001).  `upgrade` is the key of the sticker this physical
    # card carries ("<sticker id>@<faction>"); `ally_factions` are the printed factions
    # its own ally abilities answer to (empty: its factions, as on every printed card);
    # `upgrade_faction` is the faction of a sticker's ally ability.
    upgrade: str | None = None
    ally_factions: tuple[str, ...] = ()
    upgrade_faction: str | None = None
    # United: the one faction a `second_ally` ability answers to (its `ally` is pinned to
    # the other through `ally_factions`: "Star Empire Ally: …  Trade Federation Ally: …").
    second_ally_faction: str | None = None
    # United: Missions: what a mission asks, ``(name, argument)`` from
    # engine.missions.OBJECTIVES (its reward is the ability "reward"); None on other cards
    objective: tuple[str, Any] | None = None
    grant: str = ""  # a scenario rule that gave this card an ability ("" for none)
    # Derived, not given: the slots a player may use while the card is in play, in
    # USE_ORDER (a ship's primary fires as it is played, so only a base's counts).
    # Every decision lists a turn's uses, so this is worked out once per definition.
    usable: tuple[str, ...] = field(init=False, repr=False, compare=False)
    # What makes this definition differ from another of the same id (for caches): the
    # bots read it for every card of every decision, so it too is made once.
    variant: tuple[str, str | None, str] = field(init=False, repr=False, compare=False)
    # No faction, no ally ability of any kind and no Mech World wildness: its entering
    # play can trigger no ally (allies.update_latches skips the turn's cards then).
    inert_ally: bool = field(init=False, repr=False, compare=False)
    # The factions its ally abilities of every kind answer to (printed ones: its printed
    # factions unless pinned), empty when it has none: a card entering play can newly
    # trigger another card's ally only if its factions are among these.
    listens: frozenset[str] = field(init=False, repr=False, compare=False)
    # The card's type as flags: read for every card of every decision (fields, not
    # properties, so a read is a slot lookup rather than a call).
    is_base: bool = field(init=False, repr=False, compare=False)
    is_ship: bool = field(init=False, repr=False, compare=False)
    # A hero (Crisis): never in a deck or hand; it waits in play for its scrap.
    is_hero: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "usable", tuple(
            slot for slot in USE_ORDER
            if slot in self.abilities and (slot != "primary" or self.type == "base")))
        object.__setattr__(self, "variant", (self.id, self.upgrade, self.grant))
        object.__setattr__(self, "inert_ally", not (
            self.factions or self.ally_for_all or self.upgrade_faction
            or self.second_ally_faction
            or any(slot in self.abilities for slot in ALLY_SLOTS)))
        listens: set[str] = set()
        if "ally" in self.abilities or "double_ally" in self.abilities:
            listens.update(self.ally_factions or self.factions)
        if self.upgrade_faction:  # (allies.update_latches latches these whenever set)
            listens.add(self.upgrade_faction)
        if self.second_ally_faction:
            listens.add(self.second_ally_faction)
        object.__setattr__(self, "listens", frozenset(listens))
        object.__setattr__(self, "is_base", self.type == "base")
        object.__setattr__(self, "is_ship", self.type == "ship")
        object.__setattr__(self, "is_hero", self.type == "hero")

    @property
    def is_event(self) -> bool:
        """An event (Crisis): it never leaves the trade row but for the scrap heap."""
        return self.type == "event"

    @property
    def is_mission(self) -> bool:
        """A mission (United): dealt face down to a player, never in any deck or row."""
        return self.type == "mission"

    @property
    def is_gambit(self) -> bool:
        """A gambit (the Gambit set): dealt face down to a player, never in a deck or row."""
        return self.type == "gambit"

    @property
    def is_dealt(self) -> bool:
        """Dealt face down to the players beside their decks (a mission, a gambit)."""
        return self.type in ("mission", "gambit")

    @property
    def kind(self) -> str:
        """ship | base | outpost | hero | event | unaligned (faction-less cards), as the
        CLI reports it."""
        if self.is_hero or self.is_event or self.is_dealt:
            return self.type
        if not self.factions:
            return "unaligned"
        if self.is_base:
            return "outpost" if self.outpost else "base"
        return "ship"

    def ability(self, slot: str) -> Effects:
        return self.abilities.get(slot, ())

    def answers_to(self, slot: str, factions: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """The factions an ally ability in ``slot`` answers to: a sticker's or a United
        card's second line its own one; printed ones the printed factions (``factions``:
        the card's factions now, where a copy changed them)."""
        if slot == "upgrade_ally":
            return (self.upgrade_faction,) if self.upgrade_faction else ()
        if slot == "second_ally":
            return (self.second_ally_faction,) if self.second_ally_faction else ()
        return self.ally_factions or (self.factions if factions is None else factions)

    def upgraded(self, key: str, faction: str, slot: str, effects: Effects) -> CardDef:
        """This card with a campaign upgrade (seed 001, «Улучшение карт»).

        The upgrading player's faction is added (the card now counts for that faction's
        allies too, its printed ally abilities keep their printed factions); the sticker
        goes under the primary ability: ``slot`` "primary" adds to it ("and ..."),
        "scrap" gives a scrap ability, "upgrade_ally" an ally ability of ``faction``.
        Upgraded cards lose their on-acquire ability for the rest of the campaign.
        """
        factions = self.factions if faction in self.factions else (*self.factions, faction)
        abilities = dict(self.abilities)
        abilities.pop("on_acquire", None)
        abilities[slot] = self.ability(slot) + effects
        return replace(self, factions=factions, abilities=abilities, upgrade=key,
                       ally_factions=self.ally_factions or self.factions,
                       upgrade_faction=faction if slot == "upgrade_ally" else None)

    def with_ability(self, grant: str, slot: str, effects: Effects) -> CardDef:
        """This card with an ability it does not print (scenario rule ``grant`` gives it)."""
        abilities = dict(self.abilities)
        abilities[slot] = self.ability(slot) + effects
        return replace(self, abilities=abilities, grant=grant)


def kind_matches(card_type: str, kinds: tuple[str, ...]) -> bool:
    """Is a card of ``card_type`` one of ``kinds``?  Kinds naming both ships and bases
    mean "a card" (the card text says so), which takes in a hero too (Crisis)."""
    if card_type in kinds:
        return True
    return card_type == "hero" and "ship" in kinds and "base" in kinds


@dataclass(frozen=True, slots=True)
class CardSet:
    id: str
    name_en: str
    name_ru: str
    explorers: int
    scouts: int
    vipers: int
    cards: tuple[str, ...]  # ids of the trade cards of this set
    # Offered in the setup screen's set list.  The campaign boxes are not: their cards
    # come to other formats only through a finished campaign (seed 001).
    listed: bool = True


class CardDB:
    """Every known card definition plus the sets they come in."""

    def __init__(self, cards: Iterable[CardDef], sets: Iterable[CardSet]):
        self.cards: dict[str, CardDef] = {}
        for c in cards:
            self.cards[c.id] = c
        self.sets: dict[str, CardSet] = {s.id: s for s in sets}
        self.adventures: dict[str, Any] = {}  # id → AdventureDef (rules/adventures.toml)
        self.campaign: Any = None  # CampaignDef (rules/campaign_*.toml)

    def __getitem__(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def set_cards(self, set_id: str) -> list[CardDef]:
        return [self.cards[cid] for cid in self.sets[set_id].cards]

    def gambits(self) -> list[CardDef]:
        """Every gambit card (the Gambit set), in file order, one entry per copy."""
        return [c for c in self.cards.values() if c.is_gambit for _ in range(c.copies)]

    def missions(self) -> list[CardDef]:
        """Every mission card (United: Missions), in file order."""
        return [c for c in self.cards.values() if c.is_mission]
