"""`python -m game simulate` and the simulation harness."""

import json
import subprocess
import sys
from pathlib import Path

from game.star_realms import sim
from game.star_realms.ai import basic
from game.stats import wilson_interval
from tests.scene import DB

ROOT = Path(__file__).resolve().parent.parent


def run(*args):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_simulate_json():
    res = run("simulate", "--sets", "frontiers,colony_wars", "--seats", "greedy,random",
              "--games", "6", "--seed", "3", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    for key in ("games", "errors", "wins", "mean_turns", "games_per_second", "wins_ci"):
        assert key in out
    assert out["games"] == 6 and out["errors"] == 0 and sum(out["wins"]) == 6
    assert out["mean_turns"] > 0 and len(out["wins_ci"]) == 2


def test_simulate_is_deterministic():
    a = sim.simulate(DB, ["frontiers"], ["random", "greedy"], 5, seed=9)
    b = sim.simulate(DB, ["frontiers"], ["random", "greedy"], 5, seed=9)
    assert (a.wins, a.turns) == (b.wins, b.turns)


def test_seats_alternate_who_goes_first(monkeypatch):
    firsts = []
    real = sim.new_game

    def spy(db, config):
        firsts.append(config.first)
        return real(db, config)

    monkeypatch.setattr(sim, "new_game", spy)
    sim.simulate(DB, ["frontiers"], ["greedy", "greedy"], 4, seed=1)
    assert firsts == [0, 1, 0, 1]


def test_a_crash_is_counted_with_its_seed(monkeypatch, capsys):
    calls = {"n": 0}
    real = basic.GreedyBot.choose

    def flaky(self, view, legal):
        calls["n"] += 1
        if calls["n"] == 30:
            raise RuntimeError("boom")
        return real(self, view, legal)

    monkeypatch.setattr(basic.GreedyBot, "choose", flaky)
    report = sim.simulate(DB, ["frontiers"], ["greedy", "greedy"], 3, seed=5)
    err = capsys.readouterr().err
    assert report.errors == 1 and report.games == 3 and sum(report.wins) == 2
    assert f"seed {report.error_seeds[0]}" in err and "RuntimeError: boom" in err


def test_bad_arguments_exit_cleanly():
    for args in (("--seats", "greedy,wizard"), ("--sets", "nonesuch"), ("--format", "x"),
                 ("--games", "0")):
        res = run("simulate", *args)
        assert res.returncode == 2 and "Traceback" not in res.stderr, res.stderr


def test_wilson_interval():
    lo, hi = wilson_interval(50, 100)
    assert lo < 0.5 < hi and abs((0.5 - lo) - (hi - 0.5)) < 1e-3
    assert wilson_interval(0, 0) == (0.0, 0.0)
