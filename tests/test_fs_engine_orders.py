"""«ПРИКАЗ РАЗВЕРТЫВАНИЯ», «КОМАНДНЫЙ УРОВЕНЬ», «ПОКУПКА ПОСТРОЕК», «ЦЕННЫЕ РЕСУРСЫ»,
«ПРИКАЗ ДОМИНИРОВАНИЯ», «ПРИКАЗ ПЛАНИРОВАНИЯ» and «ПОКУПКА БОЕВЫХ УЛУЧШЕНИЙ» (RB p.8-10)."""

from __future__ import annotations

from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.state import Action
from tests.test_fs_support import RULES, areas, cleared, game, home, order_on_top

SM = 0  # game() seats the Space Marines first, the Orks second


def _board(factory: bool = True):
    """Seat 0's faction tile emptied but for a factory world (and its rival far away)."""
    state = cleared(game(2, 0))
    system = home(state, SM)
    worlds = areas(state, system, "world")
    if factory:
        pieces.add_structure(state, SM, worlds[0], "factory")
    state.supply["factory"] = 10
    return state, system, worlds


def test_deploy_buys_units_up_to_the_factory_worlds_capacity():
    """«Это значение равно вместимости отрядов мира, где располагается фабрика в активной
    системе» — and units go on «дружественную или никем не контролируемую область»."""
    state, system, worlds = _board()
    order_on_top(state, SM, system, "deploy")
    limit = state.topology.areas[worlds[0]].area.capacity
    buys = [a for a in legal_actions(state) if a.kind == "buy"]
    assert {a.target for a in buys} == set(state.topology.system_areas[system])
    assert {a.card for a in buys} == {"sm_scout", "sm_strike_cruiser"}  # CL 0, no city
    assert all(state.topology.areas[a.target].area.kind == ("void" if a.card ==
               "sm_strike_cruiser" else "world") for a in buys)
    state.players[SM].materiel = 14
    for _ in range(limit):
        apply(state, next(a for a in legal_actions(state) if a.kind == "buy" and not a.extra))
    assert not any(a.kind == "buy" for a in legal_actions(state))
    assert state.players[SM].materiel == 14 - 2 * limit


def test_no_factory_no_units_and_never_into_an_enemy_area():
    state, system, worlds = _board(factory=False)
    pieces.add_unit(state, SM, worlds[0], "sm_scout")
    pieces.add_unit(state, 1, worlds[1], "ork_boyz")
    order_on_top(state, SM, system, "deploy")
    assert not any(a.kind == "buy" for a in legal_actions(state))
    pieces.add_structure(state, SM, worlds[0], "factory")
    assert worlds[1] not in {a.target for a in legal_actions(state) if a.kind == "buy"}


def test_command_level_is_the_number_of_cities_and_a_forge_lowers_it():
    """«Командный уровень игрока равен количеству городов под его контролем»; «игрок может
    потратить жетон кузницы во время приобретения отряда, чтобы уменьшить требуемый
    командный уровень этого отряда на один»"""
    state, system, worlds = _board()
    state.players[SM].materiel = 14
    order_on_top(state, SM, system, "deploy")
    cards = {a.card for a in legal_actions(state) if a.kind == "buy"}
    assert "sm_space_marine" not in cards
    state.players[SM].assets["forge"] = 1
    forge = [a for a in legal_actions(state) if a.kind == "buy" and a.extra == "forge"]
    assert {a.card for a in forge} == {"sm_space_marine"}
    apply(state, forge[0])
    assert state.players[SM].assets["forge"] == 0 and state.players[SM].materiel == 11
    assert state.units[forge[0].target]["sm_space_marine"] == 1
    pieces.add_structure(state, SM, worlds[1], "city")
    assert state.command_level(SM) == 1
    cards = {a.card for a in legal_actions(state) if a.kind == "buy" and not a.extra}
    assert "sm_space_marine" in cards and "sm_land_raider" not in cards


def test_a_forge_requirement_needs_a_token_besides_the_level():
    """«Некоторые отряды помимо материальной стоимости имеют требование жетона кузницы»"""
    state, system, worlds = _board()
    for w in worlds[1:]:
        pieces.add_structure(state, SM, w, "city")
    state.players[SM].materiel = 14
    order_on_top(state, SM, system, "deploy")
    assert state.command_level(SM) >= 2
    cards = {a.card for a in legal_actions(state) if a.kind == "buy"}
    assert "sm_battle_barge" not in cards and "sm_land_raider" in cards
    state.players[SM].assets["forge"] = 1
    barge = [a for a in legal_actions(state) if a.card == "sm_battle_barge"]
    assert barge and all(a.extra in ("", "cache") for a in barge)


def test_a_supply_cache_takes_two_off_the_price():
    """«при покупке отряда или постройки, игрок может потратить жетон запасов, чтобы
    уменьшить материальную стоимость этого отряда или постройки на два»"""
    state, system, _worlds = _board()
    state.players[SM].materiel = 0
    state.players[SM].assets["cache"] = 1
    state.supply["cache"] -= 1
    order_on_top(state, SM, system, "deploy")
    legal = legal_actions(state)
    assert {a.extra for a in legal if a.kind in ("buy", "build")} == {"cache"}
    apply(state, next(a for a in legal if a.card == "sm_scout"))
    assert state.players[SM].materiel == 0 and state.players[SM].assets["cache"] == 0
    assert state.supply["cache"] == 12


def test_one_structure_on_a_friendly_world_without_one_after_the_units():
    """«игрок может приобрести одну постройку и разместить её в дружественном мире
    активной системы, если в этом мире ещё нет построек»"""
    state, system, worlds = _board()
    pieces.add_unit(state, SM, worlds[1], "sm_scout")
    state.players[SM].materiel = 14
    order_on_top(state, SM, system, "deploy")
    builds = [a for a in legal_actions(state) if a.kind == "build"]
    assert {a.target for a in builds} == {worlds[1]}  # friendly, no structure yet
    apply(state, Action("build", SM, "city", worlds[1]))
    assert state.structures[worlds[1]] == ["city"] and state.supply["city"] == 14
    assert [a.kind for a in legal_actions(state)] == ["done"]
    apply(state, Action("done", SM))
    assert state.players[SM].orders["deploy"] == 2  # back to its owner


def test_dominate_collects_every_friendly_worlds_assets_and_prosperity_picks():
    """«игрок получает ценные ресурсы (не материалы) с каждого дружественного мира в
    активной системе … Если мир даёт несколько типов ресурсов, игрок собирает их все.»
    «Процветание: … он берёт один ценный ресурс любого типа на свой выбор.»"""
    def prosperous(state):
        return [s for s in state.topology.systems
                if any("prosperity" in state.topology.areas[a].area.assets
                       for a in state.topology.system_areas[s])]

    state = next(g for g in (game(2, seed) for seed in range(40)) if prosperous(g))
    system = prosperous(cleared(state))[0]
    seals = []
    for w in areas(state, system, "world"):
        pieces.add_unit(state, SM, w, "sm_scout")
        seals += state.topology.areas[w].area.assets
    order_on_top(state, SM, system, "dominate")
    legal = legal_actions(state)
    assert {a.kind for a in legal} == {"prosper"}
    apply(state, Action("prosper", SM, "forge"))
    got = dict(state.players[SM].assets)
    want = {s: seals.count(s) for s in set(seals) - {"prosperity"}}
    want["forge"] = want.get("forge", 0) + seals.count("prosperity")
    assert got == want


def test_assets_stop_at_three_of_a_type():
    state = cleared(game(2, 0))
    system = home(state, SM)
    state.players[SM].assets["reinforcement"] = 3
    state.supply["reinforcement"] -= 3
    for w in areas(state, system, "world"):
        pieces.add_unit(state, SM, w, "sm_scout")
    order_on_top(state, SM, system, "dominate")
    assert state.players[SM].assets["reinforcement"] == 3


def test_strategize_buys_an_order_upgrade_and_a_combat_pair():
    """«может купить одно улучшение приказа и/или одно из улучшений боевых карт»; «должен
    убрать две копии любой другой карты из своей боевой колоды … Боевая колода всегда
    содержит пять разных типов карт по две копии каждой»"""
    state = cleared(game(2, 0))
    system = home(state, SM)
    pieces.add_unit(state, SM, areas(state, system, "world")[0], "sm_scout")
    state.players[SM].materiel = 10
    order_on_top(state, SM, system, "strategize")
    legal = legal_actions(state)
    ups = {a.card for a in legal if a.kind == "upgrade"}
    assert ups == {u.id for u in RULES.upgrades.values() if u.faction == "space_marines"
                   and u.level == 0}  # command level 0
    pairs = {a.card for a in legal if a.kind == "combat"}
    assert pairs == {c.id for c in RULES.combat_cards.values() if c.faction ==
                     "space_marines" and c.deck == "upgrade" and c.level == 0}
    apply(state, Action("upgrade", SM, "sm_rain_of_fire"))
    apply(state, Action("combat", SM, "sm_hold_the_line", source="sm_ambush"))
    p = state.players[SM]
    assert p.order_upgrades == ["sm_rain_of_fire"] and p.materiel == 10 - 1 - 2
    assert "sm_ambush" not in p.combat_deck and p.combat_deck.count("sm_hold_the_line") == 2
    assert len(p.combat_deck) == 10 and len(set(p.combat_deck)) == 5
    assert [a.kind for a in legal_actions(state)] == ["done"]
    apply(state, Action("done", SM))
    assert p.on_event_deck["strategize"] == 1  # «кладёт жетон приказа поверх своей колоды»


def test_strategize_needs_a_unit_or_structure_in_the_system():
    """«Приказ планирования разыгрывается игроком, если у него есть отряд или постройка в
    активной системе.»"""
    state = cleared(game(2, 0))
    order_on_top(state, SM, home(state, SM), "strategize", resolve=False)
    assert legal_actions(state) == [Action("decline", SM)]
