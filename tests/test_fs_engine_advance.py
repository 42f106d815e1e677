"""«ПРИКАЗ ПРОДВИЖЕНИЯ», «ПЕРЕДВИЖЕНИЕ КОРАБЛЕЙ», «ПЕРЕДВИЖЕНИЕ НАЗЕМНЫХ ОТРЯДОВ»,
«ВМЕСТИМОСТЬ ОТРЯДОВ» and «ПРИМЕР ВЫПОЛНЕНИЯ ПРИКАЗА ПРОДВИЖЕНИЯ» (RB p.10-11); warp
storms (RB p.6).  Advancing into enemy pieces: one contested area per Advance (the combat
itself is in test_fs_combat.py)."""

from __future__ import annotations

from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.state import CULL, OPERATIONS, Action
from tests.test_fs_support import areas, cleared, game, order_on_top

SM = 0


def _linked(state, a: str, b: str) -> bool:
    return any(x == b for x, _ in state.topology.links[a])


def _find(pred):
    """The first seeded 2-player board (emptied) with a system the predicate accepts."""
    for seed in range(60):
        state = cleared(game(2, seed))
        for system in sorted(state.topology.systems):
            found = pred(state, system)
            if found:
                return state, system, found
    raise AssertionError("no board fits")


def _moves(state):
    return [a for a in legal_actions(state) if a.kind == "move"]


def _diagonal_worlds(state, system):
    worlds = areas(state, system, "world")
    voids = areas(state, system, "void")
    if len(worlds) == 2 and len(voids) == 2 and not _linked(state, *worlds):
        return worlds, voids
    return None


def test_the_booklets_example_ground_units_path_through_a_void_ships_made_friendly():
    """«У него нет кораблей в активной системе, поэтому он двигает ударный крейсер из
    смежной системы в пустую область активной системы. … Теперь, поскольку у него есть
    корабли в пустой области, он может передвинуть отряды через эту область.»"""
    def fits(state, system):
        found = _diagonal_worlds(state, system)
        if not found:
            return None
        for other in state.topology.neighbours[system]:
            if areas(state, other, "void"):
                return found, other
        return None

    state, system, ((worlds, voids), other) = _find(fits)
    start, far = worlds
    pieces.add_unit(state, SM, start, "sm_scout")
    pieces.add_unit(state, SM, areas(state, other, "void")[0], "sm_strike_cruiser")
    order_on_top(state, SM, system, "advance")
    # ships first: from the adjacent system into any void of the active one
    ships = _moves(state)
    assert {a.target for a in ships} == set(voids)
    assert far not in {a.target for a in
                       [*_moves(_after(state, Action("ground", SM)))]}
    apply(state, Action("move", SM, "sm_strike_cruiser", target=voids[0],
                        source=areas(state, other, "void")[0]))
    apply(state, Action("ground", SM))
    assert Action("move", SM, "sm_scout", target=far, source=start) in _moves(state)
    apply(state, Action("move", SM, "sm_scout", target=far, source=start))
    assert state.units[far] == {"sm_scout": 1} and start not in state.units
    # a unit moves once: the scout that arrived cannot go on
    assert not any(a.source == far for a in _moves(state))


def _after(state, action):
    other = state.clone()
    apply(other, action)
    return other


def test_ships_move_anywhere_in_the_active_system_but_never_into_a_world():
    """«Перемещая корабли, игрок может передвигать их из пустой области где они находятся,
    в любую другую область активной системы, даже если эти области не смежные.»"""
    state, system, (_worlds, voids) = _find(_diagonal_worlds)
    pieces.add_unit(state, SM, voids[0], "sm_strike_cruiser")
    order_on_top(state, SM, system, "advance")
    assert [(a.source, a.target) for a in _moves(state)] == [(voids[0], voids[1])]


def test_units_come_from_one_adjacent_system_only():
    """«Если игрок передвинул корабли из смежной системы, он уже не может передвинуть
    отряды из другой смежной системы.»"""
    def fits(state, system):
        near = [s for s in state.topology.neighbours[system] if areas(state, s, "void")]
        return near if len(near) >= 2 and areas(state, system, "void") else None

    state, system, near = _find(fits)
    for s in near[:2]:
        pieces.add_unit(state, SM, areas(state, s, "void")[0], "sm_strike_cruiser")
    order_on_top(state, SM, system, "advance")
    first = next(a for a in _moves(state) if state.topology.areas[a.source].system == near[0])
    apply(state, first)
    sources = {state.topology.areas[a.source].system for a in _moves(state)}
    assert near[1] not in sources


def test_storms_block_moving_across_their_border():
    """«Отряды не могут передвигаться через варп-штормы (без соответствующего улучшения)»"""
    def fits(state, system):
        for a in areas(state, system, "world"):
            for b, border in state.topology.links[a]:
                if border and state.topology.areas[b].area.kind == "world":
                    return a, b, border
        return None

    state, system, (target, source, border) = _find(fits)
    pieces.add_unit(state, SM, source, "sm_scout")
    order_on_top(state, SM, system, "advance")
    apply(state, Action("ground", SM))
    assert Action("move", SM, "sm_scout", target=target, source=source) in _moves(state)
    state.storms = [border]
    assert Action("move", SM, "sm_scout", target=target, source=source) not in _moves(state)


def test_an_advance_contests_only_one_area():
    """«игрок в ходе разыгрывания одного приказа может разыграть только одну битву»
    (RB p.10): once a ship enters the enemy void, the enemy world is no longer offered."""
    state, system, (worlds, voids) = _find(_diagonal_worlds)
    pieces.add_unit(state, SM, voids[0], "sm_strike_cruiser", 2)
    pieces.add_unit(state, SM, worlds[1], "sm_scout")
    pieces.add_unit(state, 1, voids[1], "ork_onslaught")
    pieces.add_unit(state, 1, worlds[0], "ork_boyz")
    into_world = Action("move", SM, "sm_scout", target=worlds[0], source=worlds[1])
    probe = state.clone()
    order_on_top(probe, SM, system, "advance")
    apply(probe, Action("ground", SM))
    assert into_world in _moves(probe)  # without a contest, the enemy world is open
    order_on_top(state, SM, system, "advance")
    apply(state, Action("move", SM, "sm_strike_cruiser", target=voids[1], source=voids[0]))
    assert state.order.contested == voids[1] and state.owner[voids[1]] == 1
    apply(state, Action("ground", SM))
    assert into_world not in _moves(state)


def test_five_units_end_a_move_in_an_area_and_capacity_destroys_the_rest():
    """«максимальное количество отрядов, которые могут закончить движение в каждой
    области, равно пяти»; «После того как приказ разыгран … игрок должен уничтожить свои
    отряды, чтобы уложиться в лимит вместимости области.»"""
    def fits(state, system):
        for a in areas(state, system, "world"):
            near = [b for b, border in state.topology.links[a] if border is None
                    and state.topology.areas[b].area.kind == "world"]
            if near:
                return a, near[0]
        return None

    state, system, (source, target) = _find(fits)
    pieces.add_unit(state, SM, source, "sm_scout", 6)
    order_on_top(state, SM, system, "advance")
    apply(state, Action("ground", SM))
    for _ in range(5):
        apply(state, Action("move", SM, "sm_scout", target=target, source=source))
    assert not any(a.target == target for a in _moves(state))
    capacity = state.topology.areas[target].area.capacity
    apply(state, Action("done", SM))
    assert state.step == CULL
    assert legal_actions(state) == [Action("destroy", SM, "sm_scout", target)]
    for _ in range(5 - capacity):
        apply(state, Action("destroy", SM, "sm_scout", target))
    assert state.units[target] == {"sm_scout": capacity} and state.step == OPERATIONS
