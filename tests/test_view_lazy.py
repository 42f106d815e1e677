"""The lazy player view (``lazy_view``, what ``sim.play`` gives bots) reads exactly as
``player_view`` does, shares no mutable part with the game, and refuses to be read once
the game has moved on."""

from __future__ import annotations

import pytest

from game.star_realms.ai.base import make_player
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.engine.state import Seat, State
from game.star_realms.engine.view import StaleView, lazy_view, player_view
from tests.scene import DB

FIELDS = [name for name in State.__slots__ if name not in ("rng", "config")]


def plain(value):
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, Seat):  # (a lazy view's seats are a subclass: Seat's fields)
        return {name: plain(getattr(value, name)) for name in Seat.__slots__}
    if hasattr(value, "piles"):  # an adventure's boss state
        return {name: plain(getattr(value, name)) for name in type(value).__slots__}
    return value


def same(a: State, b: State) -> None:
    for name in FIELDS:
        assert plain(getattr(a, name)) == plain(getattr(b, name)), name
    assert a.rng.state == b.rng.state
    assert a.config == b.config


@pytest.mark.parametrize("fmt,sets,kinds", [
    ("duel", ("colony_wars",), ("normal", "greedy")),
    ("hydra2", ("frontiers", "colony_wars"), ("greedy",) * 4),
    ("blob_assault", ("frontiers", "colony_wars"), ("greedy", "normal", "boss")),
])
def test_a_lazy_view_reads_as_the_full_view(fmt, sets, kinds):
    options = (("difficulty", "veteran"),) if fmt in DB.adventures else ()
    config = GameConfig(sets=sets, seats=tuple(SeatConfig(f"{k} {j}", k)
                                               for j, k in enumerate(kinds)),
                        format=fmt, seed=17, first=0, options=options)
    state = new_game(DB, config)
    players = [None if k == "boss" else make_player(k, j) for j, k in enumerate(kinds)]
    steps = 0
    while state.winners is None and steps < 300:
        seat = acting_seat(state)
        legal = legal_actions(state)
        if players[seat] is None:
            apply(state, legal[0])
            continue
        full = player_view(state, seat)
        same(lazy_view(state, seat), full)
        # read in another order (seats first, then the hidden cards) – the same view
        other = lazy_view(state, seat)
        assert plain(other.seats) == plain(full.seats) and other.unknown == full.unknown
        same(other, full)
        view = lazy_view(state, seat)
        action = players[seat].choose(view, legal)
        if steps % 7 == 0:  # nothing of a view is the game's own list
            v = lazy_view(state, seat)
            v.trade_row.append(999)
            v.seats[seat].discard.append(999)
            v.used.add((999, "x"))
            assert 999 not in state.trade_row and 999 not in state.seats[seat].discard
            assert (999, "x") not in state.used
        apply(state, action, validate=action not in legal)
        steps += 1
    assert steps > 50


def test_a_lazy_view_read_after_the_game_moved_on_raises():
    config = GameConfig(sets=("colony_wars",), seats=(SeatConfig("A"), SeatConfig("B")),
                        seed=3, first=0)
    state = new_game(DB, config)
    view = lazy_view(state, 0)
    read_before = view.trade_row  # (a part read in time stays readable)
    apply(state, legal_actions(state)[0])
    assert view.trade_row is read_before
    seats = lazy_view(state, 0).seats  # (a seat's lists are made when read, too)
    apply(state, legal_actions(state)[0])
    with pytest.raises(StaleView):
        _ = view.seats
    with pytest.raises(StaleView):
        _ = seats[0].hand
    assert seats[1].index == 1  # (its numbers were set at once)
    assert view.turn == 1 and view.pending is None  # (the plain fields were set at once)
