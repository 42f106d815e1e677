"""What one seat may see: :func:`player_view` hides what the rulebook keeps secret.

Hidden cards read ``HIDDEN``: the other seats' hands (their sizes stay), cards played
face down by others («Скопировать. Разыграйте любую карту действия лицевой стороной
вниз»; a seizing card «лицевой стороной вниз»), the action deck and the face-down action
discard («стопку сброса действий, лежащую на поле лицевой стороной вниз»), the court
deck.  The generator, the seed and the action log are replaced: replaying them would
deal the real game.
"""

from __future__ import annotations

from dataclasses import replace

from game.arcs.engine.events import Played, Seized
from game.arcs.engine.rng import Rng
from game.arcs.engine.state import HIDDEN, State


def player_view(state: State, seat: int) -> State:
    view = state.clone()
    for player in view.players:
        if player.index != seat:
            player.hand = [HIDDEN] * len(player.hand)
    view.plays = [(s, c if mode != "copy" or s == seat else HIDDEN, mode)
                  for s, c, mode in state.plays]
    view.seize_cards = [(s, c if s == seat else HIDDEN) for s, c in state.seize_cards]
    view.action_deck = [HIDDEN] * len(state.action_deck)
    view.action_discard = [HIDDEN] * len(state.action_discard)
    view.court_deck = [HIDDEN] * len(state.court_deck)
    events = []
    for e in state.events:
        face_down = ((isinstance(e, Played) and e.mode == "copy")
                     or (isinstance(e, Seized) and bool(e.card)))
        if face_down and e.seat != seat:
            e = replace(e, card=HIDDEN)
        events.append(e)
    view.events = events
    view.rng = Rng(0)
    view.config = replace(state.config, seed=0)
    view.log = None
    return view
