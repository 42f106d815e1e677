"""Refresh step 4: each seat, from the first player clockwise, moves a warp storm by the
icon of an event card it drew (RB p.6).

«он двигает один варп-шторм … следуя указаниям иконки движения варп-шторма на выбранной
карте»; «выбирает варп-шторм, который ещё не двигался в эту фазу»; «Игроки не могут
двигать маркер варп-шторма в другой варп-шторм»; «игрок всегда должен выбрать тот
результат, при котором произойдёт движение варп-шторма, если это возможно»; «если игрок не
тянул ни одной карты события … вскрывает верхнюю карту своей колоды событий и двигает
варп-шторм … Затем, карта события замешивается обратно в колоду, без разыгрывания её
свойства».

«Затем он может сыграть свойство карты события»: the chosen card's owner may resolve it
(a Tactic) or keep it face up (a Scheme, uses.py); first, a rival's Prayer to the Dark
Gods may answer the storm's move.  The seat's other drawn cards (and a played Tactic) are
then shuffled back into its deck.
"""

from __future__ import annotations

from game.forbidden_stars.engine import flow, plays, uses
from game.forbidden_stars.engine.board import storm_moves
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.events import StormMoved
from game.forbidden_stars.engine.state import STORMS, Action, State


def _cards(state: State, seat: int) -> list[str]:
    p = state.players[seat]
    return sorted(set(p.drawn)) if p.drawn else p.event_deck[-1:]


def choices(state: State) -> list[Action]:
    seat = state.turn
    out: list[Action] = []
    for card in _cards(state, seat):
        icon = state.rules.storm_icons[state.rules.events[card].storm]
        for i, storm in enumerate(state.storms):
            if i in state.storms_moved:
                continue
            steps = icon.moves_h if storm[0] == "h" else icon.moves_v
            for to in storm_moves(state.topology, storm, steps):
                if to not in state.storms:
                    out.append(Action("storm", seat, card, str(i), ",".join(map(str, to))))
    if not out:  # no storm can move: the card is still shown and shuffled back
        out = [Action("storm", seat, card) for card in _cards(state, seat)]
    return out


def move_storm(state: State, a: Action) -> None:
    p = state.players[a.seat]
    index, old = -1, ("", 0, 0)
    if a.target:
        index = int(a.target)
        old = state.storms[index]
        orient, r, c = a.source.split(",")
        state.storms[index] = (orient, int(r), int(c))
        state.storms_moved.append(index)
    state.events.append(StormMoved(a.seat, a.card, index, a.source))
    then: list[tuple[int, Effect]] = []
    if index >= 0:  # «When another player moves a storm» (Prayer to the Dark Gods)
        for k in range(1, state.n):
            other = (a.seat + k) % state.n
            then.extend((other, uses.gate(uses.SCHEME, card, "storm_moved"))
                        for card in uses.schemes_at(state, other, "storm_moved"))
    if p.drawn:  # a card drawn this refresh, not one shown from the deck
        then.append((a.seat, uses.gate(uses.EVENT, a.card, "now")))
    plays.start(state, a.seat, then, "storm_next", storm=index, old=list(old))


@plays.resumes("storm_next")
def _next_seat(state: State) -> None:
    p = state.players[state.turn]
    p.event_deck.extend(p.drawn)
    p.drawn = []
    state.rng.shuffle(p.event_deck)
    state.step = STORMS
    seat = (state.turn + 1) % state.n
    if seat == state.first:
        flow.end_round(state)
    else:
        state.turn = seat
