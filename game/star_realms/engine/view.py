"""What one seat may see: :func:`player_view` hides other hands and every deck order.

The view is a :class:`State` in which hidden cards read ``HIDDEN``; the cards that
could be behind them are listed, sorted, in ``view.unknown`` so an AI can count
cards or sample a full game consistent with what it saw (determinization).  The
random generator is replaced too: a view must not predict the next shuffle.
"""

from __future__ import annotations

from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import HIDDEN, Decision, State


def _mask_deck(deck: list[int], known_top: int) -> tuple[list[int], list[int]]:
    """Deck with everything but the publicly known top cards hidden."""
    split = len(deck) - known_top
    return [HIDDEN] * split + deck[split:], sorted(deck[:split])


def player_view(state: State, seat: int) -> State:
    view = state.clone()
    view.unknown = {}
    for s in view.seats:
        deck, unknown_deck = _mask_deck(s.deck, s.known_top)
        s.deck = deck
        if state.format.sees_hand(state, seat, s.index):  # own hand (or a Raid ally's)
            view.unknown[f"seat:{s.index}"] = unknown_deck
        else:
            view.unknown[f"seat:{s.index}"] = sorted(unknown_deck + s.hand)
            s.hand = [HIDDEN] * len(s.hand)
    state.format.mask_view(state, view)  # a mode's face-down piles (an adventure's boss)
    view.unknown["trade_deck"] = sorted(view.trade_deck)
    view.trade_deck = [HIDDEN] * len(view.trade_deck)
    view.rng = Rng(0)
    d = view.pending
    if d is not None and d.seat != seat and d.kind == "card":
        # Another seat choosing among cards: those in its hand stay secret.
        hand = set(state.seats[d.seat].hand)
        masked = tuple(HIDDEN if c in hand else c for c in d.candidates)
        view.pending = Decision(d.seat, d.source, d.kind, d.purpose, masked, d.optional,
                                d.effect, d.ctx)
    return view
