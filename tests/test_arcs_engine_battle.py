"""Arcs engine: «СРАЖЕНИЕ (АГРЕССИЯ)» (RU p.14–16), «РАЗРУШЕНИЕ ГОРОДОВ» and «НАЛЁТЫ».

«Homelands», 3 players (see test_arcs_engine_fleet.py); seat 0 leads Aggression 2
(3 symbols).  The dice come from the game's generator: ``rig`` finds a seed giving
the faces a test needs (face indices as listed in rules/arcs/dice.toml:
skirmish 0–2 hit; assault 0 2 hits, 1 2 hits + self-hit, 2 hit + intercept,
3–4 hit + self-hit, 5 blank; raid 0 2 keys + intercept, 1 key + self-hit,
2 key + building hit, 3–4 self-hit + building hit, 5 intercept).
"""

from __future__ import annotations

from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, Action, Building
from tests.arcs_scene import RULES, homelands, of, place_waiting

RELIC = "4.1"  # an empty relic planet with 2 slots, in play on Homelands


def put(state, seat: int, system: str, fresh: int = 0, damaged: int = 0) -> None:
    """Ships from the seat's supply (the piece count stays whole)."""
    state.fresh[system][seat] += fresh
    state.damaged[system][seat] += damaged
    state.players[seat].ships -= fresh + damaged


def rig(state, faces: list[int]) -> None:
    """Seed the game's generator so the next dice show these faces."""
    for seed in range(200_000):
        rng = Rng(seed)
        if all(rng.below(6) == f for f in faces):
            state.rng = Rng(seed)
            return
    raise AssertionError(faces)


def fight(state, system: str, defender: int, dice: list[str], faces: list[int]) -> None:
    apply(state, Action("battle", 0, target=system, index=defender))
    for d in dice:
        apply(state, Action("die", 0, card=d))
    rig(state, faces)
    apply(state, Action("roll", 0))


def ship(fresh: bool, system: str = RELIC) -> Action:
    return Action("hit", 0, card="ship", target=system, fresh=int(fresh),
                  damaged=int(not fresh))


def test_choose_a_system_with_your_ships_and_a_rival_with_pieces_there():
    """«1. Выберите систему сражения. Выберите 1 систему, где есть сколько угодно ваших
    верных кораблей. … 2. Выберите защищающегося. Выберите 1 соперника, чьи компоненты
    есть в системе сражения.»"""
    state = homelands()
    assert of(state, "battle") == []  # nobody shares a system yet
    put(state, 0, "1.1", damaged=1)  # seat 2's city and 3 ships
    put(state, 1, "1.1", damaged=1)
    assert of(state, "battle") == [Action("battle", 0, target="1.1", index=1),
                                   Action("battle", 0, target="1.1", index=2)]
    apply(state, Action("battle", 0, target="1.1", index=2))
    assert state.budget == 2 and state.events[-1].tag == "battle"


def test_dice_one_per_attacking_ship_at_most_six_of_a_type_raid_only_with_buildings():
    """«Вы можете получить за каждый атакующий корабль 1 кубик …» «Вы можете получить
    меньше кубиков, чем максимум, и сочетать разные их типы, но нельзя получить больше 6
    кубиков одного типа.» «Ограничение на кубики налёта. Вы можете получить кубики
    налёта, только если в системе есть защищающиеся здания или у защищающегося нет
    верных зданий ни в одной системе на поле.»"""
    state = homelands()
    put(state, 0, "G1", fresh=7, damaged=1)  # damaged ships are attacking ships too
    put(state, 1, "G1", fresh=1)
    apply(state, Action("battle", 0, target="G1", index=1))
    # seat 1 has buildings elsewhere but none in G1: no raid dice
    assert [a.card for a in of(state, "die")] == ["skirmish", "assault"]
    assert Action("roll", 0) in legal_actions(state)  # zero dice is allowed
    for _ in range(6):
        apply(state, Action("die", 0, card="skirmish"))
    assert [a.card for a in of(state, "die")] == ["assault"]
    apply(state, Action("die", 0, card="assault"))
    apply(state, Action("die", 0, card="assault"))
    assert of(state, "die") == []  # 8 ships, 8 dice
    state = homelands()
    put(state, 0, "G1", fresh=1)
    put(state, 1, "G1", fresh=1)
    for slots in state.buildings.values():  # seat 1 has no building anywhere
        for i, b in enumerate(slots):
            if b is not None and b.seat == 1:
                slots[i] = None
    apply(state, Action("battle", 0, target="G1", index=1))
    assert [a.card for a in of(state, "die")] == ["skirmish", "assault", "raid"]


def test_the_book_example_maria_against_lina():
    """«Мария сражается с Линой на планете реликвий. У Марии 4 неповреждённых корабля. У
    Лины 1 неповреждённый корабль, 2 повреждённых корабля и 1 повреждённый город.
    Мария может получить до 4 кубиков. Она получает 2 кубика тарана и 2 кубика налёта.
    … Сначала Мария должна получить удар. Она получает 2 удара – 1 из-за [самоудара] и 1
    из-за [перехвата], потому что у Лины 1 неповреждённый корабль. Мария решает
    повредить два своих корабля вместо разрушения одного. … Мария решает повредить
    последний неповреждённый корабль Лины. За выпавший [удар по зданию] Мария должна
    повредить город Лины и тем самым его разрушить. Он попадает на клетку трофеев Марии.
    … Так как Мария разрушила город реликвий, она сбрасывает все свои реликвии и карты
    гильдий реликвий, затем накрывает символ реликвии своим агентом. Затем Мария берёт
    карту со двора, где есть 1 агент Лины, берёт всех 3 агента соперников с этой карты
    и помещает их на свою клетку трофеев. … Мария тратит свои [ключи], чтобы украсть 1
    материал и 1 оружие с планшета Лины.»"""
    state = homelands()
    maria, lina = state.players[0], state.players[1]
    put(state, 0, RELIC, fresh=4)
    put(state, 1, RELIC, fresh=1, damaged=2)
    state.buildings[RELIC][0] = Building(1, "city", damaged=True)
    lina.cities_off += 1
    lina.resources = ["fuel", "material", "weapon"]  # slots costing 3, 1, 1 keys
    for r in ("fuel", "material", "weapon"):
        state.supply[r] -= 1
    state.supply["psionic"] += 1  # seat 1 started with psionic and material
    state.supply["material"] += 1
    relic_card = next(c.id for c in RULES.court  # not one the Outrage keeps
                      if c.suit == "relic" and c.id in state.court_deck
                      and not any(ab.kind == "keep_on_outrage" for ab in c.abilities))
    maria.guild = [relic_card]
    state.court_deck.remove(relic_card)
    state.court[1].agents = [0, 1, 2]  # 1 of Lina's agents, 2 of seat 2's
    lina.agents -= 1
    state.players[2].agents -= 2
    card = state.court[1].card
    # assault 2: hit + intercept, assault 5: blank; raid 1: key + self-hit,
    # raid 2: key + building hit
    fight(state, RELIC, 1, ["assault", "assault", "raid", "raid"], [2, 5, 1, 2])
    rolled = state.events[-1]
    assert rolled.tag == "rolled" and rolled.dice == (("assault", 2), ("assault", 5),
                                                        ("raid", 1), ("raid", 2))
    assert (rolled.hits, rolled.self_hits, rolled.intercepts, rolled.building_hits,
            rolled.keys) == (1, 1, 1, 1, 2)
    # 2 hits to her own ships: she damages two rather than destroy one
    assert legal_actions(state) == [ship(True)]
    apply(state, ship(True))
    assert legal_actions(state) == [ship(True), ship(False)]
    apply(state, ship(True))
    assert (state.fresh[RELIC][0], state.damaged[RELIC][0]) == (2, 2)
    # her hit: Lina's last fresh ship
    assert legal_actions(state) == [ship(True), ship(False)]
    apply(state, ship(True))
    assert (state.fresh[RELIC][1], state.damaged[RELIC][1]) == (0, 3)
    # the building hit destroys the damaged city: a trophy, Outrage, a ransack
    assert legal_actions(state) == [Action("hit", 0, card="city", target=RELIC, index=0)]
    agents = maria.agents
    apply(state, Action("hit", 0, card="city", target=RELIC, index=0))
    assert state.buildings[RELIC][0] is None and maria.trophies == [(1, "city")]
    assert "relic" not in maria.resources and maria.guild == []
    assert relic_card in state.court_discard
    assert maria.outrage == ["relic"] and maria.outrage_agents == 1
    assert maria.agents == agents - 1
    assert legal_actions(state) == [Action("ransack", 0, index=1)]
    apply(state, Action("ransack", 0, index=1))
    assert maria.guild == [card] and sorted(maria.trophies) == [(1, "agent"), (1, "city"),
                                                              (2, "agent"), (2, "agent")]
    # the raid: 2 keys, a material (slot 2) and a weapon (slot 3), 1 key each; the fuel
    # in slot 1 would cost 3
    assert of(state, "steal") == [Action("steal", 0, target="material", index=1),
                                  Action("steal", 0, target="weapon", index=2)]
    apply(state, Action("steal", 0, target="material", index=1))
    # the weapon stays in slot 3: no rearranging when a resource is taken
    place_waiting(state)  # the seat places what it took (slots.py)
    assert of(state, "steal") == [Action("steal", 0, target="weapon", index=2)]
    apply(state, Action("steal", 0, target="weapon", index=2))
    place_waiting(state)
    assert held(lina) == ["fuel"] and sorted(held(maria)) == ["fuel", "material", "weapon"]
    assert state.battle is None and state.step == ACT and state.budget == 2


def test_intercept_strikes_back_once_and_destroyed_attackers_are_the_defenders_trophies():
    """«2) Если вам выпало сколько угодно [перехватов], защищающийся обороняется –
    нанесите один удар по одному из ваших атакующих кораблей за каждый неповреждённый
    защищающийся корабль. (Это может произойти только раз за сражение!)» «… а
    защищающийся – разрушенные компоненты атакующего.»"""
    state = homelands()
    put(state, 0, "G1", fresh=1, damaged=1)
    put(state, 1, "G1", fresh=2)
    fight(state, "G1", 1, ["assault", "assault"], [2, 2])  # 2 intercepts, 2 hits
    assert state.battle.own_hits == 2  # 2 fresh defenders, not 2 × 2
    apply(state, ship(False, "G1"))  # destroy the damaged one
    apply(state, ship(True, "G1"))
    assert state.players[1].trophies == [(0, "ship")]
    assert (state.fresh["G1"][0], state.damaged["G1"][0]) == (0, 1)
    # her 2 hits follow
    apply(state, ship(True, "G1"))
    apply(state, ship(True, "G1"))
    assert state.damaged["G1"][1] == 2 and state.battle is None


def test_hits_go_to_buildings_once_no_defending_ship_is_left():
    """«3) Нанесите один удар по одному из защищающихся кораблей за каждый [удар]. Когда
    защищающихся кораблей не осталось, нанесите удар по одному из защищающихся зданий.»
    «Если вы нанесли удар по неповреждённому компоненту, он повреждён.»"""
    state = homelands()
    put(state, 0, "2.1", fresh=2)  # seat 1: 3 ships and a starport on 2.1
    state.fresh["2.1"][1], state.damaged["2.1"][1] = 0, 1
    state.players[1].ships += 2
    fight(state, "2.1", 1, ["assault", "skirmish"], [0, 0])  # 2 hits + 1 hit
    assert legal_actions(state) == [ship(False, "2.1")]
    apply(state, ship(False, "2.1"))
    assert state.players[0].trophies == [(1, "ship")]
    starport = Action("hit", 0, card="starport", target="2.1", index=0)
    assert legal_actions(state) == [starport]
    apply(state, starport)
    apply(state, starport)
    assert state.buildings["2.1"] == [None]
    assert state.players[0].trophies == [(1, "ship"), (1, "starport")]
    assert state.players[0].outrage == [] and state.battle is None  # no city: no Outrage


def test_building_hits_only_hit_buildings_and_a_raid_needs_a_surviving_attacker():
    """«4) Нанесите один удар по одному из защищающихся зданий за каждый [удар по
    зданию].» «5) Налётом заберите ресурсы и карты защищающегося, потратив [ключи], если
    у вас остались атакующие корабли»."""
    state = homelands()
    put(state, 0, "2.1", fresh=1)
    fight(state, "2.1", 1, ["raid"], [1])  # key + self-hit
    apply(state, ship(True, "2.1"))  # her only ship: damaged, still attacking
    assert of(state, "steal")  # seat 1's psionic in slot 2 costs 1 key
    apply(state, Action("stop", 0))
    assert state.battle is None and state.budget == 2
    state = homelands()
    put(state, 0, "2.1", damaged=1)
    fight(state, "2.1", 1, ["raid"], [1])
    apply(state, ship(False, "2.1"))  # destroyed: nobody left to raid
    assert state.battle is None and state.players[1].trophies == [(0, "ship")]
    state = homelands()
    put(state, 0, "2.1", fresh=1)
    state.buildings["2.1"][0] = None  # only ships defend now
    state.players[1].starports += 1
    fight(state, "2.1", 1, ["skirmish"], [3])  # blank
    assert state.battle is None


def test_a_raid_may_take_a_guild_card_for_its_keys():
    """«… украсть ресурсы и карты гильдий … потратив столько [ключей], сколько указано
    … в верхнем левом углу карты гильдии.»"""
    state = homelands()
    put(state, 0, "2.1", fresh=2)
    cheap = next(c for c in RULES.court if c.keys == 2 and c.id in state.court_deck)
    state.court_deck.remove(cheap.id)
    state.players[1].guild = [cheap.id]
    state.players[1].resources = []
    fight(state, "2.1", 1, ["raid", "raid"], [0, 5])  # 2 keys, 2 intercepts
    for _ in range(3):  # 3 fresh defenders strike back once
        apply(state, legal_actions(state)[0])
    assert Action("steal", 0, card=cheap.id) in legal_actions(state)
    apply(state, Action("steal", 0, card=cheap.id))
    assert state.players[0].guild == [cheap.id] and state.players[1].guild == []


def test_outrage_without_an_agent_waits_for_one():
    """«Если у вас нет верных агентов, используйте любой компонент для замены, пока агент
    не станет доступен. Если у вас уже есть запрет этого типа, пройдите оба этапа, но не
    помещайте агента.»"""
    state = homelands()
    maria = state.players[0]
    put(state, 0, RELIC, fresh=2)
    state.buildings[RELIC][0] = Building(1, "city", damaged=True)
    state.players[1].cities_off += 1
    state.court[0].agents[0] = 10
    maria.agents = 0
    fight(state, RELIC, 1, ["raid"], [3])  # self-hit + building hit
    apply(state, ship(True))
    apply(state, Action("hit", 0, card="city", target=RELIC, index=0))
    assert maria.outrage == ["relic"] and maria.outrage_agents == 0  # a placeholder
    # no court card holds seat 1's agents: nothing to ransack
    assert state.battle is None
    maria.hand = []
    state.court[0].agents[0] = 0  # her agents come home (as securing would)
    maria.agents = 10
    apply(state, Action("done", 0))
    assert maria.outrage_agents == 1 and maria.agents == 9


def test_the_roll_is_the_games_and_replays():
    state = homelands()
    put(state, 0, "G1", fresh=3)
    put(state, 1, "G1", fresh=3)
    apply(state, Action("battle", 0, target="G1", index=1))
    for d in ("skirmish", "assault", "assault"):
        apply(state, Action("die", 0, card=d))
    other = state.clone()
    apply(state, Action("roll", 0))
    apply(other, Action("roll", 0))
    assert state.events == other.events and state.rng.state == other.rng.state
