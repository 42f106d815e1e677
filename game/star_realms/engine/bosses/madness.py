"""Madness of the Machine (seed 000): a brain-world decides everything must be remade.

Book: Machine Cult cards out of the trade deck; Frontiers' 20 Machine Cult cards with 4
Scouts and 4 Vipers are its deck; boss 40 authority per player; players start with 7
Scouts and 1 Viper and 60 authority, a Hydra team.  Turn, after it draws: 1 play the most
expensive Machine Cult card (a base wins a tie), 2 base primary, 3 ally, 4 scrap ability
(not Reclamation Station), 5 Reclamation Station's scrap ability, 6 play all Scouts and
Vipers — after any step that did something, back to step 1 — 7 attack, 8 end.
Designed: inside card texts it scraps Scouts, then Vipers (the boss policy).
"""

from __future__ import annotations

from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import (
    attack,
    most_expensive_in_hand,
    play,
    seat_of,
    use_best,
)
from game.star_realms.engine.effects import resolve
from game.star_realms.engine.plays import use_ability
from game.star_realms.engine.rules import usable_slots
from game.star_realms.engine.state import State

RECLAMATION = "reclamation_station"


def _is_cult(state: State, iid: int) -> bool:
    return "machine_cult" in state.cards[iid].factions


class MadnessOfTheMachine(Script):
    has_deck = True

    def prepare(self, state: State, make, players: int) -> None:
        db = state.db
        assert db is not None  # setup sets it before prepare()
        s = state.seats[boss_of(state).seat]
        for card in db.set_cards("frontiers"):
            if "machine_cult" in card.factions:
                s.deck.extend(make(card) for _ in range(card.copies))
        state.rng.shuffle(s.deck)

    def steps(self):
        return [
            ("play_cult", most_expensive_in_hand(_is_cult, bases_first=True), "loop"),
            ("use_primary", use_best("primary"), "loop"),
            ("use_ally", use_best("ally"), "loop"),
            ("use_scrap", use_best("scrap", exclude=(RECLAMATION,)), "loop"),
            ("use_reclamation", self.reclamation, "loop"),
            ("play_starters", self.play_starters, "loop"),
            ("attack", attack, "repeat"),
        ]

    def reclamation(self, state: State) -> bool:
        return _use_reclamation(state)

    def play_starters(self, state: State) -> bool:
        hand = [i for i in state.seats[seat_of(state)].hand
                if state.cards[i].role == "starter"]
        for iid in hand:
            play(state, iid)
        return bool(hand)


def _use_reclamation(state: State) -> bool:
    seat = seat_of(state)
    for iid in state.seats[seat].bases:
        if state.card(iid).id == RECLAMATION and "scrap" in usable_slots(state, iid):
            narrate(state, "use_scrap", card=iid)
            use_ability(state, seat, iid, "scrap")
            resolve(state)
            return True
    return False
