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
