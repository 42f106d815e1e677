"""Arcs engine: «Обычные действия» on the map (RU p.12–13) — Build, Repair, Move with
the hyperjump.

«Homelands», 3 players (clusters 5 and 6 out of play; a path marker joins G4 and G1):
seat 0 has 3 ships and a city on 2.3, 3 ships and a starport on 3.2, 2 ships in G3;
seat 1 has 3 ships and a city on 1.3, 3 ships and a starport on 2.1, 2 ships in G2;
seat 2 has 3 ships and a city on 1.1, 3 ships and a starport on 4.3, 2 ships in G4.
"""

from __future__ import annotations

from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.state import ACT, FOLLOW, Action, Building, Jump
from tests.arcs_scene import homelands, of


def build(piece: str, planet: str, slot: int = -1) -> Action:
    return Action("build", 0, card=piece, target=planet, index=slot)


def move(source: str, target: str, fresh: int, damaged: int = 0, kind="move") -> Action:
    return Action(kind, 0, source=source, target=target, fresh=fresh, damaged=damaged)


# ---------------------------------------------------------------------- build


def test_build_a_building_in_an_empty_slot_where_you_have_a_piece_or_a_ship_at_a_starport():
    """«Здание. Поместите 1 космопорт или 1 город в пустую ячейку строительства в
    системе с верным компонентом. … Корабль. Поместите 1 корабль в верный космопорт.»"""
    state = homelands("construction_2")
    # 3.2's only slot holds the starport; G3 is a gate, with no building slot
    assert of(state, "build") == [build("starport", "2.3"), build("city", "2.3"),
                                  build("ship", "3.2", 0)]
    # a loyal building is a loyal piece: no ship is needed
    state.fresh["2.3"][0] = 0
    assert build("city", "2.3") in of(state, "build")
    # a ship next to an empty slot is one too
    state.fresh["3.1"][0] = 1
    assert build("starport", "3.1") in of(state, "build")


def test_building_a_city_takes_the_leftmost_city_and_opens_a_resource_slot():
    """«Строя город, берите крайний слева со своего планшета.» «Вы можете открывать
    ячейки ресурсов, строя город!»"""
    state = homelands("construction_2")
    assert state.resource_capacity(0) == 3
    apply(state, build("city", "2.3"))
    assert state.buildings["2.3"] == [Building(0, "city"), Building(0, "city")]
    assert state.players[0].cities_off == 2 and state.resource_capacity(0) == 4
    assert state.events[-1].tag == "built" and not state.events[-1].damaged
    assert state.budget == 3
    # the planet is full now
    assert all(a.target != "2.3" for a in of(state, "build"))


def test_each_starport_builds_one_ship_a_turn():
    """«В каждом космопорте можно построить лишь один корабль в ход.» The book's Daniil
    builds a starport, then a ship in it: «Даниил может поместить корабль в любой из
    своих космопортов, поэтому помещает его в только что построенный.»"""
    state = homelands("construction_2")
    apply(state, build("ship", "3.2", 0))
    assert state.fresh["3.2"][0] == 4 and state.players[0].ships == 6
    assert build("ship", "3.2", 0) not in of(state, "build")
    apply(state, build("starport", "2.3"))
    assert state.players[0].starports == 3
    assert build("ship", "2.3", 1) in of(state, "build")
    apply(state, build("ship", "2.3", 1))
    assert state.fresh["2.3"][0] == 4
    # a new turn (the rivals have no cards: a new round, seat 0 leads again)
    state.players[0].hand = ["construction_3"]
    state.players[1].hand = state.players[2].hand = []
    apply(state, Action("done", 0))
    apply(state, Action("lead", 0, card="construction_3"))
    apply(state, Action("proceed", 0))
    assert build("ship", "3.2", 0) in of(state, "build")


def test_building_where_a_rival_rules_places_the_piece_damaged():
    """«Строя что-либо в системе, где правит соперник, вы помещаете этот компонент уже
    повреждённым.» «Вы правите системой …, если у вас в ней больше неповреждённых
    кораблей, чем у каждого соперника. При ничьей никто не правит системой.»"""
    state = homelands("construction_2")
    state.fresh["1.3"][0] = 1  # seat 1 rules 1.3 with 3 fresh ships
    apply(state, build("starport", "1.3"))
    assert state.buildings["1.3"][1] == Building(0, "starport", damaged=True)
    assert state.events[-1].damaged
    state.fresh["3.2"][1] = 4  # seat 1 rules 3.2: the ship comes damaged
    apply(state, build("ship", "3.2", 0))
    assert state.fresh["3.2"][0] == 3 and state.damaged["3.2"][0] == 1
    state.fresh["2.3"][1] = 3  # 3 against 3: a tie, nobody rules
    apply(state, build("city", "2.3"))
    assert state.buildings["2.3"][1] == Building(0, "city")


def test_nothing_is_built_from_an_empty_supply():
    """«Каждый игрок … берёт … 5 городов, 5 космопортов, 15 кораблей, 10 агентов» (RU
    p.4): what is not in the supply (or, for cities, on the player board) cannot be
    built."""
    state = homelands("construction_2")
    p = state.players[0]
    p.ships, p.starports, p.cities_off = 0, 0, 5
    assert of(state, "build") == []


# ---------------------------------------------------------------------- repair


def test_repair_one_damaged_loyal_ship_or_building_anywhere():
    """«ПОЧИНКА (ПРОЕКТИРОВАНИЕ И РУКОВОДСТВО) Поднимите 1 повреждённый верный корабль
    или переверните 1 повреждённое верное здание. (В любой части поля!)»"""
    state = homelands("administration_2")
    assert of(state, "repair") == []
    state.fresh["G3"][0], state.damaged["G3"][0] = 1, 1
    state.buildings["3.2"][0] = Building(0, "starport", damaged=True)
    state.buildings["1.1"][0] = Building(2, "city", damaged=True)  # a rival's: not ours
    state.damaged["4.1"][1] = 1
    assert of(state, "repair") == [Action("repair", 0, card="starport", target="3.2", index=0),
                                   Action("repair", 0, card="ship", target="G3")]
    apply(state, Action("repair", 0, card="ship", target="G3"))
    assert (state.fresh["G3"][0], state.damaged["G3"][0]) == (2, 0)
    apply(state, Action("repair", 0, card="starport", target="3.2", index=0))
    assert state.buildings["3.2"][0] == Building(0, "starport")
    assert state.events[-1].tag == "repaired" and of(state, "repair") == []


def test_construction_repairs_too_and_mobilization_does_not():
    """«Символы проектирования – это строительство или починка.» «Символы мобилизации –
    это перемещение или влияние.»"""
    state = homelands("construction_2")
    state.damaged["2.3"][0] = 1
    assert of(state, "repair")
    state = homelands("mobilization_2")
    state.damaged["2.3"][0] = 1
    assert of(state, "repair") == [] and of(state, "build") == []


# ---------------------------------------------------------------------- move


def test_move_any_number_of_loyal_ships_to_an_adjacent_system():
    """«Переместите сколько угодно верных кораблей из одной системы в соседнюю.» Damaged
    ships are loyal ships too."""
    state = homelands("mobilization_2")
    from_g3 = [a for a in of(state, "move") if a.source == "G3"]
    assert sorted({a.target for a in from_g3}) == ["3.1", "3.2", "3.3", "G2", "G4"]
    assert len(from_g3) == 5 * 2  # 1 or 2 ships to each
    state.damaged["G3"][0] = 1
    assert move("G3", "G2", 0, 1) in of(state, "move")
    apply(state, move("G3", "G2", 2, 1))
    assert state.fresh["G3"][0] == 0 and state.damaged["G3"][0] == 0
    assert state.fresh["G2"] == [2, 2, 0] and state.damaged["G2"] == [1, 0, 0]
    assert state.jump is None and state.budget == 3
    assert state.events[-1].tag == "moved"


def test_out_of_play_clusters_are_never_entered_and_the_path_marker_joins_gates():
    """«Регионы вне игры. Нельзя переместиться ни в какую систему регионов вне игры.
    Маркер пути, помещённый поверх врат вне игры, делает ближайшие врата соседними.»"""
    state = homelands("mobilization_2")
    state.fresh["G4"][0] = 1
    targets = {a.target for a in of(state, "move")}
    assert not any(t.startswith(("5.", "6.")) or t in ("G5", "G6") for t in targets)
    assert move("G4", "G1", 1) in of(state, "move")


def test_a_hyperjump_from_a_loyal_starport_goes_on_and_may_leave_ships_behind():
    """«Если вы перемещаетесь из системы с верным космопортом, можете совершить
    гиперпрыжок – продолжить перемещать корабли настолько далеко, насколько хотите (но
    вы обязаны остановиться, когда достигнете врат, где правит соперник, или любой
    планеты). Вы можете оставлять часть кораблей по пути.»"""
    state = homelands("mobilization_2")
    state.fresh["G4"][2], state.damaged["G4"][2] = 0, 2  # damaged ships rule nothing
    apply(state, move("3.2", "G3", 3))
    assert state.jump == Jump("G3", 3, 0) and state.budget == 3
    legal = legal_actions(state)
    assert Action("stop", 0) in legal and {a.kind for a in legal} == {"jump", "stop"}
    # only the jumping ships go on, not the 2 that were in G3 already
    assert max(a.fresh for a in legal if a.kind == "jump") == 3
    apply(state, move("G3", "G4", 2, kind="jump"))  # one stays behind in G3
    assert state.fresh["G3"][0] == 3 and state.jump == Jump("G4", 2, 0)
    apply(state, move("G4", "G1", 2, kind="jump"))  # across the path marker
    apply(state, move("G1", "1.2", 1, kind="jump"))  # a planet: it must stop
    assert state.jump is None and state.fresh["G1"][0] == 1 and state.fresh["1.2"][0] == 1
    assert state.budget == 3 and state.step == ACT  # the jump cost one symbol


def test_a_hyperjump_stops_at_a_gate_a_rival_ruled_before_the_move():
    """«Корабли перемещаются по пути к вратам 5, но этими вратами правит Мария, поэтому
    корабли останавливаются.» «При гиперпрыжке проверяйте, кто правит, до этого
    перемещения, а не после.»"""
    state = homelands("mobilization_2")
    apply(state, move("3.2", "G3", 3))
    apply(state, move("G3", "G4", 3, kind="jump"))  # seat 2 ruled G4 with 2 ships
    assert state.jump is None and state.fresh["G4"] == [3, 0, 2]


def test_no_hyperjump_from_a_rival_starport_or_a_system_without_one():
    """«Нельзя совершать гиперпрыжок из космопорта соперника, где вы правите.»"""
    state = homelands("mobilization_2")
    state.fresh["2.1"][0] = 4  # seat 0 rules seat 1's starport system
    state.fresh["G2"][1] = 0
    apply(state, move("2.1", "G2", 4))
    assert state.jump is None
    apply(state, move("G3", "G4", 1))  # no starport in G3
    assert state.jump is None


def test_the_turn_ends_when_the_jump_stops():
    state = homelands("mobilization_7")  # a single action symbol
    state.players[1].hand = ["administration_2"]
    apply(state, move("3.2", "G3", 1))
    assert state.budget == 0 and state.step == ACT and state.turn == 0
    apply(state, Action("stop", 0))
    assert state.step == FOLLOW and state.turn == 1
