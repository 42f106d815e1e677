"""Arcs engine: the prelude («Пролог», RU p.17 «Ресурсы», p.20 «Действия пролога») and
Outrage's effect on it (RU p.16 «Запрет»)."""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, DECIDE, Action, GameConfig

RULES = load_arcs_rules()


def homelands(lead: str, resources: list[str], guild: list[str] | None = None):
    """3 players on «Homelands»: seat 0 (city on 2.3, ships on 2.3, 3.2 and G3) leads
    ``lead`` holding ``resources`` and the guild cards ``guild``."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    p = state.players[0]
    p.hand = [lead]
    p.resources = list(resources)
    p.guild = list(guild or [])
    for r in resources:
        state.supply[r] -= 1
    apply(state, Action("lead", 0, card=lead))
    if state.step != ACT:
        apply(state, Action("proceed", 0))
    return state


def kinds(state) -> set[str]:
    return {a.kind for a in legal_actions(state)}


def spends(state) -> set[tuple[str, str]]:
    return {(a.target, a.card) for a in legal_actions(state) if a.kind == "spend"}


def test_spending_fuel_pays_for_one_move_and_returns_at_the_prelude_end():
    """«Топливо. Выполните действие перемещения.» «ресурсы, потраченные в прологе,
    возвращаются в запас в конце пролога, поэтому их нельзя получить вновь до этого
    момента» «… и заканчивается, когда вы тратите любой символ действия с карты.»"""
    state = homelands("administration_2", ["fuel", "relic"])
    fuel = state.supply["fuel"]
    apply(state, Action("spend", 0, card="fuel", target="fuel"))
    assert state.free == ("move",) and held(state.players[0]) == ["relic"]
    assert kinds(state) == {"move", "forgo"}  # one Move, or nothing
    apply(state, Action("move", 0, source="G3", target="3.1", fresh=2))
    assert state.budget == 4 and state.supply["fuel"] == fuel and state.prelude
    apply(state, Action("tax", 0, target="2.3", index=0))  # a symbol: the prelude ends
    assert not state.prelude and state.supply["fuel"] == fuel + 1
    assert "spend" not in kinds(state)


def test_material_builds_or_repairs_relic_secures_psionic_takes_the_lead_cards_action():
    """«Материал. Выполните действие строительства или починки. … Реликвия. Выполните
    действие присвоения. Психотехника. Выполните действие, указанное на главной карте.»"""
    state = homelands("administration_2", ["material", "psionic"])
    state.court[0].agents[0] = 1
    apply(state, Action("spend", 0, card="material", target="material"))
    assert state.free == ("build", "repair") and "build" in kinds(state)
    apply(state, Action("forgo", 0))
    apply(state, Action("spend", 0, card="psionic", target="psionic"))
    assert state.free == ("tax", "repair", "influence")  # the lead card: Administration
    state = homelands("construction_2", ["relic"])
    assert ("relic", "relic") not in spends(state)  # nothing to secure: not offered
    state.court[0].agents[0] = 1
    apply(state, Action("spend", 0, card="relic", target="relic"))
    assert kinds(state) == {"secure", "forgo"}


def test_weapon_lets_the_cards_symbols_battle():
    """«Оружие. В этот ход можете потратить любые символы действий с вашей карты, чтобы
    выполнить действия сражения.» «Оружие не может превратить действия с остальных
    ресурсов в действия сражения.»"""
    state = homelands("construction_2", ["weapon", "fuel"])
    state.fresh["G3"][1] = 1
    assert "battle" not in kinds(state)
    apply(state, Action("spend", 0, card="weapon", target="weapon"))
    assert state.armed and "battle" in kinds(state) and state.free == ()
    apply(state, Action("spend", 0, card="fuel", target="fuel"))
    assert "battle" not in kinds(state)  # the Fuel's move stays a move
    apply(state, Action("forgo", 0))
    apply(state, Action("battle", 0, target="G3", index=1))
    assert state.battle is not None and state.budget == 3


def test_outrage_stops_that_resources_prelude_action():
    """«Запрет. Нельзя тратить ресурсы под запретом на соответствующие обычные действия
    пролога.» «Вы всё ещё можете собирать налог в ресурсах под запретом и учитывать их
    для исполнения замыслов.»"""
    state = homelands("administration_2", ["fuel", "relic"])
    state.players[0].outrage = ["relic"]
    state.court[0].agents[0] = 1
    assert spends(state) == {("fuel", "fuel")}
    assert any(a.kind == "tax" for a in legal_actions(state))


def test_declare_or_seize_comes_before_the_prelude():
    """«Перед действиями пролога вы должны решить, объявляете ли вы о замыслах или
    перехватываете ли инициативу.»"""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].hand = ["administration_2"]
    apply(state, Action("lead", 0, card="administration_2"))
    assert state.step == DECIDE and "spend" not in kinds(state)
    apply(state, Action("proceed", 0))
    assert "spend" in kinds(state)
