"""Run and answer halves of the card operations the mission rewards brought (United).

``gain_explorer`` (Armada, Influence): "Acquire an Explorer (two Explorers) for free and
put it into your hand" — the top Explorers of the pile, nothing asked; none left,
nothing more happens.

``split_top`` (Convert): "Reveal the top three cards of your deck.  Put one in your hand,
one in your discard pile, and one on top of your deck."  The cards come up as a draw does
(the discard pile is shuffled in when the deck runs short); the player picks the one for
the discard pile, then the one for the top of the deck, and keeps the last.  Fewer than
three to reveal: the hand is served first, then the discard pile (our ruling,
docs/rules-data.md).  The card put back was revealed, so everyone knows it is on top.

This module registers itself with the interpreter's tables; the engine package imports
it, so every user of the engine has the halves.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine import zones
from game.star_realms.engine.effects import acquire, answers, ask, runs
from game.star_realms.engine.state import Decision, State


@runs("gain_explorer")
def _gain_explorer(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    for _ in range(params["count"]):
        if state.explorers:
            acquire(state, seat, state.explorers[-1], params["to"])


@runs("split_top")
def _split_top(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    hand = state.seats[seat].hand
    before = len(hand)
    zones.draw(state, seat, params["cards"])
    _ask_split(state, seat, source, {**params, "shown": tuple(hand[before:])}, ctx)


def _ask_split(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    hand = state.seats[seat].hand
    cands = tuple(c for c in params["shown"] if c in hand)
    # One card stays in hand; with two, the other goes to the discard pile first.
    if len(cands) < 2:
        return
    stage = "discard" if len(cands) == len(params["shown"]) else "top"
    ask(state, Decision(seat, source, "card", "split", cands, False,
                        ("split_top", {**params, "stage": stage}), ctx))


@answers("split_top")
def _split_top_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    if params["stage"] == "discard":
        zones.discard_from_hand(state, d.seat, value)
        _ask_split(state, d.seat, d.source, params, d.ctx)
    else:
        zones.hand_to_deck_top(state, d.seat, value)
        state.seats[d.seat].known_top = 1  # (it was revealed: everyone saw it go there)
