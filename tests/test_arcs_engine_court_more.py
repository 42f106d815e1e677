"""Arcs engine: the last five guild cards — the Cartels, Farseers, Elder Broker and
Galactic Bards — one test per ability, quoting the card text (facts §7) and the
readings in docs/arcs-rulings.md ("Engine, slice 4: guild cards")."""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine import court
from game.arcs.engine.events import CartelDiscarded, DrewFromDiscard, Swapped
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.scoring import ambition_count, end_chapter
from game.arcs.engine.setup import new_game
from game.arcs.engine.slots import held
from game.arcs.engine.state import ACT, DECIDE, HIDDEN, Action, GameConfig
from game.arcs.engine.view import player_view
from tests.arcs_scene import place_waiting
from tests.test_arcs_engine_prelude import homelands

RULES = load_arcs_rules()
CARDS = {c.id: c for c in RULES.court}


def of(state, kind: str) -> list[Action]:
    return [a for a in legal_actions(state) if a.kind == kind]


def total(state, resource: str) -> int:
    """Every resource of the type: the supply (a Cartel's included), slots, spent."""
    return (state.supply[resource] + state.spent.count(resource)
            + sum(p.resources.count(resource) for p in state.players))


def index_of(card: str, when: str) -> int:
    return next(i for i, ab in enumerate(CARDS[card].abilities) if ab.when == when)


def test_every_guild_ability_is_implemented():
    """docs/arcs-rulings.md's «Not yet» list is empty (its test keeps it in step)."""
    assert [c.id for c in RULES.court if c.type == "guild" and court.missing(c)] == []


# ---------------------------------------------------------------------- the Cartels


def test_material_cartel_holds_the_supply_for_tycoon_but_it_cannot_be_spent():
    """«You keep the Material supply on here. (You add it to Tycoon but can't spend
    it.)» The supply still gives: a rival's Tax takes from the card, which lowers the
    holder's count; spending only ever offers the slots' resources."""
    state = homelands("administration_2", ["relic"], ["material_cartel"])
    supply = state.supply["material"]
    assert supply > 0
    # the card's icon + the whole supply; no Material in the slots
    assert ambition_count(state, 0, "tycoon") == 1 + supply
    assert all(a.target != "material" for a in of(state, "spend"))
    assert ambition_count(state, 1, "tycoon") == state.players[1].resources.count("material")
    # the rival gains from the supply as ever: it now comes off the holder's card
    before = total(state, "material")
    state.players[1].resources.append("material")
    state.supply["material"] -= 1
    assert ambition_count(state, 0, "tycoon") == supply  # one fewer on the card
    assert total(state, "material") == before
    # the card leaves: the supply is just the supply again
    court.discard_guild(state, 0, "material_cartel")
    assert ambition_count(state, 0, "tycoon") == 0


def test_fuel_cartel_rivals_discard_all_fuel_after_scoring():
    """«After scoring, Rivals discard all Fuel.» After every scoring, whichever ambitions
    were scored; the holder keeps its own, and the Fuel goes back onto the card."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].guild = ["fuel_cartel"]
    state.players[0].resources = ["fuel", "relic"]
    state.players[1].resources = ["fuel", "fuel", "psionic"]
    state.players[2].resources = ["weapon"]
    state.supply["fuel"] = 5 - 3
    before = total(state, "fuel")
    end_chapter(state)  # nothing was declared: nothing scores, the rivals still discard
    assert held(state.players[0]) == ["fuel", "relic"]
    assert held(state.players[1]) == ["psionic"]
    assert held(state.players[2]) == ["weapon"]
    assert state.supply["fuel"] == 4 and total(state, "fuel") == before
    assert [e for e in state.events if isinstance(e, CartelDiscarded)] == [
        CartelDiscarded(1, 0, "fuel", 2)]
    # the holder's Tycoon: the card, its own Fuel and the supply on the card
    assert ambition_count(state, 0, "tycoon") == 1 + 1 + 4


def test_cartel_two_player_tokens_are_no_rival():
    """The 2-player ambition tokens score as a third player but are not one: they are
    not discarded by a Cartel (docs/arcs-rulings.md)."""
    state = new_game(RULES, GameConfig(2, 3))
    state.players[0].guild = ["material_cartel"]
    tokens = {k: list(v) for k, v in state.ambition_tokens.items()}
    end_chapter(state)
    assert state.ambition_tokens == tokens


def test_cartel_supply_can_be_stolen_by_silver_tongues():
    """Silver-Tongues: «steal 1 guild card or 1 resource. Per FAQ, this includes
    resources held on cards.» (facts §7) — one off the rival's Cartel (``fresh=1``);
    Sworn Guardians protect it like the holder's other resources."""
    state = homelands("administration_2", [], ["silver_tongues"])
    state.players[1].guild = ["fuel_cartel"]
    i = index_of("silver_tongues", "prelude")
    take = Action("guild", 0, card="silver_tongues", index=i, target="fuel", source="1",
                  fresh=1)
    assert take in legal_actions(state)
    fuel, supply = total(state, "fuel"), state.supply["fuel"]
    apply(state, take)
    place_waiting(state)  # the seat places what it took (slots.py)
    assert held(state.players[0]) == ["fuel"] and state.supply["fuel"] == supply - 1
    assert total(state, "fuel") == fuel
    # the Cartel's own prelude steals from the rivals' slots only (it holds the supply)
    state = homelands("administration_2", [], ["silver_tongues"])
    state.players[1].guild = ["fuel_cartel", "sworn_guardians"]
    assert not [a for a in of(state, "guild") if a.source == "1" and a.fresh]


# ---------------------------------------------------------------------- Farseers


def test_farseers_prelude_discards_any_cards_and_draws_one_more_from_the_bottom():
    """«Prelude: You may discard this and any number of cards from your hand. Draw the
    same number of cards (including Farseers) from the bottom of the action discard
    pile.»"""
    state = homelands("administration_2", [], ["farseers"])
    state.players[0].hand = ["construction_4", "mobilization_2", "aggression_3"]
    state.action_discard = ["mobilization_3", "mobilization_5", "aggression_6"]
    i = index_of("farseers", "prelude")
    offered = {a.source for a in of(state, "guild") if a.card == "farseers"}
    assert len(offered) == 2 ** 3 and "" in offered  # every subset of the hand
    apply(state, Action("guild", 0, card="farseers", index=i,
                        source="construction_4,mobilization_2"))
    # 2 discarded (onto the top) + Farseers: 3 drawn from the bottom
    assert sorted(state.players[0].hand) == [
        "aggression_3", "aggression_6", "mobilization_3", "mobilization_5"]
    assert state.action_discard == ["construction_4", "mobilization_2"]
    assert "farseers" not in state.players[0].guild and "farseers" in state.court_discard
    # the others see how many, never which
    (drew,) = [e for e in player_view(state, 1).events if isinstance(e, DrewFromDiscard)]
    assert drew.discarded == (HIDDEN,) * 2 and drew.drawn == (HIDDEN,) * 3
    (mine,) = [e for e in player_view(state, 0).events if isinstance(e, DrewFromDiscard)]
    assert mine.drawn == ("mobilization_3", "mobilization_5", "aggression_6")


def test_farseers_look_at_a_rivals_hand_and_swap_one_card_on_declaring():
    """«When you declare an ambition, look at a Rival's hand. You may swap 1 card with
    them.» Only the looking seat sees that hand, and only the two seats see the swap."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].hand = ["mobilization_5", "construction_4"]
    state.players[0].guild = ["farseers"]
    state.players[2].hand = []  # nothing to look at there
    apply(state, Action("lead", 0, card="mobilization_5"))
    apply(state, Action("declare", 0, target=state.card("mobilization_5").ambition))
    assert legal_actions(state) == [Action("look", 0, index=1)]
    rival = list(state.players[1].hand)
    assert player_view(state, 0).players[1].hand == [HIDDEN] * len(rival)
    apply(state, Action("look", 0, index=1))
    assert player_view(state, 0).players[1].hand == rival  # the looking seat sees it
    assert player_view(state, 2).players[1].hand == [HIDDEN] * len(rival)
    swaps = of(state, "swap")
    assert Action("swap", 0) in swaps and len(swaps) == 1 * len(rival) + 1
    apply(state, Action("swap", 0, card="construction_4", target=rival[0]))
    assert state.players[0].hand == [rival[0]] and "construction_4" in state.players[1].hand
    assert state.peek is None and state.step == ACT
    assert player_view(state, 0).players[1].hand == [HIDDEN] * len(rival)
    seen = {s: next(e for e in player_view(state, s).events if isinstance(e, Swapped))
            for s in range(3)}
    assert seen[0].taken == seen[1].taken == rival[0]
    assert seen[2] == Swapped(0, 1, HIDDEN, HIDDEN)


# ---------------------------------------------------------------------- Elder Broker


def _broker():
    """Seat 0 (Elder Broker) leads Administration and rules 1.3, seat 1's city."""
    state = homelands("administration_2", ["fuel", "weapon"], ["elder_broker"])
    state.fresh["1.3"][0] = 4
    kind = RULES.map.systems["1.3"].type
    return state, kind


def test_elder_broker_trade_takes_the_city_type_and_gives_a_type_they_lack():
    """«Trade (Tax): Choose a Rival city you control. Swap 1 resource with that Rival—take
    a resource of that city type from them, and give them a resource they don't have.»
    Two actions: the city, then what is given."""
    state, kind = _broker()
    state.players[1].resources = [kind, "fuel"]
    trade = [a for a in of(state, "new") if a.source == "trade"]
    assert [(a.target, a.index) for a in trade] == [("1.3", 0)]
    budget = state.budget
    apply(state, trade[0])
    assert state.budget == budget - 1  # a Tax symbol paid for it
    # they have Fuel: only the Weapon may be given
    assert legal_actions(state) == [Action("give", 0, target="weapon")]
    apply(state, Action("give", 0, target="weapon"))
    assert sorted(held(state.players[0])) == sorted(["fuel", kind])
    assert sorted(held(state.players[1])) == sorted(["fuel", "weapon"])
    assert state.trade is None and state.step == ACT


def test_elder_broker_trade_needs_both_halves():
    """No Trade with a rival holding none of the city's type, nor when the seat has
    nothing the rival lacks; none with a city the seat does not control."""
    state, kind = _broker()
    state.players[1].resources = ["fuel"]
    assert not [a for a in of(state, "new") if a.source == "trade"]
    state.players[1].resources = [kind, "fuel", "weapon"]
    assert not [a for a in of(state, "new") if a.source == "trade"]
    state.players[1].resources = [kind]
    state.fresh["1.3"][0] = 3  # a tie: nobody controls it
    assert not [a for a in of(state, "new") if a.source == "trade"]


# ---------------------------------------------------------------------- Galactic Bards


def _follow(mode: str, card: str):
    """Seat 0 leads Administration 2 without declaring; seat 1 (Galactic Bards) plays."""
    state = homelands("administration_2", [], [])
    state.players[1].guild = ["galactic_bards"]
    apply(state, Action("done", 0))
    apply(state, Action(mode, 1, card=card))
    return state


def test_galactic_bards_a_follower_declares_its_played_cards_ambition():
    """«When you Surpass or Pivot, before taking any actions, you may declare the
    ambition on your played card if an ambition has not been declared yet this round.
    Do not place the zero marker.»"""
    state = _follow("pivot", "aggression_4")
    amb = state.card("aggression_4").ambition
    assert state.step == DECIDE
    assert [a.target for a in of(state, "declare")] == [amb]
    apply(state, Action("declare", 1, target=amb))
    assert state.markers_on[amb] and state.lead_number == 2  # no zero marker
    assert state.step == DECIDE and not of(state, "declare")  # it may still seize
    assert of(state, "seize")
    state = _follow("surpass", "administration_5")
    assert [a.target for a in of(state, "declare")] == [state.card("administration_5").ambition]


def test_galactic_bards_not_when_copying_or_after_a_declaration():
    state = _follow("copy", "aggression_4")
    assert not of(state, "declare")
    state = homelands("administration_2", [], [])
    state.players[1].guild = ["galactic_bards"]
    state.declared = True  # as if the leader (or a vox card) declared this round
    apply(state, Action("done", 0))
    apply(state, Action("pivot", 1, card="aggression_4"))
    assert not of(state, "declare")
