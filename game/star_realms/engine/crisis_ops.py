"""Run and answer halves of the card operations the Crisis packs brought.

``return_base`` (Mega Mech, Crisis: Bases & Battleships): "You may return target base
from play to its owner's hand."  The base is targeted as a base to destroy is (an
outpost first), and leaves play: its per-turn marks are forgotten, like any card that
leaves play.  This module registers itself with the interpreter's tables; the engine
package imports it, so every user of the engine has the halves.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine import zones
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
