"""Every format and adventure the engine registers, played by the AI levels: no illegal
action, no attack on a teammate, and the game ends.  The cases follow the registry at
run time, so new formats and adventures are covered as they arrive."""

import pytest

from game.star_realms import sim
from game.star_realms.ai import make_player
from game.star_realms.engine.formats import FORMATS
from game.star_realms.engine.modes import get_format
from tests.scene import DB
from tests.test_ai_multiseat import Watched

LITE_HARD = {"samples": 2, "max_candidates": 3, "horizon": "turn"}
LEVELS = ("hard", "normal", "easy")


def seats_for(fmt) -> int:
    return max(fmt.min_seats, 2)


CASES = [(fid, seats_for(fmt)) for fid, fmt in sorted(FORMATS.items()) if fid != "duel"]
CASES += [(aid, 2) for aid in sorted(getattr(DB, "adventures", {}))]


@pytest.fixture
def watched(monkeypatch):
    made = []

    def factory(kind, seed):
        p = make_player(kind, seed, **(LITE_HARD if kind == "hard" else {}))
        if kind in LEVELS:
            p = Watched(p)
            made.append(p)
        return p

    monkeypatch.setattr(sim, "make_player", factory)
    return made


@pytest.mark.parametrize("fmt,n", CASES)
def test_levels_play_every_format(watched, fmt, n):
    seats = [LEVELS[i % len(LEVELS)] for i in range(n)]
    report = sim.simulate(DB, ["frontiers", "colony_wars"], seats, 2, seed=11, fmt=fmt,
                          max_turns=600)
    assert report.errors == 0, f"{fmt}: crashes or illegal actions, seeds {report.error_seeds}"
    assert report.draws == 0
    if get_format(fmt, DB).team_turns:
        # A team turn is steered by the team's lead (issue 19: the whole team plays at
        # once); a teammate that never leads (a co-op adventure's second player) only
        # answers the questions its own cards ask.
        assert watched[0].actions
    else:
        assert all(p.actions for p in watched)
