"""Arcs test builders shared by the engine tests."""

from __future__ import annotations

from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import ACT, Action, GameConfig, State

RULES = load_arcs_rules()


def homelands(lead: str = "aggression_2"):
    """3 players on «Homelands»: seat 0 has its city on 2.3 (Relic), seat 1 on 1.3
    (Material), seat 2 on 1.1 (Weapon).  Seat 0 leads ``lead`` and is spending it."""
    state = new_game(RULES, GameConfig(3, 7, "homelands_3p"))
    state.players[0].hand = [lead]
    apply(state, Action("lead", 0, card=lead))
    if state.step != ACT:
        apply(state, Action("proceed", 0))
    return state


def of(state, kind: str) -> list[Action]:
    """The legal actions of one kind."""
    return [a for a in legal_actions(state) if a.kind == kind]


def place_waiting(state: State) -> None:
    """Resources taken or gained wait for their seat to place them (engine slots.py):
    put each in the first slot offered (or drop it when there is no room)."""
    from game.arcs.engine.rules import apply as _apply
    from game.arcs.engine.rules import legal_actions as _legal
    while state.incoming:
        legal = _legal(state)
        places = [a for a in legal if a.kind == "place"]
        _apply(state, places[0] if places else next(a for a in legal if a.kind == "discard"))
