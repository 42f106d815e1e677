"""Arcs engine: Leaders & Lore («Лидеры и обычаи», RU p.21), the draft and one test
per leader and lore card the engine implements, named after the card (effects: facts
§9).

«Ваша карта лидера даёт вам уникальные свойства, начальные компоненты и ресурсы.»
«Карты обычаев дают постоянные свойства. На них нет символа гильдии или стоимости
налёта, поэтому они не учитываются для исполнения замыслов и их нельзя украсть.»
"""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine import leaders
from game.arcs.engine.rng import Rng
from game.arcs.engine.rules import IllegalAction, apply, legal_actions
from game.arcs.engine.setup import new_game, replay
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, DRAFT, LEAD, OVER, REDRAW, Action, Building, GameConfig
from tests.arcs_scene import place_waiting
from tests.test_arcs_engine_battle import fight, put, rig
from tests.test_arcs_engine_prelude import homelands

RULES = load_arcs_rules()
LEADERS = {c.id: c for c in RULES.leaders}
LORE = {c.id: c for c in RULES.lore}


def of(state, kind: str) -> list[Action]:
    return [a for a in legal_actions(state) if a.kind == kind]


def mine(lead: str, resources: list[str], leader: str = "", lore: str = ""):
    """Homelands (3 players), seat 0 leading ``lead`` with a leader and/or a lore card."""
    state = homelands(lead, resources)
    state.players[0].leader = leader
    state.players[0].lore = [lore] if lore else []
    return state


# ---------------------------------------------------------------------- the mode


def test_the_mode_is_off_by_default_and_the_base_setup_is_unchanged():
    assert GameConfig().leaders is False
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    assert state.step == LEAD and not state.draft_leaders
    assert all(not p.leader and not p.lore for p in state.players)


def test_the_draft_in_reverse_turn_order_then_pieces_resources_and_the_deal():
    """«Выложите карты обычаев и лидеров лицевой стороной вверх в ряды так, чтобы в
    каждом из них было на 1 карту больше, чем число игроков. В обратном порядке хода,
    начиная с игрока справа от владельца инициативы и против часовой стрелки, каждый
    участник может взять 1 карту лидера или обычая. Продолжайте, пока все игроки не
    возьмут по 1 карте лидера и 1 карте обычая. Нельзя взять карту лидера или обычая,
    если одна соответствующая карта у вас уже есть.»"""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p", leaders=True))
    assert state.step == DRAFT and len(state.draft_leaders) == len(state.draft_lore) == 4
    assert not state.fresh["2.3"][0] and not state.players[0].hand  # no pieces, no deal
    assert state.draft_order == [2, 1, 0, 2, 1, 0] and state.turn == 2
    ldr = state.draft_leaders[0]
    apply(state, Action("draft", 2, card=ldr, target="leader"))
    assert state.players[2].leader == ldr and ldr not in state.draft_leaders
    assert state.turn == 1
    apply(state, Action("draft", 1, card=state.draft_lore[0], target="lore"))
    apply(state, Action("draft", 0, card="mystic" if "mystic" in state.draft_leaders
                        else state.draft_leaders[0], target="leader"))
    # the second time round each seat may only take the kind it lacks
    assert {a.target for a in legal_actions(state)} == {"lore"}
    try:
        apply(state, Action("draft", 2, card=state.draft_leaders[0], target="leader"))
        raise AssertionError("a second leader")
    except IllegalAction:
        pass
    while state.step == DRAFT:
        apply(state, legal_actions(state)[0])
    assert all(p.leader and len(p.lore) == 1 for p in state.players)
    assert state.step == LEAD and all(len(p.hand) == 6 for p in state.players)
    # «Каждый игрок помещает свои начальные компоненты … как изображено на клетках A, Б
    # и В на карте лидера. … получает 2 жетона ресурсов, изображённых на его карте
    # лидера, и помещает в 2 крайние слева ячейки в указанном порядке.»
    for seat, (a, b, c) in enumerate([("2.3", "3.2", "G3"), ("1.3", "2.1", "G2"),
                                      ("1.1", "4.3", "G4")]):
        ldr = LEADERS[state.players[seat].leader]
        assert held(state.players[seat]) == list(ldr.resources)
        assert state.fresh[a][seat] == ldr.boxes["a"].ships
        assert state.fresh[b][seat] == ldr.boxes["b"].ships
        assert state.fresh[c][seat] == ldr.boxes["c"].ships
        kinds = sorted(x.kind for s in (a, b) for x in state.buildings.get(s, ())
                       if x is not None and x.seat == seat)
        assert kinds == sorted(k for k in (ldr.boxes["a"].building, ldr.boxes["b"].building)
                               if k)


def test_the_draft_pool_holds_only_fully_implemented_cards():
    """A leader or lore card with an ability not implemented is never dealt; the docs
    list each of them with its missing abilities."""
    with open("docs/arcs-rulings.md", encoding="utf-8") as f:
        doc = f.read()
    listed = doc.split("**Leaders & Lore not yet**")[1].split("\n## ")[0]
    lines = {line.split("`")[1]: line for line in listed.splitlines()
             if line.startswith("- `")}
    missing = {c.id: leaders.missing(c) for c in (*RULES.leaders, *RULES.lore)
               if leaders.missing(c)}
    assert set(lines) == set(missing)
    for cid, kinds in missing.items():
        assert all(kind in lines[cid] for kind in kinds), (cid, kinds)
    pool_leaders, pool_lore = leaders.pool(RULES)
    assert len(pool_leaders) >= 5 and len(pool_lore) >= 5  # 4 players + 1
    for n in (2, 3, 4):
        for seed in range(5):
            state = new_game(RULES, GameConfig(n, seed, leaders=True))
            assert set(state.draft_leaders) <= set(pool_leaders)
            assert set(state.draft_lore) <= set(pool_lore)


def test_two_players_place_the_c_box_in_both_c_systems_and_redraw_after_the_draft():
    state = new_game(RULES, GameConfig(2, 3, leaders=True))
    assert state.draft_order == [1, 0, 1, 0]
    while state.step == DRAFT:
        apply(state, legal_actions(state)[-1])
    assert state.step == REDRAW
    card = next(c for c in RULES.setup_cards if c.id == state.setup_card)
    for seat, start in enumerate(card.seats):
        ships = LEADERS[state.players[seat].leader].boxes["c"].ships
        assert all(state.fresh[s][seat] == ships for s in start.c)


def _random_game(n: int, seed: int):
    state = new_game(RULES, GameConfig(n, seed, leaders=True))
    rng = Rng(seed ^ 0x5A5A)
    for _ in range(3000):
        if state.step == OVER:
            break
        acts = legal_actions(state)
        apply(state, acts[rng.below(len(acts))])
    return state


def test_a_leaders_game_replays_exactly_from_its_log():
    for n in (2, 3, 4):
        state = _random_game(n, 5)
        assert state.step == OVER
        again = replay(RULES, state.config, [Action.from_json(a.to_json())
                                             for a in state.log])
        assert [(p.leader, p.lore, p.power, held(p)) for p in again.players] == [
            (p.leader, p.lore, p.power, held(p)) for p in state.players]


# ---------------------------------------------------------------------- leaders


def test_mystic():
    """«Мистик начинает игру с психотехникой и реликвией.» (RU p.21) Copy/Pivot to tax:
    also gain 1 Psionic; setup: the Material and Fuel Outrage icons start covered."""
    ldr = LEADERS["mystic"]
    assert ldr.resources == ("psionic", "relic")
    state = next(s for seed in range(50)
                 if "mystic" in (s := new_game(RULES, GameConfig(
                     3, seed, "homelands_3p", leaders=True))).draft_leaders)
    while state.step == DRAFT:
        seat = state.draft_order[0]
        want = "mystic" if seat == 0 else ""
        acts = legal_actions(state)
        pick = next((a for a in acts if a.card == want), None) or next(
            a for a in acts if a.card != "mystic")
        apply(state, pick)
    p = state.players[0]
    assert p.leader == "mystic" and held(p) == ["psionic", "relic"]
    assert p.outrage == ["material", "fuel"] and p.outrage_agents == 2 and p.agents == 8
    assert ("material", "material") not in {(a.target, a.card) for a in of(state, "spend")}
    # the boost: a pivot into Tax gains the Psionic too
    state = mine("construction_2", [], leader="mystic")
    state.players[1].hand = ["administration_3"]
    apply(state, Action("done", 0))
    apply(state, Action("pivot", 1, card="administration_3"))
    if state.step != ACT:
        apply(state, Action("proceed", 1))
    state.players[1].leader = "mystic"
    tax = of(state, "tax")[0]
    apply(state, tax)
    assert "psionic" in state.players[1].resources


def test_fuel_drinker():
    """Copy/Pivot to tax: also gain 1 Fuel; after scoring, discard all Fuel if Tycoon
    was scored."""
    from game.arcs.engine.scoring import end_chapter
    state = mine("administration_3", [], leader="fuel_drinker")
    state.players[1].hand = ["administration_2"]
    state.players[1].leader = "fuel_drinker"
    apply(state, Action("done", 0))
    apply(state, Action("copy", 1, card="administration_2"))
    if state.step != ACT:
        apply(state, Action("proceed", 1))
    state.players[1].resources = []
    apply(state, next(a for a in of(state, "tax") if a.target == "1.3"))  # a material city
    place_waiting(state)  # the seat places what it took (slots.py)
    assert sorted(held(state.players[1])) == ["fuel", "material"]
    # a lead is neither a copy nor a pivot: no Fuel
    state = mine("administration_3", [], leader="fuel_drinker")
    apply(state, of(state, "tax")[0])
    assert "fuel" not in state.players[0].resources
    # scoring
    state = mine("administration_3", ["fuel", "fuel"], leader="fuel_drinker")
    state.markers_on["tycoon"] = [state.available.pop(0)]
    end_chapter(state)
    assert "fuel" not in state.players[0].resources
    state = mine("administration_3", ["fuel"], leader="fuel_drinker")
    state.markers_on["keeper"] = [state.available.pop(0)]
    end_chapter(state)
    assert held(state.players[0]) == ["fuel"]


def test_upstart():
    """On declaring, gain any 1 resource; tax your own cities only where you control
    them."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].leader = "upstart"
    state.players[0].hand = ["administration_3"]
    apply(state, Action("lead", 0, card="administration_3"))
    declares = of(state, "declare")
    assert {a.card for a in declares} == {r for r, k in state.supply.items() if k}
    apply(state, Action("declare", 0, target="tyrant", card="weapon"))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0])[-1] == "weapon"
    # own city on 2.3: seat 0 controls it with 3 fresh ships; a rival ties: no tax
    assert ("2.3" in {a.target for a in of(state, "tax")})
    put(state, 1, "2.3", fresh=3)
    assert "2.3" not in {a.target for a in of(state, "tax")}


def test_rebel():
    """+2 dice in battle; move at most 2 ships at a time."""
    state = mine("aggression_2", [], leader="rebel")
    assert max(a.fresh + a.damaged for a in of(state, "move")) == 2
    put(state, 1, "G3", fresh=1)
    apply(state, Action("battle", 0, target="G3", index=1))
    dice = 0
    while of(state, "die"):
        apply(state, of(state, "die")[0])
        dice += 1
    assert dice == state.fresh["G3"][0] + 2


def test_demagogue():
    """On declaring, may influence any number of court cards once each; can't secure a
    guild card with only 1 own agent on it."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].leader = "demagogue"
    state.players[0].hand = ["administration_3"]
    apply(state, Action("lead", 0, card="administration_3"))
    sources = {a.source for a in of(state, "declare") if a.target == "tyrant"}
    assert "" in sources and "0,1,2,3" in sources and "1,3" in sources
    agents = state.players[0].agents
    apply(state, Action("declare", 0, target="tyrant", source="0,2"))
    assert state.players[0].agents == agents - 2
    assert state.court[0].agents[0] == 1 and state.court[2].agents[0] == 1
    guild = [i for i, c in enumerate(state.court) if c is not None
             and next(x for x in RULES.court if x.id == c.card).type == "guild"]
    assert not [a for a in of(state, "secure") if a.index in guild and a.index in (0, 2)]
    state.court[0].agents[0] = 2
    if 0 in guild:
        assert Action("secure", 0, index=0) in of(state, "secure")


# ---------------------------------------------------------------------- lore


def test_seeker_torpedoes():
    """Reroll up to 1 assault die per fresh attacking ship (the dice showing no hit)."""
    state = mine("aggression_2", [], lore="seeker_torpedoes")
    put(state, 1, "G3", fresh=1)
    fight(state, "G3", 1, ["assault", "assault"], [5, 5])  # blank, blank
    assert state.battle.phase == "reroll"
    assert Action("reroll", 0, card="assault", fresh=2) in legal_actions(state)
    rig(state, [0, 0])
    apply(state, Action("reroll", 0, card="assault", fresh=2))
    assert state.battle.hits == 4 or state.battle.phase != "reroll"


def test_hidden_harbors():
    """You build ships fresh; no raid dice against you with a fresh defending
    starport."""
    state = mine("construction_2", [], lore="hidden_harbors")
    put(state, 1, "3.2", fresh=5)  # a rival rules the starport's system
    apply(state, next(a for a in of(state, "build") if a.card == "ship"))
    assert state.events[-1].damaged is False
    state = mine("aggression_2", [])
    state.players[1].lore = ["hidden_harbors"]
    put(state, 0, "4.1", fresh=2)
    state.buildings["4.1"][0] = Building(1, "starport")
    state.players[1].starports -= 1
    apply(state, Action("battle", 0, target="4.1", index=1))
    assert "raid" not in {a.card for a in of(state, "die")}
    state.buildings["4.1"][0] = Building(1, "starport", damaged=True)
    assert "raid" in {a.card for a in of(state, "die")}


def test_mirror_plating():
    """When you defend against assault dice: add 1 intercept to the roll."""
    state = mine("aggression_2", [])
    state.players[1].lore = ["mirror_plating"]
    put(state, 1, "G3", fresh=2)
    fight(state, "G3", 1, ["assault"], [0])  # 2 hits, no intercept
    assert state.events[-1].intercepts == 1 and state.battle.own_hits == 2


def test_signal_breaker():
    """If all your attacking ships start fresh, ignore 1 intercept you roll."""
    state = mine("aggression_2", [], lore="signal_breaker")
    put(state, 1, "G3", fresh=2)
    fight(state, "G3", 1, ["assault"], [2])  # hit + intercept
    assert state.events[-1].intercepts == 0 and state.battle.own_hits == 0
    state = mine("aggression_2", [], lore="signal_breaker")
    put(state, 1, "G3", fresh=2)
    put(state, 0, "G3", damaged=1)  # not all fresh
    fight(state, "G3", 1, ["assault"], [2])
    assert state.events[-1].intercepts == 1 and state.battle.own_hits == 2


def test_repair_drones():
    """After you attack, repair 1 of your attacking ships."""
    state = mine("aggression_2", [], lore="repair_drones")
    put(state, 1, "G3", fresh=1)
    fresh = state.fresh["G3"][0]
    fight(state, "G3", 1, ["assault"], [3])  # hit + self-hit
    while state.battle is not None:
        acts = [a for a in legal_actions(state) if a.kind != "stop"]
        apply(state, acts[0] if acts else Action("stop", 0))
    assert state.fresh["G3"][0] == fresh and state.damaged["G3"][0] == 0
    assert any(e.tag == "repaired" for e in state.events)


def test_railgun_arrays():
    """When you defend with a fresh ship, the attacker takes 1 hit before collecting
    dice."""
    state = mine("aggression_2", [])
    state.players[1].lore = ["railgun_arrays"]
    put(state, 1, "G3", fresh=1)
    apply(state, Action("battle", 0, target="G3", index=1))
    assert state.battle.phase == "pre" and not of(state, "die")
    apply(state, Action("hit", 0, card="ship", target="G3", fresh=1))
    assert state.damaged["G3"][0] == 1 and state.battle.phase == "dice"
    # no fresh defending ship: no hit
    state = mine("aggression_2", [])
    state.players[1].lore = ["railgun_arrays"]
    put(state, 1, "G3", damaged=1)
    apply(state, Action("battle", 0, target="G3", index=1))
    assert state.battle.phase == "dice"
