"""«БИТВА» (RB p.12-15), «ОТСТУПЛЕНИЕ» (RB p.15), «ОРБИТАЛЬНЫЙ УДАР» (RB p.11), rallying
in the refresh (RB p.6), with the booklet's worked example of damage."""

from __future__ import annotations

from game.forbidden_stars.engine import combat, flow, pieces
from game.forbidden_stars.engine.combat_state import CHOOSE, DAMAGE, REINFORCE, RETREAT
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.state import COMBAT, HIDDEN, ORDER, Action
from game.forbidden_stars.engine.view import player_view
from tests.test_fs_support import cleared, fight, game, order_on_top

ATT, DEF = 0, 1


def _damage(state, seat: int, amount: int) -> None:
    c = state.combat
    c.phase, c.hit, c.left, c.damage_order = DAMAGE, seat, amount, []


def test_dice_are_the_unrouted_units_combat_value_capped_at_eight():
    """«если игрок Ультрамаринов имеет два лэнд рэйдера в зоне конфликта, он бросает шесть
    кубов»; «как атакующий так и защищающийся ограничены восемью кубами в любой битве»."""
    state = fight({"sm_land_raider": 2}, {"ork_boyz": 1})
    assert len(state.combat.sides[ATT].dice) == 6
    assert len(state.combat.sides[DEF].dice) == 2
    state = fight({"sm_land_raider": 3}, {"ork_boyz": 1})
    assert len(state.combat.sides[ATT].dice) == 8


def test_each_side_draws_five_combat_cards():
    """«каждый игрок тянет пять верхних боевых карт своей боевой колоды»"""
    state = fight({"sm_scout": 1}, {"ork_boyz": 1})
    for seat in (ATT, DEF):
        assert len(state.combat.sides[seat].hand) == 5
        assert len(state.players[seat].combat_deck) == 5


def test_reinforcements_attacker_first_at_most_one_per_unit():
    """«вначале атакующий, а затем защищающийся … Максимальное количество жетонов … равно
    количеству его отрядов участвующих в битве»"""
    state = fight({"sm_scout": 1}, {"ork_boyz": 2}, tokens=(3, 3))
    assert state.combat.phase == REINFORCE and acting_seat(state) == ATT
    assert legal_actions(state) == [Action("reinforce", ATT, target=str(k)) for k in (0, 1)]
    apply(state, Action("reinforce", ATT, target="1"))
    assert acting_seat(state) == DEF and len(legal_actions(state)) == 3
    apply(state, Action("reinforce", DEF, target="2"))
    c = state.combat
    assert (c.sides[ATT].reinf, c.sides[DEF].reinf) == (1, 2)
    assert state.players[DEF].assets["reinforcement"] == 1
    assert c.phase == CHOOSE


def test_cards_are_chosen_face_down_the_defender_never_sees_the_attackers():
    """«атакующий и защищающийся одновременно выбирают одну боевую карту со своей руки и
    выкладывают лицом вниз»: the second chooser's view hides the first's card and hand."""
    state = fight({"sm_scout": 1}, {"ork_boyz": 1})
    card = state.combat.sides[ATT].hand[0]
    apply(state, Action("play", ATT, card=card))
    view = player_view(state, DEF)
    assert view.combat.sides[ATT].chosen == HIDDEN
    assert set(view.combat.sides[ATT].hand) == {HIDDEN}
    assert all(getattr(e, "card", HIDDEN) == HIDDEN for e in view.events)
    own = player_view(state, ATT)
    assert own.combat.sides[ATT].chosen == card
    assert set(own.combat.sides[DEF].hand) == {HIDDEN}


def test_the_booklets_damage_example_two_scouts_take_three():
    """«у игрока Ультрамаринов в бою два скаута … должен получить три единицы урона … У
    скаута две жизни … отряд уничтожен. Остался 1 нераспределённый урон, оставшийся урон
    получает второй скаут … отряд становится деморализованным»"""
    state = fight({"ork_boyz": 1}, {"sm_scout": 2}, factions=("orks", "space_marines"))
    area = state.combat.area
    _damage(state, DEF, 3)
    assert legal_actions(state) == [Action("damage", DEF, card="sm_scout")]
    apply(state, Action("damage", DEF, card="sm_scout"))
    assert state.units[area]["sm_scout"] == 1 and state.combat.left == 1
    apply(state, Action("damage", DEF, card="sm_scout"))
    assert state.units[area]["sm_scout"] == 1 and state.routed[area]["sm_scout"] == 1


def test_the_worked_example_part_two_scout_destroyed_marine_routed():
    """«Игрок за Ультрамаринов распределяет урон сначала отряду скаутов. У скаутов только
    две единицы здоровья, они уничтожены. Оставшиеся две единицы урона достаются его
    оставшемуся отряду, у которого три единицы здоровья … он просто деморализован.»"""
    state = fight({"eldar_aspect_warrior": 2}, {"sm_scout": 1, "sm_space_marine": 1},
                  factions=("eldar", "space_marines"))
    area = state.combat.area
    _damage(state, DEF, 4)
    apply(state, Action("damage", DEF, card="sm_scout"))
    assert legal_actions(state) == [Action("damage", DEF, card="sm_space_marine")]
    apply(state, Action("damage", DEF, card="sm_space_marine"))
    assert "sm_scout" not in state.units[area]
    assert state.routed[area] == {"sm_space_marine": 1}


def test_routed_units_take_damage_only_when_nothing_unrouted_is_left():
    """«игрок не может выбрать деморализованный отряд для получения урона, если в зоне
    конфликта ещё остались не деморализованные отряды или бастионы»"""
    state = fight({"ork_boyz": 1}, {"sm_scout": 2}, factions=("orks", "space_marines"),
                  structures=("bastion",))
    area = state.combat.area
    pieces.rout(state, area, "sm_scout")
    _damage(state, DEF, 1)
    assert {a.card for a in legal_actions(state)} == {"sm_scout", "bastion"}


def test_damage_is_bolters_minus_shields_attacker_first():
    """«игроки получают урон в размере, равном общему количеству знаков нападения
    соперника … Каждый знак защиты … уменьшает получаемый урон на единицу»"""
    state = fight({"sm_scout": 1}, {"ork_boyz": 1})
    c = state.combat
    c.sides[ATT].dice = ["bolter", "bolter", "shield"]
    c.sides[ATT].tokens = {"bolter": 1}
    c.sides[DEF].dice = ["bolter", "shield", "morale"]
    c.sides[DEF].played = ["ork_shoota_boyz"]  # icons: bolter, bolter
    combat.start_damage(state, c)
    combat.fix_damage(state, c)  # no Scheme of the step's start here
    assert c.damage_order == [(ATT, 3 - 1), (DEF, 3 - 1)]


def test_a_bastion_fights_adds_dice_and_morale_and_is_never_routed():
    """«Бастионы не являются отрядами, но они добавляют кубы и мораль в битвах … Если
    бастион получает урон равный или больше чем его показатель здоровья, он уничтожается
    … Бастион не может быть деморализован.»"""
    state = fight({"sm_scout": 1}, {"ork_boyz": 1}, structures=("bastion",))
    c = state.combat
    assert len(c.sides[DEF].dice) == 2 + 2
    _damage(state, DEF, 2)
    apply(state, Action("damage", DEF, card="bastion"))
    assert "bastion" in state.structures[c.area] and c.left == 0
    _damage(state, DEF, 3)
    apply(state, Action("damage", DEF, card="bastion"))
    assert "bastion" not in state.structures.get(c.area, [])


def test_the_defender_wins_morale_ties_and_the_attacker_retreats_routed():
    """«игрок с наибольшим числом знаков морали побеждает в битве (при равенстве
    побеждает защищающийся)»; «это должна быть область, откуда в текущую зону конфликта
    пришёл хоть один из отрядов»; «После того как отряды отступили, они становятся
    деморализованными.»"""
    state = fight({"sm_scout": 1}, {"ork_boyz": 2})  # morale 2 against 1 + 1
    c = state.combat
    origin = c.came_from[0]
    c.sides[ATT].dice, c.sides[DEF].dice = [], []
    c.round = 3
    combat.end_round(state, c)
    assert c.winner == DEF and c.phase == RETREAT
    combat.proceed(state)
    assert legal_actions(state) == [Action("retreat", ATT, target=origin)]
    apply(state, Action("retreat", ATT, target=origin))
    assert state.combat is None and state.units[origin] == {"sm_scout": 1}
    assert state.routed[origin] == {"sm_scout": 1}
    assert state.owner[c.area] == DEF


def test_the_winning_attacker_takes_the_structures_the_defender_retreats_to_a_friend():
    """«если атакующий выигрывает сражение, он берёт контроль над любыми постройками мира»;
    «Если защищающийся может отступить и в дружественную, и в нейтральную зону - он обязан
    выбрать дружественную»"""
    state = fight({"sm_space_marine": 2}, {"ork_boyz": 1}, structures=("city",))
    c = state.combat
    friend = next(a for a in state.topology.adjacent(c.area, set())
                  if state.topology.areas[a].area.kind == "world" and a not in c.came_from)
    pieces.add_unit(state, DEF, friend, "ork_nob")
    c.sides[ATT].dice, c.sides[DEF].dice = ["morale"], []
    c.round = 3
    combat.end_round(state, c)
    combat.proceed(state)
    assert c.winner == ATT
    assert legal_actions(state) == [Action("retreat", DEF, target=friend)]
    apply(state, legal_actions(state)[0])
    assert state.routed[friend] == {"ork_boyz": 1}
    assert state.owner[c.area] == ATT and state.structures[c.area] == ["city"]
    assert state.combat is None


def test_a_side_wiped_out_loses_at_once_and_both_wiped_leaves_the_defender_its_city():
    """«Если после того, как оба игрока получили урон, в зоне конфликта остались только
    отряды и/или бастионы одного игрока, этот игрок выигрывает битву»; both wiped out:
    nobody wins, the defender keeps its structures (facts §7)."""
    state = fight({"sm_scout": 1}, {"ork_boyz": 1}, structures=("city",))
    c = state.combat
    for unit in ("sm_scout", "ork_boyz"):
        pieces.remove_unit(state, c.area, unit)
    combat.end_round(state, c)
    assert c.winner == -1 and state.owner[c.area] == DEF and state.combat is None


def test_defenders_all_routed_without_a_structure_retreat_without_a_fight():
    """facts §7 (CFAQ, RSE): the defenders retreat automatically, no combat is fought."""
    state = cleared(game(2, 0))
    pair = next((a, b) for a in state.topology.areas for b, _ in state.topology.links[a]
                if state.topology.areas[a].system == state.topology.areas[b].system
                and state.topology.areas[a].area.kind == "world"
                and state.topology.areas[b].area.kind == "world")
    there, here = pair
    pieces.add_unit(state, DEF, there, "ork_boyz")
    pieces.rout(state, there, "ork_boyz")
    pieces.add_unit(state, ATT, here, "sm_scout")
    order_on_top(state, ATT, state.topology.areas[there].system, "advance")
    apply(state, Action("ground", ATT))
    apply(state, Action("move", ATT, "sm_scout", target=there, source=here))
    apply(state, Action("done", ATT))
    if state.step == COMBAT:
        assert state.combat.phase == RETREAT and state.combat.sides[DEF].dice == []
        apply(state, legal_actions(state)[0])
    assert state.owner[there] == ATT and "ork_boyz" not in state.units[there]


def test_a_retreat_with_nowhere_to_go_destroys_the_units():
    """«No legal destination: the units are destroyed» (facts §7, BGG-R, CFAQ): units that
    came by a card have no area they came from."""
    state = fight({"sm_scout": 1}, {"ork_boyz": 2})
    c = state.combat
    c.came_from = []
    c.sides[ATT].dice, c.sides[DEF].dice = [], []
    c.round = 3
    combat.end_round(state, c)
    combat.proceed(state)
    assert state.combat is None and "sm_scout" not in state.units.get(c.area, {})


def test_cleanup_returns_every_card_and_token():
    """«игроки сбрасывают все свои использованные жетоны подкреплений в резерв и
    замешивают все боевые карты обратно в боевую колоду»"""
    state = fight({"sm_scout": 1}, {"ork_boyz": 1}, tokens=(1, 0))
    supply = state.supply["reinforcement"]
    apply(state, Action("reinforce", ATT, target="1"))
    c = state.combat
    for unit in ("sm_scout", "ork_boyz"):
        pieces.remove_unit(state, c.area, unit)
    c.sides[ATT].reinf = 0
    state.supply["reinforcement"] += 1  # the token was destroyed
    combat.end_round(state, c)
    assert state.supply["reinforcement"] == supply + 1
    assert all(len(p.combat_deck) == 10 for p in state.players)


def test_orbital_strike_after_an_advance_without_combat():
    """«если зон конфликта в ходе этого приказа не было … может объявить о нанесении
    орбитального удара … выбирает вражеский мир … пустую область … смежную с миром»;
    «не может разыграть орбитальный удар на мир, содержащий … бастион»; «любые не
    уничтоженные отряды не становятся деморализованными»."""
    state = cleared(game(2, 0))
    topo = state.topology
    void, world = next((a, b) for a in topo.areas for b, _ in topo.links[a]
                       if topo.areas[a].area.kind == "void" and topo.areas[b].area.kind
                       == "world" and topo.areas[a].system == topo.areas[b].system)
    pieces.add_unit(state, ATT, void, "sm_strike_cruiser", 2)
    pieces.add_unit(state, DEF, world, "ork_nob")
    probe = state.clone()
    pieces.add_structure(probe, DEF, world, "bastion")
    order_on_top(probe, ATT, topo.areas[void].system, "advance")
    apply(probe, Action("ground", ATT))
    apply(probe, Action("done", ATT))
    assert probe.step != ORDER or probe.order.phase != "orbital"
    order_on_top(state, ATT, topo.areas[void].system, "advance")
    apply(state, Action("ground", ATT))
    apply(state, Action("done", ATT))
    strike = Action("strike", ATT, target=world, source=void)
    assert strike in legal_actions(state)
    apply(state, strike)
    if state.step == COMBAT:  # bolters rolled: the Nob (4 health) takes them
        c = state.combat
        assert len(c.sides[ATT].dice) == 4 and c.left == c.sides[ATT].dice.count("bolter")
        c.left = 2
        apply(state, Action("damage", DEF, card="ork_nob"))
    assert state.units[world] == {"ork_nob": 1} and world not in state.routed


def test_routed_units_rally_in_the_refresh_and_do_not_move_before():
    """«Каждый игрок восстанавливает все свои деморализованные отряды»; «Деморализованный
    отряд не может передвигаться»."""
    state = cleared(game(2, 0))
    topo = state.topology
    here, there = next((a, b) for a in topo.areas for b, _ in topo.links[a]
                       if topo.areas[a].area.kind == topo.areas[b].area.kind == "world"
                       and topo.areas[a].system == topo.areas[b].system)
    pieces.add_unit(state, ATT, here, "sm_scout")
    pieces.rout(state, here, "sm_scout")
    order_on_top(state, ATT, topo.areas[here].system, "advance")
    apply(state, Action("ground", ATT))
    assert not [a for a in legal_actions(state) if a.kind == "move"]
    flow.refresh(state)
    assert state.routed == {} and any(e.tag == "rallied" for e in state.events)
    assert there not in state.units
