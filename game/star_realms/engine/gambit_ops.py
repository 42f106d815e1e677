"""Run and answer halves of the card operations the Gambit set brought.

``choose_faction`` (Merc Cruiser): "Choose a faction as you play Merc Cruiser; it has
that faction."  The player picks one of the four factions; until the ship leaves play
it is a card of that faction (an ally of that faction's cards, a ship of that faction
played this turn), kept the way a copying card keeps what it copies
(``State.copy_of``: the same definition with that faction); the "whenever you play a
<faction> ship" triggers of that faction fire then.  A Stealth Needle copying a Merc
Cruiser has the faction that Merc Cruiser took ("has that ship's faction") and is not
asked again.

``draw_gambit`` (Wild Gambit): the top gambit of the shuffled box of gambits no one was
dealt, face down to the player (engine/gambits.py).

``shield`` (Energy Shield) stands in a face-up gambit's ``ongoing`` effects and is read
where an attack on its owner lands (gambits.shield); it is never run.

This module registers itself with the interpreter's tables; the engine package imports
it, so every user of the engine has the halves.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.star_realms.engine import gambits, missions
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.cards import CLASSIC_FACTIONS
from game.star_realms.engine.effects import answers, ask, runs
from game.star_realms.engine.plays import fire_play_triggers
from game.star_realms.engine.state import Decision, State


@runs("choose_faction")
def _choose_faction(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    if state.card(source).id != state.cards[source].id:
        return  # a Stealth Needle copying a Merc Cruiser has the faction it took: not asked
    factions = CLASSIC_FACTIONS
    ask(state, Decision(seat, source, "option", "faction", tuple(range(len(factions))),
                        False, ("choose_faction", {"factions": factions}), ctx))


@answers("choose_faction")
def _choose_faction_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    faction = params["factions"][value]
    ship = d.source
    state.copy_of[ship] = replace(state.cards[ship], factions=(faction,))
    s = state.seats[d.seat]
    s.played_factions[faction] = s.played_factions.get(faction, 0) + 1
    if s.tally is not None and s.tally.ships:  # (United: Missions) counted unaligned as
        s.tally.ships.pop()                   # it was played a moment ago: count it again
        missions.note_play(state, d.seat, ship)
    update_latches(state, d.seat)
    # "whenever you play a <faction> ship" (Command Center): it was played as that faction
    fire_play_triggers(state, d.seat, ship, "ship", (faction,), named_only=True)


@runs("draw_gambit")
def _draw_gambit(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    for _ in range(params):
        gambits.take_from_box(state, seat)
