"""Ally latches: the early exit of ``update_latches`` for a card that can trigger no ally
(``CardDef.inert_ally``) never changes which ally abilities are usable.

The rulebook (000): «В свой ход вы можете применить союзное свойство, только если среди
разыгранных вами карт есть другой корабль или база указанной фракции» — only a card of
a faction (or Mech World, which counts as every faction) can be that other card, so a
Scout, a Viper or an Explorer entering play triggers nothing new.
"""

import pytest

from game.star_realms.ai import GreedyBot
from game.star_realms.engine import GameConfig, SeatConfig, new_game, plays
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.cards import ALLY_SLOTS
from game.star_realms.sim import play
from tests.scene import DB


def test_inert_ally_is_a_card_without_faction_ally_ability_or_wildness():
    inert = {c.id for c in DB.cards.values() if c.inert_ally}
    assert {"scout", "viper", "explorer"} <= inert
    assert "mech_world" not in inert  # no faction, but an ally for all of them
    for c in DB.cards.values():
        expected = not (c.factions or c.ally_for_all or c.upgrade_faction
                        or c.second_ally_faction or any(s in c.abilities for s in ALLY_SLOTS))
        assert c.inert_ally == expected, c.id


@pytest.mark.parametrize("sets", [("core",), ("colony_wars", "frontiers"),
                                  ("core", "united", "promos"), ("core", "crisis")])
def test_skipping_inert_cards_latches_exactly_what_a_full_recount_does(sets, monkeypatch):
    checked = []

    def both(state, seat=None, entering=-1):
        full = state.clone()
        update_latches(full, seat)  # every card counted again, no early exit
        update_latches(state, seat, entering)
        assert state.latched == full.latched
        checked.append(entering >= 0 and state.cards[entering].inert_ally)

    monkeypatch.setattr(plays, "update_latches", both)
    for seed in range(6):
        config = GameConfig(sets=sets, seats=(SeatConfig("a", "greedy"),
                                              SeatConfig("b", "greedy")), seed=seed)
        play(new_game(DB, config), [GreedyBot(seed), GreedyBot(seed + 1)])
    assert sum(checked) > 100  # the early exit was taken, and agreed every time
