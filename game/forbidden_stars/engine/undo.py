"""Taking back an action: the game before it is the log minus that action, replayed.

The undo floor: a seat may take back its own actions within its current turn, one at a
time, but never one that revealed something and never one after which another seat
acted or a new turn began — so undo can never be used to peek.  What revealed something
is read from the action's events (dice rolled, an order token or a combat card turned
face up, an event card drawn for a storm, the end of a round or of the game) and, as a
backstop for effects that name no such event, from the two states (Star Realms' and
Arcs' approach): an order token left its stack face down (revealing one's own order
shows it to every rival), the random generator moved, or anything the acting seat
cannot see changed — a face-down deck (combat cards, events), a rival's order tokens in hand or
face down on a stack, a rival's event cards drawn, a rival's combat hand or face-down
card, the options of a rival's pending choice.  Replaying is exact because the game is
deterministic from its seed.
"""

from __future__ import annotations

from typing import Any

from game.forbidden_stars.engine.rules import acting_seat
from game.forbidden_stars.engine.setup import replay
from game.forbidden_stars.engine.state import OPERATIONS, OVER, PLANNING, STORMS, State

# Events whose action showed what nobody (or not every seat) knew before (events.py tags).
REVEALING_EVENTS = {"dice": "dice", "revealed": "an order token",
                    "revealed_card": "a combat card", "storm": "an event card",
                    "round_end": "a new round", "game_over": "the end of the game"}
# A step that starts a new turn (another placement, another operation, a storm to move):
# an action that leads to one ended its seat's turn, even when the same seat goes on.
NEW_TURN = (PLANNING, OPERATIONS, STORMS, OVER)


class UndoRefused(ValueError):
    """The last action may not be taken back; ``str()`` says why."""


def hidden_from(state: State, seat: int) -> dict[str, Any]:
    """What ``seat`` cannot see, part by part (player_view hides exactly these)."""
    parts: dict[str, Any] = {"chance": state.rng.state}
    for p in state.players:
        parts[f"decks {p.seat}"] = (tuple(p.combat_deck), tuple(p.event_deck))
        if p.seat != seat:
            parts[f"orders {p.seat}"] = tuple(sorted(p.orders.items()))
            parts[f"drawn {p.seat}"] = tuple(p.drawn)
    parts["stacks"] = tuple(sorted((system, tuple(o for owner, o in stack if owner != seat))
                                   for system, stack in state.stacks.items()))
    c = state.combat
    if c is not None:
        me = c.sides.get(seat)
        peek = me is not None and me.peek
        parts["combat"] = tuple((s.seat, tuple(s.hand), "" if peek else s.chosen)
                                for s in c.sides.values() if s.seat != seat)
        if c.pending is not None and c.pending.chooser != seat:
            parts["combat choice"] = tuple(c.pending.options)
    if state.play is not None and state.play.pending is not None and \
            state.play.pending.chooser != seat:
        parts["choice"] = tuple(state.play.pending.options)
    return parts


def _face_down(state: State) -> int:
    return sum(len(stack) for stack in state.stacks.values())


_PART_WORDS = {"chance": "chance", "decks": "a card from a face-down deck",
               "orders": "a rival's order tokens", "drawn": "a rival's event cards",
               "stacks": "a face-down order token", "combat": "a rival's combat cards",
               "combat choice": "a rival's options", "choice": "a rival's options"}


def revealed(before: State, after: State, seat: int | None = None) -> str:
    """What the action between the two states revealed ("" when nothing).  ``seat`` is
    who acted (by default the last action's seat)."""
    for event in after.events:
        if event.tag in REVEALING_EVENTS:
            return REVEALING_EVENTS[event.tag]
    if _face_down(after) < _face_down(before):
        return "an order token"  # turned face up (one's own too: the rivals saw it)
    if seat is None:
        seat = after.log[-1].seat if after.log else -1
    was, now = hidden_from(before, seat), hidden_from(after, seat)
    for key in sorted(set(was) | set(now)):
        if was.get(key) != now.get(key):
            word = key.rsplit(" ", 1)[0] if key[-1].isdigit() else key
            return _PART_WORDS.get(word, word)
    return ""


def turn_ended(after: State, seat: int) -> bool:
    """Whether the action ``seat`` just took ended its turn (another seat chooses now,
    a new placement, operation or storm move is due, or the game ended)."""
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
    why = revealed(before, after, seat)
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
