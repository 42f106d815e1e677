"""Exact undo within a turn, by replaying the log without its last action.

Undo is offered only back to the last point where something hidden was revealed (a
draw, a reshuffle, a random event), the turn changed, or the game ended: taking back a
move must never let a player peek.  Because games are deterministic, replaying the log
minus one action reproduces the earlier state exactly.
"""

from __future__ import annotations

from game.star_realms.engine.setup import replay
from game.star_realms.engine.state import State


def can_undo(state: State) -> bool:
    return state.winners is None and state.log_len > state.undo_floor


def undo(state: State) -> State:
    """The state before the last action (raises ValueError when undo is not allowed)."""
    if not can_undo(state):
        raise ValueError("nothing to undo since the last reveal or turn change")
    return replay(state.db, state.config, state.actions()[:-1])
