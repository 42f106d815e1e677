"""Pirates of the Dark Star (seed 000): raiders who leave only witnesses.

Book: boss 25 authority per player; no hand, deck or discard; players 50 authority each,
eliminated separately, but one shared turn and pools as a Hydra team.  Turn: 1 for each
player still in, scrap the trade-row card farthest from the deck, 2 slide the row that
many slots, 3 refill the row, 4 the faction and cost of the first card revealed decide
what the pirates do to the first player, the second card to the second player, and so
on (the big card — ours), 5 end.
"""

from __future__ import annotations

from game.star_realms.engine import zones
from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import (
    faction_of,
    reveal_into_row,
    run_effects,
    take_farthest,
)
from game.star_realms.engine.events import TRADE_ROW
from game.star_realms.engine.state import EMPTY, State


def band(cost: int) -> int:
    return 0 if cost <= 3 else 1 if cost <= 6 else 2


class PiratesOfTheDarkStar(Script):
    plays_cards = False
    def players_in(self, state: State) -> list[int]:
        return [s.index for s in state.seats if s.alive and s.index != boss_of(state).seat]

    def steps(self):
        return [
            ("plunder_row", self.plunder_row, "once"),
            ("raid", self.raid, "repeat"),
        ]

    def plunder_row(self, state: State) -> bool:
        b = boss_of(state)
        scrapped = 0
        for _ in self.players_in(state):
            iid = take_farthest(state)
            if iid is not None:
                zones.to_scrap_heap(state, iid, TRADE_ROW)
                scrapped += 1
        b.notes = []
        # Every reveal fills a slot for good, so the empty slots bound the loop.
        for _ in range(state.trade_row.count(EMPTY)):
            iid = reveal_into_row(state)
            if iid is None:
                break  # trade deck and scrap heap are empty: the rest of the row stays empty
            b.notes.append(iid)
        narrate(state, "pirates_row", n=scrapped)
        return True

    def raid(self, state: State) -> bool:
        """One player at a time, in seat order, by the next revealed card."""
        b = boss_of(state)
        players = self.players_in(state)
        done = len(b.queue)
        if done >= len(players) or done >= len(b.notes):
            b.queue = []
            return False
        target = players[done]
        card = b.notes[done]
        b.queue.append(target)
        b.target = target
        faction = faction_of(state, card)
        cost = state.cards[card].cost
        effects = self.adv.designed["effects"][faction][band(cost)]
        narrate(state, f"pirates_{faction}", target=target, card=card, cost=cost)
        run_effects(state, effects, {"picked_cost": cost})
        return True
