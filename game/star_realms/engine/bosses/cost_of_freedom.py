"""The Cost of Freedom (seed 000): the Trade Federation wants to buy you.

Book: Trade Federation cards out of the trade deck; from Frontiers' 20 the acquisition
deck (Transit Nexus at the bottom; Federation Battleship, Ion Station, 2 Mobile Markets,
Outland Station shuffled on top; solo + Patrol Boat; two players + Patrol Boat and
Federation Cruiser) and its personal deck (the rest, shuffled); boss 40 authority per
player; players 30 authority, a Hydra team.  Turn, after it draws: 1 base primary,
2 ally, 3 double ally, 4 play the most expensive card from hand, 5 buy the most expensive
trade-row card it can afford into its registry — looping — 6 attack, 7 end.
Designed: the registry (the back of the card).
"""

from __future__ import annotations

from game.star_realms.engine import zones
from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss import pick_max
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import attack, most_expensive_in_hand, seat_of, use_best
from game.star_realms.engine.events import TRADE_ROW, Move, Zone
from game.star_realms.engine.state import EMPTY, State

REGISTRY, ACQUISITIONS = "registry", "acquisitions"


class CostOfFreedom(Script):
    has_deck = True
    hidden_piles = (ACQUISITIONS,)

    def prepare(self, state: State, make, players: int) -> None:
        db = state.db
        assert db is not None  # setup sets it before prepare()
        setup = self.adv.setup
        b = boss_of(state)
        wanted = list(setup["acquisitions"])
        if players == 1:
            wanted += setup["acquisitions_1_player"]
        elif players == 2:
            wanted += setup["acquisitions_2_players"]
        bottom = setup["acquisitions_bottom"]
        pool = [c for c in db.set_cards("frontiers") if "trade_federation" in c.factions
                for _ in range(c.copies)]

        def take(cid: str) -> int:
            card = next(c for c in pool if c.id == cid)
            pool.remove(card)
            return make(card)

        acquisitions = [take(cid) for cid in wanted]
        state.rng.shuffle(acquisitions)
        b.piles[ACQUISITIONS] = [take(bottom)] + acquisitions  # index 0 = bottom
        b.piles[REGISTRY] = []
        s = state.seats[b.seat]
        s.deck = [make(c) for c in pool]
        state.rng.shuffle(s.deck)

    def steps(self):
        return [
            ("use_primary", use_best("primary"), "loop"),
            ("use_ally", use_best("ally"), "loop"),
            ("use_double_ally", use_best("double_ally"), "loop"),
            ("play", most_expensive_in_hand(), "loop"),
            ("register", self.register, "loop"),
            ("attack", attack, "repeat"),
        ]

    def register(self, state: State) -> bool:
        b = boss_of(state)
        seat = seat_of(state)
        s = state.seats[seat]
        row = [c for c in state.trade_row if c != EMPTY and state.cards[c].cost <= s.trade]
        if not row:
            return False
        iid = pick_max(state, row, lambda c: state.cards[c].cost)
        s.trade -= state.cards[iid].cost
        slot = state.trade_row.index(iid)
        state.trade_row[slot] = EMPTY
        b.piles[REGISTRY].append(iid)
        state.events.append(Move(iid, TRADE_ROW, Zone("boss", pile=REGISTRY)))
        zones.refill_row(state, slot)
        narrate(state, "register", card=iid, n=len(b.piles[REGISTRY]))
        if len(b.piles[REGISTRY]) >= self.adv.designed["registry_size"]:
            for c in b.piles[REGISTRY]:
                zones.to_scrap_heap(state, c, Zone("boss", pile=REGISTRY))
            b.piles[REGISTRY] = []
            if b.piles[ACQUISITIONS]:
                gained = b.piles[ACQUISITIONS].pop()
                s.discard.append(gained)
                state.events.append(Move(gained, Zone("boss", pile=ACQUISITIONS),
                                             Zone("discard", seat)))
                narrate(state, "acquisition", card=gained)
        return True
