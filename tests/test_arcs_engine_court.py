"""Arcs engine: guild cards' abilities (RU p.17 «Карты гильдий», p.20 «Действия
пролога», «Новые действия», «Усилители»), one test per card the engine implements,
named after the card (effects: facts §7)."""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine import court
from game.arcs.engine.battle import outrage
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.slots import held
from game.arcs.engine.state import Action
from tests.arcs_scene import place_waiting
from tests.test_arcs_engine_prelude import homelands

RULES = load_arcs_rules()
CARDS = {c.id: c for c in RULES.court}


def of(state, kind: str) -> list[Action]:
    return [a for a in legal_actions(state) if a.kind == kind]


def spends(state) -> set[tuple[str, str]]:
    return {(a.target, a.card) for a in of(state, "spend")}


def guild(state, card: str, **kw) -> Action:
    i = next(i for i, ab in enumerate(CARDS[card].abilities) if ab.when == "prelude")
    return Action("guild", 0, card=card, index=i, **kw)


def test_the_docs_list_every_ability_not_yet_implemented():
    """Unimplemented abilities never show as actions; docs/arcs-rulings.md names them."""
    with open("docs/arcs-rulings.md", encoding="utf-8") as f:
        doc = f.read()
    listed = doc.split("**Not yet**")[1].split("\n## ")[0]
    lines = {line.split("`")[1]: line for line in listed.splitlines()
             if line.startswith("- `")}
    missing = {c.id: court.missing(c) for c in RULES.court
               if c.type == "guild" and court.missing(c)}
    assert set(lines) == set(missing)  # in step both ways
    for cid, kinds in missing.items():
        assert all(kind in lines[cid] for kind in kinds), (cid, kinds)


def _loyal(card: str, resource: str) -> None:
    """«you may spend any resource as <type>. Outrage does not stop <type>'s prelude
    action. If you provoke Outrage, this card is kept rather than discarded.»"""
    state = homelands("administration_2", ["fuel"], [card])
    state.court[0].agents[0] = 1  # something to secure with a Relic
    state.players[0].outrage = [resource]
    assert ("fuel", resource) in spends(state) or resource == "weapon"
    outrage(state, 0, CARDS[card].suit)
    assert card in state.players[0].guild


def test_loyal_engineers():
    _loyal("loyal_engineers", "material")
    state = homelands("administration_2", ["relic"], ["loyal_engineers"])
    apply(state, Action("spend", 0, card="material", target="relic"))
    assert state.free == ("build", "repair")


def test_loyal_pilots():
    _loyal("loyal_pilots", "fuel")


def test_loyal_empaths():
    _loyal("loyal_empaths", "psionic")


def test_loyal_keepers():
    _loyal("loyal_keepers", "relic")


def test_loyal_marines():
    """Also «P: discard to place 3 ships in a system you control.»"""
    state = homelands("construction_2", ["fuel"], ["loyal_marines"])
    state.fresh["G3"][1] = 1
    apply(state, Action("spend", 0, card="weapon", target="fuel"))
    assert state.armed
    ships = state.players[0].ships
    assert guild(state, "loyal_marines", target="2.3") in legal_actions(state)
    apply(state, guild(state, "loyal_marines", target="2.3"))
    assert state.fresh["2.3"][0] == 6 and state.players[0].ships == ships - 3
    assert "loyal_marines" in state.court_discard and not state.players[0].guild


def _interest(card: str, resource: str) -> None:
    """NA (Build): «gain 1 <type>». P: «discard to gain <type> up to your number of empty
    resource slots»."""
    state = homelands("construction_2", ["relic"], [card])
    new = [a for a in of(state, "new") if a.card == card]
    assert new
    apply(state, new[0])
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["relic", resource] and state.budget == 3
    state = homelands("construction_2", ["relic"], [card])
    empty = state.resource_capacity(0) - 1
    apply(state, guild(state, card))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["relic"] + [resource] * empty


def test_mining_interest():
    _interest("mining_interest", "material")


def test_shipping_interest():
    _interest("shipping_interest", "fuel")


def _union(card: str, lead: str) -> None:
    """«Пролог. Можете поместить эту карту рядом с картой руководства, разыгранной
    лицевой стороной вверх. Когда раунд закончится, возьмите ту карту в руку, а эту
    сбросьте.» (RU p.20, Admin Union)"""
    state = homelands(lead, [], [card])
    before = state.action_discard.count(lead)
    apply(state, guild(state, card, target=lead))
    apply(state, Action("done", 0))
    while state.players[0].hand != [lead]:
        acts = legal_actions(state)
        apply(state, next((a for a in acts if a.kind in ("copy", "done")), acts[-1]))
    assert card in state.court_discard and state.action_discard.count(lead) == before
    assert ("returned", 0) in [(e.tag, getattr(e, "seat", -1)) for e in state.events]
    other = homelands("administration_2" if lead != "administration_2" else "mobilization_2",
                      [], [card])
    assert not [a for a in of(other, "guild") if a.card == card]


def test_admin_union():
    _union("admin_union", "administration_2")


def test_construction_union():
    _union("construction_union", "construction_2")


def test_spacing_union():
    _union("spacing_union", "mobilization_2")


def test_arms_union():
    _union("arms_union", "aggression_2")


def test_gatekeepers():
    """B: «when battling in a gate, you may collect 2 extra dice.» P: «discard to place 1
    ship in every in-play gate.»"""
    state = homelands("aggression_2", [], ["gatekeepers"])
    state.fresh["G3"][1] = 1
    apply(state, Action("battle", 0, target="G3", index=1))
    for _ in range(4):  # 2 ships + 2 extra dice
        apply(state, Action("die", 0, card="skirmish"))
    assert of(state, "die") == []
    state = homelands("aggression_2", [], ["gatekeepers"])
    apply(state, guild(state, "gatekeepers"))
    gates = [s for s in state.topology.systems if s.startswith("G")]
    assert state.fresh["G3"][0] == 3 and all(state.fresh[g][0] >= 1 for g in gates)


def test_lattice_spies():
    """P (before any other actions): «discard to seize the initiative», normal limits:
    «Владелец инициативы не может перехватывать её.» (RU p.10)"""
    state = homelands("administration_2", [], ["lattice_spies"])
    assert not of(state, "guild")  # seat 0 holds the initiative
    apply(state, Action("done", 0))
    state.players[1].guild = ["lattice_spies"]
    apply(state, Action("copy", 1, card=state.players[1].hand[0]))
    if state.step != "act":
        apply(state, Action("proceed", 1))
    spies = [a for a in of(state, "guild") if a.card == "lattice_spies"]
    apply(state, spies[0])
    assert state.seized_by == 1 and "lattice_spies" in state.court_discard


def test_relic_fence():
    """P (once per turn): «discard 1 resource to gain 1 Relic. The card stays.»"""
    state = homelands("administration_2", ["fuel", "material"], ["relic_fence"])
    apply(state, guild(state, "relic_fence", target="fuel"))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert sorted(held(state.players[0])) == ["material", "relic"]
    assert "relic_fence" in state.players[0].guild and not of(state, "guild")


def test_sworn_guardians():
    """Pa: «rivals cannot steal your resources or your other guild cards … If this card
    is stolen, bury it.»"""
    state = homelands("administration_2", [], ["silver_tongues"])
    state.players[1].guild = ["sworn_guardians", "secret_order"]
    targets = {(a.source, a.target) for a in of(state, "guild")}
    assert ("1", "sworn_guardians") in targets and ("1", "secret_order") not in targets
    assert ("1", "material") not in targets and ("2", "weapon") in targets
    apply(state, guild(state, "silver_tongues", target="sworn_guardians", source="1"))
    assert state.court_deck[0] == "sworn_guardians" and not state.players[0].guild


def test_silver_tongues():
    """P: «discard to steal 1 guild card or 1 resource.»"""
    state = homelands("administration_2", [], ["silver_tongues"])
    apply(state, guild(state, "silver_tongues", target="psionic", source="1"))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["psionic"] and held(state.players[1]) == [
        "material"]


def test_court_enforcers():
    """NA «Abduct» (Battle): «capture all rival agents on one court card, if the card
    holds fewer rival agents than your total Weapon icons.»"""
    state = homelands("aggression_2", ["weapon", "weapon"], ["court_enforcers"])
    state.court[1].agents = [0, 1, 0]
    state.court[2].agents = [0, 2, 1]  # 3 rival agents, not fewer than 3 Weapon icons
    abduct = of(state, "new")
    assert [a.index for a in abduct] == [1]
    apply(state, abduct[0])
    assert state.players[0].captives == [1] and state.court[1].agents == [0, 0, 0]


def test_secret_order():
    """B: «declaring Keeper or Empath does not place the zero marker.»"""
    from game.arcs.engine.setup import new_game
    from game.arcs.engine.state import GameConfig
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].hand = ["mobilization_5"]
    state.players[0].guild = ["secret_order"]
    apply(state, Action("lead", 0, card="mobilization_5"))
    amb = state.card("mobilization_5").ambition
    apply(state, Action("declare", 0, target=amb))
    assert (state.lead_number == 5) == (amb in ("keeper", "empath"))


def test_cartels_prelude_steal():
    """Material/Fuel Cartel, P: «discard to steal 1 <type>» (their passives:
    tests/test_arcs_engine_court_more.py)."""
    state = homelands("administration_2", [], ["material_cartel"])
    assert {(a.source, a.target) for a in of(state, "guild")} == {
        ("1", "material"), ("2", "material")}


def test_skirmishers():
    """B (Battle): «after rolling, you may reroll skirmish dice, up to your total Weapon
    icons (resources + cards).» «Бросьте полученные кубики.» (RU p.15)"""
    from tests.test_arcs_engine_battle import rig
    state = homelands("aggression_2", ["weapon"], ["skirmishers"])  # 2 Weapon icons
    state.fresh["G3"][1] = 1
    state.players[1].ships -= 1
    state.fresh["G3"][0] += 1  # 3 attacking ships
    state.players[0].ships -= 1
    apply(state, Action("battle", 0, target="G3", index=1))
    for _ in range(3):
        apply(state, Action("die", 0, card="skirmish"))
    rig(state, [3, 4, 0, 0, 1])  # blank, blank, hit; the rerolls: hit, hit
    apply(state, Action("roll", 0))
    assert state.battle.phase == "reroll" and state.battle.hits == 1
    assert set(legal_actions(state)) == {
        Action("reroll", 0, card="skirmish", fresh=1),
        Action("reroll", 0, card="skirmish", fresh=2), Action("keep_roll", 0)}
    apply(state, Action("reroll", 0, card="skirmish", fresh=2))
    assert state.battle.phase == "hits" and state.battle.hits == 3
    assert state.events[-1].tag == "rolled" and state.events[-1].hits == 3
    # once a battle; without the card there is no reroll step
    state = homelands("aggression_2", ["weapon"], [])
    state.fresh["G3"][1] = 1
    state.players[1].ships -= 1
    apply(state, Action("battle", 0, target="G3", index=1))
    apply(state, Action("die", 0, card="skirmish"))
    rig(state, [3])
    apply(state, Action("roll", 0))
    assert state.battle is None or state.battle.phase != "reroll"


def test_prison_wardens():
    """NA «Pressgang» (Build): «return any number of your captives and gain any 1
    resource for each.» NA «Execute» (Influence): «move any number of your captives to
    your trophies.» «Пленники. Поместите захваченных агентов на клетку пленников на
    своём планшете.» (RU p.13)"""
    state = homelands("construction_2", [], ["prison_wardens"])
    p0, p1 = state.players[0], state.players[1]
    p0.captives, p1.agents = [1, 1, 2], p1.agents - 2
    state.players[2].agents -= 1
    agents = p1.agents
    press = [a for a in of(state, "new") if a.source == "pressgang"]
    assert {(a.index, a.target) for a in press} >= {(1, "fuel"), (2, "relic")}
    apply(state, Action("new", 0, card="prison_wardens", index=1, target="fuel",
                        source="pressgang"))
    place_waiting(state)  # the seat places what it took (slots.py)
    assert p0.captives == [1, 2] and p1.agents == agents + 1 and held(p0) == ["fuel"]
    assert {a.kind for a in legal_actions(state)} == {"captive", "stop"}
    apply(state, Action("captive", 0, index=2, target="relic"))
    place_waiting(state)
    assert sorted(held(p0)) == ["fuel", "relic"] and p0.captives == [1]
    apply(state, Action("stop", 0))
    assert state.budget == 3 and "captive" not in {a.kind for a in legal_actions(state)}
    # Execute (Influence): an Administration card
    state = homelands("administration_2", [], ["prison_wardens"])
    p0 = state.players[0]
    p0.captives = [1, 2]
    state.players[1].agents -= 1
    state.players[2].agents -= 1
    apply(state, Action("new", 0, card="prison_wardens", index=2, source="execute"))
    assert p0.captives == [1] and p0.trophies == [(2, "agent")]
    apply(state, Action("captive", 0, index=1))
    assert p0.captives == [] and p0.trophies == [(2, "agent"), (1, "agent")]
    assert "captive" not in {a.kind for a in legal_actions(state)}  # none left: done
