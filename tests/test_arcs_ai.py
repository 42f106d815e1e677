"""Arcs' computer players (game/arcs/ai) and bot games (game/arcs/sim.py): the bots only
ever choose legal actions, never read hidden information, are deterministic given their
seed, the heuristic clearly beats random, and `simulate --game arcs` reports its JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.arcs.ai import LEVELS, knowledge, make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.scoring import ambition_count
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import HIDDEN, OVER, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.sim import play, simulate
from game.stats import wilson_interval

RULES = load_arcs_rules()
ROOT = Path(__file__).resolve().parent.parent


def lineup(n: int, i: int) -> list[str]:
    kinds = ["normal", "greedy", "random"]
    return [kinds[(i + s) % 3] for s in range(n)]


def test_levels_and_unknown_level():
    assert LEVELS == ("random", "greedy", "normal", "hard")
    assert {make_player(k, 1).name for k in LEVELS} == set(LEVELS)
    with pytest.raises(ValueError, match="unknown Arcs player 'expert'"):
        make_player("expert")


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bots_choose_only_legal_actions(n):
    """A few seeded games per count with every level; sim.play raises on an illegal
    choice and simulate counts any crash as an error."""
    for i in range(2):
        report = simulate(RULES, n, lineup(n, i), 2, seed=100 + n + i)
        assert report.errors == 0 and report.games == 2
        assert report.draws == 0 and sum(report.wins) == 2
        assert all(1 <= c <= 5 for c in report.chapters)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_level_plays_a_leaders_and_lore_game_to_the_end(n):
    """With Leaders & Lore the game starts with a draft; every level drafts (the normal
    bot once asserted it was always in the action step) and plays on to the end."""
    for seed in range(2):
        state = new_game(RULES, GameConfig(n, seed, leaders=True))
        kinds = ["normal", "greedy", "random", "normal"][:n]
        play(state, [make_player(k, seed + i) for i, k in enumerate(kinds)])
        assert state.step == OVER
        assert all(p.leader for p in state.players)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_soak_bots_legal_over_many_games(n):
    """About 50 seeded games per player count, every level in every seat position."""
    for i in range(3):
        report = simulate(RULES, n, lineup(n, i), 17, seed=1000 * n + i)
        assert report.errors == 0 and report.draws == 0, report.error_seeds
        assert sum(report.wins) == 17


def test_play_rejects_an_illegal_choice():
    class Cheat:
        name = "cheat"

        def choose(self, view, legal):
            return legal[0]._replace(kind="done")  # the 2p redraw step: seat 1 first

    with pytest.raises(AssertionError, match="cheat at seat 1 chose"):
        play(new_game(RULES, GameConfig(2, 3)), [Cheat(), Cheat()])


def _peeked(view: State, seat: int) -> int:
    """The rival whose hand ``seat`` is looking at with Farseers (view.py), or -1."""
    peek = view.peek
    return peek[1] if peek is not None and peek[0] == seat and peek[1] >= 0 else -1


def _fake_hidden(view: State, real: State, seat: int, rng: Rng) -> State:
    """The view with every hidden part replaced by other, real-looking content: rivals'
    hands (but the one the seat looks at with Farseers: that one is in sight), face-down
    plays, the decks, the generator, the seed and the log."""
    fake = view.clone()
    pool = [c.id for c in RULES.action_cards]
    for p in fake.players:
        if p.index not in (seat, _peeked(view, seat)):
            p.hand = [pool[rng.below(len(pool))] for _ in p.hand]
    fake.plays = [(s, pool[rng.below(len(pool))] if c == HIDDEN else c, m)
                  for s, c, m in view.plays]
    fake.seize_cards = [(s, pool[rng.below(len(pool))] if c == HIDDEN else c)
                        for s, c in view.seize_cards]
    fake.action_deck = [pool[rng.below(len(pool))] for _ in view.action_deck]
    fake.action_discard = [pool[rng.below(len(pool))] for _ in view.action_discard]
    fake.court_deck = list(real.court_deck)
    rng.shuffle(fake.court_deck)
    fake.rng = Rng(rng.next_u64())
    fake.config = real.config
    fake.log = list(real.log or [])
    return fake


def test_fake_hidden_keeps_the_hand_farseers_shows():
    """The helper re-deals only what the seat cannot see: with Farseers the hand it
    looks at stays as the view shows it, the other rivals' hands are re-dealt."""
    state = new_game(RULES, GameConfig(3, 12))
    state.peek = (0, 2)  # seat 0 looks at seat 2's hand (court.py's Farseers)
    view = player_view(state, 0)
    assert HIDDEN not in view.players[2].hand and HIDDEN in view.players[1].hand
    fake = _fake_hidden(view, state, 0, Rng(5))
    assert fake.players[2].hand == state.players[2].hand
    assert fake.players[0].hand == state.players[0].hand
    assert HIDDEN not in fake.players[1].hand
    assert len(fake.players[1].hand) == len(state.players[1].hand)
    state.peek = None
    fake = _fake_hidden(player_view(state, 0), state, 0, Rng(5))
    assert HIDDEN not in fake.players[2].hand and fake.players[2].hand != \
        state.players[2].hand


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bots_never_read_hidden_information(n):
    """At every decision of seeded games, a bot given the real view and a bot with the
    same seed given the view with its hidden parts replaced choose the same action."""
    checked = 0
    for kind in ("greedy", "normal"):
        state = new_game(RULES, GameConfig(n, 40 + n))
        movers = [make_player("random", s) for s in range(n)]
        rng = Rng(7)
        steps = 0
        while state.step != OVER and steps < 400:
            seat = acting_seat(state)
            legal = legal_actions(state)
            view = player_view(state, seat)
            fake = _fake_hidden(view, state, seat, rng)
            rival = (seat + 1) % n
            assert fake.players[rival].hand != view.players[rival].hand \
                or not view.players[rival].hand or rival == _peeked(view, seat)
            if steps % 3 == 0 or len(legal) > 1:
                a = make_player(kind, steps).choose(view, legal)
                b = make_player(kind, steps).choose(fake, legal)
                assert a == b, (kind, steps, a, b)
                assert a in legal
                checked += 1
            apply(state, movers[seat].choose(view, legal))
            steps += 1
    assert checked > 200


def test_bots_are_deterministic_given_their_seed():
    a = play(new_game(RULES, GameConfig(3, 9)), [make_player(k, 5) for k in
                                                 ("normal", "greedy", "random")])
    b = play(new_game(RULES, GameConfig(3, 9)), [make_player(k, 5) for k in
                                                 ("normal", "greedy", "random")])
    assert a.log == b.log and a.winner == b.winner


def test_heuristic_beats_random_over_seat_alternating_duels():
    """20 two-player games, the initiative alternating: normal wins at least 18 (seen:
    20 of 20), and greedy clearly beats random too."""
    for level in ("normal", "greedy"):
        report = simulate(RULES, 2, [level, "random"], 20, seed=2024)
        assert report.errors == 0 and report.draws == 0
        assert report.wins[0] >= 18, (level, report.wins)
        assert wilson_interval(report.wins[0], 20)[0] > 0.65


def test_initiative_rotates_over_the_listed_seats():
    """Seat 0 always starts in the engine: simulate seats each listed player there in
    turn, so a line-up of identical bots reports wins by list position fairly."""
    seen = []

    def record(kind, seed):
        seen.append(kind)
        return make_player("random", seed)

    import game.arcs.sim as sim
    original = sim.make_player
    sim.make_player = record
    try:
        simulate(RULES, 3, ["a", "b", "c"], 3, seed=1, max_actions=1)
    finally:
        sim.make_player = original
    assert seen == ["a", "b", "c", "b", "c", "a", "c", "a", "b"]


def _game(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT,
                          capture_output=True, text=True, encoding="utf-8",
                          env={**os.environ}, timeout=300)


def test_cli_simulate_game_arcs_json():
    """The issue's command, with fewer games: every field of the report."""
    res = _game("simulate", "--game", "arcs", "--players", "4", "--seats",
                "normal,greedy,greedy,greedy", "--games", "2", "--seed", "1", "--json")
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout)
    assert set(out) == {"game", "players", "seats", "seed", "games", "errors", "error_seeds",
                        "draws", "wins", "win_rates", "wins_ci", "initiative_wins",
                        "mean_chapters", "mean_actions", "games_per_second"}
    assert out["game"] == "arcs" and out["players"] == 4 and out["games"] == 2
    assert out["seats"] == ["normal", "greedy", "greedy", "greedy"]
    assert out["errors"] == 0 and out["error_seeds"] == [] and sum(out["wins"]) == 2
    assert len(out["wins_ci"]) == 4 and 1 <= out["mean_chapters"] <= 5
    assert out["games_per_second"] > 0


def test_cli_simulate_game_arcs_usage_errors():
    for args, message in ((("--seats", "normal,expert"), "unknown Arcs player 'expert'"),
                          (("--players", "3", "--seats", "greedy,greedy"), "2, 3 or 4"),
                          (("--seats", "greedy"), "2, 3 or 4"),
                          (("--seats", "greedy,greedy", "--campaign"), "Star Realms'")):
        res = _game("simulate", "--game", "arcs", "--games", "1", *args)
        assert res.returncode == 2 and message in res.stderr, res.stderr
        assert "Traceback" not in res.stderr
    res = _game("simulate", "--players", "3", "--games", "1")
    assert res.returncode == 2 and "--players is for --game arcs" in res.stderr


def test_the_bots_ambition_count_is_the_engines():
    """knowledge.ambition_count (look-ups built once per rules) and marker_values give
    the engine's counts and values at every step of seeded games (Leaders & Lore in
    one)."""
    checked = 0
    for n, seed, leaders in ((2, 1, False), (3, 2, True), (4, 3, False)):
        state = new_game(RULES, GameConfig(n, seed, leaders=leaders))
        bots = [make_player("normal", seed + s) for s in range(n)]
        while state.step != OVER:
            for ambition in RULES.ambitions:
                for s in range(n):
                    assert knowledge.ambition_count(state, s, ambition) == \
                        ambition_count(state, s, ambition)
                    checked += 1
            for m in RULES.markers:
                assert knowledge.marker_values(state, m.id) == state.marker_values(m.id)
            seat = acting_seat(state)
            apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    assert checked > 3000
