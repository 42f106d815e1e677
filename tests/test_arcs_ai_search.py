"""Arcs' search bot (level ``hard``, game/arcs/ai/search.py): it chooses only legal
actions at 2–4 players, its determinized worlds are consistent with its view, it never
reads a hidden card (a view with other hidden contents gives the same choices, its
memory of the chapter included), and it is deterministic given its seed."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from game.arcs.ai import LEVELS, make_player
from game.arcs.ai.search import (
    CANDIDATES,
    MIN_SEARCH,
    ROLLOUT_CAP,
    HardBot,
    apply_trusted,
    determinize,
)
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import HIDDEN, OVER, GameConfig, State
from game.arcs.engine.view import player_view
from game.arcs.sim import play
from tests.test_arcs_ai import _fake_hidden

RULES = load_arcs_rules()


def _action_cards(state: State) -> Counter:
    cards = [c for p in state.players for c in p.hand]
    cards += [c for _, c, _ in state.plays] + [c for _, c in state.seize_cards]
    return Counter(cards + state.action_deck + state.action_discard)


def test_hard_is_a_level():
    assert "hard" in LEVELS
    assert make_player("hard", 3).name == "hard"


@pytest.mark.parametrize("n", [2, 3, 4])
def test_hard_chooses_only_legal_actions(n):
    """The opening rounds of seeded games, hard in every seat position against the
    heuristic and random players (sim.play raises on an illegal choice)."""
    for first in range(2):
        kinds = ["hard", "normal", "random", "normal"][:n]
        kinds = kinds[first:] + kinds[:first]
        state = new_game(RULES, GameConfig(n, 300 + 10 * n + first))
        play(state, [make_player(k, 5 + i) for i, k in enumerate(kinds)], max_actions=70)
        assert state.step == OVER or len(state.log or []) == 70


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_hard_plays_whole_games(n):
    for seed in range(2):
        state = new_game(RULES, GameConfig(n, 700 + seed, leaders=seed == 1))
        kinds = ["hard", "normal", "greedy", "normal"][:n]
        play(state, [make_player(k, seed + i) for i, k in enumerate(kinds)])
        assert state.step == OVER and state.winner is not None


@pytest.mark.parametrize("n", [2, 3, 4])
def test_worlds_are_consistent_with_the_view(n):
    """Every determinized world deals exactly this player count's action cards, keeps
    the seat's hand, the face-up plays and every pile's size, hides nothing, and
    differs from the real game in what the seat cannot see."""
    state = new_game(RULES, GameConfig(n, 60 + n))
    movers = [make_player("normal", s) for s in range(n)]
    rng = Rng(11)
    differs = 0
    for _ in range(90):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        view = player_view(state, seat)
        world = determinize(view, seat, [], rng)
        assert _action_cards(world) == Counter(c.id for c in RULES.deck(n))
        assert HIDDEN not in _action_cards(world) and HIDDEN not in world.court_deck
        assert world.players[seat].hand == state.players[seat].hand
        for p, q in zip(world.players, state.players, strict=True):
            assert len(p.hand) == len(q.hand)
        assert len(world.action_deck) == len(state.action_deck)
        assert len(world.action_discard) == len(state.action_discard)
        assert sorted(world.court_deck) == sorted(state.court_deck)
        assert [(s, m) for s, _, m in world.plays] == [(s, m) for s, _, m in state.plays]
        assert all(c == d for (s, c, m), (_, d, _) in zip(world.plays, state.plays,
                                                           strict=True)
                   if m != "copy" or s == seat)
        differs += any(p.hand != q.hand for p, q in zip(world.players, state.players,
                                                       strict=True) if p.index != seat)
        apply(state, movers[seat].choose(view, legal_actions(state)))
    assert differs > 30


@pytest.mark.parametrize("n", [2, 3, 4])
def test_hard_never_reads_hidden_information(n):
    """Through a seeded game, a hard bot fed the real views and one with the same seed
    fed the views with every hidden part re-dealt choose the same action every time
    (the same two bots all along, so what they remember of the chapter is checked too)."""
    state = new_game(RULES, GameConfig(n, 80 + n))
    movers = [make_player("normal", 20 + s) for s in range(n)]
    real = [HardBot(s, worlds=2) for s in range(n)]
    faked = [HardBot(s, worlds=2) for s in range(n)]
    rng = Rng(3)
    searched = 0
    for step in range(120):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        legal = legal_actions(state)
        view = player_view(state, seat)
        fake = _fake_hidden(view, state, seat, rng)  # Farseers' hand in sight stays
        a = real[seat].choose(view, legal)
        b = faked[seat].choose(fake, legal)
        assert a == b, (step, a, b)
        assert real[seat].nodes == faked[seat].nodes
        searched += real[seat].nodes > 0
        apply(state, a if step % 2 else movers[seat].choose(view, legal))
    assert searched >= 10


def test_hard_is_deterministic_given_its_seed():
    logs = []
    for _ in range(2):
        state = new_game(RULES, GameConfig(2, 9))
        play(state, [make_player("hard", 4), make_player("normal", 5)], max_actions=80)
        logs.append(state.log)
    assert logs[0] == logs[1] and len(logs[0] or []) == 80


def _contents(value: Any) -> Any:
    """A comparable copy of a game's contents (objects with slots walked field by field)."""
    if hasattr(value, "__slots__") and not isinstance(value, tuple):
        return tuple((n, _contents(getattr(value, n))) for n in type(value).__slots__
                     if n not in ("rules", "cards", "topology", "log"))
    if isinstance(value, list):
        return [_contents(x) for x in value]
    if isinstance(value, dict):
        return {k: _contents(x) for k, x in value.items()}
    return value


@pytest.mark.parametrize("n", [2, 4])
def test_trusted_apply_changes_a_game_exactly_as_apply(n):
    """The rollouts skip apply's legality check (the actions come from legal_actions):
    at every step of seeded games both give the same game, events and generator."""
    for seed, leaders in ((5, False), (6, True)):
        state = new_game(RULES, GameConfig(n, seed, leaders=leaders))
        movers = [make_player("normal", s) for s in range(n)]
        while state.step != OVER:
            seat = acting_seat(state)
            action = movers[seat].choose(player_view(state, seat), legal_actions(state))
            trusted = state.clone()
            apply_trusted(trusted, action)
            apply(state, action)
            assert _contents(trusted) == _contents(state), action
            assert trusted.rng.state == state.rng.state


def test_the_search_budget_is_shared_by_a_turn():
    """A turn's searched decisions share one budget of rollout decisions: a turn (the
    decisions the hard seat takes before the other seat acts) never spends more than the
    budget and one last world of rollouts, the budget is spent in some turns, and every
    new turn gets it again."""
    budget = 150
    state = new_game(RULES, GameConfig(2, 41))
    hard = HardBot(7, turn_budget=budget, budget=100)
    other = make_player("normal", 8)
    turns: list[int] = []
    last = -1
    starved = 0
    for _ in range(160):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        legal = legal_actions(state)
        if seat == 0:
            action = hard.choose(player_view(state, 0), legal)
            if last != 0:
                turns.append(0)
            turns[-1] += hard.nodes
            starved += hard.left < MIN_SEARCH
        else:
            action = other.choose(player_view(state, 1), legal)
        last = seat
        apply(state, action)
    assert len([t for t in turns if t]) >= 4
    assert max(turns) <= budget + CANDIDATES * (ROLLOUT_CAP + 1)
    assert max(turns) >= budget and starved > 0
