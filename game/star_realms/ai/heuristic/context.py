"""One decision's view of the game from the deciding seat, and what cards are worth there.

A :class:`DecisionContext` is built for every decision and works out lazily — only what
the decision asks for — the phase of the game, a summary of the seat's deck (cached by
the player across decisions while the deck stays the same) and from those the worth of
drawing, buying, keeping or destroying a card.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import reduce
from typing import TYPE_CHECKING, Any

from game.star_realms.ai.heuristic.profiles import STATIC
from game.star_realms.ai.knowledge import (
    SeatOrder,
    Situation,
    Weights,
    ally_chance,
    appearance,
    base_lifetime,
    clamp,
    double_ally_chance,
    effects_value,
    faction_counts,
    hero_factions,
    hero_plus,
    opponents,
    owned_cards,
    quantize,
)
from game.star_realms.ai.reach import effects_reach, lethal_target
from game.star_realms.engine.cards import CardDef, Effects
from game.star_realms.engine.state import State

if TYPE_CHECKING:
    from game.star_realms.ai.heuristic.player import HeuristicPlayer


class cached_property:  # (functools' without its lock: a context is one thread's)
    """Computed on first use, then an attribute of the instance."""

    def __init__(self, func: Callable[[Any], Any]):
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


@dataclass(frozen=True, slots=True)
class Phase:
    """How far the game has gone, seen from the deciding seat."""

    my_authority: int
    opponent_authority: int  # the weakest opponent's (50 with no opponent left)
    late: float  # 0..1, quantized: the weakest opponent is low, combat counts more
    danger: float  # 0..1, quantized: this seat is low, authority and outposts count more
    opponent_bases: float  # 1.0 when any opponent has a base in play, else 0.0


@dataclass(frozen=True, slots=True)
class DeckSummary:
    """The seat's whole deck as the heuristic sees it (cached per deck and phase)."""

    weights: Weights  # phase weights, drawing a card valued at the deck's average card
    faction_counts: dict[str, int]  # owned cards per faction
    base_factions: dict[str, int]  # own bases in play per faction: their allies always fire
    size: int  # cards owned
    average_worth: float  # worth of drawing an average owned card
    ally_sums: dict[str, float]  # per faction: the owned cards' ally abilities' worth
    double_ally_sums: dict[str, float]  # ... and their double ally abilities' worth
    situation: Situation  # (own bases in play, chance an opponent has a base)
    # buy scores by card (a summary is cached per deck key, so these are by deck and card)
    scores: dict[tuple, float] = field(default_factory=dict)
    # what the buy scores share: ally chances of a card joining the deck by its
    # factions, and by faction how much more often the deck's allies would fire
    join_chances: dict[tuple[str, ...], tuple[float, float]] = field(default_factory=dict)
    synergies: dict[str, float | None] = field(default_factory=dict)
    # ally chances of an owned card by (factions, is a base)
    owned_chances: dict[tuple, tuple[float, float]] = field(default_factory=dict)

    def ally_chances(self, card: CardDef, owned: bool) -> tuple[float, float]:
        if owned:
            which = (card.factions, card.is_base)
            got = self.owned_chances.get(which)
            if got is None:
                got = self.owned_chances[which] = ally_chances(
                    card, self.faction_counts, self.base_factions, self.size, True)
            return got
        got = self.join_chances.get(card.factions)
        if got is None:  # (a card joining the deck: only its factions count)
            got = self.join_chances[card.factions] = ally_chances(
                card, self.faction_counts, self.base_factions, self.size, False)
        return got

    def synergy(self, faction: str) -> float | None:
        """How much more the deck's ally abilities of ``faction`` are worth with one more
        card of it (None when the deck has none of it)."""
        if faction in self.synergies:
            return self.synergies[faction]
        got = None
        n = self.size
        kf = self.faction_counts.get(faction, 0)
        if kf:
            d1 = ally_chance(kf, n + 1) - ally_chance(kf - 1, n)
            d2 = double_ally_chance(kf, n + 1) - double_ally_chance(kf - 1, n)
            got = (self.ally_sums.get(faction, 0.0) * d1
                   + self.double_ally_sums.get(faction, 0.0) * d2)
        self.synergies[faction] = got
        return got


def ally_chances(card: CardDef, counts: dict[str, int], base_factions: dict[str, int],
                 deck_size: int, owned: bool) -> tuple[float, float]:
    """Chances that ``card``'s ally and double ally abilities fire when it is drawn,
    for a card of the deck (``owned``) or one that would join it."""
    if not card.factions:
        return 0.0, 0.0
    p_ally = p_double = 0.0
    for f in card.factions:
        others = counts.get(f, 0) - (1 if owned else 0)
        deck_n = deck_size if owned else deck_size + 1
        if base_factions.get(f, 0) - (1 if owned and card.is_base else 0) > 0:
            a1, a2 = 1.0, ally_chance(others - 1, deck_n)
        else:
            a1, a2 = ally_chance(others, deck_n), double_ally_chance(others, deck_n)
        p_ally, p_double = max(p_ally, a1), max(p_double, a2)
    return p_ally, p_double


class DecisionContext:
    """A decision's view of the game from one seat, computed once per decision."""

    def __init__(self, player: HeuristicPlayer, state: State, seat: int):
        self.player = player
        self.state = state
        self.seat = seat
        self.me = state.seats[seat]
        self._owned: list[int] | None = None
        self._deck: DeckSummary | None = None
        self._deck_key: tuple = ()
        self._lethal: bool | None = None
        # the deciding seat's context, for a teammate's (None: this one), held weakly: the
        # root keeps its teammates' contexts, and a strong link back would be a reference
        # cycle, freed only by the collector
        self._root: weakref.ref[DecisionContext] | None = None
        self._mates: dict[int, DecisionContext] = {}
        self.plans: dict[tuple, Any] = {}  # buy plans by (trade, excluded cards)

    def for_seat(self, seat: int) -> DecisionContext:
        """The same decision seen from ``seat``: a teammate whose cards a team turn
        (Hydra, a co-op adventure) plays along with the deciding seat's.  It shares the
        decision's seat order (one tie-break draw per decision)."""
        if seat == self.seat:
            return self
        root = self.root
        got = root._mates.get(seat)
        if got is None:
            got = DecisionContext(self.player, self.state, seat)
            got._root = weakref.ref(root)
            root._mates[seat] = got
        return got

    @property
    def root(self) -> DecisionContext:
        """The deciding seat's context (a teammate's refers to it)."""
        if self._root is None:
            return self
        root = self._root()
        assert root is not None  # (the decision holds its root while a mate is asked)
        return root

    # Who is who and the phase of the game: worked out on first use only (most
    # decisions are plain "play this card" and never need them).

    @cached_property
    def opponent_seats(self) -> list[int]:
        return opponents(self.state, self.seat)

    @cached_property
    def order(self) -> SeatOrder:
        """Which seats to aim at first: by threat, true ties at random (the player's own
        tie-break generator, drawn once per decision so every plan of it agrees)."""
        if self._root is not None:
            return self.root.order
        return SeatOrder(self.state, self.player.tiebreak)

    @cached_property
    def phase(self) -> Phase:
        state = self.state
        my_auth = state.authority(self.seat)
        opp_auth = min((state.authority(o) for o in self.opponent_seats), default=50)
        if self.player.profile.phase_weights:
            late = quantize(clamp((42 - opp_auth) / 32))
            danger = quantize(clamp((32 - my_auth) / 26))
        else:
            late = danger = 0.0
        opp_bases = 1.0 if any(state.seats[o].bases for o in self.opponent_seats) else 0.0
        return Phase(my_auth, opp_auth, late, danger, opp_bases)

    # -------------------------------------------------------------- deck knowledge

    @property
    def lethal(self) -> bool:
        """Going all in on combat this turn could eliminate an opponent."""
        if self._lethal is None:
            self._lethal = self.player.profile.lethal and lethal_target(
                self.state, self.seat) is not None
        return self._lethal

    def reach(self, effects: Effects) -> float:
        """Combat ``effects`` could add this turn (a free base destruction counts 6)."""
        c, d = effects_reach(effects, self.state, self.seat, max(len(self.me.hand) - 1, 0))
        return c + 6.0 * d

    @property
    def owned(self) -> list[int]:
        if self._owned is None:
            self._owned = owned_cards(self.state, self.seat)
        return self._owned

    def deck(self) -> DeckSummary:
        """The seat's deck summary: cached by the player per deck and phase."""
        if self._deck is None:
            owned = self.owned
            bases = self.me.bases
            phase = self.phase
            key = (self.seat, len(owned), sum(owned), sum(map(operator.mul, owned, owned)),
                   tuple(sorted(bases)), phase.late, phase.danger, phase.opponent_bases)
            cache = self.player.deck_cache
            got = cache.get(key)
            if got is None:
                got = self._summarize_deck(owned)
                if len(cache) > 4000:
                    cache.clear()
                cache[key] = got
            self._deck = got
            self._deck_key = key
        return self._deck

    def _summarize_deck(self, owned: list[int]) -> DeckSummary:
        state, player, phase = self.state, self.player, self.phase
        n = len(owned)
        early = clamp((16 - n) / 6) if player.profile.phase_weights else 0.0
        counts = faction_counts(state, owned)
        bases = self.me.bases
        base_factions = faction_counts(state, bases)
        situation = player.situations.get((len(bases), phase.opponent_bases))
        if situation is None:  # (one object per situation: the valuer finds it faster)
            situation = player.situations[(len(bases), phase.opponent_bases)] = (
                float(len(bases)), quantize(0.5 + 0.3 * phase.opponent_bases))
        late, danger = phase.late, phase.danger
        # a first pass values card draw at 1.5 points, to find what an average card is worth
        weights = self._weights(early, late, danger, 1.5)
        valuer = player.valuer
        # Equal cards add equal terms: each card definition is valued once, then the
        # terms are added one card at a time in the deck's order (the same float sums as
        # adding each card's worth in turn).
        defs = list(map(state.cards.__getitem__, owned))
        ids = list(map(id, defs))
        distinct = dict(zip(ids, defs, strict=True))
        values: dict[int, float] = {}
        allies: dict[int, tuple[tuple[str, ...], float, float]] = {}
        chances: dict[tuple, tuple[float, float]] = {}  # by (factions, is a base)
        known = valuer.table(weights, situation)
        for key, card in distinct.items():
            hit = known.get(card.variant)
            worth = hit[1] if hit is not None and hit[0] is card else valuer.fill(
                card, weights, situation)
            which = (card.factions, card.is_base)
            got = chances.get(which)
            if got is None:
                got = chances[which] = ally_chances(card, counts, base_factions, n, owned=True)
            values[key] = appearance(card, worth, got[0], got[1], danger)
            if card.factions:
                allies[key] = (card.factions, worth.ally, worth.double_ally)
        total = reduce(operator.add, map(values.__getitem__, ids), 0.0)
        ally_sums: dict[str, float] = {}
        double_sums: dict[str, float] = {}
        if allies:
            for factions, ally, double_ally in filter(None, map(allies.get, ids)):
                for f in factions:
                    ally_sums[f] = ally_sums.get(f, 0.0) + ally
                    double_sums[f] = double_sums.get(f, 0.0) + double_ally
        average = total / n if n else 1.0
        weights = self._weights(early, late, danger, clamp(average, 1.0, 4.0))
        return DeckSummary(weights, counts, base_factions, n, average, ally_sums, double_sums,
                           situation, owned_chances=chances)

    def _weights(self, early: float, late: float, danger: float, draw: float) -> Weights:
        """Trade early, combat late, authority in danger; ``draw`` is a card's worth.
        (One object per set of weights: the valuer finds it faster.)"""
        if not self.player.profile.phase_weights:
            return STATIC
        key = (early, late, danger, quantize(draw, 0.25), self.phase.opponent_bases)
        got = self.player.weights_memo.get(key)
        if got is None:
            got = self.player.weights_memo[key] = Weights(
                trade=quantize(1.0 + 0.35 * early - 0.45 * late),
                combat=quantize(0.8 + 0.5 * late),
                authority=quantize(0.15 + 0.55 * danger),
                draw=quantize(draw, 0.25),
                thin=quantize(0.6 + 0.6 * early - 0.5 * late),
                opp_discard=0.8,
                destroy=quantize(1.0 + 2.0 * self.phase.opponent_bases),
                row_scrap=0.2,
            )
        return got

    # -------------------------------------------------------------- worth

    @property
    def weights(self) -> Weights:
        return self.deck().weights

    def card_value(self, iid: int) -> float:
        """Worth of drawing this card (for choosing what to keep, scrap or discard)."""
        deck = self.deck()
        card = self.state.cards[iid]
        p_ally, p_double = deck.ally_chances(card, owned=True)
        return self.player.valuer.appearance_value(card, deck.weights, p_ally, p_double,
                                                   deck.situation, self.phase.danger)

    def buy_score(self, iid: int) -> float:
        """How much buying the card improves the deck, in points per card drawn."""
        scores = self.deck().scores
        card = self.state.cards[iid]
        variant = card.variant
        got = scores.get(variant)
        if got is None:
            got = scores[variant] = self._buy_score(card)
        return got

    def _buy_score(self, card: CardDef) -> float:
        deck = self.deck()
        valuer = self.player.valuer
        if card.is_hero:  # never drawn: one use, and it does not thin the deck's draws
            return self.hero_value(card) / self.future_draws()
        if not self.player.profile.faction_focus:
            return valuer.appearance_value(card, deck.weights, 0.35, 0.1,
                                           deck.situation) - deck.average_worth
        p_ally, p_double = deck.ally_chances(card, owned=False)
        v = valuer.appearance_value(card, deck.weights, p_ally, p_double, deck.situation,
                                    self.phase.danger)
        # it also makes the allies of the cards of its factions fire more often
        synergy = 0.0
        for f in card.factions:
            more = deck.synergy(f)
            if more is not None:
                synergy += more
        return v + synergy - deck.average_worth

    def hero_value(self, card: CardDef) -> float:
        """What a hero (Crisis) is expected to bring when used on a good turn: its bonus,
        plus the ally abilities of its faction it unlocks on such a turn — those of the
        deck's cards of that faction drawn in a hand that would not have triggered them
        anyway (the best of a few turns: about a third more than an average one)."""
        deck = self.deck()
        effects = card.ability("scrap")
        value = effects_value(hero_plus(effects), deck.weights, deck.situation)
        n = max(deck.size, 1)
        hand = min(5.0, float(n))
        for f in hero_factions(effects):
            k = deck.faction_counts.get(f, 0)
            if not k:
                continue
            single = deck.ally_sums.get(f, 0.0) / n * hand * (1.0 - ally_chance(k, n))
            double = deck.double_ally_sums.get(f, 0.0) / n * hand * (
                1.0 - double_ally_chance(k, n))
            value += 1.3 * (single + double)
        return value

    def base_value(self, iid: int) -> float:
        """Worth of destroying an opponent's base (what it would yield them)."""
        card = self.state.card(iid)
        worth = self.player.valuer.slots(card, self.weights)
        owner = self.state.owner_of_base(iid)
        p_ally = 0.6
        if owner >= 0:
            others = [b for b in self.state.seats[owner].bases if b != iid]
            if any(set(self.state.cards[b].factions) & set(card.factions) for b in others):
                p_ally = 1.0
        per_turn = worth.primary + p_ally * worth.ally + 0.3 * worth.double_ally
        life = 0.5 + 0.5 * base_lifetime(card)
        return per_turn * life + (card.defense * 0.15 if card.outpost else 0.0)

    def horizon(self) -> float:
        """Rough number of own turns the game still lasts."""
        phase = self.phase
        return clamp(min(phase.my_authority, phase.opponent_authority) / 9.0, 1.0, 6.0)

    def future_draws(self) -> float:
        """How often a card bought now is expected to be drawn before the game ends."""
        n = max(len(self.owned), 10)
        return clamp(self.horizon() * 5.0 / n, 0.3, 3.0)
