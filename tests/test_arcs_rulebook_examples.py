"""Arcs: the rulebook's worked examples of spending a card's action symbols, played
through the engine (RU p.8 «ЭТАП 1. ХОД ДЕЛАЕТ ВЛАДЕЛЕЦ ИНИЦИАТИВЫ», p.12 «СБОР НАЛОГОВ»).
The ambition, surpass, battle and Tycoon examples are in the chapter, battle and scoring
tests."""

from __future__ import annotations

from game.arcs.engine.rules import acting_seat, apply
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, FOLLOW, Action
from tests.arcs_scene import homelands, of, place_waiting


def test_maria_builds_repairs_and_leaves_her_third_symbol_unused():
    """«Она выбирает карту проектирования, что позволяет ей строить или чинить. На этой
    карте 3 символа. Она тратит один на строительство, один на починку и решает не
    выполнять третье действие.»"""
    state = homelands("construction_3")
    assert state.step == ACT and state.budget == 3
    assert {a.kind for a in of(state, "tax") + of(state, "influence")} == set()
    state.players[0].ships -= 1
    state.damaged["2.3"][0] += 1  # a damaged ship of hers to repair
    apply(state, of(state, "build")[0])
    assert state.budget == 2
    repair = Action("repair", 0, card="ship", target="2.3")
    assert repair in of(state, "repair")
    apply(state, repair)
    assert state.damaged["2.3"][0] == 0 and state.budget == 1
    apply(state, Action("done", 0))  # «решает не выполнять третье действие»
    assert state.step == FOLLOW and acting_seat(state) == 1


def test_maria_taxes_twice_her_own_city_and_a_rivals_where_she_rules():
    """«Мария собирает налоги дважды: один раз со своего города материалов и один – с
    города психотехник Даниила, где она правит. Она получает 1 материала и 1
    психотехнику. Так как она собрала налог с города Даниила, она помещает 1 агента из
    его запаса на свою клетку пленников.» (Here her city is a Relic one and the rival's a
    Material one: the planets of this setup card.)"""
    state = homelands("administration_3")
    state.fresh["1.3"][0] = 4  # she rules the rival's system
    state.players[0].ships -= 4
    before = list(held(state.players[0]))
    apply(state, Action("tax", 0, target="2.3", index=0))
    place_waiting(state)  # she places the resource (slots.py)
    apply(state, Action("tax", 0, target="1.3", index=0))
    waiting = [r for _, r in state.incoming]  # the Material, for a slot or the discard
    assert sorted(held(state.players[0]) + waiting) == sorted([*before, "relic", "material"])
    assert state.players[0].captives == [1] and state.players[1].agents == 9
    assert state.budget == 1 and of(state, "tax") == []  # each city once a turn
