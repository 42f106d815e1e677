"""Arcs engine: «Обычные действия» (RU p.12–13) — Tax, Influence, Secure — and gaining
resources into the resource slots (RU p.17)."""

from __future__ import annotations

from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, Action
from tests.arcs_scene import homelands, of, place_waiting


def test_tax_an_own_city():
    """«Выберите верный город либо выберите город соперника, где вы правите. Получите из
    запаса 1 ресурс того же типа, что и планета с этим городом.» «Нельзя собрать налог с
    одного города больше 1 раза в ход.»"""
    state = homelands("administration_2")
    assert of(state, "tax") == [Action("tax", 0, target="2.3", index=0)]
    relics = state.supply["relic"]
    apply(state, Action("tax", 0, target="2.3", index=0))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["relic", "fuel", "relic"]
    assert state.supply["relic"] == relics - 1 and state.budget == 3
    assert of(state, "tax") == []  # once per city per turn


def test_tax_a_rival_city_where_you_rule_captures_an_agent():
    """«Если вы собираете налог с города соперника, вы также захватываете 1 его агента из
    запаса, даже если не получили ресурс.» «Вы правите системой …, если у вас в ней
    больше неповреждённых кораблей, чем у каждого соперника. При ничьей никто не правит
    системой.»"""
    state = homelands("administration_2")
    state.fresh["1.3"][0] = 3  # 3 against seat 1's 3: a tie, nobody rules
    assert Action("tax", 0, target="1.3", index=0) not in of(state, "tax")
    state.fresh["1.3"][0] = 4
    state.supply["material"] = 0  # the supply is out: no resource, still a captive
    apply(state, Action("tax", 0, target="1.3", index=0))
    assert held(state.players[0]) == ["relic", "fuel"]
    assert state.players[0].captives == [1] and state.players[1].agents == 9
    assert state.events[-1].resource == "" and state.events[-1].captive == 1


def test_a_resource_with_no_free_slot_makes_the_seat_discard():
    """«Когда вы берёте или получаете ресурс, поместите его в свою пустую ячейку ресурса.
    При этом вы можете перераспределить ресурсы в ячейках, но вы должны сбросить те, для
    которых нет места.»"""
    state = homelands("administration_2")
    state.players[0].resources = ["relic", "fuel", "psionic"]
    state.supply["psionic"] -= 1
    apply(state, Action("tax", 0, target="2.3", index=0))
    # the seat chooses: the new Relic, or a held resource of another type from its slot
    # (issue 37 item 12: engine slots.py)
    assert [a for a in legal_actions(state) if a.kind == "discard"] == [
        Action("discard", 0, target="relic"), Action("discard", 0, target="fuel", index=1),
        Action("discard", 0, target="psionic", index=2)]
    apply(state, Action("discard", 0, target="fuel", index=1))
    apply(state, Action("place", 0, target="relic", index=1))
    assert sorted(held(state.players[0])) == ["psionic", "relic", "relic"]
    assert state.step == ACT and state.budget == 3


def test_influence_places_an_agent_on_a_court_card():
    """«ВЛИЯНИЕ (МОБИЛИЗАЦИЯ И РУКОВОДСТВО) Поместите 1 агента на любую карту при
    дворе.»"""
    state = homelands("mobilization_2")
    assert [a.index for a in of(state, "influence")] == [0, 1, 2, 3]
    apply(state, Action("influence", 0, index=2))
    apply(state, Action("influence", 0, index=2))
    assert state.court[2].agents == [2, 0, 0] and state.players[0].agents == 8
    state.players[0].agents = 0
    assert of(state, "influence") == []


def test_secure_with_a_majority_returns_own_agents_and_captures_the_rivals():
    """«Возьмите 1 карту со двора, если у вас на ней больше верных агентов, чем у любого
    соперника. Верните всех своих верных агентов в свой запас и захватите всех агентов
    соперников с присвоенной карты. … Наконец, возьмите карту с верха колоды двора и
    поместите лицевой стороной вверх во двор на то же место, чтобы обновить двор.»"""
    state = homelands("aggression_2")
    assert of(state, "secure") == []  # no agents anywhere
    card = state.court[1].card
    top = state.court_deck[-1]
    state.court[1].agents = [2, 1, 1]
    state.players[0].agents, state.players[1].agents, state.players[2].agents = 8, 9, 9
    state.court[3].agents = [1, 1, 0]  # a tie: no majority
    assert of(state, "secure") == [Action("secure", 0, index=1)]
    apply(state, Action("secure", 0, index=1))
    p = state.players[0]
    assert p.guild == [card] and p.agents == 10 and sorted(p.captives) == [1, 2]
    assert state.court[1].card == top and state.court[1].agents == [0, 0, 0]
    assert len(state.court_deck) == 31 - 4 - 1  # 25 guild + 6 vox cards


def test_secure_a_card_when_the_court_deck_is_empty_leaves_the_slot_empty():
    state = homelands("aggression_2")
    state.court_deck = []
    state.court[0].agents = [1, 0, 0]
    state.players[0].agents = 9
    apply(state, Action("secure", 0, index=0))
    assert state.court[0] is None
    assert all(a.index != 0 for a in of(state, "influence"))
