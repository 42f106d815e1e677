"""Nemesis Beast (seed 000): a beast that eats planets.

Book: in co-op, one card per player from the trade deck face down in front of it; boss 50
authority per player; no hand, deck or discard; players 50 authority, a Hydra team.
Turn: 1 scrap the trade-row card farthest from the deck, 2 slide the row, 3 put that card
face down in front of it and gain combat = the cards in front of it, 4 reveal the top of
the trade deck into the row, 5 this turn's special ability by that card's faction (the big
card — ours), 6 attack, 7 end.
"""

from __future__ import annotations

from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import (
    attack,
    faction_of,
    gain_combat,
    reveal_into_row,
    run_effects,
    take_farthest,
)
from game.star_realms.engine.state import State

HOARD = "hoard"


class NemesisBeast(Script):
    plays_cards = False
    hidden_piles = (HOARD,)

    def counter(self, state: State) -> tuple[str, int] | None:
        return ("pile.hoard_size", len(boss_of(state).piles.get(HOARD, [])))

    def prepare(self, state: State, make, players: int) -> None:
        b = boss_of(state)
        n = self.adv.setup["hoard_per_player"] * players if players > 1 else 0
        b.piles[HOARD] = [state.trade_deck.pop() for _ in range(min(n, len(state.trade_deck)))]

    def steps(self):
        return [
            ("devour", self.devour, "once"),
            ("reveal", self.reveal, "once"),
            ("instinct", self.instinct, "once"),
            ("attack", attack, "repeat"),
        ]

    def devour(self, state: State) -> bool:
        b = boss_of(state)
        iid = take_farthest(state)
        if iid is not None:
            b.piles[HOARD].append(iid)
        # Designed: a bigger pack draws more of its fury (the book's combat is the hoard).
        players = sum(1 for s in state.seats if s.index != b.seat)
        fury = self.adv.designed["extra_combat_per_extra_player"] * (players - 1)
        gain_combat(state, len(b.piles[HOARD]) + fury)
        narrate(state, "devour", card=iid if iid is not None else -1,
                hoard=len(b.piles[HOARD]), n=len(b.piles[HOARD]) + fury)
        return True

    def reveal(self, state: State) -> bool:
        iid = reveal_into_row(state)
        boss_of(state).notes = [iid] if iid is not None else []
        return iid is not None

    def instinct(self, state: State) -> bool:
        if not boss_of(state).notes:
            return False
        faction = faction_of(state, boss_of(state).notes[0])
        effects = self.adv.designed["abilities"].get(faction)
        if not effects:
            return False
        players = sum(1 for s in state.seats if s.index != boss_of(state).seat)
        if faction in ("trade_federation", "blob"):  # it heals / rages for each player
            effects = tuple(effects) * players
        narrate(state, f"beast_{faction}", card=boss_of(state).notes[0])
        run_effects(state, effects)
        return True
