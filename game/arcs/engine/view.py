"""What one seat may see: :func:`player_view` hides what the rulebook keeps secret.

Hidden cards read ``HIDDEN``: the other seats' hands (their sizes stay), cards played
face down by others («Скопировать. Разыграйте любую карту действия лицевой стороной
вниз»; a seizing card «лицевой стороной вниз»), the action deck and the face-down action
discard («стопку сброса действий, лежащую на поле лицевой стороной вниз»), the court
deck.  A Farseers holder sees the hand it looks at until it has chosen its swap.  The
generator, the seed and the action log are replaced: replaying them would deal the real
game.
"""

from __future__ import annotations

from dataclasses import replace

from game.arcs.engine.events import PRIVATE, Played, Seized
from game.arcs.engine.rng import Rng
from game.arcs.engine.state import HIDDEN, State


def player_view(state: State, seat: int) -> State:
    view = state.clone()
    for player in view.players:
        if player.index != seat:
            player.hand = [HIDDEN] * len(player.hand)
    if state.peek is not None and state.peek[0] == seat and state.peek[1] >= 0:
        # Farseers: «look at a Rival's hand» while the swap is being chosen
        view.players[state.peek[1]].hand = list(state.players[state.peek[1]].hand)
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
        elif isinstance(e, PRIVATE):
            e = e.seen_by(seat, HIDDEN)
        events.append(e)
    view.events = events
    view.rng = Rng(0)
    view.config = replace(state.config, seed=0)
    view.log = None
    return view
