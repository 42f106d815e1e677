"""Issue 41: Hard's one budget knob (``scale`` / ``hard@X``), its playout depth in
rounds, and bench/ai.py's level-spec pairings with a resumable log."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from game.star_realms.ai.base import make_player
from game.star_realms.ai.search import HardPlayer
from game.star_realms.engine import GameConfig, SeatConfig, new_game, player_view
from game.star_realms.engine.rules import acting_seat, apply, legal_actions
from game.star_realms.sim import game_seeds
from tests.bench_script import load
from tests.scene import DB


def test_scale_multiplies_every_count_of_the_budget_rounded_at_least_one():
    base = HardPlayer(1)
    assert (base.samples, base.min_samples) == (16, 4)
    quarter, four = HardPlayer(1, scale=0.25), HardPlayer(1, scale=4)
    assert (quarter.samples, quarter.min_samples) == (4, 1)
    assert (four.samples, four.min_samples) == (64, 16)
    tiny = HardPlayer(1, samples=3, min_samples=2, scale=0.01)
    assert (tiny.samples, tiny.min_samples) == (1, 1)


def test_level_spec_hard_at_x_is_hard_with_that_scale():
    assert make_player("hard@0.25", 3).samples == 4
    assert make_player("hard@2", 3, samples=10).samples == 20
    assert make_player("hard", 3).samples == 16
    with pytest.raises(ValueError):
        make_player("normal@2", 3)


SEED = game_seeds(11, 1)[0]


def _play(hard: HardPlayer, turns: int, seats: int = 2,
          after: Callable[[int], None] | None = None) -> None:
    """One seeded game, Hard in seat 0 and Normals elsewhere, up to turn ``turns``;
    ``after(seat)`` runs after every action."""
    st = new_game(DB, GameConfig(sets=("frontiers", "colony_wars"), seed=SEED, first=0,
                                 format="duel" if seats == 2 else "ffa",
                                 seats=tuple(SeatConfig(f"P{i}") for i in range(seats))))
    players = [hard, *(make_player("normal", SEED + j) for j in range(1, seats))]
    while st.turn < turns and st.winners is None:
        seat = acting_seat(st)
        apply(st, players[seat].choose(player_view(st, seat), legal_actions(st)))
        if after is not None:
            after(seat)


def _searched_playouts(scale: float) -> int:
    """Playouts Hard runs over the first few turns of one seeded duel."""
    hard = HardPlayer(SEED, scale=scale, horizon="turn")
    _play(hard, 8)
    assert hard.searched > 0
    return hard.playouts


def test_a_bigger_scale_buys_more_playouts():
    assert _searched_playouts(0.25) < _searched_playouts(1) < _searched_playouts(2)


@pytest.mark.parametrize("rounds", [1, 2])
def test_playouts_run_to_the_start_of_the_seats_rounds_th_next_turn(rounds):
    st = new_game(DB, GameConfig(sets=("frontiers",), seed=5, first=0,
                                 seats=(SeatConfig("A"), SeatConfig("B"))))
    start = st.turn
    HardPlayer(1, rounds=rounds).playout(st, 0, frozenset())
    assert st.winners is None and st.active == 0
    assert st.turn == start + 2 * rounds  # (two seats: two turns a round)


def test_bench_pairs_level_specs_and_resumes_from_its_log(tmp_path, monkeypatch):
    bench = load("ai")
    assert bench.parse_pair("normal") == ("hard", "normal")
    assert bench.parse_pair("hard@0.25:hard@1") == ("hard@0.25", "hard@1")
    assert bench.make("hard@0.5", 1, {}).samples == 8
    args = bench.argparse.Namespace(games=2, seed=3, seats=2, format="duel")
    log = tmp_path / "games.jsonl"
    first = bench.run_pair(DB, "greedy", "random", args, {}, log)
    assert first["games"] == 2
    assert [json.loads(line)["game"] for line in log.read_text().splitlines()] == [0, 1]

    played: list[int] = []
    real = bench.play_game

    def counting(*a, **k):
        played.append(1)
        return real(*a, **k)

    monkeypatch.setattr(bench, "play_game", counting)
    args.games = 3
    again = bench.run_pair(DB, "greedy", "random", args, {}, log)
    assert len(played) == 1 and again["games"] == 3  # games 0 and 1 came from the log
    assert again["wins"] >= first["wins"]


@pytest.mark.parametrize(("fmt", "seats", "budget"), [
    ("duel", 2, (16, 4)),    # a duel's round: two turns, the defaults
    ("ffa", 4, (8, 2)),      # four turns a round: 2/4 of the samples
    ("ffa", 3, (11, 3)),     # three: 2/3
    ("hydra2", 4, (16, 4)),  # two teams taking their turns together: two turns a round
])
def test_bigger_tables_spread_the_same_simulated_turns_over_fewer_samples(fmt, seats, budget):
    st = new_game(DB, GameConfig(sets=("frontiers",), format=fmt, seed=2, first=0,
                                 seats=tuple(SeatConfig(f"P{i}") for i in range(seats))))
    view = player_view(st, 0)
    assert HardPlayer(1)._round_budget(view) == budget
    assert HardPlayer(1, horizon="turn")._round_budget(view) == (16, 4)  # (no round)
    if seats > 2:  # one seat out: a turn fewer each round
        view.seats[seats - 1].alive = False
        assert HardPlayer(1)._round_budget(view)[0] > budget[0] or fmt == "hydra2"


def _hard_turns(budget: int, turns: int = 12) -> tuple[HardPlayer, list[int]]:
    """Hard's playout actions spent in each of its own turns of one seeded duel."""
    hard = HardPlayer(SEED, turn_budget=budget)
    spent: dict[int, int] = {}

    def note(seat: int) -> None:
        if seat == 0 and hard._turn is not None:
            spent[hard._turn[0]] = hard.turn_spent

    _play(hard, turns, after=note)
    return hard, list(spent.values())


def test_a_turn_stops_searching_once_its_playout_actions_are_spent():
    free, free_spent = _hard_turns(10**9)
    assert max(free_spent) > 400  # (this game's turns do search)
    capped, capped_spent = _hard_turns(400)
    # The sample that crosses the line finishes (its candidates share one deal), so a
    # turn ends at most one sample's playouts past the budget, then takes Normal's choice.
    assert all(s < 400 + 6 * 200 for s in capped_spent)
    assert capped.playouts < free.playouts
    assert HardPlayer(1, scale=4).turn_budget == 40_000  # (scale multiplies it too)


def test_the_turn_budget_is_counted_afresh_each_turn():
    _, spent = _hard_turns(400, turns=16)
    assert sum(s >= 400 for s in spent) >= 3  # several turns each spent a whole budget


def test_buy_rounds_deepens_only_the_playouts_of_a_buy_decision(monkeypatch):
    depths: list[tuple[bool, int | None]] = []
    real = HardPlayer.playout

    def recording(self, st, me, bans, depth=None):
        depths.append((self._buying, depth))
        return real(self, st, me, bans, depth)

    real_search = HardPlayer.search

    def search(self, view, cands, default):
        self._buying = any(a.kind == "buy" for a, _ in cands)
        return real_search(self, view, cands, default)

    monkeypatch.setattr(HardPlayer, "playout", recording)
    monkeypatch.setattr(HardPlayer, "search", search)
    _play(HardPlayer(SEED, buy_rounds=2), 12)
    assert {d for buying, d in depths if buying} == {2}
    assert {d for buying, d in depths if not buying} == {1}


@pytest.mark.parametrize("part", ["buys", "others"])
def test_search_part_leaves_the_other_decisions_to_normal(monkeypatch, part):
    kinds: list[bool] = []
    real_search = HardPlayer.search

    def search(self, view, cands, default):
        kinds.append(any(a.kind == "buy" for a, _ in cands))
        return real_search(self, view, cands, default)

    monkeypatch.setattr(HardPlayer, "search", search)
    _play(HardPlayer(SEED, search_part=part, horizon="turn"), 14)
    assert kinds and set(kinds) == {part == "buys"}
    with pytest.raises(ValueError):
        HardPlayer(1, search_part="attacks")


def test_bench_options_take_numbers_and_words():
    bench = load("ai")
    assert bench.number("3") == 3 and bench.number("0.015") == 0.015
    assert bench.number("buys") == "buys"
