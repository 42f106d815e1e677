"""Taking back an action: the game before it is the log minus that action, replayed.

The undo floor: a seat may take back its own actions within its current turn, one at a
time, but never one that revealed something and never one after which another seat
acted or a new turn began — so undo can never be used to peek.  What revealed something
is read from the action's events (a die roll, a new hand, a chapter's deal, the game's
end, a rival's hand looked at or a card swapped with it, cards drawn from the discard)
and, as a backstop for effects that name no such event, from the two states: a
face-down pile (the court deck, the action deck, the action discard) or a hand the
acting seat cannot see lost a card — a court card dealt into the row, a card drawn — or
the random generator moved.  Replaying is exact because the game is deterministic from
its seed.
"""

from __future__ import annotations

from game.arcs.engine.rules import acting_seat
from game.arcs.engine.setup import replay
from game.arcs.engine.state import DRAFT, FOLLOW, LEAD, OVER, REDRAW, State

# Events whose action showed what nobody knew before (events.py tags).
REVEALING_EVENTS = {"rolled": "dice", "redrew": "a new hand", "chapter_end": "a new deal",
                    "game_over": "the end of the game", "looked": "a rival's hand",
                    "swapped": "a card from a rival's hand",
                    "drew": "cards from the face-down discard"}
# A step that starts a new turn (or a new seat's choice): the turn before is over.
NEW_TURN = (LEAD, FOLLOW, DRAFT, REDRAW, OVER)


class UndoRefused(ValueError):
    """The last action may not be taken back; ``str()`` says why."""


def revealed(before: State, after: State) -> str:
    """What the action between the two states revealed ("" when nothing)."""
    for event in after.events:
        if event.tag in REVEALING_EVENTS:
            return REVEALING_EVENTS[event.tag]
    if len(after.court_deck) < len(before.court_deck):
        return "a court card"
    if len(after.action_deck) < len(before.action_deck):
        return "an action card"
    if len(after.action_discard) < len(before.action_discard):
        return "a card from the face-down discard"
    seat = after.log[-1].seat if after.log else -1
    if any(len(a.hand) < len(b.hand) for a, b in zip(after.players, before.players, strict=True)
           if a.index != seat):
        return "a card from a hidden hand"
    if after.rng.state != before.rng.state:
        return "chance"
    return ""


def turn_ended(after: State, seat: int) -> bool:
    """Whether the action ``seat`` just took ended its turn (another seat chooses now,
    a new turn or round began, or the game ended)."""
    return after.step in NEW_TURN or acting_seat(after) != seat


def refusal(before: State, after: State, seat: int) -> str:
    """Why ``seat`` may not take back the action that led from ``before`` to ``after``
    ("" when it may)."""
    if not after.log:
        return "nothing to undo"
    last = after.log[-1]
    if last.seat != seat:
        return "another seat acted"
    if turn_ended(after, seat):
        return "the turn has passed"
    why = revealed(before, after)
    return f"it revealed {why}" if why else ""


def previous(state: State) -> State:
    """The game before its last action (the log minus that action, replayed)."""
    assert state.rules is not None and state.log
    return replay(state.rules, state.config, state.log[:-1])


def undo(state: State, seat: int, before: State | None = None) -> State:
    """The game before ``seat``'s last action; :class:`UndoRefused` past the floor.
    ``before`` may be given when the caller already holds :func:`previous`."""
    if not state.log:
        raise UndoRefused("nothing to undo")
    before = previous(state) if before is None else before
    why = refusal(before, state, seat)
    if why:
        raise UndoRefused(why)
    return before
