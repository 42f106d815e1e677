"""Issue 41 items 4-5 for Arcs' hard bot (game/arcs/ai/search.py, bench/arcs_ai.py): one
scale knob multiplies every count of the search budget and buys more search, the bench
reads ``hard@X`` level specs, the search halves its candidates where the choice is close,
and the rollout policy judges a resource by one move per route."""

from __future__ import annotations

import argparse
from typing import Any

import pytest

import game.arcs.ai.search as search
from game.arcs.ai import make_player
from game.arcs.ai.search import (
    ACT_WORLDS,
    MIN_SEARCH,
    NODE_BUDGET,
    TURN_BUDGET,
    WORLDS,
    HardBot,
    _largest_moves,
    scaled,
)
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, Action, GameConfig
from game.arcs.engine.view import player_view
from tests.bench_script import load

RULES = load_arcs_rules()


def test_scale_multiplies_every_count_of_the_budget():
    """Rounded, at least 1; the candidates (breadth, not budget) stay."""
    one, big, small = HardBot(1), HardBot(1, scale=4.0), HardBot(1, scale=0.01)
    assert (one.worlds, one.budget, one.turn_budget, one.act_worlds, one.min_search) == (
        WORLDS, NODE_BUDGET, TURN_BUDGET, ACT_WORLDS, MIN_SEARCH)
    assert (big.worlds, big.budget, big.turn_budget, big.act_worlds, big.min_search) == (
        4 * WORLDS, 4 * NODE_BUDGET, 4 * TURN_BUDGET, 4 * ACT_WORLDS, 4 * MIN_SEARCH)
    assert (small.worlds, small.budget, small.act_worlds, small.min_search) == (1, 5, 1, 1)
    assert HardBot(1, scale=0.25).worlds == 2  # 1.5 rounded
    assert scaled(5, 0.5) == 3 and scaled(3, 0.1) == 1  # half up, not to even; at least 1
    assert big.candidates == one.candidates == small.candidates


def _nodes_over_a_game(scale: float) -> int:
    """Rollout decisions a hard seat spends over the same opening: both seats' moves
    come from fixed normal bots, so every scale judges the same positions."""
    state = new_game(RULES, GameConfig(2, 23))
    hard = HardBot(3, scale=scale)
    movers = [make_player("normal", 30 + s) for s in range(2)]
    total = 0
    for _ in range(16):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        view, legal = player_view(state, seat), legal_actions(state)
        if seat == 0:
            hard.choose(view, legal)
            total += hard.nodes
        apply(state, movers[seat].choose(view, legal))
    return total


def test_the_budget_binds_a_larger_scale_searches_more():
    """The scale is what buys search: without the worlds scaled with the node budgets
    the round-robin would stop at the same worlds and 4x would spend what 1x does."""
    quarter, one, four = (_nodes_over_a_game(x) for x in (0.25, 1.0, 4.0))
    assert 0 < quarter < one < four
    assert four > 2.5 * one and one > 2.5 * quarter


def test_the_bench_reads_hard_at_x_level_specs():
    bench = load("arcs_ai")
    assert bench.hard_scale("hard") == 1.0
    assert bench.hard_scale("hard@0.25") == 0.25 and bench.hard_scale("hard@4") == 4.0
    assert bench.hard_scale("normal") is None
    for bad in ("hard@0", "hard@-1", "normal@2", "hard@x"):
        with pytest.raises(ValueError):
            bench.hard_scale(bad)
    args = argparse.Namespace(**{k: 0 for k in bench.TUNING})
    bot = bench.build("hard@4", 5, args)
    assert isinstance(bot, HardBot) and bot.scale == 4.0 and bot.worlds == 4 * WORLDS
    assert isinstance(bench.build("hard", 5, args), HardBot)
    assert bench.build("hard", 5, args).worlds == WORLDS
    args.budget = 100  # a tuning override is the 1x count, scaled too
    assert bench.build("hard@2", 5, args).budget == 200


def test_bench_rejects_a_bad_level_spec(capsys):
    with pytest.raises(SystemExit):
        load("arcs_ai").main(["--games", "1", "--levels", "hard@0,normal"])
    assert "budget scale must be positive" in capsys.readouterr().err


def test_the_search_halves_its_candidates(monkeypatch):
    """Sequential halving: every candidate is played in the first half of the worlds,
    then only the better half (the higher means) in the second round, all of them in
    the same worlds with the same dice (common random numbers)."""
    state = new_game(RULES, GameConfig(2, 23))
    movers = [make_player("normal", s) for s in range(2)]
    while len(legal_actions(state)) < 4:  # past the redraw choice
        seat = acting_seat(state)
        apply(state, movers[seat].choose(player_view(state, seat), legal_actions(state)))
    view = player_view(state, acting_seat(state))
    candidates = legal_actions(state)[:4]
    assert len(candidates) == 4
    worth = {candidates[0]: 1.0, candidates[1]: 3.0, candidates[2]: 2.0, candidates[3]: 0.0}
    calls: list[tuple[Action, int]] = []

    def fake_rollout(world: Any, action: Action, seat: int, seed: int) -> tuple[float, int]:
        calls.append((action, seed))
        return worth[action], 1

    monkeypatch.setattr(search, "rollout", fake_rollout)
    bot = HardBot(1, worlds=6, budget=10_000)
    assert bot._search(view, candidates, 6) == candidates[1]
    played = {a: sum(1 for b, _ in calls if b == a) for a in candidates}
    assert played == {candidates[0]: 3, candidates[1]: 9, candidates[2]: 9,
                      candidates[3]: 3}
    seeds = [s for _, s in calls]
    assert seeds[:4] == [seeds[0]] * 4  # one world, every candidate, the same dice


def test_the_rollouts_judge_a_resource_by_one_move_per_route():
    def move(src: str, dst: str, fresh: int, damaged: int) -> Action:
        return Action("move", 0, source=src, target=dst, fresh=fresh, damaged=damaged)

    build = Action("build", 0, card="ship", target="a1")
    moves = [move("a", "b", 1, 0), move("a", "b", 2, 1), move("a", "b", 2, 0),
             move("a", "c", 1, 0), move("b", "a", 0, 1)]
    kept = _largest_moves([build, *moves])
    assert kept == [build, move("a", "b", 2, 1), move("a", "c", 1, 0), move("b", "a", 0, 1)]
