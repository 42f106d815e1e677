"""Seeded soak: 2,100 whole games (random-vs-random and greedy-vs-greedy across both
sets and their mix) with every invariant checked after every single action."""

import pytest

from game.star_realms.sim import simulate
from tests.bench_script import load
from tests.scene import DB

SETS = (("frontiers",), ("colony_wars",), ("frontiers", "colony_wars"))
CHUNKS = [(bots, sets, seed) for bots in (("random", "random"), ("greedy", "greedy"),
                                          ("greedy", "random"))
          for sets in SETS for seed in range(4)]
GAMES_PER_CHUNK = 60  # 3 × 3 × 4 chunks × 60 = 2,160 games


@pytest.mark.parametrize("bots,sets,seed", CHUNKS)
def test_soak(bots, sets, seed):
    report = simulate(DB, sets, bots, GAMES_PER_CHUNK, seed=1000 + seed, check=True)
    assert report.errors == 0, f"games crashed or broke an invariant: {report.error_seeds}"
    assert report.draws == 0
    assert sum(report.wins) == GAMES_PER_CHUNK


FORMAT_SEATS = {
    "ffa": ("greedy", "random", "greedy", "greedy"),
    "hunter": ("greedy", "greedy", "random"),
    "hunter_first_blood": ("greedy", "random", "greedy", "greedy", "random"),
    "hydra2": ("greedy", "greedy", "random", "greedy"),
    "hydra3": ("greedy", "greedy", "greedy", "random", "greedy", "greedy"),
    "emperor": ("greedy", "greedy", "greedy", "greedy", "random", "greedy"),
    "raid": ("greedy", "greedy", "random", "greedy"),
}
FORMAT_CHUNKS = [(fmt, part) for fmt in FORMAT_SEATS for part in range(3)]  # 3 × 100 games


@pytest.mark.parametrize("fmt,part", FORMAT_CHUNKS)
def test_soak_formats(fmt, part):
    seats = FORMAT_SEATS[fmt]
    sets = ("frontiers", "colony_wars") if len(seats) > 4 or part == 2 else ("frontiers",)
    report = simulate(DB, sets, seats, 100, seed=2000 + part, fmt=fmt, check=True)
    assert report.errors == 0, f"{fmt}: games crashed or broke an invariant: {report.error_seeds}"
    assert report.draws == 0


@pytest.mark.slow
def test_soak_every_adventure_difficulty_format_and_campaign():
    """The long soak (bench/soak.py) in small: every adventure × difficulty × player count
    twice, every format × seat count once and one whole bot campaign (its twelve
    scenarios) — 280 games, each with invariants after every action, the engine's
    runaway guard, a deadline and a memory bound."""
    soak = load("soak")
    mix = soak.round_units(DB)
    units = ([u for u in mix if u.kind == "adventure"] * 2
             + list(dict.fromkeys(u for u in mix if u.kind == "format"))
             + [soak.Unit("campaign", "campaign")])
    total = soak.run(0, workers=1, seed=5, units=units, max_turns=300, game_seconds=60)
    failures = total["failures"]
    for key in ("errors", "invariant_violations", "runaways", "timeouts", "memory_runaways"):
        assert total[key] == 0, f"{key}: {failures}"
    modes = total["modes"]
    for aid in DB.adventures:
        for difficulty in ("novice", "apprentice", "veteran", "expert"):
            assert modes[f"{aid}/{difficulty}"] >= 2, (aid, difficulty)
    assert set(soak.FORMAT_SEATS) <= set(modes)
    assert [modes[f"campaign/{n:02d}"] for n in range(1, 13)] == [1] * 12
    assert total["campaigns_finished"] == 1
