"""Arcs engine: the 6 vox cards («карты гласа»), one test per card, named after it.

«Выполните её действие «Во время присвоения», если есть. Если указано сбросить карту,
поместите её лицевой стороной вверх в стопку сброса двора рядом с колодой двора.
Наконец, возьмите карту с верха колоды двора и поместите лицевой стороной вверх во двор
на то же место, чтобы обновить двор.» (RU p.13; effects: facts §7)"""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.state import Action, Building, CourtSlot
from tests.test_arcs_engine_prelude import homelands

RULES = load_arcs_rules()


def secured(card: str, guild: list[str] | None = None):
    """Seat 0 (Homelands, 3 players) secures the vox card ``card`` from court slot 0."""
    state = homelands("aggression_2", [], guild)
    if card in state.court_deck:
        state.court_deck.remove(card)
    state.court[0] = CourtSlot(card, 3)
    state.court[0].agents = [1, 0, 0]
    state.players[0].agents -= 1
    apply(state, next(a for a in legal_actions(state)
                      if a.kind == "secure" and a.index == 0))
    assert state.vox is not None and state.vox.card == card and state.court[0] is None
    assert card not in state.players[0].guild
    assert {a.kind for a in legal_actions(state)} == {"vox"}
    return state


def vox(state, target: str = "", **kw):
    return next(a for a in legal_actions(state) if a.target == target
                and all(getattr(a, k) == v for k, v in kw.items()))


def test_the_court_deck_holds_the_vox_cards():
    """«Перемешайте все 6 карт гласа и 25 карт гильдий, соберите их в колоду двора» (RU
    p.4)."""
    state = homelands("aggression_2", [])
    cards = state.court_deck + [c.card for c in state.court if c]
    assert sorted(cards) == sorted(c.id for c in RULES.court) and len(cards) == 31


def test_mass_uprising():
    """«Choose a cluster; place 1 of your ships in each of its systems. Discard the
    card.» — after the effect the slot is refilled from the top of the court deck."""
    state = secured("mass_uprising")
    assert sorted(a.target for a in legal_actions(state)) == ["1", "2", "3", "4"]
    top, ships = state.court_deck[-1], state.players[0].ships
    apply(state, vox(state, "1"))
    assert [state.fresh[s][0] for s in ("G1", "1.1", "1.2", "1.3")] == [1, 1, 1, 1]
    assert state.players[0].ships == ships - 4 and state.vox is None
    assert state.court_discard == ["mass_uprising"] and state.court[0].card == top
    assert state.budget == 2 and state.step == "act"  # the turn goes on


def test_populist_demands():
    """«You may declare any ambition; a marker must be available. Discard the card.»"""
    state = secured("populist_demands")
    assert {a.target for a in legal_actions(state)} == {
        "", "tycoon", "tyrant", "warlord", "keeper", "empath"}
    number = state.lead_number
    apply(state, vox(state, "empath"))
    assert state.markers_on["empath"] == ["high"] and state.available == ["mid", "low"]
    assert state.lead_number == number and "populist_demands" in state.court_discard
    state = secured("populist_demands")
    state.available = []
    assert [a.target for a in legal_actions(state)] == [""]  # no marker: nothing


def test_outrage_spreads():
    """«You may name a resource type; every player, you included, provokes Outrage of
    that type. Discard the card.» «Наложите запрет. Сбросьте все свои ресурсы и карты
    гильдий того же типа …» (RU p.16)"""
    state = secured("outrage_spreads", ["admin_union"])
    assert {a.target for a in legal_actions(state)} == {
        "", "material", "fuel", "weapon", "relic", "psionic"}
    state.players[0].resources = ["material"]
    state.supply["material"] -= 1
    apply(state, vox(state, "material"))
    for p in state.players:
        assert "material" in p.outrage and "material" not in p.resources
    assert state.court_discard == ["admin_union", "outrage_spreads"]


def test_song_of_freedom():
    """«You may return any one city you control (any owner's) to its owner's board. If
    you do, you may seize the initiative (normal limits). Shuffle this card back into
    the court deck.»"""
    state = secured("song_of_freedom")
    state.fresh["1.3"][0] = 5  # seat 0 now controls seat 1's city on 1.3
    state.initiative = 1  # so that seat 0 may seize
    cities = {(a.target, a.index) for a in legal_actions(state)}
    assert ("1.3", 0) in cities and ("2.3", 0) in cities and ("1.1", 0) not in cities
    off = state.players[1].cities_off
    apply(state, vox(state, "1.3", index=0))
    assert state.buildings["1.3"][0] is None and state.players[1].cities_off == off - 1
    assert {a.target for a in legal_actions(state)} == {"seize", ""}
    apply(state, vox(state, "seize"))
    assert state.seized_by == 0 and state.vox is None
    cards = state.court_deck + [state.court[0].card]
    assert "song_of_freedom" in cards and "song_of_freedom" not in state.court_discard


def test_guild_struggle():
    """«You may steal 1 guild card from a rival. Then shuffle all guild cards from the
    court discard into the court deck, and discard this card.»"""
    state = secured("guild_struggle")
    state.players[1].guild = ["secret_order"]
    state.players[2].guild = ["sworn_guardians", "relic_fence"]  # the Guardians protect
    state.court_discard = ["admin_union", "mass_uprising"]
    assert {(a.source, a.target) for a in legal_actions(state)} == {
        ("1", "secret_order"), ("2", "sworn_guardians"), ("", "")}
    deck = len(state.court_deck)
    apply(state, vox(state, "secret_order"))
    assert state.players[0].guild == ["secret_order"] and state.players[1].guild == []
    assert state.court_discard == ["mass_uprising", "guild_struggle"]
    assert "admin_union" in state.court_deck + [state.court[0].card]
    assert len(state.court_deck) == deck + 1 - 1  # admin_union in, the refill out


def test_call_to_action():
    """«Draw 1 action card from the bottom of the action discard pile. Discard the
    card.»"""
    state = secured("call_to_action")
    bottom, size = state.action_discard[0], len(state.action_discard)
    apply(state, legal_actions(state)[0])
    assert state.players[0].hand == [bottom] and len(state.action_discard) == size - 1
    assert state.court_discard == ["call_to_action"]


def test_a_ransacked_vox_card_resolves_too():
    """«Разграбьте двор. Присвойте любую карту …» (RU p.16): ransacking secures."""
    state = homelands("aggression_2", [])
    state.court_deck.remove("call_to_action")
    state.court[0] = CourtSlot("call_to_action", 3)
    state.court[0].agents = [0, 1, 0]
    state.fresh["2.1"][0] = 3
    state.fresh["2.1"][1] = 0
    state.buildings["2.1"][0] = Building(1, "city", damaged=True)
    apply(state, Action("battle", 0, target="2.1", index=1))
    state.battle.phase, state.battle.building_hits = "buildings", 1  # as if rolled
    apply(state, Action("hit", 0, card="city", target="2.1", index=0))
    apply(state, Action("ransack", 0, index=0))
    assert state.vox is not None and {a.kind for a in legal_actions(state)} == {"vox"}
    apply(state, legal_actions(state)[0])
    assert state.vox is None and "call_to_action" in state.court_discard


def test_every_vox_effect_has_a_handler():
    """No vox card can be secured into an effect the engine lacks (docs/arcs-rulings.md,
    slice 5)."""
    from game.arcs.engine import vox
    state = homelands("aggression_2", [])
    assert all(vox.implemented(c.id, state) for c in RULES.court if c.type == "vox")
