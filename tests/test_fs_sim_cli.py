"""`python -m game simulate --game forbidden_stars`: the JSON it prints, its usage errors,
and the shared bot-run loop (game/sim_kit.py) both games' simulators use."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game import sim_kit
from game.forbidden_stars.sim import simulate
from tests.test_fs_support import RULES

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_simulate_json_reports_games_wins_per_seat_and_faction():
    res = run("simulate", "--game", "forbidden_stars", "--players", "3", "--seats",
              "normal,greedy,random", "--games", "3", "--seed", "1", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    for key in ("games", "errors", "error_seeds", "wins", "wins_ci", "faction_wins",
                "faction_games", "mean_rounds", "games_per_second", "objective_wins"):
        assert key in out, key
    assert out["game"] == "forbidden_stars" and out["players"] == 3
    assert out["seats"] == ["normal", "greedy", "random"]
    assert out["games"] == 3 and out["errors"] == 0 and len(out["wins"]) == 3
    assert sum(out["wins"]) >= 3 and sum(out["faction_wins"].values()) == sum(out["wins"])
    assert sum(out["faction_games"].values()) == 9
    assert 1 <= out["mean_rounds"] <= 8 and out["games_per_second"] > 0


def test_a_bad_seat_name_exits_2_with_a_message():
    res = run("simulate", "--game", "forbidden_stars", "--seats", "normal,bogus",
              "--games", "1", "--json")
    assert res.returncode == 2
    assert "bogus" in res.stderr and "normal" in res.stderr and not res.stdout


def test_seats_must_match_the_player_count():
    res = run("simulate", "--game", "forbidden_stars", "--players", "3", "--seats",
              "normal,greedy", "--games", "1")
    assert res.returncode == 2 and "3" in res.stderr


def test_the_same_seed_plays_the_same_games():
    a = simulate(RULES, 2, 2, 7, seats=["normal", "greedy"]).to_json()
    b = simulate(RULES, 2, 2, 7, seats=["normal", "greedy"]).to_json()
    for key in ("wins", "faction_wins", "mean_rounds", "mean_actions"):
        assert a[key] == b[key]


def test_the_simulator_refuses_a_wrong_number_of_seats():
    with pytest.raises(ValueError):
        simulate(RULES, 3, 1, 1, seats=["normal", "greedy"])


class _Counter:
    """A toy game for the shared loop: seats take turns adding 1 or 2 up to 5."""

    def __init__(self) -> None:
        self.total, self.turn = 0, 0


class _First:
    name = "first"

    def choose(self, view: _Counter, legal: list[int]) -> int:
        return legal[0]


class _Cheat:
    name = "cheat"

    def choose(self, view: _Counter, legal: list[int]) -> int:
        return 7


def _apply(s: _Counter, a: int) -> None:
    s.total += a
    s.turn = 1 - s.turn


TOY = sim_kit.Engine(lambda s: s.total >= 5, lambda s: s.turn, lambda s: [1, 2], _apply,
                     lambda s, seat: s)


def test_the_shared_loop_plays_to_the_end_and_refuses_an_illegal_choice():
    seen: list[int] = []
    state = sim_kit.play(TOY, _Counter(), [_First(), _First()],
                         on_choice=lambda seat, view, seconds: seen.append(seat))
    assert state.total == 5 and seen == [0, 1, 0, 1, 0]
    with pytest.raises(sim_kit.IllegalChoice):
        sim_kit.play(TOY, _Counter(), [_First(), _Cheat()])
    assert sim_kit.play(TOY, _Counter(), [_First(), _First()], max_actions=2).total == 2


def test_run_games_reports_a_crash_and_goes_on(capsys):
    done: list[int] = []
    failed: list[int] = []

    def one(i: int, seed: int) -> int:
        if seed == 2:
            raise RuntimeError("boom")
        return seed * 10

    sim_kit.run_games([1, 2, 3], one, lambda i, s: f"seed {s}",
                      lambda i, s, r: done.append(r), lambda i, s: failed.append(s))
    assert done == [10, 30] and failed == [2]
    assert "seed 2" in capsys.readouterr().err
    assert sim_kit.game_seeds(1, 3) == sim_kit.game_seeds(1, 3)
    assert len(set(sim_kit.game_seeds(1, 50))) == 50
