"""A bot's decision leaves no reference cycle behind: its player view, the view's seats
and the Normal bot's decision context are freed as soon as the decision is made.

A cycle per decision (a seat pointing back at the view holding it, a context whose root
was itself) made every decision's objects wait for the garbage collector, which then
took about a sixth of a Normal bot game's CPU time (bench/README.md).
"""

import gc

import pytest

from game.star_realms.ai.base import make_player
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.sim import play
from tests.scene import DB


@pytest.mark.parametrize("bots,fmt", [(("normal", "normal"), "duel"),
                                      (("greedy", "easy", "normal"), "ffa"),
                                      (("normal",) * 4, "hydra2")])
def test_bot_games_leave_no_cyclic_garbage(bots, fmt):
    config = GameConfig(sets=("frontiers", "colony_wars"),
                        seats=tuple(SeatConfig(f"p{i}", b) for i, b in enumerate(bots)),
                        format=fmt, seed=3)
    players = [make_player(b, 3 + i) for i, b in enumerate(bots)]
    state = new_game(DB, config)
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        play(state, players, max_turns=12)
        gc.collect()
        left = [type(o).__name__ for o in gc.garbage]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()
    assert state.turn > 12
    per_kind = {k: left.count(k) for k in ("LazyView", "LazySeat", "DecisionContext",
                                           "DeckSummary", "Move")}
    assert set(per_kind.values()) == {0}, per_kind
