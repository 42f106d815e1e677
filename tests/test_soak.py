"""Seeded soak: 2,100 whole games (random-vs-random and greedy-vs-greedy across both
sets and their mix) with every invariant checked after every single action."""

import pytest

from game.sim import simulate
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
