"""Automatons (seed 000): the swarm assimilates what it meets.

Book: boss 30 authority per player, assimilation 0 (+4 per player from the second), no
hand/deck/discard; players 60 authority, a Hydra team.  Turn: after playing cards (the
big card — ours, see below) — 1 base primary, 2 ally, 3 double ally (looping), 4 attack,
5 assimilation +1, 6 end.
Designed: it reveals and plays trade-deck cards until their cost reaches assimilation +
reveal_base; its ships are scrapped at the end of its turn, its bases when destroyed.
"""

from __future__ import annotations

from game.star_realms.engine import guard, zones
from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import (
    attack,
    play_from_top,
    reveal_top,
    seat_of,
    use_best,
)
from game.star_realms.engine.events import TRADE_DECK, Zone
from game.star_realms.engine.state import State


class Automatons(Script):
    scraps_destroyed_bases = True

    def counter(self, state: State) -> tuple[str, int] | None:
        return ("pile.assimilation", boss_of(state).counter)

    def prepare(self, state: State, make, players: int) -> None:
        s = self.adv.setup
        boss_of(state).counter = s["counter_start"] + s["counter_per_extra_player"] * (players - 1)

    def steps(self):
        return [
            ("assemble", self.assemble, "once"),
            ("use_primary", use_best("primary"), "loop"),
            ("use_ally", use_best("ally"), "loop"),
            ("use_double_ally", use_best("double_ally"), "loop"),
            ("attack", attack, "repeat"),
            ("assimilate", self.assimilate, "once"),
        ]

    def assemble(self, state: State) -> bool:
        goal = boss_of(state).counter + self.adv.designed["reveal_base"]
        total = 0
        played = 0
        # Each card played stays in the boss's play area for the rest of its turn, so it
        # cannot be revealed twice: the trade cards outside that area bound the loop (a
        # late game's goal may exceed them all; the loop then ends on an empty deck).
        s = state.seats[seat_of(state)]
        mine = set(s.in_play + s.bases)
        budget = guard.Budget(state, "automatons.assemble", sum(
            1 for i, c in enumerate(state.cards) if c.role == "trade" and i not in mine))
        while total < goal or played == 0:
            iid = reveal_top(state)
            if iid is None:
                break  # nothing left to reveal: it plays what it has
            budget.spend()
            total += state.cards[iid].cost
            played += 1
            play_from_top(state, iid, TRADE_DECK)
            if state.winners is not None:
                break
        narrate(state, "assembled", n=played, cost=total)
        return played > 0

    def assimilate(self, state: State) -> bool:
        boss_of(state).counter += 1
        narrate(state, "assimilation", n=boss_of(state).counter)
        return True

    def end_turn(self, state: State) -> None:
        s = state.seats[seat_of(state)]
        for iid in list(s.in_play):  # assimilated hulls are used up
            s.in_play.remove(iid)
            zones.leave_play(state, iid)
            zones.to_scrap_heap(state, iid, Zone("in_play", s.index))
