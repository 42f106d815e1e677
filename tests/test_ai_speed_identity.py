"""The heuristic bots' fast paths give exactly the values of the plain computations.

Deck summaries value each card definition once and add the terms in the deck's order,
buy scores share what they have in common per deck, slot values are computed from
compiled effect lists and kept per set of weights, buy plans are kept for the rest of a
decision.  None of that may change a single bit of what the bots decide on: these tests
hold the plain, from-scratch computations (as they were before the fast paths) and
compare every value over the positions of a few seeded games, and every card of the
database under many sets of weights.
"""

from __future__ import annotations

import random

import pytest

from game.star_realms.ai.heuristic.context import DecisionContext, DeckSummary, ally_chances
from game.star_realms.ai.heuristic.plans import _buy_plan, buy_plan
from game.star_realms.ai.heuristic.player import HeuristicPlayer
from game.star_realms.ai.heuristic.profiles import EASY, NORMAL, STATIC
from game.star_realms.ai.knowledge import (
    SlotValues,
    Valuer,
    Weights,
    ally_chance,
    base_lifetime,
    clamp,
    double_ally_chance,
    effects_value,
    faction_counts,
    quantize,
    spendable,
)
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.rules import acting_seat
from game.star_realms.engine.state import EMPTY, HIDDEN, Action, State
from game.star_realms.sim import game_seeds, play
from tests.scene import DB

# ---------------------------------------------------------------- plain computations


def plain_slots(card, weights, situation=None) -> SlotValues:
    ab = card.abilities
    vals = [effects_value(ab.get(slot, ()), weights, situation) for slot in
            ("primary", "ally", "double_ally", "scrap", "on_acquire")]
    if "second_ally" in ab:  # a United card's second ally line is valued with its first
        vals[1] += effects_value(ab["second_ally"], weights, situation)
    for trig in card.triggers:
        vals[0] += 1.5 * effects_value(trig.effects, weights, situation)
    return SlotValues(*vals)


def plain_appearance(card, weights, p_ally, p_double, situation=None, danger=0.0) -> float:
    worth = plain_slots(card, weights, situation)
    v = worth.primary + p_ally * worth.ally + p_double * worth.double_ally
    if card.is_base:
        v *= base_lifetime(card)
        if card.outpost:
            v += card.defense * (0.1 + 0.35 * danger)
    if worth.scrap > 0:
        v += 0.3 * worth.scrap
    return v


def plain_weights(ctx, early, late, danger, draw) -> Weights:
    if not ctx.player.profile.phase_weights:
        return STATIC
    return Weights(
        trade=quantize(1.0 + 0.35 * early - 0.45 * late),
        combat=quantize(0.8 + 0.5 * late),
        authority=quantize(0.15 + 0.55 * danger),
        draw=quantize(draw, 0.25),
        thin=quantize(0.6 + 0.6 * early - 0.5 * late),
        opp_discard=0.8,
        destroy=quantize(1.0 + 2.0 * ctx.phase.opponent_bases),
        row_scrap=0.2,
    )


def plain_summary(ctx, owned) -> tuple:
    state, prof, phase = ctx.state, ctx.player.profile, ctx.phase
    n = len(owned)
    early = clamp((16 - n) / 6) if prof.phase_weights else 0.0
    counts = faction_counts(state, owned)
    base_factions = faction_counts(state, ctx.me.bases)
    situation = (float(len(ctx.me.bases)), quantize(0.5 + 0.3 * phase.opponent_bases))
    late, danger = phase.late, phase.danger
    weights = plain_weights(ctx, early, late, danger, 1.5)
    total = 0.0
    ally_sums: dict[str, float] = {}
    double_sums: dict[str, float] = {}
    for c in owned:
        card = state.cards[c]
        p_ally, p_double = ally_chances(card, counts, base_factions, n, owned=True)
        total += plain_appearance(card, weights, p_ally, p_double, situation, danger)
        if card.factions:
            worth = plain_slots(card, weights, situation)
            for f in card.factions:
                ally_sums[f] = ally_sums.get(f, 0.0) + worth.ally
                double_sums[f] = double_sums.get(f, 0.0) + worth.double_ally
    average = total / n if n else 1.0
    weights = plain_weights(ctx, early, late, danger, clamp(average, 1.0, 4.0))
    return (weights, counts, base_factions, n, average, ally_sums, double_sums, situation)


def summary_fields(deck: DeckSummary) -> tuple:
    return (deck.weights, deck.faction_counts, deck.base_factions, deck.size,
            deck.average_worth, deck.ally_sums, deck.double_ally_sums, deck.situation)


def plain_buy_score(ctx, deck: DeckSummary, card) -> float:
    if not ctx.player.profile.faction_focus:
        return plain_appearance(card, deck.weights, 0.35, 0.1,
                                deck.situation) - deck.average_worth
    p_ally, p_double = ally_chances(card, deck.faction_counts, deck.base_factions, deck.size,
                                    False)
    v = plain_appearance(card, deck.weights, p_ally, p_double, deck.situation,
                         ctx.phase.danger)
    synergy = 0.0
    n = deck.size
    for f in card.factions:
        kf = deck.faction_counts.get(f, 0)
        if kf:
            d1 = ally_chance(kf, n + 1) - ally_chance(kf - 1, n)
            d2 = double_ally_chance(kf, n + 1) - double_ally_chance(kf - 1, n)
            synergy += deck.ally_sums.get(f, 0.0) * d1 + deck.double_ally_sums.get(f, 0.0) * d2
    return v + synergy - deck.average_worth


def plain_card_value(ctx, deck: DeckSummary, card) -> float:
    p_ally, p_double = ally_chances(card, deck.faction_counts, deck.base_factions, deck.size,
                                    True)
    return plain_appearance(card, deck.weights, p_ally, p_double, deck.situation,
                            ctx.phase.danger)


# ---------------------------------------------------------------- positions of games


class Checker:
    """Plays as ``inner`` and, at every decision, values the position again with a
    shadow player of the same level (its own caches, so the game itself is untouched)
    both ways: the fast paths and the plain computations."""

    def __init__(self, inner: HeuristicPlayer, seed: int):
        self.inner = inner
        self.name = inner.name
        self.shadow = HeuristicPlayer(seed, inner.profile)
        self.checked = 0

    def choose(self, view: State, legal: list[Action]) -> Action:
        self.check(view)
        return self.inner.choose(view, legal)

    def check(self, view: State) -> None:
        seat = acting_seat(view)
        ctx = DecisionContext(self.shadow, view, seat)
        owned = ctx.owned
        assert summary_fields(ctx._summarize_deck(owned)) == plain_summary(ctx, owned)
        deck = ctx.deck()  # (cached per deck key: maybe summed in an earlier order)
        row = [c for c in view.trade_row if c not in (EMPTY, HIDDEN)]
        row += view.explorers[-1:]
        for c in row:
            card = view.cards[c]
            assert ctx.buy_score(c) == plain_buy_score(ctx, deck, card), card.id
            assert ctx.buy_score(c) == plain_buy_score(ctx, deck, card), card.id  # (kept)
            for weights, situation in ((deck.weights, deck.situation), (STATIC, None)):
                got = self.shadow.valuer.slots(card, weights, situation)
                assert got == plain_slots(card, weights, situation), card.id
        for c in owned:
            card = view.cards[c]
            assert ctx.card_value(c) == plain_card_value(ctx, deck, card), card.id
        if not self.shadow.profile.noise:  # (noisy scores draw from the generator)
            trade = spendable(view, seat)
            for t in (trade, trade + 2):
                fresh = DecisionContext(self.shadow, view, seat)
                assert buy_plan(ctx, t) == _buy_plan(fresh, t, frozenset())
                assert buy_plan(ctx, t) == _buy_plan(fresh, t, frozenset())  # (kept)
        self.checked += 1


GAMES = [  # (sets, levels)
    (("colony_wars",), ("normal", "normal")),
    (("frontiers", "colony_wars"), ("normal", "normal")),
    (("frontiers",), ("normal", "easy")),
    (("frontiers", "colony_wars"), ("easy", "normal")),
]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_fast_values_equal_plain_values_over_games(index):
    sets, levels = GAMES[index]
    seed = game_seeds(4100 + index, 1)[0]
    checkers = [Checker(HeuristicPlayer(seed + j, NORMAL if lv == "normal" else EASY), seed + j)
                for j, lv in enumerate(levels)]
    config = GameConfig(sets=sets, seats=(SeatConfig("A"), SeatConfig("B")), seed=seed,
                        first=index % 2)
    state = play(new_game(DB, config), checkers, max_turns=500)
    assert state.winners is not None
    assert all(c.checked > 50 for c in checkers)


# ---------------------------------------------------------------- every card


def random_weights(rng: random.Random) -> Weights:
    early, late, danger = rng.random(), rng.random(), rng.random()
    return Weights(
        trade=quantize(1.0 + 0.35 * early - 0.45 * late),
        combat=quantize(0.8 + 0.5 * late),
        authority=quantize(0.15 + 0.55 * danger),
        draw=quantize(rng.uniform(1.0, 4.0), 0.25),
        thin=quantize(0.6 + 0.6 * early - 0.5 * late),
        opp_discard=rng.choice((0.8, 0.55, 1.3)),
        destroy=quantize(1.0 + 2.0 * rng.random()),
        row_scrap=rng.choice((0.2, 0.35)),
    )


def test_slot_values_equal_plain_values_for_every_card():
    rng = random.Random(19)
    cards = list(DB.cards.values())
    valuer = Valuer()
    sets_of_weights = [STATIC] + [random_weights(rng) for _ in range(40)]
    situations = [None, (0.0, 0.5), (2.0, 0.8), (1.0, 0.5)]
    for weights in sets_of_weights:
        for situation in situations:
            for card in cards:
                want = plain_slots(card, weights, situation)
                assert valuer.slots(card, weights, situation) == want, card.id
                # an equal set of weights in another object finds the same values
                again = Weights(*weights)
                assert valuer.slots(card, again, situation) == want, card.id
