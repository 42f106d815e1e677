"""Run and answer halves of the card operations the Crisis packs brought.

``return_base`` (Mega Mech, Crisis: Bases & Battleships): "You may return target base
from play to its owner's hand."  The base is targeted as a base to destroy is (an
outpost first), and leaves play: its per-turn marks are forgotten, like any card that
leaves play.

``allies_of`` (the Crisis heroes' scrap abilities): "Until end of turn, you may use all
of your <faction> ally abilities."  The faction is noted on the seat for the rest of the
turn (``Seat.allies_of``, cleared when the turn ends) and the ally abilities of that
faction trigger at once — on the cards in play now and on those played later this turn
(:func:`~game.star_realms.engine.allies.update_latches` reads the note), double ally
abilities too.  Nothing is asked: the op has no answer half.

This module registers itself with the interpreter's tables; the engine package imports
it, so every user of the engine has the halves.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine import zones
from game.star_realms.engine.allies import update_latches
from game.star_realms.engine.effects import answers, ask, runs
from game.star_realms.engine.state import Decision, State
from game.star_realms.engine.targets import base_targets


@runs("return_base")
def _return_base(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    cands = base_targets(state, seat)
    if not cands:
        return
    ask(state, Decision(seat, source, "card", "return_base", tuple(cands), params["optional"],
                        ("return_base", params), ctx))


@answers("return_base")
def _return_base_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    zones.return_base_to_hand(state, value)


@runs("allies_of")
def _allies_of(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    allies = state.seats[seat].allies_of
    if params not in allies:
        allies.append(params)
    update_latches(state, seat)
