"""The soaks' invariant check names every break it guards (issue 41 item 8).

game.star_realms.engine.invariants.check runs after every action of every soak, so it
was made cheaper (the zones gathered as whole lists, empty lists skipped); these states,
each broken in one way, prove the cheaper check still sees each break and names it as
before.
"""

from __future__ import annotations

from game.star_realms.engine import invariants
from game.star_realms.engine.state import State
from tests.test_saves import random_game


def midgame() -> State:
    state = random_game(3, 120)
    assert not state.is_over and invariants.check(state) == []
    return state


def test_a_card_in_two_zones_is_named_with_both():
    state = midgame()
    me = state.seats[0]
    card = (me.hand or me.deck or me.discard)[0]
    state.seats[1].discard.append(card)
    assert any(p.startswith(f"card {card} is in ") and p.endswith(" and discard:1")
               for p in invariants.check(state))


def test_a_card_in_no_zone_is_named():
    state = midgame()
    me = state.seats[0]
    zone = me.deck or me.discard or me.hand
    card = zone.pop()
    assert f"cards in no zone: [{card}]" in invariants.check(state)


def test_a_ship_among_the_bases_and_a_base_among_the_ships():
    state = midgame()
    me = state.seats[0]
    ship = next(c for c in me.deck + me.discard + me.hand if not state.cards[c].is_base)
    for zone in (me.deck, me.discard, me.hand):
        if ship in zone:
            zone.remove(ship)
    me.bases.append(ship)
    assert "seat 0 has a ship among its bases" in invariants.check(state)
    me.bases.remove(ship)
    base = next((c for s in state.seats for z in (s.deck, s.discard, s.hand) for c in z
                 if state.cards[c].is_base), None)
    if base is None:
        base = next(c for c in state.trade_deck if state.cards[c].is_base)
        state.trade_deck.remove(base)
    else:
        for s in state.seats:
            for z in (s.deck, s.discard, s.hand):
                if base in z:
                    z.remove(base)
    me.in_play.append(base)
    assert "seat 0 has a base or hero among its ships in play" in invariants.check(state)


def test_an_eliminated_seat_that_still_holds_cards():
    state = midgame()
    other = 1 - state.active
    state.seats[other].alive = False
    assert state.pending is None or state.pending.seat != other
    assert f"eliminated seat {other} still holds cards" in invariants.check(state)
