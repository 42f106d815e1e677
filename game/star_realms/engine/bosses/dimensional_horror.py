"""Dimensional Horror (seed 000): four tentacles push through the tears in space.

Book: no hand, authority, deck or discard; before the trade row, the top 10 trade cards
are sorted by colour into its four tentacles; players 40 authority each and their own
turns; after each player's turn it acts against that player only.  Turn: 1 take the
trade-row card farthest from the deck into its tentacle, 2 slide the row, 3 reveal — same
colour joins the tentacle, else fills the row (repeat), 4 the special ability of that
colour (once), 5 combat = the longest tentacle, 6 attack, 7 end.
Designed: players cut a tentacle's top card for combat equal to its cost; a tentacle cut
to nothing is severed for good; sever all four to win; the colour abilities.
Designed: a card of a severed colour goes to the scrap heap — but only once step 3 is
over, so each card is revealed at most once per turn; when the trade deck and the scrap
heap hold nothing but such cards, the empty slot stays empty (docs/adventures.md).
"""

from __future__ import annotations

from game.star_realms.engine import guard, zones
from game.star_realms.engine.adventure import Script, narrate
from game.star_realms.engine.boss_state import boss_of
from game.star_realms.engine.bosses.common import (
    attack,
    faction_of,
    gain_combat,
    reveal_top,
    run_effects,
    take_farthest,
)
from game.star_realms.engine.cards import CLASSIC_FACTIONS as FACTIONS
from game.star_realms.engine.events import (
    BOSS,
    TRADE_DECK,
    TRADE_ROW,
    GameOver,
    Move,
    Severed,
    Strike,
    Zone,
)
from game.star_realms.engine.state import EMPTY, Action, State


def pile(faction: str) -> str:
    return f"tentacle:{faction}"


class DimensionalHorror(Script):
    plays_cards = False

    def counter(self, state: State) -> tuple[str, int] | None:
        return ("pile.severed", len(boss_of(state).severed))

    def strike_candidates(self, state: State, seat: int) -> list[tuple[int, int]]:
        """Each tentacle's top card and the combat that cuts it."""
        tops = (boss_of(state).piles[pile(f)] for f in FACTIONS)
        return [(cards[-1], self.cut_cost(state, cards[-1])) for cards in tops if cards]
    def prepare(self, state: State, make, players: int) -> None:
        b = boss_of(state)
        for f in FACTIONS:
            b.piles[pile(f)] = []
        for _ in range(min(self.adv.setup["tentacle_cards"], len(state.trade_deck))):
            iid = state.trade_deck.pop()
            b.piles[pile(faction_of(state, iid))].append(iid)

    def boss_targets_players(self, state: State) -> list[int]:
        t = boss_of(state).target
        return [t] if 0 <= t < len(state.seats) and state.seats[t].alive else []

    def steps(self):
        return [
            ("grow", self.grow, "once"),
            ("colour", self.colour_ability, "once"),
            ("lash", self.lash, "once"),
            ("attack", attack, "repeat"),
        ]

    def _add(self, state: State, iid: int, aside: list[int]) -> None:
        f = faction_of(state, iid)
        if f in boss_of(state).severed:  # a severed tentacle never grows back
            aside.append(iid)  # (to the scrap heap once the row is filled)
        else:
            boss_of(state).piles[pile(f)].append(iid)
            state.events.append(Move(iid, TRADE_ROW, Zone("boss", pile=pile(f))))

    def grow(self, state: State) -> bool:
        taken = take_farthest(state)
        boss_of(state).notes = []
        if taken is not None:
            colour = faction_of(state, taken)
            # Severed-colour cards wait aside: scrapped at once, an empty trade deck would
            # be rebuilt from them and reveal them again, for ever when nothing else is
            # left (game seed 3280036138444010940).  So every reveal uses up one card of
            # the deck or the scrap heap, and the budget is exactly what they hold.
            aside: list[int] = []
            self._add(state, taken, aside)
            boss_of(state).notes = [taken]
            budget = guard.Budget(state, "dimensional_horror.grow", guard.reveal_budget(state))
            while EMPTY in state.trade_row:
                iid = reveal_top(state)
                if iid is None:
                    break  # nothing left that could fill the slot: it stays empty
                budget.spend()
                if faction_of(state, iid) == colour:
                    self._add(state, iid, aside)
                else:
                    state.trade_row[state.trade_row.index(EMPTY)] = iid
                    state.events.append(Move(iid, TRADE_DECK, TRADE_ROW))
            for iid in aside:
                zones.to_scrap_heap(state, iid, BOSS)
            narrate(state, "tentacle_grows", card=taken, faction=colour)
        return True

    def colour_ability(self, state: State) -> bool:
        if not boss_of(state).notes:
            return False
        colour = faction_of(state, boss_of(state).notes[0])
        if colour in boss_of(state).severed or colour not in FACTIONS:
            return False
        narrate(state, f"horror_{colour}", target=boss_of(state).target)
        run_effects(state, self.adv.designed["abilities"][colour])
        return True

    def lash(self, state: State) -> bool:
        longest = max((len(boss_of(state).piles[pile(f)]) for f in FACTIONS), default=0)
        if longest:
            gain_combat(state, longest)
            narrate(state, "lash", n=longest)
        return longest > 0

    # ------------------------------------------------------------ players cut tentacles

    def cut_cost(self, state: State, iid: int) -> int:
        return max(state.cards[iid].cost, self.adv.designed["minimum_cut"])

    def player_actions(self, state: State, seat: int) -> list[Action]:
        combat = state.seats[seat].combat
        out = []
        for f in FACTIONS:
            cards = boss_of(state).piles[pile(f)]
            if cards and self.cut_cost(state, cards[-1]) <= combat:
                out.append(Action("strike", seat, card=cards[-1]))
        return out

    def apply_player_action(self, state: State, action: Action) -> None:
        iid = action.card
        f = faction_of(state, iid)
        cards = boss_of(state).piles[pile(f)]
        state.seats[action.seat].combat -= self.cut_cost(state, iid)
        cards.remove(iid)
        zones.to_scrap_heap(state, iid, Zone("boss", pile=pile(f)))
        state.events.append(Strike(action.seat, iid, f))
        if not cards:
            boss_of(state).severed.append(f)
            state.events.append(Severed(action.seat, f))
            state.winners = state.format.winners(state)
            if state.winners is not None:
                state.events.append(GameOver(state.winners))

    def players_won(self, state: State) -> bool:
        return len(boss_of(state).severed) == len(FACTIONS)
