"""The AI levels in 3- and 4-seat games and a 2v2 team game: legal, finish, and never
attack or target a teammate (formats are registered only for these tests)."""

from dataclasses import dataclass

import pytest

from game.star_realms.ai import make_player
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.formats import FORMATS, Format
from game.star_realms.engine.state import Action, State
from game.star_realms.sim import game_seeds, play
from tests.scene import DB

SETS = ("frontiers", "colony_wars")
FAST_HARD = {"samples": 2, "max_candidates": 3}


@dataclass(frozen=True)
class TwoTeams(Format):
    """Seats 0 and 2 against 1 and 3, each team sharing one authority pool."""

    def teams(self, n: int) -> list[int]:
        return [i % 2 for i in range(n)]

    def life_pools(self, n: int) -> tuple[list[int], list[int]]:
        return [i % 2 for i in range(n)], [self.authority] * 2


@pytest.fixture
def formats(monkeypatch):
    monkeypatch.setitem(FORMATS, "ffa_test", Format(id="ffa_test", min_seats=2, max_seats=6,
                                                    starting_hands=(3, 4, 5)))
    monkeypatch.setitem(FORMATS, "teams_test", TwoTeams(id="teams_test", min_seats=4,
                                                        max_seats=4, authority=60,
                                                        starting_hands=(3, 4, 5)))


class Watched:
    """Wraps a player: every answer must be legal and spare the seat's team."""

    def __init__(self, inner):
        self.inner = inner
        self.name = inner.name
        self.actions = 0

    def choose(self, view: State, legal: list[Action]) -> Action:
        a = self.inner.choose(view, legal)
        assert a in legal, a
        team = view.seats[a.seat].team
        targeting = a.kind == "attack_player" or (
            a.kind == "pick_seat" and view.pending is not None
            and view.pending.purpose == "target_discards")
        if targeting:
            assert view.seats[a.target].team != team, f"{self.name} targets a teammate: {a}"
        if a.kind == "attack_base" or (a.kind == "pick" and view.pending is not None
                                       and view.pending.purpose == "destroy_base"):
            owner = view.owner_of_base(a.card)
            assert view.seats[owner].team != team, f"{self.name} hits a teammate's base: {a}"
        self.actions += 1
        return a


def run(fmt: str, kinds: tuple[str, ...], seed: int) -> State:
    config = GameConfig(sets=SETS, seats=tuple(SeatConfig(f"{k}{i}", k) for i, k in
                                               enumerate(kinds)),
                        format=fmt, seed=seed, first=seed % len(kinds))
    players = [Watched(make_player(k, seed + i, **(FAST_HARD if k == "hard" else {})))
               for i, k in enumerate(kinds)]
    state = play(new_game(DB, config), players, max_turns=600)
    assert state.winners, "the game must end"
    return state


@pytest.mark.parametrize("kinds", [("easy", "normal", "hard"),
                                   ("hard", "normal", "easy", "greedy")])
def test_free_for_all(formats, kinds):
    for seed in game_seeds(len(kinds), 2):
        state = run("ffa_test", kinds, seed)
        assert len(state.winners) == 1


def test_two_teams(formats):
    for seed in game_seeds(8, 2):
        state = run("teams_test", ("hard", "normal", "normal", "easy"), seed)
        teams = {state.seats[w].team for w in state.winners}
        assert len(teams) == 1 and len(state.winners) == 2


def test_hard_sees_its_teammate_as_a_friend(formats):
    from game.star_realms.ai.knowledge import opponents, teammates

    state = new_game(DB, GameConfig(sets=SETS, seats=tuple(SeatConfig(str(i)) for i in
                                                            range(4)),
                                     format="teams_test", seed=1, first=0))
    assert teammates(state, 0) == [2] and opponents(state, 0) == [1, 3]
