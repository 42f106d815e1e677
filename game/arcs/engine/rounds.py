"""A round's end (RU p.11): who holds the initiative next, the played cards to the
action discard, then a new round or the chapter's end.  Out of rules.py, the reducer,
which calls :func:`end_round` when the last seat of a round ends its turn."""

from __future__ import annotations

from game.arcs.engine.events import ReturnedToHand, RoundEnd
from game.arcs.engine.scoring import end_chapter
from game.arcs.engine.state import LEAD, NOBODY, State


def end_round(state: State) -> None:
    """«Если в этом раунде никто не перехватывал инициативу, передайте её маркер игроку,
    который перебил картой с наибольшим номером. Если никто не перебивал, инициатива
    остаётся у текущего владельца. Если кто-то из игроков перехватывал инициативу в этом
    раунде, он оставляет инициативу у себя.» Then every played card goes face down to
    the action discard; «Если у игроков остались карты действий в руке, начните новый
    раунд. В противном случае завершите главу.» (RU p.11)"""
    if state.seized_by != NOBODY:
        state.initiative = state.seized_by
    else:
        surpassed = [(state.card(c).number, s) for s, c, mode in state.plays
                     if mode == "surpass"]
        if surpassed:
            state.initiative = max(surpassed)[1]
    # «Когда раунд закончится, возьмите ту карту в руку, а эту сбросьте.» (RU p.20)
    back = {c: seat for seat, _, c in state.attached}
    for seat, guild, c in state.attached:
        state.players[seat].hand.append(c)
        state.court_discard.append(guild)
        state.events.append(ReturnedToHand(seat, c))
    state.attached = []
    state.action_discard.extend(c for _, c, _ in state.plays if c not in back)
    state.action_discard.extend(c for _, c in state.seize_cards)
    state.plays = []
    state.seize_cards = []
    state.lead = ""
    state.lead_number = 0
    state.seized_by = NOBODY
    state.events.append(RoundEnd(state.initiative))
    if not state.seats_with_cards():
        end_chapter(state)
        return
    state.step = LEAD
    state.turn = state.initiative
