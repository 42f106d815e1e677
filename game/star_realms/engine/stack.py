"""The effect stack's one low-level operation: queue effects to run.

Kept apart from :mod:`game.star_realms.engine.effects` (which runs them) so that the
modules effects builds on (elimination) can queue effects without importing it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.star_realms.engine.cards import Effects
    from game.star_realms.engine.state import State


def push(state: State, seat: int, source: int, effects: Effects, ctx: Any = None) -> None:
    if effects:
        state.stack.append((seat, source, effects, 0, ctx))
