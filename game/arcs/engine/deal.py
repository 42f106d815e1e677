"""Dealing the action cards (setup, and step 4 of every chapter end).

«Р. Каждый игрок берёт 6 карт действий из колоды в руку. Только в партии на двоих.
Игрок без жетона инициативы может сбросить все 6 карт действий из руки и взять 6 новых.
С. Сбросьте все не взятые карты действий в стопку сброса действий, лежащую на поле
лицевой стороной вниз, затем перемешайте эту стопку.» (RU p.5)

«Перемешайте все карты действий. Каждый игрок берёт в руку 6 карт действий. …
В партии на двоих после получения карт игрок без инициативы может сбросить все 6 карт
действий из руки, чтобы взять 6 новых.» (RU p.19)
"""

from __future__ import annotations

from game.arcs.engine.state import LEAD, REDRAW, State

HAND_SIZE = 6


def deal(state: State, cards: list[str]) -> None:
    """Shuffle ``cards`` (every action card of this player count), deal 6 to each seat
    from the initiative holder clockwise; in 2 players wait for the redraw choice."""
    state.action_discard = []
    state.action_deck = list(cards)
    state.rng.shuffle(state.action_deck)
    for i in range(state.n):
        seat = (state.initiative + i) % state.n
        player = state.players[seat]
        player.hand = [state.action_deck.pop() for _ in range(HAND_SIZE)]
    if state.n == 2:
        state.step = REDRAW
        state.turn = (state.initiative + 1) % 2
    else:
        finish_deal(state)


def redraw(state: State, seat: int) -> None:
    """The 2-player redraw: the 6 cards go to the discard, 6 new come from the deck."""
    player = state.players[seat]
    state.action_discard.extend(player.hand)
    player.hand = [state.action_deck.pop() for _ in range(HAND_SIZE)]


def finish_deal(state: State) -> None:
    """The undealt cards join the face-down discard, which is shuffled; the initiative
    holder leads («Владелец инициативы начинает следующую главу!»)."""
    state.action_discard.extend(state.action_deck)
    state.action_deck = []
    state.rng.shuffle(state.action_discard)
    state.step = LEAD
    state.turn = state.initiative
