"""Defy the Empire (seed 000): refuse the Emperor's tribute.

Book: Star Empire cards out of the trade deck; the Emperor's elite deck (Hammerhead,
Jamming Terminal, Warpgate Cruiser, Siege Fortress, Imperial Flagship, top to bottom) and
his subjects' deck (the other Frontiers Star Empire cards, shuffled), top cards face up;
boss 40 authority per player and a standard personal deck; players 50 authority, a Hydra
team (1–3 players).  Turn, after it draws: 1 base primary, 2 ally, 3 double ally, 4 play
the most expensive card from hand (Scout and Viper cost 0), 5 buy the more expensive of
the two face-up cards it can afford — looping — 6 attack, 7 end.
"""

from __future__ import annotations

from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import attack, most_expensive_in_hand, seat_of, use_best
from game.star_realms.engine.events import Move, Zone
from game.star_realms.engine.state import State

ELITE, SUBJECTS = "elite", "subjects"


class DefyTheEmpire(Script):
    has_deck = True
    hidden_piles = ()

    def pile_shows(self, name: str) -> str:
        # «Верхняя карта каждой из этих колод всегда лежит лицевой стороной вверх»: the
        # rest of each deck is face down (players' views see only the top card).
        return "top" if name in (ELITE, SUBJECTS) else super().pile_shows(name)

    def prepare(self, state: State, make, players: int) -> None:
        db = state.db
        assert db is not None  # setup sets it before prepare()
        b = boss_of(state)
        elite = self.adv.setup["elite_deck"]
        b.piles[ELITE] = [make(db[cid]) for cid in reversed(elite)]  # end = top
        subjects = []
        spare = list(elite)
        for card in db.set_cards("frontiers"):
            if "star_empire" in card.factions:
                for _ in range(card.copies):
                    if card.id in spare:
                        spare.remove(card.id)  # these copies are the elite deck
                    else:
                        subjects.append(make(card))
        state.rng.shuffle(subjects)
        b.piles[SUBJECTS] = subjects

    def steps(self):
        return [
            ("use_primary", use_best("primary"), "loop"),
            ("use_ally", use_best("ally"), "loop"),
            ("use_double_ally", use_best("double_ally"), "loop"),
            ("play", most_expensive_in_hand(), "loop"),
            ("buy", self.buy, "loop"),
            ("attack", attack, "repeat"),
        ]

    def buy(self, state: State) -> bool:
        b = boss_of(state)
        seat = seat_of(state)
        s = state.seats[seat]
        tops = [(name, b.piles[name][-1]) for name in (ELITE, SUBJECTS) if b.piles[name]]
        affordable = [(n, c) for n, c in tops if state.cards[c].cost <= s.trade]
        if not affordable:
            return False
        name, iid = max(affordable, key=lambda t: (state.cards[t[1]].cost, t[0] == ELITE))
        b.piles[name].pop()
        s.trade -= state.cards[iid].cost
        s.discard.append(iid)
        state.events.append(Move(iid, Zone("boss", pile=name), Zone("discard", seat)))
        narrate(state, "buy", card=iid)
        return True
