"""Crisis: Events — a card kind that is never bought: revealed into the trade row, it
resolves at once for everyone, is scrapped, and its slot refills (which may reveal
another event).

How an event resolves (rulings in docs/rules-data.md, *Crisis events*):

* :func:`zones.reveal_event` (called by :func:`zones.refill_row` when the card turned
  face up is an event) queues the event's effects for the player whose turn it is, with the
  internal step ``event_done`` below them: once the effects are done the card leaves the
  row for the scrap heap and the slot refills.  Queued on the effect stack, the event
  resolves as soon as the step that revealed it is done (a purchase, a scrap from the
  row), before anything else is asked.
* ``each_player`` runs its effects for each living player in turn, from the player
  whose turn it is, clockwise (``others``: all but that player); an adventure's boss
  is no player.  Each player answers their own questions.
* ``lose_authority``, ``discard_or_lose`` (Black Hole), ``base_or_lose`` (Bombardment),
  ``scrap_row`` (Supernova) and ``draw_put_back`` (Warp Jump) are the per-player steps
  the events print.

This module registers itself with the interpreter's tables; the engine package imports
it, so every user of the engine has the halves.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine import zones
from game.star_realms.engine.effects import DECLINES, INTERNAL, answers, ask, runs
from game.star_realms.engine.elimination import lose_authority
from game.star_realms.engine.events import Drain
from game.star_realms.engine.stack import push
from game.star_realms.engine.state import EMPTY, Decision, State


def _event_done(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    if source in state.trade_row:
        zones.scrap_from_row(state, source)  # (the refill may reveal the next event)


INTERNAL["event_done"] = _event_done


def players_from(state: State, seat: int) -> list[int]:
    """The living players, from ``seat`` clockwise (an adventure's boss is no player)."""
    n = len(state.seats)
    boss = state.boss.seat if state.boss is not None else -1
    out = []
    for k in range(n):
        s = state.seats[(seat + k) % n]
        if s.alive and s.index != boss:
            out.append(s.index)
    return out


@runs("each_player")
def _each_player(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    seats = players_from(state, seat)
    if params["others"]:
        seats = [s for s in seats if s != seat]
    for s in reversed(seats):  # (a stack: the first player's effects on top)
        push(state, s, source, params["effects"], ctx)


@runs("lose_authority")
def _lose_authority(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    lose_authority(state, seat, params, state.active, Drain)


def decline_loss(effect: Any) -> int:
    """What declining an event's question costs in authority (``effect``: the question's
    ``discard_or_lose`` or ``base_or_lose`` effect) — the rule, the table's prompt and the
    bots all read it here."""
    op, params = effect
    if op == "discard_or_lose":  # for every card still short
        return params["authority"] * (params["cards"] - params["done"])
    return params  # base_or_lose


# Black Hole: each pick discards a card; declining (or an empty hand) costs the
# authority for every card still short.  The count so far rides in the effect's params.

@runs("discard_or_lose")
def _discard_or_lose(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    if params["cards"] <= params["done"]:
        return
    hand = state.seats[seat].hand
    if not hand:
        lose_authority(state, seat, decline_loss(("discard_or_lose", params)), state.active,
                       Drain)
        return
    ask(state, Decision(seat, source, "card", "discard_or_lose", tuple(hand), True,
                        ("discard_or_lose", params), ctx))


@answers("discard_or_lose")
def _discard_or_lose_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    if value is None:  # no more discards: the loss for each card short
        lose_authority(state, d.seat, decline_loss(d.effect), state.active, Drain)
        return
    zones.discard_from_hand(state, d.seat, value)
    push(state, d.seat, d.source,
         (("discard_or_lose", {**params, "done": params["done"] + 1}),), d.ctx)


@runs("base_or_lose")
def _base_or_lose(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    bases = state.seats[seat].bases
    if not bases:
        lose_authority(state, seat, params, state.active, Drain)
        return
    ask(state, Decision(seat, source, "card", "base_or_lose", tuple(bases), True,
                        ("base_or_lose", params), ctx))


@answers("base_or_lose")
def _base_or_lose_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    if value is None:  # keeps the bases, loses the authority
        lose_authority(state, d.seat, decline_loss(d.effect), state.active, Drain)
        return
    zones.destroy_base(state, value)


DECLINES.update(("discard_or_lose", "base_or_lose"))


@runs("scrap_row")
def _scrap_row(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    """Supernova: every card in the trade row is scrapped and its slot refilled (the
    events in the row, this one too, are scrapped as they finish resolving)."""
    for iid in list(state.trade_row):  # (a refill changes only its own slot)
        if iid != EMPTY and not state.cards[iid].is_event:
            zones.scrap_from_row(state, iid)


@runs("draw_put_back")
def _draw_put_back(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    """Warp Jump: draw, then put cards drawn back on top of the deck one at a time (the
    last one put back is the next drawn: "in any order")."""
    hand = state.seats[seat].hand
    before = len(hand)
    zones.draw(state, seat, params["draw"])
    drawn = tuple(hand[before:])
    _ask_put_back(state, seat, source, {**params, "drawn": drawn}, ctx)


def _ask_put_back(state: State, seat: int, source: int, params: Any, ctx: Any) -> None:
    hand = state.seats[seat].hand
    cands = tuple(c for c in params["drawn"] if c in hand)
    if params["back"] <= 0 or not cands:
        return
    ask(state, Decision(seat, source, "card", "put_back", cands, False,
                        ("draw_put_back", params), ctx))


@answers("draw_put_back")
def _draw_put_back_answer(state: State, d: Decision, value: Any, params: Any) -> None:
    zones.hand_to_deck_top(state, d.seat, value)
    _ask_put_back(state, d.seat, d.source, {**params, "back": params["back"] - 1}, d.ctx)
