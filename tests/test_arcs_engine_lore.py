"""Arcs engine: Leaders & Lore, slice 7 — the Elder, the Warrior, the Feastbringer and
the lore cards with new actions, gate and cloud buildings, a second move and an extra
resource slot.  One test per ability, quoting the printed card it follows
(docs/arcs-rulings.md, "Leaders & Lore, slice 7")."""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.scoring import score_ambitions
from game.arcs.engine.setup import new_game
from game.arcs.engine.slots import held, row_keys, row_open
from game.arcs.engine.state import ACT, Action, Building, GameConfig
from tests.arcs_scene import place_waiting
from tests.test_arcs_engine_battle import fight, put, rig
from tests.test_arcs_engine_leaders import mine, of

RULES = load_arcs_rules()


def follower(lead: str, card: str, mode: str, leader: str):
    """Homelands: seat 0 leads ``lead`` and is done; seat 1 (``leader``) plays ``card``."""
    state = mine(lead, [])
    state.players[1].leader = leader
    state.players[1].hand = [card]
    apply(state, Action("done", 0))
    apply(state, Action(mode, 1, card=card))
    if state.step != ACT:
        apply(state, Action("proceed", 1))
    return state


def clear(state, seat: int, system: str) -> None:
    """The seat's ships in the system back to its supply."""
    p = state.players[seat]
    p.ships += state.fresh[system][seat] + state.damaged[system][seat]
    state.fresh[system][seat] = state.damaged[system][seat] = 0


# ---------------------------------------------------------------------- the Elder


def test_elder_beloved_influences_after_defending_if_the_attacker_took_trophies():
    """«Beloved. After defending in battle, you may influence if the attacker took any
    Trophies.»"""
    state = mine("aggression_2", [])
    state.players[1].leader = "elder"
    clear(state, 1, "G2")
    put(state, 1, "G2", damaged=1)
    put(state, 0, "G2", fresh=2)
    fight(state, "G2", 1, ["assault"], [0])  # 2 hits
    apply(state, Action("hit", 0, card="ship", target="G2", damaged=1))
    assert state.players[0].trophies == [(1, "ship")]
    assert state.battle is not None and state.battle.phase == "beloved"
    assert acting_seat(state) == 1
    assert Action("beloved", 1) in legal_actions(state)
    agents = state.players[1].agents
    apply(state, Action("beloved", 1, index=2))
    assert state.court[2].agents[1] == 1 and state.players[1].agents == agents - 1
    assert state.battle is None and acting_seat(state) == 0
    # no trophy: no influence
    state = mine("aggression_2", [])
    state.players[1].leader = "elder"
    put(state, 0, "G2", fresh=2)
    fight(state, "G2", 1, ["skirmish"], [3])  # a blank
    assert state.battle is None and acting_seat(state) == 0


def test_elder_beloved_rivals_cannot_ransack_the_court_when_they_battle_you():
    """«Rivals cannot Ransack the Court when they battle you.» — the Outrage stays."""
    state = mine("aggression_2", [])
    state.players[1].leader = "elder"
    clear(state, 1, "1.3")
    state.buildings["1.3"][0] = Building(1, "city", damaged=True)
    state.court[0].agents[1] = 1
    state.players[1].agents -= 1
    put(state, 0, "1.3", fresh=2)
    fight(state, "1.3", 1, ["skirmish"], [0])  # 1 hit
    apply(state, Action("hit", 0, card="city", target="1.3", index=0))
    assert "material" in state.players[0].outrage
    assert not of(state, "ransack")
    assert {a.kind for a in legal_actions(state)} == {"beloved"}  # a city trophy


def test_elder_just_and_warrior_violent_score_second_place_values_for_first():
    """Elder: «Just. When you're scoring Tyrant, gain no Power for second place, and gain
    Power for second place if you get first place. (Don't get bonus city Power.)»
    Warrior: «Violent.» the same for Empath."""
    for leader, ambition, count in (("elder", "tyrant", "captives"),
                                    ("warrior", "empath", "psionic")):
        state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
        state.players[0].cities_off = 5  # both city bonuses open
        marker = state.available.pop(0)
        state.markers_on[ambition] = [marker]
        first, second = state.marker_values(marker)

        def give(seat: int, k: int, state=state, count=count) -> None:
            if count == "captives":
                state.players[seat].captives = [(seat + 1) % 3] * k
            else:
                state.players[seat].resources = ["psionic"] * k

        give(0, 3)
        give(1, 2)
        state.players[0].leader = leader
        score_ambitions(state)
        assert [p.power for p in state.players] == [second, second, 0], leader
        # second place: nothing
        for p in state.players:
            p.power = 0
        state.players[0].leader, state.players[1].leader = "", leader
        score_ambitions(state)
        assert [p.power for p in state.players] == [first + 5, 0, 0], leader


# ---------------------------------------------------------------------- the Warrior


def test_warrior_tactical_moves_before_or_after_a_copied_battle():
    """«Tactical. When you Copy or Pivot to battle, you may move before or after you
    battle.» FAQ: a move before needs a legal battle after it — only such moves are
    offered, and then the battle must follow."""
    state = follower("aggression_2", "aggression_3", "copy", "warrior")
    assert not of(state, "battle")  # seat 1 shares no system with a rival
    extras = of(state, "extra")
    assert extras and {a.target for a in extras} <= {"2.3", "G3"}
    apply(state, next(a for a in extras if a.source == "G2" and a.target == "2.3"))
    assert {a.kind for a in legal_actions(state)} == {"battle"}
    apply(state, Action("battle", 1, target="2.3", index=0))
    apply(state, Action("roll", 1))
    while state.battle is not None:
        apply(state, legal_actions(state)[0])
    assert state.turn != 1 or not of(state, "extra")  # one extra action a turn
    # after: the battle first, then the move (or done)
    state = follower("aggression_2", "aggression_3", "copy", "warrior")
    put(state, 1, "2.3", fresh=1)
    apply(state, Action("battle", 1, target="2.3", index=0))
    apply(state, Action("roll", 1))
    while state.battle is not None:
        apply(state, legal_actions(state)[0])
    assert state.turn == 1 and of(state, "extra") and Action("done", 1) in legal_actions(state)
    apply(state, of(state, "extra")[0])
    assert state.turn != 1
    # a surpass (or a lead) is not a copy or a pivot
    state = mine("aggression_2", [], leader="warrior")
    assert not of(state, "extra")


# ---------------------------------------------------------------------- the Feastbringer


def test_feastbringer_charismatic_influences_before_or_after_a_copied_secure():
    """«Charismatic. When you Copy or Pivot in order to secure a card, you may influence
    before or after you secure.»"""
    state = follower("aggression_2", "aggression_3", "copy", "feastbringer")
    state.court[0].agents[0] = 1
    state.players[0].agents -= 1
    extras = of(state, "extra")
    assert {a.index for a in extras} == {1, 2, 3}  # slot 0 would tie: no secure after
    apply(state, Action("extra", 1, card="influence", index=2))
    assert legal_actions(state) == [Action("secure", 1, index=2)]
    # after
    state = follower("aggression_2", "aggression_3", "copy", "feastbringer")
    state.court[1].agents[1] = 1
    state.players[1].agents -= 1
    apply(state, Action("secure", 1, index=1))
    while state.vox is not None:
        apply(state, legal_actions(state)[-1])
    assert state.turn == 1 and {a.kind for a in legal_actions(state)} == {"extra", "done"}


def test_feastbringer_generous_gives_a_guild_card_to_declare():
    """«Generous. To declare an ambition, you must give 1 Guild card to your Rival with
    the least Power.»"""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].leader = "feastbringer"
    state.players[0].hand = ["administration_3"]
    apply(state, Action("lead", 0, card="administration_3"))
    assert not of(state, "declare")  # no guild card: no declaring
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].leader = "feastbringer"
    state.players[0].hand = ["administration_3"]
    state.players[0].guild = ["mining_interest"]
    state.players[1].power, state.players[2].power = 4, 1
    apply(state, Action("lead", 0, card="administration_3"))
    assert {(a.card, a.index) for a in of(state, "declare")} == {("mining_interest", 2)}
    apply(state, of(state, "declare")[0])
    assert state.players[2].guild == ["mining_interest"] and not state.players[0].guild


# ---------------------------------------------------------------------- lore


def test_tool_priests_summon_builds_a_ship_at_any_city_you_control_once_a_turn():
    """«Summon (Build): Once per turn, build 1 ship at any city you control. Yes, even
    Rival cities you control!»"""
    state = mine("construction_2", [], lore="tool_priests")
    put(state, 0, "1.3", fresh=4)  # seat 1's city, seat 0 rules
    assert {a.target for a in of(state, "build_ship_at_city")} == {"2.3", "1.3"}
    budget = state.budget
    apply(state, Action("build_ship_at_city", 0, target="1.3", index=0))
    assert state.fresh["1.3"][0] == 5
    assert not of(state, "build_ship_at_city") and state.budget == budget - 1


def test_galactic_rifles_fire_skirmish_dice_at_an_adjacent_system():
    """«Fire Rifles (Battle): Like in a battle, choose a system and collect skirmish
    dice for fresh Loyal ships there, choose a defender in an adjacent system, roll the
    collected dice, and deal 1 hit to the defender per hit rolled. (Hit ships before
    buildings.)» — not a battle: no battle boost fires (Railgun Arrays)."""
    state = mine("aggression_2", [], lore="galactic_rifles")
    state.players[1].lore = ["railgun_arrays"]
    assert Action("rifle_volley", 0, source="G3", target="G2", index=1) in legal_actions(state)
    rig(state, [0, 4])  # a hit, a blank
    budget = state.budget
    apply(state, Action("rifle_volley", 0, source="G3", target="G2", index=1))
    assert state.events[0].dice == (("skirmish", 0), ("skirmish", 4))
    assert state.battle.phase == "hits" and state.battle.hits == 1
    assert {a.kind for a in legal_actions(state)} == {"hit"}
    apply(state, Action("hit", 0, card="ship", target="G2", fresh=1))
    assert state.damaged["G2"][1] == 1 and state.battle is None
    assert state.budget == budget - 1


def test_sprinter_drives_move_fresh_ships_one_more_time():
    """«When you move fresh Loyal ships, you may move any of them one more time.
    (Damaged ships can move with them once, but won't move one more time. Resolve this
    after all Catapult moves.)»"""
    state = mine("aggression_2", [], lore="sprinter_drives")
    put(state, 0, "3.2", damaged=1)
    apply(state, Action("move", 0, source="3.2", target="3.1", fresh=3, damaged=1))
    sprints = of(state, "sprint")
    assert max(a.fresh for a in sprints) == 3 and {a.source for a in sprints} == {"3.1"}
    assert Action("stop", 0) in legal_actions(state)
    apply(state, Action("sprint", 0, source="3.1", target="2.3", fresh=2))
    assert state.fresh["3.1"][0] == 1 and state.damaged["3.1"][0] == 1
    assert state.fresh["2.3"][0] == 5 and not of(state, "sprint")


def test_gate_ports_starports_on_gates_and_the_toll():
    """«You may build starports on gates, max 1 per gate. When Rival ships take a move
    into a gate you control with a fresh Loyal starport, capture 1 agent of that
    Rival.»"""
    state = mine("construction_2", [], lore="gate_ports")
    assert Action("build", 0, card="starport", target="G3", index=0) in legal_actions(state)
    assert not [a for a in of(state, "build") if a.card == "city" and a.target == "G3"]
    apply(state, Action("build", 0, card="starport", target="G3", index=0))
    assert state.buildings["G3"] == [Building(0, "starport")]
    assert not [a for a in of(state, "build") if a.target == "G3" and a.card != "ship"]
    assert Action("build", 0, card="ship", target="G3", index=0) in legal_actions(state)
    apply(state, Action("done", 0))
    state.players[1].hand = ["mobilization_3"]
    apply(state, Action("pivot", 1, card="mobilization_3"))
    if state.step != ACT:
        apply(state, Action("proceed", 1))
    agents = state.players[1].agents
    apply(state, Action("move", 1, source="G2", target="G3", fresh=1))
    assert state.players[0].captives == [1] and state.players[1].agents == agents - 1


def test_gate_stations_gate_cities_match_every_city_type_of_their_cluster():
    """«You may build cities on gates, max 1 per gate. A gate city's type matches all
    cities in its cluster. (Players may tax it for 1 resource of any of those cities. If
    it is destroyed, Provoke Outrage of all those city types.)»"""
    state = mine("construction_2", [], lore="gate_stations")
    apply(state, Action("build", 0, card="city", target="G3", index=0))
    state.buildings["3.3"][0] = Building(1, "city")  # a weapon planet's city
    state.players[1].cities_off += 1
    state.budget_suit, state.budget = "administration", 2
    taxes = {a.card for a in of(state, "tax") if a.target == "G3"}
    assert taxes == {"weapon"}
    state.buildings["3.1"][0] = Building(2, "city")  # material
    state.players[2].cities_off += 1
    assert {a.card for a in of(state, "tax") if a.target == "G3"} == {"material", "weapon"}
    apply(state, Action("tax", 0, target="G3", index=0, card="material"))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["material"]
    # destroyed: Outrage of each type
    state = mine("aggression_2", [])
    state.players[1].lore = ["gate_stations"]
    clear(state, 1, "G2")
    state.buildings["G2"] = [Building(1, "city", damaged=True)]
    state.players[1].cities_off += 1
    state.buildings["2.2"][0] = Building(2, "city")
    state.players[2].cities_off += 1
    put(state, 0, "G2", fresh=1)
    fight(state, "G2", 1, ["skirmish"], [0])
    apply(state, Action("hit", 0, card="city", target="G2", index=0))
    assert sorted(state.players[0].outrage) == ["relic", "weapon"]  # 2.3 and 2.2


def test_cloud_cities_one_more_city_per_planet_for_a_resource_of_its_type():
    """«You may build cities on planets outside their building slots, max 1 per planet.
    This costs 1 resource of the planet type.»"""
    state = mine("construction_2", [], lore="cloud_cities")
    assert not [a for a in of(state, "build") if a.index == 1 and a.target == "3.2"]
    state = mine("construction_2", ["fuel"], lore="cloud_cities")
    cloud = Action("build", 0, card="city", target="3.2", index=1)
    assert cloud in legal_actions(state)
    fuel = state.supply["fuel"]
    apply(state, cloud)
    assert state.buildings["3.2"] == [Building(0, "starport"), Building(0, "city")]
    assert held(state.players[0]) == [] and state.supply["fuel"] == fuel + 1
    assert not [a for a in of(state, "build") if a.target == "3.2" and a.card == "city"]


def test_living_structures_nurture_taxes_and_prune_swaps_a_building():
    """«Nurture (Build): Tax a Loyal city.» «Prune (Repair): Replace a Loyal starport
    with a Loyal city or vice versa.»"""
    state = mine("construction_2", [], lore="living_structures")
    assert of(state, "nourish") == [Action("nourish", 0, target="2.3", index=0)]
    apply(state, Action("nourish", 0, target="2.3", index=0))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["relic"] and not of(state, "nourish")
    p = state.players[0]
    ports, off = p.starports, p.cities_off
    assert {(a.target, a.index) for a in of(state, "transform")} == {("2.3", 0), ("3.2", 0)}
    apply(state, Action("transform", 0, target="3.2", index=0))
    assert state.buildings["3.2"] == [Building(0, "city")]
    assert (p.starports, p.cities_off) == (ports + 1, off + 1)


def test_ancient_holdings_one_more_resource_slot_raided_for_four_keys():
    """«This card has one resource slot with a raid cost of 4 keys. (You can hold one
    resource here. It adds to your ambitions. You can spend it.)»"""
    state = mine("aggression_2", [])
    base = state.resource_capacity(1)
    state.players[1].lore = ["ancient_holdings"]
    assert state.resource_capacity(1) == base + 1 and state.slot_keys(1)[-1] == 4
    # the row by position (engine slots.py): the card's slot is after the board's six
    opened = [i for i, o in enumerate(row_open(state, 1)) if o]
    state.players[1].resources = ["relic" if i in opened else ""
                                  for i in range(len(row_keys(state)))]
    state.supply["relic"] -= base + 1
    holding = opened[-1]
    put(state, 0, "2.1", fresh=3)
    clear(state, 1, "2.1")
    state.buildings["2.1"][0] = Building(1, "starport", damaged=True)
    fight(state, "2.1", 1, ["raid", "raid"], [0, 0])
    while state.battle is not None and state.battle.phase != "raid":
        apply(state, legal_actions(state)[0])
    assert state.battle.phase == "raid" and state.battle.keys == 4  # 2 keys each
    assert holding in {a.index for a in of(state, "steal")}
    apply(state, Action("steal", 0, target="relic", index=holding))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert state.battle is None or state.battle.keys == 0
    assert len(held(state.players[1])) == base
