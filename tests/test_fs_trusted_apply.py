"""Forbidden Stars engine speed (issue 41 item 1) without changing one game: the trusted
apply, views built masked (and only when read), placements found in one pass.

The speed itself is measured by ``bench/engine.py --game forbidden_stars``, never here;
these tests pin what makes it (work no longer done) and that the results stay the same.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from game.forbidden_stars.ai import knowledge
from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.engine import flow, rules
from game.forbidden_stars.engine import view as view_module
from game.forbidden_stars.engine.rules import (
    IllegalAction,
    acting_seat,
    apply,
    apply_trusted,
    legal_actions,
)
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import OVER, PLANNING, Action, GameConfig, State
from game.forbidden_stars.engine.view import StaleView, lazy_view, player_view
from game.forbidden_stars.sim import play
from tests.test_fs_support import RULES


def _fields(state: State) -> dict[str, Any]:
    """Every field of a game, the generator by its position (it has no equality)."""
    out = {f.name: getattr(state, f.name) for f in fields(state)}
    out["rng"] = state.rng.state
    return out


def _played(n: int, seed: int, actions: int, kind: str = "random") -> State:
    players = [make_player(kind, seed + s) for s in range(n)]
    return play(new_game(RULES, GameConfig(n, seed)), players, max_actions=actions)


# ---------------------------------------------------------------------- trusted apply


class _Counted:
    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: State) -> list[Action]:
        self.calls += 1
        return legal_actions(state)


def test_the_bot_loop_lists_the_legal_actions_once_per_action(monkeypatch):
    # The loop checks each choice against the list it offered; applying it must not
    # derive that list a second time (before: apply did, every action of every game).
    counted = _Counted()
    monkeypatch.setattr(rules, "legal_actions", counted)
    state = _played(4, 3, 400)
    assert len(state.log) == 400
    assert counted.calls == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_trusted_and_checked_apply_make_the_same_game(n):
    players = [make_player("normal", 10 + s) for s in range(n)]
    checked = new_game(RULES, GameConfig(n, 40 + n, quick_setup=n != 3))
    trusted = new_game(RULES, GameConfig(n, 40 + n, quick_setup=n != 3))
    for _ in range(600):
        if checked.step == OVER:
            break
        seat = acting_seat(checked)
        legal = legal_actions(checked)
        assert legal_actions(trusted) == legal
        action = players[seat].choose(player_view(checked, seat), legal)
        apply(checked, action)
        apply_trusted(trusted, action)
        assert _fields(trusted) == _fields(checked)
    assert len(checked.log) > 100


def test_the_checked_apply_still_refuses_what_is_not_legal():
    state = _played(3, 5, 30)
    before = _fields(state.clone())
    bogus = Action("place", acting_seat(state), "no such order", "no such system")
    with pytest.raises(IllegalAction):
        apply(state, bogus)
    assert _fields(state) == before


# ---------------------------------------------------------------------- views


class _Unreadable(list):
    """A log that fails when read: a view must drop the log without copying it."""

    def __iter__(self):
        raise AssertionError("the view copied the game's log")


def test_a_view_never_copies_the_log():
    state = _played(4, 7, 300)
    assert len(state.log) == 300
    state.log = _Unreadable(state.log)
    for seat in range(4):
        assert player_view(state, seat).log is None


def test_a_view_shares_nothing_the_game_then_changes():
    # the view is built, not copied then masked: nothing mutable may be left shared
    state = _played(3, 11, 250, "normal")
    seat = acting_seat(state)
    view = player_view(state, seat)
    seen = repr(_fields(view))
    players = [make_player("random", 60 + s) for s in range(3)]
    play(state, players, max_actions=len(state.log) + 200)
    assert repr(_fields(view)) == seen
    # and the other way: a bot that scribbled on its view would not change the game
    state = _played(3, 11, 250, "normal")
    before = repr(_fields(state))
    view = player_view(state, seat)
    for p in view.players:
        for part in (p.orders, p.assets, p.combat_types, p.drawn, p.order_upgrades,
                     p.schemes, p.used_upgrades, p.on_event_deck):
            part.clear()
    for table in (view.units, view.routed, view.structures, view.stacks):
        for inner in table.values():
            inner.clear()
    for part in (view.units, view.routed, view.structures, view.stacks, view.owner,
                 view.events, view.storms, view.supply, view.objectives):
        part.clear()
    assert repr(_fields(state)) == before


def test_random_players_never_have_a_view_built(monkeypatch):
    # a random player never reads its view: building it was 40% of a random-legal game
    built = []
    real = view_module.player_view
    monkeypatch.setattr(view_module, "player_view",
                        lambda state, seat: built.append(seat) or real(state, seat))
    state = _played(4, 12, 300)
    assert len(state.log) == 300
    assert built == []


def test_a_lazy_view_reads_as_the_player_view_at_every_step():
    players = [make_player("normal", 80 + s) for s in range(3)]
    state = new_game(RULES, GameConfig(3, 5, quick_setup=False))
    for _ in range(700):
        if state.step == OVER:
            break
        seat = acting_seat(state)
        lazy, eager = lazy_view(state, seat), player_view(state, seat)
        assert type(lazy) is not State  # nothing built yet
        assert repr(lazy).startswith("State(rules=")  # built by its first read
        # (compared by field: a view has no equality, its Rng has none)
        assert type(lazy) is State and _fields(lazy) == _fields(eager)
        other = lazy_view(state, seat)
        assert other != 0 and type(other) is State and _fields(other) == _fields(eager)
        apply(state, players[seat].choose(player_view(state, seat), legal_actions(state)))
    assert len(state.log) > 300


def test_a_lazy_view_first_read_after_the_game_moved_on_is_refused():
    state = _played(2, 3, 40)
    seat = acting_seat(state)
    stale = lazy_view(state, seat)
    read = lazy_view(state, seat)
    assert read.round == state.round  # read in time: built, and kept as it was
    then = player_view(state, seat)
    apply(state, legal_actions(state)[0])
    with pytest.raises(StaleView):
        _ = stale.players
    assert _fields(read) == _fields(then)


# ---------------------------------------------------------------------- planning


def _brute_placeable(state: State, seat: int) -> list[str]:
    """The rule as written (RB p.4): pieces in the system or an adjacent one."""
    topo = state.topology
    return [s for s in topo.systems if state.has_pieces(seat, s)
            or any(state.has_pieces(seat, t) for t in topo.neighbours[s])]


def test_placements_are_listed_without_asking_every_system(monkeypatch):
    state = _played(4, 2, 60)
    while state.step != PLANNING:
        apply(state, legal_actions(state)[0])
    seat = state.turn
    expected = _brute_placeable(state, seat)
    asked = []
    real = State.has_pieces
    monkeypatch.setattr(State, "has_pieces",
                        lambda self, s, system: asked.append(system) or real(self, s, system))
    assert flow.placeable_systems(state, seat) == expected
    assert {a.target for a in legal_actions(state)} == set(expected)
    assert asked == []  # before: every system and each of its neighbours, per placement


@pytest.mark.parametrize("n,seed", [(2, 1), (3, 4), (4, 9)])
def test_placeable_systems_follow_the_rulebook_through_whole_games(n, seed):
    players = [make_player("random", seed + s) for s in range(n)]
    state = new_game(RULES, GameConfig(n, seed, quick_setup=seed != 4))
    checked = 0
    for _ in range(3000):
        if state.step == OVER:
            break
        for seat in range(n if state.topology is not None else 0):  # built in the setup
            assert flow.placeable_systems(state, seat) == _brute_placeable(state, seat)
            checked += 1
        seat = acting_seat(state)
        apply(state, players[seat].choose(player_view(state, seat), legal_actions(state)))
    assert checked > 300


# ---------------------------------------------------------------------- the bots' scores


def _evaluate_one_seat(state: State, seat: int) -> float:
    """The per-seat evaluation as it was before every seat was scored in one pass: the
    oracle (same terms, same order, so the same float to the last bit)."""
    p = state.players[seat]
    rules, topo = state.rules, state.topology
    rounds_left = max(0, rules.constants["rounds"] - state.round)
    score = knowledge.OBJECTIVE_HELD * p.objectives
    mine = knowledge.seat_systems(state, seat)
    for world, owner in state.objectives.items():
        if owner != seat:
            continue
        if state.owner.get(world) == seat:
            score += knowledge.OBJECTIVE_ON_OWN_WORLD
        elif mine:
            system = topo.areas[world].system
            gap = min(knowledge.system_distance(state, system, s) for s in mine)
            score += 8.0 / (1 + gap) * (1.0 if rounds_left else 0.3)
    score += knowledge.production(state, seat) * (1.0 + 0.5 * rounds_left)
    score += 0.6 * p.materiel
    for area, owner in state.owner.items():
        if owner != seat:
            continue
        down = state.routed.get(area, {})
        for u, n in knowledge.area_units(state, area, seat).items():
            score += knowledge.unit_value(rules, u) * (n - 0.2 * down.get(u, 0))
        score += sum(knowledge.STRUCTURE_VALUE[s] for s in state.structures.get(area, ()))
        score += 0.8 if topo.areas[area].area.kind == "world" else 0.2
    score += 1.4 * sum(p.assets.values())
    cards = rules.combat_cards
    score += sum(1.5 + cards[c].level for c in p.combat_types if cards[c].deck != "start")
    score += sum(1.0 + rules.upgrades[g].level * 0.5 for g in p.order_upgrades)
    score += 2.0 * state.command_level(seat)
    return score


@pytest.mark.parametrize("n,seed", [(2, 3), (4, 6)])
def test_every_seat_scored_in_one_pass_scores_as_alone(n, seed):
    players = [make_player("normal", seed + s) for s in range(n)]
    state = new_game(RULES, GameConfig(n, seed))
    for step in range(2000):
        if state.step == OVER:
            break
        if step % 5 == 0:
            seat = acting_seat(state)
            for s in (seat, *range(n)):
                view = player_view(state, s)
                assert knowledge.evaluate_all(view) == \
                    [_evaluate_one_seat(view, k) for k in range(n)]
        seat = acting_seat(state)
        apply(state, players[seat].choose(player_view(state, seat), legal_actions(state)))
    assert state.round > 2
