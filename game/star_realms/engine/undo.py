"""Exact undo within a turn, by replaying the log without its last action.

Undo is offered only back to the last point where something hidden was revealed, the
turn changed, or the game ended: taking back a move must never let a player peek.  A
reveal is any action that drew from the game's random generator (a shuffle, a random
tie-break, a die) or took a card out of a face-down part (a draw, a trade-row refill
after a buy or a scrap, a boss deck's next card turning face up, a card from a hand the
acting seat does not see): :func:`~game.star_realms.engine.rules.apply` compares a mark
taken before the action (:func:`~game.star_realms.engine.zones.reveal_mark`) and raises
``state.undo_floor``; so does any action after which another turn began (an ``end_turn``,
an adventure boss's last step, an event that ended the turn).  Because games are
deterministic, replaying the log minus one action reproduces the earlier state exactly.
"""

from __future__ import annotations

from game.star_realms.engine.setup import replay
from game.star_realms.engine.state import Action, State


def last_action(state: State) -> Action | None:
    """The action undo would take back (None before the first)."""
    return state.log[0] if state.log is not None else None


def can_undo(state: State) -> bool:
    return state.winners is None and state.log_len > state.undo_floor


def undo(state: State) -> State:
    """The state before the last action (raises ValueError when undo is not allowed)."""
    if not can_undo(state):
        raise ValueError("nothing to undo since the last reveal or turn change")
    assert state.db is not None  # setup and the loaders set it
    return replay(state.db, state.config, state.actions()[:-1])
