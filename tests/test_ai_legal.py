"""Seeded soak: 500 whole duels per AI level (Frontiers, Colony Wars and both, against
every other level and itself), and no level ever answers with an illegal action.

Hard plays these games on a small search budget (one determinization, two
candidates, playouts to the end of its own turn): the same code path as its full
strength, cheap enough for the suite.  Its full budget is exercised by bench/ai.py.
"""

import pytest

from game.star_realms.ai import make_player
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.rules import allows
from game.star_realms.engine.state import Action, State
from game.star_realms.sim import game_seeds, play
from tests.scene import DB

SETS = (("frontiers",), ("colony_wars",), ("frontiers", "colony_wars"))
OPPONENTS = ("random", "greedy", "easy", "normal", "hard")
GAMES_PER_LEVEL = 500
CHUNKS = 5
SOAK_HARD = {"samples": 1, "max_candidates": 2, "horizon": "turn"}


class Strict:
    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.illegal: list[tuple[int, Action]] = []

    def choose(self, view: State, legal: list[Action]) -> Action:
        a = self.inner.choose(view, legal)
        if not allows(legal, a):  # (an attack may name any amount up to the listed one)
            self.illegal.append((view.turn, a))
            return legal[-1]
        return a


def player(kind: str, seed: int):
    return make_player(kind, seed, **(SOAK_HARD if kind == "hard" else {}))


@pytest.mark.parametrize("level", ("easy", "normal", "hard"))
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_never_illegal(level, chunk):
    games = GAMES_PER_LEVEL // CHUNKS
    finished = 0
    for i, seed in enumerate(game_seeds(9000 + 31 * chunk + len(level), games)):
        sets = SETS[i % len(SETS)]
        opponent = OPPONENTS[(i + chunk) % len(OPPONENTS)]
        me = Strict(player(level, seed))
        other = Strict(player(opponent, seed + 1))
        seats = [me, other] if i % 2 == 0 else [other, me]
        config = GameConfig(sets=sets, seats=(SeatConfig("A"), SeatConfig("B")), seed=seed,
                            first=0)
        state = play(new_game(DB, config), seats, max_turns=500)
        assert not me.illegal, f"{level} (seed {seed}) chose illegal actions: {me.illegal[:3]}"
        assert not other.illegal, f"{opponent} (seed {seed}): {other.illegal[:3]}"
        finished += state.winners is not None
    assert finished == games
