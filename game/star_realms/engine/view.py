"""What one seat may see: :func:`player_view` hides other hands and every deck order.

The view is a :class:`State` in which hidden cards read ``HIDDEN``; the cards that
could be behind them are listed, sorted, in ``view.unknown`` so an AI can count
cards or sample a full game consistent with what it saw (determinization).

Nothing in a view may let the seat work the hidden cards out: the random generator is
replaced (a view must not predict the next shuffle), and so are the game's seed and its
action log (replaying them from the seed would deal the real game); the view keeps
``log_len`` only.  Two games that differ only in what the seat cannot see give equal
views (tests/test_view_secrets.py).
"""

from __future__ import annotations

from dataclasses import replace

from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import HIDDEN, Decision, GameConfig, Seat, State

_last_public: tuple[GameConfig | None, GameConfig | None] = (None, None)


def _public_config(config: GameConfig) -> GameConfig:
    """The configuration without its seed: made once per game, not once per view (a
    game's views come one after another; one tuple, swapped whole, is thread-safe)."""
    global _last_public
    last = _last_public
    if last[0] is config and last[1] is not None:
        return last[1]
    public = replace(config, seed=0)
    _last_public = (config, public)
    return public


_SEAT_KEYS = tuple(f"seat:{i}" for i in range(16))  # view.unknown's keys, made once

_last_trade_deck: tuple[list[int], list[int]] = ([], [])


def _sorted_trade_deck(deck: list[int]) -> list[int]:
    """``sorted(deck)``, remembered for the next view: the trade deck (dozens of cards)
    changes only when a card leaves it, and every view of every decision lists it
    (one tuple, swapped whole, is thread-safe; the caller gets its own list)."""
    global _last_trade_deck
    last = _last_trade_deck
    if last[0] == deck:
        return last[1][:]
    ordered = sorted(deck)
    _last_trade_deck = (deck[:], ordered)
    return ordered[:]


_NO_RNG = Rng(0)


def _masked_seat(src: Seat, visible_hand: bool) -> tuple[Seat, list[int]]:
    """A copy of a seat with its face-down cards HIDDEN, and the cards behind them
    (sorted); the real deck and hand are not copied first only to be masked."""
    deck = src.deck
    if src.known_top:  # the publicly known top cards stay
        split = len(deck) - src.known_top
        masked_deck = [HIDDEN] * split + deck[split:]
        unknown = deck[:split]
    else:
        masked_deck = [HIDDEN] * len(deck)
        unknown = deck.copy()
    if visible_hand:
        masked = src.clone(deck=masked_deck)
    else:
        unknown += src.hand
        masked = src.clone(deck=masked_deck, hand=[HIDDEN] * len(src.hand))
    unknown.sort()
    return masked, unknown


def player_view(state: State, seat: int) -> State:
    """The game as ``seat`` sees it.  Built field by field (no full clone first and no
    copy of a list that is then masked): every decision of every bot asks for one."""
    view = state.clone_without_piles()
    unknown: dict[str, list[int]] = {}
    sees_hand = state.format.sees_hand
    own_only = "sees_hand" in state.format.plain  # (each seat sees its own hand only)
    seats = []
    for src in state.seats:
        masked, hidden = _masked_seat(
            src, src.index == seat if own_only else sees_hand(state, seat, src.index))
        seats.append(masked)
        unknown[_SEAT_KEYS[src.index]] = hidden
    view.seats = seats
    view.unknown = unknown
    if "mask_view" not in state.format.plain:
        state.format.mask_view(state, view)  # a mode's face-down piles (an adventure's boss)
    unknown["trade_deck"] = _sorted_trade_deck(state.trade_deck)
    view.trade_deck = [HIDDEN] * len(state.trade_deck)
    view.rng = _NO_RNG.clone()
    view.config = _public_config(state.config)  # the seed and the log would replay the
    view.log = None  # real game, deals and all (log_len stays: the table counts moves)
    d = view.pending
    if d is not None and d.seat != seat and d.kind == "card":
        # Another seat choosing among cards: those in its hand or the face-down part of
        # its deck (a gift lists the deck) stay secret, or they would tell which is which.
        s = state.seats[d.seat]
        secret = set(s.deck[:len(s.deck) - s.known_top])
        if not sees_hand(state, seat, d.seat):
            secret.update(s.hand)
        masked = tuple(HIDDEN if c in secret else c for c in d.candidates)
        view.pending = Decision(d.seat, d.source, d.kind, d.purpose, masked, d.optional,
                                d.effect, d.ctx)
    return view
