"""Blob Assault (seed 000): the Blob fleet answers the distress call.

Book: Blob cards out of the trade deck; one Spike Cluster in the Blob discard pile; the
Blob deck in a fixed order (Stinger ... Hive Queen); boss 40 authority per player, no
hand; players 40 authority, a Hydra team.  Turn: after playing a card (the big card —
ours) — 1 base primary, 2 ally, 3 double ally (looping), 4 attack, 5 end.
Designed: it plays the top card of its deck (one more per extra_card_every players beyond
the first); its ships go to its discard pile; an empty deck is reshuffled.
"""

from __future__ import annotations

from game.star_realms.engine import zones
from game.star_realms.engine.adventure import Script
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import attack, play_from_top, seat_of, use_best
from game.star_realms.engine.events import Zone
from game.star_realms.engine.state import State


class BlobAssault(Script):
    def prepare(self, state: State, make, players: int) -> None:
        db = state.db
        assert db is not None  # setup sets it before prepare()
        s = state.seats[boss_of(state).seat]
        s.deck = [make(db[cid]) for cid in reversed(self.adv.setup["boss_deck"])]  # end = top
        s.discard = [make(db[cid]) for cid in self.adv.setup["boss_discard"]]
        d = self.adv.designed
        boss_of(state).counter = d["cards_per_turn"] + (players - 1) // d["extra_card_every"]

    def steps(self):
        return [
            ("launch", self.launch, "once"),
            ("use_primary", use_best("primary"), "loop"),
            ("use_ally", use_best("ally"), "loop"),
            ("use_double_ally", use_best("double_ally"), "loop"),
            ("attack", attack, "repeat"),
        ]

    def launch(self, state: State) -> bool:
        seat = seat_of(state)
        s = state.seats[seat]
        played = 0
        for _ in range(boss_of(state).counter):
            if not s.deck:
                if not s.discard:
                    break
                zones.shuffle_discard_into_deck(state, seat)
            play_from_top(state, s.deck.pop(), Zone("deck", seat))
            played += 1
        return played > 0
