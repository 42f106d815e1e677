"""Turn a player view into one full game consistent with everything the seat saw.

A view hides other seats' hands, the unknown part of every deck and the trade
deck; ``view.unknown`` lists the cards behind each group of ``HIDDEN`` entries.
A determinization deals those cards at random into the hidden slots and gives
the game a fresh random generator, so search can play it forward.  Only the
cards a seat could not see are guessed; the hidden parts are never read.
"""

from __future__ import annotations

from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import HIDDEN, Decision, State


class NotAView(ValueError):
    """The state has no ``unknown`` pools: it is not a player view."""


class CannotDeterminize(ValueError):
    """The view hides something this module does not know how to deal (a new kind of
    hidden pile): search must not run on it."""


def _deal(zone: list[int], pool: list[int]) -> list[int]:
    return [pool.pop() if c == HIDDEN else c for c in zone]


def determinize(view: State, rng: Rng) -> State:
    """A full, playable game: ``view`` with every hidden card dealt from its pool."""
    if view.unknown is None:
        raise NotAView("determinize() needs a player view (state.unknown is None)")
    st = view.clone()
    unknown = st.unknown
    assert unknown is not None
    st.unknown = None
    for key, cards in unknown.items():
        pool = cards[:]
        rng.shuffle(pool)
        kind, _, name = key.partition(":")
        if kind == "seat":
            s = st.seats[int(name)]
            if HIDDEN in s.hand:
                s.hand = _deal(s.hand, pool)
            s.deck = _deal(s.deck, pool)
        elif kind == "trade_deck":
            st.trade_deck = _deal(st.trade_deck, pool)
        elif kind == "missions" and st.mission_box is not None:  # United: Missions
            for s in st.seats:
                if HIDDEN in s.missions:
                    s.missions = _deal(s.missions, pool)
            st.mission_box = _deal(st.mission_box, pool)
        elif kind == "gambits" and st.gambit_box is not None:  # the Gambit set
            for s in st.seats:
                if HIDDEN in s.gambits:
                    s.gambits = _deal(s.gambits, pool)
            st.gambit_box = _deal(st.gambit_box, pool)
        elif kind == "boss" and st.boss is not None and name in st.boss.piles:
            st.boss.piles[name] = _deal(st.boss.piles[name], pool)
        else:
            raise CannotDeterminize(f"no way to deal the hidden cards of {key!r}")
        if pool:
            raise CannotDeterminize(f"{key}: {len(pool)} unknown cards have no hidden slot")
    if HIDDEN in st.trade_deck or any(HIDDEN in s.hand or HIDDEN in s.deck for s in st.seats):
        raise CannotDeterminize("hidden cards without a pool to deal them from")
    d = st.pending
    if d is not None and HIDDEN in d.candidates:
        # Another seat choosing among cards of its hand: name them from the dealt hand.
        hand = [c for c in st.seats[d.seat].hand if c not in d.candidates]
        known = [c for c in d.candidates if c != HIDDEN]
        st.pending = Decision(d.seat, d.source, d.kind, d.purpose,
                              tuple(known + hand[:d.candidates.count(HIDDEN)]), d.optional,
                              d.effect, d.ctx)
    st.rng = Rng(rng.next64())
    return st
