"""Issue 41 items 4–5 for Forbidden Stars: the hard bot's one strength knob (``scale``,
the level spec ``hard@X``) multiplies every count of its budget, the budget binds (more
of it buys more rollouts, never more than the step pool), sequential halving gives the
close finalists the most worlds, and the benchmark reads ``hard@X`` and resumes a log."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.ai.search import (
    ADVANCE,
    COMBAT,
    OPERATIONS,
    PLANNING,
    Budget,
    HardBot,
    Plan,
)
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.sim import play
from tests.bench_script import load
from tests.test_fs_support import RULES

bench = load("forbidden_stars_ai")


def _planning(seed: int = 12) -> tuple[State, int]:
    players = [make_player("normal", s) for s in range(2)]
    state = new_game(RULES, GameConfig(2, seed))
    while not (state.round == 2 and state.step == "planning"):
        seat = acting_seat(state)
        apply(state, players[seat].choose(player_view(state, seat), legal_actions(state)))
    return state, acting_seat(state)


def test_scale_multiplies_every_count_rounded_and_at_least_one():
    b = Budget(candidates=6, worlds=8, steps=3000)
    assert b.scaled(1.0) == b
    assert b.scaled(4) == Budget(24, 32, 12000)
    assert b.scaled(0.25) == Budget(2, 2, 750)
    assert Budget(3, 1, 5).scaled(0.01) == Budget(1, 1, 1)


def test_hard_at_x_is_hard_with_every_budget_scaled():
    four = make_player("hard@4", 1)
    assert isinstance(four, HardBot) and four.scale == 4.0
    assert four.budgets == {"place": PLANNING.scaled(4), "play": COMBAT.scaled(4),
                            "reveal": OPERATIONS.scaled(4)}
    assert four.advance == ADVANCE.scaled(4)
    assert make_player("hard@1", 1).budgets == make_player("hard", 1).budgets
    for bad in ("hard@", "hard@x", "hard@0", "hard@-2"):
        with pytest.raises(ValueError, match="hard@X"):
            make_player(bad, 1)


def test_hard_at_1_plays_exactly_as_hard():
    def log(kind: str) -> list:
        players = [make_player(kind, 3), make_player("normal", 4)]
        return play(new_game(RULES, GameConfig(2, 5)), players, max_actions=90).log

    assert log("hard@1") == log("hard")


def test_more_budget_buys_more_rollouts_and_the_step_pool_binds():
    state, seat = _planning()
    view, legal = player_view(state, seat), legal_actions(state)
    used = []
    for x in (0.25, 1.0, 4.0):
        bot = HardBot(4, scale=x)
        bot.choose(view, legal)
        assert 0 < bot.nodes <= PLANNING.scaled(x).steps
        used.append(bot.nodes)
    assert used[0] < used[1] < used[2]  # the old flaw: the steps barely mattered
    # many candidates and worlds, a small pool: the pool, not the worlds, ends the search
    tight = HardBot(4, Budget(candidates=8, worlds=40, steps=400))
    action = tight.choose(view, legal)
    assert action in legal and 300 < tight.nodes <= 400


def test_sequential_halving_gives_the_finalists_the_most_worlds(monkeypatch):
    state, seat = _planning()
    view, legal = player_view(state, seat), legal_actions(state)
    bot = HardBot(4, Budget(candidates=6, worlds=8, steps=10**6))
    plays: dict[int, int] = {}
    real = HardBot._play

    def counted(self: HardBot, world: State, seed: int, plan: Plan, s: int,
                done: Callable[[State], bool], pool: int) -> float | None:
        assert plan[0] is not None
        plays[legal.index(plan[0])] = plays.get(legal.index(plan[0]), 0) + 1
        return real(self, world, seed, plan, s, done, pool)

    monkeypatch.setattr(HardBot, "_play", counted)
    choice = bot.choose(view, legal)
    counts = sorted(plays.values())
    assert len(counts) == 6 and counts == [2, 2, 2, 4, 8, 8]  # 6 → 3 → 2 plans
    assert plays[legal.index(choice)] == 8  # the choice is a finalist
    assert sum(counts) == 26


def test_a_dry_pool_keeps_the_heuristic_choice():
    state, seat = _planning()
    view, legal = player_view(state, seat), legal_actions(state)
    ranked = [a for _, a in sorted(HardBot(4).normal.scored(view, legal),
                                   key=lambda x: -x[0])]
    bot = HardBot(4, Budget(candidates=4, worlds=4, steps=3))  # no rollout can finish
    assert bot.choose(view, legal) == ranked[0] and bot.nodes <= 3


def test_the_bench_reads_level_specs_and_resumes_its_log(tmp_path, capsys):
    assert isinstance(bench.build("hard@0.5", 1, "", ""), HardBot)
    tuned = bench.build("hard@2", 1, "3,2,100", "")
    assert isinstance(tuned, HardBot) and tuned.budgets["place"] == Budget(6, 4, 200)
    log = tmp_path / "games.jsonl"
    args = ["--games", "2", "--seed", "3", "--levels", "normal,greedy", "--log", str(log)]
    assert bench.main(args) == 0
    assert len(log.read_text().splitlines()) == 2
    capsys.readouterr()
    assert bench.main(["--games", "3", *args[2:]]) == 0
    out = capsys.readouterr()
    assert len(log.read_text().splitlines()) == 3  # only the third game was played
    summary = json.loads(out.out.strip().splitlines()[-1])
    assert summary["games"] == 3 and sum(summary["wins"]) >= 3
    assert "normal/TURN" in summary["timing"]


def test_the_bench_seats_the_first_level_once_at_four_players():
    r = bench.one_game((1, 9, ["normal", "greedy"], "", "", "", "", False, 4))
    assert "error" not in r and len(r["factions"]) == 4 and r["seat0"] == "greedy"
    assert {level for level, _, _, _ in r["log"]} == {"normal", "greedy"}
    assert r["turns"] and all(cpu >= 0 for _, cpu in r["turns"])
    assert r["round"] >= 1
