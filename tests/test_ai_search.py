"""Hard's search machinery: the playout shortcut is exactly Normal, and only legal."""

import pytest

from game.star_realms.ai.evaluate import Evaluator
from game.star_realms.ai.heuristic import EASY, NORMAL, HeuristicPlayer, playout_actions
from game.star_realms.ai.search import HardPlayer
from game.star_realms.engine import GameConfig, SeatConfig, apply, legal_actions, new_game
from game.star_realms.engine.rules import acting_seat
from game.star_realms.sim import game_seeds
from tests.scene import DB, Scene


def test_playout_step_is_normal_and_legal():
    steps = 0
    for i, seed in enumerate(game_seeds(3, 30)):
        st = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"),
                                     seats=(SeatConfig("A"), SeatConfig("B")), seed=seed,
                                     first=i % 2))
        players = [HeuristicPlayer(seed, NORMAL),
                   HeuristicPlayer(seed + 1, EASY if i % 3 == 0 else NORMAL)]
        while st.winners is None:
            seat = acting_seat(st)
            legal = legal_actions(st)
            assert set(playout_actions(st)) <= set(legal)
            action = players[seat].choose(st, legal)
            if players[seat].profile is NORMAL:
                assert players[seat].playout_step(st) == action
                steps += 1
            apply(st, action)
    assert steps > 3000


def test_evaluation_prefers_the_healthier_seat():
    ev = Evaluator()
    ahead = Scene(authority=(50, 20)).state
    behind = Scene(authority=(20, 50)).state
    assert ev.win_chance(ahead, 0) > 0.5 > ev.win_chance(behind, 0)
    assert ev.win_chance(ahead, 0) == pytest.approx(1 - ev.win_chance(ahead, 1), abs=0.2)


def test_evaluation_of_a_finished_game_is_certain():
    scene = Scene(hand=["blob_alpha"], authority=(50, 10))
    scene.play("blob_alpha").attack(1, 10)
    ev = Evaluator()
    assert ev.win_chance(scene.state, 0) == 1.0 and ev.win_chance(scene.state, 1) == 0.0


def test_hard_rejects_unknown_horizon():
    with pytest.raises(ValueError):
        HardPlayer(1, horizon="forever")
